import TouchlogRecorder
import TouchlogSchema

#if canImport(UIKit)
    import UIKit
#else
    import Foundation
    import UIKitStandIn
#endif

/// The target the recording adds to every gesture recognizer it captures (`addTarget(_:action:)`, no swizzling), so
/// each action the recognizer sends is also reported with the state it was in.
///
/// What this can see is what UIKit sends actions for: a discrete recognizer's recognition (read as `ended`, the same
/// value as `recognized`) and a continuous one's `began`, `changed`, `ended` and `cancelled`. A recognizer that fails
/// sends nothing, and `possible` is never sent, so neither is recorded (docs/recorder.md).
@MainActor
final class RecognizerObserver: NSObject {
    static let shared = RecognizerObserver()

    #if canImport(UIKit)
        static let action = #selector(recognizerDidSendAction(_:))

        @objc func recognizerDidSendAction(_ recognizer: UIGestureRecognizer) { report(recognizer) }
    #else
        static let action = Selector("recognizerDidSendAction:")
    #endif

    private func report(_ recognizer: UIGestureRecognizer) {
        guard let recording = TouchlogRecording.current else { return }
        recording.recorder.recognizerDidSendAction(
            recognizer, state: ObservedRecognizerState(recognizer.state), at: recording.uptime())
    }
}

#if !canImport(UIKit)
    extension RecognizerObserver: StandInActionTarget {
        func standInPerform(_ action: Selector, with sender: Any?) {
            if action == Self.action, let recognizer = sender as? UIGestureRecognizer { report(recognizer) }
        }
    }
#endif

extension ObservedRecognizerState {
    init(_ state: UIGestureRecognizer.State) {
        switch state {
        case .possible: self = .possible
        case .began: self = .began
        case .changed: self = .changed
        // `.recognized` is the same value: a discrete recognizer's success reads as `ended`.
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        case .failed: self = .failed
        #if canImport(UIKit)
            @unknown default: self = .possible
        #endif
        }
    }
}
