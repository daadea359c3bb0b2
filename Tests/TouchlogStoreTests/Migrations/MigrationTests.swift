import Foundation
import Testing

@testable import TouchlogStore

@Suite struct MigrationTests {
    let folder = TemporaryFolder()

    @Test func aFreshFileDatabaseHasEveryMigrationWALAndTouchlogsApplicationID() throws {
        let database = try TouchlogDatabase(path: folder.path("fresh.sqlite"))
        #expect(try database.appliedMigrations() == Migration.all.map(\.identifier))
        let raw = database.raw
        let tables = try ["session", "record", "touch", "touch_phase", "rejected_line"].filter {
            try raw.integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", [.text($0)]) == 1
        }
        #expect(try raw.string("PRAGMA journal_mode") == "wal")
        #expect(try raw.integer("PRAGMA application_id") == Int64(DatabaseIdentity.applicationID))
        #expect(tables == ["session", "record", "touch", "touch_phase", "rejected_line"])
    }

    @Test func aReadOnlyOpenNeverMigratesAndSaysWhatItNeeds() throws {
        let path = folder.path("behind.sqlite")
        do {
            let raw = try RawSQLite(path: path)
            _ = try TouchlogDatabase(raw: raw, path: path, migrations: Array(Migration.all.prefix(1)))
            try raw.close()
        }
        #expect {
            _ = try TouchlogDatabase(path: path, access: .readOnly)
        } throws: { error in
            guard case .needsUpgrade(_, let missing)? = error as? StoreError else { return false }
            return missing == Migration.all.dropFirst().map(\.identifier)
        }
        #expect(try RawSQLite(path: path).strings("SELECT identifier FROM grdb_migrations").count == 1)
    }

    @Test func aFreshInMemoryDatabaseHasEveryMigration() throws {
        let database = try TouchlogDatabase.inMemory()
        #expect(try database.appliedMigrations() == Migration.all.map(\.identifier))
        #expect(try database.count("touch_phase") == 5)
    }

    @Test func reopeningAppliesNothingTwice() throws {
        let path = folder.path("again.sqlite")
        _ = try TouchlogDatabase(path: path)
        let reopened = try TouchlogDatabase(path: path)
        #expect(try reopened.appliedMigrations() == Migration.all.map(\.identifier))
    }

    /// Every earlier schema version (each prefix of the migration list) upgrades to the current one, and
    /// data stored under version 1 or later survives. Covers 0002+ as soon as they exist.
    @Test(arguments: 0..<Migration.all.count)
    func upgradesFromEveryEarlierVersion(appliedBefore: Int) throws {
        let path = folder.path("upgrade-\(appliedBefore).sqlite")
        let older = Array(Migration.all.prefix(appliedBefore))
        do {
            let raw = try RawSQLite(path: path)
            _ = try TouchlogDatabase(raw: raw, path: path, migrations: older)
            if appliedBefore >= 1 {
                // Rows written with the version-1 schema, the oldest one holding data.
                try raw.execute(
                    """
                    BEGIN;
                    INSERT INTO session (id, session_key, format, header_json, source, header_line, content_hash,
                        record_count, touch_count, unknown_count, rejected_count, status, text_kept, ingested_at)
                    VALUES (1, 'old', 'touchlog/1', '{}', 'old.jsonl', 1, 'abc', 1, 0, 0, 0, 'complete', 0, '2026-01-01T00:00:00Z');
                    INSERT INTO record (key, type, t, json) VALUES (4294967297, 'session', NULL, '{"type":"session","format":"touchlog/1","session":"old"}');
                    COMMIT
                    """)
            }
            try raw.close()
        }
        let upgraded = try TouchlogDatabase(path: path)
        #expect(try upgraded.appliedMigrations() == Migration.all.map(\.identifier))
        if appliedBefore >= 1 {
            #expect(try upgraded.sessions().map(\.key) == ["old"])
            #expect(try upgraded.records(sessionRowID: 1).map(\.record.typeName) == ["session"])
        }
    }

    /// Sessions stored before version 7 counted touch records; the upgrade counts them again as touches, one per
    /// finger-down, from their stored touch rows.
    @Test func upgradeCountsStoredTouchesAsPeopleDo() throws {
        let path = folder.path("touch-count.sqlite")
        let before = Array(Migration.all.prefix { $0.identifier != "0007_touch_count_counts_touches" })
        #expect(before.count < Migration.all.count)
        do {
            let raw = try RawSQLite(path: path)
            _ = try TouchlogDatabase(raw: raw, path: path, migrations: before)
            // A tap (began, ended) and a drag (began, two moves, ended): six records, two touches.
            try raw.execute(
                """
                BEGIN;
                INSERT INTO session (id, session_key, format, header_json, source, header_line, content_hash,
                    record_count, touch_count, unknown_count, rejected_count, status, text_kept, ingested_at)
                VALUES (1, 'old', 'touchlog/1', '{}', 'old.jsonl', 1, 'abc', 7, 6, 0, 0, 'complete', 0, '2026-01-01T00:00:00Z');
                INSERT INTO touch (key, t, touch, phase, x, y) VALUES
                    (4294967298, 0.1, 1, 0, 1, 1), (4294967299, 0.2, 1, 3, 1, 1), (4294967300, 1.0, 2, 0, 5, 5),
                    (4294967301, 1.1, 2, 1, 6, 6), (4294967302, 1.2, 2, 1, 7, 7), (4294967303, 1.3, 2, 3, 8, 8);
                COMMIT
                """)
            try raw.close()
        }
        let upgraded = try TouchlogDatabase(path: path)
        #expect(try upgraded.sessions().map(\.touchCount) == [2])
    }

    @Test func refusesADatabaseWrittenByANewerTouchlog() throws {
        let path = folder.path("newer.sqlite")
        let future = Migration.all + [Migration(identifier: "9999_from_the_future", sql: "CREATE TABLE future (x)")]
        _ = try TouchlogDatabase(path: path, migrations: future)
        #expect {
            _ = try TouchlogDatabase(path: path)
        } throws: { error in
            (error as? StoreError)?.description
                == "the database \"\(path)\" was written by a newer touchlog (it has migration \"9999_from_the_future\", which this version does not know); upgrade touchlog, or use another database with --db"
        }
    }

    @Test func migrationsAreNumberedWithoutGaps() {
        for (index, migration) in Migration.all.enumerated() {
            let number = String(format: "%04d", index + 1)
            #expect(migration.identifier.hasPrefix(number + "_"), "\(migration.identifier) should be number \(number)")
        }
    }

    /// The embedded copies must match what `make generate` produces from migrations/ and migrations/postgres/ now.
    @Test(arguments: [
        ("migrations", "EmbeddedMigrations"), ("migrations/postgres", "EmbeddedPostgresMigrations"),
    ])
    func embeddedMigrationsAreUpToDate(folder: String, name: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            root.appendingPathComponent("migrations/embed-migrations.sh").path,
            root.appendingPathComponent(folder).path, name,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let generated = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let checkedIn = try Data(
            contentsOf: root.appendingPathComponent("Sources/TouchlogStore/Migrations/\(name).swift"))
        #expect(
            generated == checkedIn,
            "Sources/TouchlogStore/Migrations/\(name).swift is stale: run `make generate`")
    }

    @Test func postgresMigrationsAreNumberedWithoutGapsAndUseNoSQLiteOnlyClauses() {
        for (index, migration) in Migration.postgres.enumerated() {
            let number = String(format: "%04d", index + 1)
            #expect(migration.identifier.hasPrefix(number + "_"), "\(migration.identifier) should be number \(number)")
            for clause in ["WITHOUT ROWID", "AUTOINCREMENT", "VIRTUAL", "PRAGMA", " REAL", "INTEGER PRIMARY KEY"] {
                #expect(!migration.sql.contains(clause), "\(migration.identifier) uses SQLite's \(clause)")
            }
        }
    }
}
