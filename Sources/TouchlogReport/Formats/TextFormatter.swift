/// `--format text` (default): the problems grouped, most severe first, for a terminal. Colour only when
/// ``FormatOptions/color`` says so; text from recordings has its control characters made visible.
enum TextFormatter {
    static func format(_ report: Report, options: FormatOptions) -> String {
        func paint(_ text: String, _ code: String) -> String {
            options.color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }
        func severity(_ severity: Severity) -> String {
            let word = severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            switch severity {
            case .error: return paint(word, "1;31")
            case .warning: return paint(word, "1;33")
            case .info: return paint(word, "36")
            }
        }
        let esc = Escape.terminal
        var out = ""
        let problems = report.groups.count
        out +=
            "touchlog report: \(plural(report.sessions.count, "session")) analysed with \(plural(report.rules.count, "rule")), "
        out += "\(plural(problems, "problem")) (\(plural(report.findingCount, "finding")))"
        if report.hiddenByBaseline > 0 { out += ", \(report.hiddenByBaseline) hidden by the baseline" }
        if !report.unanalysed.isEmpty { out += "; \(CoverageText.notAnalysed(report.unanalysed.count))" }
        out += "\n"
        // Sessions no rule judged come last, where a terminal or a CI log leaves the eye.
        var notAnalysed = ""
        for skipped in report.unanalysed {
            notAnalysed +=
                "\n\(paint("not analysed", "1;31")) \(skipped.kind.rawValue)  \(esc(skipped.session.id))\n"
            notAnalysed += "  \(esc(skipped.message))\n"
            if let location = CoverageText.location(skipped.session) {
                notAnalysed += "  recording: \(esc(location))\n"
            }
            if let failOn = report.failOn { notAnalysed += "  fails --fail-on \(failOn.rawValue)\n" }
        }
        if let nothing = report.nothingAnalysed {
            out += "\n\(esc(CoverageText.nothingAnalysed(nothing)))\n"
            if let failOn = report.failOn { out += "That fails --fail-on \(failOn.rawValue).\n" }
            return out + notAnalysed
        }
        if problems == 0 {
            out +=
                report.unanalysed.isEmpty
                ? "\nNo problems found.\n"
                : "\nNo problems found in the \(plural(report.sessions.count, "session")) analysed.\n"
            return out + notAnalysed
        }
        for group in report.groups {
            let first = group.representative
            let main = first.views.first
            out += "\n\(severity(group.severity)) \(paint(group.ruleID, "1"))"
            if let main { out += "  \(esc(main.displayName))" }
            out += "\n"
            out += "  \(esc(first.explanation))\n"
            for view in first.views {
                out += "  view: \(esc(view.pathDescription))"
                if let role = view.role { out += " (\(esc(role)))" }
                out += "\n"
            }
            out += "  \(plural(group.sessionCount, "session")); \(esc(group.appVersions.joined(separator: ", "))); "
            out += "\(esc(group.devices.joined(separator: ", ")))\n"
            if let firstSeen = group.firstSeen, let lastSeen = group.lastSeen {
                out +=
                    firstSeen == lastSeen
                    ? "  seen \(esc(firstSeen))\n" : "  first seen \(esc(firstSeen)), last seen \(esc(lastSeen))\n"
            }
            for finding in group.findings {
                out += "  - \(esc(finding.session.id)) at \(NumberText.format(finding.span.start))"
                if finding.span.end > finding.span.start { out += "-\(NumberText.format(finding.span.end))" }
                out += " s, records \(NumberText.ranges(finding.records))"
                if let source = finding.session.source {
                    out += " (\(esc(source))"
                    if let line = finding.records.first.flatMap(finding.session.fileLine(ofSeq:)) { out += ":\(line)" }
                    out += ")"
                }
                out += "\n"
            }
            if group.omittedFindings > 0 {
                out +=
                    "  - and \(plural(group.omittedFindings, "more finding")) (the first \(group.findings.count) are listed)\n"
            }
            if report.failOn != nil, report.isFailing(group) {
                out += "  fails --fail-on \(report.failureThreshold.rawValue)\n"
            }
        }
        return out + notAnalysed
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
