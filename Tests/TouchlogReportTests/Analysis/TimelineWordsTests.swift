import ResponderCore
import Testing
import TouchlogFormat

@testable import TouchlogReplay
@testable import TouchlogReport

/// Every timeline describes a record through ``RecordDescriber``: the report's timeline (beside a finding's picture),
/// `touchlog replay`'s timeline and `--compare-policy` say the same words for the same record, each adding only what
/// it knows beyond the recording (where the model put a touch, who received a key), and the trace copies the record's
/// own fields as the format's encoder writes them.
@Suite struct TimelineWordsTests {
    /// The form of the rules' examples, then one input record of each kind.
    static let session =
        ExampleSessions.form
            + #"""
            {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":120.5,"window":"w","event":1,"view":"name","tapCount":2}
            {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":120.5,"window":"w","event":1}
            {"type":"touch","t":1.2,"touch":2,"phase":"began","x":50,"y":720,"window":"w","event":2,"view":"save"}
            {"type":"touch","t":1.3,"touch":2,"phase":"ended","x":50,"y":720,"window":"w","event":2}
            {"type":"key","t":1.5,"length":3}
            {"type":"set","t":2,"view":"name","isHidden":true,"alpha":0.5}
            {"type":"call","t":2.1,"view":"name","method":"resignFirstResponder"}
            {"type":"insert","t":2.2,"parent":"root","view":{"id":"banner","class":"UIView","frame":[0,0,390,40]}}
            {"type":"remove","t":2.3,"view":"banner"}
            {"type":"action","t":2.4,"action":"save:","target":null,"sender":"save"}
            {"type":"time","t":3}

            """#

    /// Per record: the words every timeline says, then what the report's timeline (the recording alone), the replay
    /// timeline (the model, views named as every output names them: ``ViewName``) and `--compare-policy` (the model, ids)
    /// add to them.
    static let expected: [Int: (words: String, report: String, replay: String, policy: String)] = [
        2: ("snapshot, 1 window", "", "", ""),
        3: (
            "touch 1 began at (100, 120.5)", " on name, tap 2",
            #" hit UITextField "Name" #form.name (name), tap 2"#, " hit name, tap 2"
        ),
        4: ("touch 1 ended at (100, 120.5)", "", "", ""),
        5: ("touch 2 began at (50, 720)", " on save", #" hit UIButton "Save" (save)"#, " hit save"),
        6: ("touch 2 ended at (50, 720)", "", #" on UIButton "Save" (save)"#, " on save"),
        7: ("key (3 characters)", "", #" to UITextField "Name" #form.name (name)"#, " to name"),
        8: ("set name isHidden = true, alpha = 0.5", "", "", ""),
        9: ("call resignFirstResponder on name", "", "", ""),
        10: ("insert banner into root", "", "", ""),
        11: ("remove banner", "", "", ""),
        12: ("sendAction save: to nil (responder chain)", "", "", ""),
        13: ("time passes", "", "", ""),
    ]

    @Test func everyTimelineSaysTheSameWordsForARecord() throws {
        let session = try ReportSession(jsonLines: Self.session)

        let report = try Timeline.around(Array(Self.expected.keys), in: session.records, radius: 0)
        #expect(report.map(\.seq) == Self.expected.keys.sorted())
        for entry in report {
            let expected = try #require(Self.expected[entry.seq])
            #expect(entry.text == expected.words + expected.report, "report timeline, record \(entry.seq)")
        }

        var text = ""
        try ReplayWriter.replay(
            [ReplaySessionInput(session: "example", records: session.records, isLong: false)],
            options: ReplayOptions(), format: .text, workers: 1, write: { text += $0 }, finished: { _, _ in })
        // A record's line: `t=1.000  line 3  ` and its words.
        var replayed: [Int: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("t=") {
            let parts = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true)
            let seq = try #require(Int(parts[2]))
            replayed[seq] = String(line.dropFirst(line.distance(from: line.startIndex, to: parts[3].startIndex)))
        }
        #expect(replayed.keys.sorted() == Self.expected.keys.sorted(), "\(text)")
        for (seq, line) in replayed {
            let expected = try #require(Self.expected[seq])
            #expect(line == expected.words + expected.replay, "replay timeline, record \(seq):\n\(text)")
        }

        let lines = try SessionReplay.lines(session.records, session: "example").lines
        #expect(lines.map(\.seq) == Self.expected.keys.sorted())
        for line in lines {
            let expected = try #require(Self.expected[line.seq])
            #expect(
                PolicyComparison.describe(line) == expected.words + expected.policy,
                "compare-policy, record \(line.seq)")
        }
    }

    /// One record of each kind the trace copies whole: its own fields are exactly those the format's one encoder
    /// writes, minus `type` and `t` (which every trace line writes itself).
    static let wholeRecords: [Record] = [
        .set(SetRecord(t: 1, view: "f", patch: ViewProperties(frame: Rect(0, 0, 10, 20), isHidden: true, alpha: 0.5))),
        .remove(RemoveRecord(t: 1, view: "f")),
        .call(CallRecord(t: 1, responder: "w", method: .endEditing, force: true)),
        .call(CallRecord(t: 1, responder: "f", method: .becomeFirstResponder)),
        .action(ActionRecord(t: 1, action: "save:", target: nil, sender: "b")),
        .action(ActionRecord(t: 1, action: "save:", target: "vc")),
        .firstResponder(FirstResponderRecord(t: 1, view: "f", window: "w")),
        .firstResponder(FirstResponderRecord(t: 1, view: nil)),
        .keyboard(KeyboardRecord(t: 1, phase: .willHide, frame: Rect(0, 500, 390, 344))),
        .sent(SentRecord(t: 1, action: "save:", target: .object("vc"), sender: .nobody)),
        .sent(SentRecord(t: 1, action: "save:", target: .nobody)),
        .targetForAction(TargetForActionRecord(t: 1, responder: "f", action: "copy:", sender: "m", target: nil)),
        .keyWindow(KeyWindowRecord(t: 1, window: nil)),
        .recognizer(RecognizerRecord(t: 1, recognizer: "g", state: .recognized)),
        .time(TimeRecord(t: 1)),
        .dropped(DroppedRecord(t: 1, moved: 2, other: 3, from: 0.5, to: 0.75)),
    ]

    @Test(arguments: wholeRecords)
    func theTraceCopiesARecordsOwnFields(record: Record) {
        let encoded = record.jsonObject.members.filter { $0.key != "type" && $0.key != "t" }
        #expect(JSONValue.object(JSONObject(RecordDescriber.fields(of: record))) == .object(JSONObject(encoded)))
    }

    /// Where the trace leaves content out, it says what the event was: a key's length (never typed text), an
    /// inserted view by its id, nothing of a snapshot's windows.
    @Test func theTraceNamesContentWithoutCopyingIt() {
        #expect(
            RecordDescriber.fields(of: .key(KeyRecord(t: 1, length: 2, text: "hi"))).map(\.key) == ["length"])
        let inserted = InsertRecord(
            t: 1, parent: nil, index: 0, view: ViewSpec(id: "banner", className: "UIView", frame: nil))
        #expect(
            JSONValue.object(JSONObject(RecordDescriber.fields(of: .insert(inserted))))
                == ["parent": nil, "index": 0, "view": "banner"])
        #expect(
            RecordDescriber.fields(of: .snapshot(SnapshotRecord(t: 0, hierarchy: HierarchySpec(windows: [])))).isEmpty)
    }
}
