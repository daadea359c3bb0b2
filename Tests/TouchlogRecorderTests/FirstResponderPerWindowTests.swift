import ResponderCore
import Testing
import TouchlogFormat
import TouchlogTestSupport

@testable import TouchlogRecorder

/// Each window keeps a first responder of its own (docs/log-format.md, "A first responder per window"): the recorder
/// writes every window's changes, naming the window, and a continuation file's snapshot marks every window's.
@Suite @MainActor struct FirstResponderPerWindowTests {
    /// A shop window with a search field and a chat window in front with a message field; the shop is key.
    @MainActor final class App {
        let main = FakeWindow(frame: Rect(0, 0, 393, 852))
        let chat = FakeWindow(frame: Rect(0, 380, 393, 120))
        let search = FakeView("UITextField", frame: Rect(24, 56, 345, 44), label: "Search")
        let message = FakeView("UITextField", frame: Rect(24, 38, 345, 44), label: "Message")
        var chatShown = true

        init() {
            main.add(search)
            chat.add(message)
            chat.windowLevel = 1
            chat.isKeyWindow = false
        }

        func recorder(_ sink: MemorySink, configuration: RecorderConfiguration = RecorderConfiguration()) -> Recorder {
            let recorder = Recorder(
                configuration: configuration, session: SessionInfo(sessionID: "REC-FR-WINDOWS"), sink: sink,
                startUptime: 100, background: false)
            recorder.windows = { [self] in [main] + (chatShown ? [chat] : []) }
            return recorder
        }

        /// Key status moves to `window`, as UIKit reports it.
        func makeKey(_ window: FakeWindow, _ recorder: Recorder, at time: Double) {
            recorder.willMakeKey(window, at: time)
            for other in [main, chat] { other.isKeyWindow = other === window }
            recorder.keyWindowDidChange(to: window, at: time)
        }
    }

    static func describe(_ record: Record) -> String? {
        switch record {
        case .call(let call): return "call \(call.method.rawValue) \(call.responder)"
        case .firstResponder(let change): return "firstResponder \(change.view ?? "null") in \(change.window ?? "?")"
        default: return nil
        }
    }

    /// The app focuses and resigns the chat's field by code while the shop window, key, keeps its own first responder:
    /// both are written, naming the chat window. Moving key status between the windows changes no first responder,
    /// so it writes none. A search that stopped at the key window's first responder saw neither change and took the
    /// key moves for focus changes.
    @Test func aWindowThatIsNotKeyHasItsChangesWrittenAndKeyMovesWriteNone() throws {
        let app = App()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        app.search.isFirstResponder = true
        recorder.start(at: 100)
        app.message.isFirstResponder = true
        recorder.editingDidChange(at: 101)
        app.makeKey(app.chat, recorder, at: 102)
        recorder.textDidChange(in: app.message, text: .length(1), at: 102.5)
        app.makeKey(app.main, recorder, at: 103)
        recorder.textDidChange(in: app.search, text: .length(1), at: 103.5)
        app.message.isFirstResponder = false
        recorder.editingDidChange(at: 104)
        recorder.flush()
        let records = RecordingCheck.records(sink.files.joined())
        let start = try RecordingCheck.openingSnapshot(records)
        // The snapshot already says the shop's: no record repeats it.
        #expect(start.hierarchy.windows[0].view.subviews[0].isFirstResponder == true)
        #expect(start.hierarchy.windows[1].view.subviews[0].isFirstResponder == nil)
        let (searchID, mainID) = (start.hierarchy.windows[0].view.subviews[0].id, start.hierarchy.windows[0].view.id)
        let (messageID, chatID) = (start.hierarchy.windows[1].view.subviews[0].id, start.hierarchy.windows[1].view.id)
        #expect(searchID != messageID && mainID != chatID)
        #expect(
            records.compactMap(Self.describe) == [
                "call becomeFirstResponder \(messageID)", "firstResponder \(messageID) in \(chatID)",
                "call makeKey \(chatID)", "call makeKey \(mainID)",
                "call resignFirstResponder \(messageID)", "firstResponder null in \(chatID)",
            ])
    }

    /// A window the app adds later enters with the snapshot that declares it, its first responder marked there and
    /// not written again; its later changes are written like any window's.
    @Test func aWindowAddedLaterEntersWithItsSnapshot() {
        let app = App()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        app.chatShown = false
        recorder.start(at: 100)
        app.chatShown = true
        app.message.isFirstResponder = true
        recorder.hierarchyMayHaveChanged(at: 101)
        recorder.editingDidChange(at: 101.5)
        app.message.isFirstResponder = false
        recorder.editingDidChange(at: 102)
        recorder.flush()
        let records = RecordingCheck.records(sink.files.joined())
        let snapshots = records.compactMap { record -> SnapshotRecord? in
            if case .snapshot(let snapshot) = record { return snapshot }
            return nil
        }
        #expect(snapshots.count == 2)
        let chat = snapshots.last?.hierarchy.windows.last?.view
        #expect(chat?.subviews.first?.isFirstResponder == true)
        let (messageID, chatID) = (chat?.subviews.first?.id ?? "", chat?.id ?? "")
        #expect(
            records.compactMap(Self.describe) == [
                "call resignFirstResponder \(messageID)", "firstResponder null in \(chatID)",
            ])
    }

    /// A continuation file opens with a snapshot that marks each window's first responder as last recorded.
    @Test func aContinuationMarksEveryWindowsFirstResponder() {
        let app = App()
        let sink = MemorySink()
        let recorder = app.recorder(sink, configuration: RecorderConfiguration(maxFileBytes: 1500))
        recorder.start(at: 100)
        app.search.isFirstResponder = true
        recorder.editingDidChange(at: 100.5)
        app.message.isFirstResponder = true
        recorder.editingDidChange(at: 100.6)
        let touch = FakeTouch()
        for k in 0..<30 {
            let phase: TouchPhase = k == 0 ? .began : k == 29 ? .ended : .moved
            recorder.willSendEvent(
                [
                    TouchReading(
                        touch: touch, phase: phase, locationInWindow: Point(100, 300 + Double(k)),
                        timestamp: 101 + Double(k) / 100, view: app.main)
                ], in: app.main)
            recorder.didSendEvent(at: 101 + Double(k) / 100)
        }
        recorder.flush()
        #expect(sink.files.count > 1)
        guard sink.files.count > 1, case .snapshot(let snapshot) = RecordingCheck.records(sink.files[1])[1] else {
            Issue.record("no continuation starting with a snapshot")
            return
        }
        #expect(snapshot.hierarchy.windows[0].view.subviews[0].isFirstResponder == true)
        #expect(snapshot.hierarchy.windows[1].view.subviews[0].isFirstResponder == true)
    }
}

