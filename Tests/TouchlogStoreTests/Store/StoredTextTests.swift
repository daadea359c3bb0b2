import Testing

@testable import TouchlogStore

/// Workers' results are kept compressed: what goes in comes out byte for byte, and a damaged value reads as no
/// result (the report then analyses the session itself) rather than as wrong findings or a crash.
@Suite struct StoredTextTests {
    /// A result's shape: the same class names and identifiers again and again, and text beyond ASCII.
    static let result: String = {
        let view = #"{"class":"UIButton","id":"0x7f8a1c00","frame":[16,120.5,343,44],"label":"Pay – 12 €"}"#
        return #"{"findings":[],"screens":[["# + Array(repeating: view, count: 300).joined(separator: ",") + "]]}"
    }()

    @Test func whatIsPackedUnpacksUnchangedAndSmaller() throws {
        for text in ["", "{}", Self.result, String(repeating: "é🙂", count: 10_000)] {
            let packed = StoredText.pack(text)
            #expect(StoredText.unpack(packed) == text)
        }
        #expect(StoredText.pack(Self.result).count * 10 < Self.result.utf8.count)
    }

    @Test func aDamagedValueIsNoResult() {
        var packed = StoredText.pack(Self.result)
        #expect(StoredText.unpack(Array(packed.prefix(3))) == nil)  // shorter than its length
        #expect(StoredText.unpack(Array(packed.dropLast(5))) == nil)  // the stream cut
        packed[0] ^= 0x01  // the length no longer the text's
        #expect(StoredText.unpack(packed) == nil)
        packed[0] ^= 0x01
        packed[3] = 0xFF  // an absurd length
        #expect(StoredText.unpack(packed) == nil)
        #expect(StoredText.unpack(Array("plain text, never compressed".utf8)) == nil)
    }
}
