import Foundation
import TouchlogRecorder
import TouchlogRecorderUIKit
import UIKitStandIn

/// An app on the UIKit stand-in whose UIKit is scripted by hand, event by event, by each story.
///
/// A story says what UIKit does with each touch, from the documented semantics (`shared/responder-semantics.md`
/// and `responder-semantics-2.md`; the stories cite the rules they rely on): which view the touch is bound to (UIKit's
/// hit test), which recognizer recognizes, which responder becomes first responder, which action a control sends.
/// The simulator makes the stand-in's objects do exactly that, as UIKit would: it sets `touch.view` before the
/// application's `sendEvent`, calls the application's `sendAction`, `becomeFirstResponder()`, and posts UIKit's
/// notifications. The recorder sees only what it would see in a real app.
///
/// ResponderCore's model plays no part here: the outcome is written down, not computed, so that replaying the
/// recording through the model judges both the recorder (did it write what happened?) and the model (does it agree
/// with UIKit as documented?). A model that decided the outcome would agree with itself by construction.
///
/// ```swift
/// app.tap(150, 322, hits: promo, becomes: promo)  // a text field takes focus at touch-up (F7)
/// app.tap(80, 382, hits: hide, sends: ("hidePromoCode:", to: controller))  // the button's touchUpInside (CT4)
/// ```
@MainActor
final class SimulatedApp {
    /// The key window at the start, where touches go unless a story says which window.
    let window: RecordingWindow
    /// Every window of the app, all recording: `window` and the others, back to front.
    let windows: [RecordingWindow]
    let application = RecordingApplication()
    let sink = MemorySink()
    let recording: TouchlogRecording
    /// What the app's methods do when an action reaches them through the application's `sendAction`, by action name.
    var appCode: [String: () -> Void] = [:]

    /// What the app's own target of a recognizer does when the recognizer sends its actions.
    private var recognizerCode: [ObjectIdentifier: () -> Void] = [:]
    private let center = NotificationCenter()
    private var clock = 5000.0
    private var uptimeSetter: (Double) -> Void = { _ in }
    /// What UIKit does when the window passes the current event on (`UIWindow.sendEvent`, after the recorder).
    private var pendingDelivery: () -> Void = {}
    private var keyboardShown = false
    static let keyboardOnScreen = CGRect(x: 0, y: 516, width: 393, height: 336)
    static let keyboardOffScreen = CGRect(x: 0, y: 852, width: 393, height: 336)
    /// The keyboard's end frames UIKit reports, in the screen's coordinate space (an iPhone 15's unless a story says).
    var keyboardFrames = (shown: keyboardOnScreen, hidden: keyboardOffScreen)

    /// What the keyboard does after app code changed the key window or a first responder. UIKit documents the
    /// keyboard for a text input becoming or resigning first responder (F7, F8), not for key status moving between
    /// windows (F3, section 12 item 8), so a story says it where app code acts.
    enum Keyboard {
        case shows, hides
    }

    init(
        session: String, window: RecordingWindow, otherWindows: [RecordingWindow] = [],
        configuration: RecorderConfiguration = RecorderConfiguration()
    ) {
        self.window = window
        windows = ([window] + otherWindows).sorted { $0.windowLevel.rawValue < $1.windowLevel.rawValue }
        window.makeKeyAndVisible()
        var now = clock
        recording = TouchlogRecording.start(
            session: SessionInfo(
                sessionID: session, appID: "com.acme.stories", deviceModel: "iPhone15,4", system: "iOS 17.5.1",
                screen: Size(393, 852), scale: 3),
            sink: sink, windows: windows, configuration: configuration, application: application, center: center,
            uptime: { now }, background: false)
        uptimeSetter = { now = $0 }
        // The application object controls forward their target-action pairs to (`UIControl.sendAction(_:to:for:)`).
        UIApplication.standInShared = application
        application.standInPerform = { [unowned self] selector, _ in
            self.appCode[NSStringFromSelector(selector)]?()
        }
        for window in windows {
            window.standInDelivery = { [unowned self] _ in
                let delivery = self.pendingDelivery
                self.pendingDelivery = {}
                delivery()
            }
        }
    }

    /// Lets `seconds` pass.
    func wait(_ seconds: Double) {
        clock += seconds
        uptimeSetter(clock)
    }

    /// The app's target of `recognizer` (added where the app made it): `code` is what its action method does, run
    /// each time the recognizer sends its actions, after the recording's own target (UIKit does not document the
    /// order of a recognizer's targets; docs/recorder.md, "Not yet recorded").
    func onAction(of recognizer: UIGestureRecognizer, _ code: @escaping () -> Void) {
        recognizerCode[ObjectIdentifier(recognizer)] = code
    }

    // MARK: Touches, with UIKit's outcome as the story scripts it

