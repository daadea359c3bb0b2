import ResponderCore
import Testing
import TouchlogFormat
import TouchlogTestSupport

@testable import TouchlogRecorder

/// A login screen recorded through the core, with the calls UIKit's hooks would make, in the order UIKit makes them.
@Suite @MainActor struct RecorderTests {
    /// The app: a window, a root view with its controller, an email field, a secure password field, a sign-in button.
    @MainActor final class LoginApp {
        let window = FakeWindow(frame: Rect(0, 0, 393, 852))
        let root = FakeView("UIView", frame: Rect(0, 0, 393, 852))
        let email = FakeView("Wallet.LoginField", baseClass: "UITextField", frame: Rect(24, 310, 345, 44))
        let password = FakeView("UITextField", frame: Rect(24, 370, 345, 44), label: "Password")
        let signIn = FakeControl("UIButton", frame: Rect(24, 434, 345, 50), label: "Sign in")
        let controller: FakeController
        let application = FakeApplication()

        init() {
            controller = FakeController("Wallet.LoginViewController", view: root, implements: ["signInTapped:"])
            window.rootController = controller
            window.add(root)
            root.add(email)
            root.add(password)
            root.add(signIn)
            email.accessibilityIdentifier = "login.email"
            password.text = .secure
            signIn.actions = [ControlAction(events: ["touchUpInside"], target: controller, action: "signInTapped:")]
        }

        func recorder(_ sink: MemorySink, configuration: RecorderConfiguration = RecorderConfiguration()) -> Recorder {
            let recorder = Recorder(
                configuration: configuration,
                session: SessionInfo(
                    sessionID: "5C1D2A9E-0000-4000-8000-000000000001", startedAt: "2026-11-22T10:00:00.000Z",
                    appID: "com.acme.wallet", appVersion: "3.8.1", appBuild: "1181", deviceModel: "iPhone15,4",
                    system: "iOS 17.5.1", screen: Size(393, 852), scale: 3),
                sink: sink, startUptime: 1000, background: false)
            recorder.windows = { [self] in [window] }
            recorder.application = application
            return recorder
        }

        /// A tap of one finger: began, then ended, each passed through `sendEvent` with `during` run inside the
        /// ended event's dispatch (what UIKit and the app do then), the run loop going idle after each.
        func tap(
            _ recorder: Recorder, at point: Point, view: FakeView?, time: Double, during: () -> Void = {}
        ) {
            let touch = FakeTouch()
            recorder.willSendEvent(
                [TouchReading(touch: touch, phase: .began, locationInWindow: point, timestamp: time, view: view)],
                in: window)
            recorder.didSendEvent(at: time)
            recorder.runLoopWillWait(at: time + 0.01)
            recorder.willSendEvent(
                [TouchReading(touch: touch, phase: .ended, locationInWindow: point, timestamp: time + 0.1, view: view)],
                in: window)
            during()
            recorder.didSendEvent(at: time + 0.1)
            recorder.runLoopWillWait(at: time + 0.11)
        }
    }

    @Test func loginSessionIsRecordedAsGolden() throws {
        let app = LoginApp()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000.5)
        // Tap the email field: UIKit makes it first responder at touch-up and posts willShow from inside.
        app.tap(recorder, at: Point(151, 331.5), view: app.email, time: 1001.874) {
            app.email.isFirstResponder = true
            recorder.keyboard(.willShow, frame: Rect(0, 516, 393, 336), at: 1001.975)
        }
        // Three characters typed: lengths only.
        for (k, time) in [1002.9, 1003.1, 1003.35].enumerated() {
            app.email.text = .length(k + 1)
            recorder.textDidChange(in: app.email, text: app.email.text, at: time)
        }
        // Sign in: the button's action (derived by replay, only observed) hides the form's field.
        app.tap(recorder, at: Point(200, 459), view: app.signIn, time: 1004.2) {
            app.email.isHidden = true
            recorder.didSendAction(
                "signInTapped:", target: app.controller, sender: app.signIn, handled: true, at: 1004.3)
        }
        // The hidden field still gets keys.
        app.email.text = .length(4)
        recorder.textDidChange(in: app.email, text: app.email.text, at: 1005.0)
        // App code resigns it outside any event, then shows a toast and later removes it.
        app.email.isFirstResponder = false
        recorder.editingDidChange(at: 1006.0)
        recorder.keyboard(.willHide, frame: Rect(0, 852, 393, 336), at: 1006.01)
        let toast = app.root.add(FakeView("Shop.ToastView", frame: Rect(24, 700, 345, 64), label: "Signed in"))
        recorder.hierarchyMayHaveChanged(at: 1006.5)
        toast.removeFromSuperview()
        recorder.hierarchyMayHaveChanged(at: 1008.5)
        recorder.flush()

