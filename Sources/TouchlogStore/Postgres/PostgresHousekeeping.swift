import PostgresNIO
import TouchlogFormat

/// ``SessionRows`` for PostgreSQL: the same rows (the `session` row, the `record` and `touch` key ranges, the
/// `rejected_line`s), counted or deleted on a connection inside the caller's transaction.
enum PostgresSessionRows {
    static func count(rowID: Int64, _ link: PostgresLink) throws -> SessionRowCounts {
        let range = RecordKey.range(session: rowID)
        let row = try link.query(
            """
            SELECT (SELECT count(*) FROM touch WHERE key BETWEEN \(range.lower) AND \(range.upper)),
                (SELECT count(*) FROM record WHERE key BETWEEN \(range.lower) AND \(range.upper)),
                (SELECT count(*) FROM rejected_line WHERE session_id = \(rowID))
            """
        ).first
        guard let row else { return SessionRowCounts() }
        let (touches, others, rejected) = try row.decode((Int, Int, Int).self)
        return SessionRowCounts(records: touches + others, touches: touches, rejectedLines: rejected)
    }

    static func delete(rowID: Int64, _ link: PostgresLink) throws -> SessionRowCounts {
        let range = RecordKey.range(session: rowID)
        let touches = try link.run("DELETE FROM touch WHERE key BETWEEN \(range.lower) AND \(range.upper)").affected
        let others = try link.run("DELETE FROM record WHERE key BETWEEN \(range.lower) AND \(range.upper)").affected
        let rejected = try link.run("DELETE FROM rejected_line WHERE session_id = \(rowID)").affected
        try link.query("DELETE FROM session WHERE id = \(rowID)")
        return SessionRowCounts(records: touches + others, touches: touches, rejectedLines: rejected)
    }
}

extension PostgresDatabase {
    /// Runs `body` in one transaction that commits unless `cancellation` asked to stop first; the server's errors
    /// become ``StoreError/cannotChange(path:reason:)``.
    private func change<Result>(cancellation: Cancellation?, _ body: (PostgresLink) throws -> Result) throws -> Result {
        if cancellation?.isCancelled == true { throw StoreError.interrupted }
        do {
            return try inTransaction { link in
                let result = try body(link)
                if cancellation?.isCancelled == true { throw StoreError.interrupted }
                return (result, true)
            }
        } catch let failure as PostgresFailure {
            throw StoreError.cannotChange(path: path, reason: failure.reason)
        }
    }

    public func deleteSessions(matching queries: [String], dryRun: Bool, cancellation: Cancellation?) throws
        -> SessionRemoval
    {
        func resolve(_ link: PostgresLink) throws -> [SessionInfo] {
            var seen = Set<Int64>()
            return try queries.map { try Self.session(matching: $0, link) }.filter { seen.insert($0.rowID).inserted }
        }
        if dryRun {
            return try withLink { link in
                SessionRemoval(
                    sessions: try TouchlogDatabase.oldestFirst(resolve(link)).map {
                        RemovedSession(session: $0, rows: try PostgresSessionRows.count(rowID: $0.rowID, link))
                    }, dryRun: true)
            }
        }
        return try change(cancellation: cancellation) { link in
            // Ids are resolved in the transaction that deletes, so a concurrent `ingest --replace` cannot swap a
            // session between finding and deleting it: the rows are locked from here on.
            let sessions = try TouchlogDatabase.oldestFirst(resolve(link))
            for session in sessions { try link.query("SELECT 1 FROM session WHERE id = \(session.rowID) FOR UPDATE") }
            return SessionRemoval(
                sessions: try sessions.map { session in
                    if cancellation?.isCancelled == true { throw StoreError.interrupted }
                    return RemovedSession(
                        session: session, rows: try PostgresSessionRows.delete(rowID: session.rowID, link))
                }, dryRun: false)
        }
    }

    public func prune(_ criteria: PruneCriteria, dryRun: Bool, cancellation: Cancellation?) throws -> PruneResult {
        if dryRun {
            return try withLink { link in
                let plan = try Self.plan(criteria, link)
                return PruneResult(
                    criteria: criteria,
                    removal: SessionRemoval(
                        sessions: try plan.remove.map {
                            RemovedSession(session: $0, rows: try PostgresSessionRows.count(rowID: $0.rowID, link))
                        }, dryRun: true),
                    kept: plan.kept, undated: plan.undated)
            }
        }
        return try change(cancellation: cancellation) { link in
            let plan = try Self.plan(criteria, link, lock: true)
            let removed = try plan.remove.map { session in
                if cancellation?.isCancelled == true { throw StoreError.interrupted }
                return RemovedSession(
                    session: session, rows: try PostgresSessionRows.delete(rowID: session.rowID, link))
            }
            return PruneResult(
                criteria: criteria, removal: SessionRemoval(sessions: removed, dryRun: false), kept: plan.kept,
                undated: plan.undated)
        }
    }

    /// As the SQLite store plans it (``TouchlogDatabase/prune(_:dryRun:cancellation:)``), with the start instants
    /// ingest computed (`started_ms`) where SQLite computes `julianday`.
    private static func plan(_ criteria: PruneCriteria, _ link: PostgresLink, lock: Bool = false) throws -> (
        remove: [SessionInfo], kept: Int, undated: Int
    ) {
        var statement = PostgresStatement()
        let scope = criteria.appVersion.map { "AND app_version = \(statement.bind($0))" } ?? ""
        statement.sql = "SELECT count(*) FROM session WHERE started_ms IS NULL \(scope)"
        let undated = try link.query(statement.query).first?.decode(Int.self) ?? 0
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
        statement.sql = """
            SELECT \(SessionInfo.postgresColumns), started_ms FROM session WHERE started_ms IS NOT NULL \(scope)
            ORDER BY started_ms DESC, id DESC\(lock ? " FOR UPDATE" : "")
            """
        let rows = try link.query(statement.query)
        var remove: [SessionInfo] = []
        for (index, row) in rows.enumerated() where index >= keep {
            let startedMS = try PostgresRandomAccessRow(row)[21].decode(Int64.self)
            if before.map({ startedMS < $0.millisecondsSince1970 }) ?? true {
                remove.append(try SessionInfo(postgres: row))
            }
        }
        return (TouchlogDatabase.oldestFirst(remove), rows.count - remove.count, undated)
    }

    /// `touchlog vacuum`: VACUUM FULL of touchlog's tables, which rewrites them without the space deleted rows
    /// left, as SQLite's VACUUM rewrites the file. It takes each table's exclusive lock while it works.
    public func vacuum(cancellation: Cancellation?) throws -> VacuumResult {
        if cancellation?.isCancelled == true { throw StoreError.interrupted }
        let tables = ["session", "record", "touch", "rejected_line"]
        let size = "SELECT " + tables.map { "pg_total_relation_size('\($0)')" }.joined(separator: " + ")
        do {
            return try withLink { link in
                let before = try link.query(PostgresQuery(unsafeSQL: size)).first?.decode(Int64.self) ?? 0
                try link.execute("VACUUM (FULL, ANALYZE) " + tables.joined(separator: ", "))
                let after = try link.query(PostgresQuery(unsafeSQL: size)).first?.decode(Int64.self) ?? 0
                return VacuumResult(bytesBefore: before, bytesAfter: after)
            }
        } catch let failure as PostgresFailure {
            throw StoreError.cannotChange(path: path, reason: failure.reason)
        }
    }
}
