import ResponderCore
import Testing
import TouchlogFormat
import TouchlogTestSupport

@testable import TouchlogRecorder

/// Recognizer observations, key-window calls and observations, window and scroll-view fields, through the core.
@Suite @MainActor struct RecognizersAndWindowsTests {
    @MainActor final class App {
        let window = FakeWindow(frame: Rect(0, 0, 393, 852))
        let banner = FakeWindow(frame: Rect(0, 0, 393, 120))
        let root = FakeView("UIView", frame: Rect(0, 0, 393, 852))
        let list = FakeView("UIScrollView", frame: Rect(0, 100, 393, 700))
        let tap = FakeRecognizer("UITapGestureRecognizer", actions: [])
        let press = FakeRecognizer("UILongPressGestureRecognizer", actions: [])
        var windows: [FakeWindow] { [window] + (showsBanner ? [banner] : []) }
        var showsBanner = false

        init() {
            window.add(root)
            root.add(list)
            root.recognizers = [tap, press]
            banner.windowLevel = 1
            banner.isKeyWindow = false
        }

        func recorder(_ sink: MemorySink) -> Recorder {
            let recorder = Recorder(
                session: SessionInfo(sessionID: "REC-WINDOWS"), sink: sink, startUptime: 100, background: false)
            recorder.windows = { [self] in windows }
            return recorder
        }

        func touch(
            _ recorder: Recorder, _ touch: FakeTouch, _ phase: TouchPhase, at time: Double,
            during: () -> Void = {}
        ) {
            recorder.willSendEvent(
                [
                    TouchReading(
                        touch: touch, phase: phase, locationInWindow: Point(200, 400), timestamp: time, view: list)
                ],
                in: window)
            during()
            recorder.didSendEvent(at: time)
        }
    }

