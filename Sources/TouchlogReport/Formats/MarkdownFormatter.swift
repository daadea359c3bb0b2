/// `--format markdown`: a summary table and one section per problem, to paste into an issue tracker
/// (GitHub, GitLab, Jira's Markdown). Text from recordings is escaped so it cannot format or inject HTML.
enum MarkdownFormatter {
    static func format(_ report: Report) -> String {
        problems(report) + partial(report) + notAnalysed(report)
    }

    /// The sessions analysed from part of their recording, after the problems' sections.
    private static func partial(_ report: Report) -> String {
        guard !report.partialSessions.isEmpty else { return "" }
        let md = Escape.markdown
        var out = "\n## Partial recordings\n\nThe rules judged only what ingest stored of these sessions.\n\n"
        out += "| Session | Recording | What is missing |\n| --- | --- | --- |\n"
        for session in report.partialSessions {
            out += "| \(md(session.id)) | \(md(CoverageText.location(session) ?? ""))"
            out += " | \(md(session.gaps.description ?? "")) |\n"
        }
        return out
    }

    /// The sessions no rule judged, last: a section of its own after the problems' sections, so that the summary
    /// table stays under the summary line.
    private static func notAnalysed(_ report: Report) -> String {
        guard !report.unanalysed.isEmpty else { return "" }
        let md = Escape.markdown
        var out = "\n## Not analysed\n\nNo rule judged these sessions: replay could not run their records."
        if let failOn = report.failOn { out += " Each fails `--fail-on \(failOn.rawValue)`." }
        out += "\n\n| Session | Recording | Reason | Why |\n| --- | --- | --- | --- |\n"
        for skipped in report.unanalysed {
            out += "| \(md(skipped.session.id)) | \(md(CoverageText.location(skipped.session) ?? ""))"
            out += " | `\(skipped.kind.rawValue)` | \(md(skipped.message)) |\n"
        }
        return out
    }

    private static func problems(_ report: Report) -> String {
        let md = Escape.markdown
        var out = "# touchlog report\n\n"
        out += "\(TextFormatter.plural(report.sessions.count, "session")) analysed with "
        out +=
            "\(TextFormatter.plural(report.rules.count, "rule")): **\(TextFormatter.plural(report.groups.count, "problem"))** "
        out += "(\(TextFormatter.plural(report.findingCount, "finding")))"
        if report.hiddenByBaseline > 0 { out += ", \(report.hiddenByBaseline) hidden by the baseline" }
        if !report.partialSessions.isEmpty {
            out += "; \(CoverageText.partial(report.partialSessions.count)) (listed at the end)"
        }
        if !report.unanalysed.isEmpty {
            out += "; **\(CoverageText.notAnalysed(report.unanalysed.count))** (listed at the end)"
        }
        out += ".\n"
        if let nothing = report.nothingAnalysed {
            out += "\n**\(md(CoverageText.nothingAnalysed(nothing)))**"
            if let failOn = report.failOn { out += " That fails `--fail-on \(failOn.rawValue)`." }
            return out + "\n"
        }
        guard !report.groups.isEmpty else {
            return out
                + (report.unanalysed.isEmpty
                    ? "\nNo problems found.\n"
                    : "\nNo problems found in the \(TextFormatter.plural(report.sessions.count, "session")) analysed.\n")
        }
        out += "\n| # | Severity | Rule | View | Sessions | App versions | Devices |\n"
        out += "| ---: | --- | --- | --- | ---: | --- | --- |\n"
        let headings = ProblemText.headings(report)
        for (index, group) in report.groups.enumerated() {
            let view = md(headings[index])
            out +=
                "| \(index + 1) | \(group.severity.rawValue) | `\(group.ruleID)` | \(view) | \(group.sessionCount) "
            out +=
                "| \(md(group.appVersions.joined(separator: ", "))) | \(md(group.devices.joined(separator: ", "))) |\n"
        }
        for (index, group) in report.groups.enumerated() {
            let first = group.representative
            out += "\n## \(index + 1). \(group.severity.rawValue): `\(group.ruleID)`"
            if !first.views.isEmpty { out += " on \(md(headings[index]))" }
            out += "\n\n\(md(first.explanation))\n\n"
            for view in first.views {
                out += "- **View**: \(md(view.pathDescription))"
                if let role = view.role { out += " (\(md(role)))" }
                out += "\n"
            }
            out +=
                "- **Sessions**: \(group.sessionCount); **app versions**: \(md(group.appVersions.joined(separator: ", ")))"
            out += "; **devices**: \(md(group.devices.joined(separator: ", ")))\n"
            if let firstSeen = group.firstSeen, let lastSeen = group.lastSeen {
                out +=
                    firstSeen == lastSeen
                    ? "- **Seen**: \(md(firstSeen))\n"
                    : "- **First seen**: \(md(firstSeen)); **last seen**: \(md(lastSeen))\n"
            }
            out += "- **Signature**: \(md(group.signature))\n"
            // A rage tap counted in its cause's problem says its own words in a column of its own.
            let notes = group.findings.contains { ProblemText.folded($0, in: group) != nil }
            out +=
                notes
                ? "\n| Session | App | Time (s) | Records | Note |\n| --- | --- | --- | --- | --- |\n"
                : "\n| Session | App | Time (s) | Records |\n| --- | --- | --- | --- |\n"
            for finding in group.findings {
                var records = NumberText.ranges(finding.records)
                if let source = finding.session.source {
                    records += " in \(md(source))"
                    if let line = finding.records.first.flatMap(finding.session.fileLine(ofSeq:)) {
                        records += ":\(line)"
                    }
                }
                let time =
                    finding.span.end > finding.span.start
                    ? "\(NumberText.format(finding.span.start))-\(NumberText.format(finding.span.end))"
                    : NumberText.format(finding.span.start)
                out +=
                    "| \(md(finding.session.id)) | \(md(finding.session.versionDescription)) | \(time) | \(records) |"
                if notes {
                    out += ProblemText.folded(finding, in: group).map { " `\($0.rule)`: \(md($0.words)) |" } ?? " |"
                }
                out += "\n"
            }
            if group.omittedFindings > 0 {
                out +=
                    "\n_And \(TextFormatter.plural(group.omittedFindings, "more finding")), not listed (the first \(group.findings.count) are)._\n"
            }
        }
        return out
    }
}
