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
        try writer.read { db in
            var rows: [ReplayStepRow] = []
            var index: [Int: Int] = [:]
            let trace = includingTrace ? "trace_json" : "'' AS trace_json"
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT seq, t, type, \(trace), touch, phase, x, y, view, hit_view, observed_view,
                        observed_view_hidden, first_responder, first_responder_hidden, fr_x, fr_y, fr_width, fr_height,
                        keyboard_visible, key_receiver, key_receiver_hidden
                    FROM replay_step WHERE run_id = ? ORDER BY seq
                    """, arguments: [runID])
            {
                var r = ReplayStepRow(seq: row["seq"], t: row["t"], type: row["type"], traceJSON: row["trace_json"])
                r.touch = row["touch"]
                r.phase = row["phase"]
                r.x = row["x"]
                r.y = row["y"]
                r.view = row["view"]
                r.hitView = row["hit_view"]
                r.observedView = row["observed_view"]
                r.observedViewHidden = row["observed_view_hidden"]
                r.firstResponder = row["first_responder"]
                r.firstResponderHidden = row["first_responder_hidden"]
                if let x: Double = row["fr_x"] {
                    r.firstResponderFrame = [x, row["fr_y"], row["fr_width"], row["fr_height"]]
                }
                r.keyboardVisible = row["keyboard_visible"]
                r.keyReceiver = row["key_receiver"]
                r.keyReceiverHidden = row["key_receiver_hidden"]
                index[r.seq] = rows.count
                rows.append(r)
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT * FROM replay_divergence WHERE run_id = ? ORDER BY seq, ordinal", arguments: [runID])
            {
                guard let i = index[row["seq"]] else { continue }
                rows[i].divergences.append(
                    .init(
                        kind: row["kind"], view: row["view"], field: row["field"], expectedJSON: row["expected_json"],
                        observedJSON: row["observed_json"], observationSeq: row["observation_seq"]))
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT * FROM replay_action WHERE run_id = ? ORDER BY seq, ordinal", arguments: [runID])
            {
                guard let i = index[row["seq"]] else { continue }
                rows[i].actions.append(.init(action: row["action"], target: row["target"], sender: row["sender"]))
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT * FROM replay_first_responder_change WHERE run_id = ? ORDER BY seq, ordinal",
                arguments: [runID])
            {
                guard let i = index[row["seq"]] else { continue }
                rows[i].firstResponderChanges.append(
                    .init(window: row["window"], from: row["from_view"], to: row["to_view"], reason: row["reason"]))
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT * FROM replay_cancellation WHERE run_id = ? ORDER BY seq, ordinal", arguments: [runID])
            {
                guard let i = index[row["seq"]] else { continue }
                rows[i].cancellations.append(
                    .init(
                        touch: row["touch"], view: row["view"], viewClass: row["view_class"], cause: row["cause"],
                        viewHadBegun: row["view_had_begun"]))
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT * FROM replay_control_reach WHERE run_id = ? ORDER BY seq, ordinal", arguments: [runID]
            ) {
                guard let i = index[row["seq"]] else { continue }
                rows[i].controlReach.append(
                    .init(
                        kind: row["kind"], control: row["control"], reason: row["reason"], blocker: row["blocker"],
                        hitView: row["hit_view"], explanation: row["explanation"]))
            }
            return rows
        }
    }
}
