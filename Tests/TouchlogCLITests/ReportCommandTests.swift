import Foundation
import Testing
import TouchlogStore

@testable import TouchlogCLI

/// `touchlog report` through the binary: until rules are registered it must refuse honestly, never print a
/// clean report; its flags are validated; --list-rules generates docs/rules.md.
@Suite struct ReportCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.path("t.sqlite") }

    @Test func helpIsPinned() throws {
        try expectGolden(TouchlogCommand.helpMessage(for: ReportCommand.self, columns: 100), "help-report.txt")
    }

    @Test func withNoRulesItSaysSoAndPrintsNoReport() throws {
        try #require(
            !ReportCommand.rulesRegistered,
            "rules are registered: this test is replaced by the sample-log report goldens")
        let ingest = try Touchlog.run(["ingest", "--db", db, "login-form.jsonl"], cwd: Touchlog.fixtures)
        #expect(ingest.status == 0)
        for format in ["text", "json", "junit", "sarif", "html", "markdown"] {
            let result = try Touchlog.run(["report", "--db", db, "--format", format, "--fail-on", "error"])
            #expect(result.status == 3)
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr
                    == "touchlog: error: no rules are registered in this build of touchlog, so nothing was checked (the rules arrive with replay); no report was written\n"
            )
        }
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
