import Foundation
import Testing
import TouchlogFormat
import TouchlogRecorder
import TouchlogRecorderUIKit
import TouchlogTestSupport
import UIKitStandIn

/// The calls an app makes itself where only swizzling could observe UIKit: key presses on its own `UIKeyInput`
/// views and its `target(forAction:withSender:)` questions.
@Suite(.serialized) @MainActor struct AppCallTests {
    /// A window with two PIN pads, the second one secure, recorded into memory.
    static func recorded(_ body: (PinPadView, PinPadView, _ tick: () -> Void) -> Void) -> String {
        let window = RecordingWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.makeKeyAndVisible()
        let pin = PinPadView(frame: CGRect(x: 24, y: 300, width: 345, height: 60))
        let secret = PinPadView(frame: CGRect(x: 24, y: 400, width: 345, height: 60))
        secret.isSecureTextEntry = true
        window.addSubview(pin)
        window.addSubview(secret)
        let sink = MemorySink()
        var now = 100.0
        let recording = TouchlogRecording.start(
            session: SessionInfo(sessionID: "PIN-PADS"), sink: sink, windows: [window], center: NotificationCenter(),
            uptime: { now }, background: false)
        body(pin, secret) { now += 0.5 }
        recording.recorder.flush()
        recording.stop()
        return sink.files.joined()
    }

    static func keys(_ text: String) -> [Int] {
        RecordingCheck.records(text).compactMap { record in
            if case .key(let key) = record { return key.length }
            return nil
        }
    }

    @Test func aPinPadsKeysAreUTF16LengthsAndItsTextNeverLeaves() {
        let typed = ["zebra", "é👍🏽", "q"]
        let text = Self.recorded { pin, _, tick in
            pin.becomeFirstResponder()
            for digits in typed {
                tick()
                pin.insertText(digits)
            }
            tick()
            pin.deleteBackward()
        }
        #expect(Self.keys(text) == typed.map(\.utf16.count) + [0])
        for digits in typed { #expect(!text.contains(digits)) }
    }

    @Test func aSecurePinPadIsNeverReadEachPressIsOne() {
        let text = Self.recorded { _, secret, tick in
            secret.becomeFirstResponder()
            tick()
            secret.insertText("quokka")
            tick()
            secret.deleteBackward()
        }
        #expect(Self.keys(text) == [1, 1])
        #expect(!text.contains("quokka"))
    }

    @Test func keysOnAPinPadThatIsNotFirstResponderAreNotTyped() {
        let text = Self.recorded { pin, secret, tick in
            secret.becomeFirstResponder()
            tick()
            pin.insertText("4")  // app code filling the other pad: no key went to it
        }
        #expect(Self.keys(text).isEmpty)
    }

    @Test func targetForActionReturnsUIKitsAnswerWithOrWithoutARecording() {
        let controller = UIViewController()
        controller.standInImplements = ["submitPIN:"]
        let pin = PinPadView(frame: .zero)
        controller.view.addSubview(pin)
        let asked = Selector("submitPIN:")
        let expected = pin.target(forAction: asked, withSender: nil) as AnyObject?
        #expect(expected === controller)
        #expect(TouchlogRecording.target(forAction: asked, withSender: nil, asking: pin) as AnyObject? === expected)
        let text = Self.recorded { pin, _, _ in
            let answer = TouchlogRecording.target(forAction: asked, withSender: nil, asking: pin)
            #expect(answer == nil)  // this pad's chain has no controller
        }
        // The question asked during the recording is written, with UIKit's answer (none).
        let questions = RecordingCheck.records(text).compactMap { record -> TargetForActionRecord? in
            if case .targetForAction(let question) = record { return question }
            return nil
        }
        #expect(questions.count == 1 && questions.first?.target == nil && questions.first?.action == "submitPIN:")
    }
}
