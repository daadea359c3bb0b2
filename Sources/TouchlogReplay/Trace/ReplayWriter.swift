import TouchlogFormat

/// What `touchlog replay` prints for a session.
public enum ReplayOutputFormat: String, Sendable, CaseIterable {
    /// The timeline a person follows (``TimelineFormatter``).
    case text
    /// The replay trace of the log format, one JSON object per input record (``TraceWriter``).
    case jsonl
    /// One line per session: its id, records replayed, divergences and warnings. No line of the trace is made
    /// (``ReplayDetail/divergences``), so this is replay at its fastest: for CI with `--fail-on-divergence`.
    case summary
}

/// One session of `touchlog replay --all` (or of several ids): its id, its records, and whether it is long (read on a
/// thread of its own and printed as it goes, rather than replayed beside others).
public struct ReplaySessionInput {
    public var session: String
    public var records: any SessionRecords
    public var isLong: Bool

    public init(session: String, records: any SessionRecords, isLong: Bool) {
        self.session = session
        self.records = records
        self.isLong = isLong
    }
}

/// `touchlog replay` over one or many sessions, written in order: what the command's frontend (`ReplayRun`, in
/// TouchlogPipeline, which finds the sessions in the store) replays them with.
///
/// Short sessions are replayed several at once, one per core, each into its own text, and written in the order
/// given; a long session is replayed alone and written as it goes (its reading already has a core of its own), so
/// memory never holds more than a few short sessions' output.
public enum ReplayWriter {
    /// Replays every session and hands the output to `write` in order; `finished` is called after each session's
    /// output with its replayer or the reason it could not be replayed. Errors other than ``ReplayError`` (the
    /// database) stop everything and are thrown. `style` fits the text timeline to a width and colours its
    /// divergences.
    public static func replay(
        _ sessions: [ReplaySessionInput], options: ReplayOptions, format: ReplayOutputFormat, explain: Bool = false,
        style: FormatOptions = FormatOptions(), workers: Int = Parallel.workers, write: (String) -> Void,
        finished: (String, Result<SessionReplayer, ReplayError>) -> Void
    ) throws {
        let tagged = sessions.count > 1
        var index = 0
        while index < sessions.count {
            if sessions[index].isLong {
                let input = sessions[index]
                let result = try capture {
                    try replay(
                        input, first: index == 0, tagged: tagged, options: options, format: format, explain: explain,
                        style: style, write: write)
                }
                finished(input.session, result)
                index += 1
                continue
            }
            // The short sessions up to the next long one: replayed on every core, written in order as each is
            // ready.
            var end = index
            while end < sessions.count, !sessions[end].isLong { end += 1 }
            let first = index
            try Parallel.forEachInOrder(end - first, workers: workers) { k in
                var text = ""
                let result = try capture {
                    try replay(
                        sessions[first + k], first: first + k == 0, tagged: tagged, options: options, format: format,
                        explain: explain, style: style
                    ) { text += $0 }
                }
                return (text, result)
            } then: { k, output in
                write(output.0)
                finished(sessions[first + k].session, output.1)
            }
            index = end
        }
    }

    /// One session's output: the heading (text), the lines, the summary (text).
    static func replay(
        _ input: ReplaySessionInput, first: Bool, tagged: Bool, options: ReplayOptions, format: ReplayOutputFormat,
        explain: Bool, style: FormatOptions = FormatOptions(), write: (String) -> Void
    ) throws -> SessionReplayer {
        var timeline = TimelineWriter(style: style)
        if format == .text {
            if !first { write("\n") }
            write(
                TextWrapper(width: style.width).fit(TimelineFormatter.heading(session: input.session, options: options))
            )
        }
        let replayer = try SessionReplay.replay(
            input.records, session: input.session, options: options,
            detail: format == .summary ? .divergences : .trace,
            presentation: ReplayPresentation(describeObjects: format == .text, explainTouches: explain)
        ) { line in
            switch format {
            case .jsonl: write(TraceWriter.line(line, session: tagged ? input.session : nil) + "\n")
            case .text: write(timeline.add(line))
            case .summary: break
            }
        }
        switch format {
        case .text:
            write(timeline.finish())
            write(
                TimelineFormatter.summary(
                    lines: replayer.lineCount, divergences: replayer.divergenceCount, warnings: replayer.warnings))
        case .summary:
            write(
                "session \(input.session): "
                    + TimelineFormatter.summary(
                        lines: replayer.lineCount, divergences: replayer.divergenceCount, warnings: replayer.warnings))
        case .jsonl: break
        }
        return replayer
    }

    /// A replay error as a result (the session is reported and the others go on); any other error is thrown.
    static func capture(_ body: () throws -> SessionReplayer) throws -> Result<SessionReplayer, ReplayError> {
        do {
            return .success(try body())
        } catch let error as ReplayError {
            return .failure(error)
        }
    }
}
