import TouchlogRecorder

#if canImport(UIKit)
    import UIKit
#else
    import UIKitStandIn
#endif

/// A `UIApplication` that records every action sent through it, with the object that received it. Name it in
/// `UIApplicationMain` (or `@main` with `UIApplicationMain(argc, argv, NSStringFromClass(RecordingApplication.self),
/// …)`), or subclass it.
open class RecordingApplication: UIApplication {
    /// Opens the event before any window sees it: a window's `sendEvent` override runs before the recording
    /// window's own, and what it does (a resign, and the keyboard notifications that follow) belongs to this event.
    open override func sendEvent(_ event: UIEvent) {
        TouchlogRecording.current?.recorder.beginEvent()
        super.sendEvent(event)
        TouchlogRecording.current?.recorder.endEvent()
    }

    @discardableResult
    open override func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        guard let recording = TouchlogRecording.current else {
            return super.sendAction(action, to: target, from: sender, for: event)
        }
        // A nil target goes along the responder chain from the key window's first responder (or the sender): the
        // object that will take it, found before the action runs and perhaps changes the first responder.
        var receiver: AnyObject? = target as AnyObject?
        if receiver == nil {
            let start = recording.firstResponder() ?? (sender as? UIResponder)
            receiver = start?.target(forAction: action, withSender: sender) as AnyObject?
        }
        let handled = super.sendAction(action, to: target, from: sender, for: event)
        recording.recorder.didSendAction(
            NSStringFromSelector(action), target: handled ? receiver : nil, sender: sender as AnyObject?,
            handled: handled, at: recording.uptime())
        return handled
    }
}
