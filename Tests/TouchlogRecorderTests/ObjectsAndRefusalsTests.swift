import ResponderCore
import Testing
import TouchlogFormat
import TouchlogTestSupport

@testable import TouchlogRecorder

/// Targets and delegates that are plain objects (declared in the snapshot's `objects`), and the answers of
/// `canPerformAction(_:withSender:)` (`refusesActions`): what issue 15 let a recording say.
@Suite @MainActor struct ObjectsAndRefusalsTests {
    /// A checkout screen whose button's action belongs to a coordinator, whose field's delegate is a helper and
    /// whose recognizer's delegate is the coordinator; the controller implements `paste:` but refuses it now.
    @MainActor final class CheckoutApp {
        let window = FakeWindow(frame: Rect(0, 0, 393, 852))
        let root = FakeView("UIView", frame: Rect(0, 0, 393, 852))
        let coupon = FakeView("UITextField", frame: Rect(24, 300, 345, 44))
        let order = FakeControl("UIButton", frame: Rect(24, 400, 345, 50))
        let coordinator = FakePlainObject("Shop.CheckoutCoordinator", implements: ["placeOrder:", "unrelated:"])
        let couponRules = FakePlainObject("Shop.CouponRules")
        let controller: FakeController
        let application = FakeApplication()

        init(reader: Bool = true) {
            controller = FakeController("Shop.CheckoutViewController", view: root, implements: ["paste:", "copy:"])
            controller.refuses = ["paste:"]
            window.rootController = controller
            window.add(root)
            root.add(coupon)
            root.add(order)
            coupon.delegate = couponRules
            order.actions = [
                ControlAction(events: ["touchUpInside"], target: coordinator, action: "placeOrder:"),
                ControlAction(events: ["touchDown"], target: nil, action: "paste:"),
                ControlAction(events: ["touchDragExit"], target: nil, action: "copy:"),
            ]
            let swipe = FakeRecognizer("UISwipeGestureRecognizer", actions: [(coordinator, "swiped:")])
            swipe.delegate = coordinator
            root.recognizers = [swipe]
            application.implements = ["paste:"]
            application.refuses = ["paste:"]
            self.reader = reader
        }

        private let reader: Bool

        func recorder(_ sink: MemorySink) -> Recorder {
            let recorder = Recorder(
                session: SessionInfo(sessionID: "OBJECTS"), sink: sink, startUptime: 1000, background: false)
            recorder.windows = { [self] in [window] }
            recorder.application = application
            if reader { recorder.objectReader = FakeObjectReader() }
            return recorder
        }
    }

    static func snapshot(_ records: [Record]) -> HierarchySpec? {
        for record in records {
            if case .snapshot(let snapshot) = record { return snapshot.hierarchy }
        }
        return nil
    }

    @Test func aPlainTargetOrDelegateIsDeclaredInObjectsAndNamedByItsID() throws {
        let app = CheckoutApp()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        recorder.flush()
        let hierarchy = try #require(Self.snapshot(RecordingCheck.records(sink.files[0])))
        // Declared once each, in the order met (a view's recognizers before its subviews), with the actions of the
        // recording each responds to.
        #expect(hierarchy.objects.map(\.className) == ["Shop.CheckoutCoordinator", "Shop.CouponRules"])
        let coordinator = hierarchy.objects[0]
        let rules = hierarchy.objects[1]
        #expect(rules.implements == [] && coordinator.implements == ["placeOrder:"])
        let root = hierarchy.windows[0].view.subviews[0]
        #expect(root.subviews[0].delegate == rules.id)
        #expect(root.subviews[1].actions?.first?.target == coordinator.id)
        // The nil-targeted pairs stay nil-targeted.
        #expect((root.subviews[1].actions ?? []).dropFirst().map(\.target) == [nil, nil])
        #expect(root.gestureRecognizers?[0].delegate == coordinator.id)
        #expect(root.gestureRecognizers?[0].actions.first?.target == coordinator.id)
    }

    @Test func withoutAReaderAPlainTargetIsLeftOutAsBefore() throws {
        let app = CheckoutApp(reader: false)
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        recorder.flush()
        let hierarchy = try #require(Self.snapshot(RecordingCheck.records(sink.files[0])))
        let button = hierarchy.windows[0].view.subviews[0].subviews[1]
        #expect(hierarchy.objects.isEmpty)
        #expect(button.actions?.map(\.action) == ["paste:", "copy:"])
        #expect(hierarchy.windows[0].view.subviews[0].subviews[0].delegate == nil)
    }

    @Test func aResponderOutsideTheHierarchyIsNeverDeclaredAsAPlainObject() throws {
        let app = CheckoutApp()
        // A controller whose view is in no window, as a delegate: a responder, which `objects` must not take off
        // the chain, and which the recording cannot name (its view is not in the snapshot).
        app.coupon.delegate = FakeController("Shop.OtherController", view: FakeView("UIView", frame: Rect(0, 0, 1, 1)))
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        recorder.flush()
        let hierarchy = try #require(Self.snapshot(RecordingCheck.records(sink.files[0])))
        #expect(!hierarchy.objects.contains { $0.className == "Shop.OtherController" })
        #expect(hierarchy.windows[0].view.subviews[0].subviews[0].delegate == nil)
    }

