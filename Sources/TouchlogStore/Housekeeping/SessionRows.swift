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
/// cannot disagree about what removing a session means, in either store.
///
/// A session is its `session` row, its records and touches (one key range each in `record` and `touch`, see
/// migrations/0001), its lines set aside in `rejected_line`, and what workers stored and queued for it
/// (`analysis_result`, `analysis_job`). The bulk tables carry no foreign key (a parent lookup per inserted row would
/// slow ingest), so nothing removes them but this.
enum SessionRows {
    /// Counts the rows of the session `rowID` without changing anything (a dry run).
    static func count(rowID: Int64, on connection: some SQLConnection) throws -> SessionRowCounts {
        let range = RecordKey.range(session: rowID)
        guard
            let row = try connection.row(
                """
                SELECT (SELECT count(*) FROM touch WHERE key BETWEEN \(range.lower) AND \(range.upper)),
                    (SELECT count(*) FROM record WHERE key BETWEEN \(range.lower) AND \(range.upper)),
                    (SELECT count(*) FROM rejected_line WHERE session_id = \(rowID))
                """)
        else { return SessionRowCounts() }
        let touches = try row.int(0)
        return SessionRowCounts(records: touches + (try row.int(1)), touches: touches, rejectedLines: try row.int(2))
    }

    /// Deletes every row of the session `rowID`, inside the caller's transaction, and says how many went.
    @discardableResult
    static func delete(rowID: Int64, on connection: some SQLConnection) throws -> SessionRowCounts {
        let range = RecordKey.range(session: rowID)
        let touches = try connection.perform(
            "DELETE FROM touch WHERE key BETWEEN \(range.lower) AND \(range.upper)")
        let others = try connection.perform(
            "DELETE FROM record WHERE key BETWEEN \(range.lower) AND \(range.upper)")
        // Before the session row: its ON DELETE CASCADE would take them too, but only with SQLite's foreign keys on.
        let rejected = try connection.perform("DELETE FROM rejected_line WHERE session_id = \(rowID)")
        // What workers stored and queued for it: a session stored again later may get the same id. (PostgreSQL's
        // foreign keys would cascade; SQLite's tables have none.)
        try connection.perform("DELETE FROM analysis_result WHERE session_id = \(rowID)")
        try connection.perform("DELETE FROM analysis_job WHERE session_id = \(rowID)")
        try connection.perform("DELETE FROM session WHERE id = \(rowID)")
        return SessionRowCounts(records: touches + others, touches: touches, rejectedLines: rejected)
    }

    /// Locks the session rows about to be deleted, in the order given (oldest first, as every deleter takes them, so
    /// two cannot deadlock): PostgreSQL's `FOR UPDATE`, so that a concurrent `ingest --replace` cannot swap a session
    /// between finding and deleting it. Nothing more in SQLite, whose IMMEDIATE transaction holds the one write lock.
    static func lock(_ sessions: [SessionInfo], on connection: some SQLConnection) throws {
        for session in sessions {
            _ = try connection.rows("SELECT 1 FROM session WHERE id = \(session.rowID)\(.lockingRows)")
        }
    }
}
