/// Which sessions and findings a report covers: `--session`, `--app-version`, `--since`, `--rule`,
/// `--min-severity`, and the configuration's `excluded:`. Empty or nil members do not filter.
public struct ReportFilter: Sendable, Hashable {
    /// Session ids or unique prefixes of them.
    public var sessions: [String]
    public var appVersion: String?
    /// Sessions started at or after this ISO 8601 date or time (compared as text with `startedAt`, like
    /// `touchlog sessions`; a session without `startedAt` is left out).
    public var since: String?
    /// Findings of these rules only; empty keeps every rule's. Which rules run is the configuration's
    /// (``ReportConfiguration/selection``, where `--rule` goes); this only filters findings.
    public var rules: [String]
    public var minSeverity: Severity
    /// The configuration's `excluded:` (``ReportRun`` sets it from its ``ReportConfiguration``).
    public var excluded: SessionExclusions

    public init(
        sessions: [String] = [], appVersion: String? = nil, since: String? = nil, rules: [String] = [],
        minSeverity: Severity = .info, excluded: SessionExclusions = SessionExclusions()
    ) {
        self.sessions = sessions
        self.appVersion = appVersion
        self.since = since
        self.rules = rules
        self.minSeverity = minSeverity
        self.excluded = excluded
    }

    /// Whether an option chooses among the sessions (`--session`, `--app-version`, `--since`, exclusions);
    /// `--rule` and `--min-severity` only choose findings.
    public var selectsSessions: Bool { !sessions.isEmpty || appVersion != nil || since != nil || !excluded.isEmpty }

    /// Whether the session is covered (prefix match on ids, ignoring case as the store's lookup does; the loader
    /// resolves prefixes against the store).
    public func admits(_ session: SessionRef) -> Bool {
        if !sessions.isEmpty {
            let id = session.id.lowercased()
            if !sessions.contains(where: { id.hasPrefix($0.lowercased()) }) { return false }
        }
        if let appVersion, session.appVersion != appVersion { return false }
        if let since {
            guard let started = session.startedAt, started >= since else { return false }
        }
        return !isExcluded(session)
    }

    /// Whether the configuration's exclusions leave `session` out. The command line names what it wants and wins:
    /// sessions named with `--session` are never excluded, and with `--app-version` the version exclusions do not
    /// apply (devices and sessions still do), as SwiftLint lints a file named on its command line.
    public func isExcluded(_ session: SessionRef) -> Bool {
        sessions.isEmpty && excluded.excludes(session, byAppVersion: appVersion == nil)
    }

    /// Whether the finding is covered: its session, its rule and its severity.
    public func admits(_ finding: Finding) -> Bool {
        admits(finding.session) && (rules.isEmpty || rules.contains(finding.ruleID)) && finding.severity >= minSeverity
    }

    /// Checks `--since`: a date `YYYY-MM-DD`, optionally followed by `T` and a time. Returns the problem, or nil.
    public static func problem(withSince text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        func digits(_ range: Range<Int>) -> Bool {
            range.allSatisfy { $0 < scalars.count && ("0"..."9").contains(scalars[$0]) }
        }
        let dateOK =
            scalars.count >= 10 && digits(0..<4) && scalars[4] == "-" && digits(5..<7) && scalars[7] == "-"
            && digits(8..<10)
        if dateOK && (scalars.count == 10 || (scalars[10] == "T" && scalars.count > 11 && digits(11..<13))) {
            return nil
        }
        return
            "--since \"\(text)\" is not a date; use an ISO 8601 date or time such as 2026-11-19 or 2026-11-19T12:00:00Z"
    }
}
