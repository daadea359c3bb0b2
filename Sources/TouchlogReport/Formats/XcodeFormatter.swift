import TouchlogFormat

/// `--format xcode`: `FILE:LINE:COLUMN: LEVEL: MESSAGE` lines, the form compilers print and Xcode, editors
/// (quickfix lists, problem matchers) and most CI log parsers pick up.
///
/// One line per problem, at its first finding (oldest session first), column 1 (a record is a whole line), with
/// the rule and the counts at the end of the message: `… [hidden_first_responder; 2 findings in 2 sessions]`. As in
/// the github and gitlab formats the unit is the problem, as for the baseline and `--fail-on`; its other
/// occurrences are listed by the text, JSON and HTML formats. Levels: error → `error`, warning → `warning`, info →
/// `note`. A finding on an imported dump, whose records have no line of their own, points at line 1, where the dump
/// starts.
///
/// Then an `error` line per session replay refused, at its header line, and when nothing was analysed a
/// `touchlog: error: …` line (a tool's message about no file, as `clang: error: no input files`). Each message is
/// one line a person reads: a line break in a recording's text (a label on two lines) is a space, as on screen, and
/// other control characters are shown as `\u{1B}` (``Escape/singleLine(_:)``).
enum XcodeFormatter {
    /// The diagnostic levels of compilers' messages.
    enum Level: String {
        case error
        case warning
        case note

        init(_ severity: Severity) {
            switch severity {
            case .error: self = .error
            case .warning: self = .warning
            case .info: self = .note
            }
        }
    }

    static func format(_ report: Report, options: FormatOptions) -> String {
        var out = ""
        for group in report.groups {
            let first = group.representative
            out += diagnostic(
                RecordingLocation(first, basePath: options.basePath), Level(group.severity),
                "\(first.explanation) [\(group.ruleID); \(ProblemText.counts(group))]")
        }
        if let nothing = report.nothingAnalysed {
            out += "touchlog: error: \(Escape.singleLine(CoverageText.nothingAnalysed(nothing)))\n"
        }
        for skipped in report.unanalysed {
            out += diagnostic(
                RecordingLocation(header: skipped.session, basePath: options.basePath), .error,
                "not analysed (\(skipped.kind.rawValue)): \(skipped.message)")
        }
        return out
    }

    /// `PATH:LINE:1: LEVEL: MESSAGE`, one line; `-` stands for a recording whose file is not known.
    static func diagnostic(_ location: RecordingLocation, _ level: Level, _ message: String) -> String {
        let path = Escape.terminal(location.path ?? "-")
        return "\(path):\(location.lineOrFirst):1: \(level.rawValue): \(Escape.singleLine(message))\n"
    }
}