    /// Inside an event the observation follows the touch; outside one (a long press beginning while the finger
    /// rests) a `time` record at the same moment comes first. Each recognizer is observed from its first capture,
    /// once.
    @Test func recognizerActionsAreObservedWithTimeBeforeTheOnesNoEventExplains() throws {
        let app = App()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 100)
        let finger = FakeTouch()
        app.touch(recorder, finger, .began, at: 101)
        recorder.recognizerDidSendAction(app.press, state: .began, at: 101.6)
        app.touch(recorder, finger, .ended, at: 102) {
            recorder.recognizerDidSendAction(app.press, state: .ended, at: 102)
        }
        app.touch(recorder, FakeTouch(), .began, at: 103)
        app.touch(recorder, FakeTouch(), .ended, at: 103.1) {
            recorder.recognizerDidSendAction(app.tap, state: .ended, at: 103.1)
        }
        recorder.flush()
        #expect(app.tap.observeRequests == 1 && app.press.observeRequests == 1)
        let records = RecordingCheck.records(sink.files.joined())
        let kinds = records.compactMap { $0.kind?.rawValue }
        let observed = records.compactMap { record -> String? in
            guard case .recognizer(let r) = record else { return nil }
            return "\(r.recognizer) \(r.state.rawValue) \(r.t)"
        }
        #expect(
            observed == [
                "UILongPressGestureRecognizer#4 began 1.6", "UILongPressGestureRecognizer#4 ended 2.0",
                "UITapGestureRecognizer#3 ended 3.1",
            ])
        // began: after a time record at its moment; the others: inside their events, right after the touch.
        let began = try #require(kinds.firstIndex(of: "recognizer"))
        #expect(kinds[began - 1] == "time" && records[began - 1].t == 1.6)
        #expect(kinds.filter { $0 == "time" }.count == 1)
        let ended = try #require(kinds.indices.last { kinds[$0] == "recognizer" })
        #expect(kinds[ended - 1] == "touch")
    }

    /// Going to the background (or stopping) writes how much time passed, so timers due by then fire in replay; never
    /// inside an event.
    @Test func timePassingIsWrittenOutsideEventsOnly() {
        let app = App()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 100)
        app.touch(recorder, FakeTouch(), .began, at: 101) { recorder.timePassed(at: 101) }
        recorder.timePassed(at: 104.25)
        recorder.flush()
        let records = RecordingCheck.records(sink.files.joined())
        #expect(records.filter { $0.kind == .time }.map(\.t) == [4.25])
        #expect(records.last?.kind == .time)
    }

    /// `makeKey` on a window that is not key is a `call`; the notification writes the windows' new key status as
    /// `set` and the observation. A level changed in place is a `set`, not a snapshot.
    @Test func makeKeyIsACallAndKeyStatusAndLevelChangesAreSets() throws {
        let app = App()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        app.showsBanner = true
        recorder.start(at: 100)
        recorder.willMakeKey(app.window, at: 100.5)  // key already: nothing
        recorder.willMakeKey(app.banner, at: 101)
        app.window.isKeyWindow = false
        app.banner.isKeyWindow = true
        recorder.keyWindowDidChange(to: app.banner, at: 101)
        app.banner.windowLevel = 2
        recorder.hierarchyMayHaveChanged(at: 102)
        recorder.flush()
        let records = RecordingCheck.records(sink.files.joined())
        #expect(records.filter { $0.kind == .snapshot }.count == 1)
        let events = records.dropFirst(2).map { Self.describe($0) }
        #expect(
            events == [
                "call UIWindow#6 makeKey", "set UIWindow#1 isKeyWindow=false", "set UIWindow#6 isKeyWindow=true",
                "keyWindow UIWindow#6", "set UIWindow#6 windowLevel=2",
            ])
    }

    /// GR2: a recognizer names those of its ancestors (and the earlier ones of its own view) that either delegate lets
    /// it recognize with; pairs nobody allows are left out.
    @Test func simultaneityIsAskedOfBothDelegatesAlongTheViewChain() throws {
        let app = App()
        let drag = FakeRecognizer("UIPanGestureRecognizer", actions: [])
        let swipe = FakeRecognizer("UISwipeGestureRecognizer", actions: [])
        app.list.recognizers = [drag, swipe]
        drag.simultaneousWith = [app.press]  // the list's pan asks; the root's press does not
        app.tap.simultaneousWith = [swipe]  // the root's tap answers for the list's swipe
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 100)
        recorder.flush()
        let snapshot = try RecordingCheck.openingSnapshot(RecordingCheck.records(sink.files.joined()))
        let root = snapshot.hierarchy.windows[0].view.subviews[0]
        let ids = root.gestureRecognizers?.map(\.id) ?? []
        let list = try #require(root.subviews.first?.gestureRecognizers)
        #expect(ids.count == 2 && list.count == 2)
        #expect(list[0].simultaneousWith == [ids[1]])
        #expect(list[1].simultaneousWith == [ids[0]])
        #expect(root.gestureRecognizers?.allSatisfy { $0.simultaneousWith.isEmpty } == true)
    }

    /// A scroll view's content-touch flags are captured when they differ from UIKit's defaults, and changes are sets.
    @Test func scrollViewsContentTouchFlagsAreCaptured() throws {
        let app = App()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        app.list.delaysContentTouches = false
        app.list.canCancelContentTouches = true
        recorder.start(at: 100)
        app.list.canCancelContentTouches = false
        recorder.hierarchyMayHaveChanged(at: 101)
        recorder.flush()
        let records = RecordingCheck.records(sink.files.joined())
        let snapshot = try RecordingCheck.openingSnapshot(records)
        let list = snapshot.hierarchy.windows[0].view.subviews[0].subviews[0]
        #expect(list.delaysContentTouches == false && list.canCancelContentTouches == nil)
        #expect(records.dropFirst(2).map { Self.describe($0) } == ["set UIScrollView#5 canCancelContentTouches=false"])
    }

    /// Every view is asked which of the session's actions it implements, UIKit's own too (a text field implements
    /// `paste:`, which a nil-targeted Paste button looks for on the responder chain): once per class in a capture,
    /// since `responds(to:)` answers from the class. Each implementing view is asked which it refuses, since
    /// `canPerformAction` depends on its state (a field that is not editing refuses `paste:`).
    @Test func everyViewIsAskedWhichActionsItsClassImplementsOncePerClass() throws {
        let app = App()
        let bubble = FakeView("Chat.BubbleView", baseClass: "UIView", frame: Rect(16, 300, 300, 80))
        bubble.implements = ["copy:", "reply:"]
        bubble.refuses = ["copy:"]
        let editing = FakeView("UITextField", frame: Rect(16, 400, 300, 44))
        let idle = FakeView("UITextField", frame: Rect(16, 450, 300, 44))
        for field in [editing, idle] { field.implements = ["copy:", "paste:"] }
        idle.refuses = ["copy:", "paste:"]
        let menu = FakeControl("UIButton", frame: Rect(16, 500, 100, 44))
        menu.actions = [
            ControlAction(events: ["touchUpInside"], target: nil, action: "reply:"),
            ControlAction(events: ["touchDown"], target: nil, action: "paste:"),
            ControlAction(events: ["touchDownRepeat"], target: nil, action: "copy:"),
        ]
        for view in [bubble, editing, idle, menu] { app.root.add(view) }
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 100)
        recorder.flush()
        let snapshot = try RecordingCheck.openingSnapshot(RecordingCheck.records(sink.files.joined()))
        let views = snapshot.hierarchy.windows[0].view.subviews[0].subviews
        let bubbleSpec = try #require(views.first { $0.className == "Chat.BubbleView" })
        #expect(bubbleSpec.implements == ["copy:", "reply:"] && bubbleSpec.refusesActions == ["copy:"])
        let fields = views.filter { $0.className == "UITextField" }
        #expect(fields.map(\.implements) == [["copy:", "paste:"], ["copy:", "paste:"]])
        #expect(fields.map(\.refusesActions) == [nil, ["copy:", "paste:"]])
        // The second field of the class was not asked: its class's answer was known.
        #expect(editing.implementsAsked + idle.implementsAsked == 1)
        // Asked, and it implements none: left out, as every default is.
        #expect(views.first { $0.className == "UIButton" }.map { $0.implements == nil } == true)
    }

    static func describe(_ record: Record) -> String {
        switch record {
        case .call(let call): return "call \(call.responder) \(call.method.rawValue)"
        case .set(let set):
            return "set \(set.view) "
                + set.patch.jsonMembers.map { "\($0.key)=\($0.value.serialized())" }.joined(separator: " ")
        case .keyWindow(let observation): return "keyWindow \(observation.window ?? "null")"
        default: return record.typeName
        }
    }
}
