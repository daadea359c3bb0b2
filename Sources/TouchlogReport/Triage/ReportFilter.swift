import TouchlogFormat

/// Which sessions and findings a report covers: `--session`, `--app-version`, `--since`, `--rule`,
/// `--min-severity`, and the configuration's `excluded:`. Empty or nil members do not filter.
public struct ReportFilter: Sendable, Hashable {
    /// Session ids or unique prefixes of them.
    public var sessions: [String]
    public var appVersion: String?
    /// Sessions started at or after this moment (compared as instants with `startedAt`, as `touchlog sessions`
    /// does, so a start written with an offset sorts where it belongs; a session without `startedAt` is left out).
    public var since: Timestamp?
    /// Findings of these rules only; empty keeps every rule's. Which rules run is the configuration's
    /// (``ReportConfiguration/selection``, where `--rule` goes); this only filters findings.
    public var rules: [RuleID]
    public var minSeverity: Severity
    /// The configuration's `excluded:` (TouchlogPipeline's `ReportRun` sets it from its ``ReportConfiguration``).
    public var excluded: SessionExclusions

    public init(
        sessions: [String] = [], appVersion: String? = nil, since: Timestamp? = nil, rules: [RuleID] = [],
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
            guard let started = session.started, started >= since else {
                return false
            }
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
}
