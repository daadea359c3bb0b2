import Foundation
import Testing
import TouchlogFormat
import TouchlogRecorder
import TouchlogRecorderUIKit
import TouchlogTestSupport
import UIKitStandIn

/// A first responder that is not a view. Replay's model holds views only as first responders, so the recording says
/// the window has none while a controller is (docs/recorder.md, Not yet recorded); these tests pin that the recording
/// stays true to what it can say: no divergence, no finding.
@Suite(.serialized) @MainActor struct ControllerFirstResponderTests {
    /// The `inputAccessoryView` pattern: the chat controller can become first responder, so its accessory bar stays
    /// on screen when no field is being edited.
    final class ChatController: UIViewController {
        override var canBecomeFirstResponder: Bool { true }
    }

    @Test func aControllerThatBecomesFirstResponderLeavesItsWindowWithNoViewFirstResponder() throws {
        let window = RecordingWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        let chat = ChatController()
        chat.view = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.rootViewController = chat
        let message = StoryTests.field("Message", y: 400)
        chat.view.addSubview(message)
        let app = SimulatedApp(session: "STORY-CONTROLLER-FIRST-RESPONDER", window: window)
        app.tap(150, 422, hits: message, becomes: message)  // F7
        app.type(2)
        // The draft is sent: app code makes the controller first responder again (F1), so the field resigns; its
        // notification and the keyboard's follow (F7 steps 6 and 7).
        chat.becomeFirstResponder()
        app.resign(message, keyboard: .hides)
        // UIKit's outcome, by hand: the controller is its window's first responder, the field is not.
        #expect(chat.isFirstResponder && !message.isFirstResponder)
        let text = app.recorded()
        let verdict = try StoryTests.check("controller-first-responder", text)
        app.stop()
        #expect(verdict.problems.isEmpty, "\(verdict.problems)")
        #expect(verdict.findings.isEmpty, "\(verdict.findings)")
        let records = RecordingCheck.records(text)
        let start = try RecordingCheck.openingSnapshot(records)
        let messageID = try #require(StoryTests.id(labelled: "Message", in: start.hierarchy.windows[0].view))
        let changes = records.compactMap { record -> String? in
            guard case .firstResponder(let change) = record else { return nil }
            return change.view ?? "none"
        }
        #expect(changes == [messageID, "none"])
        // The field's resign is the app's doing, written as the call replay applies.
        let calls = records.compactMap { record -> String? in
            guard case .call(let call) = record else { return nil }
            return "\(call.method.rawValue) \(call.responder)"
        }
        #expect(calls == ["resignFirstResponder \(messageID)"])
    }
}
