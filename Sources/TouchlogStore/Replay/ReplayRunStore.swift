import Foundation
import GRDB
import GRDBSQLite

/// Writes one replay run's rows through prepared statements, inside the transaction of
/// ``TouchlogDatabase/writeReplayRun(_:_:)``.
public final class ReplayRunWriter {
    let runID: Int64
    let db: Database
    private let step: Statement
    private let divergence: Statement
    private let action: Statement
    private let change: Statement
    private let cancellation: Statement
    private let reach: Statement
    private(set) var steps = 0
    private(set) var divergences = 0

    init(_ db: Database, runID: Int64) throws {
        self.runID = runID
        self.db = db
        step = try db.makeStatement(
            sql: """
                INSERT INTO replay_step (run_id, seq, t, type, touch, phase, x, y, view, hit_view, observed_view,
                observed_view_hidden, first_responder, first_responder_hidden, fr_x, fr_y, fr_width, fr_height,
                keyboard_visible, key_receiver, key_receiver_hidden, divergence_count, trace_json)
                VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
                """)
        divergence = try db.makeStatement(
            sql:
                "INSERT INTO replay_divergence (run_id, seq, ordinal, kind, view, field, expected_json, observed_json, observation_seq) VALUES (?,?,?,?,?,?,?,?,?)"
        )
        action = try db.makeStatement(
            sql: "INSERT INTO replay_action (run_id, seq, ordinal, action, target, sender) VALUES (?,?,?,?,?,?)")
        change = try db.makeStatement(
            sql:
                "INSERT INTO replay_first_responder_change (run_id, seq, ordinal, window, from_view, to_view, reason) VALUES (?,?,?,?,?,?,?)"
        )
        cancellation = try db.makeStatement(
            sql:
                "INSERT INTO replay_cancellation (run_id, seq, ordinal, touch, view, view_class, cause, view_had_begun) VALUES (?,?,?,?,?,?,?,?)"
        )
        reach = try db.makeStatement(
            sql:
                "INSERT INTO replay_control_reach (run_id, seq, ordinal, kind, control, reason, blocker, hit_view, explanation) VALUES (?,?,?,?,?,?,?,?,?)"
        )
    }

    /// Stores one replayed input record with its child rows.
    public func write(_ r: ReplayStepRow) throws {
        // One row per input record: bound on the raw statement (GRDB's argument arrays cost more than the insert).
        let h = step.sqliteStatement
        let f = r.firstResponderFrame
        sqlite3_bind_int64(h, 1, runID)
        sqlite3_bind_int64(h, 2, Int64(r.seq))
        sqlite3_bind_double(h, 3, r.t)
        bind(r.type, h, 4)
        bind(r.touch, h, 5)
        bind(r.phase, h, 6)
        bind(r.x, h, 7)
        bind(r.y, h, 8)
        bind(r.view, h, 9)
        bind(r.hitView, h, 10)
        bind(r.observedView, h, 11)
        bind(r.observedViewHidden.map { $0 ? 1 : 0 }, h, 12)
        bind(r.firstResponder, h, 13)
        sqlite3_bind_int64(h, 14, r.firstResponderHidden ? 1 : 0)
        for k in 0..<4 { bind(f?[k], h, Int32(15 + k)) }
        sqlite3_bind_int64(h, 19, r.keyboardVisible ? 1 : 0)
        bind(r.keyReceiver, h, 20)
        sqlite3_bind_int64(h, 21, r.keyReceiverHidden ? 1 : 0)
        sqlite3_bind_int64(h, 22, Int64(r.divergences.count))
        bind(r.traceJSON, h, 23)
        let code = sqlite3_step(h)
        sqlite3_reset(h)
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
        for (k, d) in r.divergences.enumerated() {
            try divergence.execute(arguments: [
                runID, r.seq, k, d.kind, d.view, d.field, d.expectedJSON, d.observedJSON, d.observationSeq,
            ])
        }
        for (k, a) in r.actions.enumerated() {
            try action.execute(arguments: [runID, r.seq, k, a.action, a.target, a.sender])
        }
        for (k, c) in r.firstResponderChanges.enumerated() {
            try change.execute(arguments: [runID, r.seq, k, c.window, c.from, c.to, c.reason])
        }
        for (k, c) in r.cancellations.enumerated() {
            try cancellation.execute(arguments: [
                runID, r.seq, k, c.touch, c.view, c.viewClass, c.cause, c.viewHadBegun,
            ])
        }
        for (k, c) in r.controlReach.enumerated() {
            try reach.execute(arguments: [
                runID, r.seq, k, c.kind, c.control, c.reason, c.blocker, c.hitView, c.explanation,
            ])
        }
        steps += 1
        divergences += r.divergences.count
    }

