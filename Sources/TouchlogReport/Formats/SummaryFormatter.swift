/// `--format summary`: one line per problem, for a CI log. Each line is the severity, the rule, a short name of
/// the main view (``ProblemText/shortName(_:)``: class and accessibility identifier or label, never the path) and
/// the counts: `error   hidden_first_responder  UITextField#checkout.promoCode: 2 findings in 2 sessions`.
///
/// Problems come in the report's triage order (severity, sessions affected, rule, signature), which never depends
/// on the order sessions were read in. Then the sentence of a report over nothing, one `not analysed` line per
/// session replay refused (oldest first), and a totals line: problems per severity, findings, sessions analysed
/// and not, hidden by the baseline, and whether the run fails `--fail-on`. No colour, no wrapping: a log keeps
/// each line whole. Control characters from recordings are shown as `\u{1B}`.
enum SummaryFormatter {
    static func format(_ report: Report) -> String {
        let esc = Escape.terminal
        var out = ""
        for group in report.groups {
            out += "\(TextFormatter.severityColumn(group.severity)) \(group.ruleID)"
            if let name = ProblemText.shortName(group) { out += "  \(esc(name))" }
            out += ": \(ProblemText.counts(group))\n"
        }
        if let nothing = report.nothingAnalysed { out += esc(CoverageText.nothingAnalysed(nothing)) + "\n" }
        for skipped in report.unanalysed {
            out += "not analysed \(skipped.kind.rawValue)  \(esc(skipped.session.id))"
            if let location = CoverageText.location(skipped.session) { out += " (\(esc(location)))" }
            out += "\n"
        }
        return out + totals(report) + "\n"
    }

    /// `touchlog report: 4 problems (1 error, 2 warnings, 1 info), 6 findings, 3 sessions analysed; 1 session not
    /// analysed; fails --fail-on error`.
    static func totals(_ report: Report) -> String {
        let plural = TextFormatter.plural
        let bySeverity = report.countsBySeverity.map { severity, count in
            switch severity {
            case .error: plural(count, "error")
            case .warning: plural(count, "warning")
            case .info: "\(count) info"
            }
        }
        var out =
            "touchlog report: \(plural(report.groups.count, "problem")) (\(bySeverity.joined(separator: ", "))), "
            + "\(plural(report.findingCount, "finding")), \(plural(report.sessions.count, "session")) analysed"
        if !report.unanalysed.isEmpty { out += "; \(CoverageText.notAnalysed(report.unanalysed.count))" }
        if report.hiddenByBaseline > 0 { out += "; \(report.hiddenByBaseline) hidden by the baseline" }
        if report.exitStatus != 0, let failOn = report.failOn { out += "; fails --fail-on \(failOn.rawValue)" }
        return out
    }
}
