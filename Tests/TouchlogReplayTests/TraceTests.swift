import ResponderCore
import Testing
import TouchlogFormat

@testable import TouchlogReplay

/// The trace writer's fast path writes exactly what the project's JSON writer writes.
@Suite struct TraceWriterTests {
    @Test(arguments: ["plain", "quote\"d", "back\\slash", "tab\there", "new\nline", "ünïcødé 👍", "", "\u{01}"])
    func stringsMatchTheJSONWriter(text: String) {
        let value: JSONValue = ["k": .string(text), "a": [.string(text), 1.5, nil, true]]
        var fast = ""
        TraceWriter.write(value, into: &fast)
        #expect(fast == value.serialized())
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
                "lines 18-21  4 keys (4 characters) to promoField (UITextField, \"checkout.promoCode\") (hidden!)\n"))
        #expect(text.contains("set promoField isHidden=true"))
        #expect(!text.contains("line 19 "))
    }
}
