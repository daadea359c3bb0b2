import TouchlogFormat
import TouchlogReplay
import TouchlogStore

/// Reads the sessions a report covers from the database, one at a time, as ``AnalyzedSession``s.
///
/// Each session comes with its stored replay run's facts, replayed and stored first when there is none or a stale
/// one (``ReplayService/storedRun(for:options:)``).
public struct SessionLoader {
    public let database: TouchlogDatabase

    public init(database: TouchlogDatabase) { self.database = database }

    /// The stored sessions `filter` covers, oldest start first. `--session` values are ids or unique prefixes
    /// (an unknown or ambiguous one throws the store's error, which says so).
    public func sessions(_ filter: ReportFilter) throws -> [SessionInfo] {
        var infos: [SessionInfo]
        if filter.sessions.isEmpty {
            infos = try database.sessions(.init(appVersion: filter.appVersion, startedFrom: filter.since))
        } else {
            var seen = Set<Int64>()
            infos = try filter.sessions.map { try database.session(matching: $0) }.filter {
                seen.insert($0.rowID).inserted
            }
            infos.sort { ($0.startedAt ?? "", $0.rowID) < ($1.startedAt ?? "", $1.rowID) }
        }
        return infos.filter {
            filter.admits(SessionRef(id: $0.key, appVersion: $0.appVersion, startedAt: $0.startedAt))
        }
    }

    /// Calls `body` with each covered session, records loaded, in order; only one session's records are in
    /// memory at a time.
    public func forEachSession(_ filter: ReportFilter, _ body: (AnalyzedSession) throws -> Void) throws {
        try forEachSession(try sessions(filter), body)
    }

    /// Calls `body` with each of `infos` (from ``sessions(_:)``), records loaded, in the order given.
    public func forEachSession(_ infos: [SessionInfo], _ body: (AnalyzedSession) throws -> Void) throws {
        for info in infos {
            let records = try database.records(sessionRowID: info.rowID)
            var session = AnalyzedSession(info: info, records: records, headerLine: info.headerLine)
            session.replay = try replayFacts(info, records: session.records)
            try body(session)
        }
    }

    /// The stored run's steps; nil when the session cannot be replayed (replay's own error says why in `touchlog
    /// replay`; the report still runs the rules that read only the recording).
    private func replayFacts(_ info: SessionInfo, records: [SessionRecord]) throws -> ReplayFacts? {
        let service = ReplayService(database: database)
        let run: ReplayRunInfo
        do {
            run = try service.storedRun(for: info)
        } catch is ReplayError {
            return nil
        }
        return ReplayFacts(
            session: info.key, steps: try database.replaySteps(runID: run.id, includingTrace: false), records: records)
    }
}
