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

/// The classic stories, played by a simulated app on the UIKit stand-in and recorded through the adapter. Each story
/// scripts UIKit's outcome for every event by hand, from the documented semantics (SimulatedApp; the rules are
/// cited where a story relies on one), never from ResponderCore's model. Each recording passes touchlog's validator,
/// is stored by ingest, replays with no divergence (the model agrees with UIKit as written down, and the recorder
/// wrote what happened), and its report names the story's finding. StoryCheckTeethTests shows the check failing on
/// recordings made wrong the way a recorder bug would make them. `make record-demo` writes them to `.build/record-demo/`
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

    /// Checks one story's recording against the golden, then judges it (`check`): a story passes only when its
    /// check finds nothing wrong. Returns the rule ids of its findings.
    static func analyse(
        _ name: String, _ text: String, expecting expected: Set<String> = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        if let folder = ProcessInfo.processInfo.environment["TOUCHLOG_RECORD_DEMO"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(name).jsonl"))
        }
        try Golden.expect(text, "\(name).jsonl", in: golden)
        let verdict = try check(name, text, expecting: expected)
        #expect(verdict.problems.isEmpty, "\(name): \(verdict.problems)", sourceLocation: sourceLocation)
        return verdict.findings
    }

    /// The stories' check: replays the recording through ResponderCore's model, stores it by ingest and reports it.
    /// UIKit's outcome was scripted by hand, so what the model says and what the recorder wrote must agree: every
    /// observation matches the model (no divergence), every first-responder change and every control action the
    /// model makes was observed (the recorder writes each one it sees), ingest accepts the file, every session is
    /// analysed, and the report names the story's findings.
    static func check(_ name: String, _ text: String, expecting expected: Set<String> = []) throws -> StoryVerdict {
        var verdict = StoryVerdict()
        let records = RecordingCheck.records(text, file: "\(name).jsonl")
        let session = records.enumerated().map { SessionRecord(seq: $0.offset + 1, record: $0.element) }
        let replay = try SessionReplay.lines(session, session: name)
        for divergence in replay.lines.flatMap(\.divergences) {
            verdict.problems.append(.divergence(divergence.kind, divergence.summary))
        }
        let modelChanges = modelFirstResponderChanges(replay.lines)
        let observedChanges = records.compactMap { record -> String? in
            guard case .firstResponder(let change) = record else { return nil }
            return "\(change.view ?? "none") in \(change.window ?? "the key window")"
        }
        if modelChanges != observedChanges {
            verdict.problems.append(.firstResponderChanges(model: modelChanges, recorded: observedChanges))
        }
        let modelActions = replay.lines.flatMap { line in
            // A recognizer's action goes to its target directly, never through `sendAction`: no `sent` for it.
            let recognizers = Set(line.step.gestures.map(\.id))
            return line.step.actions.filter { !recognizers.contains($0.sender ?? "") }.map {
                "\($0.action) to \($0.target ?? "nobody")"
            }
        }
        let sentActions = records.compactMap { record -> String? in
            guard case .sent(let sent) = record else { return nil }
            return "\(sent.action) to \(sent.target.id ?? "nobody")"
        }
        if modelActions != sentActions {
            verdict.problems.append(.actions(model: modelActions, recorded: sentActions))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "recorder-story-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("\(name).jsonl")
        try Data(text.utf8).write(to: file)
        let database = try TouchlogDatabase(path: folder.appendingPathComponent("t.sqlite").path)
        let ingest = Ingestor(database: database).ingest(.file(file.path))
        if !ingest.succeeded { verdict.problems.append(.ingest("\(ingest.diagnostics)")) }
        let outcome = try ReportRun(toolVersion: "0").run(database: database)
        if !outcome.report.unanalysed.isEmpty { verdict.problems.append(.unanalysed) }
        verdict.findings = outcome.report.groups.map(\.ruleID.rawValue)
        for finding in expected.sorted() where !verdict.findings.contains(finding) {
            verdict.problems.append(.missingFinding(finding))
        }
        return verdict
    }

    /// The model's first-responder changes, one per window per input event (what it ends the event with, as a
    /// recorder that looks before and after each event sees it), in the words of `firstResponder` observations.
    static func modelFirstResponderChanges(_ lines: [ReplayLine]) -> [String] {
        var current: [String: String?] = [:]
        var changes: [String] = []
        for line in lines {
            var windows: [String] = []
            var last: [String: String?] = [:]
            for change in line.step.firstResponderChanges {
                if last[change.window] == nil { windows.append(change.window) }
                last[change.window] = .some(change.to)
            }
            for window in windows {
                let to = last[window] ?? nil
                if let known = current[window], known == to { continue }
                if current[window] == nil && to == nil { continue }
                current[window] = .some(to)
                changes.append("\(to ?? "none") in \(window)")
            }
        }
        return changes
    }

    @Test func aHiddenFieldKeepsReceivingTypedText() throws {
        let (window, controller, root) = Self.screen()
        let promo = Self.field("Promo code", y: 300)
        root.addSubview(promo)
        let hide = Self.button(
            "Hide", frame: CGRect(x: 24, y: 360, width: 120, height: 44), target: controller, action: "hidePromoCode:")
        root.addSubview(hide)
        controller.standInImplements = ["hidePromoCode:"]
        let app = SimulatedApp(session: "STORY-HIDDEN-FIELD", window: window)
        app.appCode["hidePromoCode:"] = { promo.isHidden = true }
        // H1, H5: the field is the deepest view under the point; F7: tapped, it begins editing at touch-up.
        app.tap(150, 322, hits: promo, becomes: promo)
        app.type(3)
        // CT4: the button's touchUpInside action, to its explicit target (A1). The field keeps the focus.
        app.tap(80, 382, hits: hide, sends: ("hidePromoCode:", to: controller))
        // F4: hiding the first responder does not resign it; the keys keep going to it (F3).
        app.type(4)
        _ = try Self.analyse("hidden-field-keeps-typing", app.recorded(), expecting: ["hidden_first_responder"])
        app.stop()
    }

    @Test func aTapOutsideTheFieldFailsToDismissTheKeyboard() throws {
        let (window, _, root) = Self.screen()
        let email = Self.field("Email", y: 310)
        root.addSubview(email)
        let app = SimulatedApp(session: "STORY-OUTSIDE-TAP", window: window)
        app.tap(151, 331, hits: email, becomes: email)  // F7
        app.type(5)
        // H1: the root view is the hit view below the field. Nothing dismisses the keyboard: no recognizer, no
        // window override, no touchesBegan code (section 8), and a tap changes no first responder by itself (F7).
        app.tap(200, 700, hits: root)
        app.tap(210, 720, hits: root)
        _ = try Self.analyse("outside-tap-keeps-keyboard", app.recorded(), expecting: ["tap_failed_to_dismiss"])
        app.stop()
    }

    @Test func aWindowSendEventOverrideResignsOnAnOutsideTouch() throws {
        let window = DismissingWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        let (_, _, root) = Self.screen(window: window)
        let email = Self.field("Email", y: 310)
        root.addSubview(email)
        let app = SimulatedApp(session: "STORY-DISMISSING-WINDOW", window: window)
        // The app's override (section 8.1) ends editing before super, at touch-down: it sees touch.view already set
        // (D1).
        window.resign = { [unowned app] in app.endEditing() }
        app.tap(151, 331, hits: email, becomes: email)  // F7; the override leaves a touch on a responder alone
        app.type(5)
        app.tap(200, 700, hits: root)
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
        let wishlist = Self.button(
            "Add to wishlist", frame: CGRect(x: 24, y: 600, width: 345, height: 50), target: controller,
            action: "addToWishlist:")
        root.addSubview(wishlist)
        root.addSubview(
            Self.button(
                "Add to bag", frame: CGRect(x: 24, y: 700, width: 345, height: 50), target: controller,
                action: "addToBag:"))
        controller.standInImplements = ["addToWishlist:", "addToBag:"]
        let app = SimulatedApp(session: "STORY-TRANSPARENT-TOAST", window: window)
        let toast = ToastView(frame: CGRect(x: 24, y: 690, width: 345, height: 64))
        toast.alpha = 0.02
        app.appCode["addToWishlist:"] = { root.addSubview(toast) }
        app.tap(200, 625, hits: wishlist, sends: ("addToWishlist:", to: controller))  // CT4, A1
        // H3: alpha 0.02 is not below 0.01, so the toast is hit; H5: added last, it is in front of the button. A
        // plain view sends no action.
        app.tap(200, 725, hits: toast)
        app.tap(180, 720, hits: toast)
        _ = try Self.analyse("transparent-toast", app.recorded(), expecting: ["blocked_tap"])
        app.stop()
    }

    @Test func aTapRecognizerSwallowsARowsTap() throws {
        let (window, controller, root) = Self.screen()
        let search = Self.field("Search", y: 56)
        root.addSubview(search)
        let table = UITableView(frame: CGRect(x: 0, y: 110, width: 393, height: 742))
        var cells: [UITableViewCell] = []
        for row in 0..<6 {
            let cell = UITableViewCell(frame: CGRect(x: 0, y: Double(row) * 60, width: 393, height: 60))
            let label = UILabel(frame: CGRect(x: 16, y: 10, width: 300, height: 40))
            label.accessibilityLabel = "Contact \(row)"
            cell.addSubview(label)
            table.addSubview(cell)
            cells.append(cell)
        }
        let tap = UITapGestureRecognizer(target: controller, action: Selector("dismissKeyboard"))
        table.addGestureRecognizer(tap)
        TouchlogRecording.declare(tap, target: controller, action: Selector("dismissKeyboard"))
        root.addSubview(table)
        let app = SimulatedApp(
            session: "STORY-TAP-RECOGNIZER", window: window,
            configuration: RecorderConfiguration(recognizerEffects: ["dismissKeyboard": .endEditing]))
        // The controller's dismissKeyboard: the classic endEditing(true) (section 8.3, F6).
        app.onAction(of: tap) { app.endEditing() }
        app.tap(150, 78, hits: search, becomes: search)  // F7
        app.type(2)
        // H4: the label ignores touches, so the cell is the hit view. G1: the table's recognizer sees the touch; G3:
        // it recognizes at touch-up; G4, G6, LS10: with cancelsTouchesInView it cancels the cell's touch, so the row
        // is not selected. Its action ends editing: the keyboard goes.
        app.tap(200, 110 + 150, hits: cells[2], recognizes: tap)
        // The next row's tap is swallowed the same way, with nothing left to dismiss.
        app.tap(200, 110 + 210, hits: cells[3], recognizes: tap)
        _ = try Self.analyse("tap-recognizer-swallows-row", app.recorded(), expecting: ["swallowed_tap"])
        app.stop()
    }

    /// A settings list: tapping a row selects it (LS2), and the delegate deselects it at once, as Apple's own sample
    /// does; in a list that allows several, a second tap on a selected row deselects it. UIKit posts
    /// `selectionDidChangeNotification` with each delegate message, so the recording has a `selection` observation
    /// for each, `didSelect` even where the delegate left nothing selected, and replay's model agrees with them.
    @Test func rowSelectionsAreObservedAndReplayed() throws {
        let (window, _, root) = Self.screen()
        let table = UITableView(frame: CGRect(x: 0, y: 100, width: 393, height: 600))
        var cells: [UITableViewCell] = []
        for row in 0..<4 {
            let cell = UITableViewCell(frame: CGRect(x: 0, y: Double(row) * 60, width: 393, height: 60))
            let label = UILabel(frame: CGRect(x: 16, y: 10, width: 300, height: 40))
            label.accessibilityLabel = "Setting \(row)"
            cell.addSubview(label)
            table.standInPlace(cell, at: IndexPath(row: row, section: 0))
            cells.append(cell)
        }
        root.addSubview(table)
        let app = SimulatedApp(session: "STORY-ROW-SELECTION", window: window)
        // H4: the label ignores touches, so the cell is the hit view.
        app.tap(200, 100 + 90, hits: cells[1], selects: (table, IndexPath(row: 1, section: 0))) {
            table.deselectRow(at: IndexPath(row: 1, section: 0), animated: true)
        }
        table.allowsMultipleSelection = true
        app.tap(200, 100 + 150, hits: cells[2], selects: (table, IndexPath(row: 2, section: 0)))
        app.tap(200, 100 + 30, hits: cells[0], selects: (table, IndexPath(row: 0, section: 0)))
        app.tap(200, 100 + 155, hits: cells[2], selects: (table, IndexPath(row: 2, section: 0)))
        // UIKit's outcome, by hand: row 0 stays selected; row 2 was selected and then deselected.
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
        let text = app.recorded()
        _ = try Self.analyse("row-selection", text)
        app.stop()
        let selections = RecordingCheck.records(text).compactMap { record -> String? in
            guard case .selection(let selection) = record else { return nil }
            return "\(selection.call.rawValue) \(selection.indexPath)"
        }
        #expect(selections == ["didSelect [0, 1]", "didSelect [0, 2]", "didSelect [0, 0]", "didDeselect [0, 2]"])
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
        app.onAction(of: press) {
            // A continuous recognizer calls its action on began and on ended: the menu opens on began.
            guard press.state == .began else { return }
            menus += 1
            root.addSubview(ToastView(frame: CGRect(x: 16, y: 220, width: 200, height: 60)))
        }
        // GR6: held past minimumPressDuration (0.5 s), the press begins while the finger rests, and ends at the
        // lift (G2).
        app.press(150, 340, hits: bubble, holding: 0.8, begins: press)
        // H1: the root view; the toast is elsewhere. The recognizer is on the bubble, not an ancestor (G1).
        app.tap(150, 700, hits: root)
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
        let order = Self.button(
            "Place order", frame: CGRect(x: 24, y: 600, width: 345, height: 50), target: coordinator,
            action: "placeOrder:")
        root.addSubview(order)
        let paste = UIButton(frame: CGRect(x: 24, y: 700, width: 345, height: 50))
        paste.accessibilityLabel = "Paste"
        paste.addTarget(nil, action: Selector("paste:"), for: .touchUpInside)
        root.addSubview(paste)
        controller.standInImplements = ["paste:"]
        controller.standInRefuses = ["paste:"]
        let app = SimulatedApp(session: "STORY-COORDINATOR", window: window)
        var placed = 0
        app.appCode["placeOrder:"] = { placed += 1 }
        app.tap(200, 625, hits: order, sends: ("placeOrder:", to: coordinator))  // A1: explicit target, no chain
        // A2: nil-targeted with no first responder, the walk starts at the sender; A3: the controller implements
        // paste: but canPerformAction refuses it; A4: nobody takes it and sendAction returns false.
        app.tap(200, 725, hits: paste, sends: ("paste:", to: nil))
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
        app.tap(200, 322, hits: note, becomes: note)  // F7
        // A2: nil-targeted, from the key window's first responder: the field, which implements paste: (A3). F7: a
        // button's tap does not take the focus.
        app.tap(200, 725, hits: paste, sends: ("paste:", to: nil))
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
        // The controller's focusPIN: the pad adopts UIKeyInput, so iOS shows the system keyboard once it is first
        // responder.
        app.onAction(of: focus) {
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
        // G1, G3: the pad's own tap recognizer recognizes at touch-up; UIKit focuses only text inputs on a tap (F7),
        // so the focus is the app's call in the recognizer's action.
        app.tap(150, 330, hits: pin, recognizes: focus)
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

    /// A checkout built the modern way: the Pay button's primary action is a UIAction (`UIButton(frame:primaryAction:)`),
    /// beside an analytics target-action pair on the same button. UIKit reports both (`enumerateEventHandlers(_:)`), so
    /// the snapshot declares both. At touch-up the button sends `touchUpInside` (the pair, through the application)
    /// then `primaryActionTriggered` (the handler, through the button's own `sendAction(_:)`, which no application hook
    /// sees), and the recording observes both sends. App code then sends the primary action again
    /// (`sendActions(for:)`, outside any event): an `action` record replay applies. The button is lit while the finger
    /// is on it (CT5): the recording says so after the touch-down and after the touch-up, and replay's model agrees.
    /// It replays with no divergence and its report is empty.
    @Test func aUIActionButtonsHandlerIsRecordedBesideItsTargetAction() throws {
        let (window, controller, root) = Self.screen()
        var paid = 0
        let pay = UIButton(
            frame: CGRect(x: 24, y: 700, width: 345, height: 50),
            primaryAction: UIAction(title: "Pay") { _ in paid += 1 })
        pay.accessibilityLabel = "Pay button"
        pay.addTarget(controller, action: Selector("trackTap:"), for: .touchUpInside)
        controller.standInImplements = ["trackTap:"]
        root.addSubview(pay)
        let app = SimulatedApp(session: "STORY-UIACTION-BUTTON", window: window)
        var tracked = 0
        app.appCode["trackTap:"] = { tracked += 1 }
        // H1: the button is the deepest view under the point. CT4: at touch-up it sends touchUpInside (its pair,
        // through the application to its explicit target, A1), then, a button, primaryActionTriggered: its UIAction.
        // CT5: lit from its touchesBegan to the touch-up.
        app.tap(200, 725, hits: pay, controlEvents: [.touchUpInside, .primaryActionTriggered], highlights: pay)
        // App code (a retry after a network error) sends the primary action again, outside any event.
        pay.sendActions(for: .primaryActionTriggered)
        app.wait(0.5)
        let text = app.recorded()
        let findings = try Self.analyse("uiaction-button", text)
        app.stop()
        #expect(paid == 2 && tracked == 1)
        #expect(findings.isEmpty, "\(findings)")
        let records = RecordingCheck.records(text)
        let start = try RecordingCheck.openingSnapshot(records)
        let payID = try #require(Self.id(labelled: "Pay button", in: start.hierarchy.windows[0].view))
        let controllerID = try #require(start.hierarchy.controllers.first?.id)
        func find(_ id: String, _ spec: ViewSpec) -> ViewSpec? {
            spec.id == id ? spec : spec.subviews.lazy.compactMap { find(id, $0) }.first
        }
        let declared = try #require(find(payID, start.hierarchy.windows[0].view))
        // Both kinds, each once: the recording's own observer is not declared.
        #expect(
            declared.actions == [
                ActionSpec(events: ["touchUpInside"], target: controllerID, action: "trackTap:"),
                ActionSpec(events: ["primaryActionTriggered"], target: payID, action: "Pay"),
            ])
        // Each send of the tap names its control event, read off the button's handlers (each action is registered
        // for one event); the app's own send, outside any event, names none.
        let sent = records.compactMap { record -> String? in
            guard case .sent(let sent) = record else { return nil }
            return "\(sent.action) to \(sent.target.id ?? "nobody") for \(sent.event ?? "-")"
        }
        #expect(
            sent == [
                "trackTap: to \(controllerID) for touchUpInside", "Pay to \(payID) for primaryActionTriggered",
                "Pay to \(payID) for -",
            ])
        let inputs = records.compactMap { record -> String? in
            guard case .action(let action) = record else { return nil }
            return "\(action.action) to \(action.target ?? "nobody")"
        }
        #expect(inputs == ["Pay to \(payID)"])
        // One controlState after each touch event (after what the event sent), by the phase of the touch before it.
        var states: [String] = []
        var phase: TouchPhase?
        for record in records {
            if case .touch(let touch) = record { phase = touch.phase }
            guard case .controlState(let state) = record else { continue }
            states.append("\(phase.map { "\($0)" } ?? "none") \(state.view == payID) \(state.isHighlighted)")
        }
        #expect(states == ["began true true", "ended true false"])
    }

    /// A picker presented over the current context: the form's screen defines it, so UIKit puts the presentation's
    /// container, with its dimming view and the picker, inside the form's own view. The person taps Save above the
    /// picker: the dimming view takes the tap (H1, by hand), which is the presentation's doing. The recording names the
    /// style and the container, so the report knows the dimming view for the presentation's and says nothing (without
    /// the container, the rules would take it for one of the form's own views: unreachable_control's example).
    @Test func aSheetOverTheCurrentContextNamesItsContainer() throws {
        let (window, controller, root) = Self.screen()
        controller.standInImplements = ["save:"]
        let save = Self.button(
            "Save", frame: CGRect(x: 24, y: 300, width: 345, height: 50), target: controller, action: "save:")
        root.addSubview(save)
        let picker = UIViewController()
        picker.view = UIView(frame: CGRect(x: 0, y: 400, width: 393, height: 452))
        picker.modalPresentationStyle = .overCurrentContext
        controller.standInPresent(picker, in: root)
        let container = try #require(picker.presentationController?.containerView)
        let dimming = try #require(container.subviews.first)
        let app = SimulatedApp(session: "STORY-OVER-CURRENT-CONTEXT", window: window)
        app.tap(200, 325, hits: dimming)
        let text = app.recorded()
        let findings = try Self.analyse("over-current-context", text)
        app.stop()
        #expect(findings.isEmpty, "\(findings)")
        let start = try RecordingCheck.openingSnapshot(RecordingCheck.records(text))
        let presented = try #require(start.hierarchy.controllers.first { $0.presentingViewController != nil })
        #expect(presented.modalPresentationStyle == .overCurrentContext)
        let containerID = try #require(presented.presentationContainer)
        let rootSpec = try #require(start.hierarchy.windows.first?.view.subviews.first)
        // The container is the form's own subview, after Save, and holds the picker's view.
        #expect(rootSpec.subviews.map(\.id).last == containerID)
        #expect(rootSpec.subviews.last?.subviews.map(\.id).contains(presented.view ?? "") == true)
        #expect(start.hierarchy.controllers.first { $0.presentingViewController == nil }?.modalPresentationStyle == nil)
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
        let close = Self.button(
            "Close", frame: CGRect(x: 340, y: 20, width: 40, height: 40), target: banner, action: "closeBanner:")
        banner.addSubview(close)
        coupon.delegate = banner
        root.addSubview(banner)
        root.addSubview(coupon)
        let app = SimulatedApp(session: "STORY-DETACHED-BANNER", window: window)
        app.appCode["closeBanner:"] = { banner.removeFromSuperview() }
        app.tap(360, 140, hits: close, sends: ("closeBanner:", to: banner))  // CT4, A1
        app.tap(150, 322, hits: coupon, becomes: coupon)  // F7
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
        // Search, in the key window: UIKit's doing (H10: the chat window is elsewhere; F7).
        app.tap(150, 78, hits: search, becomes: search)
        app.type(3)
        // The keyboard follows the key window's first responder (F3: key input goes to the key window's; the
        // keyboard for a key window with none is not documented, section 12 item 8, so the story says it).
        app.makeKey(chat, keyboard: .hides)  // a reply came: the chat opens...
        app.focus(message, keyboard: .shows)  // ...and its field is focused by code, in its own window (F1, F7)
        app.type(2)
        app.makeKey(main)  // the chat is minimised: Search is still its window's first responder (F3)
        app.type(4)
        // The draft is sent: the chat window's first responder resigns while main is key; Search keeps the keyboard.
        app.resign(message)
        app.makeKey(chat, keyboard: .hides)  // the chat has none: the keyboard goes
        // Message, tapped in the chat window: H10, the front window holding the point; F7.
        app.tap(150, 440, in: chat, hits: message, becomes: message)
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

/// What the stories' check found wrong with a recording (`StoryTests.check`): a story passes when there is nothing.
struct StoryVerdict {
    enum Problem: Equatable, CustomStringConvertible {
        /// An observation the model disagrees with (replay's divergence, with its summary).
        case divergence(DivergenceKind, String)
        /// The model's first-responder changes are not the ones the recording observed.
        case firstResponderChanges(model: [String], recorded: [String])
        /// The control actions the model dispatched are not the `sent` the recording observed.
        case actions(model: [String], recorded: [String])
        case ingest(String)
        case unanalysed
        case missingFinding(String)

        var description: String {
            switch self {
            case .divergence(let kind, let summary): "\(kind.rawValue) divergence: \(summary)"
            case .firstResponderChanges(let model, let recorded):
                "first-responder changes: the model made \(model), the recording observed \(recorded)"
            case .actions(let model, let recorded):
                "actions: the model dispatched \(model), the recording observed \(recorded)"
            case .ingest(let diagnostics): "ingest failed: \(diagnostics)"
            case .unanalysed: "a session was left unanalysed"
            case .missingFinding(let rule): "no \(rule) finding"
            }
        }

        /// The divergence's kind, if it is one.
        var divergenceKind: DivergenceKind? {
            if case .divergence(let kind, _) = self { return kind }
            return nil
        }
    }

    var problems: [Problem] = []
    var findings: [String] = []
}
