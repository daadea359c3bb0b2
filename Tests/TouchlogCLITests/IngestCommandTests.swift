import Foundation
import Testing
import TouchlogStore

@testable import TouchlogCLI
@testable import TouchlogPipeline

@Suite struct IngestCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.path("t.sqlite") }
    let login = Touchlog.fixtures.appendingPathComponent("login-form.jsonl").path
    let broken = Touchlog.fixtures.appendingPathComponent("two-errors.jsonl").path

    @Test func storesAFileAndSummarises() throws {
        let result = Touchlog.call(["ingest", "--db", db, login])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(login): session \"5C1E2F0A-login\" stored (10 records)")
        #expect(
            lines.last?.wholeMatch(
                of: /ingest: 1 session stored, 10 records, 0 rejected in [0-9.]+ s \([0-9]+ records\/s\)/) != nil)
    }

    @Test func aHeaderAloneIsStoredAsOneRecordWithAWarningThatNothingCanReplayIt() throws {
        let header = try String(contentsOfFile: login, encoding: .utf8).split(separator: "\n")[0] + "\n"
        let path = folder.path("header-only.jsonl")
        try header.write(toFile: path, atomically: true, encoding: .utf8)
        let result = Touchlog.call(["ingest", "--db", db, path])
        #expect(result.status == 0)
        #expect(
            result.stderr.contains(
                "\(path):1:1: warning: session \"5C1E2F0A-login\" holds no snapshot: replay, explain and report have no view hierarchy to work with"
            ))
        #expect(result.stderr.contains("session \"5C1E2F0A-login\" stored (1 record)\n"))
        #expect(result.stderr.contains("ingest: 1 session stored, 1 record, 0 rejected in "))
    }

    @Test func sayssoWhenNothingIsNew() throws {
        Touchlog.call(["ingest", "--db", db, login])
        let again = Touchlog.call(["ingest", "--db", db, login])
        #expect(again.status == 0)
        #expect(
            again.stderr.contains(
                "session \"5C1E2F0A-login\" already stored with the same content, nothing new (--replace re-ingests it)"
            ))
        #expect(again.stderr.contains("ingest: 0 sessions stored, 1 unchanged, 0 records"))
        let replaced = Touchlog.call(["ingest", "--db", db, "--replace", login])
        #expect(replaced.stderr.contains("session \"5C1E2F0A-login\" replaced (10 records)"))
    }

    @Test func readsStandardInput() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: login))
        let result = try Touchlog.run(["ingest", "--db", db, "-"], stdin: data)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("<stdin>: session \"5C1E2F0A-login\" stored (10 records)\n"))
    }

    @Test func aFailingFileExitsOneWithEveryError() throws {
        let result = Touchlog.call(["ingest", "--db", db, "--quiet", login, broken])
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                \(broken):3:60: error: the line ends where ',' or '}' was expected
                    hint: the value opened at column 1 is not closed; the line may have been cut
                \(broken):4:28: error: "set" names view "ghost", which does not exist at this point
                    hint: the view must appear in the latest snapshot or a later insert, and not be removed since
                \(broken): failed, nothing stored (2 errors); --keep-going stores the valid records and keeps the rejected lines

                """)
        // The good file before it is stored: atomicity is per file.
        let sessions = try TouchlogDatabase(path: db).sessions()
        #expect(sessions.map(\.key) == ["5C1E2F0A-login"])
    }

    @Test func keepGoingStoresTheRestAndExitsZero() throws {
        let result = Touchlog.call(["ingest", "--db", db, "--keep-going", broken])
        #expect(result.status == 0)
        #expect(result.stderr.contains("ingest: 1 session stored, 2 records, 2 rejected"))
        let database = try TouchlogDatabase(path: db)
        #expect(try database.sessions().map(\.status) == [.partial])
        #expect(try database.rejectedLines().map(\.line) == [3, 4])
    }

    @Test func anUnreadableFileFailsWithoutAPosition() throws {
        let missing = folder.path("missing.jsonl")
        let result = Touchlog.call(["ingest", "--db", db, "--quiet", missing, folder.url.path])
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                \(missing): error: cannot read "\(missing)": No such file or directory
                    hint: check the path and its permissions
                \(missing): failed, nothing stored (1 error)
                \(folder.url.path): error: "\(folder.url.path)" is a directory, not a recording
                    hint: ingest the files in it, e.g. `touchlog ingest \(folder.url.path)/*.jsonl`
                \(folder.url.path): failed, nothing stored (1 error)

                """)
    }

    /// An empty file is a problem with the input, reported like any failed file: the others are still stored.
    @Test func anEmptyFileFailsWithExitOneAndTheOthersAreStored() throws {
        let empty = folder.path("empty.jsonl")
        try Data().write(to: URL(fileURLWithPath: empty))
        let result = Touchlog.call(["ingest", "--db", db, "--quiet", empty, login])
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                \(empty): error: no session to store: the file is empty
                    hint: a touchlog/1 recording starts with a session header line such as {"type":"session","format":"touchlog/1","session":"5C1E2F0A"}; check that this is the recording you meant and look at its first line (head -n 1 \(empty))
                \(empty): failed, nothing stored (1 error)

                """)
        #expect(try TouchlogDatabase(path: db).sessions().map(\.key) == ["5C1E2F0A-login"])
    }

    @Test func emptyStandardInputFails() throws {
        let result = try Touchlog.run(["ingest", "--db", db, "-"], stdin: Data())
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                """
                <stdin>: error: no session to store: standard input is empty
                    hint: a touchlog/1 recording starts with a session header line such as {"type":"session","format":"touchlog/1","session":"5C1E2F0A"}; check that this is the recording you meant and check what was piped in
                <stdin>: failed, nothing stored (1 error)
                ingest: 0 sessions stored, 0 records, 0 rejected, 1 of 1 file failed in
                """))
    }

    /// Lines before any header: --keep-going cannot help (there is no session to keep them for), so it is not
    /// suggested, and with it the file fails all the same.
    @Test func aFileWithoutAHeaderFailsWithOrWithoutKeepGoing() throws {
        let headless = folder.path("headless.jsonl")
        let touch = #"{"type":"touch","t":1,"touch":1,"phase":"began","x":1,"y":2,"window":"w1"}"#
        try Data((touch + "\n").utf8).write(to: URL(fileURLWithPath: headless))
        let plain = Touchlog.call(["ingest", "--db", db, "--quiet", headless])
        #expect(plain.status == 1)
        #expect(plain.stderr.hasSuffix("\(headless): failed, nothing stored (1 error)\n"), "\(plain.stderr)")
        let keepGoing = Touchlog.call(["ingest", "--db", db, "--quiet", "--keep-going", headless])
        #expect(keepGoing.status == 1)
        #expect(
            keepGoing.stderr.contains(
                "\(headless): error: no session to store: no line of the file is a valid session header\n"))
        let database = try TouchlogDatabase(path: db)
        #expect(try database.sessions().isEmpty && database.rejectedLines().isEmpty)
    }

    @Test func usageErrorsExitSixtyFour() throws {
        let none = Touchlog.call(["ingest", "--db", db])
        #expect(none.status == 64)
        #expect(none.stderr.hasPrefix("Error: Give at least one FILE to ingest, or - to read standard input.\n"))
        let twice = Touchlog.call(["ingest", "--db", db, "-", "-"])
        #expect(twice.status == 64)
        #expect(twice.stderr.hasPrefix("Error: Standard input (-) can be read only once; give - a single time.\n"))
    }

    @Test func refusesADatabaseFromANewerTouchlogWithExitTwo() throws {
        _ = try TouchlogDatabase(
            path: db, migrations: Migration.all + [Migration(identifier: "9999_next", sql: "CREATE TABLE n (x)")])
        let result = Touchlog.call(["ingest", "--db", db, login])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "touchlog: error: the database \"\(db)\" was written by a newer touchlog (it has migration \"9999_next\", which this version does not know); upgrade touchlog, or use another database with --db\n"
        )
    }

    /// The privacy flags reach the ingest: the database file (closed by then, so its WAL is merged into it) holds
    /// neither the label nor the text a cut last line carried, unless asked.
    @Test(arguments: [[], ["--keep-text"], ["--redact-labels"], ["--keep-text", "--redact-labels"]])
    func privacyFlagsDecideWhatTheDatabaseFileHolds(flags: [String]) throws {
        let file = folder.path("labelled.jsonl")
        let lines = [
            #"{"type":"session","format":"touchlog/1","session":"privacy"}"#,
            #"{"type":"snapshot","t":0,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,393,852],"subviews":[{"id":"cell","class":"UITableViewCell","frame":[0,0,393,44],"accessibilityLabel":"Call Ann Smith"}]}]}"#,
            #"{"type":"key","t":1,"text":"SECRET-hunter2","extra":"#,
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        let result = Touchlog.call(["ingest", "--db", db] + flags + [file])
        #expect(result.status == 0, "\(result.stderr)")
        var bytes = Data()
        for suffix in ["", "-wal", "-journal"] {
            bytes.append(FileManager.default.contents(atPath: db + suffix) ?? Data())
        }
        #expect((bytes.range(of: Data("hunter2".utf8)) != nil) == flags.contains("--keep-text"))
        #expect((bytes.range(of: Data("Ann Smith".utf8)) != nil) == !flags.contains("--redact-labels"))
        let sessions = Touchlog.call(["sessions", "--db", db, "--format", "json"]).stdout
        #expect(sessions.contains(#""textKept":\#(flags.contains("--keep-text"))"#))
        #expect(sessions.contains(#""labelsRedacted":\#(flags.contains("--redact-labels"))"#))
    }

    @Test func usesTheEnvironmentVariableForTheDatabase() throws {
        let result = try Touchlog.run(["ingest", login], environment: ["TOUCHLOG_DB": db])
        #expect(result.status == 0)
        #expect(try TouchlogDatabase(path: db).sessions().count == 1)
    }
}

@Suite struct IngestSummaryTests {
    @Test func theSummaryLineSaysWhatWasStoredAndWhatWasOdd() {
        var summary = IngestSummary()
        (summary.files, summary.failedFiles, summary.stored, summary.unchanged) = (3, 1, 2, 1)
        (summary.records, summary.rejected, summary.unknown, summary.truncated) = (300, 2, 1, 1)
        #expect(
            summary.line(seconds: 0.5)
                == "ingest: 2 sessions stored, 1 unchanged, 300 records, 2 rejected, 1 truncated, "
                + "1 of an unknown type (kept), 1 of 3 files failed in 0.50 s (600 records/s)")
    }

    @Test func aQuietRunSaysOnlyWhatHappened() {
        var summary = IngestSummary()
        (summary.files, summary.stored, summary.records) = (1, 1, 30)
        #expect(summary.line(seconds: 0) == "ingest: 1 session stored, 30 records, 0 rejected in 0.00 s (30 records/s)")
    }
}
