import Foundation
import Testing
import TouchlogFormat
import TouchlogRecorder
import TouchlogRecorderUIKit
import TouchlogTestSupport
import UIKitStandIn

/// A view controller as first responder (the `inputAccessoryView` pattern): the recorder's search asks a window's
/// controllers when none of its views is first responder, the snapshot says which controllers can become first
/// responder and show input views, and replay's model follows them with no divergence and no finding.
@Suite(.serialized) @MainActor struct ControllerFirstResponderTests {
    /// The `inputAccessoryView` pattern: the chat controller can become first responder, so its accessory bar stays
    /// on screen when no field is being edited.
    final class ChatController: UIViewController {
        override var canBecomeFirstResponder: Bool { true }
    }

    @Test func aControllerThatTakesOverFromAFieldIsWrittenAsTheAppsCall() throws {
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
        let chatID = try #require(start.hierarchy.controllers.first?.id)
        #expect(start.hierarchy.controllers.first?.canBecomeFirstResponder == true)
        // It has no input views: the keyboard goes with the field.
        #expect(start.hierarchy.controllers.first?.showsInputViews == false)
        #expect(changes == [messageID, chatID])
        // The controller's taking over is the app's doing, written as the call replay applies.
        let calls = records.compactMap { record -> String? in
            guard case .call(let call) = record else { return nil }
            return "\(call.method.rawValue) \(call.responder)"
        }
        #expect(calls == ["becomeFirstResponder \(chatID)"])
    }

    /// The chat's controller has a message bar as its `inputAccessoryView`: made first responder when the screen
    /// appears, UIKit shows the bar and tells the app with a keyboard notification whose frame is the bar's. Taps on
    /// the messages then keep it: UIKit resigns nothing on a tap, and the report must not call that a keyboard that
    /// failed to go away.
    final class ChatBarController: UIViewController {
        let bar = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 50))
        override var canBecomeFirstResponder: Bool { true }
        override var inputAccessoryView: UIView? { bar }
    }

    @Test func aControllerWithAnInputAccessoryBarIsRecordedAsItsWindowsFirstResponder() throws {
        let window = RecordingWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        let chat = ChatBarController()
        chat.view = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.rootViewController = chat
        let messages = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 802))
        chat.view.addSubview(messages)
        let app = SimulatedApp(session: "STORY-CONTROLLER-ACCESSORY-BAR", window: window)
        // viewDidAppear: the app's own call; UIKit shows the bar (a keyboard notification with the bar's frame).
        chat.becomeFirstResponder()
        app.postKeyboard(
            UIResponder.keyboardWillShowNotification, frame: CGRect(x: 0, y: 802, width: 393, height: 50),
            isLocal: true)
        app.tap(200, 400, hits: messages)
        app.tap(210, 420, hits: messages)
        // UIKit's outcome, by hand: the controller is still first responder, the bar still up.
        #expect(chat.isFirstResponder)
        let text = app.recorded()
        let verdict = try StoryTests.check("controller-accessory-bar", text)
        app.stop()
        #expect(verdict.problems.isEmpty, "\(verdict.problems)")
        #expect(verdict.findings.isEmpty, "\(verdict.findings)")
        let records = RecordingCheck.records(text)
        let start = try RecordingCheck.openingSnapshot(records)
        let controller = try #require(start.hierarchy.controllers.first)
        #expect(controller.canBecomeFirstResponder && controller.showsInputViews)
        let changes = records.compactMap { record -> String? in
            guard case .firstResponder(let change) = record else { return nil }
            return change.view ?? "none"
        }
        #expect(changes == [controller.id])
    }
}
