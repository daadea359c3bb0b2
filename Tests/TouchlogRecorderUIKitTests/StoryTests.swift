import Foundation
import ResponderCore
import Testing
import TouchlogFormat
import TouchlogPipeline
import TouchlogRecorder
import TouchlogRecorderUIKit
import TouchlogReplay
import TouchlogReport
import TouchlogStore
import TouchlogTestSupport
import UIKitStandIn

/// The classic stories, played by a simulated app on the UIKit stand-in (ResponderCore's model playing UIKit) and
/// recorded through the adapter: each recording passes touchlog's validator, is stored by ingest, replays with no
/// divergence, and its report names the story's finding. `make record-demo` writes them to `.build/record-demo/`
/// (`TOUCHLOG_RECORD_DEMO=<folder>`) and runs the CLI on them.
@Suite(.serialized) @MainActor struct StoryTests {
    /// A screen: a window with a controller whose root view fills it.
    static func screen(window: RecordingWindow = RecordingWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852)))
        -> (RecordingWindow, UIViewController, UIView)
    {
        let controller = StoryController()
        controller.view = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.rootViewController = controller
        return (window, controller, controller.view)
    }

    static func field(_ label: String, y: Double) -> UITextField {
        let field = UITextField(frame: CGRect(x: 24, y: y, width: 345, height: 44))
        field.accessibilityLabel = label
        return field
    }

    static func button(_ label: String, frame: CGRect, target: AnyObject, action: String) -> UIButton {
        let button = UIButton(frame: frame)
        button.accessibilityLabel = label
        button.addTarget(target, action: Selector(action), for: .touchUpInside)
        return button
    }

    /// The id of the view labelled `label` in a recorded tree.
    static func id(labelled label: String, in view: ViewSpec) -> String? {
        if view.accessibilityLabel == label { return view.id }
        return view.subviews.lazy.compactMap { id(labelled: label, in: $0) }.first
    }

    /// The stories' recordings, kept to be read (and diffed when the recorder changes).
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Checks, stores, replays and reports one recording; returns the rule ids of its findings.
    static func analyse(_ name: String, _ text: String) throws -> [String] {
        if let folder = ProcessInfo.processInfo.environment["TOUCHLOG_RECORD_DEMO"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(name).jsonl"))
        }
        try Golden.expect(text, "\(name).jsonl", in: golden)
        let records = RecordingCheck.records(text, file: "\(name).jsonl")
        let session = records.enumerated().map { SessionRecord(seq: $0.offset + 1, record: $0.element) }
        let replay = try SessionReplay.lines(session, session: name)
        #expect(replay.divergenceCount == 0, "\(name): replay diverges: \(replay.lines.flatMap(\.divergences))")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "recorder-story-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("\(name).jsonl")
        try Data(text.utf8).write(to: file)
        let database = try TouchlogDatabase(path: folder.appendingPathComponent("t.sqlite").path)
        let ingest = Ingestor(database: database).ingest(.file(file.path))
        #expect(ingest.succeeded, "\(name): ingest: \(ingest.diagnostics)")
        let outcome = try ReportRun(toolVersion: "0").run(database: database)
        #expect(outcome.report.unanalysed.isEmpty)
        return outcome.report.groups.map(\.ruleID)
    }

    @Test func aHiddenFieldKeepsReceivingTypedText() throws {
        let (window, controller, root) = Self.screen()
        let promo = Self.field("Promo code", y: 300)
        root.addSubview(promo)
        root.addSubview(
            Self.button(
                "Hide", frame: CGRect(x: 24, y: 360, width: 120, height: 44), target: controller,
                action: "hidePromoCode:"))
        controller.standInImplements = ["hidePromoCode:"]
        let app = SimulatedApp(session: "STORY-HIDDEN-FIELD", window: window)
        app.appCode["hidePromoCode:"] = { promo.isHidden = true }
        app.tap(150, 322)
        app.type(3)
        app.tap(80, 382)
        app.type(4)
        let findings = try Self.analyse("hidden-field-keeps-typing", app.recorded())
        app.stop()
        #expect(findings.contains("hidden_first_responder"), "\(findings)")
    }

    @Test func aTapOutsideTheFieldFailsToDismissTheKeyboard() throws {
        let (window, _, root) = Self.screen()
        root.addSubview(Self.field("Email", y: 310))
        let app = SimulatedApp(session: "STORY-OUTSIDE-TAP", window: window)
        app.tap(151, 331)
        app.type(5)
        app.tap(200, 700)
        app.tap(210, 720)
        let findings = try Self.analyse("outside-tap-keeps-keyboard", app.recorded())
        app.stop()
        #expect(findings.contains("tap_failed_to_dismiss"), "\(findings)")
    }

    @Test func aWindowSendEventOverrideResignsOnAnOutsideTouch() throws {
        let window = DismissingWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        let (_, _, root) = Self.screen(window: window)
        root.addSubview(Self.field("Email", y: 310))
        let app = SimulatedApp(session: "STORY-DISMISSING-WINDOW", window: window)
        window.resign = { [unowned app] in app.resignFirstResponder() }
        app.tap(151, 331)
        app.type(5)
        app.tap(200, 700)
        let text = app.recorded()
        let findings = try Self.analyse("dismissing-window", text)
        app.stop()
        #expect(!findings.contains("tap_failed_to_dismiss"), "\(findings)")
        // The resign is written after the touch that caused it, as the observation of the window's policy.
        let lines = text.split(separator: "\n")
        let down = try #require(lines.lastIndex { $0.contains("\"phase\":\"began\"") })
        #expect(lines[down + 1].contains("\"type\":\"firstResponder\"") && lines[down + 1].contains("\"view\":null"))
        #expect(!text.contains("\"method\":\"resignFirstResponder\""))
    }

    @Test func aNearlyTransparentViewBlocksAButton() throws {
        let (window, controller, root) = Self.screen()
        root.addSubview(
            Self.button(
                "Add to wishlist", frame: CGRect(x: 24, y: 600, width: 345, height: 50), target: controller,
                action: "addToWishlist:"))
        root.addSubview(
            Self.button(
                "Add to bag", frame: CGRect(x: 24, y: 700, width: 345, height: 50), target: controller,
                action: "addToBag:"))
        controller.standInImplements = ["addToWishlist:", "addToBag:"]
        let app = SimulatedApp(session: "STORY-TRANSPARENT-TOAST", window: window)
        app.appCode["addToWishlist:"] = {
            let toast = ToastView(frame: CGRect(x: 24, y: 690, width: 345, height: 64))
            toast.alpha = 0.02
            root.addSubview(toast)
        }
        app.tap(200, 625)
        app.tap(200, 725)
        app.tap(180, 720)
        let findings = try Self.analyse("transparent-toast", app.recorded())
        app.stop()
        #expect(findings.contains("blocked_tap"), "\(findings)")
    }

    @Test func aTapRecognizerSwallowsARowsTap() throws {
        let (window, controller, root) = Self.screen()
        root.addSubview(Self.field("Search", y: 56))
        let table = UITableView(frame: CGRect(x: 0, y: 110, width: 393, height: 742))
        for row in 0..<6 {
            let cell = UITableViewCell(frame: CGRect(x: 0, y: Double(row) * 60, width: 393, height: 60))
            let label = UILabel(frame: CGRect(x: 16, y: 10, width: 300, height: 40))
            label.accessibilityLabel = "Contact \(row)"
            cell.addSubview(label)
            table.addSubview(cell)
        }
        let tap = UITapGestureRecognizer(target: controller, action: Selector("dismissKeyboard"))
        table.addGestureRecognizer(tap)
        TouchlogRecording.declare(tap, target: controller, action: Selector("dismissKeyboard"))
        root.addSubview(table)
        let app = SimulatedApp(
            session: "STORY-TAP-RECOGNIZER", window: window,
            configuration: RecorderConfiguration(recognizerEffects: ["dismissKeyboard": .endEditing]))
        app.tap(150, 78)
        app.type(2)
        app.tap(200, 110 + 150)
        app.tap(200, 110 + 210)
        let findings = try Self.analyse("tap-recognizer-swallows-row", app.recorded())
        app.stop()
        #expect(findings.contains("swallowed_tap"), "\(findings)")
    }

    /// A long press on a message shows its menu: the recognizer begins while the finger rests, with no event, so
    /// the recording has a `time` record right before the `began` observation (replay fires the model's long-press
    /// timer there) and the `ended` observation after the lift. The recording replays with no divergence.
    @Test func aLongPressBeginsWhileTheFingerRests() throws {
        let (window, controller, root) = Self.screen()
        let bubble = UIView(frame: CGRect(x: 16, y: 300, width: 300, height: 80))
        bubble.accessibilityLabel = "Message"
        let press = UILongPressGestureRecognizer(target: controller, action: Selector("showMenu:"))
        bubble.addGestureRecognizer(press)
        TouchlogRecording.declare(press, target: controller, action: Selector("showMenu:"))
        root.addSubview(bubble)
        controller.standInImplements = ["showMenu:"]
        let app = SimulatedApp(session: "STORY-LONG-PRESS", window: window)
        var menus = 0
        app.appCode["showMenu:"] = {
            // A continuous recognizer calls its action on began and on ended: the menu opens on began.
            guard press.state == .began else { return }
            menus += 1
            root.addSubview(ToastView(frame: CGRect(x: 16, y: 220, width: 200, height: 60)))
        }
        app.press(150, 340, holding: 0.8)
        app.tap(150, 700)
        let text = app.recorded()
        _ = try Self.analyse("long-press-menu", text)
        app.stop()
        #expect(menus == 1)
        let records = RecordingCheck.records(text)
        let states = records.compactMap { record -> ObservedRecognizerState? in
            if case .recognizer(let observation) = record { return observation.state }
            return nil
        }
        #expect(states == [.began, .ended])
        let began = try #require(
            records.firstIndex {
                if case .recognizer(let observation) = $0 { return observation.state == .began }
                return false
            })
        #expect(records[began - 1].kind == .time)
        #expect(records[began - 1].t == records[began].t)
        // Without the time record the model's long press begins only at the lift, after the `began` observation.
        let untimed = records.filter { $0.kind != .time }.enumerated().map {
            SessionRecord(seq: $0.offset + 1, record: $0.element)
        }
        let replay = try SessionReplay.lines(untimed, session: "long-press-untimed")
        #expect(replay.lines.flatMap(\.divergences).map(\.kind).contains(.recognizer))
    }

    /// The app makes a banner window key: `RecordingWindow.makeKey()` writes the request as a `call`, UIKit's
    /// `didBecomeKeyNotification` the windows' new key status and the `keyWindow` observation; it replays with no
    /// divergence.
    @Test func aWindowTheAppMakesKeyIsACallThenObserved() throws {
        let (window, _, _) = Self.screen()
        window.makeKeyAndVisible()
        let banner = RecordingWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 120))
        banner.windowLevel = .statusBar
        let center = NotificationCenter()
        let sink = MemorySink()
        var now = 7000.0
        let recording = TouchlogRecording.start(
            session: SessionInfo(sessionID: "STORY-KEY-WINDOW"), sink: sink, windows: [window, banner],
            center: center, uptime: { now }, background: false)
        now += 1
        banner.makeKeyAndVisible()
        center.post(name: UIWindow.didBecomeKeyNotification, object: banner)
        now += 1
        banner.makeKey()  // key already: no second call
        recording.recorder.flush()
        let text = sink.files.joined()
        recording.stop()
        try Golden.expect(text, "key-window.jsonl", in: Self.golden)
        let records = RecordingCheck.records(text)
        let session = records.enumerated().map { SessionRecord(seq: $0.offset + 1, record: $0.element) }
        let replay = try SessionReplay.lines(session, session: "key-window")
        #expect(replay.divergenceCount == 0, "\(replay.lines.flatMap(\.divergences))")
        #expect(records.filter { $0.kind == .call }.count == 1)
        guard case .keyWindow(let observation) = records.last else {
            Issue.record("the last record is not the keyWindow observation")
            return
        }
        guard case .call(let call) = records.first(where: { $0.kind == .call }) else { return }
        #expect(call.method == .makeKey && call.responder == observation.window)
    }

    /// A coordinator owns the order button's action and a helper is the coupon field's delegate (plain objects,
    /// declared in `objects`); the controller implements `paste:` but refuses it (nothing to paste), so the Paste
    /// button's nil-targeted action finds nobody. Without the recorded refusal replay would send it to the controller.
    @Test func aCoordinatorsActionAndARefusedPasteReplayAsRecorded() throws {
        let (window, controller, root) = Self.screen()
        let coordinator = CheckoutCoordinator()
        coordinator.standInImplements = ["placeOrder:"]
        let couponRules = CouponRules()
        let coupon = Self.field("Coupon", y: 300)
        coupon.delegate = couponRules
        root.addSubview(coupon)
        root.addSubview(
            Self.button(
                "Place order", frame: CGRect(x: 24, y: 600, width: 345, height: 50), target: coordinator,
                action: "placeOrder:"))
        let paste = UIButton(frame: CGRect(x: 24, y: 700, width: 345, height: 50))
        paste.accessibilityLabel = "Paste"
        paste.addTarget(nil, action: Selector("paste:"), for: .touchUpInside)
        root.addSubview(paste)
        controller.standInImplements = ["paste:"]
        controller.standInRefuses = ["paste:"]
        let app = SimulatedApp(session: "STORY-COORDINATOR", window: window)
        app.plainObjects = [coordinator, couponRules]
        var placed = 0
        app.appCode["placeOrder:"] = { placed += 1 }
        app.tap(200, 625)
        app.tap(200, 725)
        let text = app.recorded()
        _ = try Self.analyse("coordinator-and-refused-paste", text)
        app.stop()
        #expect(placed == 1)
        let records = RecordingCheck.records(text)
        let sent = records.compactMap { record -> SentRecord? in
            if case .sent(let sent) = record { return sent }
            return nil
        }
        #expect(sent.map(\.action) == ["placeOrder:", "paste:"])
        #expect(sent.first?.target == ObservedReference.object("CheckoutCoordinator#8"))
        #expect(sent.last?.target == ObservedReference.nobody)
    }

    /// A nil-targeted Paste button while a field is being edited: UIKit's `UITextField` implements `paste:`, so the
    /// action reaches the field. The recorder asks UIKit's own views which actions they implement; without that,
    /// replay would find nobody for `paste:` and report an unhandled action the device never had.
    @Test func aPasteButtonPastesIntoTheFieldBeingEdited() throws {
        let (window, _, root) = Self.screen()
        let note = Self.field("Note", y: 300)
        root.addSubview(note)
        let paste = UIButton(frame: CGRect(x: 24, y: 700, width: 345, height: 50))
        paste.accessibilityLabel = "Paste"
        paste.addTarget(nil, action: Selector("paste:"), for: .touchUpInside)
        root.addSubview(paste)
        let app = SimulatedApp(session: "STORY-PASTE", window: window)
        var pasted = 0
        app.appCode["paste:"] = { pasted += 1 }
        app.tap(200, 322)
        app.tap(200, 725)
        let text = app.recorded()
        let findings = try Self.analyse("paste-into-field", text)
        app.stop()
        #expect(pasted == 1 && note.isFirstResponder)
        let records = RecordingCheck.records(text)
        let sent = records.compactMap { record -> SentRecord? in
            if case .sent(let sent) = record { return sent }
            return nil
        }
        #expect(sent.map(\.action) == ["paste:"])
        let receiver = try #require(sent.first?.target.id, "paste: reached nobody")
        #expect(receiver.hasPrefix("UITextField#"))
        #expect(!findings.contains { $0.contains("unhandled") })
    }

    /// A PIN pad of the app's own (a `UIKeyInput` view) takes focus when tapped (its recognizer's action calls
    /// `becomeFirstResponder()`, which the recording writes as a call: UIKit focuses only text inputs on a tap) and
    /// receives typed digits and a deletion, which it reports itself. At four digits the app asks, through
    /// `TouchlogRecording.target(forAction:…)`, who handles `submitPIN:` (the controller) and who would `paste:` (nobody:
    /// the pad refuses it), then hides the pad behind its lockout message without resigning it; the next digits still
    /// go into it. The recording replays with no divergence (the model answers both questions alike) and its report
    /// names the hidden first responder.
    @Test func aHiddenPinPadKeepsReceivingKeys() throws {
        let (window, controller, root) = Self.screen()
        let pin = PinPadView(frame: CGRect(x: 24, y: 300, width: 345, height: 60))
        pin.accessibilityLabel = "PIN"
        pin.standInImplements = ["paste:"]
        pin.standInRefuses = ["paste:"]
        let focus = UITapGestureRecognizer(target: controller, action: Selector("focusPIN:"))
        pin.addGestureRecognizer(focus)
        TouchlogRecording.declare(focus, target: controller, action: Selector("focusPIN:"))
        root.addSubview(pin)
        controller.standInImplements = ["focusPIN:", "submitPIN:"]
        let app = SimulatedApp(session: "STORY-PIN-PAD", window: window)
        // The pad adopts UIKeyInput: iOS shows the system keyboard once it is first responder.
        app.appCode["focusPIN:"] = {
            pin.becomeFirstResponder()
            app.showKeyboard(true)
        }
        var answers: [(submit: AnyObject?, paste: AnyObject?)] = []
        pin.onChange = {
            guard pin.digits.count == 4, !pin.isHidden else { return }
            let submit = TouchlogRecording.target(forAction: Selector("submitPIN:"), withSender: pin, asking: pin)
            let paste = TouchlogRecording.target(forAction: Selector("paste:"), withSender: nil, asking: pin)
            answers.append((submit as AnyObject?, paste as AnyObject?))
            pin.isHidden = true  // a wrong PIN: the lockout message covers the pad, which stays first responder
        }
        app.tap(150, 330)
        app.type(3)
        app.deleteBackward()
        app.type(2)
        app.type(2)
        let text = app.recorded()
        let findings = try Self.analyse("hidden-pin-pad", text)
        app.stop()
        #expect(findings.contains("hidden_first_responder"), "\(findings)")
        // UIKit's answers came back unchanged.
        #expect(answers.count == 1)
        #expect(answers.first?.submit === controller && answers.first?.paste == nil)
        let records = RecordingCheck.records(text)
        let keys = records.compactMap { record -> Int? in
            if case .key(let key) = record { return key.length }
            return nil
        }
        #expect(keys == [1, 1, 1, 0, 1, 1, 1, 1])
        let questions = records.compactMap { record -> TargetForActionRecord? in
            if case .targetForAction(let question) = record { return question }
            return nil
        }
        let snapshot = try RecordingCheck.openingSnapshot(records)
        let pinID = snapshot.hierarchy.windows[0].view.subviews[0].subviews[0].id
        #expect(pinID.hasPrefix("PinPadView#"))
        // Recorded as adopting UIKeyInput, so replay's model shows the keyboard the device showed.
        #expect(snapshot.hierarchy.windows[0].view.subviews[0].subviews[0].adoptsKeyInput == true)
        #expect(records.contains { if case .keyboard(let k) = $0 { k.phase == .willShow } else { false } })
        #expect(questions.map(\.action) == ["submitPIN:", "paste:"])
        #expect(questions.map(\.responder) == [pinID, pinID])
        #expect(questions.map(\.target) == [snapshot.hierarchy.controllers.first?.id, nil])
        // The tap's focus is the app's own call, written as input before its observation.
        let call = records.first { $0.kind == .call }
        guard case .call(let focusCall) = call else {
            Issue.record("no call record for the pad's focus")
            return
        }
        #expect(focusCall.method == .becomeFirstResponder && focusCall.responder == pinID)
    }

    /// A promo banner is the coupon field's delegate; its close button removes it, and the app keeps it (the field
    /// still names it). From then on it is a view in no window: a `remove`, which leaves it known (a snapshot would
    /// declare it in `detachedViews`); the field is then tapped and typed into, and the recording replays with no
    /// divergence.
    @Test func aRemovedViewTheAppKeepsIsDeclaredInNoWindow() throws {
        let (window, _, root) = Self.screen()
        let coupon = Self.field("Coupon", y: 300)
        let banner = PromoBanner(frame: CGRect(x: 0, y: 100, width: 393, height: 80))
        banner.standInImplements = ["closeBanner:"]
        banner.addSubview(
            Self.button(
                "Close", frame: CGRect(x: 340, y: 20, width: 40, height: 40), target: banner, action: "closeBanner:"))
        coupon.delegate = banner
        root.addSubview(banner)
        root.addSubview(coupon)
        let app = SimulatedApp(session: "STORY-DETACHED-BANNER", window: window)
        app.appCode["closeBanner:"] = { banner.removeFromSuperview() }
        app.tap(360, 140)
        app.tap(150, 322)
        app.type(2)
        let text = app.recorded()
        _ = try Self.analyse("removed-banner-kept", text)
        app.stop()
        let records = RecordingCheck.records(text)
        let removed = records.compactMap { record -> String? in
            if case .remove(let remove) = record { return remove.view }
            return nil
        }
        #expect(removed.count == 1 && removed.first?.hasPrefix("PromoBanner#") == true)
        #expect(records.filter { $0.kind == .snapshot }.count == 1)
        // The view the app keeps is still what the field's delegate names, in no window: a capture now declares it.
        var ids = ObjectIDs()
        let hierarchy = HierarchyCapture().capture(windows: [window], application: nil, ids: &ids)
        #expect(hierarchy.detachedViews.map(\.className) == [recordedName(PromoBanner.self)])
        #expect(hierarchy.detachedViews.first?.subviews.count == 1)
    }

    /// Two windows keep a first responder each: the shop's Search field and, in a chat window in front, the Message
    /// field. The app moves key status between them (`makeKey`, a call), focuses and resigns the message by code while
    /// the other window is key, and types. The recording names each window's first responder, writes no first-responder
    /// change where only key status moved, and replays with no divergence: every key reaches the field the app typed
    /// into.
    @Test func eachWindowKeepsItsOwnFirstResponder() throws {
        let (main, _, root) = Self.screen()
        let search = Self.field("Search", y: 56)
        root.addSubview(search)
        let chat = RecordingWindow(frame: CGRect(x: 0, y: 380, width: 393, height: 120))
        chat.windowLevel = UIWindow.Level(rawValue: UIWindow.Level.normal.rawValue + 1)
        let chatController = StoryController()
        chatController.view = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 120))
        chat.rootViewController = chatController
        let message = Self.field("Message", y: 38)
        chatController.view.addSubview(message)
        let app = SimulatedApp(session: "STORY-TWO-WINDOWS", window: main, otherWindows: [chat])
        app.tap(150, 78)  // Search, in the key window: UIKit's doing
        app.type(3)
        app.makeKey(chat)  // a reply came: the chat opens...
        app.focus(message)  // ...and its field is focused by code, in its own window
        app.type(2)
        app.makeKey(main)  // the chat is minimised: Search is still its window's first responder
        app.type(4)
        app.resign(message)  // the draft is sent: the chat window's first responder resigns while main is key
        app.makeKey(chat)  // the chat has none: the keyboard goes
        app.tap(150, 440, in: chat)  // Message, tapped in the chat window
        app.type(1)
        let text = app.recorded()
        let findings = try Self.analyse("two-windows-first-responders", text)
        app.stop()
        // The chat's resign while the shop is key leaves the keyboard to Search: no keyboard without a first responder.
        #expect(findings.isEmpty, "\(findings)")
        let records = RecordingCheck.records(text)
        let start = try RecordingCheck.openingSnapshot(records)
        let (mainID, chatID) = (start.hierarchy.windows[0].view.id, start.hierarchy.windows[1].view.id)
        let searchID = try #require(Self.id(labelled: "Search", in: start.hierarchy.windows[0].view))
        let messageID = try #require(Self.id(labelled: "Message", in: start.hierarchy.windows[1].view))
        let observed = records.compactMap { record -> String? in
            guard case .firstResponder(let change) = record else { return nil }
            return "\(change.view ?? "none") in \(change.window ?? "?")"
        }
        #expect(
            observed == [
                "\(searchID) in \(mainID)", "\(messageID) in \(chatID)", "none in \(chatID)",
                "\(messageID) in \(chatID)",
            ])
        // The app's own calls, and nothing where only key status moved (a single search would take Search becoming
        // the first responder again for app code).
        let calls = records.compactMap { record -> String? in
            guard case .call(let call) = record else { return nil }
            return "\(call.method.rawValue) \(call.responder)"
        }
        #expect(
            calls == [
                "makeKey \(chatID)", "becomeFirstResponder \(messageID)", "makeKey \(mainID)",
                "resignFirstResponder \(messageID)", "makeKey \(chatID)",
            ])
        // Replay types where the app typed: the key window's first responder each time.
        let session = records.enumerated().map { SessionRecord(seq: $0.offset + 1, record: $0.element) }
        let replay = try SessionReplay.lines(session, session: "two-windows")
        let receivers = replay.lines.compactMap { line -> String? in
            guard line.record.kind == .key else { return nil }
            return line.step.keyInputReceiver ?? "none"
        }
        #expect(
            receivers == Array(repeating: searchID, count: 3) + Array(repeating: messageID, count: 2)
                + Array(repeating: searchID, count: 4) + [messageID])
    }
}

