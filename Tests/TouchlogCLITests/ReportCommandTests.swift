import Foundation
import Testing
import TouchlogFormat
import TouchlogReport
import TouchlogStore

@testable import TouchlogCLI

/// `touchlog report` over ingested sample logs, in this process: exit codes with --fail-on, --rule, a baseline
/// round trip; its flags are validated; --list-rules generates docs/rules.md. The CI formats and the width of a
/// terminal also through the binary.
@Suite struct ReportCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.path("t.sqlite") }

    @Test func helpIsPinned() throws {
        try expectGolden(TouchlogCommand.helpMessage(for: ReportCommand.self, columns: 100), "help-report.txt")
    }

    /// Ingests sample logs (by file name) into the test database.
    func ingest(_ names: [String]) throws {
        let paths = names.map { Touchlog.packageRoot.appendingPathComponent("sample-logs/\($0)").path }
        let result = Touchlog.call(["ingest", "--db", db] + paths)
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
        let plain = Touchlog.call(["report", "--db", db, "--format", "json"])
        #expect(plain.status == 0)
        let found = try problems(plain.stdout)
        #expect(found.map(\.rule).sorted() == ["blocked_tap", "tap_failed_to_dismiss"])
        #expect(found.allSatisfy { $0.severity == "warning" })
        #expect(Touchlog.call(["report", "--db", db, "--fail-on", "error"]).status == 0)
        let failing = Touchlog.call(["report", "--db", db, "--fail-on", "warning"])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("tap_failed_to_dismiss"))
    }

    /// `--replay-pages DIR` writes a page per session with a finding and links the HTML report to them;
    /// `--attachments DIR` writes a picture and a Markdown file per problem; both say so on standard error.
    @Test func replayPagesAndAttachmentsAreWrittenIntoTheirFolders() throws {
        try ingest(["03-hidden-promo-field-keeps-typing.jsonl", "10-disabled-continue-button.jsonl"])
        let pages = folder.path("pages")
        let linked = Touchlog.call(["report", "--db", db, "--format", "html", "--replay-pages", pages])
        #expect(linked.status == 0 && linked.stderr.contains("wrote 2 replay pages to \"\(pages)\""))
        let files = try FileManager.default.contentsOfDirectory(atPath: pages).sorted()
        #expect(
            files == [
                "replay-4C7D1E92-B05A-4F3E-8C61-2A9F7E0D5B48.html", "replay-E7A21C94-3D5F-4B08-9A61-0C2F8E4D7B3A.html",
            ])
        #expect(linked.stdout.contains("href=\"replay-E7A21C94-3D5F-4B08-9A61-0C2F8E4D7B3A.html#t=6.145\""))
        let json = Touchlog.call(["report", "--db", db, "--format", "json"])
        let fingerprints = try problems(json.stdout).map(\.signature).map { Signature.fingerprint($0) }
        let bugs = folder.path("bugs")
        let attached = Touchlog.call(["report", "--db", db, "--attachments", bugs])
        #expect(attached.status == 0)
        #expect(
            attached.stderr.contains("wrote \(2 * fingerprints.count) attachments for \(fingerprints.count) problems"))
        let written = try FileManager.default.contentsOfDirectory(atPath: bugs).sorted()
        #expect(written == fingerprints.flatMap { ["\($0).md", "\($0).svg"] }.sorted())
        let refused = Touchlog.call(["report", "--db", db, "--replay-pages", pages])
        #expect(refused.status == 64 && refused.stderr.contains("add --format html"))
    }

    @Test func anErrorFailsOnErrorAndTheRuleFilterKeepsOnlyItsRule() throws {
        // 03: keys typed into a hidden promo-code field (error), and a tap that did not dismiss (warning).
        try ingest(["03-hidden-promo-field-keeps-typing.jsonl", "10-disabled-continue-button.jsonl"])
        #expect(Touchlog.call(["report", "--db", db, "--fail-on", "error"]).status == 1)
        let filtered = Touchlog.call(["report", "--db", db, "--rule", "blocked_tap", "--format", "json"])
        #expect(filtered.status == 0)
        #expect(try problems(filtered.stdout).map(\.signature) == ["blocked_tap|UIButton#signup.continue"])
        let hidden = Touchlog.call([
            "report", "--db", db, "--rule", "hidden_first_responder", "--fail-on", "error", "--format", "json",
        ])
        #expect(hidden.status == 1)
        #expect(try problems(hidden.stdout).map(\.rule) == ["hidden_first_responder"])
    }

    @Test func aBaselineHidesKnownProblemsAndLetsNewOnesThrough() throws {
        try ingest(["01-login-background-tap.jsonl"])
        let baseline = folder.path("known.json")
        let written = Touchlog.call(["report", "--db", db, "--write-baseline", baseline])
        #expect(written.status == 0)
        let file = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(file.contains("tap_failed_to_dismiss|UITextField#login.email|UIView#login.root"))
        let known = Touchlog.call(["report", "--db", db, "--baseline", baseline, "--fail-on", "warning"])
        #expect(known.status == 0, "\(known.stdout)")
        // A new session with a new problem: only that one shows and fails the gate.
        try ingest(["09-transparent-toast-blocks-add-to-bag.jsonl"])
        let next = Touchlog.call([
            "report", "--db", db, "--baseline", baseline, "--fail-on", "error", "--format", "json",
        ])
        #expect(next.status == 1)
        #expect(try problems(next.stdout).map(\.rule) == ["blocked_tap"])
    }

    /// Writes a recording that holds only its header: it ingests, but replay has no hierarchy to run it on.
    func ingestHeaderOnly() throws -> String {
        let path = folder.path("header-only.jsonl")
        let header =
            #"{"type":"session","format":"touchlog/1","session":"HDR-ONLY","startedAt":"2026-11-21T10:00:00.000Z"}"#
        try Data((header + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let result = Touchlog.call(["ingest", "--db", db, path])
        try #require(result.status == 0, "\(result.stderr)")
        return path
    }

    /// A session no rule could judge is named with the reason in the report and on standard error, is not
    /// counted as analysed, and fails --fail-on at any threshold (sample 01 holds warnings only).
    @Test func aSessionThatCannotBeReplayedIsNamedAndFailsTheGate() throws {
        try ingest(["01-login-background-tap.jsonl"])
        let path = try ingestHeaderOnly()
        let plain = Touchlog.call(["report", "--db", db])
        #expect(plain.status == 0)
        #expect(
            plain.stdout.hasPrefix(
                "touchlog report: 1 session analysed with 13 rules, 1 problem (1 finding); 1 session not analysed\n"))
        #expect(plain.stdout.contains("\nnot analysed no_snapshot  HDR-ONLY\n  session \"HDR-ONLY\" has no snapshot"))
        #expect(plain.stdout.contains("  recording: \(path):1\n"))
        #expect(plain.stderr.hasPrefix("touchlog: warning: not analysed: session \"HDR-ONLY\" has no snapshot"))
        let gate = Touchlog.call(["report", "--db", db, "--fail-on", "error", "--format", "json"])
        #expect(gate.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(gate.stdout.utf8)) as? [String: Any])
        let unanalysed = try #require(json["unanalysed"] as? [[String: Any]])
        #expect(unanalysed.map { $0["kind"] as? String } == ["no_snapshot"])
        #expect((json["summary"] as? [String: Any])?["sessions"] as? Int == 1)
        #expect(json["exitStatus"] as? Int == 1)
        let junit = Touchlog.call(["report", "--db", db, "--format", "junit"])
        #expect(junit.stdout.contains(#"<testcase classname="touchlog.not_analysed" name="HDR-ONLY" time="0">"#))
    }

    /// A filter that matches none of the stored sessions, and an empty store: the report says that nothing was
    /// analysed and why, not "No problems found", and --fail-on fails.
    @Test func aReportOverNothingSaysSoAndFailsTheGate() throws {
        try ingest(["01-login-background-tap.jsonl"])
        let filtered = Touchlog.call(["report", "--db", db, "--app-version", "9.9.9"])
        #expect(filtered.status == 0)
        let sentence =
            #"No session was analysed: --app-version "9.9.9" did not match the only stored session. touchlog sessions lists what is stored."#
        #expect(
            filtered.stdout
                == "touchlog report: 0 sessions analysed with 13 rules, 0 problems (0 findings)\n\n\(sentence)\n")
        #expect(filtered.stderr == "touchlog: warning: \(sentence)\n")
        for threshold in ["warning", "error"] {
            let gate = Touchlog.call(["report", "--db", db, "--app-version", "9.9.9", "--fail-on", threshold])
            #expect(gate.status == 1)
            #expect(gate.stdout.hasSuffix("That fails --fail-on \(threshold).\n"))
        }
        let empty = folder.path("empty.sqlite")
        _ = try TouchlogDatabase(path: empty)
        let nothing = Touchlog.call(["report", "--db", empty, "--fail-on", "error", "--format", "sarif"])
        #expect(nothing.status == 1)
        #expect(nothing.stdout.contains(#""id": "nothing_analysed""#))
        #expect(nothing.stderr.contains("no session is stored"))
    }

    /// What to do when the baseline cannot be written: not the same command again.
    @Test func aBaselineThatCannotBeWrittenSaysWhatToDoInstead() throws {
        try ingest(["01-login-background-tap.jsonl"])
        let missing = folder.path("no-such-folder")
        let result = Touchlog.call(["report", "--db", db, "--write-baseline", missing + "/known.json"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "touchlog: error: cannot write the baseline \"\(missing)/known.json\": the folder \"\(missing)\" does not exist, so nothing was written; create it first (mkdir -p \"\(missing)\") or give --write-baseline a file in a folder that exists\n"
        )
        let folderPath = Touchlog.call(["report", "--db", db, "--write-baseline", folder.url.path])
        #expect(folderPath.status == 2)
        #expect(
            folderPath.stderr.hasSuffix(
                "it is a folder, so nothing was written; give --write-baseline a file, such as --write-baseline \"\(folder.url.path)/touchlog-baseline.json\"\n"
            ))
    }

    @Test func listRulesMarkdownIsDocsRulesMD() throws {
        let result = Touchlog.call(["report", "--list-rules", "--format", "markdown"])
        #expect(result.status == 0)
        let docs = try String(contentsOf: Touchlog.packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(result.stdout == docs)
    }

    @Test func listRulesJSONIsVersioned() throws {
        let result = Touchlog.call(["report", "--list-rules", "--format", "json"])
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
            "--since: \"last week\" is not a date; use YYYY-MM-DD (midnight UTC) or an ISO 8601 time with a zone, such as 2026-11-19T12:00:00Z."
        ),
        (["--list-rules", "--format", "sarif"], "--list-rules prints text, json or markdown, not \"sarif\"."),
        (["--list-rules", "--format", "gitlab"], "--list-rules prints text, json or markdown, not \"gitlab\"."),
        (["--list-rules", "--app-version", "1.0"], "--list-rules takes only --format; drop the report options."),
        (
            ["--fail-on", "info"],
            "The value 'info' is invalid for '--fail-on <severity>'. Please provide one of 'warning' and 'error'."
        ),
    ])
    func invalidArgumentsExit64WithAMessage(arguments: [String], message: String) throws {
        // Refused as the arguments are parsed: in this process, as the binary would.
        let result = Touchlog.call(["report", "--db", db] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
    }

    /// The formats for CI over sample 03 (keys typed into a hidden field, records 17-21; a tap that did not dismiss
    /// the keyboard, record 22); the last through the binary, whose exit status CI reads.
    @Test func ciFormatsThroughTheBinary() throws {
        try ingest(["03-hidden-promo-field-keeps-typing.jsonl"])
        // Ingested by its absolute path; printed relative to the base, as CI services resolve it.
        let path = "sample-logs/03-hidden-promo-field-keeps-typing.jsonl"
        let base = ["--base-path", Touchlog.packageRoot.path]
        let github = Touchlog.call(["report", "--db", db, "--format", "github"] + base)
        #expect(github.status == 0)
        #expect(
            github.stdout.contains(
                "\n::error file=\(path),line=17,endLine=21,title=hidden_first_responder%3A UITextField \"Promo code\" #checkout.promoCode::UITextField \"Promo code\" stayed first responder"
            ))
        #expect(github.stdout.contains("\n::warning file=\(path),line=22,title=tap_failed_to_dismiss%3A "))
        let xcode = Touchlog.call(["report", "--db", db, "--format", "xcode"] + base)
        #expect(xcode.stdout.hasPrefix("\(path):17:1: error: UITextField \"Promo code\" stayed first responder"))
        #expect(xcode.stdout.contains("[hidden_first_responder; 1 finding in 1 session]\n\(path):22:1: warning: "))
        let gitlab = Touchlog.call(["report", "--db", db, "--format", "gitlab"])
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(gitlab.stdout.utf8)) as? [[String: Any]])
        #expect(issues.map { $0["check_name"] as? String } == ["hidden_first_responder", "tap_failed_to_dismiss"])
        #expect(issues.map { $0["severity"] as? String } == ["critical", "major"])
        let summary = try Touchlog.run(["report", "--db", db, "--format", "summary", "--fail-on", "error"])
        #expect(summary.status == 1)
        #expect(
            summary.stdout
                == """
                error   hidden_first_responder  UITextField "Promo code" #checkout.promoCode: 1 finding in 1 session
                warning tap_failed_to_dismiss  UITextField "Promo code" #checkout.promoCode: 1 finding in 1 session
                touchlog report: 2 problems (1 error, 1 warning, 0 info), 2 findings, 1 session analysed; fails --fail-on error

                """)
    }

    /// Standard output is a file here: without COLUMNS the report keeps whole lines, with it (issue 27, item 6:
    /// "COLUMNS when not a terminal") it fits them.
    @Test func offATerminalTheTextReportWrapsOnlyToColumns() throws {
        try ingest(["03-hidden-promo-field-keeps-typing.jsonl"])
        let whole = try Touchlog.run(["report", "--db", db])
        #expect(whole.stdout == (Touchlog.call(["report", "--db", db])).stdout)
        #expect(whole.stdout.split(separator: "\n").contains { $0.count > 100 })
        let narrow = try Touchlog.run(["report", "--db", db], environment: ["COLUMNS": "60"])
        #expect(narrow.stdout != whole.stdout)
        // A line over 60 columns is one word that cannot be broken (a path with its line).
        #expect(
            narrow.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 || !$0.drop { $0 == " " }.contains(" ") },
            "\(narrow.stdout)")
    }

    @Test func theWidthIsColumnsThenTheTerminalsThen80AndNoneOffATerminalWithoutColumns() {
        #expect(TerminalWidth.width(isTerminal: false, environment: ["COLUMNS": "100"]) { 120 } == 100)
        #expect(TerminalWidth.width(isTerminal: false, environment: [:]) { 120 } == nil)
        #expect(TerminalWidth.width(isTerminal: false, environment: ["COLUMNS": "0"]) { 120 } == nil)
        #expect(TerminalWidth.width(isTerminal: true, environment: ["COLUMNS": "100"]) { 120 } == 100)
        #expect(TerminalWidth.width(isTerminal: true, environment: [:]) { 120 } == 120)
        #expect(TerminalWidth.width(isTerminal: true, environment: ["COLUMNS": "wide"]) { 120 } == 120)
        #expect(TerminalWidth.width(isTerminal: true, environment: ["COLUMNS": "0"]) { nil } == 80)
    }

    @Test func colourFollowsTheTerminalAndNoColor() {
        // Tests run with stdout redirected: never colour.
        #expect(ReportCommand.useColor == false)
    }
}

