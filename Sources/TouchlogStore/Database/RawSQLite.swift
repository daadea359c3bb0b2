internal import GRDB

/// An SQLite file as it is, with none of touchlog's checks, migrations or marks: for tests (through `@testable
/// import TouchlogStore`), which build older, damaged and other applications' files, hold another writer's lock, and
/// look at what the store wrote. Not public: nothing but a test may go around the store.
final class RawSQLite {
    let writer: any DatabaseWriter

    /// Opens (or creates) the file at `path` with a connection of its own.
    init(path: String) throws { writer = try DatabaseQueue(path: path) }

    /// The connection `database` uses (``TouchlogDatabase/raw``).
    init(_ database: TouchlogDatabase) { writer = database.writer }

    /// Runs `sql` (one statement or several), outside any transaction.
    func execute(_ sql: String, _ arguments: [SQLValue] = []) throws {
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: sql, arguments: SQLiteConnection.arguments(arguments))
        }
    }

    /// The rows `sql` reads.
    func rows(_ sql: String, _ arguments: [SQLValue] = []) throws -> [SQLRow] {
        try writer.read { db in
            try Row.fetchAll(db, sql: sql, arguments: SQLiteConnection.arguments(arguments)).map(SQLiteConnection.row)
        }
    }

    /// The first column of every row `sql` reads, as text (a NULL or a number throws).
    func strings(_ sql: String, _ arguments: [SQLValue] = []) throws -> [String] {
        try rows(sql, arguments).map { try $0.string(0) }
    }

    /// The first column of every row `sql` reads, as text or nil.
    func optionalStrings(_ sql: String, _ arguments: [SQLValue] = []) throws -> [String?] {
        try rows(sql, arguments).map { try $0.optionalString(0) }
    }

    /// The first column of the first row `sql` reads, as text; nil when there is no row or it holds NULL.
    func string(_ sql: String, _ arguments: [SQLValue] = []) throws -> String? {
        try rows(sql, arguments).first?.optionalString(0)
    }

    /// The first column of the first row `sql` reads, as an integer; nil when there is no row or it holds NULL.
    func integer(_ sql: String, _ arguments: [SQLValue] = []) throws -> Int64? {
        try rows(sql, arguments).first.flatMap { try $0.isNull(0) ? nil : $0.int64(0) }
    }

    /// Holds the write lock (an IMMEDIATE transaction, as another touchlog writing would) while `body` runs, then
    /// commits.
    func holdingWriteLock(_ body: () -> Void) throws {
        try writer.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                body()
                return .commit
            }
        }
    }

    /// Folds the write-ahead log into the file and empties it, as a copied database usually is.
    func checkpoint() throws {
        _ = try writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    /// Closes a connection ``init(path:)`` opened; the file may then be opened as touchlog would.
    func close() throws {
        try (writer as? DatabaseQueue)?.close()
    }
}

extension TouchlogDatabase {
    /// The store's own connection, for SQL as written: tests only (``RawSQLite``).
    var raw: RawSQLite { RawSQLite(self) }
}
