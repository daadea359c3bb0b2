import Testing
import TouchlogFormat

@testable import TouchlogReplay
@testable import TouchlogStore

/// Divergence detection and the bad-data paths, on tiny sessions.
@Suite struct DivergenceTests {
    static let header = #"{"type":"session","format":"touchlog/1","session":"tiny"}"#
    static let snapshot =
        #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,393,852],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,393,852],"unknownField":{"x":1},"subviews":[{"id":"tf","class":"UITextField","frame":[20,100,300,44]},{"id":"btn","class":"UIButton","frame":[20,200,100,44],"actions":[{"events":["touchUpInside"],"target":"vc","action":"save:"}]}]}]}],"controllers":[{"id":"vc","class":"VC","view":"root","implements":["save:"]}]}"#

    func lines(_ records: [String], options: ReplayOptions = ReplayOptions()) throws -> [ReplayLine] {
        try Samples.lines(try Samples.session([Self.header, Self.snapshot] + records), options: options)[0]
    }

    func tap(_ id: Int, _ t: Double, x: Double, y: Double, view: String? = nil) -> [String] {
        let v = view.map { #","view":"\#($0)""# } ?? ""
        return [
            #"{"type":"touch","t":\#(t),"touch":\#(id),"phase":"began","x":\#(x),"y":\#(y),"window":"w"\#(v)}"#,
            #"{"type":"touch","t":\#(t + 0.1),"touch":\#(id),"phase":"ended","x":\#(x),"y":\#(y),"window":"w"}"#,
        ]
    }

    @Test func agreeingObservationsGiveNoDivergence() throws {
        let out = try lines(
            tap(1, 1, x: 50, y: 120, view: "tf") + [
                #"{"type":"firstResponder","t":1.2,"view":"tf","window":"w"}"#,
                #"{"type":"keyboard","t":1.3,"phase":"willShow","frame":[0,516,393,336]}"#,
            ] + tap(2, 2, x: 50, y: 220, view: "btn") + [
                #"{"type":"sent","t":2.1,"action":"save:","target":"vc","sender":"btn"}"#
            ])
        #expect(out.flatMap(\.divergences).isEmpty)
        #expect(out.count == 5)  // snapshot + four touch records: observations are not trace lines
    }

    /// A map pinched with two fingers (GR10): its pinch recognizes while its pan, measured at the fingers' centroid
    /// (GR9), stays put, as the recorded observations say; a double tap then zooms (G3).
    @Test func aTwoFingerPinchAgreesWithTheRecordedRecognizerStates() throws {
        let header = #"{"type":"session","format":"touchlog/1","session":"map"}"#
        let snapshot =
            #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,393,852],"isKeyWindow":true,"subviews":[{"id":"map","class":"Maps.Canvas","baseClass":"UIView","frame":[0,0,393,852],"gestureRecognizers":[{"id":"pan","class":"UIPanGestureRecognizer","simultaneousWith":["pinch"]},{"id":"pinch","class":"UIPinchGestureRecognizer"},{"id":"zoomTap","class":"UITapGestureRecognizer","numberOfTapsRequired":2}]}]}]}"#
        func touch(_ id: Int, _ t: Double, _ phase: String, _ x: Double, event: Int, tap: Int = 1) -> String {
            #"{"type":"touch","t":\#(t),"touch":\#(id),"phase":"\#(phase)","x":\#(x),"y":400,"window":"w","event":\#(event),"tapCount":\#(tap)}"#
        }
        func observed(_ t: Double, _ id: String, _ state: String) -> String {
            #"{"type":"recognizer","t":\#(t),"id":"\#(id)","state":"\#(state)"}"#
        }
        var records = [touch(1, 1, "began", 150, event: 1), touch(2, 1, "began", 250, event: 1)]
        for k in 1...6 {
            let t = 1 + Double(k) * 0.02
            records += [
                touch(1, t, "moved", 150 - Double(k) * 5, event: 1),
                touch(2, t, "moved", 250 + Double(k) * 5, event: 1),
                observed(t, "pinch", k == 1 ? "began" : "changed"),
            ]
        }
        records += [touch(1, 1.2, "ended", 120, event: 1), touch(2, 1.2, "ended", 280, event: 1)]
        records += [observed(1.2, "pinch", "ended")]
        records += [touch(3, 2, "began", 200, event: 2), touch(3, 2.08, "ended", 200, event: 2)]
        records += [touch(4, 2.2, "began", 202, event: 3, tap: 2), touch(4, 2.28, "ended", 202, event: 3, tap: 2)]
        records += [observed(2.28, "zoomTap", "ended")]
        let out = try Samples.lines(try Samples.session([header, snapshot] + records))[0]
        #expect(out.flatMap(\.divergences).isEmpty, "\(out.flatMap(\.divergences))")
    }

    /// A chat whose message list dismisses the keyboard interactively (KD2): replay takes the keyboard's frame from the
    /// recorded notification, so a scroll above the keyboard leaves the field editing (the next key press reaches it),
    /// and a drag down through the keyboard dismisses it when the finger lifts, as the recording then says.
    @Test func anInteractiveDismissalFollowsTheRecordedKeyboardFrame() throws {
        let header = #"{"type":"session","format":"touchlog/1","session":"chat"}"#
        let snapshot =
            #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,393,852],"isKeyWindow":true,"subviews":[{"id":"list","class":"UITableView","frame":[0,0,393,852],"keyboardDismissMode":"interactive","subviews":[{"id":"tf","class":"UITextField","frame":[20,100,300,44]}]}]}]}"#
        func drag(_ id: Int, _ t: Double, _ ys: [Double]) -> [String] {
            ys.enumerated().map { k, y in
                let phase = k == 0 ? "began" : k == ys.count - 1 ? "ended" : "moved"
                return
                    #"{"type":"touch","t":\#(t + Double(k) * 0.05),"touch":\#(id),"phase":"\#(phase)","x":200,"y":\#(y),"window":"w"}"#
            }
        }
        let records =
            tap(1, 1, x: 50, y: 120, view: "tf") + [
                #"{"type":"firstResponder","t":1.2,"view":"tf","window":"w"}"#,
                #"{"type":"keyboard","t":1.3,"phase":"willShow","frame":[0,516,393,336]}"#,
            ] + drag(2, 2, [200, 300, 400, 450]) + [#"{"type":"key","t":3,"length":1}"#]
            + drag(3, 4, [300, 450, 600, 750, 800]) + [
                #"{"type":"firstResponder","t":4.3,"view":null,"window":"w"}"#,
                #"{"type":"keyboard","t":4.3,"phase":"willHide","frame":[0,852,393,336]}"#,
            ]
        let out = try Samples.lines(try Samples.session([header, snapshot] + records))[0]
        #expect(out.flatMap(\.divergences).isEmpty, "\(out.flatMap(\.divergences))")
        let key = try #require(out.first { if case .key = $0.record { true } else { false } })
        #expect(key.step.keyInputReceiver == "tf")
        #expect(out.last?.step.firstResponder == nil && out.last?.step.keyboardVisible == false)
    }

    @Test func disagreeingObservationsAreDivergencesOnTheirCause() throws {
        let out = try lines(
            tap(1, 1, x: 50, y: 300, view: "btn") + [
                #"{"type":"firstResponder","t":1.2,"view":"tf"}"#,
                #"{"type":"keyboard","t":1.3,"phase":"didShow","frame":[0,516,393,336]}"#,
                #"{"type":"sent","t":1.3,"action":"save:","target":"vc","sender":"btn"}"#,
            ])
        let began = out[1]
        #expect(began.divergences.map(\.kind) == [.hitView])
        #expect(began.divergences[0].expected == .string("root"))
        #expect(began.divergences[0].observed == .string("btn"))
        let ended = out[2]
        #expect(ended.divergences.map(\.kind) == [.firstResponder, .keyboard, .sent])
        #expect(ended.divergences[0].expected == .null && ended.divergences[0].observed == .string("tf"))
        #expect(
            ended.divergences[1].expected == .string("hidden") && ended.divergences[1].observed == .string("didShow"))
        #expect(ended.divergences[2].observationSeq == 7)
    }

    @Test func aTimeRecordFiresTheModelsTimersAtItsOwnMoment() throws {
        // A double-tap recognizer on the root view holds the first tap's ended phase (G6) until it gives up (G3).
        let out = try lines(
            [
                #"{"type":"set","t":0.5,"view":"root","gestureRecognizers":[{"id":"double","class":"UITapGestureRecognizer","numberOfTapsRequired":2}]}"#
            ]
                + tap(1, 1, x: 50, y: 500) + [
                    #"{"type":"time","t":1.2}"#,
                    #"{"type":"time","t":1.9}"#,
                    #"{"type":"key","t":5,"length":1}"#,
                ])
        #expect(out.map(\.record.typeName) == ["snapshot", "set", "touch", "touch", "time", "time", "key"])
        #expect(out[3].step.delivered.map(\.method) == ["touchesEnded"])  // only the recognizer: the view's is held
        #expect(out[4].step.gestures.isEmpty && out[4].step.delivered.isEmpty)  // 0.1 s after the tap: still waiting
        #expect(out[5].t == 1.9 && out[5].step.gestures.map(\.state) == ["failed"])
        #expect(out[5].step.delivered.map { "\($0.to).\($0.method)" }.first == "root.touchesEnded")
        #expect(out[6].step.gestures.isEmpty)  // nothing left for the next event
    }

    /// A tap recognizer on the root: a tap recognises it (and the model resets it at once); the observation
    /// matches the state the model reached, once, and a state it never reached is a divergence naming the recognizer.
    @Test func recognizerObservationsAreComparedWithTheStatesTheModelReached() throws {
        let insert =
            #"{"type":"set","t":0.5,"view":"root","gestureRecognizers":[{"id":"tapper","class":"UITapGestureRecognizer","cancelsTouchesInView":false}]}"#
        let out = try lines(
            [insert] + tap(1, 1, x: 200, y: 500) + [
                #"{"type":"recognizer","t":1.1,"id":"tapper","state":"recognized"}"#,
                #"{"type":"recognizer","t":1.1,"id":"tapper","state":"ended"}"#,
            ] + tap(2, 2, x: 200, y: 500) + [#"{"type":"recognizer","t":2.1,"id":"tapper","state":"began"}"#])
        #expect(out.count == 6)  // the snapshot, the set and two taps
        #expect(out[3].step.gestures.map(\.state) == ["ended"])
        // The second `ended` has no recognition left to match: the model has reset the recognizer since.
        #expect(out[3].divergences.map(\.kind) == [.recognizer])
        #expect(out[3].divergences.first?.view == "tapper" && out[3].divergences.first?.observed == .string("ended"))
        #expect(out[3].divergences.first?.expected == .string("possible"))
        #expect(out[5].divergences.map(\.kind) == [.recognizer])
        #expect(out[5].divergences.first?.expected == .string("ended"))
        #expect(out[5].divergences.first?.observed == .string("began"))
    }

    /// A settings table (LS1, LS3): the model predicts the delegate messages of each tap on a row, a `selection`
    /// observation it predicted matches, one it did not (a row selected by a tap the model gave to nobody) is a
    /// `selection` divergence naming the list; a message the recording lacks (no `didHighlight` observed) is none.
    @Test func selectionObservationsAreComparedWithTheRowsTheModelSelected() throws {
        let header = #"{"type":"session","format":"touchlog/1","session":"settings"}"#
        let snapshot =
            #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,393,852],"isKeyWindow":true,"subviews":[{"id":"settings","class":"UITableView","frame":[0,0,393,852],"contentSize":[393,852],"subviews":[{"id":"cell0","class":"UITableViewCell","frame":[0,0,393,44],"indexPath":[0,0]},{"id":"cell1","class":"UITableViewCell","frame":[0,44,393,44],"indexPath":[0,1]}]}]}]}"#
        func tap(_ id: Int, _ t: Double, y: Double) -> [String] {
            [
                #"{"type":"touch","t":\#(t),"touch":\#(id),"phase":"began","x":100,"y":\#(y),"window":"w"}"#,
                #"{"type":"touch","t":\#(t + 0.3),"touch":\#(id),"phase":"ended","x":100,"y":\#(y),"window":"w"}"#,
            ]
        }
        let out = try Samples.lines(
            try Samples.session(
                [header, snapshot] + tap(1, 1, y: 20) + [
                    #"{"type":"selection","t":1.3,"list":"settings","call":"didSelect","indexPath":[0,0]}"#
                ] + tap(2, 2, y: 64) + [
                    #"{"type":"selection","t":2.3,"list":"settings","call":"didDeselect","indexPath":[0,0]}"#,
                    #"{"type":"selection","t":2.3,"list":"settings","call":"didSelect","indexPath":[0,1]}"#,
                    // Below the last row: the model's touch selects nothing, the recording says row 5 was selected.
                ] + tap(3, 3, y: 400) + [
                    #"{"type":"selection","t":3.3,"list":"settings","call":"didSelect","indexPath":[0,5]}"#
                ]))[0]
        #expect(out.count == 7)  // the snapshot and six touch records
        // No `time` record: the content-touch delay's held began reaches the cell with the touch-up.
        #expect(out[2].step.selections.map(\.call) == ["didHighlight", "didUnhighlight", "didSelect"])
        #expect(out[4].step.selections.map(\.call) == ["didHighlight", "didUnhighlight", "didDeselect", "didSelect"])
        #expect(out[...4].flatMap(\.divergences).isEmpty)
        #expect(out[6].divergences.map(\.kind) == [.selection])
        #expect(out[6].divergences.first?.view == "settings")
        #expect(out[6].divergences.first?.observed == .string("didSelect [0, 5]"))
        #expect(out[6].divergences.first?.expected == .null)  // the model told the delegate nothing since
    }

    /// A `controlState` observation is compared with the model's highlight of the control after the event before it:
    /// a Pay button lit under a resting finger and dark after the finger slid off agrees; a recording that says the
    /// button stayed dark under the finger (say a recognizer the recording does not declare took the touch) diverges.
    @Test func controlStateObservationsAreComparedWithTheModelsHighlight() throws {
        let header = #"{"type":"session","format":"touchlog/1","session":"checkout"}"#
        let snapshot =
            #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,393,852],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,393,852],"subviews":[{"id":"pay","class":"UIButton","frame":[20,700,353,50],"accessibilityLabel":"Pay"}]}]}]}"#
        func state(_ t: Double, _ lit: Bool) -> String {
            #"{"type":"controlState","t":\#(t),"view":"pay","isHighlighted":\#(lit)}"#
        }
        let out = try Samples.lines(
            try Samples.session([
                header, snapshot,
                #"{"type":"touch","t":1,"touch":1,"phase":"began","x":100,"y":720,"window":"w"}"#, state(1, true),
                #"{"type":"touch","t":1.2,"touch":1,"phase":"moved","x":100,"y":500,"window":"w"}"#, state(1.2, false),
                #"{"type":"touch","t":1.4,"touch":1,"phase":"ended","x":100,"y":500,"window":"w"}"#,
                #"{"type":"touch","t":2,"touch":2,"phase":"began","x":100,"y":720,"window":"w"}"#, state(2, false),
                #"{"type":"touch","t":2.1,"touch":2,"phase":"ended","x":100,"y":720,"window":"w"}"#,
                // A control state for a view that is no control: not compared.
                #"{"type":"controlState","t":2.2,"view":"root","isHighlighted":true}"#,
            ]))[0]
        #expect(out.count == 6)  // the snapshot and five touch records
        #expect(out[1].step.controlStates.map(\.isHighlighted) == [true])
        #expect(out[2].step.controlStates.map(\.isHighlighted) == [false])
        #expect(out[...3].flatMap(\.divergences).isEmpty)
        #expect(out[4].divergences.map(\.kind) == [.controlState])
        #expect(out[4].divergences.first?.view == "pay")
        #expect(out[4].divergences.first?.expected == .bool(true))
        #expect(out[4].divergences.first?.observed == .bool(false))
        #expect(out[5].divergences.isEmpty)
    }

    /// A chat screen whose controller keeps its message bar up as first responder (the `inputAccessoryView`
    /// pattern): the app's call makes it so, the keyboard notifications describe the bar, a tap on the search field
    /// moves focus with no hide, and the controller taking it back agrees too. A controller that cannot become first
    /// responder is refused: the recording that says it did diverges.
    @Test func aControllerFirstResponderAgreesWithTheRecording() throws {
        let header = #"{"type":"session","format":"touchlog/1","session":"chat"}"#
        func snapshot(canBecome: Bool) -> String {
            #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,393,852],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,393,852],"subviews":[{"id":"search","class":"UITextField","frame":[20,60,353,40]}]}]}],"controllers":[{"id":"chatVC","class":"App.ChatViewController","view":"root","canBecomeFirstResponder":\#(canBecome),"showsInputViews":true}]}"#
        }
        let records =
            [
                #"{"type":"call","t":0.5,"view":"chatVC","method":"becomeFirstResponder"}"#,
                #"{"type":"firstResponder","t":0.5,"view":"chatVC","window":"w"}"#,
                #"{"type":"keyboard","t":0.5,"phase":"willShow","frame":[0,802,393,50]}"#,
            ] + tap(1, 1, x: 100, y: 80, view: "search") + [
                #"{"type":"firstResponder","t":1.1,"view":"search","window":"w"}"#,
                #"{"type":"keyboard","t":1.1,"phase":"willChangeFrame","frame":[0,516,393,336]}"#,
                #"{"type":"call","t":2,"view":"chatVC","method":"becomeFirstResponder"}"#,
                #"{"type":"firstResponder","t":2,"view":"chatVC","window":"w"}"#,
            ]
        let agreeing = try Samples.lines(try Samples.session([header, snapshot(canBecome: true)] + records))[0]
        #expect(agreeing.flatMap(\.divergences).isEmpty)
        #expect(agreeing.last?.step.firstResponder == "chatVC")
        let refused = try Samples.lines(try Samples.session([header, snapshot(canBecome: false)] + records))[0]
        #expect(refused.flatMap(\.divergences).map(\.kind).contains(.firstResponder))
    }

    /// Where the recorder lost records, replay says so (a warning at the note's line) and carries on: a divergence
    /// after it may come from the gap.
    @Test func aDroppedNoteIsAReplayWarningAtItsLine() throws {
        let records = try [
            Self.header, Self.snapshot, #"{"type":"dropped","t":2,"moved":0,"other":5,"from":1,"to":1.5}"#,
        ]
        .enumerated().map {
            SessionRecord(seq: $0.offset + 1, record: try Record(decoding: JSONReader.parse($0.element).objectValue!))
        }
        let replay = try SessionReplay.lines(records, session: "S")
        #expect(
            replay.warnings.map(\.description) == [
                "line 3: the recorder lost 5 records between 1.0 s and 1.5 s (its buffer was full); the replay may diverge from here because of it"
            ])
        #expect(replay.divergenceCount == 0)
    }

    @Test func keyWindowObservationsAreComparedWithTheModelsKeyWindow() throws {
        let out = try lines(
            [
                #"{"type":"insert","t":1,"parent":"w","view":{"id":"panel","class":"UIView","frame":[0,0,1,1]}}"#,
                #"{"type":"keyWindow","t":1,"window":"w"}"#,
                #"{"type":"set","t":2,"view":"w","isKeyWindow":false}"#,
                #"{"type":"keyWindow","t":2,"window":"w"}"#,
                #"{"type":"call","t":3,"view":"w","method":"makeKey"}"#,
                #"{"type":"keyWindow","t":3,"window":null}"#,
            ])
        #expect(out.count == 4)
        #expect(out[1].divergences.isEmpty)
        #expect(out[2].divergences.map(\.kind) == [.keyWindow])
        #expect(out[2].divergences[0].expected == .null && out[2].divergences[0].observed == .string("w"))
        #expect(out[2].step.keyWindowChange?.from == "w" && out[2].step.keyWindowChange?.to == nil)
        #expect(out[3].divergences.first?.expected == .string("w"))
        #expect(out[3].step.keyWindowChange?.from == nil && out[3].step.keyWindowChange?.to == "w")
    }

    @Test func targetForActionObservationsAreComparedWithTheRecordedCanPerformActionAnswers() throws {
        // vc implements save:; the field implements it too but its canPerformAction refuses it (A3).
        let out = try lines(
            [
                #"{"type":"set","t":1,"view":"tf","implements":["save:"],"refusesActions":["save:"]}"#,
                #"{"type":"targetForAction","t":1,"action":"save:","responder":"tf","sender":null,"target":"vc"}"#,
                #"{"type":"targetForAction","t":1,"action":"save:","responder":"tf","target":"tf"}"#,
                #"{"type":"set","t":2,"view":"tf","refusesActions":[]}"#,
                #"{"type":"targetForAction","t":2,"action":"save:","responder":"tf","target":"tf"}"#,
            ])
        #expect(out.count == 3)  // snapshot + two sets: queries are observations
        #expect(out[1].divergences.map(\.kind) == [.targetForAction])
        #expect(out[1].divergences[0].expected == .string("vc") && out[1].divergences[0].observed == .string("tf"))
        #expect(out[1].divergences[0].observationSeq == 5)
        #expect(out[2].divergences.isEmpty)
    }

    @Test func aSentObservationWithoutTargetMatchesWhicheverTargetTheModelChose() throws {
        // A Sentry breadcrumb says which action was sent, not who received it: only the action is compared.
        let unknownReceiver = try lines(tap(1, 1, x: 50, y: 220) + [#"{"type":"sent","t":1.2,"action":"save:"}"#])
        #expect(unknownReceiver.flatMap(\.divergences).isEmpty)
        // null is a claim (nobody handled it), so it still disagrees with the model's target.
        let unhandled = try lines(
            tap(1, 1, x: 50, y: 220) + [#"{"type":"sent","t":1.2,"action":"save:","target":null,"sender":"btn"}"#])
        #expect(unhandled.flatMap(\.divergences).map(\.kind) == [.sent])
    }

    /// A `sent` that names the control event (CT1): it matches only an action the model sent for that event.
    @Test func aSentObservationWithAControlEventMatchesOnlyThatEvent() throws {
        let agreeing = try lines(
            tap(1, 1, x: 50, y: 220, view: "btn") + [
                #"{"type":"sent","t":1.1,"action":"save:","target":"vc","sender":"btn","event":"touchUpInside"}"#
            ])
        #expect(agreeing.flatMap(\.divergences).isEmpty)
        let early = try lines(
            tap(1, 1, x: 50, y: 220, view: "btn") + [
                #"{"type":"sent","t":1.1,"action":"save:","target":"vc","sender":"btn","event":"touchDown"}"#
            ])
        let d = early.flatMap(\.divergences)
        #expect(d.map(\.kind) == [.sent])
        #expect(d.first?.expected == .action("save:", target: "vc", sender: "btn", event: "touchUpInside"))
        #expect(d.first?.observed == .action("save:", target: "vc", sender: "btn", event: "touchDown"))
    }

    @Test func anActionTheSessionNeverObservedIsUnobservedWhenTheSessionRecordsSent() throws {
        let recorded = try lines(
            tap(1, 1, x: 50, y: 220) + tap(2, 2, x: 50, y: 220)
                + [#"{"type":"sent","t":2.2,"action":"save:","target":"vc","sender":"btn"}"#])
        #expect(recorded.flatMap(\.divergences).map(\.kind) == [.unobservedAction])
        #expect(recorded[2].divergences.count == 1)  // on the first tap's touch-up, which sent it
        // A recorder that writes no `sent` at all says nothing by its silence.
        let silent = try lines(tap(1, 1, x: 50, y: 220))
        #expect(silent.flatMap(\.divergences).isEmpty)
    }

    /// A later snapshot is the recorder's account of what the app changed: a view moved, a screen pushed, applied
    /// with no divergence. What the model decides itself, the first responder, is compared.
    @Test func laterSnapshotsApplyTheAppsChangesAndCompareTheFirstResponder() throws {
        let later = Self.snapshot.replacingOccurrences(of: #""t":0"#, with: #""t":5"#)
        let moved = later.replacingOccurrences(of: "[20,200,100,44]", with: "[20,260,100,44]")
            .replacingOccurrences(
                of: #"{"id":"tf","#, with: #"{"id":"banner","class":"UILabel","frame":[0,0,393,40]},{"id":"tf","#)
        let out = try lines([moved] + tap(1, 6, x: 50, y: 280))
        #expect(out[1].divergences.isEmpty)
        // The button moved: the model hit-tests it where the snapshot put it.
        #expect(out[2].step.view == "btn")
        let focused = later.replacingOccurrences(
            of: #""class":"UITextField","frame":[20,100,300,44]"#,
            with: #""class":"UITextField","frame":[20,100,300,44],"isFirstResponder":true"#)
        let drifted = try lines([focused])[1].divergences
        #expect(drifted.map(\.kind) == [.snapshotFirstResponder])
        #expect(drifted.first?.expected == .null && drifted.first?.observed == .string("tf"))
    }

    /// Feeds records straight to a replayer (ingest would refuse some of this bad data).
    func feed(_ lines: [String]) throws -> (lines: [ReplayLine], warnings: [ReplayWarning]) {
        var replayer = SessionReplayer(session: "tiny", options: ReplayOptions(), detail: .trace)
        var out: [ReplayLine] = []
        for (k, text) in lines.enumerated() {
            let record = try Record(decoding: try JSONReader.parse(text).objectValue!)
            try replayer.feed(SessionRecord(seq: k + 1, record: record)) { out.append($0) }
        }
        try replayer.finish { out.append($0) }
        return (out, replayer.warnings)
    }

    @Test func touchEndingWithoutBeginningAndUnknownViewsAreWarningsNotCrashes() throws {
        let result = try feed([
            Self.header, Self.snapshot, #"{"type":"touch","t":1,"touch":9,"phase":"ended","x":1,"y":1,"window":"w"}"#,
            #"{"type":"set","t":2,"view":"ghost","isHidden":true}"#,
        ])
        #expect(result.warnings.map(\.seq) == [3, 4])
        #expect(result.warnings[1].message.contains("ghost"))
        #expect(result.lines.count == 3)
        #expect(result.lines[2].step.notes.count == 1)
    }

    @Test func aSessionWithoutSnapshotIsAClearError() throws {
        var replayer = SessionReplayer(session: "s", options: ReplayOptions(), detail: .trace)
        let object: JSONObject = ["type": "session", "format": "touchlog/1", "session": "s"]
        let header = SessionRecord(seq: 1, record: try Record(decoding: object))
        try replayer.feed(header) { _ in }
        #expect(throws: ReplayError.noSnapshot(session: "s")) { try replayer.finish { _ in } }
        let key = SessionRecord(seq: 2, record: .key(KeyRecord(t: 1, length: 1)))
        #expect(throws: ReplayError.eventBeforeSnapshot(session: "s", seq: 2, type: "key")) {
            try replayer.feed(key) { _ in }
        }
    }

    @Test func policiesAreValidatedWithTheValidNames() throws {
        #expect(throws: ReplayError.unknownPolicy("dismiss-on-tap")) {
            try PolicyChanges(arguments: ["+dismiss-on-tap"])
        }
        #expect(ReplayError.unknownPolicy("x").description.contains("dismiss-on-outside-touch"))
        let changes = try PolicyChanges(arguments: ["-tap-to-dismiss", "+resign-on-hide"])
        #expect(changes.key == "+resign-on-hide -tap-to-dismiss")
        #expect(throws: ReplayError.conflictingPolicy("resign-on-hide")) {
            try PolicyChanges(arguments: ["+resign-on-hide", "-resign-on-hide"])
        }
    }

    @Test func comparePolicySaysWhatChanges() throws {
        let db = try Samples.database("01-login-background-tap")
        let changes = try PolicyComparison.compare(
            db.records(of: try db.sessions()[0]), session: try db.sessions()[0].key, policy: .dismissOnOutsideTouch,
            trust: .model)
        #expect(changes.first?.seq == 26)
        #expect(changes.first?.text.contains("keyboard dismissed (was: stayed up)") == true)
    }

    @Test func explainReplaysUpToTheMoment() throws {
        let db = try Samples.database("05-reaction-bar-hit-test-override")
        let info = try db.sessions()[0]
        let text = try SessionExplainer.explain(
            db.records(of: info), session: info.key, at: 1.3, point: .init(290.5, 252))
        #expect(text.contains("hit view: UITableViewCellContentView (messageContent2)"))
        #expect(text.contains("responder chain: messageContent2 > messageCell2"))
        #expect(text.contains("replayed through line 3"))
        // After the `set` at 3.697 hides the reaction bar, the same point is explained on the new hierarchy.
        let later = try SessionExplainer.explain(
            db.records(of: info), session: info.key, at: 4, point: .init(290.5, 252))
        #expect(
            later.contains(#"Chat.ReactionBarButton "Add reaction" #chat.reactionBar (reactionBar)"#)
                && later.contains("[hidden"))
    }

    @Test func explainBeforeTheFirstSnapshotSaysSo() throws {
        let db = try Samples.database("01-login-background-tap")
        let info = try db.sessions()[0]
        #expect(throws: ReplayError.noSnapshotBefore(session: info.key, t: -1)) {
            try SessionExplainer.explain(db.records(of: info), session: info.key, at: -1, point: .init(1, 1))
        }
    }

    /// A session recorded without a snapshot (a header alone) is said to be one, and nothing it says presumes an
    /// option nobody gave (issue 27, item 17): no "--keep-going", no "use a later --at".
    @Test func aSessionWithoutAnySnapshotIsNamedAsSuch() throws {
        let header =
            #"{"type":"session","format":"touchlog/1","session":"header-only","startedAt":"2026-11-20T10:00:00Z"}"#
        let db = try Samples.session([header])
        let info = try db.sessions()[0]
        #expect(throws: ReplayError.noSnapshot(session: "header-only")) {
            try SessionExplainer.explain(db.records(of: info), session: info.key, at: 0, point: .init(1, 1))
        }
        let message = ReplayError.noSnapshot(session: "header-only").description
        #expect(!message.contains("--keep-going"))
        #expect(message.contains("a recording needs one before its first event"))
        #expect(!StoreError.noSnapshot(session: "header-only", at: nil).description.contains("--keep-going"))
    }

    /// A moment after the session's last record is refused, naming where the session ends (issue 27, item 17).
    @Test func explainPastTheEndSaysWhereTheSessionEnds() throws {
        let db = try Samples.database("01-login-background-tap")
        let info = try db.sessions()[0]
        #expect {
            try SessionExplainer.explain(db.records(of: info), session: info.key, at: 999, point: .init(1, 1))
        } throws: { error in
            guard case .pastEnd(let session, let t, let end)? = error as? ExplainError else { return false }
            return session == info.key && t == 999 && end > 0 && end < 999
        }
    }
}
