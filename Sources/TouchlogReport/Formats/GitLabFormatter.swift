import TouchlogFormat

/// `--format gitlab`: GitLab's Code Quality report (a job's `artifacts: reports: codequality:`), a JSON array of
/// issues, each with `description`, `check_name`, `fingerprint`, `severity` and `location` (`path`, `lines.begin`):
/// the subset of the Code Climate issue format GitLab reads.
///
/// One issue per problem, at its first finding (oldest session first): GitLab tells issues apart by fingerprint and
/// shows only the first issue of a fingerprint, and the fingerprint is the problem's (``FindingGroup/fingerprint``,
/// from its signature, as in the JSON and SARIF formats), so it is the same in every run and on every branch
/// whatever order sessions were read in. `check_name` is the rule. The description ends with the counts and the
/// first occurrence's session and app version, which a reader needs to find the recording (a file may hold many
/// sessions): `… (2 findings in 2 sessions; first: session D3F8…, app 5.2.0 (5207))`. Severities: error →
/// `critical` (a bug a user hits), warning → `major`, info → `info`; `minor` and `blocker` are not used (touchlog
/// has no level between, or above, these; `--fail-on` is what blocks a merge).
///
/// What the report could not check is an issue too, `critical` like an error: `unanalysed_session` per session
/// replay refused, at its recording's header line (fingerprint from the session id), and `nothing_analysed` when no
/// session was analysed. That one has no recording; it points at `.gitlab-ci.yml`, line 1, where the job that
/// ingested nothing or filtered everything out is configured (Code Quality requires a path).
enum GitLabFormatter {
    /// Code Quality's severities, lowest first.
    enum CodeQualitySeverity: String {
        case info
        case minor
        case major
        case critical
        case blocker

        init(_ severity: Severity) {
            switch severity {
            case .error: self = .critical
            case .warning: self = .major
            case .info: self = .info
            }
        }
    }

    /// The check names of what the report could not check, as SARIF's notification ids.
    enum CoverageCheck: String {
        case unanalysedSession = "unanalysed_session"
        case nothingAnalysed = "nothing_analysed"
    }

    /// Where a report over nothing points: GitLab's default CI configuration file.
    static let pipelinePath = ".gitlab-ci.yml"

    static func format(_ report: Report, options: FormatOptions) -> String {
        var issues: [JSONValue] = report.groups.map { group in
            let first = group.representative
            let location = RecordingLocation(first, basePath: options.basePath)
            return issue(
                description:
                    "\(first.explanation) (\(ProblemText.counts(group)); first: \(ProblemText.recording(first.session)))",
                check: group.ruleID.rawValue,
                fingerprint: group.fingerprint, severity: CodeQualitySeverity(group.severity),
                path: location.repositoryPath ?? "-", line: location.lineOrFirst)
        }
        for skipped in report.unanalysed {
            let location = RecordingLocation(header: skipped.session, basePath: options.basePath)
            issues.append(
                issue(
                    description:
                        "Not analysed (\(skipped.kind.rawValue); \(ProblemText.recording(skipped.session))): \(skipped.message)",
                    check: CoverageCheck.unanalysedSession.rawValue,
                    fingerprint: Signature.fingerprint(
                        "\(CoverageCheck.unanalysedSession.rawValue)|\(skipped.session.id)"),
                    severity: .critical, path: location.repositoryPath ?? "-", line: location.lineOrFirst))
        }
        if let nothing = report.nothingAnalysed {
            issues.append(
                issue(
                    description: CoverageText.nothingAnalysed(nothing), check: CoverageCheck.nothingAnalysed.rawValue,
                    fingerprint: Signature.fingerprint(CoverageCheck.nothingAnalysed.rawValue), severity: .critical,
                    path: pipelinePath, line: 1))
        }
        return JSONValue.array(issues).serializedIndented()
    }

    static func issue(
        description: String, check: String, fingerprint: String, severity: CodeQualitySeverity, path: String, line: Int
    ) -> JSONValue {
        [
            "description": .string(description), "check_name": .string(check), "fingerprint": .string(fingerprint),
            "severity": .string(severity.rawValue),
            "location": ["path": .string(path), "lines": ["begin": .number(Double(line))]],
        ]
    }
}
