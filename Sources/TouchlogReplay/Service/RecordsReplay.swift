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
    /// One row per input record, as ``ReplayService/storeRun(_:options:presentation:emit:)`` stores them.
    /// Throws ``ReplayError`` when the records cannot be replayed (no snapshot, an event before the first one).
    public static func steps(
        session: String, records: [StoredRecord], options: ReplayOptions = ReplayOptions()
    ) throws -> [ReplayStepRow] {
        var replayer = SessionReplayer(
            session: session, options: options, detail: .facts,
            recordsSentObservations: records.contains { $0.type == "sent" })
        var rows: [ReplayStepRow] = []
        for record in records { try replayer.feed(record) { rows.append(StepRows.row($0)) } }
        try replayer.finish { rows.append(StepRows.row($0)) }
        return rows
    }
}
