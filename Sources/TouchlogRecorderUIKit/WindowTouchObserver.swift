import TouchlogRecorder
import TouchlogSchema

#if canImport(UIKit)
    import UIKit
    // The touch methods and the settable `state` are for subclasses (UIGestureRecognizerSubclass.h).
    import UIKit.UIGestureRecognizerSubclass
#else
    import Foundation
    import UIKitStandIn
#endif

/// The recording's eyes on a window it did not make, such as the windows a SwiftUI app's `WindowGroup` makes: no
/// `RecordingWindow` subclass is installed there, so a gesture recognizer attached to the window watches its touches.
///
/// UIKit hands every touch to the recognizers of the touched view and of its ancestors, the window's included,
/// before the view ("A window delivers touch events to a gesture recognizer before it delivers them to the
/// hit-tested view", Apple docs: UIGestureRecognizer), so the observer sees each event at about the moment
/// `RecordingWindow.sendEvent` does, with `touch.view` already hit-tested. It takes nothing from the app: it never
/// recognizes (it stays `possible` and fails once its touches are over, so UIKit resets it), does not cancel or delay
/// touches (`cancelsTouchesInView`, `delaysTouchesBegan`, `delaysTouchesEnded` false), can prevent no other
/// recognizer and be prevented by none (`canPrevent(_:)`, `canBePrevented(by:)` false), so a recognizer that
/// recognizes does not fail it in the middle of a touch.
///
/// What it cannot see: the end of the window's handling of the event. The recording closes the event on the next
/// turn of the main run loop (or at the next event), which is after the view's touches and the recognizers' actions
/// of that event.
final class WindowTouchObserver: UIGestureRecognizer {
    /// The event last reported, by its timestamp: UIKit may call two of the touch methods for one event (a finger
    /// lands while another moves), and the recorder takes each event once, with all its touches.
    private var lastEvent: TimeInterval?

    /// Made with no target (`WindowTouchObserver(target: nil, action: nil)`): it sends no action.
    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        cancelsTouchesInView = false
        delaysTouchesBegan = false
        delaysTouchesEnded = false
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        observe(event)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        observe(event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        observe(event)
        finishIfOver(event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        observe(event)
        finishIfOver(event)
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    private func observe(_ event: UIEvent) {
        guard event.timestamp != lastEvent, let window = view as? UIWindow, let recording = TouchlogRecording.current
        else { return }
        lastEvent = event.timestamp
        recording.observedEvent(event, in: window)
    }

    /// Every finger of the window lifted: failing asks nothing of the other recognizers and lets UIKit reset this
    /// one for the next touches.
    private func finishIfOver(_ event: UIEvent) {
        guard let window = view as? UIWindow else { return }
        let over = (event.touches(for: window) ?? []).allSatisfy { $0.phase == .ended || $0.phase == .cancelled }
        if over { state = .failed }
    }
}

extension UIWindow {
    /// The window's touches of `event` as the recorder reads them, oldest first: from the window's `sendEvent`, or
    /// from the touch observer of a window the recording did not make.
    func touchReadings(of event: UIEvent) -> [TouchReading] {
        let touches = (event.touches(for: self) ?? []).map { touch in
            let location = touch.location(in: nil)
            let began = touch.phase == .began
            return TouchReading(
                touch: touch, phase: TouchPhase(touch.phase),
                locationInWindow: Point(Double(location.x), Double(location.y)),
                timestamp: touch.timestamp, tapCount: touch.tapCount, view: touch.view,
                // Only a touch that begins binds: later phases keep what the recorder decided then.
                sensitiveViewCenter: began
                    ? touch.view.flatMap { TouchlogRecording.sensitiveCenter(of: $0, in: self) } : nil,
                inHostedContent: began && (touch.view.map(isInSwiftUIContent) ?? false))
        }
        return touches.sorted { $0.timestamp < $1.timestamp }
    }
}
