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
        case .html: HTMLFormatter.format(report)
        case .github: GitHubFormatter.format(report, options: options)
        case .xcode: XcodeFormatter.format(report, options: options)
        case .gitlab: GitLabFormatter.format(report, options: options)
        case .summary: SummaryFormatter.format(report)
        }
    }
}

/// Presentation choices that are not part of the report itself.
public struct FormatOptions: Sendable {
    /// ANSI colour in the text format (the CLI sets it on a terminal when NO_COLOR is unset).
    public var color: Bool
    /// The columns the text format fits its lines to, breaking at word boundaries with a hanging indent; nil
    /// leaves lines whole (the CLI passes the terminal's width, and nil when standard output is a pipe or a file,
    /// so that what a script or a file receives does not depend on who ran it).
    public var width: Int?
    /// An absolute folder the CI formats (xcode, sarif, github, gitlab) print recordings' paths relative to (those
    /// outside it absolute), from the absolute path ingest stored; nil prints each path as given to
    /// `touchlog ingest`. The CLI passes `--base-path`, else the folder it runs in.
    public var basePath: String?
    /// Where `docs/rules.md` is published (an absolute URL): SARIF's rules then carry `helpUri`, this URL with the
    /// rule's anchor (`…/rules.md#blocked_tap`). nil leaves `helpUri` out (SARIF requires an absolute URI there, and
    /// touchlog does not know where its documentation is served); the `help` text is there either way.
    public var rulesURL: String?

    public init(color: Bool = false, width: Int? = nil, basePath: String? = nil, rulesURL: String? = nil) {
        self.color = color
        self.width = width
        self.basePath = basePath
        self.rulesURL = rulesURL
    }
}
