internal import GRDB

/// Whether a database file is touchlog's, told before anything is written to it.
///
/// A touchlog database carries SQLite's `application_id` (the 32-bit number at byte 68 of the file header that
/// `file(1)` and other tools read to tell applications' files apart). Databases made before it was set are
/// recognised by their recorded touchlog migrations. Anything else that holds tables belongs to some other
/// application: touchlog refuses it rather than add its tables (and switch the file to WAL mode).
enum DatabaseIdentity: Equatable {
    /// No table yet: a new database, touchlog's to set up.
    case empty
    case touchlog
    /// Another application's database: its `application_id` (0 when it set none) and a few of its tables.
    case foreign(applicationID: Int32, tables: [String])

    /// touchlog's `application_id`: "TLOG" in ASCII.
    static let applicationID: Int32 = 0x544C_4F47

    /// Reads the header field and the schema; writes nothing.
    static func of(_ db: Database, knownMigrations: Set<String>) throws -> DatabaseIdentity {
        let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if id == applicationID { return .touchlog }
        let tables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        if tables.isEmpty, id == 0 { return .empty }
        if id == 0, tables.contains("grdb_migrations") {
            let recorded = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            // Touchlog's migrations are numbered files; the first is in every touchlog database.
            if recorded.contains(where: { knownMigrations.contains($0) || $0.hasPrefix("0001_sessions") }) {
                return .touchlog
            }
        }
        return .foreign(applicationID: id, tables: Array(tables.prefix(5)))
    }
}
