import ArgumentParser
import Foundation
import TouchlogFormat
import TouchlogPipeline
import TouchlogReport
import TouchlogStore

/// `touchlog report`: runs the rules over stored sessions, groups the findings into problems and prints them.
struct ReportCommand: FrontendCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Find touch, first-responder and keyboard problems in stored sessions, grouped across sessions.",
        discussion: """
            Runs every rule (or those named with --rule) over every stored session (or those selected by \
            --session, --app-version and --since). Findings that are the same problem (same rule, same views by \
            class and accessibility identifier or label) are grouped: how many sessions, first and last seen, \
            app versions and devices. Problems are ordered by severity, then by sessions affected. --list-rules \
            lists the rules; docs/rules.md describes them with examples.

            Formats (docs/report.md describes each, with CI set-ups):
              text      the default, for a terminal: colour unless NO_COLOR is set,
                        lines fit its width or COLUMNS (whole in a pipe or a file
                        without COLUMNS), session ids shortened where unique
              json      stable, version 1
              markdown  for an issue tracker
              junit     a test case per analysed session, and per problem in a
                        suite per rule (baselined problems skipped)
              sarif     SARIF 2.1.0, for code scanning
              html      one self-contained page, a picture of the screen per problem
              github    GitHub Actions annotations, one per problem, at its recording
              xcode     FILE:LINE:COLUMN: error: lines, for Xcode, editors and CI logs
              gitlab    GitLab Code Quality JSON (artifacts: reports: codequality:)
              summary   one line per problem and a totals line, for logs

            Configuration: the first .touchlog.yml found from the current folder up to the root (or --config \
            FILE; --no-config for none) turns rules off or on (disabled_rules, only_rules), sets a rule's \
            severity and thresholds (a section per rule id), leaves sessions out (excluded: app_versions, devices, \
            sessions) and names a baseline. Options win over the file, the file over the defaults. \
            --print-config prints the configuration in force as YAML, with where each value came from, and exits. \
            A bad file is an error at its line and column (exit 2). See docs/report.md.

            In CI: a baseline once, then only new problems, failing on an error:
              touchlog report --write-baseline known.json
              touchlog report --baseline known.json --fail-on error --format github

            Paths: ingest stores each recording's absolute path beside the path it was given. The xcode, sarif, \
            github and gitlab formats print it relative to --base-path (default: the current folder), absolute \
            when the recording is outside it, so the report resolves wherever it runs; the other formats print \
            the path as given to ingest. --rules-url names where docs/rules.md is published, for SARIF's helpUri.

            A session the model cannot replay (no snapshot, say) is judged by no rule: every format names it \
            with the reason under "not analysed", and so does a warning on standard error. A report that \
            analysed no session (nothing stored, or --session, --app-version or --since matched none) says so, \
            naming the filter, instead of "No problems found".

            Exit status: 0 the report was printed (also when problems remain, a session was not analysed or \
            none was, without --fail-on); 1 with --fail-on: a problem at or above it remains, a session could \
            not be analysed, or no session was analysed; 2 the database or the baseline file could not be read \
            (or the baseline written), the configuration file is not valid, or a --session matches no stored \
            session or several; 64 invalid arguments.

            Examples:
              touchlog report
              touchlog report --app-version 5.2.0 --min-severity warning --format markdown
              touchlog report --format html > report.html
              touchlog report --format html --replay-pages . > report.html
              touchlog report --attachments bugs/
              touchlog report --fail-on error --format sarif > touchlog.sarif
              touchlog report --format gitlab > gl-code-quality-report.json
              touchlog report --no-config --fail-on error     # ignore .touchlog.yml
              touchlog report --print-config > .touchlog.yml  # every setting
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

    @Option(
        help: ArgumentHelp(
            "The folder the xcode, sarif, github and gitlab formats print recordings' paths relative to (the repository's root in CI); recordings outside it get their absolute path. Default: the current folder.",
            valueName: "folder"), completion: .directory)
    var basePath: String?

    @Option(
        help: ArgumentHelp(
            "Where docs/rules.md is published (an absolute URL): each SARIF rule then links its section (helpUri).",
            valueName: "url"))
    var rulesURL: String?

    @Option(
        help: ArgumentHelp(
            "Write the replay page of every session a listed finding comes from into this folder (replay-SESSION.html), and link each finding of the HTML report to its moment there (#t=); write the report into the same folder. Needs --format html.",
            valueName: "folder"), completion: .directory)
    var replayPages: String?

    @Option(
        help: ArgumentHelp(
            "Write, for each problem, a picture of the screen at its first finding (FINGERPRINT.svg) and a Markdown file to paste into an issue tracker (FINGERPRINT.md) into this folder.",
            valueName: "folder"), completion: .directory)
    var attachments: String?

    @Flag(help: "List the rules (with --format text, json or markdown) instead of reporting.")
    var listRules = false

    @OptionGroup var configuration: ConfigurationOptions

    @Flag(
        help:
            "Print the configuration in force (defaults, file, options) as YAML, with where each value came from, and exit."
    )
    var printConfig = false

    func validate() throws {
        if printConfig {
            if listRules { throw ValidationError("Use just one of --print-config or --list-rules.") }
            let reportOnly =
                !sessions.isEmpty || appVersion != nil || since != nil || failOn != nil || minSeverity != .info
                || format != .text || basePath != nil || rulesURL != nil || replayPages != nil || attachments != nil
            if reportOnly {
                throw ValidationError(
                    "--print-config takes --config, --no-config, --rule, --baseline and --write-baseline, which are part of the configuration; drop the other report options."
                )
            }
        }
        if baseline != nil, writeBaseline != nil {
            throw ValidationError(
                "Use just one of --baseline or --write-baseline: write a baseline from the full report, then read it in later runs."
            )
        }
        if listRules {
            guard Self.rulesDocument(format) != nil else {
                throw ValidationError("--list-rules prints text, json or markdown, not \"\(format.rawValue)\".")
            }
            let filters =
                !sessions.isEmpty || appVersion != nil || since != nil || !rules.isEmpty || baseline != nil
                || writeBaseline != nil || failOn != nil || minSeverity != .info || configuration.isGiven
                || basePath != nil || rulesURL != nil || replayPages != nil || attachments != nil
            if filters { throw ValidationError("--list-rules takes only --format; drop the report options.") }
        }
        if replayPages != nil, format != .html, !listRules, !printConfig {
            throw ValidationError(
                "--replay-pages links the HTML report to the pages it writes; add --format html (or write one page with touchlog replay SESSION --format html)."
            )
        }
        if let since {
            do {
                _ = try Timestamp(parsing: since)
            } catch {
                throw ValidationError("--since: \(error).")
            }
        }
        if let basePath {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: basePath, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError(
                    "--base-path: \"\(basePath)\" is not a folder; give the folder recordings' paths are to be relative to (the repository's root, in CI)."
                )
            }
        }
        if let rulesURL, URL(string: rulesURL)?.scheme == nil {
            throw ValidationError(
                "--rules-url: \"\(rulesURL)\" is not an absolute URL (SARIF's helpUri must be one); give where docs/rules.md is published, e.g. https://github.com/OWNER/REPO/blob/main/docs/rules.md."
            )
        }
        let known = RuleRegistry.descriptions.map(\.identifier)
        if !known.isEmpty, let unknown = rules.first(where: { !known.contains($0) }) {
            throw ValidationError(ReportError.unknownRule(unknown, known: known).description + ".")
        }
    }

    func run() throws { try runOnStandardStreams() }

    func execute(_ context: CommandContext) throws -> ExitStatus {
        let output = context.output
        if listRules, let document = Self.rulesDocument(format) {
            output.write(document(RuleRegistry.descriptions))
            return .ok
        }
        let loaded: LoadedConfiguration
        do {
            loaded = try configurationInForce(output)
        } catch let error as ConfigurationError {
            output.diagnose("\(error)\n")
            return .database
        }
        if printConfig {
            output.write(ConfigurationPrinter.yaml(loaded.configuration, provenance: loaded.provenance))
            return .ok
        }
        do {
            return try report(loaded, context)
        } catch let error as ReportError {
            if case .unknownRule = error { throw ValidationError(error.description + ".") }
            throw CommandFailure(error.description, exit: .database)
        }
    }

    /// The file found or named (said on standard error, which the report's output does not go to), read, then
    /// the options over it.
    private func configurationInForce(_ output: CommandOutput) throws -> LoadedConfiguration {
        let file = configuration.file()
        var loaded = try file.map { try ConfigurationFile.load(path: $0) } ?? LoadedConfiguration()
        // --print-config names the file in its output.
        if let file, !printConfig { output.diagnose("touchlog: configuration: \(file)\n") }
        // validate() checked each --rule against the registry.
        let ruleIDs = rules.compactMap { RuleRegistry.rule(named: $0)?.id }
        loaded.apply(ConfigurationOverrides(rules: ruleIDs, baseline: baseline, writesBaseline: writeBaseline != nil))
        return loaded
    }

    /// The report through its frontend, ``ReportRun``, with what standard error says beside it.
    private func report(_ loaded: LoadedConfiguration, _ context: CommandContext) throws -> ExitStatus {
        let output = context.output
        let store: any SessionReading & AnalysisResults = try database.open(for: .reading)
        // Checked in validate().
        let moment = since.flatMap { try? Timestamp(parsing: $0) }
        let filter = ReportFilter(sessions: sessions, appVersion: appVersion, since: moment, minSeverity: minSeverity)
        let run = ReportRun(
            filter: filter, configuration: loaded.configuration, writeBaselinePath: writeBaseline,
            failOn: failOn?.severity, toolVersion: TouchlogCommand.version)
        var detail = ReportEngine.Detail.forFormat(format)
        // Attachments draw the first finding of each problem and list the records leading to it.
        if attachments != nil { detail = ReportEngine.Detail(scenes: true, timelines: true) }
        let outcome = try run.run(database: store, detail: detail)
        if outcome.excludedSessions > 0 {
            let count = outcome.excludedSessions
            output.diagnose(
                "touchlog: \(counted(count, "session")) left out by the configuration's excluded: (touchlog report --print-config shows it)\n"
            )
        }
        // A pattern that leaves nothing out is most often a typo; the report would otherwise look complete.
        for (field, pattern) in outcome.unmatchedExclusions {
            output.diagnose(
                "touchlog: warning: the configuration's excluded: \(field.rawValue): \"\(pattern)\" matched no stored session; check it against `touchlog sessions` (\(field.matchingRule))\n"
            )
        }
        // The report names these too; standard error says it again for a CI log whose report went to a file.
        for skipped in outcome.report.unanalysed {
            output.diagnose("touchlog: warning: not analysed: \(skipped.message)\n")
        }
        if let nothing = outcome.report.nothingAnalysed {
            output.diagnose("touchlog: warning: \(nothing)\n")
        }
        if let written = outcome.baselineWritten, let writeBaseline {
            output.diagnose("wrote \(counted(written, "problem")) to the baseline \"\(writeBaseline)\"\n")
        }
        var options = context.terminal
        // Checked in validate(); standardised so that a recording's absolute path starts with it.
        options.basePath =
            URL(fileURLWithPath: basePath ?? FileManager.default.currentDirectoryPath)
            .standardizedFileURL.path
        options.rulesURL = rulesURL
        if format == .text {
            // Shortened against every stored id, so that each is still a prefix `show`, `replay`, `explain` take.
            options.sessionIDs = SessionIDAbbreviation.abbreviations(
                of: try store.sessionKeys(startingWith: "", limit: .max))
        }
        options.replayPages = replayPages != nil
        output.write(format.render(outcome.report, options: options))
        if let replayPages {
            let written = try ReportFiles.writeReplayPages(
                outcome.report, store: store, configuration: loaded.configuration, folder: replayPages
            ) { session, error in
                output.diagnose("touchlog: warning: no replay page for session \"\(session)\": \(error.description)\n")
            }
            output.diagnose("wrote \(counted(written.count, "replay page")) to \"\(replayPages)\"\n")
        }
        if let attachments {
            let written = try ReportFiles.writeAttachments(outcome.report, folder: attachments)
            output.diagnose(
                "wrote \(counted(written.count, "attachment")) for \(counted(outcome.report.groups.count, "problem")) to \"\(attachments)\"\n"
            )
        }
        return ExitStatus(code: outcome.report.exitStatus)
    }

    /// The rules list comes in three of the report's formats; validate() refuses the others.
    static func rulesDocument(_ format: ReportFormat) -> (([RuleDescription]) -> String)? {
        switch format {
        case .text: RulesDocument.text
        case .json: RulesDocument.json
        case .markdown: RulesDocument.markdown
        case .junit, .sarif, .html, .github, .xcode, .gitlab, .summary: nil
        }
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
