import TouchlogFormat

/// `touchlog report --format`: one case per format, one formatter file per case. The exhaustive switch in
/// ``render(_:options:)`` is why a format cannot be added without its formatter.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Grouped, for a terminal (the default).
    case text
    /// Stable, versioned JSON (docs/report.md).
    case json
    /// To paste into an issue tracker.
    case markdown
    /// JUnit XML for CI test reports.
    case junit
    /// SARIF 2.1.0 for code-scanning tools.
    case sarif
    /// One self-contained page with a picture of the screen per problem.
    case html
    /// GitHub Actions workflow commands: an annotation per problem on the recording's line.
    case github
    /// `FILE:LINE:COLUMN: error: message` lines, for Xcode, editors and CI log parsers.
    case xcode
    /// GitLab's Code Quality report (`artifacts: reports: codequality:`).
    case gitlab
    /// One line per problem and a totals line, for logs.
    case summary

    /// Whether the format draws or carries scenes (the pictures' data), which the rules then build.
    public var showsScenes: Bool {
        switch self {
        case .html, .json: true
        case .text, .markdown, .junit, .sarif, .github, .xcode, .gitlab, .summary: false
        }
    }

    /// Whether the format shows the timeline around findings.
    public var showsTimelines: Bool {
        switch self {
        case .html: true
        case .text, .json, .markdown, .junit, .sarif, .github, .xcode, .gitlab, .summary: false
        }
    }

    public func render(_ report: Report, options: FormatOptions = FormatOptions()) -> String {
        switch self {
        case .text: TextFormatter.format(report, options: options)
        case .json: JSONFormatter.format(report)
        case .markdown: MarkdownFormatter.format(report)
        case .junit: JUnitFormatter.format(report)
        case .sarif: SARIFFormatter.format(report, options: options)
        case .html: HTMLFormatter.format(report, options: options)
        case .github: GitHubFormatter.format(report, options: options)
        case .xcode: XcodeFormatter.format(report, options: options)
        case .gitlab: GitLabFormatter.format(report, options: options)
        case .summary: SummaryFormatter.format(report)
        }
    }
}
