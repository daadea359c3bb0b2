import ResponderCore
import Testing
import TouchlogFormat
import TouchlogTestSupport

@testable import TouchlogRecorder

/// Events of moving fingers do not search the hierarchy for first responders (a search reads every view, at 120 Hz):
/// they read the first responders last written, one per window, and search only when one of them left.
@Suite @MainActor struct MoveCostTests {
    /// A view that counts how often the search asks it whether it is first responder.
    final class CountingView: FakeView {
        var asked = 0
        override var recordedIsFirstResponder: Bool {
            asked += 1
            return isFirstResponder
        }
    }

    @Test func movesReadTheWrittenFirstResponderOnlyAndStillSeeItLeave() throws {
        let app = RecorderTests.LoginApp()
        let rows = (0..<50).map { CountingView("UIView", frame: Rect(0, Double($0) * 10, 393, 10)) }
        for row in rows { app.root.add(row) }
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        app.tap(recorder, at: Point(151, 331), view: app.email, time: 1001) { app.email.isFirstResponder = true }
        let touch = FakeTouch()
        func send(_ phase: TouchPhase, _ y: Double, _ time: Double, during: () -> Void = {}) {
            recorder.willSendEvent(
                [
                    TouchReading(
                        touch: touch, phase: phase, locationInWindow: Point(200, y), timestamp: time, view: app.root)
                ],
                in: app.window)
            during()
            recorder.didSendEvent(at: time)
        }
        send(.began, 600, 1002)
        let asked = rows.map(\.asked).reduce(0, +)
        send(.moved, 610, 1002.01)
        send(.moved, 620, 1002.02)
        #expect(rows.map(\.asked).reduce(0, +) == asked)  // no search: the email field still is first responder
        // A drag that dismisses the keyboard (a scroll view's onDrag): the field resigns during a move.
        send(.moved, 640, 1002.03) { app.email.isFirstResponder = false }
        send(.ended, 640, 1002.1)
        recorder.flush()
        let records = RecordingCheck.records(sink.files.joined())
        let resign = try #require(
            records.firstIndex {
                if case .firstResponder(let change) = $0 { return change.view == nil }
                return false
            })
        // Written at the move during which it happened (t 2.03), not at the lift.
        #expect(records[resign].t == 2.03)
    }
}
