import Foundation
import ResponderCore
import TouchlogFormat
import TouchlogRecorder
import TouchlogRecorderUIKit
import UIKitStandIn

/// An app on the UIKit stand-in, with ResponderCore's model playing UIKit: for each touch the model says which view
/// UIKit binds it to, which actions are sent and how the first responder changes, and the simulator makes the
/// stand-in's objects do exactly that (setting `touch.view`, calling `sendAction`, `becomeFirstResponder`, posting
/// UIKit's notifications). The recorder sees only what it would see in a real app: its windows' `sendEvent`, the
/// application's `sendAction` and the notifications.
@MainActor
final class SimulatedApp {
    /// The key window at the start, where touches go unless a test says which window.
    let window: RecordingWindow
    /// Every window of the app, all recording: `window` and the others, back to front.
    let windows: [RecordingWindow]
    let application = RecordingApplication()
    let sink = MemorySink()
    let recording: TouchlogRecording
    /// What the app's actions do, by action name.
    var appCode: [String: () -> Void] = [:]
    /// The app's objects that are no responders (coordinators, delegates): the simulator finds them by id, as the
    /// model names them, to send them their actions.
    var plainObjects: [AnyObject] = []

    private var model: ResponderModel
    private var ids = ObjectIDs()
    private var objects: [String: AnyObject] = [:]
    private let center = NotificationCenter()
    private var clock = 5000.0
    private var touchNumber = 0
    private var eventNumber = 0
    private var keyboardShown = false
    static let keyboardOnScreen = CGRect(x: 0, y: 516, width: 393, height: 336)
    static let keyboardOffScreen = CGRect(x: 0, y: 852, width: 393, height: 336)

    init(
        session: String, window: RecordingWindow, otherWindows: [RecordingWindow] = [],
        configuration: RecorderConfiguration = RecorderConfiguration()
    ) {
        self.window = window
        windows = ([window] + otherWindows).sorted { $0.windowLevel.rawValue < $1.windowLevel.rawValue }
        window.makeKeyAndVisible()
        model = ResponderModel(hierarchy: HierarchySpec(windows: []))
        var now = clock
        recording = TouchlogRecording.start(
            session: SessionInfo(
                sessionID: session, appID: "com.acme.stories", deviceModel: "iPhone15,4", system: "iOS 17.5.1",
                screen: Size(393, 852), scale: 3),
            sink: sink, windows: windows, configuration: configuration, application: application, center: center,
            uptime: { now }, background: false)
        uptimeSetter = { now = $0 }
        syncModel()
        application.standInPerform = { [unowned self] selector, _ in
            self.appCode[NSStringFromSelector(selector)]?()
        }
        for window in windows { window.standInDelivery = { [unowned self] event in self.deliver(event) } }
    }

    private var uptimeSetter: (Double) -> Void = { _ in }
    private var pendingStep = Step()

    /// Lets `seconds` pass.
    func wait(_ seconds: Double) {
        clock += seconds
        uptimeSetter(clock)
    }

    /// A tap at `point` (screen coordinates) in `window` (the first window unless said): a began and an ended event
    /// 0.1 s apart.
    func tap(_ x: Double, _ y: Double, in window: RecordingWindow? = nil) {
        let touch = newTouch(x, y, in: window ?? self.window)
        send(touch, .began)
        wait(0.1)
        send(touch, .ended)
        wait(1)
    }

    /// A long press at `point`: the finger rests `seconds` (UIKit's timers fire meanwhile, outside any event: a long
    /// press recognizer begins), then lifts.
    func press(_ x: Double, _ y: Double, holding seconds: Double) {
        let touch = newTouch(x, y, in: window)
        send(touch, .began)
        wait(seconds)
        pendingStep = model.dispatch(.advanceTime, at: clock - 5000)
        sendRecognizerActions()
        for action in pendingStep.actions where action.isRecognizerAction { appCode[action.action]?() }
        syncModel()
        send(touch, .ended)
        wait(1)
    }

