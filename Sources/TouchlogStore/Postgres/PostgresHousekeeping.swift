internal import PostgresNIO
import TouchlogFormat

extension PostgresDatabase: SessionHousekeeping {
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

    /// A dry run reads on a connection of its own; the real run is one transaction that locks the rows it deletes.
    public func deleteSessions(matching queries: [String], dryRun: Bool, cancellation: Cancellation?) throws
        -> SessionRemoval
    {
        if dryRun {
            return try withLink {
                try Housekeeping.deleteSessions(matching: queries, dryRun: true, cancellation: nil, on: $0)
            }
        }
        return try change(cancellation: cancellation) {
            try Housekeeping.deleteSessions(matching: queries, dryRun: false, cancellation: cancellation, on: $0)
        }
    }

    /// Dates sessions by the start instant ingest computed (`started_ms`, ``SQL/startInstant``), where SQLite
    /// computes `julianday`.
    public func prune(_ criteria: PruneCriteria, dryRun: Bool, cancellation: Cancellation?) throws -> PruneResult {
        if dryRun {
            return try withLink { try Housekeeping.prune(criteria, dryRun: true, cancellation: nil, on: $0) }
        }
        return try change(cancellation: cancellation) {
            try Housekeeping.prune(criteria, dryRun: false, cancellation: cancellation, on: $0)
        }
    }

    /// `touchlog vacuum`: VACUUM FULL of touchlog's tables, which rewrites them without the space deleted rows
    /// left, as SQLite's VACUUM rewrites the file. It takes each table's exclusive lock while it works. Not a
    /// statement shared with SQLite: the two vacuum and measure different things (tables; a file and its log).
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
