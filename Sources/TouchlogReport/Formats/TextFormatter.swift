import TouchlogFormat

/// `--format text` (default): the problems grouped, most severe first, for a terminal. Colour only when
/// ``FormatOptions/color`` says so; text from recordings has its control characters made visible.
///
/// With ``FormatOptions/width`` every line fits that many columns: it breaks at word boundaries and continues
/// with a hanging indent (2 columns deeper than the line's own indent, aligned after `view: ` for a view's path,
/// after the severity and rule for a problem's heading). A view's path breaks only between its elements, each
/// continuation line starting with `>`; a command, an option with its value, a `file:line`, a version with its
/// build or a device is never broken, and one wider than the line overflows it whole.
enum TextFormatter {
    static func format(_ report: Report, options: FormatOptions) -> String {
        let paint = options.paint
        func severity(_ severity: Severity) -> String {
            let word = severityColumn(severity)
            switch severity {
            case .error: return paint(word, "1;31")
            case .warning: return paint(word, "1;33")
            case .info: return paint(word, "36")
            }
        }
        let esc = Escape.terminal
        let wrap = TextWrapper(width: options.width)
        let problems = report.groups.count
        var out = wrap.lines("", [.prose(summaryLine(report))], indent: 2)
        // Sessions no rule judged come last, where a terminal or a CI log leaves the eye; before them, the sessions
        // judged on part of their recording.
        var notAnalysed = ""
        for session in report.partialSessions {
            notAnalysed += "\n"
            notAnalysed += wrap.lines(
                paint("partial", "1;33") + "  ", prefixColumns: "partial  ".count,
                [.literal(esc(options.sessionID(session.id)))],
                indent: 2)
            if let why = CoverageText.partial(session) {
                notAnalysed += wrap.lines("  ", [.prose(esc(why))], indent: 4)
            }
            if let location = CoverageText.location(session) {
                notAnalysed += wrap.lines("  recording: ", [.literal(esc(location))], indent: 4)
            }
        }
        for skipped in report.unanalysed {
            let kind = " \(skipped.kind.rawValue)  "
            notAnalysed += "\n"
            notAnalysed += wrap.lines(
                paint("not analysed", "1;31") + kind, prefixColumns: "not analysed".count + kind.count,
                [.literal(esc(options.sessionID(skipped.session.id)))], indent: 2)
            notAnalysed += wrap.lines("  ", [.prose(esc(skipped.message))], indent: 4)
            if let location = CoverageText.location(skipped.session) {
                notAnalysed += wrap.lines("  recording: ", [.literal(esc(location))], indent: 4)
            }
            if let failOn = report.failOn { notAnalysed += wrap.lines("  fails ", failOnRuns(failOn), indent: 4) }
        }
        if let nothing = report.nothingAnalysed {
            out += "\n"
            out += wrap.lines("", CoverageText.nothingAnalysedRuns(nothing).map { escaped($0, esc) }, indent: 2)
            if let failOn = report.failOn {
                out += wrap.lines("That fails ", failOnRuns(failOn) + [.prose(".")], indent: 2)
            }
            return out + notAnalysed
        }
        if problems == 0 {
            out += "\n"
            out += wrap.lines(
                "",
                [
                    .prose(
                        report.unanalysed.isEmpty
                            ? "No problems found."
                            : "No problems found in the \(plural(report.sessions.count, "session")) analysed.")
                ], indent: 2)
            return out + notAnalysed
        }
        let headings = ProblemText.headings(report)
        for (group, names) in zip(report.groups, headings) {
            let first = group.representative
            // The heading's continuation lines start under the rule, after the severity's column.
            let heading = "\(severityColumn(group.severity)) \(group.ruleID)\(names.isEmpty ? "" : "  ")"
            out += "\n"
            out += wrap.lines(
                "\(severity(group.severity)) \(paint(group.ruleID.rawValue, "1"))\(names.isEmpty ? "" : "  ")",
                prefixColumns: heading.count, names.isEmpty ? [] : [.prose(esc(names))], indent: 8)
            out += wrap.lines("  ", [.prose(esc(first.explanation))], indent: 4)
            for view in first.views {
                out += wrap.lines("  view: ", pathRuns(view, esc), indent: 8)
            }
            var affected: [TextRun] = [.prose("\(plural(group.sessionCount, "session")); ")]
            affected += list(group.appVersions.map(esc)) + [.prose("; ")] + list(group.devices.map(esc))
            out += wrap.lines("  ", affected, indent: 4)
            if let firstSeen = group.firstSeen, let lastSeen = group.lastSeen {
                let seen =
                    firstSeen == lastSeen
                    ? "seen \(esc(firstSeen))" : "first seen \(esc(firstSeen)), last seen \(esc(lastSeen))"
                out += wrap.lines("  ", [.prose(seen)], indent: 4)
            }
            for finding in group.findings {
                var time = NumberText.format(finding.span.start)
                if finding.span.end > finding.span.start { time += "-\(NumberText.format(finding.span.end))" }
                var runs: [TextRun] = [
                    .literal(esc(options.sessionID(finding.session.id))),
                    .prose(" at \(time) s, records \(NumberText.ranges(finding.records))"),
                ]
                if let source = finding.session.source {
                    var location = "(\(esc(source))"
                    if let line = finding.records.first.flatMap(finding.session.fileLine(ofSeq:)) {
                        location += ":\(line)"
                    }
                    runs += [.prose(" "), .literal(location + ")")]
                }
                if let folded = ProblemText.folded(finding, in: group) {
                    runs += [.prose(": "), .literal(folded.rule.rawValue), .prose(" " + esc(folded.words))]
                }
                out += wrap.lines("  - ", runs, indent: 4)
            }
            if group.omittedFindings > 0 {
                out += wrap.lines(
                    "  - ",
                    [
                        .prose(
                            "and \(plural(group.omittedFindings, "more finding")) (the first \(group.findings.count) are listed)"
                        )
                    ], indent: 4)
            }
            if report.failOn != nil, report.isFailing(group) {
                out += wrap.lines("  fails ", failOnRuns(report.failureThreshold), indent: 4)
            }
        }
        return out + notAnalysed
    }

