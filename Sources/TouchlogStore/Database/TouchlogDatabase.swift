import Foundation
internal import GRDB

/// The touchlog SQLite database: opens it (WAL; a writer waits for another process's lock as long as it takes),
/// marks and migrates it, refuses a database written by a newer touchlog or by another application, and opens
/// read-only for commands that only read.
///
/// ```swift
/// let database = try TouchlogDatabase(path: "touchlog.sqlite")                    // ingest
/// let reader = try TouchlogDatabase(path: "touchlog.sqlite", access: .readOnly)  // sessions, show, replay, report
/// let sessions = try reader.sessions()
/// ```
public final class TouchlogDatabase: Sendable {
    /// Whether the connection may write. A read-only one never writes the file, so it works on a file mode 444 or
    /// on read-only media, and never migrates.
    public enum Access: Sendable {
        case readWrite
        case readOnly
    }

    /// The GRDB connection (a pool for a file, so readers never block the writer; a queue in memory). Not public:
    /// no GRDB type is part of the store's interface (the module imports GRDB `internal`ly, so the compiler refuses
    /// one), and nothing outside the store depends on which database is behind it or on GRDB's version.
    let writer: any DatabaseWriter
    /// The path, or `:memory:`.
    public let path: String
    public let access: Access
    /// The clock of the analysis queue's leases: the machine's, unless a test gives its own
    /// (``inMemory(migrations:leaseClock:)``).
    public let leaseClock: LeaseClock

    /// Opens the database file at `path`; with `.readWrite`, creates it if needed and migrates it.
    public convenience init(
        path: String, access: Access = .readWrite, migrations: [Migration] = Migration.all,
        waiting: LockWaiting = LockWaiting()
    ) throws {
        // Before the pool opens it: opening a pool switches the file to WAL mode, which is a write.
        let identity = try Self.checkIdentity(path: path, migrations: migrations)
        if access == .readOnly, identity == .empty {
            // Nothing to read, and a reader never sets a database up (nor migrates a file that holds no touchlog
            // database yet): the file is left exactly as it is, without -wal or -shm beside it.
            throw StoreError.emptyDatabase(location: path)
        }
        var configuration = Self.configuration(waiting: waiting)
        configuration.label = "touchlog"
        configuration.readonly = access == .readOnly
        let pool = try Self.retryingWhileBusy(path: path, access: access, waiting: waiting) {
            let pool =
                access == .readOnly
                ? try Self.readOnlyPool(path: path, configuration: configuration)
                : try DatabasePool(path: path, configuration: configuration)
            try Self.prepare(pool, path: path, access: access, migrations: migrations)
            return pool
        }
        self.init(prepared: pool, path: path, access: access)
    }