    private func newTouch(_ x: Double, _ y: Double, in window: RecordingWindow) -> UITouch {
        touchNumber += 1
        eventNumber += 1
        let touch = UITouch()
        touch.window = window
        // UITouch answers in its window's coordinates; the records and the model speak screen points.
        touch.standInLocation = CGPoint(x: x - window.frame.minX, y: y - window.frame.minY)
        return touch
    }

    private func screenPoint(_ touch: UITouch) -> Point {
        Point(
            Double(touch.standInLocation.x + (touch.window?.frame.minX ?? 0)),
            Double(touch.standInLocation.y + (touch.window?.frame.minY ?? 0)))
    }

    /// One UIEvent with `touch` in `phase`, through the application and the window as UIKit sends it.
    private func send(_ touch: UITouch, _ phase: UITouch.Phase) {
        touch.phase = phase
        touch.timestamp = clock
        let input = TouchInput(
            touch: String(touchNumber), phase: phase == .began ? .began : .ended, point: screenPoint(touch),
            window: touch.window.map { id(of: $0) }, tapCount: 1, event: eventNumber)
        pendingStep = model.dispatch(.touch(input), at: clock - 5000)
        if phase == .began { touch.view = pendingStep.view.map { objects[model.id(of: $0)] as? UIView } ?? nil }
        let event = UIEvent()
        event.timestamp = clock
        event.standInTouches = [touch]
        application.sendEvent(event)
        syncModel()
    }

    /// `count` characters typed, one key each, into the key window's first responder: a text field's text changes
    /// and it posts its notification; the app's own `UIKeyInput` view is sent `insertText(_:)`, as the keyboard does.
    func type(_ count: Int) {
        for _ in 0..<count {
            _ = model.dispatch(.key(length: 1), at: clock - 5000)
            if let field = UIResponder.standInFirstResponder as? UITextField {
                field.text = (field.text ?? "") + "x"
                center.post(name: UITextField.textDidChangeNotification, object: field)
            } else if let input = UIResponder.standInFirstResponder as? any UIKeyInput {
                input.insertText("7")
            }
            wait(0.25)
        }
    }

    /// The keyboard's delete key on the app's own `UIKeyInput` view: `deleteBackward()`.
    func deleteBackward() {
        _ = model.dispatch(.key(length: 0), at: clock - 5000)
        (UIResponder.standInFirstResponder as? any UIKeyInput)?.deleteBackward()
        wait(0.25)
    }

    // MARK: App code outside any event

    /// The app makes `window` key (`makeKey()`, which the recording window records as a call); UIKit posts
    /// `didBecomeKeyNotification`, and the keyboard follows the new key window's first responder, as the model says.
    func makeKey(_ window: RecordingWindow) {
        window.makeKey()
        center.post(name: UIWindow.didBecomeKeyNotification, object: window)
        followModel(.call(responder: id(of: window), method: .makeKey, force: false))
    }

    /// The app focuses `field` by code (`becomeFirstResponder()`): the first responder of the field's window.
    func focus(_ field: UITextField) {
        field.becomeFirstResponder()
        center.post(name: UITextField.textDidBeginEditingNotification, object: field)
        followModel(.call(responder: id(of: field), method: .becomeFirstResponder, force: false))
    }

    /// The app resigns `field` by code (`resignFirstResponder()`), whichever window is key.
    func resign(_ field: UITextField) {
        field.resignFirstResponder()
        center.post(name: UITextField.textDidEndEditingNotification, object: field)
        followModel(.call(responder: id(of: field), method: .resignFirstResponder, force: false))
    }

    /// The model applies what app code did; the keyboard shows or hides as it says (the model's F7: the key
    /// window's first responder decides). A window the model makes key by itself (a text input focused in a window
    /// that is not key) is not followed: no story does that, and replay would diverge if one did.
    private func followModel(_ call: InputEvent) {
        _ = model.dispatch(call, at: clock - 5000)
        showKeyboard(model.keyboardVisible)
        wait(0.5)
    }

    /// The recording so far, flushed.
    func recorded() -> String {
        recording.recorder.flush()
        return sink.files.joined()
    }

    func stop() { recording.stop() }

    // MARK: UIKit, as the model says

