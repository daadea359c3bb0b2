import Foundation
import Testing
import TouchlogFormat
import TouchlogStore

@Suite struct SessionsAndShowTests {
    let folder = TemporaryFolder()
    var db: String { folder.path("t.sqlite") }

    /// Ingests the login fixture; ``call(_:)`` leaves the fixtures' folder out of what it prints, as the binary run
    /// there on the file's relative path would, so outputs hold no temporary paths.
    func ingestLogin() throws {
        let result = call(["ingest", "--db", db, Touchlog.fixtures.appendingPathComponent("login-form.jsonl").path])
        #expect(result.status == 0)
    }

    /// Runs touchlog in this process, with the fixtures' folder left out of its output.
    func call(_ arguments: [String]) -> Touchlog.Result {
        let result = Touchlog.call(arguments)
        func strip(_ text: String) -> String { text.replacingOccurrences(of: Touchlog.fixtures.path + "/", with: "") }
        return Touchlog.Result(status: result.status, stdout: strip(result.stdout), stderr: strip(result.stderr))
    }

    @Test func listsSessionsAsText() throws {
        try ingestLogin()
        let result = call(["sessions", "--db", db])
        #expect(result.status == 0)
        try expectGolden(result.stdout, "sessions.txt")
    }

    @Test func listsSessionsAsStableJSON() throws {
        try ingestLogin()
        let result = call(["sessions", "--db", db, "--format", "json"])
        #expect(result.status == 0)
        // ingestedAt is the only volatile member.
        var value = try JSONReader.parse(result.stdout.trimmingCharacters(in: .newlines))
        guard case .array(var sessions) = value, case .object(var first) = sessions.first else {
            Issue.record("expected an array of objects")
            return
        }
        #expect(first["ingestedAt"]?.stringValue?.hasPrefix("20") == true)
        first["ingestedAt"] = "<ingestedAt>"
        sessions[0] = .object(first)
        value = .array(sessions)
        try expectGolden(value.serialized() + "\n", "sessions.json")
    }

    @Test func aMissingDatabaseIsNotCreatedByReadingCommands() throws {
        for arguments in [["sessions"], ["show", "x"]] {
            let result = call(arguments + ["--db", db])
            #expect(result.status == 2)
            #expect(
                result.stderr
                    == "touchlog: error: there is no database at \"\(db)\"; ingest a recording first (`touchlog ingest FILE`) or point --db or TOUCHLOG_DB at an existing database\n"
            )
        }
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func anEmptyDatabaseSaysHowToAddSessions() throws {
        _ = try TouchlogDatabase(path: db)
        let result = call(["sessions", "--db", db])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "no sessions stored in \(db); add some with `touchlog ingest FILE`\n")
        // With a filter too: the store is what is empty.
        let filtered = call(["sessions", "--db", db, "--app-version", "nope"])
        #expect(filtered.stderr == result.stderr)
    }

    /// A filter that matches nothing is not an empty database: say so, and name the filter.
    @Test func aFilterThatMatchesNoneOfTheStoredSessionsSaysSo() throws {
        try ingestLogin()
        let one = call(["sessions", "--db", db, "--app-version", "nope"])
        #expect(one.status == 0)
        #expect(one.stdout.isEmpty)
        #expect(
            one.stderr
                == "the only session stored in \(db) does not match --app-version \"nope\"; `touchlog sessions` without it lists every session with its app version\n"
        )
        let other = folder.path("other.jsonl")
        let text = try String(
            contentsOf: Touchlog.fixtures.appendingPathComponent("login-form.jsonl"), encoding: .utf8)
        try Data(text.replacingOccurrences(of: "5C1E2F0A-login", with: "5C1E2F0A-other").utf8).write(
            to: URL(fileURLWithPath: other))
        #expect(call(["ingest", "--db", db, other]).status == 0)
        let two = call(["sessions", "--db", db, "--app-version", "nope"])
        #expect(
            two.stderr
                == "none of the 2 sessions stored in \(db) matches --app-version \"nope\"; `touchlog sessions` without it lists every session with its app version\n"
        )
    }

    @Test func showsTheFirstSnapshotByPrefix() throws {
        try ingestLogin()
        let result = call(["show", "--db", db, "5C1E"])
        #expect(result.status == 0)
        try expectGolden(result.stdout, "show-first.txt")
    }

    @Test func showsTheSnapshotInForceAtATime() throws {
        try ingestLogin()
        let result = call(["show", "--db", db, "5C1E2F0A-login", "--at", "2.5", "--format", "json"])
        #expect(result.status == 0)
        var value = try JSONReader.parse(result.stdout.trimmingCharacters(in: .newlines))
        guard case .object(var object) = value, case .object(var session)? = object["session"] else {
            Issue.record("expected an object")
            return
        }
        session["ingestedAt"] = "<ingestedAt>"
        object["session"] = .object(session)
        value = .object(object)
        try expectGolden(value.serialized() + "\n", "show-at.json")
    }

    @Test func anUnknownSessionIsADataErrorExitTwoAsInEveryCommand() throws {
        try ingestLogin()
        let missing = call(["show", "--db", db, "nope"])
        #expect(missing.status == 2)
        #expect(
            missing.stderr
                == "touchlog: error: no session matches \"nope\"; run `touchlog sessions` to list the stored sessions\n"
        )
        let early = call(["show", "--db", db, "5C1E", "--at", "-1"])
        #expect(early.status == 64)
    }
}
