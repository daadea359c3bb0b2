import TouchlogFormat
import TouchlogReplay

/// Runs the selected rules over sessions, one streaming pass each, and collects what a report needs: the problems
/// (findings grouped as they come), the sessions analysed, the sessions that could not be analysed, and (for the
/// formats that show them) the timeline around each problem's first finding.
///
/// ```swift
/// var engine = try ReportEngine(rules: RuleRegistry.all, detail: .forFormat(.html))
/// try engine.analyze(ReportSession(jsonLines: text))
/// let report = engine.report(options)
/// ```
public struct ReportEngine {
    /// What the output shows beyond findings: pictures' data and timelines cost time, so only formats that show
    /// them ask for them.
    public struct Detail: Sendable, Hashable {
        public var scenes: Bool
        public var timelines: Bool

        public init(scenes: Bool = true, timelines: Bool = true) {
            self.scenes = scenes
            self.timelines = timelines
        }

        /// What `format` shows.
        public static func forFormat(_ format: ReportFormat) -> Detail {
            Detail(scenes: format.showsScenes, timelines: format.showsTimelines)
        }
    }

    /// The rules that run, in registry order, with their settings.
    public let configured: [ConfiguredRule]
    /// The rules that run, in registry order.
    public var rules: [any Rule.Type] { configured.map(\.type) }
    /// Every rule the engine was given, running or not: what a rule named in text (a stored result, a baseline) is
    /// looked up among.
    public let known: [any Rule.Type]
    public let detail: Detail
    /// The findings so far, grouped into problems as they come (``Triage/Accumulator``).
    public private(set) var problems = Triage.Accumulator()
    /// The sessions analysed: replayed with every rule watching.
    public private(set) var sessions: [SessionRef] = []
    /// The sessions analysed by id, to read the timeline around a problem's first finding.
    private var sources: [String: any SessionRecords] = [:]
    /// Sessions whose records the model could not replay (no snapshot, an event before it, a malformed record),
    /// with replay's error: no rule could judge them, so they are not among ``sessions``.
    public private(set) var unanalysed: [UnanalysedSession] = []
    /// Per session id, the timeline entries around the first finding of each problem found in it.
    public private(set) var timelines: [String: [TimelineEntry]] = [:]

    /// Throws ``ReportError/unknownRule(_:known:)`` for a selected rule that is not among `rules`.
    public init(rules: [any Rule.Type], selecting selected: [RuleID] = [], detail: Detail = Detail()) throws {
        let ids = rules.map { $0.id }
        for id in selected where !ids.contains(id) {
            throw ReportError.unknownRule(id.rawValue, known: ids.map(\.rawValue))
        }
        configured = (selected.isEmpty ? rules : rules.filter { selected.contains($0.id) }).map { ConfiguredRule($0) }
        known = rules
        self.detail = detail
    }

    /// The rules of `rules` that `configuration` runs, with the severity and thresholds it gives each.
    public init(
        rules: [any Rule.Type] = RuleRegistry.all, configuration: ReportConfiguration, detail: Detail = Detail()
    ) {
        configured = configuration.configured(rules)
        known = rules
        self.detail = detail
    }

    /// Runs every rule over `session` in one pass and keeps the findings `filter` admits. Errors reading the
    /// records (the database) are thrown; a session the model cannot replay is listed in ``unanalysed``.
    public mutating func analyze(_ session: ReportSession, filter: ReportFilter = ReportFilter()) throws {
        try analyze([session], filter: filter, workers: 1)
    }