/// The report says when a session it analysed was partial (issue 27, "what they missed most"): cut short by a crash,
/// or ingested with `--keep-going` setting lines aside. The rules judged only what was stored, so every format a
/// person or a dashboard reads names the session and what is missing.
@Suite struct PartialSessionReportTests {
    let folder = TemporaryFolder()
    var db: String { folder.path("t.sqlite") }
    static let truncated = "1D6F4A8C-E39B-4B07-A2C5-7E0D3F91B6A4"
    static let withRejectedLine = "4C7D1E92-B05A-4F3E-8C61-2A9F7E0D5B48"

    /// Sample 13, cut by a crash; sample 10 with a line validation refuses, ingested with --keep-going.
    init() throws {
        let samples = Touchlog.packageRoot.appendingPathComponent("sample-logs")
        var lines = try String(
            contentsOf: samples.appendingPathComponent("10-disabled-continue-button.jsonl"), encoding: .utf8
        ).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert(#"{"type":"touch","t":"soon"}"#, at: 2)
        let broken = folder.path("10-with-a-bad-line.jsonl")
        try lines.joined(separator: "\n").write(toFile: broken, atomically: true, encoding: .utf8)
        let crashed = samples.appendingPathComponent("13-crash-in-apply-filters-truncated.jsonl").path
        #expect(Touchlog.call(["ingest", "--db", db, crashed]).status == 0)
        let kept = Touchlog.call(["ingest", "--db", db, "--keep-going", broken])
        try #require(kept.status == 0 || kept.status == 1, "\(kept.stderr)")
    }

    func report(_ format: String) -> String { Touchlog.call(["report", "--db", db, "--format", format]).stdout }

    @Test func textAndMarkdownNameEachPartialSession() {
        let text = report("text")
        #expect(text.hasPrefix("touchlog report: 2 sessions analysed with "))
        #expect(text.split(separator: "\n")[0].hasSuffix("; 2 partial recordings"))
        // Text for people shortens long ids where they stay unique (8 characters here: no two stored ids share them).
        func shown(_ id: String) -> String { id.count > 12 ? String(id.prefix(8)) : id }
        #expect(
            text.contains("partial  \(shown(Self.truncated))\n  cut short by a crash (its last line is cut); the rules")
        )
        #expect(
            text.contains(
                "partial  \(shown(Self.withRejectedLine))\n  1 line refused at ingest and set aside; the rules"))
        let markdown = report("markdown")
        #expect(markdown.contains("## Partial recordings"))
        #expect(markdown.contains("| 1 line refused at ingest and set aside |"))
    }

    @Test func htmlJSONAndJUnitNameEachPartialSession() throws {
        let html = report("html")
        #expect(html.contains("<section class=\"unanalysed\" id=\"partial\">"))
        #expect(html.contains("<td>cut short by a crash (its last line is cut)</td>"))
        let json = try JSONReader.parse(report("json"))
        #expect(json["summary"]?["partialSessions"]?.intValue == 2)
        let sessions = json["sessions"]?.arrayValue ?? []
        let crashed = try #require(sessions.first { $0["id"]?.stringValue == Self.truncated })
        #expect(crashed["partial"]?["truncated"] == .bool(true))
        #expect(crashed["partial"]?["linesSetAside"]?.intValue == 0)
        let rejected = try #require(sessions.first { $0["id"]?.stringValue == Self.withRejectedLine })
        #expect(rejected["partial"]?["linesSetAside"]?.intValue == 1)
        let junit = report("junit")
        #expect(junit.contains("partial recording: cut short by a crash (its last line is cut)"))
        #expect(junit.contains("partial recording: 1 line refused at ingest and set aside"))
    }
}
