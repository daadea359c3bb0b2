import ResponderCore
import TouchlogFormat
import TouchlogStore

/// Replays records held in memory (a rule example, a session already loaded) into the same rows a stored run
/// holds, so a report over examples and a report over the database read exactly the same facts.
///
/// ```swift
/// let steps = try RecordsReplay.steps(session: "s1", records: records)            // as recorded
/// let fixed = try RecordsReplay.steps(session: "s1", records: records,
///                                     options: ReplayOptions(policies: PolicyChanges(added: [.tapToDismiss])))
/// ```
public enum RecordsReplay {
    /// One row per input record, as ``ReplayService/storeRun(_:options:presentation:emit:)`` stores them but
    /// without the trace text, as the report reads stored rows (the trace is for `touchlog replay`). With
    /// `detail: .trace` the rows carry the outcome only (first responder, keyboard, key receiver, actions; no
    /// trace text, divergences or report facts), which is much cheaper when only the outcome matters.
    /// Throws ``ReplayError`` when the records cannot be replayed (no snapshot, an event before the first one).
    public static func steps(
        session: String, records: [StoredRecord], options: ReplayOptions = ReplayOptions(),
        detail: ReplayDetail = .facts
    ) throws -> [ReplayStepRow] {
        var replayer = SessionReplayer(
            session: session, options: options, detail: max(detail, .trace),
            recordsSentObservations: records.contains { $0.type == "sent" })
        var rows: [ReplayStepRow] = []
        let withFacts = detail >= .facts
        func row(_ line: ReplayLine) -> ReplayStepRow {
            withFacts ? StepRows.row(line, includingTrace: false) : outcome(line)
        }
        for record in records { try replayer.feed(record) { rows.append(row($0)) } }
        try replayer.finish { rows.append(row($0)) }
        return rows
    }

    /// The outcome of a step without its trace text (writing it costs more than the replay itself).
    static func outcome(_ line: ReplayLine) -> ReplayStepRow {
        var r = ReplayStepRow(seq: line.seq, t: line.t, type: line.record.type, traceJSON: "")
        let s = line.step
        if case .touch(let touch) = line.record {
            r.touch = touch.touch.description
            r.phase = touch.phase.name
            r.view = s.view
        }
        r.firstResponder = s.firstResponder
        r.keyboardVisible = s.keyboardVisible
        r.keyReceiver = s.keyInputReceiver
        r.keyReceiverHidden = s.keyInputReceiverHidden
        r.actions = s.actions.map { .init(action: $0.action, target: $0.target, sender: $0.sender) }
        return r
    }
}
