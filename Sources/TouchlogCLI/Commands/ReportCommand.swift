import ArgumentParser
import Foundation
import TouchlogReport
import TouchlogStore

/// `touchlog report`: runs the rules over stored sessions, groups the findings into problems and prints them.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Find touch, first-responder and keyboard problems in stored sessions, grouped across sessions.",
        discussion: """
            Runs every rule (or those named with --rule) over every stored session (or those selected by \
            --session, --app-version and --since). Findings that are the same problem (same rule, same views by \
            class and accessibility identifier or label) are grouped: how many sessions, first and last seen, \
            app versions and devices. Problems are ordered by severity, then by sessions affected. \
            `touchlog report --list-rules` lists the rules; docs/rules.md describes them with examples.

            Formats: text (default; colour on a terminal unless NO_COLOR is set), json (stable, version 1, \
            described in docs/report.md), markdown (for an issue tracker), junit (one test suite per rule, one \
            test case per problem; failures at or above --fail-on, else warning), sarif (2.1.0), html (one \
            self-contained page with a picture of the screen per problem).

            In CI: `touchlog report --write-baseline known.json` once, then \
            `touchlog report --baseline known.json --fail-on error --format junit` reports only new problems \
            and fails when one is an error.

            A session the model cannot replay (no snapshot, say) is judged by no rule: every format names it \
            with the reason under "not analysed", and so does a warning on standard error. A report that \
            analysed no session (nothing stored, or --session, --app-version or --since matched none) says so, \
            naming the filter, instead of "No problems found".

            Exit status: 0 the report was printed (also when problems remain, a session was not analysed or \
            none was, without --fail-on); 1 with --fail-on: a problem at or above it remains, a session could \
            not be analysed, or no session was analysed; 2 the database or the baseline file could not be read \
            (or the baseline written), or a --session matches no stored session or several; 64 invalid \
            arguments.

            Examples:
              touchlog report
              touchlog report --app-version 5.2.0 --min-severity warning --format markdown
              touchlog report --format html > report.html
              touchlog report --baseline known.json --fail-on error --format sarif > touchlog.sarif
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Output format.")
    var format: ReportFormat = .text

    @Option(
        name: .customLong("session"),
        help: ArgumentHelp("Only this session (an id or a unique prefix; repeat for several).", valueName: "session"),
        completion: Completion.sessionIDs)
    var sessions: [String] = []

    @Option(help: ArgumentHelp("Only sessions recorded with this app version.", valueName: "version"))
    var appVersion: String?

    @Option(help: ArgumentHelp("Only sessions started on or after this ISO 8601 date or time.", valueName: "date"))
    var since: String?

    @Option(
        name: .customLong("rule"),
        help: ArgumentHelp("Only this rule (an identifier from --list-rules; repeat for several).", valueName: "rule"),
        completion: Completion.ruleIDs)
    var rules: [String] = []

    @Option(help: ArgumentHelp("Only findings at or above this severity.", valueName: "severity"))
    var minSeverity: Severity = .info

    @Option(
        help: ArgumentHelp("Hide the problems listed in this baseline file.", valueName: "file"), completion: .file())
    var baseline: String?

    @Option(
        help: ArgumentHelp("Write every problem of this report to a baseline file.", valueName: "file"),
        completion: .file())
    var writeBaseline: String?

    @Option(
        help: ArgumentHelp(
            "Exit with status 1 when a problem at or above this severity remains, a session was not analysed, or none was.",
            valueName: "severity"))
    var failOn: FailOnSeverity?

    @Flag(help: "List the rules (with --format text, json or markdown) instead of reporting.")
    var listRules = false

    func validate() throws {
        if baseline != nil, writeBaseline != nil {
            throw ValidationError(
                "Use just one of --baseline or --write-baseline: write a baseline from the full report, then read it in later runs."
            )
        }
        if listRules {
            guard [.text, .json, .markdown].contains(format) else {
                throw ValidationError("--list-rules prints text, json or markdown, not \"\(format.rawValue)\".")
            }
            let filters =
                !sessions.isEmpty || appVersion != nil || since != nil || !rules.isEmpty || baseline != nil
                || writeBaseline != nil || failOn != nil || minSeverity != .info
            if filters { throw ValidationError("--list-rules takes only --format; drop the report options.") }
        }
        if let since, let problem = ReportFilter.problem(withSince: since) { throw ValidationError(problem + ".") }
        let known = RuleRegistry.descriptions.map(\.identifier)
        if !known.isEmpty, let unknown = rules.first(where: { !known.contains($0) }) {
            throw ValidationError(ReportError.unknownRule(unknown, known: known).description + ".")
        }
    }

    func run() throws {
        if listRules {
            let descriptions = RuleRegistry.descriptions
            switch format {
            case .json: print(RulesDocument.json(descriptions), terminator: "")
            case .markdown: print(RulesDocument.markdown(descriptions), terminator: "")
            default:
                print(RulesDocument.text(descriptions), terminator: "")
            }
            return
        }
        try reportingErrors {
            do {
                try report()
            } catch let error as ReportError {
                if case .unknownRule = error { throw ValidationError(error.description + ".") }
                throw CLIError(error.description, exit: .database)
            }
        }
    }

    private func report() throws {
        let store = try database.open(for: .reading)
        let filter = ReportFilter(
            sessions: sessions, appVersion: appVersion, since: since, rules: rules, minSeverity: minSeverity)
        let run = ReportRun(
            filter: filter, baselinePath: baseline, writeBaselinePath: writeBaseline, failOn: failOn?.severity,
            toolVersion: TouchlogCommand.version)
        let outcome = try run.run(database: store, detail: .forFormat(format))
        // The report names these too; standard error says it again for a CI log whose report went to a file.
        for skipped in outcome.report.unanalysed {
            StandardError.write("touchlog: warning: not analysed: \(skipped.message)\n")
        }
        if let nothing = outcome.report.nothingAnalysed {
            StandardError.write("touchlog: warning: \(nothing)\n")
        }
        if let written = outcome.baselineWritten, let writeBaseline {
            StandardError.write(
                "wrote \(written) problem\(written == 1 ? "" : "s") to the baseline \"\(writeBaseline)\"\n")
        }
        print(format.render(outcome.report, options: FormatOptions(color: Self.useColor)), terminator: "")
        if outcome.report.exitStatus != 0 { throw ExitCode(outcome.report.exitStatus) }
    }

    /// Colour only on a terminal, and never when NO_COLOR is set (no-color.org) or TERM is dumb.
    static var useColor: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(1) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}

/// `--fail-on`: only the severities worth failing a build for.
enum FailOnSeverity: String, ExpressibleByArgument, CaseIterable {
    case warning
    case error

    var severity: Severity { self == .warning ? .warning : .error }
}

extension ReportFormat: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}
