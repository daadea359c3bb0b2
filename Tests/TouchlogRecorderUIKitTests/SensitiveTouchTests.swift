import Foundation
import Testing
import TouchlogFormat
import TouchlogRecorder
import TouchlogRecorderUIKit
import TouchlogTestSupport
import UIKitStandIn

/// Touches on sensitive views (a secure field, the app's own `UIKeyInput` PIN pad, a keypad the app marked) are
/// recorded with their phase and view only: at the centre of the view they are bound to, without their moves, marked
/// `positionRedacted`. The positions a recording must hold are worked out by hand from the frames.
@Suite(.serialized) @MainActor struct SensitiveTouchTests {
    /// The screen: a password field, a PIN pad drawn as one view, a card keypad of buttons the app marks sensitive,
    /// and a Help button that is not sensitive.
    static func play(_ privacy: RecorderPrivacy, session: String) throws -> (text: String, ids: [String: String]) {
        let (window, controller, root) = StoryTests.screen()
        let password = StoryTests.field("Password", y: 200)
        password.isSecureTextEntry = true
        root.addSubview(password)
        let pin = PinPadView(frame: CGRect(x: 24, y: 300, width: 345, height: 200))
        pin.accessibilityLabel = "PIN"
        root.addSubview(pin)
        let keypad = UIView(frame: CGRect(x: 24, y: 560, width: 345, height: 100))
        keypad.accessibilityLabel = "Card keypad"
        let one = StoryTests.button(
            "1", frame: CGRect(x: 20, y: 20, width: 120, height: 60), target: controller, action: "digit:")
        let two = StoryTests.button(
            "2", frame: CGRect(x: 200, y: 20, width: 120, height: 60), target: controller, action: "digit:")
        keypad.addSubview(one)
        keypad.addSubview(two)
        root.addSubview(keypad)
        TouchlogRecording.markSensitive(keypad)
        let help = StoryTests.button(
            "Help", frame: CGRect(x: 24, y: 760, width: 345, height: 50), target: controller, action: "help:")
        root.addSubview(help)
        controller.standInImplements = ["digit:", "help:"]
        let app = SimulatedApp(
            session: session, window: window, configuration: RecorderConfiguration(privacy: privacy))
        app.tap(150, 222, hits: password, becomes: password)  // F7
        app.type(3)
        app.endEditing()  // app code: F6, the keyboard goes
        app.wait(0.5)
        // A plain view (no control, no text input) takes the touches; nothing is sent (H1).
        app.tap(60, 320, hits: pin)
        app.drag(from: (300, 480), to: (320, 490), hits: pin)
        // CT4: the 2 key's touchUpInside, to its explicit target (A1).
        app.tap(300, 610, hits: two, sends: ("digit:", to: controller))
        app.tap(200, 790, hits: help, sends: ("help:", to: controller))
        let text = app.recorded()
        app.stop()
        let start = try RecordingCheck.openingSnapshot(RecordingCheck.records(text))
        var ids: [String: String] = [:]
        for label in ["Password", "PIN", "2", "Help"] {
            ids[label] = try #require(StoryTests.id(labelled: label, in: start.hierarchy.windows[0].view))
        }
        return (text, ids)
    }

    @Test func sensitiveTouchesAreRecordedAtTheirViewsCentreWithoutTheirMoves() throws {
        let (text, ids) = try Self.play(RecorderPrivacy(), session: "STORY-SENSITIVE-TOUCHES")
        // Ingested, replayed with no divergence (the centre hits the view the touch was bound to) and reported with no
        // finding.
        let findings = try StoryTests.analyse("sensitive-touches", text)
        #expect(findings.isEmpty, "\(findings)")
        let touches = RecordingCheck.records(text).compactMap { record -> String? in
            guard case .touch(let touch) = record else { return nil }
            return "\(touch.phase.name) \(touch.x),\(touch.y)"
        }
        // By hand: the password field's centre (24 + 345/2, 200 + 44/2); the PIN pad's (196.5, 400), twice, with no
        // move; the 2 key's, inside the keypad (24 + 200 + 60, 560 + 20 + 30); Help's touch where the finger was.
        #expect(
            touches == [
                "began 196.5,222.0", "ended 196.5,222.0", "began 196.5,400.0", "ended 196.5,400.0",
                "began 196.5,400.0", "ended 196.5,400.0", "began 284.0,610.0", "ended 284.0,610.0",
                "began 200.0,790.0", "ended 200.0,790.0",
            ])
        let lines = text.split(separator: "\n").filter { $0.contains("\"type\":\"touch\"") }
        #expect(lines.filter { $0.contains("\"positionRedacted\":true") }.count == 8)
        // The view each touch was bound to is still there.
        #expect(lines.first?.contains("\"view\":\"\(ids["Password"]!)\"") == true)
        #expect(lines.contains { $0.contains("\"view\":\"\(ids["2"]!)\"") })
        for x in [150, 60, 300, 320] {
            #expect(!lines.contains { $0.contains("\"x\":\(x),") }, "a finger's position is in the recording")
        }
    }

    @Test func withTheOptionOffTouchesKeepTheirPositions() throws {
        let (text, _) = try Self.play(
            RecorderPrivacy(redactsSensitiveTouches: false), session: "STORY-SENSITIVE-TOUCHES-KEPT")
        let touches = RecordingCheck.records(text).compactMap { record -> String? in
            guard case .touch(let touch) = record else { return nil }
            return "\(touch.phase.name) \(touch.x),\(touch.y)"
        }
        #expect(
            touches == [
                "began 150.0,222.0", "ended 150.0,222.0", "began 60.0,320.0", "ended 60.0,320.0",
                "began 300.0,480.0", "moved 320.0,490.0", "ended 320.0,490.0", "began 300.0,610.0",
                "ended 300.0,610.0", "began 200.0,790.0", "ended 200.0,790.0",
            ])
        #expect(!text.contains("positionRedacted"))
    }
}
