import Foundation
import Testing
import TouchlogStore

@testable import TouchlogCLI

/// `touchlog report` through the binary over ingested sample logs: exit codes with --fail-on, --rule, a baseline
/// round trip; its flags are validated; --list-rules generates docs/rules.md.
@Suite struct ReportCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.path("t.sqlite") }

    @Test func helpIsPinned() throws {
        try expectGolden(TouchlogCommand.helpMessage(for: ReportCommand.self, columns: 100), "help-report.txt")
    }

    /// Ingests sample logs (by file name) into the test database.
    func ingest(_ names: [String]) throws {
        let paths = names.map { Touchlog.packageRoot.appendingPathComponent("sample-logs/\($0)").path }
        let result = try Touchlog.run(["ingest", "--db", db] + paths)
        try #require(result.status == 0, "\(result.stderr)")
    }

    /// The problems of a JSON report: (rule, severity, signature).
    func problems(_ stdout: String) throws -> [(rule: String, severity: String, signature: String)] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        let list = try #require(json["problems"] as? [[String: Any]])
        return list.map {
            ($0["rule"] as? String ?? "", $0["severity"] as? String ?? "", $0["signature"] as? String ?? "")
        }
    }

    @Test func samplesWithOnlyWarningsFailOnlyOnWarning() throws {
        // 01: the background taps that leave the keyboard up; 10: taps on a disabled button. Both warnings.
        try ingest(["01-login-background-tap.jsonl", "10-disabled-continue-button.jsonl"])
        let plain = try Touchlog.run(["report", "--db", db, "--format", "json"])
        #expect(plain.status == 0)
        let found = try problems(plain.stdout)
        #expect(found.map(\.rule).sorted() == ["blocked_tap", "tap_failed_to_dismiss"])
        #expect(found.allSatisfy { $0.severity == "warning" })
        #expect(try Touchlog.run(["report", "--db", db, "--fail-on", "error"]).status == 0)
        let failing = try Touchlog.run(["report", "--db", db, "--fail-on", "warning"])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("tap_failed_to_dismiss"))
    }

    @Test func anErrorFailsOnErrorAndTheRuleFilterKeepsOnlyItsRule() throws {
        // 03: keys typed into a hidden promo-code field (error), and a tap that did not dismiss (warning).
        try ingest(["03-hidden-promo-field-keeps-typing.jsonl", "10-disabled-continue-button.jsonl"])
        #expect(try Touchlog.run(["report", "--db", db, "--fail-on", "error"]).status == 1)
        let filtered = try Touchlog.run(["report", "--db", db, "--rule", "blocked_tap", "--format", "json"])
        #expect(filtered.status == 0)
        #expect(try problems(filtered.stdout).map(\.signature) == ["blocked_tap|UIButton#signup.continue"])
        let hidden = try Touchlog.run([
            "report", "--db", db, "--rule", "hidden_first_responder", "--fail-on", "error", "--format", "json",
        ])
        #expect(hidden.status == 1)
        #expect(try problems(hidden.stdout).map(\.rule) == ["hidden_first_responder"])
    }

    @Test func aBaselineHidesKnownProblemsAndLetsNewOnesThrough() throws {
        try ingest(["01-login-background-tap.jsonl"])
        let baseline = folder.path("known.json")
        let written = try Touchlog.run(["report", "--db", db, "--write-baseline", baseline])
        #expect(written.status == 0)
        let file = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(file.contains("tap_failed_to_dismiss|UITextField#login.email|UIView#login.root"))
        let known = try Touchlog.run(["report", "--db", db, "--baseline", baseline, "--fail-on", "warning"])
        #expect(known.status == 0, "\(known.stdout)")
        // A new session with a new problem: only that one shows and fails the gate.
        try ingest(["09-transparent-toast-blocks-add-to-bag.jsonl"])
        let next = try Touchlog.run([
            "report", "--db", db, "--baseline", baseline, "--fail-on", "error", "--format", "json",
        ])
        #expect(next.status == 1)
        #expect(try problems(next.stdout).map(\.rule) == ["blocked_tap"])
    }

    @Test func listRulesMarkdownIsDocsRulesMD() throws {
        let result = try Touchlog.run(["report", "--list-rules", "--format", "markdown"])
        #expect(result.status == 0)
        let docs = try String(contentsOf: Touchlog.packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(result.stdout == docs)
    }

    @Test func listRulesJSONIsVersioned() throws {
        let result = try Touchlog.run(["report", "--list-rules", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\n  \"version\": 1,\n  \"rules\": "))
    }

    @Test(arguments: [
        (
            ["--baseline", "a.json", "--write-baseline", "b.json"],
            "Use just one of --baseline or --write-baseline: write a baseline from the full report, then read it in later runs."
        ),
        (
            ["--since", "last week"],
            "--since \"last week\" is not a date; use an ISO 8601 date or time such as 2026-11-19 or 2026-11-19T12:00:00Z."
        ),
        (["--list-rules", "--format", "sarif"], "--list-rules prints text, json or markdown, not \"sarif\"."),
        (["--list-rules", "--app-version", "1.0"], "--list-rules takes only --format; drop the report options."),
        (
            ["--fail-on", "info"],
            "The value 'info' is invalid for '--fail-on <severity>'. Please provide one of 'warning' and 'error'."
        ),
    ])
    func invalidArgumentsExit64WithAMessage(arguments: [String], message: String) throws {
        let result = try Touchlog.run(["report", "--db", db] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
    }

    @Test func colourFollowsTheTerminalAndNoColor() {
        // Tests run with stdout redirected: never colour.
        #expect(ReportCommand.useColor == false)
    }
}
