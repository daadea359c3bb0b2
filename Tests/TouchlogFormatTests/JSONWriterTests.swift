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

    @Test func lookupReturnsTheLastDuplicateKey() {
        let object = JSONObject([.init(key: "k", value: 1), .init(key: "k", value: 2)])
        #expect(object["k"] == 2)
    }
}