    /// SQLite copies the bytes (SQLITE_TRANSIENT), so the Swift string may go away after binding.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    private func bind(_ text: String?, _ h: OpaquePointer, _ index: Int32) {
        guard var text else {
            sqlite3_bind_null(h, index)
            return
        }
        text.withUTF8 { bytes in
            // An empty buffer has no base address, which would bind NULL: an empty string stays a string.
            guard let start = bytes.baseAddress, !bytes.isEmpty else {
                _ = sqlite3_bind_text(h, index, "", 0, nil)
                return
            }
            let base = UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
            _ = sqlite3_bind_text(h, index, base, Int32(bytes.count), Self.transient)
        }
    }

    private func bind(_ number: Double?, _ h: OpaquePointer, _ index: Int32) {
        if let number { sqlite3_bind_double(h, index, number) } else { sqlite3_bind_null(h, index) }
    }

    private func bind(_ number: Int?, _ h: OpaquePointer, _ index: Int32) {
        if let number { sqlite3_bind_int64(h, index, Int64(number)) } else { sqlite3_bind_null(h, index) }
    }
}

extension TouchlogDatabase {
    /// The session's content hash (changes when the session is stored again with other content).
    public func contentHash(sessionRowID: Int64) throws -> String? {
        try writer.read { db in
            try String.fetchOne(db, sql: "SELECT content_hash FROM session WHERE id = ?", arguments: [sessionRowID])
        }
    }

