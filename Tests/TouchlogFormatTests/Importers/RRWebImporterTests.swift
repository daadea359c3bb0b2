import Foundation
import Testing

@testable import TouchlogFormat

/// Session-replay touch streams: joining them to a hierarchy, what they warn about, their errors, and the shapes
/// detection will hand them. What each fixture imports as is in Expected/rrweb (``ImporterExpectationTests``).
@Suite struct RRWebImporterTests {
    /// One folder of Joined/: a touch stream, the hierarchy captured with it, and the hand-written outline of the pair.
    struct JoinedCase: CustomTestStringConvertible, Sendable {
        var folder: URL
        var testDescription: String { folder.lastPathComponent }
        func bytes(_ name: String) -> [UInt8] {
            (try? [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))) ?? []
        }
        var hierarchyName: String? {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.first { $0.hasPrefix("hierarchy.") }
        }
        /// The touch stream: `touches.json` (rrweb), `touches.log` (an XCTest activity log), …
        var touchesName: String? {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.first { $0.hasPrefix("touches.") }
        }
    }

    static var joinedCases: [JoinedCase] {
        let root = ImporterFixtures.directory.appendingPathComponent("Joined")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { JoinedCase(folder: root.appendingPathComponent($0)) }
    }

    func joined(_ pair: JoinedCase, warn: (ImportWarning) -> Void = { _ in }) throws -> [Record] {
        let name = try #require(pair.hierarchyName, "\(pair.testDescription) has no hierarchy.* file")
        let dump = pair.bytes(name)
        let format = try #require(ImportFormat.detect(dump), "\(name) is not detected as a dump")
        let hierarchy = try format.convert(dump, sourceName: name)
        let touchesName = try #require(pair.touchesName, "\(pair.testDescription) has no touches.* file")
        let touches = pair.bytes(touchesName)
        // Detected as ingest detects a stream given --hierarchy: what detection does not place is read as rrweb.
        let stream = try #require((ImportFormat.detect(touches) ?? .rrweb).touchStreamImporter)
        return try stream.convert(touches, sourceName: touchesName, joining: hierarchy, warn: warn)
    }

    @Test func thereAreJoinedCases() {
        #expect(Self.joinedCases.count >= 3)
    }

    @Test(arguments: joinedCases)
    func aJoinedPairImportsAsItsHandWrittenOutline(_ pair: JoinedCase) throws {
        let written = try String(contentsOf: pair.folder.appendingPathComponent("expected.txt"), encoding: .utf8)
        let actual = ImportExpectation.outline(try joined(pair))
        #expect(actual == ImportExpectation.normalised(written))
    }

    @Test func theJoinedHeaderNamesBothSourcesAndTheScale() throws {
        let pair = try #require(Self.joinedCases.first { $0.testDescription == "pixels-to-points" })
        let records = try joined(pair)
        let source = try #require(records.first?["source"])
        #expect(source["importer"] == "rrweb")
        #expect(source["hierarchySource"]?["importer"] == "sentry")
        #expect(source["hierarchySource"]?["session"]?.stringValue != nil)
        #expect(source["viewport"] == [1179, 2556])
        #expect(source["scaledToWindow"] == [393, 852])
        #expect(source["hierarchy"] == nil)
        // Another session than the stream alone: the pair is the content.
        let alone = try ImportFormat.rrweb.convert(pair.bytes("touches.json"), sourceName: "")
        #expect(records.first?["session"] != alone.first?["session"])
    }

    @Test func aHierarchyCapturedBeforeTheStreamMovesTheTouchesLater() throws {
        let pair = try #require(Self.joinedCases.first { $0.testDescription == "event-envelope-capture-time" })
        let source = try #require(try joined(pair).first?["source"])
        #expect(source["touchOffset"] == 1.5)
    }

    @Test func aHierarchyCapturedAfterTheFirstTouchStillComesFirst() throws {
        let stream = Array(
            #"[{"type":3,"timestamp":1763460601500,"data":{"source":2,"type":7,"pointerId":1,"x":1,"y":2}}]"#.utf8)
        let hierarchy: [Record] = [
            .session(
                SessionHeader(
                    session: "H",
                    members: ["type": "session", "source": ["importer": "sentry", "capturedAt": 1_763_460_700]])),
            .snapshot(SnapshotRecord(t: 0, hierarchy: HierarchySpec(windows: [], application: nil))),
        ]
        let records = try RRWebImporter.convert(stream, sourceName: "", joining: hierarchy) { _ in }
        #expect(records.map { $0["type"]?.stringValue } == ["session", "snapshot", "touch"])
        #expect(records[2]["t"] == 0)
        #expect(records[0]["source"]?["touchOffset"] == nil)
    }

    // MARK: Warnings

    func warnings(_ text: String) throws -> [ImportWarning] {
        var warnings: [ImportWarning] = []
        _ = try ImportFormat.rrweb.convert(Array(text.utf8), sourceName: "") { warnings.append($0) }
        return warnings
    }

    @Test func withoutAHierarchyTheWarningNamesTheRulesThatCannotFire() throws {
        let found = try warnings(
            """
            [{"type":3,"timestamp":1,"data":{"source":2,"type":7,"x":1,"y":2}},
             {"type":3,"timestamp":2,"data":{"source":2,"type":9,"x":1,"y":2}}]
            """)
        #expect(found.count == 1)
        let warning = try #require(found.first)
        #expect(warning.line == 1)
        #expect(warning.message.contains("its 1 touch import against an empty snapshot"))
        for rule in ["blocked_tap", "unreachable_control", "tap_failed_to_dismiss", "hidden_first_responder"] {
            #expect(warning.message.contains(rule))
        }
        #expect(warning.hint?.contains("--hierarchy") == true)
    }

    @Test func anEnvelopeWithItsHierarchyDoesNotWarn() throws {
        let bytes = ImporterFixtures.fixtures.first { $0.name == "envelope-with-hierarchy.envelope" }?.bytes ?? []
        var found: [ImportWarning] = []
        let records = try ImportFormat.rrweb.convert(bytes, sourceName: "") { found.append($0) }
        #expect(found.isEmpty)
        #expect(records.first?["source"]?["hierarchySource"]?["importer"] == "sentry")
    }

    @Test func movesBeforeAnyStartAndEndsWithoutOneAreSkippedWithAWarningAtTheirLine() throws {
        let found = try warnings(
            """
            [{"type":3,"timestamp":1,"data":{"source":6,"pointerId":3,"positions":[{"id":0,"x":1,"y":2,"timeOffset":0}]}},
            {"type":3,"timestamp":2,"data":{"source":2,"type":9,"pointerId":5,"x":1,"y":2}}]
            """)
        #expect(found.count == 3)
        #expect(found[0].line == 1 && found[0].message.contains("touch move with no touch down"))
        #expect(found[1].line == 2 && found[1].message.contains("touch end with no touch down for pointer 5"))
    }

    /// Events written one per line (JSON Lines), or one alone in a test's raw string, are a stream as an array is;
    /// objects with commas between them in code are a list of the code's, named, not read.
    @Test func eventsOnePerLineOrAloneAreAStream() throws {
        let lines = """
            {"type":4,"timestamp":1000,"data":{"width":390,"height":844}}
            {"type":3,"timestamp":1200,"data":{"source":2,"type":7,"pointerId":1,"x":10,"y":20}}
            {"type":3,"timestamp":1300,"data":{"source":2,"type":9,"pointerId":1,"x":10,"y":20}}

            """
        #expect(ImportFormat.detect(Array(lines.utf8)) == .rrweb)
        let records = try ImportFormat.rrweb.convert(Array(lines.utf8), sourceName: "")
        #expect(records.compactMap { $0["phase"]?.stringValue } == ["began", "ended"])
        let kotlin = #"        assertEquals(\n            """{"type":2,"data":{"node":{"type":0}},"timestamp":5}""",\n"#
        #expect(ImportFormat.detect(Array(kotlin.utf8)) == .rrweb)
        let list = "events = [\n  {\"type\": 3, \"timestamp\": 9, \"data\": {\"source\": 2}},\n]\n"
        #expect(ImportFormat.detect(Array(list.utf8)) == nil)
        #expect(NearMiss(Array(list.utf8))?.what.hasPrefix("session-replay events in source code") == true)
    }

    /// A replay's segments fetched together are an array of segments: one stream, a touch that starts in one
    /// segment and ends in the next is one touch.
    @Test func aListOfSegmentsIsOneStream() throws {
        let segments = """
            [
              [{"type":4,"timestamp":1000,"data":{"width":390,"height":844}},
               {"type":3,"timestamp":1200,"data":{"source":2,"type":7,"pointerId":1,"x":10,"y":20}}],
              [{"type":3,"timestamp":1300,"data":{"source":2,"type":9,"pointerId":1,"x":10,"y":20}}]
            ]
            """
        #expect(ImportFormat.detect(Array(segments.utf8)) == .rrweb)
        let records = try ImportFormat.rrweb.convert(Array(segments.utf8), sourceName: "")
        let touches = records.filter { $0["type"] == "touch" }.map {
            "\($0["touch"]!.serialized()) \($0["phase"]!.stringValue!)"
        }
        #expect(touches == ["1 began", "1 ended"])
    }

    /// Sentry Android's ongoing segment file keeps the recording as a property's value (`KEY={}[…]`), a test
    /// writes it in a string: the values after `=` are the stream, the other properties are no part of it.
    @Test func aRecordingKeptAsAPropertyValueIsRead() throws {
        let kotlin = """
                it.writeText(
                    \"\"\"
                    $SEGMENT_KEY_WIDTH=416
                    $SEGMENT_KEY_TIMESTAMP=2024-07-11T10:25:21.454Z
                    $SEGMENT_KEY_REPLAY_RECORDING={}[{"type":3,"timestamp":1000,"data":{"source":2,"type":7,"pointerId":0,"x":314,"y":625}},{"type":3,"timestamp":1777,"data":{"source":2,"type":9,"pointerId":0,"x":322,"y":424}}]
                    \"\"\".trimIndent()
                )
            """
        #expect(ImportFormat.detect(Array(kotlin.utf8)) == .rrweb)
        let records = try ImportFormat.rrweb.convert(Array(kotlin.utf8), sourceName: "")
        #expect(records.compactMap { $0["phase"]?.stringValue } == ["began", "ended"])
        #expect(records.filter { $0["type"] == "touch" }.map { $0["y"] } == [625, 424])
    }

    /// A web page's recording (a DOM snapshot, clicks on its nodes, even with a position) holds no touch of an app:
    /// refused saying what it is, at the snapshot, rather than stored as an empty session.
    @Test func aWebPagesRecordingIsRefusedSayingWhatItIs() {
        let page = """
            [{"type":4,"timestamp":1000,"data":{"href":"https://shop.example/cart","width":1280,"height":720}},
             {"type":2,"timestamp":1010,"data":{"node":{"type":0,"childNodes":[],"id":1},"initialOffset":{"left":0}}},
             {"type":3,"timestamp":1100,"data":{"source":2,"type":1,"id":17,"x":410,"y":300}},
             {"type":3,"timestamp":1180,"data":{"source":2,"type":0,"id":17,"x":410,"y":300}},
             {"type":3,"timestamp":1181,"data":{"source":2,"type":2,"id":17,"x":410,"y":300}}]
            """
        #expect {
            try ImportFormat.rrweb.convert(Array(page.utf8), sourceName: "page.json")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 2
                && error.reason.hasPrefix(
                    "this is a web page's rrweb recording (a snapshot of the page's DOM, 3 clicks or other mouse "
                        + "interactions), not a mobile replay")
        }
    }

    @Test func aTouchLeftDownIsLeftOpenWithAWarning() throws {
        let text = """
            [{"type":3,"timestamp":1000,"data":{"source":2,"type":7,"pointerId":1,"x":1,"y":2}},
            {"type":3,"timestamp":1500,"data":{"source":2,"type":7,"pointerId":2,"x":5,"y":6}}]
            """
        let found = try warnings(text)
        #expect(found.contains { $0.message.contains("2 touches still down when the stream ends") && $0.line == 2 })
        let records = try ImportFormat.rrweb.convert(Array(text.utf8), sourceName: "")
        #expect(records.compactMap { $0["phase"]?.stringValue } == ["began", "began"])
    }

    /// A stream cut short says so: at the cut event (left out, never completed by guessing), or at the last line
    /// when the array merely never closes.
    @Test func aStreamCutShortSaysSoAndLeavesTheCutEventOut() throws {
        let down = #"[{"type":3,"timestamp":1000,"data":{"source":2,"type":7,"pointerId":1,"x":1,"y":2}},"#
        let insideEvent = down + "\n" + #"{"type":3,"timestamp":1500,"data":{"source":2,"type":9,"poin"#
        let found = try warnings(insideEvent)
        #expect(found.contains { $0.message.hasPrefix("the stream is cut off, inside this event") && $0.line == 2 })
        let records = try ImportFormat.rrweb.convert(Array(insideEvent.utf8), sourceName: "")
        #expect(records.compactMap { $0["phase"]?.stringValue } == ["began"])
        let unclosed = try warnings(down + "\n")
        #expect(
            unclosed.contains { $0.message.hasPrefix("the stream is cut off before its array closes") && $0.line == 2 })
        // A whole stream says nothing of the kind.
        let whole = try warnings(String(down.dropLast()) + "]")
        #expect(!whole.contains { $0.message.contains("cut off") })
    }

    @Test func aSecondStartOfAPointerThatIsDownCancelsTheFirst() throws {
        let text = """
            [{"type":3,"timestamp":1000,"data":{"source":2,"type":7,"pointerId":1,"x":1,"y":2}},
            {"type":3,"timestamp":1500,"data":{"source":2,"type":7,"pointerId":1,"x":5,"y":6}},
            {"type":3,"timestamp":1600,"data":{"source":2,"type":9,"pointerId":1,"x":5,"y":6}}]
            """
        let records = try ImportFormat.rrweb.convert(Array(text.utf8), sourceName: "")
        let touches = records.filter { $0["type"] == "touch" }.map {
            "\($0["touch"]!.serialized()) \($0["phase"]!.stringValue!)"
        }
        #expect(touches == ["1 began", "1 cancelled", "2 began", "2 ended"])
    }

    @Test func aStreamWithoutTouchesStillImports() throws {
        let records = try ImportFormat.rrweb.convert(
            Array(#"[{"type":4,"timestamp":5,"data":{"width":10,"height":20}},{"type":99,"timestamp":6}]"#.utf8),
            sourceName: "")
        #expect(records.map { $0["type"]?.stringValue } == ["session", "snapshot"])
        #expect(records[0]["startedAt"] == "1970-01-01T00:00:00.005Z")
    }

    // MARK: Errors

    @Test(arguments: [
        (#"{"rendering_system":"UIKIT","windows":[]}"#, 1, 1, "no rrweb events"),
        ("\n  [1, {\"type\":\"3\"}]", 2, 3, "no rrweb events"),
        ("[{\"type\":3,\"timestamp\":1,\n \"data\":{\"source\":2,\"type\":7,\"y\":2}}]", 2, 9, "a touch without \"x\""),
        (
            "[{\"type\":3,\"timestamp\":1,\"data\":{\"source\":2,\"type\":7,\"x\":\"12\",\"y\":2}}]", 1, 58,
            "\"x\" is a string"
        ),
        (
            "[{\"type\":3,\"timestamp\":1,\"data\":{\"source\":6,\"pointerId\":1}}]", 1, 33,
            "without a \"positions\" array"
        ),
        ("[{\"type\":3,\"timestamp\":1,\n\"data\":{\"source\":2 \"type\":7}}]", 2, 20, "expected ',' or '}'"),
    ])
    func badInputNamesItsLineAndColumn(text: String, line: Int, column: Int, reason: String) {
        do {
            _ = try ImportFormat.rrweb.convert(Array(text.utf8), sourceName: "")
            Issue.record("imported \(text)")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.reason.contains(reason), "\(error.reason)")
            #expect(error.hint?.isEmpty == false)
        }
    }

    // MARK: Names and detection

    @Test func theFormatAnswersToItsNames() {
        for name in ["rrweb", "session-replay", "sentry-replay", "PostHog"] {
            #expect(ImportFormat(name: name) == .rrweb)
        }
    }

    static let streamShapes: [(String, JSONDocumentShape, Bool)] = [
        (
            "a recording segment",
            JSONDocumentShape(values: [.init(isArray: true, keys: ["type", "timestamp", "data"])]), true
        ),
        (
            "a PostHog $snapshot event",
            JSONDocumentShape(values: [.init(isArray: false, keys: ["event", "properties", "timestamp"])]), true
        ),
        (
            "a PostHog export",
            JSONDocumentShape(values: [.init(isArray: true, keys: ["uuid", "event", "properties", "timestamp"])]),
            true
        ),
        (
            "$snapshot_data at the top",
            JSONDocumentShape(values: [.init(isArray: false, keys: ["$snapshot_data", "$session_id"])]), true
        ),
        (
            "an envelope whose recording is compressed",
            JSONDocumentShape(values: [
                .init(isArray: false, keys: ["event_id", "sent_at", "sdk"]),
                .init(isArray: false, keys: ["type", "length"]),
                .init(isArray: false, keys: ["type", "replay_id", "segment_id", "timestamp"]),
                .init(isArray: false, keys: ["type", "length"]),
            ]), true
        ),
        (
            "a Sentry view hierarchy",
            JSONDocumentShape(values: [.init(isArray: false, keys: ["rendering_system", "windows"])]), false
        ),
        (
            "a Sentry event",
            JSONDocumentShape(values: [
                .init(isArray: false, keys: ["event_id", "timestamp", "breadcrumbs", "contexts"])
            ]),
            false
        ),
        (
            "a touchlog/1 recording",
            JSONDocumentShape(values: [
                .init(isArray: false, keys: ["type", "format", "session"]),
                .init(isArray: false, keys: ["type", "t", "windows"]),
            ]), false
        ),
        ("an array of numbers", JSONDocumentShape(values: [.init(isArray: true, keys: [])]), false),
    ]

    @Test(arguments: streamShapes)
    func claimsTouchStreamsOnly(name: String, shape: JSONDocumentShape, claimed: Bool) {
        #expect(RRWebImporter.claims(shape) == claimed, "\(name)")
    }
}
