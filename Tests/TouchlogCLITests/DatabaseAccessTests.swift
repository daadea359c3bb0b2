import Foundation
import Testing

@testable import TouchlogStore

/// Opening the database from several processes at once, read-only, and refusing files that are not touchlog's.
/// Processes racing, waiting for another's lock and running as another user go through the binary; whose file it
/// is, in this process.
@Suite struct DatabaseAccessTests {
    let folder = TemporaryFolder()

    static let samples: [String] = {
        let folder = Touchlog.packageRoot.appendingPathComponent("sample-logs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { folder.appendingPathComponent($0).path }
    }()

    /// Starts `touchlog` with `arguments`, its output in files; call `finish` to wait and read them.
    final class Running {
        let process: Process
        let out: String
        let err: String

        init(_ arguments: [String], in folder: TemporaryFolder, name: String) throws {
            out = folder.path("\(name).out")
            err = folder.path("\(name).err")
            try Data().write(to: URL(fileURLWithPath: out))
            try Data().write(to: URL(fileURLWithPath: err))
            process = Touchlog.process(arguments)
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        func finish() throws -> Touchlog.Result {
            process.waitUntilExit()
            return Touchlog.Result(
                status: process.terminationStatus, stdout: try String(contentsOfFile: out, encoding: .utf8),
                stderr: try String(contentsOfFile: err, encoding: .utf8))
        }
    }

    @Test func ingestsStartedAtOnceOnADatabaseThatDoesNotExistAllSucceed() throws {
        // What the four files hold, ingested one after another.
        let reference = folder.path("reference.sqlite")
        #expect(Touchlog.call(["ingest", "--quiet", "--db", reference] + Self.samples.prefix(4)).status == 0)
        let expected = try Set(TouchlogDatabase(path: reference, access: .readOnly).sessions().map(\.key))
        // Each round, four processes create and migrate the same new database at the same moment.
        for round in 0..<8 {
            let db = folder.path("race-\(round).sqlite")
            let running = try (0..<4).map { k in
                try Running(["ingest", "--quiet", "--db", db, Self.samples[k]], in: folder, name: "r\(round)-\(k)")
            }
            for run in running {
                let result = try run.finish()
                #expect(result.status == 0, "round \(round): \(result.stderr)")
                #expect(!result.stderr.contains("CREATE TABLE") && !result.stderr.contains("while executing"))
            }
            let database = try TouchlogDatabase(path: db, access: .readOnly)
            #expect(try Set(database.sessions().map(\.key)) == expected)
            #expect(try database.appliedMigrations() == Migration.all.map(\.identifier))
        }
    }

    @Test func aWriterWaitsForAnotherProcesssLockAndSaysSo() throws {
        let db = folder.path("held.sqlite")
        let holder = try TouchlogDatabase(path: db)
        // Another writer holds the lock for two seconds; the ingest waits, says why, and stores its file.
        let released = DispatchSemaphore(value: 0)
        let holding = DispatchSemaphore(value: 0)
        Thread {
            try? holder.raw.holdingWriteLock {
                holding.signal()
                _ = released.wait(timeout: .now() + 2)
            }
        }.start()
        holding.wait()
        let ingest = try Running(["ingest", "--db", db, Self.samples[0]], in: folder, name: "waiting")
        let result = try ingest.finish()
        released.signal()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("waiting for another process writing to"))
        #expect(try holder.sessions().count == 1)
    }

    // MARK: Read-only

    /// A database in a folder nobody may write, as a user who does not own it (mode 555 folder, mode 444 file):
    /// what read-only media and a colleague's shared copy look like.
    func readOnlyDatabase() throws -> String {
        let db = folder.path("source.sqlite")
        #expect(Touchlog.call(["ingest", "--quiet", "--db", db, Self.samples[0]]).status == 0)
        // Fold the WAL into the file, as a copied database usually is, and copy the file alone.
        let database = try TouchlogDatabase(path: db)
        try database.raw.checkpoint()
        let shelf = folder.path("shelf")
        try FileManager.default.createDirectory(atPath: shelf, withIntermediateDirectories: false)
        let copy = shelf + "/ro.sqlite"
        try FileManager.default.copyItem(atPath: db, toPath: copy)
        chmod(folder.url.path, 0o755)
        chmod(copy, 0o444)
        chmod(shelf, 0o555)
        return copy
    }

    /// Runs touchlog as an unprivileged user when the tests run as root (root may write any file whatever its
    /// mode, so only another user sees a read-only database as read-only).
    func runUnprivileged(_ arguments: [String]) throws -> Touchlog.Result {
        guard getuid() == 0 else { return try Touchlog.run(arguments) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", Touchlog.binary.path] + arguments
        let out = folder.path("unprivileged.out")
        let err = folder.path("unprivileged.err")
        try Data().write(to: URL(fileURLWithPath: out))
        try Data().write(to: URL(fileURLWithPath: err))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        try process.run()
        process.waitUntilExit()
        return Touchlog.Result(
            status: process.terminationStatus, stdout: try String(contentsOfFile: out, encoding: .utf8),
            stderr: try String(contentsOfFile: err, encoding: .utf8))
    }

    @Test func commandsThatOnlyReadWorkOnAReadOnlyDatabase() throws {
        let db = try readOnlyDatabase()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let sessions = try runUnprivileged(["sessions", "--db", db])
        #expect(sessions.status == 0, "\(sessions.stderr)")
        #expect(sessions.stdout.contains("3F2A9C1E"))
        let show = try runUnprivileged(["show", "--db", db, "3F2A"])
        #expect(show.status == 0, "\(show.stderr)")
        let replay = try runUnprivileged(["replay", "--db", db, "3F2A"])
        #expect(replay.status == 0, "\(replay.stderr)")
        let report = try runUnprivileged(["report", "--db", db, "--format", "json"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("tap_failed_to_dismiss"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: (db as NSString).deletingLastPathComponent) == [
                "ro.sqlite"
            ])
    }

    @Test func ingestIntoAReadOnlyDatabaseSaysWhyPlainly() throws {
        let db = try readOnlyDatabase()
        let result = try runUnprivileged(["ingest", "--db", db, Self.samples[1]])
        #expect(result.status == 2)
        #expect(result.stderr.contains("read-only"))
        #expect(result.stderr.contains("ingest, delete, prune and vacuum need write access"))
    }

    /// delete, prune and vacuum say plainly that they need write access, and change nothing; a dry run only reads,
    /// so it works.
    @Test func housekeepingOnAReadOnlyDatabaseSaysWhyAndADryRunWorks() throws {
        let db = try readOnlyDatabase()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        for arguments in [["delete", "3F2A"], ["prune", "--keep", "0"], ["vacuum"]] {
            let result = try runUnprivileged(arguments + ["--db", db])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("ingest, delete, prune and vacuum need write access"), "\(arguments)")
        }
        let dryRun = try runUnprivileged(["delete", "--dry-run", "3f2a", "--db", db])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("would delete 1 session"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    // MARK: Whose database

    @Test func anotherApplicationsDatabaseIsRefusedAndLeftUntouched() throws {
        let db = folder.path("app.sqlite")
        let raw = try RawSQLite(path: db)
        try raw.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users VALUES (1, 'a')")
        try raw.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        for arguments in [["ingest", "--db", db, Self.samples[0]], ["sessions", "--db", db]] {
            let result = Touchlog.call(arguments)
            #expect(result.status == 2)
            #expect(result.stderr.contains("another application's SQLite database"))
            #expect(result.stderr.contains("\"users\""))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        #expect(!FileManager.default.fileExists(atPath: db + "-wal"))
    }

    @Test func aFileThatIsNotADatabaseOrAFolderIsNamedForWhatItIs() throws {
        let json = folder.path("notes.json")
        try Data(#"{"not": "a database"}"#.utf8).write(to: URL(fileURLWithPath: json))
        let notDatabase = Touchlog.call(["ingest", "--db", json, Self.samples[0]])
        #expect(notDatabase.status == 2)
        #expect(notDatabase.stderr.contains("is not an SQLite database"))
        #expect(try String(contentsOfFile: json, encoding: .utf8) == #"{"not": "a database"}"#)
        let directory = Touchlog.call(["sessions", "--db", folder.url.path])
        #expect(directory.status == 2)
        #expect(directory.stderr.contains("it is a directory"))
    }

    @Test func touchlogDatabasesAreMarkedWithTheirApplicationID() throws {
        let db = folder.path("marked.sqlite")
        #expect(Touchlog.call(["ingest", "--quiet", "--db", db, Self.samples[0]]).status == 0)
        let id = try RawSQLite(path: db).integer("PRAGMA application_id")
        // "TLOG", which `file(1)` and other tools read from the header.
        #expect(id == 0x544C_4F47)
    }

    @Test func aDatabaseFromBeforeTheMarkIsStillTouchlogsAndGetsMarked() throws {
        let db = folder.path("old.sqlite")
        // What earlier versions made: the migrations recorded, no application_id.
        let raw = try RawSQLite(path: db)
        try raw.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        for migration in Migration.all {
            try raw.execute(migration.sql)
            try raw.execute("INSERT INTO grdb_migrations VALUES (?)", [.text(migration.identifier)])
        }
        try raw.close()
        let result = Touchlog.call(["ingest", "--quiet", "--db", db, Self.samples[0]])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try RawSQLite(path: db).integer("PRAGMA application_id") == 0x544C_4F47)
    }
}
