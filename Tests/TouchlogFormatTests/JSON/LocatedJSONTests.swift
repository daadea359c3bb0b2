import Testing

@testable import TouchlogFormat

/// The reader's options for dumps rather than recordings: values with their line and column, several values in a
/// row with payloads between them, input cut off inside an array or object, strings that are not UTF-8.
@Suite struct LocatedJSONTests {
    static let forgiving: JSONReader.Options = [.keepsCutContainers, .repairsInvalidUTF8]

    static func read(
        _ text: String, options: JSONReader.Options = forgiving, depthLimit: Int = JSONReader.defaultDepthLimit,
        after: (LocatedJSON) -> JSONReader.Continuation = { _ in .value }
    ) throws(JSONSyntaxError) -> [LocatedJSON] {
        try JSONReader.readLocatedSequence(Array(text.utf8), depthLimit: depthLimit, options: options, after: after)
    }

    /// The value as compact JSON with `!` after each container marked cut.
    static func shape(_ value: LocatedJSON) -> String {
        switch value.kind {
        case .array(let elements):
            return "[" + elements.map(shape).joined(separator: ",") + "]" + (value.cut ? "!" : "")
        case .object(let members):
            let text = members.map { JSONValue.string($0.key).serialized() + ":" + shape($0.value) }
            return "{" + text.joined(separator: ",") + "}" + (value.cut ? "!" : "")
        default:
            return value.plain.serialized()
        }
    }

    static func position(_ value: LocatedJSON?) -> String { value.map { "\($0.line):\($0.column)" } ?? "missing" }

    @Test func valuesKnowTheirLineAndColumn() throws {
        // Columns count bytes from 1, the byte order mark and the two bytes of "é" included; a carriage return is
        // whitespace, not a line break.
        let text = "\u{FEFF}{\"a\": 1,\n  \"bé\": [true,\n\t null, \"x\"],\r\n \"c\": {\"d\": -2.5}}"
        let values = try Self.read(text)
        #expect(values.count == 1)
        let root = values[0]
        #expect(Self.position(root) == "1:4")
        #expect(Self.position(root["a"]) == "1:10")
        #expect(Self.position(root["bé"]) == "2:10")
        #expect(root["bé"]?.array?.map { Self.position($0) } == ["2:11", "3:3", "3:9"])
        #expect(Self.position(root["c"]) == "4:7")
        #expect(Self.position(root["c"]?["d"]) == "4:13")
        #expect(root["c"]?["d"]?.number == -2.5)
        #expect(root.plain == (try JSONReader.parse(String(text.dropFirst()))))
    }

