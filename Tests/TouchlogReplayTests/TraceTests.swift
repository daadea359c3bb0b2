import ResponderCore
import Testing
import TouchlogFormat

@testable import TouchlogReplay

/// The trace's strings (ids, names, anything a recording holds) come back intact through the one JSON reader, and the
/// whole-string fast path of the writer is taken only when nothing needs escaping.
@Suite struct TraceWriterTests {
    @Test(arguments: ["plain", "quote\"d", "back\\slash", "tab\there", "new\nline", "ünïcødé 👍", "", "\u{01}"])
    func stringsRoundTrip(text: String) throws {
        let value: JSONValue = ["k": .string(text), "a": [.string(text), 1.5, nil, true]]
        var out = ""
        JSONWriter.write(value, into: &out)
        #expect(try JSONReader.parse(out) == value)
        let needsEscaping = text.unicodeScalars.contains { $0.value < 0x20 || $0 == "\"" || $0 == "\\" }
        #expect(out.contains("\"" + text + "\"") == !needsEscaping)
    }
}

/// The text timeline folds runs of plain key presses and keeps everything else on its own line.
@Suite struct TimelineTests {
    @Test func keysIntoTheHiddenFieldAreOneMarkedLine() throws {
        let db = try Samples.database("03-hidden-promo-field-keeps-typing")
        var writer = TimelineWriter()
        var text = ""
        let info = try db.sessions()[0]
        try SessionReplay.replay(
            db.records(of: info), session: info.key, presentation: ReplayPresentation(describeObjects: true)
        ) { text += writer.add($0) }
        text += writer.finish()
        #expect(
            text.contains(
                "lines 18-21  4 keys (4 characters) to UITextField \"Promo code\" #checkout.promoCode (promoField) (hidden!)\n"
            ))
        #expect(text.contains("set promoField isHidden = true"))
        #expect(!text.contains("line 19 "))
    }
}