    /// Analyses `sessions` on up to `workers` threads at once (each session is one streaming pass, so a worker
    /// holds one session's rule state at a time) and keeps the results in the order given.
    ///
    /// `stored` gives, by index into `sessions`, what `touchlog worker` stored for a session under this engine's
    /// ``AnalysisFingerprint`` (``StoredOutcome/encoded()``), or nil: a stored outcome is read instead of replaying
    /// the session, and the rest are analysed here. Either way a session gives the same findings. It is called on
    /// the analysing threads, one session at a time, so memory holds only the outcomes being read.
    public mutating func analyze(
        _ sessions: [ReportSession], filter: ReportFilter = ReportFilter(), workers: Int = Parallel.workers,
        stored: StoredOutcomes? = nil
    ) throws {
        let rules = configured
        let known = self.known
        let detail = self.detail
        // Each session's findings are folded into the problems on this thread while the workers go on with the
        // next ones, in the order given: memory holds a few sessions' findings, never the whole report's.
        try Parallel.forEachInOrder(sessions.count, workers: workers) { index in
            let session = sessions[index]
            if let stored, filter.admits(session.ref), let text = try stored(index),
                let outcome = try Self.storedOutcome(text, session: session.ref, scenes: detail.scenes, rules: known)
            {
                switch outcome {
                case .analyzed(let found): return Outcome.analyzed(found.filter(filter.admits))
                case .unreplayable(let error): return Outcome.unreplayable(error)
                }
            }
            return try Self.outcome(of: session, rules: rules, detail: detail, filter: filter)
        } then: { index, outcome in
            let session = sessions[index]
            switch outcome {
            case .skipped:
                return
            case .unreplayable(let reason):
                unanalysed.append(UnanalysedSession(session: session.ref, reason: reason))
            case .analyzed(let found):
                self.sessions.append(session.ref)
                for finding in found { problems.add(finding) }
                if detail.timelines, !found.isEmpty { sources[session.ref.id] = session.records }
            }
        }
        if detail.timelines { try readTimelines() }
    }

    /// The timeline around each problem's first finding (the one a picture shows), read again from its session: a
    /// stretch of records each, whatever the size of the report.
    private mutating func readTimelines() throws {
        var cited: [String: Set<Int>] = [:]
        for group in problems.groups() {
            cited[group.representative.session.id, default: []].formUnion(
                Timeline.centres(of: group.representative.records))
        }
        timelines = [:]
        for (session, seqs) in cited {
            guard let records = sources[session] else { continue }
            timelines[session] = try Timeline.around(Array(seqs), in: records)
        }
    }

    /// What one session gave.
    private enum Outcome {
        /// The filter leaves it out.
        case skipped
        case unreplayable(ReplayError)
        case analyzed([Finding])
    }

    private static func outcome(
        of session: ReportSession, rules: [ConfiguredRule], detail: Detail, filter: ReportFilter
    ) throws -> Outcome {
        guard filter.admits(session.ref) else { return .skipped }
        let found: [Finding]
        do {
            found = try findings(in: session, rules: rules, scenes: detail.scenes).filter(filter.admits)
        } catch let error as ReplayError {
            return .unreplayable(error)
        }
        return .analyzed(found)
    }

    /// What a worker stored for the session at an index of the sessions analysed, nil when nothing.
    public typealias StoredOutcomes = @Sendable (Int) throws -> String?

    /// A stored outcome read back, or nil when the text is not one this touchlog writes (the session is then
    /// analysed here, as if nothing were stored). A finding naming a rule this touchlog does not have is an error:
    /// results are keyed by the analysis that made them, so such a result is not this analysis's, and neither
    /// serving it nor quietly replacing it would be honest.
    static func storedOutcome(_ text: String, session: SessionRef, scenes: Bool, rules: [any Rule.Type]) throws
        -> StoredOutcome?
    {
        do {
            return try StoredOutcome(decoding: text, session: session, scenes: scenes, rules: rules)
        } catch .unreadable {
            return nil
        } catch .unknownRule(let name) {
            throw ReportError.unknownStoredRule(name, session: session.id)
        }
    }

    /// The findings of one session: what a worker computes (see ``add(_:_:)``).
    public static func findings(in session: ReportSession, rules: [ConfiguredRule], scenes: Bool) throws -> [Finding] {
        let context = SessionContext(
            ref: session.ref, screen: session.screen, wantsScenes: scenes, records: session.records)
        return try SessionAnalysis(rules: rules, context: context).run()
    }

    /// The findings of one session, each rule with its defaults.
    public static func findings(in session: ReportSession, rules: [any Rule.Type], scenes: Bool) throws -> [Finding] {
        try findings(in: session, rules: rules.map { ConfiguredRule($0) }, scenes: scenes)
    }

    /// The report of everything analysed so far.
    public func report(_ options: ReportOptions) -> Report {
        Report(
            groups: problems.groups(), sessions: sessions, unanalysed: unanalysed,
            rules: configured.map(\.summary), timelines: timelines, options: options)
    }
}
