import TouchlogFormat

/// Which sessions `touchlog prune` removes: at least one of a date and a count, so "prune everything" cannot be
/// said by leaving both out.
///
/// Dates are the sessions' **start** (`startedAt`, what `touchlog sessions` shows and `--since` filters on),
/// compared as instants: a recording made last year and ingested today is old. A session whose recording has no
/// start time (a converted view-hierarchy dump, a header without `startedAt`) has no age, so prune never removes
/// it; the result counts those (``PruneResult/undated``) and `touchlog delete` removes them by id.
public enum PruneCutoff: Sendable, Hashable {
    /// Sessions that started before this moment.
    case startedBefore(Timestamp)
    /// All but the `count` sessions that started last.
    case keepNewest(Int)
    /// Sessions that started before the moment, except the `keep` that started last: an age limit that never
    /// empties the store.
    case startedBeforeKeepingNewest(Timestamp, keep: Int)
}

/// What `touchlog prune` is asked to remove.
public struct PruneCriteria: Sendable, Hashable {
    public var cutoff: PruneCutoff
    /// Only sessions of this app version are considered (and kept, for ``PruneCutoff/keepNewest(_:)``); the others
    /// stay whatever their age.
    public var appVersion: String?

    public init(_ cutoff: PruneCutoff, appVersion: String? = nil) {
        self.cutoff = cutoff
        self.appVersion = appVersion
    }
}

/// What `touchlog prune` removed, or would remove in a dry run, and what it kept of the sessions it considered.
public struct PruneResult: Sendable, Hashable {
    public var criteria: PruneCriteria
    public var removal: SessionRemoval
    /// Sessions considered (of the app version, if one was given) with a start time, and kept.
    public var kept: Int
    /// Sessions considered without a start time: never pruned.
    public var undated: Int

    public init(criteria: PruneCriteria, removal: SessionRemoval, kept: Int, undated: Int) {
        self.criteria = criteria
        self.removal = removal
        self.kept = kept
        self.undated = undated
    }
}

extension Housekeeping {
    /// Selects exactly what the real run would, given the same database, and removes it unless `dryRun`.
    static func prune(
        _ criteria: PruneCriteria, dryRun: Bool, cancellation: Cancellation?, on connection: some SQLConnection
    ) throws -> PruneResult {
        let plan = try self.plan(criteria, lock: !dryRun, on: connection)
        let removed = try plan.remove.map { session in
            if dryRun {
                return RemovedSession(
                    session: session, rows: try SessionRows.count(rowID: session.rowID, on: connection))
            }
            if cancellation?.isCancelled == true { throw StoreError.interrupted }
            return RemovedSession(session: session, rows: try SessionRows.delete(rowID: session.rowID, on: connection))
        }
        return PruneResult(
            criteria: criteria, removal: SessionRemoval(sessions: removed, dryRun: dryRun), kept: plan.kept,
            undated: plan.undated)
    }

    /// The sessions to remove (oldest first), how many dated ones stay, and how many undated ones were passed over.
    /// The database decides "before" itself (``SQL/startInstant`` against ``SQL/instant(_:)``), so the boundary is
    /// exact: a session that started at the very moment given is not before it.
    private static func plan(_ criteria: PruneCriteria, lock: Bool, on connection: some SQLConnection) throws -> (
        remove: [SessionInfo], kept: Int, undated: Int
    ) {
        let scope: SQL = criteria.appVersion.map { "AND app_version = \($0)" } ?? .empty
        let undated =
            try connection.row("SELECT count(*) FROM session WHERE \(.startInstant) IS NULL \(scope)")?.int(0) ?? 0
        let before: Timestamp? =
            switch criteria.cutoff {
            case .startedBefore(let moment), .startedBeforeKeepingNewest(let moment, _): moment
            case .keepNewest: nil
            }
        let keep: Int =
            switch criteria.cutoff {
            case .keepNewest(let count), .startedBeforeKeepingNewest(_, let count): count
            case .startedBefore: 0
            }
        let isBefore: SQL =
            before.map { "coalesce(\(.startInstant) < \(.instant($0)), \(.boolean(false)))" } ?? .boolean(false)
        // Newest first, locked (in PostgreSQL) when they are about to go.
        let rows = try connection.rows(
            """
            SELECT \(raw: SessionInfo.columns), \(isBefore) AS is_before
            FROM session WHERE \(.startInstant) IS NOT NULL \(scope)
            ORDER BY \(.startInstant) DESC, id DESC\(lock ? SQL.lockingRows : .empty)
            """)
        var remove: [SessionInfo] = []
        for (index, row) in rows.enumerated() where index >= keep {
            if try before == nil || row.bool(SessionInfo.columnCount) { remove.append(try SessionInfo(row: row)) }
        }
        return (oldestFirst(remove), rows.count - remove.count, undated)
    }
}
