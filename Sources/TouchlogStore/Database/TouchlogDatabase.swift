import Foundation
import GRDB

/// The touchlog SQLite database: opens it (WAL, busy timeout), applies the embedded migrations and refuses a
/// database written by a newer touchlog.
///
/// ```swift
/// let database = try TouchlogDatabase(path: "touchlog.sqlite")
/// let sessions = try database.sessions()
/// ```
public final class TouchlogDatabase: Sendable {
    /// The GRDB connection (a pool for a file, so readers never block the writer; a queue in memory).
    public let writer: any DatabaseWriter
    /// The path, or `:memory:`.
    public let path: String

    /// How long a statement waits for another process's lock before failing with SQLITE_BUSY.
    public static let busyTimeout: TimeInterval = 10

    /// Opens (creating if needed) the database file at `path` and migrates it.
    public convenience init(path: String, migrations: [Migration] = Migration.all) throws {
        var configuration = Self.configuration()
        configuration.label = "touchlog"
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
        }
        try self.init(writer: pool, path: path, migrations: migrations)
    }

    /// A private in-memory database, migrated (tests, dry runs).
    public static func inMemory(migrations: [Migration] = Migration.all) throws -> TouchlogDatabase {
        try TouchlogDatabase(
            writer: DatabaseQueue(configuration: configuration()), path: ":memory:", migrations: migrations)
    }

    /// Wraps an open connection and migrates it with `migrations` (tests pass a prefix to build older versions).
    public init(writer: any DatabaseWriter, path: String, migrations: [Migration] = Migration.all) throws {
        self.writer = writer
        self.path = path
        try Self.migrate(writer, path: path, migrations: migrations)
    }

    static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            // NORMAL is durable across application crashes in WAL mode (only an OS crash may lose the last
            // commits) and saves an fsync per transaction.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    /// The migrations recorded in the database, in the order they were applied.
    public func appliedMigrations() throws -> [String] {
        try writer.read { db in try Self.recordedMigrations(db) }
    }

    private static func recordedMigrations(_ db: Database) throws -> [String] {
        guard try db.tableExists("grdb_migrations") else { return [] }
        return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }

    /// Applies every missing migration, each in its own transaction, recorded in `grdb_migrations`
    /// (GRDB's DatabaseMigrator). Refuses first if the database knows migrations this binary does not.
    private static func migrate(_ writer: any DatabaseWriter, path: String, migrations: [Migration]) throws {
        let known = Set(migrations.map(\.identifier))
        let unknown = try writer.read { db in try recordedMigrations(db) }.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw StoreError.newerDatabase(path: path, unknownMigrations: unknown) }
        var migrator = DatabaseMigrator()
        for migration in migrations {
            migrator.registerMigration(migration.identifier) { db in try db.execute(sql: migration.sql) }
        }
        try migrator.migrate(writer)
    }
}
