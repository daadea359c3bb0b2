/// A session that `delete` or `prune` removed (or, in a dry run, would remove): as it was stored, and its rows.
public struct RemovedSession: Sendable, Hashable {
    public var session: SessionInfo
    public var rows: SessionRowCounts

    public init(session: SessionInfo, rows: SessionRowCounts) {
        self.session = session
        self.rows = rows
    }
}

/// What `delete` or `prune` removed from the database, or would have in a dry run.
public struct SessionRemoval: Sendable, Hashable {
    /// Oldest start first, as `touchlog sessions` lists them.
    public var sessions: [RemovedSession]
    /// Nothing was changed: the sessions are what would go.
    public var dryRun: Bool

    public init(sessions: [RemovedSession], dryRun: Bool) {
        self.sessions = sessions
        self.dryRun = dryRun
    }

    /// The rows of every removed session together.
    public var rows: SessionRowCounts { sessions.map(\.rows).reduce(SessionRowCounts(), +) }
}

/// `delete` and `prune` as both stores run them (``SessionHousekeeping``), on the connection of the transaction the
/// store opened for them, or of a plain read for a dry run: a dry run reads only, so it works on a read-only
/// database and waits for no writer.
enum Housekeeping {
    /// Ids are resolved on `connection`, in the transaction that deletes, so a concurrent `ingest --replace` cannot
    /// swap a session between finding it and deleting it.
    static func deleteSessions(
        matching queries: [String], dryRun: Bool, cancellation: Cancellation?, on connection: some SQLConnection
    ) throws -> SessionRemoval {
        var seen = Set<Int64>()
        let sessions = oldestFirst(
            try queries.map { try SessionQueries.session(matching: $0, on: connection) }.filter {
                seen.insert($0.rowID).inserted
            })
        if dryRun {
            return SessionRemoval(
                sessions: try sessions.map {
                    RemovedSession(session: $0, rows: try SessionRows.count(rowID: $0.rowID, on: connection))
                }, dryRun: true)
        }
        try SessionRows.lock(sessions, on: connection)
        return SessionRemoval(
            sessions: try sessions.map { session in
                if cancellation?.isCancelled == true { throw StoreError.interrupted }
                return RemovedSession(
                    session: session, rows: try SessionRows.delete(rowID: session.rowID, on: connection))
            }, dryRun: false)
    }

    /// In the order of `touchlog sessions`: oldest start first, sessions without one last, then by row id.
    static func oldestFirst(_ sessions: [SessionInfo]) -> [SessionInfo] {
        sessions.sorted { lhs, rhs in
            switch (lhs.startedAt, rhs.startedAt) {
            case (let l?, let r?) where l != r: l < r
            case (nil, _?): false
            case (_?, nil): true
            default: lhs.rowID < rhs.rowID
            }
        }
    }
}
