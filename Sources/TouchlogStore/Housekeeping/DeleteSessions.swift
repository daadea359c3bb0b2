import GRDB

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

extension TouchlogDatabase {
    /// `touchlog delete`: removes the sessions named by `queries` (ids, or unique prefixes ignoring ASCII case, as
    /// ``session(matching:)`` finds them) with all their rows, in one transaction: every one is removed, or none
    /// (an unknown or ambiguous id throws before anything is deleted). A session named twice is removed once.
    ///
    /// Ids are resolved inside the transaction that deletes, so a concurrent `ingest --replace` cannot swap a session
    /// between finding it and deleting it. A dry run reads only: it works on a read-only database and waits for no
    /// writer.
    public func deleteSessions(matching queries: [String], dryRun: Bool, cancellation: Cancellation?)
        throws -> SessionRemoval
    {
        func resolve(_ db: Database) throws -> [SessionInfo] {
            var seen = Set<Int64>()
            return try queries.map { try Self.session(matching: $0, db) }.filter { seen.insert($0.rowID).inserted }
        }
        if dryRun {
            return try writer.read { db in
                SessionRemoval(
                    sessions: try Self.oldestFirst(resolve(db)).map {
                        RemovedSession(session: $0, rows: try SessionRows.count(rowID: $0.rowID, db))
                    }, dryRun: true)
            }
        }
        return try change(cancellation: cancellation) { db in
            SessionRemoval(
                sessions: try Self.oldestFirst(resolve(db)).map { session in
                    if cancellation?.isCancelled == true { throw StoreError.interrupted }
                    return RemovedSession(session: session, rows: try SessionRows.delete(rowID: session.rowID, db))
                }, dryRun: false)
        }
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
