import ResponderCore
import TouchlogFormat
import TouchlogReplay
import TouchlogReport
import TouchlogStore

/// `touchlog replay` as a library call, for the command, the benchmark and the tests: stored sessions replayed
/// through ``ReplayWriter/replay(_:options:format:explain:workers:write:finished:)`` (or, with a policy to
/// compare, twice each), the output in order, each session's warnings and failures on standard error.
public struct ReplayRun {
    /// Which stored sessions to replay.
    public enum Selection: Sendable {
        /// Every stored session (`--all`).
        case all
        /// Session ids or unique prefixes, in any case, in this order.
        case matching([String])
    }

    public var selection: Selection
    public var format: ReplayOutputFormat
    /// In the text timeline, the full hit-test explanation of every new touch.
    public var explain: Bool
    public var options: ReplayOptions
    /// Instead of a replay, what changes between replaying without and with this policy (text only).
    public var comparePolicy: DismissPolicy?
    /// A divergence makes the exit status 1.
    public var failOnDivergence: Bool
    /// Sessions replayed at once.
    public var workers: Int
    /// The text timeline's width and colour (the terminal's, from the CLI).
    public var style: FormatOptions
    /// `--format html`: instead of `format`, the replay page of the one session selected (``ReplayPage``).
    public var page: Bool

    public init(
        _ selection: Selection, format: ReplayOutputFormat = .text, explain: Bool = false,
        options: ReplayOptions = ReplayOptions(), comparePolicy: DismissPolicy? = nil, failOnDivergence: Bool = false,
        workers: Int = Parallel.workers, style: FormatOptions = FormatOptions(), page: Bool = false
    ) {
        self.style = style
        self.page = page
        self.selection = selection
        self.format = format
        self.explain = explain
        self.options = options
        self.comparePolicy = comparePolicy
        self.failOnDivergence = failOnDivergence
        self.workers = workers
    }

    /// What the replay found: divergences over every session replayed, and the sessions that could not be
    /// replayed (the others still were).
    public struct Outcome {
        public var divergences = 0
        public var failedSessions = 0
        var failOnDivergence = false

        /// 2 when a session could not be replayed; else 1 with `failOnDivergence` and a divergence; else 0.
        public var status: ExitStatus {
            if failedSessions > 0 { return .database }
            if failOnDivergence && divergences > 0 { return .failure }
            return .ok
        }
    }

    /// A session that matches nothing (or several) is thrown before anything is replayed; one that cannot be
    /// replayed is said on standard error and counted, and the others are replayed.
    public func run(store: any SessionReading, output: CommandOutput) throws -> Outcome {
        let infos: [SessionInfo]
        switch selection {
        case .all: infos = try store.sessions()
        case .matching(let queries): infos = try queries.map { try store.session(matching: $0) }
        }
        var outcome = Outcome(failOnDivergence: failOnDivergence)
        if page {
            // The command allows one session; a library caller giving several gets the first one's page.
            guard let info = infos.first else { return outcome }
            let session = try SessionLoader(database: store).session(info)
            do {
                let summary = try ReplayPage.write(session, options: options, write: output.write)
                outcome.divergences = summary.divergences
                for warning in summary.warnings {
                    output.diagnose("touchlog: warning: session \"\(info.key)\" \(warning)\n")
                }
            } catch let error as ReplayError {
                output.diagnose("touchlog: error: \(error.description)\n")
                outcome.failedSessions += 1
            }
            return outcome
        }
        if let comparePolicy {
            for info in infos {
                let changes = try PolicyComparison.compare(
                    store.records(of: info), session: info.key, policy: comparePolicy, trust: options.trust)
                output.write("session \(info.key): without and with \(comparePolicy.rawValue)\n")
                if changes.isEmpty { output.write("  no difference\n") }
                for change in changes { output.write("  " + change.text + "\n") }
            }
            return outcome
        }
        let inputs = infos.map {
            ReplaySessionInput(
                session: $0.key, records: store.records(of: $0),
                isLong: $0.recordCount >= StoredSessionRecords.pipelineThreshold)
        }
        try ReplayWriter.replay(
            inputs, options: options, format: format, explain: explain, style: style, workers: workers,
            write: output.write
        ) { session, result in
            switch result {
            case .success(let replayer):
                outcome.divergences += replayer.divergenceCount
                for warning in replayer.warnings {
                    output.diagnose("touchlog: warning: session \"\(session)\" \(warning)\n")
                }
            case .failure(let error):
                // One session's bad data does not stop the others; the exit status says something failed.
                output.diagnose("touchlog: error: \(error.description)\n")
                outcome.failedSessions += 1
            }
        }
        return outcome
    }
}

/// `touchlog explain` as a library call: the session replayed up to a moment, the hit test of a point and the
/// responder chain from the view it hit (``SessionExplainer``).
public struct ExplainRun {
    /// A session id or a unique prefix of one, in any case.
    public var session: String
    /// Seconds since the session started.
    public var at: Double
    /// In screen points.
    public var point: Point
    public var trust: TrustMode
    public var format: OutputFormat
    /// The columns the text fits (the terminal's, from the CLI); nil leaves its lines whole.
    public var width: Int?

    public init(
        session: String, at: Double, point: Point, trust: TrustMode = .model, format: OutputFormat = .text,
        width: Int? = nil
    ) {
        self.width = width
        self.session = session
        self.at = at
        self.point = point
        self.trust = trust
        self.format = format
    }

    /// A session that matches nothing, or cannot be replayed up to `at`, is thrown.
    public func run(store: any SessionReading, output: CommandOutput) throws -> ExitStatus {
        let info = try store.session(matching: session)
        let explanation = try SessionExplainer.explanation(
            store.records(of: info), session: info.key, at: at, point: point, options: ReplayOptions(trust: trust))
        switch format {
        case .text: output.write(TextWrapper(width: width).fit(explanation.text))
        case .json: output.write(explanation.json.serialized() + "\n")
        }
        return .ok
    }
}