        let text = sink.files[0]
        let records = RecordingCheck.records(text)
        #expect(records.count == text.split(separator: "\n").count)
        try Golden.expect(text, "login-session.jsonl", in: RecordingCheck.golden)
    }

    @Test func typedTextAndSecureFieldsNeverReachTheRecording() throws {
        let app = LoginApp()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        app.password.isFirstResponder = true
        recorder.editingDidChange(at: 1001)
        recorder.textDidChange(in: app.password, text: .secure, at: 1001.5)
        recorder.textDidChange(in: app.password, text: .secure, at: 1001.6)
        recorder.flush()
        let records = RecordingCheck.records(sink.files[0])
        let keys = records.compactMap { record -> Int? in
            if case .key(let key) = record { return key.length }
            return nil
        }
        #expect(keys == [1, 1])
        let snapshot = try RecordingCheck.openingSnapshot(records)
        let password = snapshot.hierarchy.windows[0].view.subviews[0].subviews[1]
        #expect(password.id.hasPrefix("UITextField#"))
        #expect(password.textLength == nil)
        #expect(!sink.files[0].contains("\"text\""))
    }

    @Test func labelsAreMaskedOnRequestWithStableTokens() {
        let app = LoginApp()
        app.root.add(FakeView("UILabel", frame: Rect(0, 0, 10, 10), label: "Sign in"))
        let sink = MemorySink()
        let recorder = app.recorder(
            sink, configuration: RecorderConfiguration(privacy: RecorderPrivacy(maskLabels: true)))
        recorder.start(at: 1000)
        recorder.flush()
        let text = sink.files[0]
        RecordingCheck.records(text)
        #expect(!text.contains("Sign in") && !text.contains("Password"))
        // "Password" first, then "Sign in" twice (the button and the label): the same label, the same token.
        #expect(text.components(separatedBy: "\"accessibilityLabel\":\"label-2\"").count == 3)
        #expect(text.contains("\"accessibilityLabel\":\"label-1\""))
    }

    @Test func aFocusByAppCodeIsRecordedAsACallThenObserved() {
        let app = LoginApp()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        app.email.isFirstResponder = true
        recorder.editingDidChange(at: 1000.4)
        recorder.flush()
        let records = RecordingCheck.records(sink.files[0])
        guard case .call(let call) = records[2], case .firstResponder(let change) = records[3] else {
            Issue.record("expected a call then a firstResponder observation, got \(records.dropFirst(2))")
            return
        }
        #expect(call.method == .becomeFirstResponder && call.responder == change.view)
        #expect(change.view?.hasPrefix("LoginField#") == true)
    }

    @Test func aControlActionDuringATouchIsOnlyObservedButAnAppActionIsInput() {
        let app = LoginApp()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        app.tap(recorder, at: Point(200, 459), view: app.signIn, time: 1001) {
            recorder.didSendAction(
                "signInTapped:", target: app.controller, sender: app.signIn, handled: true, at: 1001.1)
        }
        recorder.didSendAction("refresh:", target: nil, sender: nil, handled: false, at: 1002)
        recorder.flush()
        let records = RecordingCheck.records(sink.files[0])
        let kinds = records.compactMap(\.kind)
        #expect(kinds.filter { $0 == .sent }.count == 2)
        #expect(kinds.filter { $0 == .action }.count == 1)
        guard case .action(let action) = records.first(where: { $0.kind == .action }) else { return }
        #expect(action.action == "refresh:" && action.target == nil)
    }
}
