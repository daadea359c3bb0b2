import GRDB
import TouchlogFormat

/// A stored session, as `touchlog sessions` lists it and reports query it.
public struct SessionInfo: Sendable, Hashable, FetchableRecord {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Every line stored.
        case complete
        /// The recording ends in a cut line (a crash while writing); everything before it is stored.
        case truncated
        /// Some lines were rejected and kept aside (`--keep-going`).
        case partial
    }

    /// The database row id (stable while the session is stored; replay and reports reference it).
    public var rowID: Int64
    /// The recorder's session id.
    public var key: String
    public var format: String
    public var startedAt: String?
    public var appID: String?
    public var appVersion: String?
    public var appBuild: String?
    public var deviceModel: String?
    public var deviceSystem: String?
    public var source: String
    /// The line of the session's header in ``source``, so a record's line there is `headerLine + seq - 1` (reports
    /// print FILE:LINE with it). Nil for a session converted from a view-hierarchy dump (its header has
    /// `source.importer`): the importer wrote those records, so they have no line in the dump.
    public var headerLine: Int?
    public var recordCount: Int
    public var touchCount: Int
    public var unknownCount: Int
    public var rejectedCount: Int
    public var duration: Double?
    public var status: Status
    /// Ingested with `--keep-text`: its records may hold typed text.
    public var textKept: Bool
    /// Ingested with `--redact-labels`: its labels are tokens (``LabelRedaction``), not what the app showed.
    public var labelsRedacted: Bool
    public var ingestedAt: String
    public var headerJSON: String

    public init(row: Row) throws {
        rowID = row["id"]
        key = row["session_key"]
        format = row["format"]
        startedAt = row["started_at"]
        appID = row["app_id"]
        appVersion = row["app_version"]
        appBuild = row["app_build"]
        deviceModel = row["device_model"]
        deviceSystem = row["device_system"]
        source = row["source"]
        headerLine = row["header_line"]
        recordCount = row["record_count"]
        touchCount = row["touch_count"]
        unknownCount = row["unknown_count"]
        rejectedCount = row["rejected_count"]
        duration = row["duration"]
        status = try Status(stored: row["status"])
        textKept = row["text_kept"]
        labelsRedacted = row["labels_redacted"]
        ingestedAt = row["ingested_at"]
        headerJSON = row["header_json"]
    }

    // header_line is stored for every session; for an imported dump it is the line in the converted text, which
    // nobody can open, so it is left out here rather than pointing at an unrelated line of the dump.
    static let columns = """
        id, session_key, format, started_at, app_id, app_version, app_build, device_model, device_system, source,
        CASE WHEN json_extract(header_json, '$.source.importer') IS NULL THEN header_line END AS header_line,
        record_count, touch_count, unknown_count, rejected_count, duration, status, text_kept, labels_redacted, ingested_at,
        header_json
        """
}

/// A line refused at ingest and kept by `--keep-going`.
public struct RejectedLineInfo: Sendable, Hashable, FetchableRecord {
    public var sessionRowID: Int64?
    public var source: String
    public var line: Int
    public var column: Int
    public var reason: String
    public var text: String

    public init(row: Row) throws {
        sessionRowID = row["session_id"]
        source = row["source"]
        line = row["line"]
        column = row["col"]
        reason = row["reason"]
        text = row["text"]
    }
}

/// Filters for ``SessionReading/sessions(_:)``; nil fields do not filter.
public struct SessionFilter: Sendable {
    public var appVersion: String?
    /// Sessions started at or after this ISO 8601 text, compared as text (`touchlog report --since`).
    public var startedFrom: String?
    public var startedBefore: String?
    /// Sessions started at or after this moment, compared as instants (`touchlog sessions --since`): a start
    /// recorded as `+02:00` is where it belongs. A session without a start time is left out.
    public var since: Timestamp?
    /// Sessions whose device model contains this text, ignoring ASCII case: `iPhone15` matches `iPhone15,2`
    /// and `iPhone15,4`, `ipad` every iPad. Models are machine identifiers, which people rarely type whole.
    public var device: String?
    /// Only the last `limit` sessions of the list (those that started last), still listed oldest first: what
    /// `tail` of the full list would show.
    public var limit: Int?

    public init(
        appVersion: String? = nil, startedFrom: String? = nil, startedBefore: String? = nil,
        since: Timestamp? = nil, device: String? = nil, limit: Int? = nil
    ) {
        self.appVersion = appVersion
        self.startedFrom = startedFrom
        self.startedBefore = startedBefore
        self.since = since
        self.device = device
        self.limit = limit
    }
}

extension TouchlogDatabase {
    /// Kept for callers that name the filter through the SQLite store.
    public typealias SessionFilter = TouchlogStore.SessionFilter

    /// Stored sessions, oldest start first (then by id); sessions without a start time come last.
    public func sessions(_ filter: SessionFilter) throws -> [SessionInfo] {
        try writer.read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let version = filter.appVersion {
                conditions.append("app_version = ?")
                _ = arguments.append(contentsOf: [version])
            }
            if let from = filter.startedFrom {
                conditions.append("started_at >= ?")
                _ = arguments.append(contentsOf: [from])
            }
            if let before = filter.startedBefore {
                conditions.append("started_at < ?")
                _ = arguments.append(contentsOf: [before])
            }
            if let since = filter.since {
                conditions.append("julianday(started_at) >= julianday(?)")
                _ = arguments.append(contentsOf: [since.sqliteText])
            }
            if let device = filter.device {
                // instr, not LIKE: a model such as "iPhone15,2" holds no wildcard, but what people type might.
                conditions.append("instr(lower(device_model), lower(?)) > 0")
                _ = arguments.append(contentsOf: [device])
            }
            let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            let order = "started_at IS NULL, started_at, id"
            guard let limit = filter.limit else {
                return try SessionInfo.fetchAll(
                    db, sql: "SELECT \(SessionInfo.columns) FROM session \(whereClause) ORDER BY \(order)",
                    arguments: arguments)
            }
            // The end of the list: taken in reverse order, then put back in the list's order.
            _ = arguments.append(contentsOf: [limit])
            return try SessionInfo.fetchAll(
                db,
                sql: """
                    SELECT * FROM (
                        SELECT \(SessionInfo.columns) FROM session \(whereClause)
                        ORDER BY started_at IS NOT NULL, started_at DESC, id DESC LIMIT ?)
                    ORDER BY \(order)
                    """,
                arguments: arguments)
        }
    }

    /// How many sessions are stored, whatever a filter would keep: "none of the 18 stored sessions matches".
    public func sessionCount() throws -> Int {
        try writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM session") ?? 0 }
    }

    /// Lines kept aside by `--keep-going`, for one session or (nil) all of them.
    public func rejectedLines(sessionRowID: Int64?) throws -> [RejectedLineInfo] {
        try writer.read { db in
            if let sessionRowID {
                return try RejectedLineInfo.fetchAll(
                    db, sql: "SELECT * FROM rejected_line WHERE session_id = ? ORDER BY id", arguments: [sessionRowID])
            }
            return try RejectedLineInfo.fetchAll(db, sql: "SELECT * FROM rejected_line ORDER BY id")
        }
    }
}