    /// A tap at (`x`, `y`) in screen points, in `window` (the first window unless said): a began and an ended event
    /// 0.1 s apart, as UIKit handles them by the story's script.
    ///
    /// - `hits`: the view UIKit's hit test returns, bound to the touch for its life before any `sendEvent` runs
    ///   (H1–H10, D1, D2).
    /// - `recognizes`: a discrete recognizer (a tap) that sees the touch (G1) and recognizes at touch-up (G2, G3),
    ///   sending its actions (`ended`).
    /// - `becomes`: the responder that becomes its window's first responder at touch-up (a tapped text field, F7),
    ///   with its text notification and the keyboard's (F7, F8).
    /// - `sends`: the action a control sends at touch-up (`touchUpInside`, CT4), through the application's
    ///   `sendAction` (A1; a nil target goes along the responder chain, A2), from the hit view.
    ///
    /// - `controlEvents`: the events the hit control sends at touch-up, in order, each through the control's
    ///   `sendActions(for:)`: its UIAction handlers through `sendAction(_:)`, its target-action pairs through the
    ///   application (CT4: `touchUpInside`; a button's `primaryActionTriggered` follows it).
    ///
    /// - `highlights`: the control UIKit highlights when its `touchesBegan` comes, and darkens at touch-up (CT5: "A
    ///   control becomes highlighted when a touch event enters the control's bounds, and it loses that highlight
    ///   when there's a touch-up event", Apple docs: UIControl.State.highlighted).
    ///
    /// - `selects`: the row UIKit selects at touch-up (LS2), or deselects when the table allows several and has it
    ///   selected: the table's selection changes, the delegate's `didSelect` code runs (`delegate`, which may
    ///   deselect the row again, as Apple's sample does) and the table posts `selectionDidChangeNotification`.
    ///
    /// At touch-up they happen in that order: the recognizer's action comes before the view's `touchesEnded` (G4),
    /// where a control sends its action and a text field begins editing.
    func tap(
        _ x: Double, _ y: Double, in window: RecordingWindow? = nil, hits view: UIView,
        recognizes recognizer: UIGestureRecognizer? = nil, becomes responder: UIResponder? = nil,
        sends action: (String, to: AnyObject?)? = nil, controlEvents: [UIControl.Event] = [],
        highlights control: UIControl? = nil, selects row: (UITableView, IndexPath)? = nil,
        delegate: @escaping () -> Void = {}
    ) {
        let touch = newTouch(x, y, in: window ?? self.window, hits: view)
        send(touch, .began) { _ in control?.isHighlighted = true }
        wait(0.1)
        send(touch, .ended) { [unowned self] event in
            control?.isHighlighted = false
            if let recognizer { self.recognizerSendsActions(recognizer, in: .ended) }
            if let responder { self.becomeFirstResponder(responder) }
            if let action { self.application.sendAction(Selector(action.0), to: action.to, from: view, for: event) }
            for controlEvent in controlEvents { (view as? UIControl)?.sendActions(for: controlEvent) }
            if let (table, indexPath) = row {
                let selected = table.indexPathsForSelectedRows?.contains(indexPath) ?? false
                if selected && table.allowsMultipleSelection {
                    table.deselectRow(at: indexPath, animated: false)
                } else {
                    table.standInSelect(indexPath)
                }
                delegate()
                self.center.post(name: UITableView.selectionDidChangeNotification, object: table)
            }
        }
        wait(1)
    }

    /// A finger put down at `from` on `view`, moved to `to` in one step and lifted there; nothing recognizes it.
    func drag(from: (Double, Double), to: (Double, Double), hits view: UIView) {
        let touch = newTouch(from.0, from.1, in: window, hits: view)
        send(touch, .began)
        wait(0.05)
        touch.standInLocation = CGPoint(x: to.0 - window.frame.minX, y: to.1 - window.frame.minY)
        send(touch, .moved)
        wait(0.05)
        send(touch, .ended)
        wait(1)
    }

    /// A long press at (`x`, `y`) on `view`: the finger rests `seconds`, long enough for `recognizer` (a long press
    /// on `view` or an ancestor, G1) to begin while no event comes (UIKit's timer: GR6, `minimumPressDuration`,
    /// 0.5 s by default), then lifts and the recognizer ends (G2: a continuous recognizer sends its actions on
    /// `began` and `ended`).
    func press(
        _ x: Double, _ y: Double, hits view: UIView, holding seconds: Double,
        begins recognizer: UILongPressGestureRecognizer
    ) {
        let touch = newTouch(x, y, in: window, hits: view)
        send(touch, .began)
        wait(seconds)
        recognizerSendsActions(recognizer, in: .began)
        send(touch, .ended) { [unowned self] _ in self.recognizerSendsActions(recognizer, in: .ended) }
        wait(1)
    }

    /// A new touch, bound to `view` as UIKit's hit test binds it before any `sendEvent` (D1).
    private func newTouch(_ x: Double, _ y: Double, in window: RecordingWindow, hits view: UIView) -> UITouch {
        let touch = UITouch()
        touch.window = window
        // UITouch answers in its window's coordinates; the story speaks screen points.
        touch.standInLocation = CGPoint(x: x - window.frame.minX, y: y - window.frame.minY)
        touch.view = view
        return touch
    }

