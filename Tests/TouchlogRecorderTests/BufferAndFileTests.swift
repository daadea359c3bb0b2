import ResponderCore
import Testing
import TouchlogFormat
import TouchlogTestSupport

@testable import TouchlogRecorder

/// The ring buffer, rotation into continuation files and the writer thread.
@Suite @MainActor struct BufferAndFileTests {
    /// A pan of `moves` moved touches between a began and an ended, pushed while the writer does nothing.
    private func pan(_ recorder: Recorder, _ app: RecorderTests.LoginApp, moves: Int, from time: Double) {
        let touch = FakeTouch()
        func send(_ phase: TouchPhase, _ k: Int) {
            recorder.willSendEvent(
                [
                    TouchReading(
                        touch: touch, phase: phase, locationInWindow: Point(100, 200 + Double(k)),
                        timestamp: time + Double(k) / 100, view: app.root)
                ], in: app.window)
            recorder.didSendEvent(at: time + Double(k) / 100)
        }
        send(.began, 0)
        for k in 1...moves { send(.moved, k) }
        send(.ended, moves + 1)
    }

    @Test func aFullBufferDropsMovedTouchesFirstAndSaysSo() throws {
        let app = RecorderTests.LoginApp()
        let sink = MemorySink()
        let recorder = app.recorder(sink, configuration: RecorderConfiguration(bufferCapacity: 16))
        recorder.start(at: 1000)
        pan(recorder, app, moves: 40, from: 1001)
        recorder.flush()
        let records = RecordingCheck.records(sink.files[0])
        let phases = records.compactMap { record -> TouchPhase? in
            if case .touch(let touch) = record { return touch.phase }
            return nil
        }
        #expect(phases.first == .began && phases.last == .ended)
        let moved = phases.filter { $0 == .moved }.count
        #expect(moved < 40)
        // The finger's last record says how many of its moves went, so the count adds up.
        let lines = sink.files[0].split(separator: "\n")
        let ended = lines.first { $0.contains("\"phase\":\"ended\"") }
        #expect(ended?.hasSuffix(",\"droppedMoves\":\(40 - moved)}") == true)
        #expect(!sink.files[0].contains("\"type\":\"dropped\""))
        // Kept as a golden, so `make check-schema` checks the note against the schema too.
        try Golden.expect(sink.files[0], "dropped-moves.jsonl", in: RecordingCheck.golden)
    }

    @Test func theRingKeepsEverythingButMovesUntilItsHardLimit() {
        var ring = RecordRing(capacity: 2, hardCapacity: 3)
        func touch(_ phase: TouchPhase, _ t: Double) -> PendingItem {
            .record(.touch(TouchRecord(t: t, touch: .number(1), phase: phase, x: 0, y: 0)))
        }
        ring.push(touch(.began, 1))
        ring.push(touch(.moved, 2))
        ring.push(touch(.ended, 3))  // full: the move goes
        ring.push(touch(.began, 4))  // no move left: kept up to the hard limit
        ring.push(touch(.ended, 5))  // beyond it: dropped and counted
        let (items, dropped) = ring.takeAll()
        #expect(items.compactMap { if case .record(let r) = $0 { r.t } else { nil } } == [1, 3, 4])
        #expect(dropped == DropCount(moved: 1, movedByTouch: [.number(1): 1], other: 1, firstT: 2, lastT: 5))
    }

    @Test func aFullFileContinuesInANewSessionThatStandsAlone() throws {
        let app = RecorderTests.LoginApp()
        let sink = MemorySink()
        let recorder = app.recorder(sink, configuration: RecorderConfiguration(maxFileBytes: 2000))
        recorder.start(at: 1000)
        app.email.isFirstResponder = true
        recorder.editingDidChange(at: 1000.2)
        for k in 0..<6 { pan(recorder, app, moves: 5, from: 1001 + Double(k)) }
        recorder.flush()
        #expect(sink.files.count > 1)
        for (index, file) in sink.files.enumerated() where !file.isEmpty {
            let records = RecordingCheck.records(file, file: "part-\(index + 1).jsonl")
            guard case .session(let header) = records.first else {
                Issue.record("part \(index + 1) does not start with a header")
                continue
            }
            if index > 0 {
                #expect(header.session == "5C1D2A9E-0000-4000-8000-000000000001-\(index + 1)")
                #expect(header.json["part"]?.intValue == index + 1)
                guard case .snapshot(let snapshot) = records[1] else {
                    Issue.record("part \(index + 1) does not start with a snapshot")
                    continue
                }
                // The continuation knows the first responder, as last recorded.
                #expect(snapshot.hierarchy.windows[0].view.subviews[0].subviews[0].isFirstResponder == true)
                // No touch is split across files: each part's touches begin in it.
                let phases = records.compactMap { if case .touch(let t) = $0 { t.phase } else { nil } }
                #expect(phases.isEmpty || phases.first == .began)
            }
        }
        // The second part, kept as a golden so `make check-schema` checks a continuation header too.
        try Golden.expect(sink.files[1], "continuation-part-2.jsonl", in: RecordingCheck.golden)
    }

    @Test func theWriterThreadWritesEverythingByTheFlush() {
        let app = RecorderTests.LoginApp()
        let sink = MemorySink()
        let recorder = Recorder(
            session: SessionInfo(sessionID: "S"), sink: sink, startUptime: 1000, background: true)
        recorder.windows = { [app] in [app.window] }
        recorder.start(at: 1000)
        pan(recorder, app, moves: 200, from: 1001)
        recorder.flush()
        let records = RecordingCheck.records(sink.files[0])
        #expect(records.count == 2 + 202)
        #expect(sink.synchronizations == 1)
        recorder.stop()
    }
}

/// What the writer says when more than moves were lost, and how key presses count.
@Suite @MainActor struct WriterNoteTests {
    @Test func recordsLostBeyondTheHardLimitAreSaidByADroppedRecordAfterTheBatch() {
        let sink = MemorySink()
        let header = SessionHeader(session: "S", members: ["type": "session"])
        let writer = RecordWriter(sink: sink, header: header, maxFileBytes: 1 << 20)
        writer.process(
            [.record(.session(header)), .record(.key(KeyRecord(t: 4, length: 1)))],
            dropped: DropCount(moved: 0, other: 3, firstT: 2, lastT: 3.5))
        let lines = sink.files[0].split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[2] == #"{"type":"dropped","t":4,"moved":0,"other":3,"from":2,"to":3.5}"#)
    }

    @Test func aDeletionIsAKeyOfLengthZeroAndAPasteItsLength() {
        let app = RecorderTests.LoginApp()
        let sink = MemorySink()
        let recorder = app.recorder(sink)
        recorder.start(at: 1000)
        app.email.isFirstResponder = true
        recorder.editingDidChange(at: 1000.1)
        for (time, length) in [(1001.0, 1), (1002.0, 0), (1003.0, 12)] {
            recorder.textDidChange(in: app.email, text: .length(length), at: time)
        }
        recorder.flush()
        let keys = RecordingCheck.records(sink.files[0]).compactMap { record -> Int? in
            if case .key(let key) = record { return key.length }
            return nil
        }
        #expect(keys == [1, 0, 12])
    }
}
