import ResponderCore
import TouchlogFormat
import TouchlogStore

/// The outcome of replaying one session in memory.
public struct ReplayResult: Sendable {
    public var session: String
    public var options: ReplayOptions
    /// One per input record, in order.
    public var lines: [ReplayLine]
    public var warnings: [ReplayWarning]
    public var divergenceCount: Int
}

/// Replays stored sessions, and keeps their replay runs in the database for `touchlog report`.
///
/// ```swift
/// let service = ReplayService(database: database)
/// let run = try service.storedRun(for: session)                 // replays first when missing or stale
/// let steps = try database.replaySteps(runID: run.id)           // facts, divergences, actions, ...
/// let fix = try service.replayInMemory(session, options: ReplayOptions(policies: PolicyChanges(added: [.dismissOnOutsideTouch])))
/// ```
public struct ReplayService: Sendable {
    public let database: TouchlogDatabase
    public let touchlogVersion: String

    public init(database: TouchlogDatabase, touchlogVersion: String = TouchlogReplayInfo.touchlogVersion) {
        self.database = database
        self.touchlogVersion = touchlogVersion
    }

    /// Replays a session, streaming each line to `emit` as soon as it is complete; nothing is stored.
    @discardableResult
    public func replay(
        _ session: SessionInfo, options: ReplayOptions = ReplayOptions(), detail: ReplayDetail = .trace,
        presentation: ReplayPresentation = ReplayPresentation(), emit: (ReplayLine) throws -> Void
    ) throws -> SessionReplayer {
        var replayer = SessionReplayer(
            session: session.key, options: options, detail: detail,
            recordsSentObservations: try database.hasRecords(sessionRowID: session.rowID, type: "sent"))
        presentation.apply(to: &replayer)
        try database.forEachRecord(sessionRowID: session.rowID) { record in try replayer.feed(record, emit: emit) }
        try replayer.finish(emit: emit)
        return replayer
    }

    /// Replays a session in memory (with facts), e.g. with a policy added to see whether it would have helped.
    public func replayInMemory(_ session: SessionInfo, options: ReplayOptions = ReplayOptions()) throws -> ReplayResult
    {
        var lines: [ReplayLine] = []
        let replayer = try replay(session, options: options, detail: .facts) { lines.append($0) }
        return ReplayResult(
            session: session.key, options: options, lines: lines, warnings: replayer.warnings,
            divergenceCount: replayer.divergenceCount)
    }

    /// Whether a stored run no longer describes what replay would produce: another model version, touchlog
    /// version, or session content.
    public func isStale(_ run: ReplayRunInfo) throws -> Bool {
        if run.modelVersion != ResponderCoreInfo.modelVersion || run.touchlogVersion != touchlogVersion { return true }
        return try database.contentHash(sessionRowID: run.sessionRowID) != run.contentHash
    }

    /// The stored run of a session for these options, replaying and storing it first when there is none or it is
    /// stale. Read its rows with `TouchlogDatabase.replaySteps(runID:)` / `replayTrace(runID:)`.
    public func storedRun(for session: SessionInfo, options: ReplayOptions = ReplayOptions()) throws -> ReplayRunInfo {
        if let run = try database.replayRun(
            sessionRowID: session.rowID, policies: options.policyKey, trust: options.trust.rawValue),
            try !isStale(run)
        {
            return run
        }
        return try storeRun(session, options: options).run
    }

