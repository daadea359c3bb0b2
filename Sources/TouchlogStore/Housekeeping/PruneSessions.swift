import GRDB
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

extension TouchlogDatabase {
    /// `touchlog prune`: removes the sessions `criteria` selects, with all their rows, in one transaction. A dry run
    /// only reads (it works on a read-only database) and selects exactly what the real run would, given the same
    /// database.
    public func prune(_ criteria: PruneCriteria, dryRun: Bool, cancellation: Cancellation?) throws
        -> PruneResult
    {
        if dryRun {
            return try writer.read { db in
                let plan = try Self.plan(criteria, db)
                return PruneResult(
                    criteria: criteria,
                    removal: SessionRemoval(
                        sessions: try plan.remove.map {
                            RemovedSession(session: $0, rows: try SessionRows.count(rowID: $0.rowID, db))
                        }, dryRun: true),
                    kept: plan.kept, undated: plan.undated)
            }
        }
        return try change(cancellation: cancellation) { db in
            let plan = try Self.plan(criteria, db)
            let removed = try plan.remove.map { session in
                if cancellation?.isCancelled == true { throw StoreError.interrupted }
                return RemovedSession(session: session, rows: try SessionRows.delete(rowID: session.rowID, db))
            }
            return PruneResult(
                criteria: criteria, removal: SessionRemoval(sessions: removed, dryRun: false), kept: plan.kept,
                undated: plan.undated)
        }
    }

    /// The sessions to remove (oldest first), how many dated ones stay, and how many undated ones were passed over.
    private static func plan(_ criteria: PruneCriteria, _ db: Database) throws -> (
        remove: [SessionInfo], kept: Int, undated: Int
    ) {
        var scope = ""
        var arguments: StatementArguments = []
        if let version = criteria.appVersion {
            scope = "AND app_version = ?"
            _ = arguments.append(contentsOf: [version])
        }
        let undated =
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM session WHERE julianday(started_at) IS NULL \(scope)",
                arguments: arguments) ?? 0
        // Newest first. SQLite decides "before" itself (julianday of both), so the boundary is exact: a session that
        // started at the very moment given is not before it.
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
        var isBefore = "0"
        var selection: StatementArguments = []
        if let before {
            isBefore = "coalesce(julianday(started_at) < julianday(?), 0)"
            _ = selection.append(contentsOf: [before.sqliteText])
        }
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT \(SessionInfo.columns), \(isBefore) AS is_before
                FROM session WHERE julianday(started_at) IS NOT NULL \(scope)
                ORDER BY julianday(started_at) DESC, id DESC
                """,
            arguments: selection + arguments)
        var remove: [SessionInfo] = []
        for (index, row) in rows.enumerated() where index >= keep {
            let isBefore: Bool = row["is_before"]
            if before == nil || isBefore { remove.append(try SessionInfo(row: row)) }
        }
        return (oldestFirst(remove), rows.count - remove.count, undated)
    }
}
