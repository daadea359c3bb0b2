import TouchlogRecorder
import TouchlogSchema

#if canImport(UIKit)
    import UIKit
#else
    import UIKitStandIn
#endif

/// A `UIWindow` that records every event before passing it on: make the app's windows instances of it (or of a
/// subclass), and no swizzling is needed.
///
/// When the window's `sendEvent(_:)` runs, UIKit has already hit-tested each new touch (`touch.view`), which is
/// recorded as the observed view. A subclass that resigns the first responder on an outside touch before calling
/// `super.sendEvent` declares it with `touchlogPolicies` (`[.dismissOnOutsideTouch]`), so replay models it.
open class RecordingWindow: UIWindow {
    /// Keyboard-dismiss behaviours this window adds (docs/log-format.md, policies).
    open var touchlogPolicies: [DismissPolicy] { [] }

    /// Inside `makeKey()` or `makeKeyAndVisible()`: UIKit may implement one with the other, and the request is
    /// recorded once.
    private var makingKey = false

    /// The app asks for this window to become key: recorded as a `call` (`makeKey`), an input replay applies; the
    /// key window that results is observed on `UIWindow.didBecomeKeyNotification`.
    open override func makeKey() {
        willMakeKey()
        super.makeKey()
        didMakeKey()
    }

    open override func makeKeyAndVisible() {
        willMakeKey()
        super.makeKeyAndVisible()
        didMakeKey()
    }

    private func didMakeKey() {
        makingKey = false
        TouchlogRecording.current?.windowBecameKey(self)
    }

    private func willMakeKey() {
        guard !makingKey else { return }
        makingKey = true
        if let recording = TouchlogRecording.current { recording.recorder.willMakeKey(self, at: recording.uptime()) }
    }

    open override func sendEvent(_ event: UIEvent) {
        guard let recording = TouchlogRecording.current, event.type == .touches else {
            super.sendEvent(event)
            return
        }
        recording.endObservedEvent()
        recording.recorder.willSendEvent(touchReadings(of: event), in: self)
        super.sendEvent(event)
        recording.recorder.didSendEvent(at: event.timestamp)
    }
}

extension TouchPhase {
    init(_ phase: UITouch.Phase) {
        switch phase {
        case .began: self = .began
        case .moved: self = .moved
        case .stationary: self = .stationary
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        // Pointer hover phases carry no touch of a finger; they are read as resting.
        case .regionEntered, .regionMoved, .regionExited: self = .stationary
        #if canImport(UIKit)
            @unknown default: self = .stationary
        #endif
        }
    }
}
