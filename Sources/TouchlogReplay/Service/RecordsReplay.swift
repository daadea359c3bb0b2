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

    /// The model after feeding every record whose `seq` is below `seq` (touches of a UIEvent still being grouped
    /// are not dispatched yet): the screen just before that record, for pictures. Nil when there is no snapshot
    /// before it or the records cannot be replayed.
    public static func model(
        session: String, records: [StoredRecord], before seq: Int, options: ReplayOptions = ReplayOptions()
    ) -> ResponderModel? {
        var replayer = SessionReplayer(session: session, options: options, detail: .divergences)
        for record in records {
            guard record.seq < seq else { break }
            do { try replayer.feed(record) { _ in } } catch { return nil }
        }
        return replayer.model
    }
}
