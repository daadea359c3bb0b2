/// Runs the selected rules over sessions and collects what a report needs: findings, the sessions analysed,
/// and the timeline around each finding.
///
/// ```swift
/// var engine = try ReportEngine(rules: RuleRegistry.all, selecting: filter.rules)
/// try SessionLoader(database: store).forEachSession(filter) { engine.analyze($0, filter: filter) }
/// let report = engine.report(options)
/// ```
public struct ReportEngine {
    /// The rules that run, in registry order.
    public let rules: [any Rule.Type]
    public private(set) var findings: [Finding] = []
    public private(set) var sessions: [SessionRef] = []
    /// Per session id, the timeline entries around its findings.
    public private(set) var timelines: [String: [TimelineEntry]] = [:]

    /// Throws ``ReportError/noRulesRegistered`` when `rules` is empty (nothing would be checked), and
    /// ``ReportError/unknownRule(_:known:)`` for a selected identifier that is not among them.
    public init(rules: [any Rule.Type], selecting identifiers: [String] = []) throws {
        guard !rules.isEmpty else { throw ReportError.noRulesRegistered }
        let known = rules.map { $0.description.identifier }
        for identifier in identifiers where !known.contains(identifier) {
            throw ReportError.unknownRule(identifier, known: known)
        }
        self.rules = identifiers.isEmpty ? rules : rules.filter { identifiers.contains($0.description.identifier) }
    }

    /// Runs every rule over `session` and keeps the findings `filter` admits.
    public mutating func analyze(_ session: AnalyzedSession, filter: ReportFilter = ReportFilter()) {
        guard filter.admits(session.ref) else { return }
        sessions.append(session.ref)
        let context = RuleContext(session: session)
        var found: [Finding] = []
        for rule in rules {
            found += rule.init().findings(in: context).filter(filter.admits)
        }
        guard !found.isEmpty else { return }
        findings += found
        timelines[session.ref.id] = Timeline.around(found.flatMap(\.records), in: Timeline.entries(for: session))
    }

    /// The report of everything analysed so far.
    public func report(_ options: ReportOptions) -> Report {
        Report(
            findings: findings, sessions: sessions, rules: rules.map { RuleSummary($0.description) },
            timelines: timelines, options: options)
    }
}
