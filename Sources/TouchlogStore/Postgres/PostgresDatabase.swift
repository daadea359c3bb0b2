import Foundation
internal import PostgresNIO
import Synchronization

/// The touchlog store in a PostgreSQL database, shared by every machine that ingests, reports and replays: the
/// same tables as the SQLite file (migrations/postgres/), the same answers in the same order.
///
/// ```swift
/// let store = try PostgresDatabase(try PostgresLocation(url: "postgres://ci@db:5432/touchlog", environment: [:])!)
/// let sessions = try store.sessions(SessionFilter())
/// ```
///
/// Connections are opened as needed and kept for reuse (a report reads sessions on several threads, each on a
/// connection of its own while it reads), and closed with the store.
public final class PostgresDatabase: StoreRole {
    public let location: PostgresLocation
    public var path: String { location.description }
    let migrations: [Migration]
    /// Connections not in use. A thread takes one for a statement or a transaction and puts it back after.
    private let idle: Mutex<[PostgresLink]>

    /// Connects, and migrates the database when it is behind (any user who may create tables may upgrade it, as
    /// with an SQLite file one may write); `.readOnly` refuses a database with no touchlog tables yet instead of
    /// creating them. A database that records migrations this binary does not know is refused.
    public init(
        _ location: PostgresLocation, access: TouchlogDatabase.Access = .readWrite,
        migrations: [Migration] = Migration.postgres
    ) throws {
        self.location = location
        self.migrations = migrations
        let first = try PostgresLink(location)
        idle = Mutex([first])
        try prepare(first, access: access)
    }

    /// Runs `body` with a connection of its own; a failed connection is dropped rather than reused.
    func withLink<Result>(_ body: (PostgresLink) throws -> Result) throws -> Result {
        let link = try idle.withLock { $0.popLast() } ?? PostgresLink(location)
        do {
            let result = try body(link)
            idle.withLock { $0.append(link) }
            return result
        } catch let failure as PostgresFailure where failure.isConnectionFailure {
            throw StoreError.connectionLost(location: path, reason: failure.reason)
        } catch {
            idle.withLock { $0.append(link) }
            throw error
        }
    }

    /// Runs `body` in one transaction on one connection: committed when it returns true, rolled back when it returns
    /// false or throws.
    func inTransaction<Result>(
        _ begin: String = "BEGIN", _ body: (PostgresLink) throws -> (result: Result, commit: Bool)
    ) throws -> Result {
        try withLink { link in
            try link.execute(begin)
            do {
                let outcome = try body(link)
                try link.execute(outcome.commit ? "COMMIT" : "ROLLBACK")
                return outcome.result
            } catch {
                // A lost connection rolls back on the server; otherwise say so now, so the link can be reused. A
                // COPY still in flight is waited for first (its own failure is the one already thrown, or moot).
                try? link.finishCopy()
                try? link.execute("ROLLBACK")
                throw error
            }
        }
    }

    // MARK: Migrations

    /// A key for `pg_advisory_xact_lock`: "TLOG", as the SQLite files' application_id.
    static let migrationLock: Int64 = 0x544C_4F47

    private func prepare(_ link: PostgresLink, access: TouchlogDatabase.Access) throws {
        do {
            let applied = try Self.recordedMigrations(link)
            switch access {
            case .readOnly where applied == nil:
                throw StoreError.emptyDatabase(location: path)
            case .readOnly, .readWrite:
                try checkKnown(applied ?? [])
                if migrations.contains(where: { !(applied ?? []).contains($0.identifier) }) { try migrate(link) }
            }
        } catch let failure as PostgresFailure {
            throw StoreError.cannotOpen(path: path, reason: failure.reason)
        }
    }

    /// The migrations recorded, in order; nil when the database has no touchlog tables at all.
    private static func recordedMigrations(_ link: PostgresLink) throws -> [String]? {
        let exists = try link.query("SELECT to_regclass('touchlog_migration') IS NOT NULL")
        guard try exists.first?.decode(Bool.self) == true else { return nil }
        return try link.query("SELECT identifier FROM touchlog_migration ORDER BY applied_order").map {
            try $0.decode(String.self)
        }
    }

    private func checkKnown(_ applied: [String]) throws {
        let known = Set(migrations.map(\.identifier))
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw StoreError.newerDatabase(path: path, unknownMigrations: unknown) }
    }

    /// Applies the missing migrations in one transaction under an advisory lock: of several machines opening a new
    /// database at once, the first sets it up while the others wait, then find nothing left to do.
    private func migrate(_ link: PostgresLink) throws {
        try link.execute("BEGIN")
        do {
            try link.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))")
            try link.execute(
                """
                CREATE TABLE IF NOT EXISTS touchlog_migration (
                    identifier text PRIMARY KEY,
                    applied_order bigint GENERATED ALWAYS AS IDENTITY,
                    applied_at timestamptz NOT NULL DEFAULT now())
                """)
            let applied = try Self.recordedMigrations(link) ?? []
            try checkKnown(applied)
            for migration in migrations where !applied.contains(migration.identifier) {
                try link.executeScript(migration.sql)
                try link.query("INSERT INTO touchlog_migration (identifier) VALUES (\(migration.identifier))")
            }
            try link.execute("COMMIT")
        } catch {
            try? link.execute("ROLLBACK")
            throw error
        }
    }

    public func appliedMigrations() throws -> [String] {
        try withLink { try Self.recordedMigrations($0) ?? [] }
    }
}
