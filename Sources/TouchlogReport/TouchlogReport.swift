/// TouchlogReport: rules that watch a session's replay in one streaming pass, triage of their findings across
/// sessions, and the output formats.
///
/// The pipeline, from the CLI's point of view (``ReportRun`` is the one entry point):
///
/// ```swift
/// let outcome = try ReportRun(filter: filter, toolVersion: "1.0").run(database: store, detail: .forFormat(.html))
/// print(ReportFormat.html.render(outcome.report))
/// ```
public enum TouchlogReportInfo {
    /// The version of the JSON report, the baseline file and the rule-list JSON (`docs/report.md`).
    public static let formatVersion = 1
}

/// Errors of the report library: each says what is wrong and how to fix it.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    /// `--rule` named a rule that does not exist.
    case unknownRule(String, known: [String])
    /// The baseline file could not be read or is not a touchlog baseline.
    case invalidBaseline(path: String, reason: String)
    /// A rule example could not be decoded as a touchlog/1 session.
    case invalidExample(rule: String, reason: String)

    public var description: String {
        switch self {
        case .unknownRule(let id, let known):
            let list = known.isEmpty ? "no rules are registered" : "known rules: " + known.joined(separator: ", ")
            return "unknown rule \"\(id)\" (\(list)); `touchlog report --list-rules` lists them"
        case .invalidBaseline(let path, let reason):
            return
                "cannot use the baseline \"\(path)\": \(reason); write a new one with `touchlog report --write-baseline \(path)`"
        case .invalidExample(let rule, let reason):
            return "an example of rule \"\(rule)\" is not a valid touchlog/1 session: \(reason)"
        }
    }
}