/// What a window policy explains is the key window's resign only; other windows' changes are the app's.
@Suite @MainActor struct FirstResponderPolicyPerWindowTests {
    /// The shop window resigns its first responder on an outside touch (a declared `sendEvent` override, which runs
    /// before the recording's): that resign is written after the touch, with no call, where replay's policy makes it.
    /// The chat's field, resigned by app code since the last look, is a call before the touch.
    @Test func aWindowPolicyExplainsTheKeyWindowsResignAndNoOtherWindows() throws {
        let app = FirstResponderPerWindowTests.App()
        app.main.policies = [.dismissOnOutsideTouch]
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        app.search.isFirstResponder = true
        app.message.isFirstResponder = true
        recorder.start(at: 100)
        app.message.isFirstResponder = false  // app code, unobserved until the next look
        app.search.isFirstResponder = false  // the window's override, before the recording window's sendEvent
        recorder.willSendEvent(
            [
                TouchReading(
                    touch: FakeTouch(), phase: .began, locationInWindow: Point(200, 700), timestamp: 101,
                    view: app.main)
            ], in: app.main)
        recorder.didSendEvent(at: 101)
        recorder.flush()
        let records = RecordingCheck.records(sink.files.joined())
        let start = try RecordingCheck.openingSnapshot(records)
        let (mainID, chatID) = (start.hierarchy.windows[0].view.id, start.hierarchy.windows[1].view.id)
        let messageID = start.hierarchy.windows[1].view.subviews[0].id
        let written = records.dropFirst(2).compactMap { record -> String? in
            if case .touch = record { return "touch" }
            return FirstResponderPerWindowTests.describe(record)
        }
        #expect(
            written == [
                "call resignFirstResponder \(messageID)", "firstResponder null in \(chatID)", "touch",
                "firstResponder null in \(mainID)",
            ])
    }
}

/// The writer's side of a first responder per window.
@Suite struct FirstResponderWriterTests {
    /// A `firstResponder` record without `window` is about the key window (docs/log-format.md): a continuation
    /// marks it there, and leaves a window no record named as its capture read it.
    @Test func aRecordWithoutAWindowIsTheKeyWindowsInTheContinuation() {
        let sink = MemorySink()
        let header = SessionHeader(session: "S", members: ["type": "session"])
        let writer = RecordWriter(sink: sink, header: header, maxFileBytes: 10)
        let field = { (id: String, flagged: Bool) in
            ViewSpec(
                id: id, className: "UITextField", frame: Rect(0, 0, 10, 10),
                properties: ViewProperties(isFirstResponder: flagged ? true : nil))
        }
        let hierarchy = HierarchySpec(windows: [
            WindowSpec(
                view: ViewSpec(
                    id: "front", className: "UIWindow", frame: Rect(0, 0, 10, 10), subviews: [field("a", true)]),
                isKeyWindow: false),
            WindowSpec(
                view: ViewSpec(
                    id: "key", className: "UIWindow", frame: Rect(0, 0, 10, 10), subviews: [field("b", false)]),
                isKeyWindow: true),
        ])
        writer.process(
            [
                .record(.session(header)), .hierarchy(hierarchy, t: 0, snapshot: true),
                .record(.firstResponder(FirstResponderRecord(t: 1, view: "b", window: nil))),
            ], dropped: DropCount())
        #expect(sink.files.count == 2)
        guard sink.files.count == 2, case .snapshot(let snapshot) = RecordingCheck.records(sink.files[1])[1] else {
            Issue.record("no continuation starting with a snapshot")
            return
        }
        #expect(snapshot.hierarchy.windows[1].view.subviews[0].isFirstResponder == true)
        #expect(snapshot.hierarchy.windows[0].view.subviews[0].isFirstResponder == true)
    }
}
