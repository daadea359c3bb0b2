import Foundation
import Testing
import TouchlogTestSupport

/// Every command against a real PostgreSQL server (`Tests/Postgres/with-cluster.sh`), each test in a database of its
/// own: the same output as the SQLite store, idempotent and concurrent ingest, and clear failures with nothing
/// half stored when the server is missing, refuses, or goes away mid-ingest.
@Suite(.enabled(if: PostgresTestServer.shouldRun, PostgresTestServer.skipped))
struct PostgresStoreTests {
    let folder = TemporaryFolder()

    /// Every sample: the recordings and the dumps of other formats.
    static let samples: [String] = {
        let folder = Touchlog.packageRoot.appendingPathComponent("sample-logs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") || $0.hasPrefix("import-") }.sorted().map {
            folder.appendingPathComponent($0).path
        }
    }()

    func ingest(_ db: String, _ paths: [String], extra: [String] = []) throws {
        let result = try Touchlog.run(["ingest", "--quiet", "--db", db] + extra + paths)
        try #require(result.status == 0, "\(result.stderr)")
    }

    /// The parity the issue asks for: every sample in both stores gives byte-identical reports and replays.
    @Test func everySampleGivesTheSameReportAndReplayInBothStores() throws {
        let postgres = try ScratchPostgresDatabase()
        let sqlite = folder.path("parity.sqlite")
        #expect(Self.samples.count >= 17)
        for db in [sqlite, postgres.url] {
            try ingest(db, Self.samples)
            let toast = Touchlog.packageRoot.appendingPathComponent("sample-logs").path
            try ingest(
                db, ["\(toast)/replay-toast-touches.json"],
                extra: ["--hierarchy", "\(toast)/replay-toast-view-hierarchy.json"])
        }
        for arguments in [
            ["report", "--format", "json"], ["replay", "--all", "--format", "jsonl"], ["sessions"],
            ["sessions", "--format", "json"], ["report", "--format", "sarif"],
        ] {
            let fromSQLite = try Touchlog.run(arguments + ["--db", sqlite])
            let fromPostgres = try Touchlog.run(arguments + ["--db", postgres.url])
            #expect(fromSQLite.status == fromPostgres.status, "\(arguments): \(fromPostgres.stderr)")
            #expect(!fromSQLite.stdout.isEmpty)
            // Ingest times differ between the two runs; everything else must not.
            #expect(
                Self.withoutIngestTimes(fromSQLite.stdout) == Self.withoutIngestTimes(fromPostgres.stdout),
                "\(arguments) differs between the stores")
        }
        // One session by prefix, shown and explained the same way too.
        for arguments in [
            ["show", "3F2A"], ["replay", "3F2A"], ["explain", "3F2A", "--at", "1.0", "--point", "100,200"],
        ] {
            let fromSQLite = try Touchlog.run(arguments + ["--db", sqlite])
            let fromPostgres = try Touchlog.run(arguments + ["--db", postgres.url])
            #expect(fromSQLite.status == fromPostgres.status, "\(arguments): \(fromPostgres.stderr)")
            #expect(fromSQLite.stdout == fromPostgres.stdout, "\(arguments) differs between the stores")
        }
    }

    /// `ingestedAt` values (ISO 8601 with the current time) replaced by a placeholder.
    static func withoutIngestTimes(_ text: String) -> String {
        text.replacingOccurrences(
            of: #""ingestedAt" *: *"[^"]*""#, with: #""ingestedAt":"-""#, options: .regularExpression)
    }

    /// A session longer than one COPY batch and one read page, with text that COPY's format must escape (tabs,
    /// newlines, backslashes) and touch ids of both kinds: stored and read back exactly, as SQLite does.
    @Test func aLongSessionCrossesCopyBatchesAndReadPagesUnchanged() throws {
        let sample = try String(contentsOfFile: Self.samples[0], encoding: .utf8).split(separator: "\n")
        var lines = sample.prefix(2).map(String.init)  // the header and the first snapshot
        let note = #"{"type":"note","t":1.5,"text":"tab\there, newline\nthere, backslash \\ and \\N"}"#
        for index in 0..<25_000 {
            let t = 1.0 + Double(index) / 1000
            // Every third touch has a string id: each touch keeps one kind of id from began to ended.
            let touch = (index / 4) % 3 == 0 ? #""f\t\#(index / 4)""# : "\(index / 4)"
            let phase = ["began", "moved", "moved", "ended"][index % 4]
            lines.append(
                #"{"type":"touch","t":\#(t),"touch":\#(touch),"phase":"\#(phase)","x":151.25,"y":331.5,"window":"loginWindow","extra":"kept\\raw"}"#
            )
            if index % 5 == 0 { lines.append(note.replacingOccurrences(of: "1.5", with: "\(t)")) }
        }
        let file = folder.path("long.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let postgres = try ScratchPostgresDatabase()
        let sqlite = folder.path("long.sqlite")
        for db in [sqlite, postgres.url] { try ingest(db, [file]) }
        #expect(try postgres.sql("SELECT count(*) FROM touch") == "25000")
        #expect(try postgres.sql("SELECT count(*) FROM touch WHERE touch_text IS NOT NULL") == "8336")
        // A string touch id holds a real tab; the line with a member beyond the columns is kept as written.
        #expect(try postgres.sql("SELECT count(*) FROM touch WHERE touch_text LIKE E'f\\t%'") == "8336")
        #expect(try postgres.sql("SELECT count(*) FROM touch WHERE strpos(raw_json, 'kept\\\\raw') > 0") == "25000")
        let stored = try postgres.sql("SELECT json FROM record WHERE type = 'note' ORDER BY key LIMIT 1")
        #expect(stored == note.replacingOccurrences(of: "1.5", with: "1.0"))
        for arguments in [["replay", "--all", "--format", "jsonl"], ["sessions", "--format", "json"]] {
            let fromSQLite = try Touchlog.run(arguments + ["--db", sqlite])
            let fromPostgres = try Touchlog.run(arguments + ["--db", postgres.url])
            #expect(fromSQLite.status == 0 && fromPostgres.status == 0, "\(fromPostgres.stderr)")
            #expect(fromSQLite.stdout.split(separator: "\n").count > 25_000 || arguments[0] == "sessions")
            #expect(
                Self.withoutIngestTimes(fromSQLite.stdout) == Self.withoutIngestTimes(fromPostgres.stdout),
                "\(arguments) differs between the stores")
        }
    }

    /// A NUL (U+0000) where it would be stored as text: refused with its position by both stores alike (PostgreSQL's
    /// text cannot hold it), and a raw NUL byte in a line set aside kept as U+FFFD; the same stored either way.
    @Test func aNULIsTreatedAlikeByBothStores() throws {
        let sample = try String(contentsOfFile: Self.samples[0], encoding: .utf8)
        let withNUL = sample.replacingOccurrences(of: #""touch":1,"#, with: #""touch":"f\u0000","#)
        #expect(withNUL != sample)
        let file = folder.path("nul.jsonl")
        try (withNUL + "{\"type\":\u{0}}\n").write(toFile: file, atomically: true, encoding: .utf8)
        let postgres = try ScratchPostgresDatabase()
        let sqlite = folder.path("nul.sqlite")
        var outputs: [[String]] = []
        for db in [sqlite, postgres.url] {
            let ingest = try Touchlog.run(["ingest", "--keep-going", "--db", db, file])
            #expect(ingest.stderr.contains("holds the character U+0000"), "\(ingest.stderr)")
            #expect(!ingest.stderr.contains("PostgreSQL server"), "a data problem blamed on the server")
            let listed = try Touchlog.run(["sessions", "--format", "json", "--db", db])
            let replayed = try Touchlog.run(["replay", "--all", "--format", "jsonl", "--db", db])
            outputs.append([
                // The summary line says how long the ingest took.
                "\(ingest.status)", ingest.stderr.split(separator: "\n").filter { !$0.hasPrefix("ingest:") }.joined(),
                Self.withoutIngestTimes(listed.stdout), replayed.stdout,
            ])
        }
        #expect(outputs[0] == outputs[1])
        #expect(try postgres.sql("SELECT count(*) FROM rejected_line WHERE strpos(text, U&'\\FFFD') > 0") == "1")
    }

    @Test func ingestingAgainStoresNothingNew() throws {
        let postgres = try ScratchPostgresDatabase()
        let sample = Self.samples[0]
        try ingest(postgres.url, [sample])
        let again = try Touchlog.run(["ingest", "--db", postgres.url, sample])
        #expect(again.status == 0)
        #expect(again.stderr.contains("already stored with the same content"))
        #expect(try postgres.sql("SELECT count(*) FROM session") == "1")
        let records = try postgres.sql("SELECT (SELECT count(*) FROM record) + (SELECT count(*) FROM touch)")
        #expect(try postgres.sql("SELECT record_count FROM session") == records)
    }

    /// Several ingesters of the same files at once (as machines of a CI farm would): every session stored once,
    /// every ingester succeeds, and no record is stored twice.
    @Test func concurrentIngestersStoreEachSessionOnce() throws {
        let postgres = try ScratchPostgresDatabase()
        let processes = (0..<4).map { index in
            // Each in its own order, so they meet on different sessions.
            let files = index % 2 == 0 ? Self.samples : Self.samples.reversed()
            return Touchlog.process(["ingest", "--quiet", "--db", postgres.url] + files)
        }
        for process in processes {
            process.standardError = FileHandle.nullDevice
            try process.run()
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let sessions = try Touchlog.run(["sessions", "--db", postgres.url, "--format", "json"])
        let single = try ScratchPostgresDatabase()
        try ingest(single.url, Self.samples)
        let alone = try Touchlog.run(["sessions", "--db", single.url, "--format", "json"])
        #expect(try postgres.sql("SELECT count(*) FROM session") == single.sql("SELECT count(*) FROM session"))
        #expect(
            try postgres.sql("SELECT sum(record_count) FROM session")
                == postgres.sql("SELECT (SELECT count(*) FROM record) + (SELECT count(*) FROM touch)"))
        let keys = { (text: String) in
            (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])?.compactMap {
                $0["session"] as? String ?? $0["id"] as? String
            }.sorted()
        }
        #expect(keys(sessions.stdout) == keys(alone.stdout))
    }

    @Test func aRefusedConnectionIsAClearErrorWithExitTwo() throws {
        // Port 1 on loopback: nothing listens there.
        let refused = try Touchlog.run(["sessions", "--db", "postgres://touchlog@127.0.0.1:1/touchlog"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "could not connect to PostgreSQL at 127.0.0.1:1 (\"postgres://touchlog@127.0.0.1:1/touchlog\"): connection refused"
            ))
        #expect(!refused.stderr.contains("SELECT"))
        let ingest = try Touchlog.run(["ingest", "--db", "postgres://touchlog@127.0.0.1:1/touchlog", Self.samples[0]])
        #expect(ingest.status == 2)
    }

    @Test func anUnknownUserOrDatabaseIsRefusedWithExitTwo() throws {
        let postgres = try ScratchPostgresDatabase()
        var components = try #require(URLComponents(string: postgres.url))
        components.user = "no_such_role_\(UUID().uuidString.prefix(8).lowercased())"
        let badUser = try Touchlog.run(["ingest", "--db", try #require(components.string), Self.samples[0]])
        #expect(badUser.status == 2)
        #expect(badUser.stderr.contains("the server refused the login: "))
        #expect(badUser.stderr.contains("role \"\(components.user!)\" does not exist"))
        components = try #require(URLComponents(string: postgres.url))
        components.path = "/no_such_database"
        let badDatabase = try Touchlog.run(["sessions", "--db", try #require(components.string)])
        #expect(badDatabase.status == 2)
        #expect(badDatabase.stderr.contains("database \"no_such_database\" does not exist"))
        #expect(try postgres.sql("SELECT to_regclass('session') IS NULL") == "t")
    }

    /// The libpq environment fills in what the URL leaves out: here everything but the scheme.
    @Test func theLibpqEnvironmentFillsInTheURL() throws {
        let postgres = try ScratchPostgresDatabase()
        let parts = try #require(URLComponents(string: postgres.url))
        let environment = [
            "PGHOST": try #require(parts.host), "PGPORT": String(try #require(parts.port)),
            "PGUSER": try #require(parts.user), "PGDATABASE": postgres.name,
        ]
        let stored = try Touchlog.run(
            ["ingest", "--quiet", "--db", "postgres://", Self.samples[0]], environment: environment)
        #expect(stored.status == 0, "\(stored.stderr)")
        let listed = try Touchlog.run(
            ["sessions", "--format", "jsonl"], environment: environment.merging(["TOUCHLOG_DB": "postgresql://"]) { $1 }
        )
        #expect(listed.status == 0)
        #expect(try postgres.sql("SELECT count(*) FROM session") == "1")
        #expect(listed.stdout.contains(try postgres.sql("SELECT session_key FROM session")))
    }

    /// The server ends the ingest's connection after its transaction began: the ingest says so, exits 2, and the
    /// database holds nothing of the file.
    @Test func aServerGoneMidIngestStoresNothingAndExitsTwo() throws {
        let postgres = try ScratchPostgresDatabase()
        // Create the tables first, so that the ingest below opens its file's transaction at once.
        _ = try Touchlog.run(["ingest", "--quiet", "--db", postgres.url, "/dev/null"])
        let lines = try String(contentsOfFile: Self.samples[0], encoding: .utf8).split(separator: "\n")
        let process = Touchlog.process(["ingest", "--db", postgres.url, "-"])
        let input = Pipe()
        let errors = folder.path("ingest.err")
        try Data().write(to: URL(fileURLWithPath: errors))
        process.standardInput = input
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        // The header and a few records: the session row is inserted, its transaction open.
        input.fileHandleForWriting.write(Data((lines.prefix(3).joined(separator: "\n") + "\n").utf8))
        var backends = "0"
        while backends == "0" {
            backends = try postgres.sql(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL"
            )
            if backends == "0" { usleep(10_000) }
        }
        try postgres.sql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        input.fileHandleForWriting.write(Data((lines.dropFirst(3).joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let stderr = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(process.terminationStatus == 2, "\(stderr)")
        #expect(stderr.contains("database error"))
        #expect(stderr.contains("nothing from this file was stored"))
        #expect(try postgres.sql("SELECT count(*) FROM session") == "0")
        #expect(try postgres.sql("SELECT (SELECT count(*) FROM record) + (SELECT count(*) FROM touch)") == "0")
    }

    @Test func aDatabaseWrittenByANewerTouchlogIsRefused() throws {
        let postgres = try ScratchPostgresDatabase()
        try ingest(postgres.url, [Self.samples[0]])
        try postgres.sql("INSERT INTO touchlog_migration (identifier) VALUES ('9999_from_the_future')")
        let refused = try Touchlog.run(["sessions", "--db", postgres.url])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("written by a newer touchlog"))
        #expect(refused.stderr.contains("9999_from_the_future"))
    }

    @Test func readingAnEmptyDatabaseCreatesNothing() throws {
        let postgres = try ScratchPostgresDatabase()
        let listed = try Touchlog.run(["sessions", "--db", postgres.url])
        #expect(listed.status == 2)
        #expect(listed.stderr.contains("holds no touchlog sessions yet"))
        #expect(try postgres.sql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == "0")
    }

    /// delete and prune remove the same sessions, with the same rows, from both stores, and say so the same way.
    @Test func deleteAndPruneAgreeWithSQLite() throws {
        let postgres = try ScratchPostgresDatabase()
        let sqlite = folder.path("housekeeping.sqlite")
        for db in [sqlite, postgres.url] { try ingest(db, Self.samples) }
        for arguments in [
            ["delete", "3F2A", "0B6D"], ["prune", "--keep", "5", "--dry-run"], ["prune", "--before", "2026-01-01"],
            ["sessions"],
        ] {
            let fromSQLite = try Touchlog.run(arguments + ["--db", sqlite])
            let fromPostgres = try Touchlog.run(arguments + ["--db", postgres.url])
            #expect(fromSQLite.status == fromPostgres.status, "\(arguments): \(fromPostgres.stderr)")
            #expect(
                fromSQLite.stdout.replacingOccurrences(of: sqlite, with: "DB")
                    == fromPostgres.stdout.replacingOccurrences(of: postgres.url, with: "DB"),
                "\(arguments) differs between the stores")
        }
        #expect(try postgres.sql("SELECT count(*) FROM touch WHERE key >> 32 NOT IN (SELECT id FROM session)") == "0")
        let vacuum = try Touchlog.run(["vacuum", "--db", postgres.url])
        #expect(vacuum.status == 0, "\(vacuum.stderr)")
    }
}
