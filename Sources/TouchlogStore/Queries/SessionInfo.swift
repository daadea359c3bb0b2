import TouchlogFormat

/// A stored session, as `touchlog sessions` lists it and reports query it.
public struct SessionInfo: Sendable, Hashable {
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
    /// The recording as given to `touchlog ingest` ("<stdin>" for standard input).
    public var source: String
    /// The recording's absolute path, resolved at ingest; nil for standard input and for sessions stored before
    /// touchlog kept it (schema version 6).
    public var sourcePath: String?
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
}

extension SessionInfo {
    /// The columns ``init(row:)`` reads, in its order: the same in both stores.
    static let columns = """
        id, session_key, format, started_at, app_id, app_version, app_build, device_model, device_system, source,
        header_line, record_count, touch_count, unknown_count, rejected_count, duration, status, text_kept,
        labels_redacted, ingested_at, header_json, source_path
        """
    /// How many ``columns`` there are: a statement's own columns come after them.
    static let columnCount = 22

    init(row: SQLRow) throws {
        rowID = try row.int64(0)
        key = try row.string(1)
        format = try row.string(2)
        startedAt = try row.optionalString(3)
        appID = try row.optionalString(4)
        appVersion = try row.optionalString(5)
        appBuild = try row.optionalString(6)
        deviceModel = try row.optionalString(7)
        deviceSystem = try row.optionalString(8)
        source = try row.string(9)
        recordCount = try row.int(11)
        touchCount = try row.int(12)
        unknownCount = try row.int(13)
        rejectedCount = try row.int(14)
        duration = try row.optionalDouble(15)
        status = try Status(stored: try row.string(16))
        textKept = try row.bool(17)
        labelsRedacted = try row.bool(18)
        ingestedAt = try row.string(19)
        headerJSON = try row.string(20)
        sourcePath = try row.optionalString(21)
        // header_line is stored for every session; for an imported dump (its header has `source.importer`) it is
        // the line in the converted text, which nobody can open, so it is left out rather than pointing at an
        // unrelated line of the dump. Decided here, with the one JSON reader, rather than in each store's SQL.
        let importer = (try? JSONReader.parse(headerJSON))?["source"]?["importer"]
        switch importer {
        case nil, .null?: headerLine = try row.int(10)
        case .bool?, .number?, .string?, .array?, .object?: headerLine = nil
        }
    }
}

/// A line refused at ingest and kept by `--keep-going`.
public struct RejectedLineInfo: Sendable, Hashable {
    public var sessionRowID: Int64?
    public var source: String
    public var line: Int
    public var column: Int
    public var reason: String
    public var text: String
}

extension RejectedLineInfo {
    /// The columns ``init(row:)`` reads, in its order.
    static let columns = "session_id, source, line, col, reason, text"

    init(row: SQLRow) throws {
        sessionRowID = try row.isNull(0) ? nil : row.int64(0)
        source = try row.string(1)
        line = try row.int(2)
        column = try row.int(3)
        reason = try row.string(4)
        text = try row.string(5)
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
    /// Only the `limit` sessions that started last, still listed oldest first; sessions without a start time (listed
    /// after the dated ones) are in it only when fewer than `limit` sessions are dated.
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
}
