import TouchlogFormat

/// TouchlogReport: rules that watch a session's replay in one streaming pass, triage of their findings across
/// sessions, and the output formats. It knows no database: sessions arrive as typed record streams
/// (``ReportSession``), so the rules can be used (and tested) without GRDB, PostgresNIO or NIOSSL.
///
/// The pipeline, from the CLI's point of view (TouchlogPipeline's `ReportRun`, the one entry point, finds the
/// sessions in a store and calls ``ReportEngine``):
///
/// ```swift
/// let outcome = try ReportRun(filter: filter, toolVersion: "1.0").run(database: store, detail: .forFormat(.html))
/// print(ReportFormat.html.render(outcome.report))
/// ```
public enum TouchlogReportInfo {
    /// The version of the JSON report, the baseline file and the rule-list JSON (`docs/report.md`).
    public static let formatVersion = 1
}

/// Why `--write-baseline FILE` could not write its file: each calls for a different fix.
public enum BaselineWriteFailure: Sendable, Hashable {
    /// The folder the file would go in does not exist.
    case missingFolder(String)
    /// The path names a folder, not a file.
    case isFolder
    /// Anything else, in the system's words ("Permission denied", "Read-only file system").
    case system(String)
}

/// Errors of the report library: each says what is wrong and how to fix it.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    /// `--rule` named a rule that does not exist.
    case unknownRule(String, known: [String])
    /// The baseline file could not be read or is not a touchlog baseline.
    case invalidBaseline(path: String, reason: String)
    /// `--write-baseline FILE` could not write the file.
    case cannotWriteBaseline(path: String, reason: BaselineWriteFailure)
    /// A rule example could not be decoded as a touchlog/1 session.
    case invalidExample(rule: String, reason: String)
    /// A result a worker stored names a rule this touchlog does not have.
    case unknownStoredRule(String, session: String)

    public var description: String {
        switch self {
        case .unknownRule(let id, let known):
            let list = known.isEmpty ? "no rules are registered" : "known rules: " + known.joined(separator: ", ")
            let guess = ClosestName.to(id, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
            return "unknown rule \"\(id)\"\(guess) (\(list)); `touchlog report --list-rules` lists them"
        case .invalidBaseline(let path, let reason):
            return
                "cannot use the baseline \"\(path)\": \(reason); write a new one with `touchlog report --write-baseline \(path)`"
        case .cannotWriteBaseline(let path, let reason):
            // Running the same command again would fail the same way: say what to change instead.
            let start = "cannot write the baseline \"\(path)\""
            switch reason {
            case .missingFolder(let folder):
                return
                    "\(start): the folder \"\(folder)\" does not exist, so nothing was written; create it first (mkdir -p \"\(folder)\") or give --write-baseline a file in a folder that exists"
            case .isFolder:
                let file = (path.hasSuffix("/") ? path : path + "/") + "touchlog-baseline.json"
                return
                    "\(start): it is a folder, so nothing was written; give --write-baseline a file, such as --write-baseline \"\(file)\""
            case .system(let message):
                return
                    "\(start): \(message), so nothing was written; give --write-baseline a file in a folder that exists and that you can write to"
            }
        case .invalidExample(let rule, let reason):
            return "an example of rule \"\(rule)\" is not a valid touchlog/1 session: \(reason)"
        case .unknownStoredRule(let rule, let session):
            // Results are keyed by the analysis that made them, so this one was not made by this touchlog: the fix
            // is to drop it, which replacing the session does.
            return
                "the result stored for session \"\(session)\" names the rule \"\(rule)\", which this touchlog does not have, so it was not stored by this touchlog's analysis; ingest the session's file again with `touchlog ingest --replace` to drop its stored results"
        }
    }
}
