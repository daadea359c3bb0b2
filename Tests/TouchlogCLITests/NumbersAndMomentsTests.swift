import Foundation
import Testing

/// A negative number given to an option gets the option's own message, not "Missing value"; a moment past the
/// session's end is refused, naming where it ends (issue 27, item 17).
@Suite struct NumbersAndMomentsTests {
    let folder = TemporaryFolder()
    var db: String { folder.path("t.sqlite") }
    let login = Touchlog.fixtures.appendingPathComponent("login-form.jsonl").path

    @Test(arguments: [
        (["sessions", "--limit", "-1"], "--limit must be 1 or more (got -1)"),
        (["prune", "--keep", "-5"], "--keep must be 0 or more (got -5)"),
        (["show", "5C1E", "--at", "-1"], "--at must be a time in seconds, 0 or more (got -1.0)"),
        (
            ["explain", "5C1E", "--at", "-1", "--point", "10,10"],
            "--at must be a time in seconds, 0 or more (got -1.0)"
        ),
    ])
    func aNegativeNumberGetsTheOptionsOwnMessage(arguments: [String], message: String) throws {
        let result = try Touchlog.run(arguments + ["--db", db])
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("Missing value"))
    }

    @Test func explainPastTheSessionsEndSaysWhereItEnds() throws {
        #expect(try Touchlog.run(["ingest", "--db", db, login]).status == 0)
        let result = try Touchlog.run(["explain", "--db", db, "5C1E", "--at", "999", "--point", "10,10"])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "touchlog: error: session \"5C1E2F0A-login\" ends at t="), "\(result.stderr)")
        #expect(result.stderr.contains("--at 999 is past its end, where nothing was recorded"))
        let within = try Touchlog.run(["explain", "--db", db, "5C1E", "--at", "1", "--point", "10,10"])
        #expect(within.status == 0, "\(within.stderr)")
    }
}