final class PromoBanner: UIView, UITextFieldDelegate {}

/// A PIN pad of the app's own: a view that adopts `UIKeyInput` (the keyboard types into it while it is first
/// responder) and reports its key presses to the recording, as docs/recorder.md tells an app to.
final class PinPadView: UIView, UIKeyInput {
    var digits = ""
    var isSecureTextEntry = false
    /// The app's reaction to a changed PIN.
    var onChange: () -> Void = {}
    override var canBecomeFirstResponder: Bool { true }
    var hasText: Bool { !digits.isEmpty }

    func insertText(_ text: String) {
        digits += text
        TouchlogRecording.current?.keyInput(in: self, inserted: text)
        onChange()
    }

    func deleteBackward() {
        if !digits.isEmpty { digits.removeLast() }
        TouchlogRecording.current?.keyInputDeleted(in: self)
        onChange()
    }
}

/// A test class's module-qualified name, as the adapter writes it.
func recordedName(_ type: AnyClass) -> String { String(reflecting: type) }
final class StoryController: UIViewController {}
final class CouponRules: StandInObject, UITextFieldDelegate {}
final class CheckoutCoordinator: StandInObject {}
final class ToastView: UIView {}

/// The classic fix: a window that resigns the first responder when a touch begins outside it, before delivery.
final class DismissingWindow: RecordingWindow {
    var resign: () -> Void = {}
    override var touchlogPolicies: [DismissPolicy] { [.dismissOnOutsideTouch] }

    override func sendEvent(_ event: UIEvent) {
        if let first = UIResponder.standInFirstResponder as? UIView,
            let touch = event.touches(for: self)?.first(where: { $0.phase == .began }),
            let view = touch.view, view !== first, !view.canBecomeFirstResponder
        {
            resign()
        }
        super.sendEvent(event)
    }
}
