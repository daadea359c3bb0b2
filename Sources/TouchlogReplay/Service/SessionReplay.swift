import ResponderCore
import TouchlogFormat

/// The outcome of replaying one session in memory.
public struct ReplayResult: Sendable {
    public var session: String
    public var options: ReplayOptions
    /// One per input record, in order.
    public var lines: [ReplayLine]
    public var warnings: [ReplayWarning]
    public var divergenceCount: Int
}

/// What the emitted lines carry for people: readable object names and hit-test explanations (text timeline).
public struct ReplayPresentation: Sendable, Hashable {
    public var describeObjects: Bool
    public var explainTouches: Bool

    public init(describeObjects: Bool = false, explainTouches: Bool = false) {
        self.describeObjects = describeObjects
        self.explainTouches = explainTouches
    }
}

/// `touchlog replay` as a library call: one session's records, from any ``SessionRecords`` source, through the
/// model. The command, the benchmark and the tests all call this.
///
/// ```swift
/// let replayer = try SessionReplay.replay(records, session: "3F2A") { line in print(TraceWriter.line(line)) }
/// print(replayer.divergenceCount)
/// ```
public enum SessionReplay {
    /// Replays a session, streaming each line to `emit` as soon as it is complete; returns the finished replayer
    /// (its counts and warnings). With `detail: .divergences` no line is made: only the counts. `observer` watches
    /// the live model as the replay goes (the replay page draws the screen from it, the report's rules judge it).
    @discardableResult
    public static func replay(
        _ records: some SessionRecords, session: String, options: ReplayOptions = ReplayOptions(),
        detail: ReplayDetail = .trace, presentation: ReplayPresentation = ReplayPresentation(),
        observer: (any ReplayObserver)? = nil, emit: (ReplayLine) throws -> Void = { _ in }
    ) throws -> SessionReplayer {
        var replayer = SessionReplayer(
            session: session, options: options, detail: detail,
            recordsSentObservations: try records.contains(.sent))
        replayer.describeObjects = presentation.describeObjects
        replayer.explainTouches = presentation.explainTouches
        replayer.observer = observer
        try records.forEachRecord { record in try replayer.feed(record, emit: emit) }
        try replayer.finish(emit: emit)
        return replayer
    }

    /// Replays a session in memory, e.g. with a policy added to see whether it would have helped.
    public static func lines(
        _ records: some SessionRecords, session: String, options: ReplayOptions = ReplayOptions()
    ) throws -> ReplayResult {
        var lines: [ReplayLine] = []
        let replayer = try replay(records, session: session, options: options) { lines.append($0) }
        return ReplayResult(
            session: session, options: options, lines: lines, warnings: replayer.warnings,
            divergenceCount: replayer.divergenceCount)
    }
}