    @Test func aViewInNoWindowMetAsATargetOrDelegateIsDeclaredInDetachedViews() throws {
        let app = CheckoutApp()
        // A banner the app removed and keeps, whose button's target it is; it is also the field's delegate.
        let banner = app.root.add(FakeView("Shop.PromoBanner", baseClass: "UIView", frame: Rect(0, 0, 393, 80)))
        let dismiss = FakeControl("UIButton", frame: Rect(350, 20, 30, 30))
        banner.add(dismiss)
        banner.implements = ["dismissBanner:"]
        dismiss.actions = [ControlAction(events: ["touchUpInside"], target: banner, action: "dismissBanner:")]
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        banner.removeFromSuperview()
        app.coupon.delegate = banner
        recorder.hierarchyMayHaveChanged(at: 1001)
        recorder.flush()
        let records = RecordingCheck.records(sink.files[0])
        let snapshots = records.compactMap { record -> HierarchySpec? in
            if case .snapshot(let snapshot) = record { return snapshot.hierarchy }
            return nil
        }
        try #require(snapshots.count == 2)
        #expect(snapshots[0].detachedViews.isEmpty)
        let detached = try #require(snapshots[1].detachedViews.first)
        #expect(snapshots[1].detachedViews.count == 1 && detached.className == "Shop.PromoBanner")
        #expect(detached.id == snapshots[0].windows[0].view.subviews[0].subviews[2].id)
        // Its subtree comes with it, its button still targeting it.
        #expect(detached.subviews.first?.actions?.first?.target == detached.id)
        let root = snapshots[1].windows[0].view.subviews[0]
        #expect(root.subviews.count == 2 && root.subviews[0].delegate == detached.id)
    }

    @Test func anActionSentToAPlainTargetNamesItInSent() throws {
        let app = CheckoutApp()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        let touch = FakeTouch()
        recorder.willSendEvent(
            [
                TouchReading(
                    touch: touch, phase: .began, locationInWindow: Point(100, 420), timestamp: 1001, view: app.order)
            ],
            in: app.window)
        recorder.didSendEvent(at: 1001)
        recorder.willSendEvent(
            [
                TouchReading(
                    touch: touch, phase: .ended, locationInWindow: Point(100, 420), timestamp: 1001.1, view: app.order)
            ],
            in: app.window)
        recorder.didSendAction("placeOrder:", target: app.coordinator, sender: app.order, handled: true, at: 1001.1)
        recorder.didSendEvent(at: 1001.1)
        recorder.flush()
        let records = RecordingCheck.records(sink.files[0])
        let coordinator = try #require(Self.snapshot(records)?.objects.first)
        let sent = records.compactMap { record -> SentRecord? in
            if case .sent(let sent) = record { return sent }
            return nil
        }
        #expect(sent.map(\.target) == [.object(coordinator.id)])
    }

    @Test func canPerformActionRefusalsAreRecordedForEachResponderThatImplementsTheAction() throws {
        let app = CheckoutApp()
        app.window.implements = ["copy:", "paste:"]
        app.window.refuses = ["copy:"]
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        // Something to paste now: the controller accepts `paste:` (a controller's change is written as a snapshot).
        app.controller.refuses = []
        recorder.hierarchyMayHaveChanged(at: 1001)
        recorder.flush()
        let records = RecordingCheck.records(sink.files[0])
        let snapshots = records.compactMap { record -> HierarchySpec? in
            if case .snapshot(let snapshot) = record { return snapshot.hierarchy }
            return nil
        }
        try #require(snapshots.count == 2)
        #expect(snapshots[0].controllers[0].implements == ["copy:", "paste:"])
        #expect(snapshots[0].controllers[0].refusesActions == ["paste:"])
        #expect(snapshots[1].controllers[0].refusesActions == [])
        #expect(snapshots[0].application.implements == ["paste:"])
        #expect(snapshots[0].application.refusesActions == ["paste:"])
        #expect(snapshots[0].windows[0].view.refusesActions == ["copy:"])
    }

    @Test func aNewPlainTargetNeedsASnapshotAndADelegateChangeToAKnownResponderASet() throws {
        let app = CheckoutApp()
        app.coupon.delegate = nil
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        // The field's delegate becomes the controller (a responder the recording names): a `set`.
        app.coupon.delegate = app.controller
        recorder.hierarchyMayHaveChanged(at: 1001)
        // A new plain target: `objects` are declared per snapshot.
        app.order.actions.append(
            ControlAction(events: ["touchUpOutside"], target: FakePlainObject("Shop.Analytics"), action: "log:"))
        recorder.hierarchyMayHaveChanged(at: 1002)
        recorder.flush()
        let records = RecordingCheck.records(sink.files[0])
        let kinds = records.compactMap(\.kind)
        #expect(kinds.filter { $0 == .snapshot }.count == 2)
        let sets = records.compactMap { record -> SetRecord? in
            if case .set(let set) = record { return set }
            return nil
        }
        #expect(sets.count == 1 && sets.first?.patch.delegate?.hasPrefix("CheckoutViewController#") == true)
        let last = try #require(
            records.last { $0.kind == .snapshot }.flatMap { record -> HierarchySpec? in
                if case .snapshot(let snapshot) = record { return snapshot.hierarchy }
                return nil
            })
        #expect(last.objects.map(\.className).contains("Shop.Analytics"))
    }
}
