import ResponderCore
import Testing
import TouchlogFormat
import TouchlogTestSupport

@testable import TouchlogRecorder

/// What the app reports itself, since only swizzling would observe it: key presses on its own `UIKeyInput` views
/// (`keyInput`) and its questions to `target(forAction:withSender:)` (`didAskTarget`).
@Suite @MainActor struct AppCallsTests {
    /// The login screen with a PIN pad: a view of the app's own class that can become first responder and adopts
    /// `UIKeyInput`. It implements `paste:` but refuses it (nothing to paste); the controller handles `submitPIN:`.
    @MainActor final class PinApp {
        let login = RecorderTests.LoginApp()
        let pin = FakeView("Wallet.PinPadView", frame: Rect(24, 520, 345, 60), label: "PIN")

        init() {
            pin.canBecomeFirstResponder = true
            pin.implements = ["paste:"]
            pin.refuses = ["paste:"]
            login.controller.implements.append("submitPIN:")
            login.root.add(pin)
        }

        func recorder(_ sink: MemorySink) -> Recorder {
            let recorder = login.recorder(sink)
            recorder.objectReader = FakeObjectReader()
            return recorder
        }
    }

    static func keys(_ records: [Record]) -> [Int] {
        records.compactMap { record in
            if case .key(let key) = record { return key.length }
            return nil
        }
    }

    static func questions(_ records: [Record]) -> [TargetForActionRecord] {
        records.compactMap { record in
            if case .targetForAction(let question) = record { return question }
            return nil
        }
    }

    @Test func keyPressesOnACustomKeyInputViewAreTheirLengths() throws {
        let app = PinApp()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        // The app focuses the PIN pad by its own call, which posts no notification: the first key finds it.
        app.pin.isFirstResponder = true
        let typed = ["4", "8", "👍", "21"]
        for (k, text) in typed.enumerated() {
            recorder.keyInput(.inserted(length: text.utf16.count), in: app.pin, at: 1001 + Double(k) * 0.3)
        }
        recorder.keyInput(.deleted, in: app.pin, at: 1002.5)
        recorder.flush()
        let text = sink.files[0]
        let records = RecordingCheck.records(text)
        #expect(Self.keys(records) == typed.map(\.utf16.count) + [0])
        // The app's focus is input replay applies (a call), then observed, before the first key.
        let firstKey = try #require(records.firstIndex { $0.kind == .key })
        guard case .call(let call) = records[firstKey - 2], case .firstResponder(let change) = records[firstKey - 1]
        else {
            Issue.record("expected a call and a firstResponder observation before the first key: \(records)")
            return
        }
        #expect(call.method == .becomeFirstResponder && call.responder == change.view)
        #expect(change.view?.hasPrefix("PinPadView#") == true)
        try Golden.expect(text, "custom-key-input.jsonl", in: RecordingCheck.golden)
    }

    @Test func aSecureKeyInputViewCountsEveryPressAsOne() {
        let app = PinApp()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        app.pin.isFirstResponder = true
        recorder.keyInput(.secure, in: app.pin, at: 1001)
        recorder.keyInput(.secure, in: app.pin, at: 1001.2)
        recorder.flush()
        #expect(Self.keys(RecordingCheck.records(sink.files[0])) == [1, 1])
    }

    @Test func aKeyInputCallThatIsNoTypedKeyIsNotRecorded() {
        let app = PinApp()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        // App code filling the PIN pad while another view is first responder: not a key the user typed.
        app.login.email.isFirstResponder = true
        recorder.keyInput(.inserted(length: 1), in: app.pin, at: 1001)
        // A text field reported by the app: its text notification is its key record, so this one is not written.
        recorder.keyInput(.inserted(length: 1), in: app.login.email, at: 1001.5)
        recorder.flush()
        let records = RecordingCheck.records(sink.files[0])
        #expect(Self.keys(records).isEmpty)
        // The focus the PIN pad's call found is still recorded.
        #expect(records.contains { $0.kind == .firstResponder })
    }

    @Test func aTappedPinPadThatTakesFocusIsTheAppsCall() {
        let app = PinApp()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        // Its `touchesEnded` (or a recognizer's action) calls `becomeFirstResponder()`: UIKit focuses only text
        // inputs on a tap, so replay needs the call.
        app.login.tap(recorder, at: Point(100, 550), view: app.pin, time: 1001) { app.pin.isFirstResponder = true }
        // A tapped field takes focus from it by UIKit's own handling: observed only.
        app.login.tap(recorder, at: Point(151, 331), view: app.login.email, time: 1002) {
            app.pin.isFirstResponder = false
            app.login.email.isFirstResponder = true
        }
        recorder.flush()
        let calls = RecordingCheck.records(sink.files[0]).compactMap { record -> CallRecord? in
            if case .call(let call) = record { return call }
            return nil
        }
        #expect(calls.map(\.method) == [.becomeFirstResponder])
        #expect(calls.first?.responder.hasPrefix("PinPadView#") == true)
    }

    @Test func targetForActionQuestionsAreRecordedWithTheAnswersReplayNeeds() throws {
        let app = PinApp()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        recorder.didAskTarget(
            forAction: "submitPIN:", responder: app.pin, sender: app.pin, target: app.login.controller, at: 1001)
        recorder.didAskTarget(forAction: "paste:", responder: app.pin, sender: nil, target: nil, at: 1002)
        // Questions the recording cannot say: a responder in no capture, an answer that is no responder.
        let offscreen = FakeView("Wallet.PinPadView", frame: Rect(0, 0, 10, 10))
        recorder.didAskTarget(forAction: "paste:", responder: offscreen, sender: nil, target: nil, at: 1003)
        let coordinator = FakePlainObject("Wallet.LoginCoordinator", implements: ["submitPIN:"])
        app.login.signIn.actions.append(
            ControlAction(events: ["touchDown"], target: coordinator, action: "warmUp:"))
        recorder.didAskTarget(
            forAction: "submitPIN:", responder: app.pin, sender: nil, target: coordinator, at: 1004)
        recorder.flush()
        let text = sink.files[0]
        let records = RecordingCheck.records(text)
        let questions = Self.questions(records)
        try #require(questions.count == 2)
        let hierarchy = try #require(ObjectsAndRefusalsTests.snapshot(records))
        let root = hierarchy.windows[0].view.subviews[0]
        let pinID = try #require(root.subviews.last?.id)
        let controllerID = try #require(hierarchy.controllers.first?.id)
        #expect(questions[0].responder == pinID && questions[0].sender == pinID)
        #expect(questions[0].target == controllerID && questions[0].action == "submitPIN:")
        #expect(questions[1].responder == pinID && questions[1].sender == nil && questions[1].target == nil)
        // The asked actions became part of what captures ask responders, written before each question: replay
        // walks the chain with them (the controller implements `submitPIN:`; the PIN pad refuses `paste:`).
        let lines = text.split(separator: "\n")
        let firstQuestion = try #require(lines.firstIndex { $0.contains("\"type\":\"targetForAction\"") })
        let before = lines[..<firstQuestion].joined()
        #expect(before.contains("\"submitPIN:\""))
        let secondQuestion = try #require(lines.lastIndex { $0.contains("\"type\":\"targetForAction\"") })
        #expect(lines[firstQuestion..<secondQuestion].joined().contains("\"refusesActions\":[\"paste:\"]"))
        try Golden.expect(text, "target-for-action.jsonl", in: RecordingCheck.golden)
    }
}
