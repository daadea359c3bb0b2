/// One schema migration: `migrations/NNNN_name.sql` (SQLite) or `migrations/postgres/NNNN_name.sql`, embedded in the binary (see EmbeddedMigrations.swift).
public struct Migration: Sendable, Hashable {
    /// The file name without `.sql`, e.g. `0001_sessions_records_touches`; recorded in the database once applied.
    public var identifier: String
    public var sql: String

    public init(identifier: String, sql: String) {
        self.identifier = identifier
        self.sql = sql
    }

    /// Every SQLite migration this binary knows, in the order they apply.
    public static var all: [Migration] { EmbeddedMigrations.all }

    /// Every PostgreSQL migration this binary knows (`migrations/postgres/NNNN_name.sql`), in the order they apply.
    public static var postgres: [Migration] { EmbeddedPostgresMigrations.all }
}
