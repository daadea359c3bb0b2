import ResponderCore
import Testing
import TouchlogFormat
import TouchlogTestSupport

@testable import TouchlogRecorder

/// A touch that begins or ends reads in full only the views along its path; the rest of the hierarchy is read when
/// the run loop goes idle, or before the next record if that comes first.
@Suite @MainActor struct PathCaptureTests {
    /// A view that counts its whole-field reads and its geometry reads.
    final class CountingView: FakeView {
        var fieldReads = 0
        var geometryReads = 0
        override func recordedFields() -> ViewFields {
            fieldReads += 1
            return super.recordedFields()
        }
        override var recordedGeometry: ViewGeometry {
            geometryReads += 1
            return super.recordedGeometry
        }
    }

    /// A list screen: the login app's root holds three sections of ten rows, each row a label.
    @MainActor final class ListScreen {
        let app = RecorderTests.LoginApp()
        var sections: [CountingView] = []
        var rows: [[CountingView]] = []

        init() {
            for s in 0..<3 {
                let section = CountingView("UIView", frame: Rect(0, 500 + Double(s) * 100, 393, 100))
                app.root.add(section)
                sections.append(section)
                var labels: [CountingView] = []
                for r in 0..<10 {
                    let row = CountingView("UILabel", frame: Rect(0, Double(r) * 10, 393, 10), label: "Row \(s).\(r)")
                    section.add(row)
                    labels.append(row)
                }
                rows.append(labels)
            }
        }

        var all: [CountingView] { sections + rows.flatMap { $0 } }
        func resetCounts() {
            for view in all {
                view.fieldReads = 0
                view.geometryReads = 0
            }
        }
    }

    /// One event of one finger, through the recorder as `UIWindow.sendEvent` reports it, `during` inside it.
    func send(
        _ recorder: Recorder, _ screen: ListScreen, _ touch: FakeTouch, _ phase: TouchPhase, at point: Point,
        view: FakeView?, time: Double, during: () -> Void = {}
    ) {
        recorder.willSendEvent(
            [TouchReading(touch: touch, phase: phase, locationInWindow: point, timestamp: time, view: view)],
            in: screen.app.window)
        during()
        recorder.didSendEvent(at: time)
    }

    @Test func aTouchReadsItsPathInFullAndOnlyTheGeometryOfTheOtherViews() throws {
        let screen = ListScreen()
        let sink = MemorySink()
        let recorder = screen.app.recorder(sink)
        recorder.start(at: 1000)
        screen.resetCounts()
        let touch = FakeTouch()
        // Row 4 of the second section: window y 600 + 45.
        let row = screen.rows[1][4]
        send(recorder, screen, touch, .began, at: Point(100, 645), view: row, time: 1001)
        // Read in full: the section and the row the point is in. Their siblings: geometry only.
        #expect(screen.sections[1].fieldReads == 1 && row.fieldReads == 1)
        #expect(screen.sections[0].fieldReads == 0 && screen.sections[2].fieldReads == 0)
        #expect(screen.sections[0].geometryReads == 1 && screen.sections[2].geometryReads == 1)
        #expect(screen.rows[1].filter { $0 !== row }.allSatisfy { $0.fieldReads == 0 && $0.geometryReads == 1 })
        // Below a view off the path, nothing at all.
        #expect(screen.rows[0].allSatisfy { $0.fieldReads == 0 && $0.geometryReads == 0 })
        // A touch that begins changes nothing the recording wrote: no whole capture when the run loop goes idle.
        recorder.runLoopWillWait(at: 1001.01)
        #expect(screen.all.allSatisfy { $0.fieldReads <= 1 })
        send(recorder, screen, touch, .ended, at: Point(100, 645), view: row, time: 1001.1)
        #expect(screen.rows[0].allSatisfy { $0.fieldReads == 0 })
        // The touch sequence is over: the idle run loop reads everything once.
        recorder.runLoopWillWait(at: 1001.11)
        #expect(screen.rows[0].allSatisfy { $0.fieldReads == 1 })
        #expect(row.fieldReads == 3)
        recorder.runLoopWillWait(at: 1001.2)
        #expect(row.fieldReads == 3)  // once per change, not at every idle moment
    }