    /// Replays a session and stores the run (replacing a run with the same options), returning it and the
    /// warnings replay produced.
    public func storeRun(
        _ session: SessionInfo, options: ReplayOptions = ReplayOptions(),
        presentation: ReplayPresentation = ReplayPresentation(),
        emit: @escaping (ReplayLine) throws -> Void = { _ in }
    ) throws -> (run: ReplayRunInfo, warnings: [ReplayWarning]) {
        let header = ReplayRunHeader(
            sessionRowID: session.rowID, policies: options.policyKey, trust: options.trust.rawValue,
            touchlogVersion: touchlogVersion, modelVersion: ResponderCoreInfo.modelVersion,
            contentHash: try database.contentHash(sessionRowID: session.rowID) ?? "")
        var replayer = SessionReplayer(
            session: session.key, options: options, detail: .facts,
            recordsSentObservations: try database.hasRecords(sessionRowID: session.rowID, type: "sent"))
        presentation.apply(to: &replayer)
        var warningCount = 0
        // Records are read on the writing connection (`reading:`), streaming: nothing is held in memory.
        let run = try database.writeReplayRun(
            header, warningCount: { warningCount },
            reading: { writer, forEachRecord in
                func store(_ line: ReplayLine) throws {
                    try writer.write(StepRows.row(line))
                    try emit(line)
                }
                try forEachRecord { record in try replayer.feed(record, emit: store) }
                try replayer.finish(emit: store)
                warningCount = replayer.warnings.count
            })
        let warnings = replayer.warnings
        return (run, warnings)
    }
}

/// What the emitted lines carry for people: readable object names and hit-test explanations (text timeline).
public struct ReplayPresentation: Sendable, Hashable {
    public var describeObjects: Bool
    public var explainTouches: Bool

    public init(describeObjects: Bool = false, explainTouches: Bool = false) {
        self.describeObjects = describeObjects
        self.explainTouches = explainTouches
    }

    func apply(to replayer: inout SessionReplayer) {
        replayer.describeObjects = describeObjects
        replayer.explainTouches = explainTouches
    }
}

/// Turns a replayed line into its stored row.
enum StepRows {
    /// `includingTrace: false` leaves `traceJSON` empty, as the report reads stored rows
    /// (`replaySteps(runID:includingTrace: false)`): the facts are the same either way.
    static func row(_ line: ReplayLine, includingTrace: Bool = true) -> ReplayStepRow {
        var r = ReplayStepRow(
            seq: line.seq, t: line.t, type: line.record.type, traceJSON: includingTrace ? TraceWriter.line(line) : "")
        let s = line.step
        if case .touch(let touch) = line.record {
            r.touch = touch.touch.description
            r.phase = touch.phase.name
            r.view = s.view
            if touch.phase == .began {
                r.x = touch.x
                r.y = touch.y
                r.hitView = s.hitTestView
                r.observedView = touch.view
            }
        }
        if let f = line.facts {
            r.observedViewHidden = f.observedViewHidden
            r.firstResponder = f.firstResponder
            r.firstResponderHidden = f.firstResponderHidden
            r.firstResponderFrame = f.firstResponderFrame.map { [$0.x, $0.y, $0.width, $0.height] }
            r.keyboardVisible = f.keyboardVisible
            r.keyReceiver = f.keyInputReceiver
            r.keyReceiverHidden = f.keyInputReceiverHidden
            r.controlReach =
                f.blockedControls.map { reach("blocked", $0) } + f.unreachableControls.map { reach("unreachable", $0) }
            r.cancellations = zip(s.cancellations, f.cancellationClasses).map { c, cls in
                .init(touch: c.touch, view: c.view, viewClass: cls, cause: c.cause, viewHadBegun: c.viewHadBegun)
            }
        } else {
            r.firstResponder = s.firstResponder
            r.keyboardVisible = s.keyboardVisible
            r.keyReceiver = s.keyInputReceiver
            r.keyReceiverHidden = s.keyInputReceiverHidden
        }
        r.divergences = line.divergences.map {
            .init(
                kind: $0.kind.rawValue, view: $0.view, field: $0.field, expectedJSON: $0.expected.serialized(),
                observedJSON: $0.observed.serialized(), observationSeq: $0.observationSeq)
        }
        r.actions = s.actions.map { .init(action: $0.action, target: $0.target, sender: $0.sender) }
        r.firstResponderChanges = s.firstResponderChanges.map {
            .init(window: $0.window, from: $0.from, to: $0.to, reason: $0.reason)
        }
        return r
    }

    static func reach(_ kind: String, _ c: ControlReach) -> ReplayStepRow.ControlReach {
        .init(
            kind: kind, control: c.control, reason: c.reason, blocker: c.blocker, hitView: c.hitView,
            explanation: c.explanation)
    }
}
