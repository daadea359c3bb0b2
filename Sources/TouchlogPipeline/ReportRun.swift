import TouchlogReplay
import TouchlogReport
import TouchlogStore

/// One `touchlog report` run as a library call: sessions from a loader, rules from an engine, then filters,
/// baseline and the `--fail-on` threshold. The CLI only reads options (and `.touchlog.yml`, into a
/// ``ReportConfiguration``) and calls this.
public struct ReportRun {
    /// The command line's choice of sessions and findings; the configuration's exclusions are added to it.
    public var filter: ReportFilter
    /// Which rules run, with which severity and thresholds; the sessions left out; the baseline to read.
    public var configuration: ReportConfiguration
    /// `--write-baseline FILE`: write every problem of this report to it.
    public var writeBaselinePath: String?
    public var failOn: Severity?
    public var toolVersion: String
    /// Whose stored results this run may read: only those a worker of the same analysis stored (this build's,
    /// unless a test says otherwise).
    public var analysisIdentity: String

    public init(
        filter: ReportFilter = ReportFilter(), configuration: ReportConfiguration = ReportConfiguration(),
        writeBaselinePath: String? = nil, failOn: Severity? = nil, toolVersion: String,
        analysisIdentity: String = AnalysisIdentity.current
    ) {
        self.filter = filter
        self.configuration = configuration
        self.writeBaselinePath = writeBaselinePath
        self.failOn = failOn
        self.toolVersion = toolVersion
        self.analysisIdentity = analysisIdentity
    }

    /// What a run produced: the report (with the sessions it could not analyse, ``Report/unanalysed``), how
    /// many problems went into a written baseline, and how many sessions the configuration's exclusions left out.
    public struct Outcome {
        public var report: Report
        public var baselineWritten: Int?
        public var excludedSessions = 0
        /// The configuration's exclusion patterns that matched none of the sessions the options chose.
        public var unmatchedExclusions: [(field: SessionExclusions.Field, pattern: SessionPattern)] = []
    }

    /// The filter in force: the command line's, with the configuration's exclusions.
    var effectiveFilter: ReportFilter {
        var filter = self.filter
        filter.excluded = configuration.excluded
        return filter
    }

    /// Reads the baseline first (a bad file fails before any work), analyses `sessions` on every core, and writes
    /// the baseline when asked. `storedSessions` is how many sessions the store held before the filter chose
    /// `sessions` among them (nil: not read from a store).
    /// `stored` holds, by index into `sessions`, the outcomes workers stored (``ReportEngine/analyze(_:filter:workers:stored:)``).
    public func run(
        engine: ReportEngine, sessions: [ReportSession], storedSessions: Int? = nil, workers: Int = Parallel.workers,
        stored: ReportEngine.StoredOutcomes? = nil
    ) throws -> Outcome {
        let baseline = try configuration.baseline.map { try Baseline(contentsOf: $0, rules: engine.known) }
        let filter = effectiveFilter
        var engine = engine
        try engine.analyze(sessions, filter: filter, workers: workers, stored: stored)
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
    /// benchmark and the tests call. Sessions a worker analysed under this configuration's
    /// ``AnalysisFingerprint`` are read from its stored results; the rest are analysed here. Nothing is written. `rules` are the rules known (the configuration chooses among them and sets
    /// each one's severity and thresholds); `detail` says what the output format shows
    /// (``ReportEngine/Detail/forFormat(_:)``).
    public func run(
        database: any SessionReading & AnalysisResults, rules: [any Rule.Type] = RuleRegistry.all,
        detail: ReportEngine.Detail = ReportEngine.Detail(), workers: Int = Parallel.workers
    ) throws -> Outcome {
        let engine = ReportEngine(rules: rules, configuration: configuration, detail: detail)
        let loader = SessionLoader(database: database)
        let selection = try loader.selection(effectiveFilter)
        // What workers stored under the fingerprint they store with.
        let fingerprint = AnalysisFingerprint(
            configuration: configuration, rules: rules, scenes: AnalysisFingerprint.workerKeepsScenes,
            analysisIdentity: analysisIdentity)
        // Which sessions have a result is one query; each result is read when its session comes up.
        let rowIDs = selection.sessions.map(\.rowID)
        let analysed = try database.analysedSessions(fingerprint: fingerprint.key, sessionRowIDs: rowIDs)
        var stored: ReportEngine.StoredOutcomes?
        if !analysed.isEmpty {
            let key = fingerprint.key
            stored = { index in
                guard analysed.contains(rowIDs[index]) else { return nil }
                return try database.storedAnalysis(fingerprint: key, sessionRowID: rowIDs[index])
            }
        }
        var outcome = try run(
            engine: engine, sessions: try selection.sessions.map(loader.session),
            storedSessions: try database.sessionCount(), workers: workers, stored: stored)
        outcome.excludedSessions = selection.excluded
        outcome.unmatchedExclusions = selection.unmatched
        return outcome
    }
}
