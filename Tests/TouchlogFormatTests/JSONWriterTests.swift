import Testing

@testable import TouchlogFormat

@Suite struct JSONWriterTests {
    @Test func writesMembersInOrderWithoutSpaces() {
        let value: JSONValue = ["type": "touch", "t": 1.5, "x": 10, "ok": true, "view": nil, "a": [1, "b"]]
        #expect(value.serialized() == #"{"type":"touch","t":1.5,"x":10,"ok":true,"view":null,"a":[1,"b"]}"#)
    }

    @Test func escapesControlCharactersQuotesAndBackslashes() {
        let value: JSONValue = .string("a\"b\\c\nd\u{01}é")
        #expect(value.serialized() == #""a\"b\\c\nd\u0001é""#)
    }

    /// The indented form: objects and arrays holding containers open one member a line, arrays of scalars and empty
    /// containers stay on one line, and scalars are the compact writer's.
    @Test func indentedKeepsScalarArraysAndEmptyContainersOnOneLine() {
        let value: JSONValue = [
            "version": 1, "frame": [0, 0.5, 390, 844], "findings": [["rule": "blocked_tap", "lines": [3, 4]]],
            "none": [], "empty": .object([:]), "name": "a\"b",
        ]
        #expect(
            value.serializedIndented() == """
                {
                  "version": 1,
                  "frame": [0,0.5,390,844],
                  "findings": [
                    {
                      "rule": "blocked_tap",
                      "lines": [3,4]
                    }
                  ],
                  "none": [],
                  "empty": {},
                  "name": "a\\"b"
                }

                """)
    }

    @Test func lookupReturnsTheLastDuplicateKey() {
        let object = JSONObject([.init(key: "k", value: 1), .init(key: "k", value: 2)])
        #expect(object["k"] == 2)
    }
}

/// The digit-by-digit path for short decimals must give exactly Swift's shortest round-trip description.
@Suite struct JSONNumberTests {
    @Test func shortDecimalsAreWrittenAsSwiftDescribesThem() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0.5, -0.5, 1.874, 331.5, 0.0001, 0.00012, 123456.789012, -2.25, 1e-5, 0.1 + 0.2, 1e9 + 0.5,
        ]
        for _ in 0..<20_000 {
            let scale = [1.0, 10, 100, 1000, 1e6, 1e7][Int.random(in: 0..<6, using: &generator)]
            values.append(Double(Int.random(in: -2_000_000_000...2_000_000_000, using: &generator)) / scale)
            values.append(Double.random(in: -1000...1000, using: &generator))
        }
        for value in values where value != value.rounded(.towardZero) {
            var bytes: [UInt8] = []
            JSONWriter.writeNumber(value, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "\(value)", "\(value)")
        }
    }

    @Test func integersHaveNoFraction() {
        for value in [0.0, -0.0, 7, -7, 10, 1_234_567_890_123, -999_999_999_999_999] {
            var bytes: [UInt8] = []
            JSONWriter.writeNumber(value, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(Int64(value)))
        }
    }
}
