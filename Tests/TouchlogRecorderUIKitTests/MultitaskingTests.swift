import Foundation
import Testing
import TouchlogFormat
import TouchlogRecorder
import TouchlogRecorderUIKit
import TouchlogReplay
import TouchlogTestSupport
import UIKitStandIn

/// iPad multitasking: an app whose scene covers part of the screen (Split View, Slide Over, Stage Manager), beside
/// another app. UIKit's outcome is written by hand: the keyboard frames UIKit posts, in the screen's coordinate space,
/// and the frames the recording must hold, in its windows' coordinates.
@Suite(.serialized) @MainActor struct MultitaskingTests {
    /// An 11-inch iPad in landscape (1194 x 834 points) in Split View: this app's scene is the right 594 points,
    /// another app the left 594. The app's keyboard frames arrive in the screen's coordinates and are recorded in the
    /// window's (600 points to the left); the other app's keyboard, which UIKit also tells this app of
    /// (`keyboardIsLocalUserInfoKey` false), is not this app's keyboard: it is written as the recorder's
    /// `otherAppKeyboard` note, which replay and the rules leave alone. The recording replays with no divergence and
    /// reports nothing.
    @Test func keyboardFramesAreInTheWindowsCoordinatesAndOtherAppsKeyboardsAreNotes() throws {
        let screen = UIScreen(standInBounds: CGRect(x: 0, y: 0, width: 1194, height: 834), scale: 2)
        let scene = UIWindowScene(
            standInScreen: screen, frameOnScreen: CGRect(x: 600, y: 0, width: 594, height: 834))
        let window = RecordingWindow(windowScene: scene)
        #expect(window.frame == CGRect(x: 0, y: 0, width: 594, height: 834))
        let controller = StoryController()
        controller.view = UIView(frame: CGRect(x: 0, y: 0, width: 594, height: 834))
        window.rootViewController = controller
        let note = StoryTests.field("Note", y: 300)
        controller.view.addSubview(note)
        let app = SimulatedApp(session: "STORY-SPLIT-VIEW-KEYBOARD", window: window)
        // UIKit's keyboard spans the screen's width, in the screen's coordinates.
        app.keyboardFrames = (
            shown: CGRect(x: 0, y: 436, width: 1194, height: 398),
            hidden: CGRect(x: 0, y: 834, width: 1194, height: 398)
        )
        app.tap(150, 322, hits: note, becomes: note)  // F7: the field focuses at touch-up; its keyboard shows
        app.type(2)
        app.endEditing()  // app code: F6; the keyboard hides
        app.wait(1)
        // The app on the left focuses one of its fields: every visible app is told, this one with isLocal false.
        app.postKeyboard(
            UIResponder.keyboardWillShowNotification, frame: CGRect(x: 0, y: 436, width: 1194, height: 398),
            isLocal: false)
        app.postKeyboard(
            UIResponder.keyboardWillHideNotification, frame: CGRect(x: 0, y: 834, width: 1194, height: 398),
            isLocal: false)
        let text = app.recorded()
        let findings = try StoryTests.analyse("split-view-keyboard", text)
        app.stop()
        #expect(findings.isEmpty, "\(findings)")
        let keyboards = RecordingCheck.records(text).compactMap { record -> String? in
            guard case .keyboard(let keyboard) = record else { return nil }
            let f = keyboard.frame
            return "\(keyboard.phase.rawValue) \([f.x, f.y, f.width, f.height])"
        }
        // Written by hand: the screen's frames, 600 points to the left (the scene's corner on the screen).
        #expect(keyboards == ["willShow [-600.0, 436.0, 1194.0, 398.0]", "willHide [-600.0, 834.0, 1194.0, 398.0]"])
        let others = RecordingCheck.records(text).compactMap { record -> String? in
            guard case .otherAppKeyboard(let keyboard) = record else { return nil }
            return "\(keyboard.phase.rawValue) \(keyboard.frame.x)"
        }
        #expect(others == ["willShow -600.0", "willHide -600.0"])
    }

