import Foundation
import ResponderCore
import Testing
import TouchlogRecorder
import TouchlogRecorderUIKit
import UIKitStandIn

/// The adapter's reads of UIKit objects, one by one.
@Suite @MainActor struct AdapterReadTests {
    final class Target: NSObject {}

    @Test func aControlsTargetsAndEventsAreReadPerAction() {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let target = Target()
        button.addTarget(target, action: Selector("save:"), for: [.touchUpInside, .touchDown])
        button.addTarget(nil, action: Selector("copy:"), for: .touchUpInside)
        button.isEnabled = false
        let fields = button.recordedControlFields()
        #expect(!fields.isEnabled)
        let save = fields.actions.first { $0.action == "save:" }
        #expect(save?.events == ["touchDown", "touchUpInside"] && save?.target === target)
        let copy = fields.actions.first { $0.action == "copy:" }
        #expect(copy?.events == ["touchUpInside"] && copy?.target == nil)
        // A nil target is read as nil, not as some placeholder object.
        #expect(fields.actions.count == 2)
    }

    /// UIKit reports UIAction handlers and target-action pairs alike (`enumerateEventHandlers(_:)`): a handler is
    /// read with the control as its target and its title (or, without one, its identifier) as its name; the
    /// recording's own observer, added by the first read, is never read back as the app's.
    @Test func uiActionHandlersAreReadBesideTargetActionPairs() {
        let button = UIButton(frame: .zero, primaryAction: UIAction(title: "Pay") { _ in })
        let target = Target()
        button.addTarget(target, action: Selector("track:"), for: .touchUpInside)
        button.addAction(UIAction(identifier: UIAction.Identifier("com.acme.share")) { _ in }, for: .touchUpInside)
        button.addTarget(nil, action: Selector("copy:"), for: [.touchUpInside, .touchDown])
        for _ in 0..<2 {
            let actions = button.recordedControlFields().actions
            #expect(actions.map(\.action) == ["track:", "copy:", "Pay", "com.acme.share"])
            #expect(
                actions.map(\.events) == [
                    ["touchUpInside"], ["touchDown", "touchUpInside"], ["primaryActionTriggered"], ["touchUpInside"],
                ])
            #expect(actions[0].target === target && actions[1].target == nil)
            #expect(actions[2].target === button && actions[3].target === button)
            #expect(actions.map(\.isHandler) == [false, false, true, true])
        }
        // One observer per handler of the app's, whatever the number of reads.
        var handlers = 0
        button.enumerateEventHandlers { action, _, _, _ in if action != nil { handlers += 1 } }
        #expect(handlers == 4)
    }

    /// LS1–LS7: a cell says where it is in its list, the list what a tap may select and what is selected now (UIKit
    /// answers nil when nothing is); a scroll view whether it zooms.
    @Test func listsAndCellsSayWhatATapSelects() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        let cell = UITableViewCell(frame: CGRect(x: 0, y: 44, width: 390, height: 44))
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
        cell.addSubview(content)
        table.standInPlace(cell, at: IndexPath(row: 1, section: 2))
        #expect(cell.recordedFields().indexPath == ListIndexPath(2, 1))
        #expect(content.recordedFields().indexPath == nil)  // only cells are placed
        #expect(table.recordedFields().selectedIndexPaths == [])
        table.selectRow(at: IndexPath(row: 1, section: 2), animated: false, scrollPosition: .none)
        table.allowsMultipleSelection = true
        let fields = table.recordedFields()
        #expect(fields.selectedIndexPaths == [ListIndexPath(2, 1)])
        #expect(fields.allowsSelection == true && fields.allowsMultipleSelection == true)
        table.deselectRow(at: IndexPath(row: 1, section: 2), animated: false)
        #expect(table.recordedFields().selectedIndexPaths == [])
        let grid = UICollectionView(frame: .zero)
        let item = UICollectionViewCell(frame: .zero)
        grid.standInPlace(item, at: IndexPath(item: 4, section: 0))
        grid.allowsSelection = false
        #expect(item.recordedFields().indexPath == ListIndexPath(0, 4))
        #expect(grid.recordedFields().allowsSelection == false)
        #expect(UIView(frame: .zero).recordedFields().allowsSelection == nil)
        let viewer = UIScrollView(frame: .zero)
        viewer.maximumZoomScale = 3
        #expect(viewer.recordedFields().maximumZoomScale == 3 && viewer.recordedFields().minimumZoomScale == 1)
    }

    /// Reading a control's actions while it sends one adds nothing to it: only the capture's read installs the
    /// recording's observer beside an app's UIAction (UIKit may be enumerating the handlers it sends).
    @Test func readingActionsDuringASendAddsNoHandler() {
        let pay = UIButton(frame: .zero, primaryAction: UIAction(title: "Pay") { _ in })
        func handlerCount() -> Int {
            var count = 0
            pay.enumerateEventHandlers { _, _, _, _ in count += 1 }
            return count
        }
        let before = handlerCount()
        #expect(pay.recordedActions().map(\.action) == ["Pay"])
        #expect(handlerCount() == before)
        #expect(pay.recordedControlFields().actions.map(\.action) == ["Pay"])
        #expect(handlerCount() == before + 1)  // the capture's read adds the recording's observer, once
        _ = pay.recordedControlFields()
        #expect(handlerCount() == before + 1)
    }

    final class DragsFromButtons: UIScrollView {
        override func touchesShouldCancel(in view: UIView) -> Bool { true }
    }
    final class KeepsEveryTouch: UIScrollView {
        override func touchesShouldCancel(in view: UIView) -> Bool { false }
    }

    /// SC6, SC7: a scroll view's `touchesShouldCancel(in:)` answer, asked of its class: UIKit's own is the default and
    /// left out; the usual override (a drag that starts on a button scrolls) is `always`; one that keeps every touch
    /// is `never`.
    @Test func aScrollViewsTouchesShouldCancelOverrideIsAskedAndNamed() {
        #expect(UIScrollView(frame: .zero).recordedFields().touchesShouldCancel == nil)
        #expect(DragsFromButtons(frame: .zero).recordedFields().touchesShouldCancel == .always)
        #expect(KeepsEveryTouch(frame: .zero).recordedFields().touchesShouldCancel == .never)
        #expect(UIView(frame: .zero).recordedFields().touchesShouldCancel == nil)
    }

    /// LS12: the traits a view presents itself with, by name; none is left out.
    @Test func accessibilityTraitsAreReadByName() {
        #expect(UIButton(frame: .zero).recordedFields().accessibilityTraits == ["button"])
        #expect(UIView(frame: .zero).recordedFields().accessibilityTraits == nil)
        let row = UIView(frame: .zero)
        row.accessibilityTraits = [.link, .selected]
        #expect(row.recordedFields().accessibilityTraits == ["link", "selected"])
    }

    @Test func slidersAndSteppersSayWhetherTheySendValuesWhileTheFingerMoves() {
        let slider = UISlider(frame: .zero)
        #expect(slider.recordedFields().isContinuous == true)
        slider.isContinuous = false
        #expect(slider.recordedFields().isContinuous == false)
        let stepper = UIStepper(frame: .zero)
        stepper.isContinuous = false
        #expect(stepper.recordedFields().isContinuous == false)
        #expect(UIButton(frame: .zero).recordedFields().isContinuous == nil)
    }

    @Test func aFieldsTextIsReadAsItsLengthAndASecureFieldsNotAtAll() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        field.text = "é👍🏽"
        #expect(field.recordedFields().text == .length(5))
        field.isSecureTextEntry = true
        #expect(field.recordedFields().text == .secure)
    }

    @Test func classesAreModuleQualifiedWithTheirNearestUIKitClass() {
        final class LoginField: UITextField {}
        let fields = LoginField(frame: CGRect(x: 1, y: 2, width: 3, height: 4)).recordedFields()
        #expect(fields.className.hasSuffix("LoginField") && fields.className.contains("."))
        #expect(fields.baseClass == "UITextField")
        #expect(fields.frame == Rect(1, 2, 3, 4) && fields.canBecomeFirstResponder == true)
        let label = UILabel(frame: .zero).recordedFields()
        #expect(label.className == "UILabel" && label.baseClass == nil && label.isUserInteractionEnabled == false)
    }

    /// The kind properties the model uses (GR6–GR8), and the UIKit class a custom recognizer derives from.
    @Test func recognizersKindPropertiesAndBaseClassesAreRead() {
        final class EdgeSwipe: UISwipeGestureRecognizer {}
        let swipe = EdgeSwipe(target: nil, action: nil)
        swipe.direction = [.left, .down]
        swipe.numberOfTouchesRequired = 2
        let swipeFields = swipe.recordedFields()
        #expect(swipeFields.baseClass == "UISwipeGestureRecognizer")
        #expect(swipeFields.direction == [.left, .down] && swipeFields.numberOfTouchesRequired == 2)
        let press = UILongPressGestureRecognizer(target: nil, action: nil)
        press.minimumPressDuration = 1.2
        press.allowableMovement = 25
        let pressFields = press.recordedFields()
        #expect(pressFields.baseClass == nil && pressFields.minimumPressDuration == 1.2)
        #expect(pressFields.allowableMovement == 25)
        let pan = UIPanGestureRecognizer(target: nil, action: nil)
        #expect(pan.recordedFields().maximumNumberOfTouches == nil)  // NSUIntegerMax: no maximum
        pan.minimumNumberOfTouches = 2
        pan.maximumNumberOfTouches = 2
        #expect(pan.recordedFields().minimumNumberOfTouches == 2 && pan.recordedFields().maximumNumberOfTouches == 2)
        final class Zoom: UIPinchGestureRecognizer {}
        #expect(Zoom(target: nil, action: nil).recordedFields().baseClass == "UIPinchGestureRecognizer")
        #expect(UIRotationGestureRecognizer(target: nil, action: nil).recordedFields().baseClass == nil)
    }

    final class Rules: StandInObject, UITextFieldDelegate, UIScrollViewDelegate, UIGestureRecognizerDelegate {}

    @Test func delegatesAreReadFromFieldsScrollViewsAndRecognizers() {
        let rules = Rules()
        let field = UITextField(frame: .zero)
        let scroll = UIScrollView(frame: .zero)
        let recognizer = UITapGestureRecognizer(target: nil, action: nil)
        #expect(field.recordedDelegate == nil && scroll.recordedDelegate == nil)
        field.delegate = rules
        scroll.delegate = rules
        recognizer.delegate = rules
        #expect(field.recordedDelegate === rules && scroll.recordedDelegate === rules)
        #expect(recognizer.recordedFields().delegate === rules)
        #expect(UIView(frame: .zero).recordedDelegate == nil)
    }

    @Test func refusalsAreTheImplementedActionsCanPerformActionSaysNoTo() {
        let controller = UIViewController()
        controller.standInImplements = ["paste:", "copy:"]
        controller.standInRefuses = ["paste:"]
        #expect(controller.recordedRefuses(["copy:", "paste:"]) == ["paste:"])
        let window = UIWindow(frame: .zero)
        window.standInImplements = ["copy:"]
        #expect(window.recordedRefuses(["copy:"]) == [])
        let application = UIApplication()
        application.standInImplements = ["paste:"]
        application.standInRefuses = ["paste:"]
        #expect(application.recordedRefuses(application: ["paste:"], delegate: []).application == ["paste:"])
    }

    @Test func theObjectReaderTellsPlainObjectsFromResponders() {
        let rules = Rules()
        rules.standInImplements = ["apply:"]
        let reader = UIKitObjectReader()
        let plain = reader.describe(rules)
        #expect(plain.className.hasSuffix(".Rules") && !plain.isResponder)
        #expect(reader.implements(rules, ["apply:", "other:"]) == ["apply:"])
        #expect(reader.describe(UIViewController()).isResponder)
        #expect(reader.describe(UIView(frame: .zero)).isResponder)
    }

    /// A window that counts the reads of a property only its whole field set asks for.
    final class CountingWindow: RecordingWindow {
        var labelReads = 0
        override var accessibilityLabel: String? {
            get {
                labelReads += 1
                return super.accessibilityLabel
            }
            set { super.accessibilityLabel = newValue }
        }
    }

    /// A finger's moves cost the main thread the touch alone: the window's origin is read from its frame, not from
    /// its whole field set (some 25 reads, its class name and label among them) at every move.
    @Test func aMoveReadsTheWindowsFrameOnly() {
        let window = CountingWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.makeKeyAndVisible()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.addSubview(view)
        let application = RecordingApplication()
        var now = 50.0
        let recording = TouchlogRecording.start(
            session: SessionInfo(sessionID: "MOVES"), sink: MemorySink(), windows: [window],
            center: NotificationCenter(), uptime: { now }, background: false)
        let touch = UITouch()
        touch.window = window
        touch.view = view
        func send(_ phase: UITouch.Phase, _ y: Double) {
            now += 0.01
            touch.phase = phase
            touch.timestamp = now
            touch.standInLocation = CGPoint(x: 100, y: y)
            let event = UIEvent()
            event.timestamp = now
            event.standInTouches = [touch]
            application.sendEvent(event)
        }
        send(.began, 100)
        let afterBegan = window.labelReads
        #expect(afterBegan > 0)  // the captures around a touch that begins read it
        for step in 1...5 { send(.moved, 100 + Double(step)) }
        #expect(window.labelReads == afterBegan)
        send(.ended, 106)
        recording.stop()
    }

    @Test func aTransformedViewHasNoFrame() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.transform = CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
        let fields = view.recordedFields()
        #expect(fields.frame == nil && fields.transform?.a == 2 && fields.center == Point(5, 5))
    }
}