    @Test(arguments: [
        (#"{"a":[1,{"b":tr"#, #"{"a":[1,{}!]!}!"#),
        (#"{"a":1,"b""#, #"{"a":1}!"#),
        (#"{"a":1,"b":"#, #"{"a":1}!"#),
        (#"{"a":"tex"#, "{}!"),
        ("[1,2.5e", "[1]!"),
        ("[1,-", "[1]!"),
        (#"["\uD83D"#, "[]!"),
        (#"["\uD83D\"#, "[]!"),
        (#"{"a":1,"b":"\uD83D\"#, #"{"a":1}!"#),
        (#"["\u00"#, "[]!"),
        (#"[{"k":nul"#, "[{}!]!"),
        (#"{"a":{}"#, #"{"a":{}}!"#),
        ("[1,23", "[1,23]!"),
        ("[[[\n", "[[[]!]!]!"),
    ])
    func cutContainersKeepWhatWasRead(text: String, shape: String) throws {
        let values = try Self.read(text)
        // One value: whatever was being read when the input ran out is not read again as a value of its own.
        #expect(values.map(Self.shape) == [shape])
    }

    @Test(arguments: ["tru", #""abc"#, "-", "1.", "2e+", #""\u12"#])
    func cutValueAtTheTopIsAnError(text: String) {
        #expect {
            _ = try Self.read(text)
        } throws: { ($0 as? JSONSyntaxError)?.isUnexpectedEnd == true }
    }

    @Test func cutInputIsAnErrorWithoutTheOption() {
        #expect {
            _ = try Self.read(#"{"a":[1,"#, options: [])
        } throws: { error in
            let error = error as? JSONSyntaxError
            return error?.isUnexpectedEnd == true && error?.offset == 8
        }
    }

    @Test(arguments: [
        (#"{"a":1 "b":2}"#, "expected ',' or '}' in the object but found '\"'"),
        (#"["\q"#, #"invalid escape '\q' in a string"#),
        (#"["\uDC00"#, #"lone UTF-16 surrogate \uDC00 in a string"#),
        ("[[[", "nesting deeper than 2 levels"),
    ])
    func wrongInputIsAnErrorEvenWhenKeepingCutContainers(text: String, message: String) {
        #expect {
            _ = try Self.read(text, depthLimit: 2)
        } throws: { ($0 as? JSONSyntaxError)?.message == message }
    }

    @Test func readsValuesOneAfterAnother() throws {
        let text = "{\"a\":1}{\"b\":2} [3]\n\"x\"4 true"
        let values = try Self.read(text, options: [])
        #expect(values.map(Self.shape) == [#"{"a":1}"#, #"{"b":2}"#, "[3]", #""x""#, "4", "true"])
        #expect(values.map(Self.position) == ["1:1", "1:8", "1:16", "2:1", "2:4", "2:6"])
        #expect(try Self.read(" \n\t").isEmpty)
        // One document, as ingest reads a line, refuses the second value.
        #expect(throws: JSONSyntaxError.self) { _ = try JSONReader.parse(text) }
    }

    @Test func skipsThePayloadsValuesAnnounce() throws {
        // An envelope: a header says how long its payload is (a screenshot, not JSON), or that it fills a line.
        let text = """
            {"type":"attachment","length":5} rest of the header line
            ab
            cd
            {"n":1}
            {"type":"line"}
            not JSON {
            {"n":2}
            """
        func payload(_ value: LocatedJSON) -> JSONReader.Continuation {
            switch value["type"]?.string {
            case "attachment": .payload(byteCount: Int(value["length"]?.number ?? 0))
            case "line": .payloadLine
            default: .value
            }
        }
        let values = try Self.read(text, after: payload)
        #expect(
            values.map(Self.shape) == [
                #"{"type":"attachment","length":5}"#, #"{"n":1}"#, #"{"type":"line"}"#, #"{"n":2}"#,
            ])
        #expect(values.map(Self.position) == ["1:1", "4:1", "5:1", "7:1"])
        #expect(throws: JSONSyntaxError.self) { _ = try Self.read(text) }
        // A payload longer than what is left ends the input.
        #expect(try Self.read(#"{"type":"attachment","length":99}"# + "\nab", after: payload).count == 1)
    }

    @Test func repairsStringsThatAreNotUTF8OnlyWhenAsked() throws {
        let bytes: [UInt8] =
            Array(#"[""#.utf8) + [0x61, 0xFF, 0x62] + Array(#"",{"k\u0041"#.utf8) + [0xC3]
            + Array(#"":1}]"#.utf8)
        let values = try JSONReader.readLocatedSequence(bytes, options: .repairsInvalidUTF8)
        #expect(values.first?.plain == ["a\u{FFFD}b", ["kA\u{FFFD}": 1]])
        #expect {
            _ = try JSONReader.readLocatedSequence(bytes)
        } throws: { error in
            let error = error as? JSONSyntaxError
            return error?.message == "string is not valid UTF-8" && error?.offset == 3
        }
    }

    @Test func errorsSayWhereTheValueBegan() {
        func cause(_ text: String) -> JSONSyntaxError.Cause? {
            do {
                _ = try JSONReader.parse(text)
                return nil
            } catch { return error.cause }
        }
        #expect(cause(#"{"ab" 1}"#) == .init(problem: .unexpected(.colon), start: 1, stop: 6))
        #expect(cause(#"[1, "x\q"]"#) == .init(problem: .invalidEscape, start: 6, stop: 7))
        #expect(cause("[-x]") == .init(problem: .unexpected(.digitAfterMinus), start: 1, stop: 2))
        #expect(cause(#"[nul"#) == .init(problem: .ended(.literal("null")), start: 1, stop: 4))
        #expect(cause(#""\u12G4""#) == .init(problem: .unexpected(.hexDigits(lowHalf: false)), start: 1, stop: 5))
        #expect(cause(#""\uD800\u0041""#) == .init(problem: .loneSurrogate(low: false), start: 1, stop: 13))
        #expect(cause("[[[]]]") == nil)
    }
}
