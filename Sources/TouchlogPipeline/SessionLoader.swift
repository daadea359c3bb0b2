import TouchlogFormat
import TouchlogReport
import TouchlogStore

/// Finds the sessions a report covers in the database, one at a time, as ``ReportSession``s whose records stream
/// from the store.
public struct SessionLoader {
    public let database: any SessionReading

    public init(database: any SessionReading) { self.database = database }

    /// The stored sessions `filter` covers, oldest start first. `--session` values are ids or unique prefixes
    /// (an unknown or ambiguous one throws the store's error, which says so).
    public func sessions(_ filter: ReportFilter) throws -> [SessionInfo] { try selection(filter).sessions }

    /// The stored sessions `filter` covers, how many more its options chose that the configuration's exclusions
    /// left out, and the exclusion patterns that matched none of the sessions the options chose (a report says
    /// both: leaving sessions out, or meaning to and missing, must not pass silently).
    public func selection(_ filter: ReportFilter) throws -> (
        sessions: [SessionInfo], excluded: Int, unmatched: [(field: SessionExclusions.Field, pattern: SessionPattern)]
    ) {
        var infos: [SessionInfo]
        if filter.sessions.isEmpty {
            infos = try database.sessions(.init(appVersion: filter.appVersion, since: filter.since))
        } else {
            var seen = Set<Int64>()
            infos = try filter.sessions.map { try database.session(matching: $0) }.filter {
                seen.insert($0.rowID).inserted
            }
            infos.sort { ($0.startedAt ?? "", $0.rowID) < ($1.startedAt ?? "", $1.rowID) }
        }
        var options = filter
        options.excluded = SessionExclusions()
        var excluded = 0
        var chosen: [SessionRef] = []
        let covered = infos.filter {
            let ref = SessionRef(
                id: $0.key, appVersion: $0.appVersion, deviceModel: $0.deviceModel, startedAt: $0.startedAt)
            guard options.admits(ref) else { return false }
            chosen.append(ref)
            if filter.isExcluded(ref) {
                excluded += 1
                return false
            }
            return true
        }
        // Sessions named with --session are never excluded, so no pattern is in force to report on.
        let unmatched =
            filter.sessions.isEmpty
            ? filter.excluded.unmatched(among: chosen, byAppVersion: filter.appVersion == nil) : []
        return (covered, excluded, unmatched)
    }

    /// The covered sessions as the report reads them, in order. Nothing is loaded: each session's records stream
    /// from the store when the report reads them.
    public func reportSessions(_ filter: ReportFilter) throws -> [ReportSession] {
        try sessions(filter).map(session)
    }

    /// A stored session as the report reads it.
    public func session(_ info: SessionInfo) throws -> ReportSession {
        // Ingest stored the header it validated: one that does not read back is an error, never an empty header.
        let header: SessionHeader
        do {
            guard let object = try JSONReader.parse(info.headerJSON).objectValue, let read = SessionHeader(json: object)
            else {
                throw StoreError.unreadableStoredText(
                    what: "the header of session \"\(info.key)\"", reason: "not a session header object")
            }
            header = read
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.unreadableStoredText(what: "the header of session \"\(info.key)\"", reason: "\(error)")
        }
        return ReportSession(
            ref: SessionRef(
                id: info.key, appID: info.appID, appVersion: info.appVersion, appBuild: info.appBuild,
                deviceModel: info.deviceModel, deviceSystem: info.deviceSystem, startedAt: info.startedAt,
                source: info.source, sourcePath: info.sourcePath, headerLine: info.headerLine,
                gaps: RecordingGaps(truncated: info.status == .truncated, linesSetAside: info.rejectedCount)),
            screen: header.screen, records: database.records(of: info))
    }
}