    @Test func thePathCaptureSeesWhatTheHitTestDependsOnAndTheIdleCaptureTheRest() throws {
        let screen = ListScreen()
        let sink = MemorySink()
        let recorder = screen.app.recorder(sink)
        recorder.start(at: 1000)
        let touch = FakeTouch()
        let row = screen.rows[1][4]
        // Since the last capture: the touched row's label changed, a sibling section was hidden (geometry), a new
        // row with a child came into the touched section away from the point, and a label of another section
        // changed its text (neither on the path nor geometry).
        row.accessibilityLabel = "Row 1.4, selected"
        screen.sections[2].isHidden = true
        let banner = CountingView("UIView", frame: Rect(0, 95, 393, 5))
        banner.add(CountingView("UILabel", frame: Rect(0, 0, 100, 5), label: "New"))
        screen.sections[1].add(banner)
        screen.rows[0][0].accessibilityLabel = "Row 0, updated"
        send(recorder, screen, touch, .began, at: Point(100, 645), view: row, time: 1001)
        recorder.flush()
        let afterBegan = RecordingCheck.records(sink.files.joined())
        let touchIndex = try #require(afterBegan.firstIndex { if case .touch = $0 { true } else { false } })
        let lastChange = try #require(
            afterBegan.lastIndex {
                switch $0 {
                case .set, .insert: true
                default: false
                }
            })
        #expect(lastChange < touchIndex, "the hierarchy is written before the touch")
        var set: [String: ViewProperties] = [:]
        var inserted: [String] = []
        for record in afterBegan {
            switch record {
            case .set(let change): set[change.view] = change.patch
            case .insert(let insert): inserted.append(insert.view.className)
            default: break
            }
        }
        let ids = try idsByLabel(afterBegan)
        #expect(set[try #require(ids["Row 1.4, selected"])]?.accessibilityLabel == "Row 1.4, selected")
        #expect(set.values.contains { $0.isHidden == true })
        #expect(inserted == ["UIView"])
        #expect(!set.values.contains { $0.accessibilityLabel == "Row 0, updated" })
        // The whole capture at the end of the sequence writes the off-path change.
        send(recorder, screen, touch, .ended, at: Point(100, 645), view: row, time: 1001.1)
        recorder.runLoopWillWait(at: 1001.11)
        recorder.flush()
        let all = RecordingCheck.records(sink.files.joined())
        let late = all.compactMap { record -> (Double, String?)? in
            if case .set(let change) = record { return (change.t, change.patch.accessibilityLabel) }
            return nil
        }
        #expect(late.contains { $0.0 == 1.11 && $0.1 == "Row 0, updated" })
    }

    @Test func aPendingCaptureComesBeforeTheNextRecordWhenTheRunLoopDoesNotGoIdle() throws {
        let screen = ListScreen()
        let sink = MemorySink()
        let recorder = screen.app.recorder(sink)
        recorder.start(at: 1000)
        let touch = FakeTouch()
        let button = screen.app.signIn
        send(recorder, screen, touch, .began, at: Point(200, 459), view: button, time: 1001)
        send(recorder, screen, touch, .ended, at: Point(200, 459), view: button, time: 1001.1) {
            screen.rows[0][0].isHidden = true
        }
        // A keyboard notification before the run loop went idle: the change is written first, as it happened first.
        recorder.keyboard(.willHide, frame: Rect(0, 852, 393, 336), at: 1001.105)
        recorder.flush()
        let records = RecordingCheck.records(sink.files.joined())
        let hide = try #require(
            records.firstIndex { if case .set(let s) = $0 { s.patch.isHidden == true } else { false } })
        let keyboard = try #require(records.firstIndex { if case .keyboard = $0 { true } else { false } })
        #expect(hide < keyboard)
    }

    @Test func aScrolledViewsOffsetMovesThePathAndATouchBoundOffItIsCapturedWhole() throws {
        let screen = ListScreen()
        let scroll = CountingView("UIScrollView", frame: Rect(0, 100, 393, 200))
        scroll.bounds = Rect(0, 400, 393, 200)  // scrolled 400 points down
        let far = CountingView("UIView", frame: Rect(0, 450, 393, 50))
        let near = CountingView("UIView", frame: Rect(0, 0, 393, 50))
        scroll.add(near)
        scroll.add(far)
        screen.app.root.add(scroll)
        let sink = MemorySink()
        let recorder = screen.app.recorder(sink)
        recorder.start(at: 1000)
        screen.resetCounts()
        for view in [scroll, far, near] { view.fieldReads = 0 }
        // Window y 175 is the scroll view's y 75 on screen, its content's 475: in `far`.
        send(recorder, screen, FakeTouch(), .began, at: Point(10, 175), view: far, time: 1001)
        #expect(far.fieldReads == 1 && near.fieldReads == 0)
        // A touch bound to a view the path does not reach and no capture has seen (a `hitTest` override answering
        // outside frames): the capture reads everything, so the touch names its view.
        let stray = CountingView("UIView", frame: Rect(0, 800, 10, 10))
        screen.sections[0].add(stray)
        send(recorder, screen, FakeTouch(), .began, at: Point(300, 50), view: stray, time: 1002)
        #expect(screen.rows[0].allSatisfy { $0.fieldReads == 1 })
        recorder.flush()
        let touches = RecordingCheck.records(sink.files.joined()).compactMap { record -> TouchRecord? in
            if case .touch(let touch) = record { return touch }
            return nil
        }
        #expect(touches.last?.view?.hasPrefix("UIView#") == true)
    }

    /// Every labelled view's id, from the recording's first snapshot.
    func idsByLabel(_ records: [Record]) throws -> [String: String] {
        guard
            case .snapshot(let snapshot) = try #require(
                records.first { if case .snapshot = $0 { true } else { false } })
        else { return [:] }
        var found: [String: String] = [:]
        var stack = snapshot.hierarchy.windows.map(\.view)
        while let view = stack.popLast() {
            if let label = view.properties.accessibilityLabel { found[label] = view.id }
            stack += view.subviews
        }
        // The row's label changed after the snapshot: it is found by its old one.
        if let id = found["Row 1.4"] { found["Row 1.4, selected"] = id }
        return found
    }
}