    /// Whether the session records observations of `type` (e.g. `sent`) at all.
    public func hasRecords(sessionRowID: Int64, type: String) throws -> Bool {
        let range = RecordKey.range(session: sessionRowID)
        return try writer.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM record WHERE key BETWEEN ? AND ? AND type = ?)",
                arguments: [range.lower, range.upper, type]) ?? false
        }
    }

    /// The stored run of a session for these options, if any (stale or not: compare its versions and hash).
    public func replayRun(sessionRowID: Int64, policies: String, trust: String) throws -> ReplayRunInfo? {
        try writer.read { db in
            try ReplayRunInfo.fetchOne(
                db, sql: "SELECT * FROM replay_run WHERE session_id = ? AND policies = ? AND trust = ?",
                arguments: [sessionRowID, policies, trust])
        }
    }

    /// Every stored run of a session.
    public func replayRuns(sessionRowID: Int64) throws -> [ReplayRunInfo] {
        try writer.read { db in
            try ReplayRunInfo.fetchAll(
                db, sql: "SELECT * FROM replay_run WHERE session_id = ? ORDER BY id", arguments: [sessionRowID])
        }
    }

    /// Writes a run in one transaction, replacing any run of the session with the same options. `body` writes the
    /// steps; the run's counts are filled in from what it wrote. Returns the stored run.
    public func writeReplayRun(
        _ header: ReplayRunHeader, warningCount: @escaping () -> Int = { 0 },
        _ body: (ReplayRunWriter) throws -> Void
    ) throws -> ReplayRunInfo {
        try writer.write { db in
            try db.execute(
                sql: "DELETE FROM replay_run WHERE session_id = ? AND policies = ? AND trust = ?",
                arguments: [header.sessionRowID, header.policies, header.trust])
            let now = ISO8601DateFormatter().string(from: Date())
            try db.execute(
                sql: """
                    INSERT INTO replay_run (session_id, policies, trust, touchlog_version, model_version, content_hash,
                    step_count, divergence_count, warning_count, created_at) VALUES (?,?,?,?,?,?,0,0,0,?)
                    """,
                arguments: [
                    header.sessionRowID, header.policies, header.trust, header.touchlogVersion, header.modelVersion,
                    header.contentHash, now,
                ])
            let runID = db.lastInsertedRowID
            let writer = try ReplayRunWriter(db, runID: runID)
            try body(writer)
            try db.execute(
                sql: "UPDATE replay_run SET step_count = ?, divergence_count = ?, warning_count = ? WHERE id = ?",
                arguments: [writer.steps, writer.divergences, warningCount(), runID])
            return try ReplayRunInfo.fetchOne(db, sql: "SELECT * FROM replay_run WHERE id = ?", arguments: [runID])!
        }
    }

    /// The stored trace lines of a run, in order.
    public func replayTrace(runID: Int64) throws -> [String] {
        try writer.read { db in
            try String.fetchAll(
                db, sql: "SELECT trace_json FROM replay_step WHERE run_id = ? ORDER BY seq", arguments: [runID])
        }
    }

    /// The stored steps of a run with their child rows, in order (what `touchlog report` reads).
    /// `includingTrace: false` leaves `traceJSON` empty: the report's rules read only the facts, and the trace
    /// lines are most of the bytes of a stored run (about 280 MB of 1,000 benchmark sessions).
    public func replaySteps(runID: Int64, includingTrace: Bool = true) throws -> [ReplayStepRow] {
        // Columns are listed and read by position: looking a column up by name costs GRDB a lowercased copy of
        // the name per row and value, which was a third of a report over stored runs (perf, 200 sessions).
        try writer.read { db in
            var rows: [ReplayStepRow] = []
            var index: [Int: Int] = [:]
            let trace = includingTrace ? "trace_json" : "''"
            let steps = try Row.fetchCursor(
                db,
                sql: """
                    SELECT seq, t, type, \(trace), touch, phase, x, y, view, hit_view, observed_view,
                        observed_view_hidden, first_responder, first_responder_hidden, fr_x, fr_y, fr_width, fr_height,
                        keyboard_visible, key_receiver, key_receiver_hidden
                    FROM replay_step WHERE run_id = ? ORDER BY seq
                    """, arguments: [runID])
            while let row = try steps.next() {
                var r = ReplayStepRow(seq: row[0], t: row[1], type: row[2], traceJSON: row[3])
                r.touch = row[4]
                r.phase = row[5]
                r.x = row[6]
                r.y = row[7]
                r.view = row[8]
                r.hitView = row[9]
                r.observedView = row[10]
                r.observedViewHidden = row[11]
                r.firstResponder = row[12]
                r.firstResponderHidden = row[13]
                if let x: Double = row[14] {
                    r.firstResponderFrame = [x, row[15], row[16], row[17]]
                }
                r.keyboardVisible = row[18]
                r.keyReceiver = row[19]
                r.keyReceiverHidden = row[20]
                index[r.seq] = rows.count
                rows.append(r)
            }
            /// Each child table's rows in step order, with their step's position in `rows`.
            func children(_ columns: String, _ table: String, _ body: (Int, Row) -> Void) throws {
                let cursor = try Row.fetchCursor(
                    db, sql: "SELECT seq, \(columns) FROM \(table) WHERE run_id = ? ORDER BY seq, ordinal",
                    arguments: [runID])
                while let row = try cursor.next() {
                    if let i = index[row[0]] { body(i, row) }
                }
            }
            try children(
                "kind, view, field, expected_json, observed_json, observation_seq", "replay_divergence"
            ) { i, row in
                rows[i].divergences.append(
                    .init(
                        kind: row[1], view: row[2], field: row[3], expectedJSON: row[4], observedJSON: row[5],
                        observationSeq: row[6]))
            }
            try children("action, target, sender", "replay_action") { i, row in
                rows[i].actions.append(.init(action: row[1], target: row[2], sender: row[3]))
            }
            try children("window, from_view, to_view, reason", "replay_first_responder_change") { i, row in
                rows[i].firstResponderChanges.append(.init(window: row[1], from: row[2], to: row[3], reason: row[4]))
            }
            try children("touch, view, view_class, cause, view_had_begun", "replay_cancellation") { i, row in
                rows[i].cancellations.append(
                    .init(touch: row[1], view: row[2], viewClass: row[3], cause: row[4], viewHadBegun: row[5]))
            }
            try children(
                "kind, control, reason, blocker, hit_view, explanation", "replay_control_reach"
            ) { i, row in
                rows[i].controlReach.append(
                    .init(
                        kind: row[1], control: row[2], reason: row[3], blocker: row[4], hitView: row[5],
                        explanation: row[6]))
            }
            return rows
        }
    }
}