    /// The first line: "touchlog report: 3 sessions analysed with 4 rules, 4 problems (6 findings); 1 session not
    /// analysed". Counts only, nothing from a recording.
    static func summaryLine(_ report: Report) -> String {
        var out =
            "touchlog report: \(plural(report.sessions.count, "session")) analysed with \(plural(report.rules.count, "rule")), "
        out += "\(plural(report.groups.count, "problem")) (\(plural(report.findingCount, "finding")))"
        if report.hiddenByBaseline > 0 { out += ", \(report.hiddenByBaseline) hidden by the baseline" }
        if !report.partialSessions.isEmpty { out += "; \(CoverageText.partial(report.partialSessions.count))" }
        if !report.unanalysed.isEmpty { out += "; \(CoverageText.notAnalysed(report.unanalysed.count))" }
        return out
    }

    /// The severity in a 7-column field, so that rules line up: "error  ", "warning", "info   ".
    static func severityColumn(_ severity: Severity) -> String {
        severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// `UIWindow > UIView > UITextField#login.email (first responder)`: each element with the `>` before it is
    /// one literal, so a line breaks only between elements and a continuation line starts with `>`.
    private static func pathRuns(_ view: ViewRef, _ esc: (String) -> String) -> [TextRun] {
        var runs: [TextRun] = []
        for (index, element) in view.pathComponents.enumerated() {
            runs += index == 0 ? [.literal(esc(element))] : [.prose(" "), .literal("> " + esc(element))]
        }
        if let role = view.role { runs += [.prose(" "), .literal("(\(esc(role)))")] }
        return runs
    }

    /// `5.2.0 (5207), 5.3.0 (5301)`: each item whole, the line free to break after a comma.
    private static func list(_ items: [String]) -> [TextRun] {
        var runs: [TextRun] = []
        for (index, item) in items.enumerated() {
            if index > 0 { runs.append(.prose(", ")) }
            runs.append(.literal(item))
        }
        return runs
    }

    private static func failOnRuns(_ severity: Severity) -> [TextRun] { [.literal("--fail-on \(severity.rawValue)")] }

    private static func escaped(_ run: TextRun, _ esc: (String) -> String) -> TextRun {
        switch run {
        case .prose(let text): .prose(esc(text))
        case .literal(let text): .literal(esc(text))
        }
    }
}
