import Testing

@testable import TouchlogFormat

/// One test case per validation rule: the lines after the standard header and snapshot, and the first error
/// as printed (line 3 is the first added line).
@Suite struct ValidationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var lines: [String]
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "missing required field",
            lines: [#"{"type":"touch","t":1,"touch":1,"x":1,"y":2}"#],
            expected: """
                test.jsonl:3:1: error: missing required member "phase" in "touch" record
                    hint: add "phase" to the "touch" record; see docs/log-format.md
                """),
        Case(
            name: "wrong type",
            lines: [#"{"type":"touch","t":1,"touch":1,"phase":"began","x":"1","y":2}"#],
            expected: """
                test.jsonl:3:53: error: "x" must be a number, not a string
                    hint: write "x" as a number
                """),
        Case(
            name: "unknown phase",
            lines: [#"{"type":"touch","t":1,"touch":1,"phase":"tapped","x":1,"y":2}"#],
            expected: """
                test.jsonl:3:41: error: "phase" is "tapped", which is not one of "began", "moved", "stationary", "ended", "cancelled"
                    hint: use one of the values listed in docs/log-format.md
                """),
        Case(
            name: "time goes back",
            lines: [Lines.touch(2), Lines.touch(1.5, phase: "ended")],
            expected: """
                test.jsonl:4:21: error: "t" goes back in time: 1.5 after 2
                    hint: records must be written in time order; "t" may stay equal but never decrease
                """),
        Case(
            name: "set on a view that does not exist",
            lines: [#"{"type":"set","t":1,"view":"ghost","isHidden":true}"#],
            expected: """
                test.jsonl:3:28: error: "set" names view "ghost", which does not exist at this point
                    hint: the view must appear in the latest snapshot or a later insert, and not be removed since
                """),
        Case(
            name: "removing a view that is already in no window",
            lines: [#"{"type":"remove","t":1,"view":"root"}"#, #"{"type":"remove","t":2,"view":"tf1"}"#],
            expected: """
                test.jsonl:4:31: error: "remove" names view "tf1", which is in no window at this point
                    hint: a view in no window can only be changed (set) or called; insert it into a window first
                """),
        Case(
            name: "inserting into a view in no window",
            lines: [
                #"{"type":"insert","t":1,"parent":null,"view":{"id":"sheet","class":"UIView","frame":[0,0,10,10]}}"#,
                #"{"type":"insert","t":2,"parent":"sheet","view":{"id":"x","class":"UIView","frame":[0,0,1,1]}}"#,
            ],
            expected: """
                test.jsonl:4:33: error: "insert" names view "sheet", which is in no window at this point
                    hint: a view in no window can only be changed (set) or called; insert it into a window first
                """),
        Case(
            name: "touch observed on a view that does not exist",
            lines: [#"{"type":"touch","t":1,"touch":1,"phase":"began","x":1,"y":2,"window":"w1","view":"ghost"}"#],
            expected: """
                test.jsonl:3:82: error: "touch" names view "ghost" as its view, which does not exist at this point
                    hint: the view must appear in the latest snapshot or a later insert, and not be removed since
                """),
        Case(
            name: "first responder observed on an unknown view",
            lines: [#"{"type":"firstResponder","t":1,"view":"ghost"}"#],
            expected: """
                test.jsonl:3:39: error: "firstResponder" names "ghost" as its view, which is no responder in the hierarchy at this point
                    hint: the id must appear in the latest snapshot (or a later insert) and not be removed since
                """),
        Case(
            name: "action sent to an unknown target",
            lines: [#"{"type":"sent","t":1,"action":"save:","target":"ghostVC","sender":"btn"}"#],
            expected: """
                test.jsonl:3:48: error: "sent" names "ghostVC" as its target, which is no object in the hierarchy at this point
                    hint: the id must appear in the latest snapshot (a view, controller, the application, its delegate or one of "objects") and not be removed since
                """),
        Case(
            name: "call on an unknown responder",
            lines: [#"{"type":"call","t":1,"view":"nobody","method":"becomeFirstResponder"}"#],
            expected: """
                test.jsonl:3:29: error: "call" names "nobody", which is no view or responder in the hierarchy at this point
                    hint: the id must appear in the latest snapshot (or a later insert) and not be removed since
                """),
        Case(
            name: "insert into its own subtree",
            lines: [
                #"{"type":"insert","t":1,"parent":"root","view":{"id":"root","class":"UIView","frame":[0,0,1,1]}}"#
            ],
            expected: """
                test.jsonl:3:53: error: "insert" puts view "root" inside itself: the parent lies in the inserted subtree
                    hint: a view cannot be its own ancestor; check the "parent" id
                """),
        Case(
            name: "insert of an id that exists",
            lines: [#"{"type":"insert","t":1,"parent":"root","view":{"id":"btn","class":"UIView","frame":[0,0,1,1]}}"#],
            expected: """
                test.jsonl:3:53: error: "insert" declares "btn", which already exists
                    hint: remove the old view first, or give the new object a fresh id
                """),
        Case(
            name: "duplicate id in a snapshot",
            lines: [
                #"{"type":"snapshot","t":1,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,1,1],"subviews":[{"id":"w1","class":"UIView","frame":[0,0,1,1]}]}]}"#
            ],
            expected: """
                test.jsonl:3:103: error: duplicate id "w1" in the snapshot
                    hint: every object id must be unique within a session; recorders usually add a generation counter to the address
                """),
        Case(
            name: "controller parent cycle",
            lines: [
                #"{"type":"snapshot","t":1,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,1,1]}],"controllers":[{"id":"a","class":"A","parent":"b"},{"id":"b","class":"B","parent":"a"}]}"#
            ],
            expected: """
                test.jsonl:3:133: error: cycle in the controllers' parent chain through "a"
                    hint: a controller cannot be its own ancestor; check the "parent" ids
                """),
        Case(
            name: "presenting chain cycle",
            lines: [
                #"{"type":"snapshot","t":1,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,1,1]}],"controllers":[{"id":"a","class":"A","presentingViewController":"a"}]}"#
            ],
            expected: """
                test.jsonl:3:151: error: cycle in the controllers' presentingViewController chain through "a"
                    hint: a controller cannot be its own ancestor; check the "presentingViewController" ids
                """),
        Case(
            name: "negative frame size",
            lines: [#"{"type":"set","t":1,"view":"btn","frame":[0,0,-10,44]}"#],
            expected: """
                test.jsonl:3:47: error: "frame" has a negative width (-10)
                    hint: UIKit normalises rectangles to non-negative sizes; record the standardized frame
                """),
        Case(
            name: "overflowing number",
            lines: [#"{"type":"touch","t":1,"touch":1,"phase":"began","x":1e999,"y":2}"#],
            expected: """
                test.jsonl:3:53: error: number 1e999 is too large to represent (it overflows a 64-bit double)
                    hint: record finite values; a recorder must not write an infinite or overflowing number
                """),
        Case(
            name: "key without text or length",
            lines: [#"{"type":"key","t":1}"#],
            expected: """
                test.jsonl:3:1: error: "key" record has neither "text" nor "length"
                    hint: record the typed text or at least its "length"
                """),
        Case(
            name: "missing t",
            lines: [#"{"type":"keyboard","phase":"willShow","frame":[0,500,393,352]}"#],
            expected: """
                test.jsonl:3:1: error: missing required member "t" in "keyboard" record
                    hint: add "t" to the "keyboard" record; see docs/log-format.md
                """),
        Case(
            name: "plain object without a class",
            lines: [
                #"{"type":"snapshot","t":1,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,10,10]}],"objects":[{"id":"coordinator"}]}"#
            ],
            expected: """
                test.jsonl:3:100: error: missing required member "class" in object
                    hint: add "class" to the object; see docs/log-format.md
                """),
        Case(
            name: "plain object id clashes with a view",
            lines: [
                #"{"type":"snapshot","t":1,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,10,10]}],"objects":[{"id":"w1","class":"Helper"}]}"#
            ],
            expected: """
                test.jsonl:3:106: error: duplicate id "w1" in the snapshot
                    hint: every object id must be unique within a session
                """),
        Case(
            name: "a first responder cannot be a plain object",
            lines: [
                #"{"type":"snapshot","t":1,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,10,10]}],"objects":[{"id":"coordinator","class":"Helper"}]}"#,
                #"{"type":"firstResponder","t":2,"view":"coordinator"}"#,
            ],
            expected: """
                test.jsonl:4:39: error: "firstResponder" names "coordinator" as its view, which is no responder in the hierarchy at this point
                    hint: the id must appear in the latest snapshot (or a later insert) and not be removed since
                """),
        Case(
            name: "sent to an object nobody declared",
            lines: [#"{"type":"sent","t":1,"action":"pay:","target":"coordinator"}"#],
            expected: """
                test.jsonl:3:47: error: "sent" names "coordinator" as its target, which is no object in the hierarchy at this point
                    hint: the id must appear in the latest snapshot (a view, controller, the application, its delegate or one of "objects") and not be removed since
                """),
        Case(
            name: "targetForAction without its answer",
            lines: [#"{"type":"targetForAction","t":1,"action":"paste:","responder":"tf1"}"#],
            expected: """
                test.jsonl:3:1: error: missing required member "target" in "targetForAction" record
                    hint: add "target" to the "targetForAction" record; see docs/log-format.md
                """),
        // The record read back from the store needs the responder that was asked; ingest said nothing of a null one
        // while validation and decoding were two readers.
        Case(
            name: "targetForAction asked of nobody",
            lines: [#"{"type":"targetForAction","t":1,"action":"paste:","responder":null,"target":null}"#],
            expected: """
                test.jsonl:3:63: error: "targetForAction" needs the responder that was asked, not null
                    hint: write the id of the responder whose target(forAction:withSender:) the app called
                """),
        // A recognizer's baseClass decides its behaviour: a wrong one is said, not read as no base class.
        Case(
            name: "recognizer base class of the wrong type",
            lines: [
                #"{"type":"set","t":1,"view":"w1","gestureRecognizers":[{"id":"g9","class":"MyTap","baseClass":7}]}"#
            ],
            expected: """
                test.jsonl:3:94: error: "gestureRecognizers[0].baseClass" must be a string, not a number
                    hint: write "gestureRecognizers[0].baseClass" as a string
                """),
        Case(
            name: "targetForAction asks an unknown responder",
            lines: [#"{"type":"targetForAction","t":1,"action":"paste:","responder":"ghost","target":null}"#],
            expected: """
                test.jsonl:3:63: error: "targetForAction" names "ghost" as its responder, which is no responder in the hierarchy at this point
                    hint: the id must appear in the latest snapshot (or a later insert) and not be removed since
                """),
        Case(
            name: "refusesActions must list selectors",
            lines: [#"{"type":"set","t":1,"view":"tf1","refusesActions":"paste:"}"#],
            expected: """
                test.jsonl:3:51: error: "refusesActions" must be an array of strings, not a string
                    hint: write "refusesActions" as an array of strings
                """),
        Case(
            name: "keyWindow names a view that is no window",
            lines: [#"{"type":"keyWindow","t":1,"window":"ghost"}"#],
            expected: """
                test.jsonl:3:36: error: "keyWindow" names "ghost" as its window, which is no view in the hierarchy at this point
                    hint: the id must appear in the latest snapshot (or a later insert) and not be removed since
                """),
        Case(
            name: "call with a method touchlog does not know",
            lines: [#"{"type":"call","t":1,"view":"w1","method":"makeKeyAndVisible"}"#],
            expected: """
                test.jsonl:3:43: error: "method" is "makeKeyAndVisible", which is not one of "becomeFirstResponder", "resignFirstResponder", "endEditing", "makeKey"
                    hint: use one of the values listed in docs/log-format.md
                """),
        Case(
            name: "content-touch flags are booleans",
            lines: [#"{"type":"set","t":1,"view":"root","delaysContentTouches":"no"}"#],
            expected: """
                test.jsonl:3:58: error: "delaysContentTouches" must be true or false, not a string
                    hint: write "delaysContentTouches" as true or false
                """),
        Case(
            name: "not an object",
            lines: ["[1,2]"],
            expected: """
                test.jsonl:3:1: error: a record must be a JSON object, not an array
                    hint: write each record as {"type":…,…} on its own line
                """),
    ]

    @Test(arguments: cases)
    func reportsTheFirstError(_ testCase: Case) {
        let log = DecodedLog(Lines.session(testCase.lines))
        #expect(log.errors.first?.description == testCase.expected)
        #expect(log.rejected.count == 1)
    }

    @Test func aSentObservationMayLeaveOutWhoReceivedIt() {
        // Sentry touch breadcrumbs name the action but not its receiver; absent is "not recorded", not "unhandled".
        let log = DecodedLog(Lines.session([#"{"type":"sent","t":1,"action":"pay:"}"#]))
        #expect(log.errors.isEmpty)
        #expect(log.rejected.isEmpty)
    }

    @Test func plainObjectsMayBeTargetsSendersAndDelegates() {
        let log = DecodedLog(
            Lines.session([
                #"{"type":"snapshot","t":1,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,10,10],"delegate":"coordinator","gestureRecognizers":[{"id":"g","class":"UITapGestureRecognizer","delegate":"coordinator"}]}],"objects":[{"id":"coordinator","class":"Shop.Coordinator","implements":["pay:"]}]}"#,
                #"{"type":"action","t":2,"action":"pay:","target":"coordinator","sender":"coordinator"}"#,
                #"{"type":"sent","t":2,"action":"pay:","target":"coordinator","sender":"coordinator"}"#,
            ]))
        #expect(log.errors.isEmpty)
        #expect(log.rejected.isEmpty)
    }

    @Test func viewsInNoWindowAcceptSetsCallsAndComingBack() {
        let log = DecodedLog(
            Lines.session([
                #"{"type":"snapshot","t":1,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,10,10]}],"detachedViews":[{"id":"draft","class":"UITextField","frame":[0,0,5,5]}],"controllers":[{"id":"draftVC","class":"VC","view":"draft"}]}"#,
                #"{"type":"set","t":2,"view":"draft","isHidden":false}"#,
                #"{"type":"call","t":2,"view":"draft","method":"becomeFirstResponder"}"#,
                #"{"type":"insert","t":3,"parent":null,"view":{"id":"sheet","class":"UIView","frame":[0,0,10,10]}}"#,
                #"{"type":"insert","t":4,"parent":"w1","view":{"id":"draft","class":"UITextField","frame":[0,0,5,5]}}"#,
                #"{"type":"remove","t":5,"view":"draft"}"#,
                #"{"type":"call","t":6,"view":"draft","method":"becomeFirstResponder"}"#,
            ]))
        #expect(log.errors.map(\.description) == [])
        // A touch can never be on a view in no window.
        let touch = DecodedLog(
            Lines.session([
                #"{"type":"remove","t":1,"view":"tf1"}"#,
                #"{"type":"touch","t":2,"touch":1,"phase":"began","x":1,"y":2,"window":"w1","view":"tf1"}"#,
            ]))
        #expect(touch.errors.first?.description.contains(#""touch" names view "tf1" as its view"#) == true)
    }

    @Test func recognizerObservationsNameARecognizerOfTheHierarchyAndAStateOfUIKit() {
        let snapshot =
            #"{"type":"snapshot","t":1,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,10,10],"gestureRecognizers":[{"id":"g","class":"UITapGestureRecognizer"}]}]}"#
        let good = DecodedLog(
            Lines.session([
                snapshot, #"{"type":"recognizer","t":2,"id":"g","state":"recognized"}"#,
                #"{"type":"insert","t":3,"parent":"w1","view":{"id":"v","class":"UIView","frame":[0,0,1,1],"gestureRecognizers":[{"id":"press","class":"UILongPressGestureRecognizer"}]}}"#,
                #"{"type":"recognizer","t":4,"id":"press","state":"began"}"#,
            ]))
        #expect(good.errors.map(\.description) == [])
        let unknown = DecodedLog(Lines.session([snapshot, #"{"type":"recognizer","t":2,"id":"w1","state":"ended"}"#]))
        #expect(
            unknown.errors.first?.description.contains(
                #""recognizer" names "w1", which is no gesture recognizer in the hierarchy at this point"#) == true)
        let state = DecodedLog(Lines.session([snapshot, #"{"type":"recognizer","t":2,"id":"g","state":"swiped"}"#]))
        #expect(state.errors.first?.description.contains(#""state" is "swiped", which is not one of"#) == true)
    }

    @Test func aDelegateMustBeAnId() {
        let log = DecodedLog(Lines.session([#"{"type":"set","t":1,"view":"tf1","delegate":7}"#]))
        #expect(log.errors.first?.description.contains(#""delegate" must be a string, not a number"#) == true)
    }

    @Test func anActionRecordMustSayItsTarget() {
        let log = DecodedLog(Lines.session([#"{"type":"action","t":1,"action":"pay:"}"#]))
        #expect(
            log.errors.first?.description == """
                test.jsonl:3:1: error: missing required member "target" in "action" record
                    hint: add "target" to the "action" record; see docs/log-format.md
                """)
    }

    @Test func eventsBeforeTheFirstSnapshotAreErrors() {
        let log = DecodedLog([Lines.header(), Lines.touch(0), Lines.snapshot].joined(separator: "\n") + "\n")
        #expect(
            log.errors.map(\.description) == [
                """
                test.jsonl:2:9: error: "touch" record before the session's first snapshot
                    hint: the recorder must write a "snapshot" of the hierarchy before any event
                """
            ])
    }

    @Test func recordsBeforeAnyHeaderAreReportedOnce() {
        let log = DecodedLog([Lines.touch(0), Lines.touch(1)].joined(separator: "\n") + "\n" + Lines.session([]))
        #expect(
            log.errors.map(\.description) == [
                """
                test.jsonl:1:1: error: 2 record(s) before any "session" header
                    hint: a file must start with a {"type":"session",…} header; check that the file was not cut at the start
                """
            ])
        #expect(log.rejected.map(\.line) == [1, 2])
        #expect(log.summaries.count == 1)
    }

    @Test func headerNeedsTheSupportedFormat() {
        let log = DecodedLog(#"{"type":"session","format":"touchlog/2","session":"x"}"# + "\n")
        #expect(
            log.errors.first?.description == """
                test.jsonl:1:28: error: unsupported format "touchlog/2"
                    hint: this touchlog reads "touchlog/1"; upgrade touchlog or re-record with a compatible recorder
                """)
        #expect(log.summaries.isEmpty)
    }

    /// U+0000 in a string stored in a column of its own (a touch's ids, the header's fields, any validated string) is
    /// refused with its position, in both stores alike: PostgreSQL's text cannot hold it. JSON text kept as written
    /// (an unknown record) holds it escaped and is kept.
    @Test func aNULCharacterIsRefusedWhereItWouldBeStoredAsText() {
        let touch = DecodedLog(
            Lines.session([#"{"type":"touch","t":1,"touch":"f\u0000","phase":"began","x":20.5,"y":110,"window":"w1"}"#])
        )
        #expect(
            touch.errors.first?.description == """
                test.jsonl:3:31: error: "touch" holds the character U+0000 (\\u0000), which touchlog does not store
                    hint: remove it from the recording: PostgreSQL's text cannot hold it, so neither store keeps it
                """)
        let view = DecodedLog(
            Lines.session([
                #"{"type":"touch","t":1,"touch":1,"phase":"began","x":20.5,"y":110,"window":"w1","view":"r\u0000"}"#
            ]))
        #expect(view.errors.first?.description.contains(#""view" holds the character U+0000"#) == true)
        let set = DecodedLog(Lines.session([#"{"type":"set","t":1,"view":"tf1","accessibilityLabel":"a\u0000"}"#]))
        #expect(set.errors.first?.description.contains(#""accessibilityLabel" holds the character U+0000"#) == true)
        let header = DecodedLog(
            Lines.header().replacingOccurrences(of: #""version":"1.0""#, with: #""version":"1.\u0000""#) + "\n")
        #expect(header.errors.first?.description.contains(#""app.version" holds the character U+0000"#) == true)
        #expect(header.summaries.isEmpty)
        let unknown = DecodedLog(Lines.session([#"{"type":"note","t":1,"text":"a\u0000b"}"#]))
        #expect(unknown.errors.isEmpty)
        #expect(unknown.records.last?.isUnknownType == true)
    }

    /// A line set aside holding a raw NUL byte is kept without it (as U+FFFD), as PostgreSQL's text can hold it.
    @Test func aRejectedLineKeepsItsTextWithoutNUL() {
        let log = DecodedLog(Lines.session(["{\"type\":\u{0}\"touch\"}"]))
        #expect(log.rejected.count == 1)
        let text = log.rejected.first?.text ?? ""
        // What follows the break is blanked, as for any line that breaks there; the NUL itself reads as U+FFFD.
        #expect(text.hasPrefix("{\"type\":\u{FFFD}<redacted"), "\(text)")
        #expect(!text.utf8.contains(0))
    }

    @Test func unknownTypesAreKeptWithAWarning() {
        let log = DecodedLog(Lines.session([#"{"type":"accelerometer","t":1,"x":0.1}"#]))
        #expect(log.errors.isEmpty)
        #expect(
            log.diagnostics.map(\.description) == [
                """
                test.jsonl:3:9: warning: unknown record type "accelerometer"
                    hint: it is stored as written and ignored by replay; upgrade touchlog if a newer recorder writes this type
                """
            ])
        #expect(log.records.last?.isUnknownType == true)
        #expect(log.summaries.first?.unknownTypes == 1)
    }

    /// The recorder's note that its buffer lost records: a record touchlog knows (not an unknown type), stored, and
    /// said at ingest as a warning; its times must be in order.
    @Test func aDroppedNoteIsKnownAndSaidAsAWarning() {
        let log = DecodedLog(Lines.session([#"{"type":"dropped","t":4,"moved":2,"other":37,"from":2.5,"to":3.9}"#]))
        #expect(log.errors.isEmpty)
        #expect(
            log.diagnostics.map(\.description) == [
                """
                test.jsonl:3:9: warning: the recorder lost 39 records between 2.5 s and 3.9 s
                    hint: its buffer was full; a larger bufferCapacity in RecorderConfiguration keeps more
                """
            ])
        #expect(log.records.last?.isUnknownType == false)
        #expect(log.summaries.first?.unknownTypes == 0)
        let backwards = DecodedLog(Lines.session([#"{"type":"dropped","t":4,"moved":0,"other":1,"from":3,"to":2}"#]))
        #expect(backwards.errors.first?.description.contains(#""to" comes before "from""#) == true)
        let uncounted = DecodedLog(Lines.session([#"{"type":"dropped","t":4,"moved":0,"from":3,"to":3}"#]))
        #expect(uncounted.errors.first?.description.contains(#""other""#) == true)
    }

    @Test func aValidSessionOfEveryRecordTypePasses() {
        let lines = [
            Lines.touch(0.1), Lines.touch(0.2, phase: "ended"),
            #"{"type":"firstResponder","t":0.2,"view":"tf1","window":"w1"}"#,
            #"{"type":"keyboard","t":0.2,"phase":"willShow","frame":[0,516,393,336]}"#,
            #"{"type":"key","t":0.3,"length":1}"#,
            #"{"type":"set","t":0.4,"view":"tf1","isHidden":true,"alpha":0.5}"#,
            #"{"type":"insert","t":0.5,"parent":"root","index":0,"view":{"id":"new","class":"UIView","frame":null,"center":[1,1],"transform":[1,0,0,1,0,0]}}"#,
            #"{"type":"set","t":0.6,"view":"new","isHidden":false}"#,
            #"{"type":"call","t":0.7,"view":"vc1","method":"resignFirstResponder","force":true}"#,
            #"{"type":"action","t":0.8,"action":"save:","target":null,"sender":"btn"}"#,
            #"{"type":"sent","t":0.8,"action":"save:","target":"vc1","sender":"btn"}"#,
            #"{"type":"remove","t":0.9,"view":"new"}"#,
            #"{"type":"call","t":1,"view":"application","method":"endEditing"}"#,
        ]
        let log = DecodedLog(Lines.session(lines))
        #expect(log.diagnostics.isEmpty, "\(log.printed)")
        #expect(log.records.count == lines.count + 2)
    }
}
