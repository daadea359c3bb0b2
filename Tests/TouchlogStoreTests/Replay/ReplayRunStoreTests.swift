import Testing

@testable import TouchlogStore

/// Replay runs in the database: written in one transaction, replaced per options, gone with their session.
@Suite struct ReplayRunStoreTests {
    func header(_ db: TouchlogDatabase, policies: String = "") throws -> ReplayRunHeader {
        let session = try db.sessions()[0]
        return ReplayRunHeader(
            sessionRowID: session.rowID, policies: policies, trust: "model", touchlogVersion: "t", modelVersion: 1,
            contentHash: try db.contentHash(sessionRowID: session.rowID) ?? "")
    }

    func stored() throws -> TouchlogDatabase {
        let folder = TemporaryFolder()
        let db = try TouchlogDatabase.inMemory()
        let report = Ingestor(database: db).ingest(.file(folder.file("s.jsonl", Lines.rich())))
        #expect(report.succeeded)
        return db
    }

    @Test func aRunRoundTripsWithItsRows() throws {
        let db = try stored()
        var row = ReplayStepRow(seq: 3, t: 0.1, type: "touch", traceJSON: #"{"seq":3}"#)
        row.firstResponderFrame = [1, 2, 3, 4]
        (row.touch, row.phase, row.x, row.y) = ("1", "began", 20.5, 110)
        (row.view, row.hitView, row.observedView, row.observedViewHidden) = ("root", "root", "", true)
        (row.firstResponder, row.firstResponderHidden, row.keyboardVisible) = ("tf1", true, true)
        (row.keyReceiver, row.keyReceiverHidden) = ("tf1", true)
        row.divergences = [
            .init(
                kind: "hitView", view: nil, field: nil, expectedJSON: "null", observedJSON: "\"tf1\"",
                observationSeq: nil)
        ]
        row.actions = [.init(action: "go:", target: nil, sender: "btn")]
        row.controlReach = [
            .init(kind: "blocked", control: "btn", reason: "hidden", blocker: "btn", hitView: nil, explanation: "x")
        ]
        let run = try db.writeReplayRun(try header(db)) { try $0.write(row) }
        #expect(run.stepCount == 1 && run.divergenceCount == 1)
        let back = try db.replaySteps(runID: run.id)
        #expect(back == [row])
        #expect(try db.replayTrace(runID: run.id) == [#"{"seq":3}"#])
        // The report's read: every fact, no trace line.
        var factsOnly = row
        factsOnly.traceJSON = ""
        #expect(try db.replaySteps(runID: run.id, includingTrace: false) == [factsOnly])
    }

    @Test func aRunWithTheSameOptionsReplacesTheOldOneOthersStay() throws {
        let db = try stored()
        let first = try db.writeReplayRun(try header(db)) { _ in }
        let other = try db.writeReplayRun(try header(db, policies: "+resign-on-hide")) { _ in }
        let second = try db.writeReplayRun(try header(db)) { _ in }
        let runs = try db.replayRuns(sessionRowID: try db.sessions()[0].rowID)
        #expect(runs.map(\.id) == [other.id, second.id])
        #expect(first.id != second.id)
    }

    @Test func runsGoWithTheirSession() throws {
        let db = try stored()
        let run = try db.writeReplayRun(try header(db)) {
            try $0.write(ReplayStepRow(seq: 2, t: 0, type: "snapshot", traceJSON: "{}"))
        }
        try db.writer.write { db in try db.execute(sql: "DELETE FROM session") }
        #expect(try db.replayRuns(sessionRowID: run.sessionRowID).isEmpty)
        #expect(try db.count("replay_step") == 0)
    }
}