    /// Opening is retried while SQLite answers SQLITE_BUSY. Setting a new file up takes steps that SQLite does not
    /// let a busy handler wait for: switching the file to WAL mode, and a write that finds the log changed since
    /// its read began (another process set the file up meanwhile). Each step is safe to take again, and the next
    /// try finds the other process's work done.
    private static func retryingWhileBusy<T>(
        path: String, access: Access, waiting: LockWaiting, _ body: () throws -> T
    ) throws -> T {
        var tries = 0
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                tries += 1
                if tries >= 200 || waiting.shouldStop?() == true {
                    throw StoreError.cannotOpen(path: path, reason: reason(error, access: access))
                }
                usleep(LockWaiting.retryInterval * 5)
            } catch let error as DatabaseError {
                throw StoreError.cannotOpen(path: path, reason: reason(error, access: access))
            }
        }
    }

    /// A private in-memory database, migrated (tests, dry runs); `leaseClock` lets a test move the queue's leases
    /// through time without waiting.
    public static func inMemory(
        migrations: [Migration] = Migration.all, leaseClock: LeaseClock = .system
    ) throws -> TouchlogDatabase {
        let writer = try DatabaseQueue(configuration: configuration(waiting: LockWaiting()))
        do {
            try prepare(writer, path: ":memory:", access: .readWrite, migrations: migrations)
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: ":memory:", reason: reason(error, access: .readWrite))
        }
        return TouchlogDatabase(prepared: writer, path: ":memory:", access: .readWrite, leaseClock: leaseClock)
    }

    /// Wraps the connection of a file a test opened by hand (``RawSQLite``) and migrates it with `migrations` (tests
    /// pass a prefix to build older versions); a read-only one is checked instead: it must be up to date.
    convenience init(
        raw: RawSQLite, path: String, access: Access = .readWrite, migrations: [Migration] = Migration.all
    ) throws {
        let writer = raw.writer
        do {
            try Self.prepare(writer, path: path, access: access, migrations: migrations)
        } catch let error as DatabaseError {
            // SQLite's own message, never the statement: a migration's SQL is no help to the user.
            throw StoreError.cannotOpen(path: path, reason: Self.reason(error, access: access))
        }
        self.init(prepared: writer, path: path, access: access)
    }

    /// A connection already migrated (or checked, read-only).
    private init(
        prepared writer: any DatabaseWriter, path: String, access: Access, leaseClock: LeaseClock = .system
    ) {
        self.writer = writer
        self.path = path
        self.access = access
        self.leaseClock = leaseClock
    }

    /// Migrates a read-write connection; checks that a read-only one needs no migration.
    private static func prepare(
        _ writer: any DatabaseWriter, path: String, access: Access, migrations: [Migration]
    ) throws {
        switch access {
        case .readWrite: try migrate(writer, path: path, migrations: migrations)
        case .readOnly: try checkUpToDate(writer, path: path, migrations: migrations)
        }
    }

    static func configuration(waiting: LockWaiting) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .callback(waiting.busyCallback())
        configuration.prepareDatabase { db in
            // NORMAL is durable across application crashes in WAL mode (only an OS crash may lose the last
            // commits) and saves an fsync per transaction. A read-only connection cannot set it, nor needs to.
            if !db.configuration.readonly { try db.execute(sql: "PRAGMA synchronous = NORMAL") }
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

    /// Refuses a file that is not an SQLite database, or is another application's, without writing to it; says
    /// whether it is touchlog's or empty (a missing or empty file, an SQLite file without tables).
    static func checkIdentity(path: String, migrations: [Migration]) throws -> DatabaseIdentity {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .empty }
        if isDirectory.boolValue {
            throw StoreError.cannotOpen(path: path, reason: "it is a directory; give the database file's path")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > 0 else { return .empty }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        let identity: DatabaseIdentity
        do {
            identity = try readOnly(path: path, configuration: configuration) { path, configuration in
                try DatabaseQueue(path: path, configuration: configuration)
            }.read { db in try DatabaseIdentity.of(db, knownMigrations: Set(migrations.map(\.identifier))) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw StoreError.notADatabase(path: path)
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: reason(error, access: .readOnly))
        }
        if case .foreign(let id, let tables) = identity {
            throw StoreError.foreignDatabase(path: path, applicationID: id, tables: tables)
        }
        return identity
    }

    /// A read-only pool on `path`, read once to be sure it can be.
    private static func readOnlyPool(path: String, configuration: Configuration) throws -> DatabasePool {
        try readOnly(path: path, configuration: configuration) { path, configuration in
            try DatabasePool(path: path, configuration: configuration)
        }
    }

    /// Opens `path` read-only with `open` and reads its schema. A database in WAL mode is read through its
    /// shared-memory index (`-shm`), which SQLite creates beside it when missing; in a folder nobody may write
    /// (read-only media, a mode 555 folder) it cannot, and the file is opened again as immutable: read without
    /// locks or index, which is right for a file that nothing can write either.
    private static func readOnly<Reader: DatabaseReader>(
        path: String, configuration: Configuration, _ open: (String, Configuration) throws -> Reader
    ) throws -> Reader {
        do {
            let reader = try open(path, configuration)
            _ = try reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
            return reader
        } catch let error as DatabaseError
            where [.SQLITE_READONLY, .SQLITE_CANTOPEN].contains(error.resultCode)
            && !FileManager.default.isWritableFile(
                atPath: (path as NSString).deletingLastPathComponent.isEmpty
                    ? "." : (path as NSString).deletingLastPathComponent)
        {
            // A URI filename: SQLite reads `immutable=1` from it where URIs are enabled (SQLITE_USE_URI, as
            // Debian's and Homebrew's libsqlite3 are built).
            let reader = try open("file:\(uriPath(path))?immutable=1", configuration)
            _ = try reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
            return reader
        }
    }

    /// `path` escaped for an SQLite URI filename.
    private static func uriPath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    /// Applies every missing migration and marks the file as touchlog's, in one IMMEDIATE transaction: any number
    /// of processes may open a new database at once; the first sets it up while the others wait for its lock, then
    /// find nothing left to do. Refuses first if the database knows migrations this binary does not.
    ///
    /// The applied migrations are recorded in `grdb_migrations`, the table GRDB's DatabaseMigrator keeps (which
    /// earlier versions used), so databases made by either agree.
    private static func migrate(_ writer: any DatabaseWriter, path: String, migrations: [Migration]) throws {
        if try writer.read({ db in try pending(db, path: path, migrations: migrations) }) == nil { return }
        try writer.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                guard let missing = try pending(db, path: path, migrations: migrations) else { return .commit }
                try db.execute(
                    sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                for migration in missing {
                    try db.execute(sql: migration.sql)
                    try db.execute(
                        sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.identifier])
                }
                try db.execute(sql: "PRAGMA application_id = \(DatabaseIdentity.applicationID)")
                return .commit
            }
        }
    }

    /// The migrations still to apply, or nil when the database is up to date and marked as touchlog's.
    private static func pending(_ db: Database, path: String, migrations: [Migration]) throws -> [Migration]? {
        let applied = try recordedMigrations(db)
        let known = Set(migrations.map(\.identifier))
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw StoreError.newerDatabase(path: path, unknownMigrations: unknown) }
        let missing = migrations.filter { !applied.contains($0.identifier) }
        let marked = try Int32.fetchOne(db, sql: "PRAGMA application_id") == DatabaseIdentity.applicationID
        return missing.isEmpty && marked ? nil : missing
    }

    /// A read-only database must need no migration: it cannot be upgraded without writing.
    private static func checkUpToDate(_ writer: any DatabaseWriter, path: String, migrations: [Migration]) throws {
        let missing = try writer.read { db in try pending(db, path: path, migrations: migrations) } ?? []
        guard missing.isEmpty else {
            throw StoreError.needsUpgrade(path: path, migrations: missing.map(\.identifier))
        }
    }

    /// SQLite's message for `error`, with what to do when the cause is known.
    static func reason(_ error: DatabaseError, access: Access) -> String {
        let message = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_READONLY:
            return
                "\(message) (the file or its folder is read-only; commands that only read work on it, while ingest, delete, prune and vacuum need write access)"
        case .SQLITE_BUSY:
            return "\(message) (another process holds it, and the wait was stopped)"
        case .SQLITE_CANTOPEN where access == .readOnly:
            return "\(message) (a database in WAL mode is read with its -wal and -shm files beside it: copy them too)"
        case .SQLITE_NOTADB:
            return "\(message) (the file is not an SQLite database)"
        default:
            return message
        }
    }
}
