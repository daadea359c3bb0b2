import Foundation
internal import GRDB

extension TouchlogDatabase: SessionHousekeeping {
    /// A dry run reads only: it works on a read-only database and waits for no writer. The real run is one
    /// IMMEDIATE transaction (``change(cancellation:_:)``).
    public func deleteSessions(matching queries: [String], dryRun: Bool, cancellation: Cancellation?)
        throws -> SessionRemoval
    {
        if dryRun {
            return try reading {
                try Housekeeping.deleteSessions(matching: queries, dryRun: true, cancellation: nil, on: $0)
            }
        }
        return try change(cancellation: cancellation) {
            try Housekeeping.deleteSessions(matching: queries, dryRun: false, cancellation: cancellation, on: $0)
        }
    }

    /// Dates sessions by `julianday(started_at)` (``SQL/startInstant``), so a start written at `+02:00` is where it
    /// belongs.
    public func prune(_ criteria: PruneCriteria, dryRun: Bool, cancellation: Cancellation?) throws -> PruneResult {
        if dryRun {
            return try reading { try Housekeeping.prune(criteria, dryRun: true, cancellation: nil, on: $0) }
        }
        return try change(cancellation: cancellation) {
            try Housekeeping.prune(criteria, dryRun: false, cancellation: cancellation, on: $0)
        }
    }

    /// `touchlog vacuum`: rebuilds the database file without its free pages (SQLite's VACUUM), then folds the
    /// write-ahead log into the file and empties it, so the space left by `delete`, `prune` and `ingest --replace`
    /// goes back to the file system. Deleted rows' bytes stay in free pages until then (docs/privacy.md).
    ///
    /// VACUUM needs the write lock like any writer, and waits for it; it writes a copy of the database before
    /// replacing it, so it needs that much free space for a while. `cancellation` stops it, and SQLite then leaves
    /// the database as it was.
    public func vacuum(cancellation: Cancellation?) throws -> VacuumResult {
        let before = try size()
        try changeWithoutTransaction(cancellation: cancellation) { db in
            try db.execute(sql: "VACUUM")
            // In WAL mode VACUUM writes the new pages to the log: the file shrinks only when they are copied back,
            // and the log only when it is truncated. TRUNCATE waits (the busy handler) for readers still using it.
            if path != ":memory:" { _ = try db.checkpoint(.truncate) }
        }
        return VacuumResult(bytesBefore: before, bytesAfter: try size())
    }

    /// The bytes the database takes: its file and write-ahead log on disk, or its pages in memory.
    func size() throws -> Int64 {
        guard path != ":memory:" else {
            return try writer.read { db in
                let pages = try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                let pageSize = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 0
                return pages * pageSize
            }
        }
        func bytes(_ file: String) -> Int64 {
            ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.int64Value ?? 0
        }
        return bytes(path) + bytes(path + "-wal")
    }
}

extension TouchlogDatabase {
    /// Runs `body` in one IMMEDIATE transaction: it waits for another writer's lock (as ``LockWaiting`` says) and
    /// either commits all of `body` or nothing. `cancellation` stops it while waiting or working (SQLite's
    /// interrupt stops a long statement), and a cancellation that arrives before the commit rolls back.
    ///
    /// Throws ``StoreError/interrupted`` when cancelled, ``StoreError/cannotChange(path:reason:)`` for SQLite's
    /// errors (a read-only file, a full disk), in SQLite's words and never with the statement.
    func change<Result>(cancellation: Cancellation?, _ body: (SQLiteConnection) throws -> Result) throws -> Result {
        try changeWithoutTransaction(cancellation: cancellation) { db in
            var result: Result?
            try db.inTransaction(.immediate) {
                result = try body(SQLiteConnection(db: db, clock: leaseClock))
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
