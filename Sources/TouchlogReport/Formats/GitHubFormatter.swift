import TouchlogFormat

/// `--format github`: GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`), which the
/// runner turns into annotations on the recording's file and line.
///
/// One annotation per problem, at its first finding (oldest session first), with the number of findings and
/// sessions in its message: GitHub keeps at most 10 error and 10 warning annotations per step (and 50 per job),
/// so an annotation per finding would let one problem seen in many sessions hide every other problem. The
/// problems come in triage order, errors first. Severity: error → `::error`, warning → `::warning`, info →
/// `::notice`.
///
/// What the report could not check comes first, each an `::error`: a session replay refused (at its recording's
/// header line) and a report over nothing (no file). They say that the annotations after them are not the whole
/// story, so they must not be the ones GitHub drops. A plain first line (the text format's summary) is printed in
/// the step's log as it is; it holds counts only.
///
/// Text from recordings is escaped as the runner decodes it (``Escape/githubMessage(_:)``,
/// ``Escape/githubProperty(_:)``): every annotation is one line, and a label cannot start a command.
enum GitHubFormatter {
    /// The workflow commands that make annotations. GitHub has three levels, as touchlog does.
    enum Command: String {
        case error
        case warning
        case notice

        init(_ severity: Severity) {
            switch severity {
            case .error: self = .error
            case .warning: self = .warning
            case .info: self = .notice
            }
        }
    }

    /// One annotation; ``workflowCommand`` is the line that makes it.
    struct Annotation {
        var command: Command
        /// Nil when the annotation is about no recording (nothing was analysed).
        var location: RecordingLocation?
        var title: String
        /// Lines joined by newlines, encoded as `%0A` (GitHub shows them as line breaks).
        var message: String

        /// `::error file=PATH,line=N,endLine=M,title=TITLE::MESSAGE`. The line is left out when the records have
        /// none (an imported dump): GitHub then annotates the file.
        var workflowCommand: String {
            var properties: [String] = []
            if let path = location?.repositoryPath {
                properties.append("file=" + Escape.githubProperty(path))
                if let line = location?.line {
                    properties.append("line=\(line)")
                    if let end = location?.endLine { properties.append("endLine=\(end)") }
                }
            }
            properties.append("title=" + Escape.githubProperty(title))
            return "::\(command.rawValue) \(properties.joined(separator: ","))::\(Escape.githubMessage(message))"
        }
    }

    static func format(_ report: Report, options: FormatOptions) -> String {
        var out = TextFormatter.summaryLine(report) + "\n"
        for annotation in coverage(report, basePath: options.basePath)
            + report.groups.map({ problem($0, in: report, basePath: options.basePath) })
        {
            out += annotation.workflowCommand + "\n"
        }
        return out
    }

    /// The problem at its first finding.
    static func problem(_ group: FindingGroup, in report: Report, basePath: String?) -> Annotation {
        let first = group.representative
        var lines = [first.explanation]
        lines.append(
            "\(ProblemText.counts(group)); app versions \(group.appVersions.joined(separator: ", ")); devices \(group.devices.joined(separator: ", "))"
        )
        lines.append("Here: \(ProblemText.occurrence(first)).")
        // What the frustration counted in this problem says (a rage tap folded into its cause): not hidden by the fold.
        for finding in group.findings {
            if let folded = ProblemText.folded(finding, in: group) {
                lines.append("Also \(folded.rule) in \(ProblemText.occurrence(finding)): \(folded.words)")
            }
        }
        if report.failOn != nil, report.isFailing(group) {
            lines.append("Fails --fail-on \(report.failureThreshold.rawValue).")
        }
        return Annotation(
            command: Command(group.severity), location: RecordingLocation(first, basePath: basePath),
            title: ProblemText.shortName(group).map { "\(group.ruleID): \($0)" } ?? group.ruleID.rawValue,
            message: lines.joined(separator: "\n"))
    }

    /// A report over nothing, then every session replay refused.
    static func coverage(_ report: Report, basePath: String?) -> [Annotation] {
        let fails = report.failOn.map { ["That fails --fail-on \($0.rawValue)."] } ?? []
        var annotations: [Annotation] = []
        if let nothing = report.nothingAnalysed {
            annotations.append(
                Annotation(
                    command: .error, location: nil, title: "touchlog: no session analysed",
                    message: ([CoverageText.nothingAnalysed(nothing)] + fails).joined(separator: "\n")))
        }
        for skipped in report.unanalysed {
            annotations.append(
                Annotation(
                    command: .error, location: RecordingLocation(header: skipped.session, basePath: basePath),
                    title: "not analysed: \(skipped.kind.rawValue)",
                    message: ([skipped.message, "No rule judged session \(skipped.session.id)."] + fails)
                        .joined(separator: "\n")))
        }
        return annotations
    }
}
