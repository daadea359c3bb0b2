import Testing

@testable import TouchlogFormat

@Suite struct JSONReaderTests {
    @Test(
        arguments: [
            (
                #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#,
                JSONValue.object(["a": 1, "b": [true, false, nil], "c": ["d": "e"]])
            ),
            (" [ 1 , 2 ]\t", [1, 2]),
            (#""""#, ""),
            ("{}", JSONValue.object([:])),
            ("[]", []),
            ("-0", JSONValue.number(-0.0)),
            ("0.5", 0.5),
            ("1e3", 1000),
            ("1E+3", 1000),
            ("25e-1", 2.5),
            ("-12.75e2", -1275),
            ("123456789012345678901234567890", 123456789012345678901234567890.0),
            ("0.1", 0.1),
            ("1e-400", 0),
        ] as [(String, JSONValue)])
    func readsValidJSON(text: String, expected: JSONValue) throws {
        #expect(try JSONReader.parse(text) == expected)
    }

    @Test func keepsMemberOrderAndDuplicates() throws {
        let value = try JSONReader.parse(#"{"z":1,"a":2,"z":3}"#)
        #expect(value.objectValue?.keys == ["z", "a", "z"])
        #expect(value["z"] == 3)
    }

    @Test(arguments: [
        (#""a\"b\\c\/d\be\ff\ng\rh\ti""#, "a\"b\\c/d\u{08}e\u{0C}f\ng\rh\ti"),
        (#""\u00e9\u0041""#, "éA"),
        (#""\uD83D\uDE00""#, "😀"),
        (#""x\uD834\uDD1Ey""#, "x𝄞y"),
        ("\"é€😀\"", "é€😀"),
    ])
    func decodesEscapes(text: String, expected: String) throws {
        #expect(try JSONReader.parse(text) == .string(expected))
    }

    @Test func numbersMatchTheStandardLibraryConversion() throws {
        let samples = [
            "0", "1", "-1", "3.14159", "2.5e-3", "1e22", "1e23", "9007199254740993", "0.30000000000000004",
            "123.456", "393.5", "851.5", "0.016667", "1304.037218", "4.9e-324", "1.7976931348623157e308",
            "12345678901234567", "0.000001", "100e-2",
        ]
        for sample in samples {
            #expect(try JSONReader.parse(sample) == .number(Double(sample)!), "\(sample)")
        }
    }

    @Test(arguments: [
        ("", 1, "the line ends where a value was expected"),
        (#"{"a":1"#, 7, "the line ends where ',' or '}' was expected"),
        (#"{"a":1,}"#, 8, "expected a member name in double quotes but found '}'"),
        (#"{"a" 1}"#, 6, "expected ':' after the member name but found '1'"),
        ("[1 2]", 4, "expected ',' or ']' in the array but found '2'"),
        ("01", 1, "numbers cannot have leading zeros"),
        ("1.", 3, "the line ends where a digit after the decimal point was expected"),
        ("1.e5", 3, "expected a digit after the decimal point but found 'e'"),
        ("1e", 3, "the line ends where a digit in the exponent was expected"),
        ("-", 2, "the line ends where a digit was expected"),
        ("+1", 1, "expected a value but found '+'"),
        ("1e999", 1, "number 1e999 is too large to represent (it overflows a 64-bit double)"),
        ("-1e999", 1, "number -1e999 is too large to represent (it overflows a 64-bit double)"),
        ("NaN", 1, "expected a value but found 'N'"),
        ("tru", 4, "the line ends where 'true' was expected"),
        ("nul!", 4, "invalid literal starting at 'n'; expected 'null'"),
        (#"{"a":1} x"#, 9, "unexpected 'x' after the end of the JSON value"),
        (#"{"a":1}{"b":2}"#, 8, "unexpected '{' after the end of the JSON value"),
        (#""abc"#, 5, "the line ends where the closing '\"' of the string was expected"),
        (#""a\qb""#, 3, "invalid escape '\\q' in a string"),
        (#""\u12G4""#, 2, "'\\u' must be followed by four hex digits, found 'G'"),
        (#""\uD800""#, 2, "lone UTF-16 surrogate \\uD800 in a string"),
        (#""\uD800\u0041""#, 2, "lone UTF-16 surrogate \\uD800 in a string"),
        (#""x\uDC00""#, 3, "lone UTF-16 surrogate \\uDC00 in a string"),
        ("\"a\u{01}b\"", 3, "unescaped control character byte 0x1 in a string"),
    ])
    func reportsErrorsWithColumns(text: String, column: Int, message: String) {
        #expect {
            _ = try JSONReader.parse(text)
        } throws: { error in
            let error = error as! JSONSyntaxError
            return error.column == column && error.message == message && !error.hint.isEmpty
        }
    }

    @Test func rejectsInvalidUTF8AtTheOffendingByte() {
        let bytes: [UInt8] = Array(#"{"a":"ok"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        let error = bytes.withUnsafeBufferPointer { buffer -> JSONSyntaxError? in
            do {
                _ = try JSONReader.parse(buffer)
                return nil
            } catch let error as JSONSyntaxError { return error } catch { return nil }
        }
        #expect(error?.message == "string is not valid UTF-8")
        #expect(error?.column == 9)
    }

    @Test func limitsNestingDepth() throws {
        let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        #expect(try JSONReader.parse(deep, depthLimit: 20) != .null)
        #expect {
            _ = try JSONReader.parse(deep, depthLimit: 19)
        } throws: { ($0 as? JSONSyntaxError)?.message == "nesting deeper than 19 levels" }
        // Read on a thread with the reader's stack: the default limit is deep enough to need more than some test
        // threads have in a debug build.
        let hostile = String(repeating: "[", count: 100_000)
        let error = syntaxErrorOnReaderThread { () throws(JSONSyntaxError) in _ = try JSONReader.parse(hostile) }
        #expect(error?.message == "nesting deeper than \(JSONReader.defaultDepthLimit) levels")
        #expect(error?.offset == JSONReader.defaultDepthLimit)
    }

    @Test func marksCutInputAsUnexpectedEnd() {
        for text in [#"{"type":"touch","t":1.5,"x":"#, #"{"a":"#, #"{"a":"b"#, "[1,", #"{"a":tr"#] {
            #expect {
                _ = try JSONReader.parse(text)
            } throws: { ($0 as? JSONSyntaxError)?.isUnexpectedEnd == true }
        }
        #expect {
            _ = try JSONReader.parse("[1}")
        } throws: { ($0 as? JSONSyntaxError)?.isUnexpectedEnd == false }
    }

    @Test func surrogatePairCutBetweenItsHalvesIsACutLine() {
        // An emoji's two escapes split by the end of the line: cut, like any other value the line ends inside.
        for text in [#"{"a":"\uD83D"#, #"{"a":"\uD83D\"#, #"{"a":"\uD83D\uDE0"#] {
            #expect {
                _ = try JSONReader.parse(text)
            } throws: { ($0 as? JSONSyntaxError)?.isUnexpectedEnd == true }
        }
        #expect {
            _ = try JSONReader.parse(#"{"a":"\uD83Dx"#)
        } throws: { ($0 as? JSONSyntaxError)?.message == "lone UTF-16 surrogate \\uD83D in a string" }
    }

    @Test func roundTripsThroughTheWriter() throws {
        let text = #"{"type":"snapshot","t":0.25,"windows":[{"id":"w","frame":[0,0,393,852],"text":"a\"\n\u0001"}]}"#
        #expect(try JSONReader.parse(text).serialized() == text)
    }

    @Test func locatesPathsForDiagnostics() {
        let line = #"{"type":"snapshot","t":0,"windows":[{"id":"w1","frame":[0,0,-1,5]}]}"#
        #expect(JSONLocator.offset(of: ["t"], in: line) == 23)
        #expect(
            JSONLocator.offset(of: ["windows", 0, "frame", 2], in: line).map { line.utf8.dropFirst($0).first }
                == UInt8(ascii: "-"))
        // A missing member points at the object that lacks it.
        #expect(JSONLocator.offset(of: ["windows", 0, "class"], in: line) == 36)
    }
}
