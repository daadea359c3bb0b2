import TouchlogReplay
import TouchlogStore

/// One `touchlog report` run as a library call: sessions from a loader, rules from an engine, then filters,
/// baseline and the `--fail-on` threshold. The CLI only reads options and calls this.
public struct ReportRun {
    public var filter: ReportFilter
    /// `--baseline FILE`: hide the problems it lists.
    public var baselinePath: String?
    /// `--write-baseline FILE`: write every problem of this report to it.
    public var writeBaselinePath: String?
    public var failOn: Severity?
    public var toolVersion: String

    public init(
        filter: ReportFilter = ReportFilter(), baselinePath: String? = nil, writeBaselinePath: String? = nil,
        failOn: Severity? = nil, toolVersion: String
    ) {
        self.filter = filter
        self.baselinePath = baselinePath
        self.writeBaselinePath = writeBaselinePath
        self.failOn = failOn
        self.toolVersion = toolVersion
    }

    /// What a run produced: the report (with the sessions it could not analyse, ``Report/unanalysed``) and how
    /// many problems went into a written baseline.
    public struct Outcome {
        public var report: Report
        public var baselineWritten: Int?
    }

    /// Reads the baseline first (a bad file fails before any work), analyses `sessions` on every core, and writes
    /// the baseline when asked. `storedSessions` is how many sessions the store held before the filter chose
    /// `sessions` among them (nil: not read from a store).
    public func run(
        engine: ReportEngine, sessions: [ReportSession], storedSessions: Int? = nil, workers: Int = Parallel.workers
    ) throws -> Outcome {
        let baseline = try baselinePath.map { try Baseline(contentsOf: $0) }
        var engine = engine
        try engine.analyze(sessions, filter: filter, workers: workers)
        let report = engine.report(
            ReportOptions(
                filter: filter, baseline: baseline, failOn: failOn, toolVersion: toolVersion,
                storedSessions: storedSessions))
        var written: Int?
        if let writeBaselinePath {
            let all = Baseline(groups: report.groups)
            try all.write(to: writeBaselinePath)
            written = all.entries.count
        }
        return Outcome(report: report, baselineWritten: written)
    }
}

extension ReportRun {
    /// `touchlog report` over the stored sessions `filter` covers: the one entry point that the command, the
    /// benchmark and the tests call. `detail` says what the output format shows (``ReportEngine/Detail/forFormat(_:)``).
    public func run(
        database: TouchlogDatabase, rules: [any Rule.Type] = RuleRegistry.all,
        detail: ReportEngine.Detail = ReportEngine.Detail(), workers: Int = Parallel.workers
    ) throws -> Outcome {
        let engine = try ReportEngine(rules: rules, selecting: filter.rules, detail: detail)
        let sessions = try SessionLoader(database: database).reportSessions(filter)
        return try run(
            engine: engine, sessions: sessions, storedSessions: try database.sessionCount(), workers: workers)
    }
}
