/// How a report is built: filters applied after the rules, the baseline, the `--fail-on` threshold.
public struct ReportOptions: Sendable {
    public var filter: ReportFilter
    public var baseline: Baseline?
    /// With `--fail-on`, the exit status is non-zero when a group at or above it remains, when a session could
    /// not be analysed, or when none was.
    public var failOn: Severity?
    /// touchlog's version, printed by formats that name their tool (SARIF, JUnit, HTML, JSON).
    public var toolVersion: String
    /// How many sessions the store held before the filter chose among them (nil when the report was not read
    /// from a store): a report over nothing says whether the store was empty or the filter matched none.
    public var storedSessions: Int?

    public init(
        filter: ReportFilter = ReportFilter(), baseline: Baseline? = nil, failOn: Severity? = nil,
        toolVersion: String = "0.0.0", storedSessions: Int? = nil
    ) {
        self.filter = filter
        self.baseline = baseline
        self.failOn = failOn
        self.toolVersion = toolVersion
        self.storedSessions = storedSessions
    }
}

/// A rule as a report lists it (its description without the examples).
public struct RuleSummary: Sendable, Hashable {
    public var identifier: RuleID
    public var name: String
    public var severity: Severity
    public var rationale: String

    public init(identifier: RuleID, name: String, severity: Severity, rationale: String) {
        self.identifier = identifier
        self.name = name
        self.severity = severity
        self.rationale = rationale
    }

    public init(_ description: RuleDescription) {
        self.init(
            identifier: RuleID(description), name: description.name, severity: description.severity,
            rationale: description.rationale)
    }
}

/// Everything a formatter prints: the rules that ran, the sessions analysed and those that could not be, the
/// problems (grouped, filtered, baseline applied, ordered for triage) and the timelines around them.
public struct Report: Sendable {
    /// The rules that ran, in registry order.
    public var rules: [RuleSummary]
    /// The sessions analysed, oldest first.
    public var sessions: [SessionRef]
    /// The sessions covered that could not be analysed (no rule judged them), oldest first.
    public var unanalysed: [UnanalysedSession]
    /// The filter the report ran with, to name its session options when they matched no session.
    public var filter: ReportFilter
    /// Sessions in the store before the filter chose (nil when not read from a store).
    public var storedSessions: Int?
    /// The problems shown, in triage order.
    public var groups: [FindingGroup]
    /// The problems the baseline hid, in triage order: formats count them, and JUnit lists them as skipped.
    public var baselined: [FindingGroup]
    /// How many problems the baseline hid.
    public var hiddenByBaseline: Int { baselined.count }
    /// Per session id, timeline entries around its findings.
    public var timelines: [String: [TimelineEntry]]
    public var failOn: Severity?
    public var toolVersion: String

    public init(
        findings: [Finding], sessions: [SessionRef], unanalysed: [UnanalysedSession] = [], rules: [RuleSummary],
        timelines: [String: [TimelineEntry]] = [:], options: ReportOptions
    ) {
        self.init(
            groups: Triage.group(findings.filter(options.filter.admits)), sessions: sessions, unanalysed: unanalysed,
            rules: rules, timelines: timelines, options: options)
    }

    /// A report of problems already grouped (and filtered): the baseline hides the ones it lists.
    public init(
        groups grouped: [FindingGroup], sessions: [SessionRef], unanalysed: [UnanalysedSession] = [],
        rules: [RuleSummary], timelines: [String: [TimelineEntry]] = [:], options: ReportOptions
    ) {
        func oldestFirst(_ a: SessionRef, _ b: SessionRef) -> Bool {
            // Undated sessions first, then by the instant they started.
            (a.started?.millisecondsSince1970 ?? .min, a.id) < (b.started?.millisecondsSince1970 ?? .min, b.id)
        }
        let shown = grouped.filter { options.baseline?.contains($0) != true }
        self.rules = rules
        self.sessions = sessions.sorted(by: oldestFirst)
        self.unanalysed = unanalysed.sorted { oldestFirst($0.session, $1.session) }
        self.filter = options.filter
        self.storedSessions = options.storedSessions
        self.groups = shown
        self.baselined = grouped.filter { options.baseline?.contains($0) == true }
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

    /// Why no session was analysed, or nil when one was: a report over nothing must say so, not "No problems
    /// found".
    public var nothingAnalysed: NothingAnalysed? {
        // Findings come from analysed sessions, even in a report built from findings without listing them.
        guard sessions.isEmpty, groups.isEmpty, hiddenByBaseline == 0 else { return nil }
        if !unanalysed.isEmpty { return .noneAnalysable(unanalysed.count) }
        if filter.selectsSessions, storedSessions != 0 { return .filterMatchedNone(filter, stored: storedSessions) }
        return .noSessionStored
    }

    /// Whether the report left something unchecked: a session it could not analyse, or no session analysed at
    /// all. `--fail-on` fails on it whatever the threshold, as it fails on a problem.
    public var isIncomplete: Bool { !unanalysed.isEmpty || nothingAnalysed != nil }

    /// 0, or 1 when `--fail-on` was given and a group at or above it remains, a session could not be analysed or
    /// none was (documented in docs/report.md). Without `--fail-on` the report only informs.
    public var exitStatus: Int32 {
        guard let failOn else { return 0 }
        return groups.contains { $0.severity >= failOn } || isIncomplete ? 1 : 0
    }

    /// Groups per severity, highest first, for summaries.
    public var countsBySeverity: [(Severity, Int)] {
        Severity.allCases.reversed().map { severity in (severity, groups.filter { $0.severity == severity }.count) }
    }

    /// The sessions analysed whose recording ingest did not wholly store (cut by a crash, lines set aside): every
    /// format says so, since the rules judged only what was stored.
    public var partialSessions: [SessionRef] { sessions.filter(\.gaps.isPartial) }

    /// A session by id.
    public func session(_ id: String) -> SessionRef? { sessions.first { $0.id == id } }
}