    /// One UIEvent with `touch` in `phase`, through the application and the window as UIKit sends it; `delivery` is
    /// what UIKit does once the window passes the event on.
    private func send(_ touch: UITouch, _ phase: UITouch.Phase, delivery: @escaping (UIEvent) -> Void = { _ in }) {
        touch.phase = phase
        touch.timestamp = clock
        let event = UIEvent()
        event.timestamp = clock
        event.standInTouches = [touch]
        pendingDelivery = { delivery(event) }
        application.sendEvent(event)
        // The run loop goes idle between a finger's events (8 ms apart at 120 Hz, far more for a tap).
        recording.runLoopWillWait()
    }

    /// The recognizer enters `state` and sends its actions: the recording's target, then the app's.
    private func recognizerSendsActions(_ recognizer: UIGestureRecognizer, in state: UIGestureRecognizer.State) {
        recognizer.standInSendActions(in: state)
        recognizerCode[ObjectIdentifier(recognizer)]?()
    }

    /// A tapped text input becomes first responder: UIKit posts its text notification, then shows the keyboard
    /// (F7: for a text field the text notification comes first; F8: no second show while the keyboard is up).
    private func becomeFirstResponder(_ responder: UIResponder) {
        responder.becomeFirstResponder()
        center.post(name: UITextField.textDidBeginEditingNotification, object: responder)
        showKeyboard(true)
    }

    // MARK: Keys

    /// `count` characters typed, one key each, into the key window's first responder (F3): a text field's text
    /// changes and it posts its notification; the app's own `UIKeyInput` view is sent `insertText(_:)`, as the
    /// keyboard does. A hidden first responder still receives them (F4).
    func type(_ count: Int) {
        for _ in 0..<count {
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
        (UIResponder.standInFirstResponder as? any UIKeyInput)?.deleteBackward()
        wait(0.25)
    }

    // MARK: App code outside any event

    /// The app makes `window` key (`makeKey()`, which the recording window records as a call); UIKit posts
    /// `didBecomeKeyNotification`; the keyboard does what the story says.
    func makeKey(_ window: RecordingWindow, keyboard: Keyboard? = nil) {
        window.makeKey()
        center.post(name: UIWindow.didBecomeKeyNotification, object: window)
        follow(keyboard)
    }

    /// The system makes `window` key with no call of the app's: the person taps into another scene of the app
    /// (each scene keeps a key window of its own since iOS 15); UIKit posts `didBecomeKeyNotification`.
    func sceneBecomesKey(_ window: RecordingWindow) {
        window.standInBecomeKey()
        center.post(name: UIWindow.didBecomeKeyNotification, object: window)
        wait(0.2)
    }

    /// The app focuses `field` by code (`becomeFirstResponder()`): the first responder of the field's window (F1,
    /// F3), with the field's notification.
    func focus(_ field: UITextField, keyboard: Keyboard? = nil) {
        field.becomeFirstResponder()
        center.post(name: UITextField.textDidBeginEditingNotification, object: field)
        follow(keyboard)
    }

    /// The app resigns `field` by code (`resignFirstResponder()`, F2), whichever window is key.
    func resign(_ field: UITextField, keyboard: Keyboard? = nil) {
        field.resignFirstResponder()
        center.post(name: UITextField.textDidEndEditingNotification, object: field)
        follow(keyboard)
    }

    private func follow(_ keyboard: Keyboard?) {
        if let keyboard { showKeyboard(keyboard == .shows) }
        wait(0.5)
    }

    /// App code ends editing (`endEditing(true)` on the window, F6): the key window's first responder resigns, its
    /// text notification is posted and the keyboard hides (F7 steps 6 and 7).
    func endEditing() {
        guard let responder = UIResponder.standInFirstResponder, responder.isFirstResponder else { return }
        responder.resignFirstResponder()
        center.post(name: UITextField.textDidEndEditingNotification, object: responder)
        showKeyboard(false)
    }

    /// UIKit shows or hides the keyboard (its will-show or will-hide notification), once per change (F8).
    func showKeyboard(_ shown: Bool) {
        guard shown != keyboardShown else { return }
        keyboardShown = shown
        center.post(
            name: shown ? UIResponder.keyboardWillShowNotification : UIResponder.keyboardWillHideNotification,
            object: nil,
            userInfo: [
                UIResponder.keyboardFrameEndUserInfoKey: NSValue(
                    rect: shown ? keyboardFrames.shown : keyboardFrames.hidden),
                UIResponder.keyboardIsLocalUserInfoKey: NSNumber(value: true),
            ])
    }

    /// A keyboard notification as UIKit posts it to every visible app: `frame` in the screen's coordinate space,
    /// `isLocal` false when another app beside this one (Split View, Slide Over) caused it.
    func postKeyboard(_ name: Notification.Name, frame: CGRect, isLocal: Bool) {
        center.post(
            name: name, object: nil,
            userInfo: [
                UIResponder.keyboardFrameEndUserInfoKey: NSValue(rect: frame),
                UIResponder.keyboardIsLocalUserInfoKey: NSNumber(value: isLocal),
            ])
        wait(0.3)
    }

    /// The recording so far, flushed.
    func recorded() -> String {
        recording.recorder.flush()
        return sink.files.joined()
    }

    func stop() { recording.stop() }
}
