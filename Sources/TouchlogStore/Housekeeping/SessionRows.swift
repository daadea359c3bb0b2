import GRDB

/// How many rows a session holds in each of its tables: what deleting it removes.
public struct SessionRowCounts: Sendable, Hashable {
    /// Records, touches included (rows of `record` and `touch`): a session's `recordCount`.
    public var records: Int
    /// Of ``records``, the touches (rows of `touch`).
    public var touches: Int
    /// Lines set aside (rows of `rejected_line`): rejected under `--keep-going`, or a cut last line.
    public var rejectedLines: Int

    public init(records: Int = 0, touches: Int = 0, rejectedLines: Int = 0) {
        self.records = records
        self.touches = touches
        self.rejectedLines = rejectedLines
    }

    public static func + (lhs: SessionRowCounts, rhs: SessionRowCounts) -> SessionRowCounts {
        SessionRowCounts(
            records: lhs.records + rhs.records, touches: lhs.touches + rhs.touches,
            rejectedLines: lhs.rejectedLines + rhs.rejectedLines)
    }
}

/// The one place that knows which rows make up a stored session, so that `delete`, `prune` and `ingest --replace`
/// cannot disagree about what removing a session means.
///
/// A session is its `session` row, its records and touches (one key range each in `record` and `touch`, see
/// migrations/0001), its lines set aside in `rejected_line`, and what workers stored and queued for it
/// (`analysis_result`, `analysis_job`). The bulk tables carry no foreign key (a parent lookup per inserted row would
/// slow ingest), so nothing removes them but this.
enum SessionRows {
    /// Counts the rows of the session `rowID` without changing anything (a dry run).
    static func count(rowID: Int64, _ db: Database) throws -> SessionRowCounts {
        let range = RecordKey.range(session: rowID)
        func count(_ sql: String, _ arguments: StatementArguments) throws -> Int {
            try Int.fetchOne(db, sql: sql, arguments: arguments) ?? 0
        }
        let touches = try count("SELECT count(*) FROM touch WHERE key BETWEEN ? AND ?", [range.lower, range.upper])
        let others = try count("SELECT count(*) FROM record WHERE key BETWEEN ? AND ?", [range.lower, range.upper])
        let rejected = try count("SELECT count(*) FROM rejected_line WHERE session_id = ?", [rowID])
        return SessionRowCounts(records: touches + others, touches: touches, rejectedLines: rejected)
    }

    /// Deletes every row of the session `rowID`, inside the caller's transaction, and says how many went.
    @discardableResult
    static func delete(rowID: Int64, _ db: Database) throws -> SessionRowCounts {
        let range = RecordKey.range(session: rowID)
        try db.execute(sql: "DELETE FROM touch WHERE key BETWEEN ? AND ?", arguments: [range.lower, range.upper])
        let touches = db.changesCount
        try db.execute(sql: "DELETE FROM record WHERE key BETWEEN ? AND ?", arguments: [range.lower, range.upper])
        let others = db.changesCount
        // Before the session row: its ON DELETE CASCADE would take them too, but only with foreign keys on.
        try db.execute(sql: "DELETE FROM rejected_line WHERE session_id = ?", arguments: [rowID])
        let rejected = db.changesCount
        // What workers stored and queued for it: a session stored again later may get the same id.
        try db.execute(sql: "DELETE FROM analysis_result WHERE session_id = ?", arguments: [rowID])
        try db.execute(sql: "DELETE FROM analysis_job WHERE session_id = ?", arguments: [rowID])
        try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [rowID])
        return SessionRowCounts(records: touches + others, touches: touches, rejectedLines: rejected)
    }
}

extension TouchlogDatabase {
    /// Runs `body` in one IMMEDIATE transaction: it waits for another writer's lock (as ``LockWaiting`` says) and
    /// either commits all of `body` or nothing. `cancellation` stops it while waiting or working (SQLite's
    /// interrupt stops a long statement), and a cancellation that arrives before the commit rolls back.
    ///
    /// Throws ``StoreError/interrupted`` when cancelled, ``StoreError/cannotChange(path:reason:)`` for SQLite's
    /// errors (a read-only file, a full disk), in SQLite's words and never with the statement.
    func change<Result>(cancellation: Cancellation?, _ body: (Database) throws -> Result) throws -> Result {
        try changeWithoutTransaction(cancellation: cancellation) { db in
            var result: Result?
            try db.inTransaction(.immediate) {
                result = try body(db)
                // Asked to stop after the last statement: nothing is committed yet, so nothing need be.
                if cancellation?.isCancelled == true { throw StoreError.interrupted }
                return .commit
            }
            return result!
        }
    }

    /// ``change(cancellation:_:)`` for work that manages its own transactions (VACUUM cannot run inside one).
    func changeWithoutTransaction<Result>(cancellation: Cancellation?, _ body: (Database) throws -> Result) throws
        -> Result
    {
        let writer = self.writer
        let registration = cancellation?.register { writer.interrupt() }
        defer { registration.map { cancellation?.unregister($0) } }
        do {
            if cancellation?.isCancelled == true { throw StoreError.interrupted }
            return try writer.writeWithoutTransaction(body)
        } catch let error as DatabaseError {
            // An interrupted statement, or a lock wait given up, because the user asked to stop.
            if cancellation?.isCancelled == true { throw StoreError.interrupted }
            throw StoreError.cannotChange(path: path, reason: Self.reason(error, access: .readWrite))
        }
    }
}