    /// The stand-in's conversions, against frames worked out by hand: a view's point in the screen's coordinate space
    /// adds its frames up to its window and the scene's corner.
    @Test func theStandInConvertsBetweenTheScreenAndAViewInASplitViewScene() {
        let screen = UIScreen(standInBounds: CGRect(x: 0, y: 0, width: 1194, height: 834))
        let scene = UIWindowScene(standInScreen: screen, frameOnScreen: CGRect(x: 600, y: 0, width: 594, height: 834))
        let window = UIWindow(windowScene: scene)
        let card = UIView(frame: CGRect(x: 10, y: 20, width: 300, height: 300))
        window.addSubview(card)
        #expect(card.convert(CGPoint(x: 5, y: 5), to: screen.coordinateSpace) == CGPoint(x: 615, y: 25))
        #expect(
            window.convert(CGRect(x: 0, y: 436, width: 1194, height: 398), from: screen.coordinateSpace)
                == CGRect(x: -600, y: 436, width: 1194, height: 398))
        #expect(window.screen === screen && scene.windows.count == 1)
    }

    /// Two scenes of the app side by side in Split View: the inbox on the left, a draft on the right, each with a key
    /// window of its own since iOS 15 ("the key window of its scene", Apple docs: UIWindow.isKeyWindow) and a field.
    /// The person types into the inbox's Search, then taps into the draft's body (the system makes the draft's window
    /// key; the inbox's stays key in its scene) and types, then taps the draft's nil-targeted Paste button. The
    /// recording calls the window of the scene the person works in key, so replay types where the person typed and
    /// the paste reaches the body, as UIKit sent it; it replays with no divergence.
    @Test func keysAndNilTargetedActionsFollowTheSceneThePersonWorksIn() throws {
        let screen = UIScreen(standInBounds: CGRect(x: 0, y: 0, width: 1194, height: 834), scale: 2)
        let inboxScene = UIWindowScene(
            standInScreen: screen, frameOnScreen: CGRect(x: 0, y: 0, width: 597, height: 834))
        let draftScene = UIWindowScene(
            standInScreen: screen, frameOnScreen: CGRect(x: 597, y: 0, width: 597, height: 834))
        func window(_ scene: UIWindowScene, _ label: String, y: Double) -> (RecordingWindow, UITextField) {
            let window = RecordingWindow(windowScene: scene)
            let controller = StoryController()
            controller.view = UIView(frame: CGRect(x: 0, y: 0, width: 597, height: 834))
            window.rootViewController = controller
            let field = StoryTests.field(label, y: y)
            controller.view.addSubview(field)
            return (window, field)
        }
        let (inbox, search) = window(inboxScene, "Search", y: 56)
        let (draft, body) = window(draftScene, "Body", y: 120)
        let paste = UIButton(frame: CGRect(x: 24, y: 700, width: 200, height: 50))
        paste.accessibilityLabel = "Paste"
        paste.addTarget(nil, action: Selector("paste:"), for: .touchUpInside)
        draft.rootViewController?.view.addSubview(paste)
        draft.makeKeyAndVisible()  // the draft's scene came up first: its window is key there
        let app = SimulatedApp(session: "STORY-TWO-SCENES", window: inbox, otherWindows: [draft])  // then the inbox's
        app.keyboardFrames = (
            shown: CGRect(x: 0, y: 436, width: 1194, height: 398),
            hidden: CGRect(x: 0, y: 834, width: 1194, height: 398)
        )
        #expect(inbox.isKeyWindow && draft.isKeyWindow)
        app.tap(150, 78, in: inbox, hits: search, becomes: search)  // F7
        app.type(2)
        app.sceneBecomesKey(draft)  // the person moves to the draft's scene
        app.tap(150, 142, in: draft, hits: body, becomes: body)  // F7, in the draft's window
        app.type(3)
        // A2: nil-targeted, from the key window's first responder, the body, which implements paste: (A3).
        app.tap(124, 725, in: draft, hits: paste, sends: ("paste:", to: nil))
        let text = app.recorded()
        _ = try StoryTests.analyse("two-scenes", text)
        app.stop()
        #expect(inbox.isKeyWindow && draft.isKeyWindow)  // UIKit: each still key in its scene
        let records = RecordingCheck.records(text)
        let start = try RecordingCheck.openingSnapshot(records)
        // Written by hand: at the start the inbox is where the person works, and the only window recorded key.
        #expect(start.hierarchy.windows.map(\.isKeyWindow) == [true, false])
        let searchID = try #require(StoryTests.id(labelled: "Search", in: start.hierarchy.windows[0].view))
        let bodyID = try #require(StoryTests.id(labelled: "Body", in: start.hierarchy.windows[1].view))
        let sent = records.compactMap { record -> String? in
            guard case .sent(let sent) = record else { return nil }
            return "\(sent.action) to \(sent.target.id ?? "nobody")"
        }
        #expect(sent == ["paste: to \(bodyID)"])
        let session = records.enumerated().map { SessionRecord(seq: $0.offset + 1, record: $0.element) }
        let replay = try SessionReplay.lines(session, session: "two-scenes")
        let receivers = replay.lines.compactMap { line -> String? in
            guard line.record.kind == .key else { return nil }
            return line.step.keyInputReceiver ?? "none"
        }
        #expect(receivers == [searchID, searchID, bodyID, bodyID, bodyID])
    }
}
