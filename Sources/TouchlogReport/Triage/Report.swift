/// How a report is built: filters applied after the rules, the baseline, the `--fail-on` threshold.
public struct ReportOptions: Sendable {
    public var filter: ReportFilter
    public var baseline: Baseline?
    /// With `--fail-on`, the exit status is non-zero when a group at or above it remains.
    public var failOn: Severity?
    /// touchlog's version, printed by formats that name their tool (SARIF, JUnit, HTML, JSON).
    public var toolVersion: String

    public init(
        filter: ReportFilter = ReportFilter(), baseline: Baseline? = nil, failOn: Severity? = nil,
        toolVersion: String = "0.0.0"
    ) {
        self.filter = filter
        self.baseline = baseline
        self.failOn = failOn
        self.toolVersion = toolVersion
    }
}

/// A rule as a report lists it (its description without the examples).
public struct RuleSummary: Sendable, Hashable {
    public var identifier: String
    public var name: String
    public var severity: Severity
    public var rationale: String

    public init(identifier: String, name: String, severity: Severity, rationale: String) {
        self.identifier = identifier
        self.name = name
        self.severity = severity
        self.rationale = rationale
    }

    public init(_ description: RuleDescription) {
        self.init(
            identifier: description.identifier, name: description.name, severity: description.severity,
            rationale: description.rationale)
    }
}

/// Everything a formatter prints: the rules that ran, the sessions analysed, the problems (grouped, filtered,
/// baseline applied, ordered for triage) and the timelines around them.
public struct Report: Sendable {
    /// The rules that ran, in registry order.
    public var rules: [RuleSummary]
    /// The sessions analysed, oldest first.
    public var sessions: [SessionRef]
    /// The problems shown, in triage order.
    public var groups: [FindingGroup]
    /// Problems the baseline hid.
    public var hiddenByBaseline: Int
    /// Per session id, timeline entries around its findings.
    public var timelines: [String: [TimelineEntry]]
    public var failOn: Severity?
    public var toolVersion: String

    public init(
        findings: [Finding], sessions: [SessionRef], rules: [RuleSummary], timelines: [String: [TimelineEntry]] = [:],
        options: ReportOptions
    ) {
        self.init(
            groups: Triage.group(findings.filter(options.filter.admits)), sessions: sessions, rules: rules,
            timelines: timelines, options: options)
    }

    /// A report of problems already grouped (and filtered): the baseline hides the ones it lists.
    public init(
        groups grouped: [FindingGroup], sessions: [SessionRef], rules: [RuleSummary],
        timelines: [String: [TimelineEntry]] = [:], options: ReportOptions
    ) {
        let shown = grouped.filter { options.baseline?.contains($0) != true }
        self.rules = rules
        self.sessions = sessions.sorted { ($0.startedAt ?? "", $0.id) < ($1.startedAt ?? "", $1.id) }
        self.groups = shown
        self.hiddenByBaseline = grouped.count - shown.count
        self.timelines = timelines
        self.failOn = options.failOn
        self.toolVersion = options.toolVersion
    }

    /// Every finding of the problems shown, listed or counted.
    public var findingCount: Int { groups.reduce(0) { $0 + $1.findingCount } }

    /// The severity from which a group counts as failing: `--fail-on`, else warning (JUnit marks those failed).
    public var failureThreshold: Severity { failOn ?? .warning }

    /// Whether the group fails the run (`--fail-on`) or its JUnit test case.
    public func isFailing(_ group: FindingGroup) -> Bool { group.severity >= failureThreshold }

    /// 0, or 1 when `--fail-on` was given and a group at or above it remains (documented in docs/report.md).
    public var exitStatus: Int32 {
        guard let failOn else { return 0 }
        return groups.contains { $0.severity >= failOn } ? 1 : 0
    }

    /// Groups per severity, highest first, for summaries.
    public var countsBySeverity: [(Severity, Int)] {
        Severity.allCases.reversed().map { severity in (severity, groups.filter { $0.severity == severity }.count) }
    }

    /// A session by id.
    public func session(_ id: String) -> SessionRef? { sessions.first { $0.id == id } }
}