    /// What UIKit does once the window passes an event on, in the model's order: first-responder changes (with
    /// their notifications), then the actions.
    private func deliver(_ event: UIEvent) {
        sendRecognizerActions()
        for change in pendingStep.firstResponderChanges {
            if let to = change.to, let responder = objects[model.id(of: to)] as? UIResponder {
                responder.becomeFirstResponder()
                center.post(name: UITextField.textDidBeginEditingNotification, object: responder)
                showKeyboard(true)
            } else if change.to == nil, let from = change.from,
                let responder = objects[model.id(of: from)] as? UIResponder
            {
                // The window's own first responder resigns (each window keeps one).
                resignInItsWindow(responder)
            }
        }
        for action in pendingStep.actions where !action.isRecognizerAction {
            let target = action.nilTargeted ? nil : action.target.flatMap { objects[model.id(of: $0)] }
            let sender = action.sender.flatMap { objects[model.id(of: $0)] }
            application.sendAction(Selector(action.action), to: target, from: sender, for: event)
        }
        for action in pendingStep.actions where action.isRecognizerAction { appCode[action.action]?() }
    }

    /// UIKit's recognizers send their actions in the states the model brought them to: a discrete one (a tap) only
    /// on recognition, a continuous one on began, changed, ended and cancelled; a failure sends none. The app's own
    /// recognizer actions run after (`deliver`, `press`).
    private func sendRecognizerActions() {
        for change in pendingStep.gestures {
            guard let info = model.recognizerInfo(change.recognizer),
                let recognizer = objects[model.id(of: change.recognizer)] as? UIGestureRecognizer
            else { continue }
            let state: UIGestureRecognizer.State
            switch change.state {
            case .possible, .failed: continue
            case .began: state = .began
            case .changed: state = .changed
            case .ended: state = .ended
            case .cancelled: state = .cancelled
            }
            if info.kind == .tap && state != .ended { continue }
            recognizer.standInSendActions(in: state)
        }
    }

    /// The key window's first responder resigns, as `resignFirstResponder()` or `endEditing(true)` would.
    func resignFirstResponder() {
        guard let responder = UIResponder.standInFirstResponder else { return }
        resignInItsWindow(responder)
    }

    /// A window's first responder resigns (a window policy's resign is already done when the model's step says it).
    private func resignInItsWindow(_ responder: UIResponder) {
        guard responder.isFirstResponder else { return }
        let keyboardOwner = responder === UIResponder.standInFirstResponder
        responder.resignFirstResponder()
        center.post(name: UITextField.textDidEndEditingNotification, object: responder)
        if keyboardOwner { showKeyboard(false) }
    }

    /// UIKit shows or hides the keyboard (its will-show or will-hide notification), once per change.
    func showKeyboard(_ shown: Bool) {
        guard shown != keyboardShown else { return }
        keyboardShown = shown
        center.post(
            name: shown ? UIResponder.keyboardWillShowNotification : UIResponder.keyboardWillHideNotification,
            object: nil,
            userInfo: [
                UIResponder.keyboardFrameEndUserInfoKey: NSValue(
                    rect: shown ? Self.keyboardOnScreen : Self.keyboardOffScreen)
            ])
    }

    /// The model follows what app code did to the stand-in's objects: a snapshot of them (never recorded).
    private func syncModel() {
        let hierarchy = HierarchyCapture(
            recognizerEffects: recording.recorder.configuration.recognizerEffects, objectReader: UIKitObjectReader()
        )
        .capture(windows: windows, application: application, ids: &ids)
        objects = [:]
        func walk(_ view: UIView) {
            objects[ids.id(of: view, className: "")] = view
            for recognizer in view.gestureRecognizers ?? [] {
                objects[ids.id(of: recognizer, className: "")] = recognizer
            }
            if let controller = view.next as? UIViewController {
                objects[ids.id(of: controller, className: "")] = controller
            }
            for subview in view.subviews { walk(subview) }
        }
        for window in windows { walk(window) }
        objects[ids.id(of: application, className: "")] = application
        for object in plainObjects { objects[ids.id(of: object, className: "")] = object }
        _ = model.dispatch(.snapshot(hierarchy), at: clock - 5000)
    }

    private func id(of object: AnyObject) -> String { ids.id(of: object, className: "") }
}
