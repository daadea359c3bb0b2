import TouchlogFormat

/// The reading role's statements (``SessionReading``), written once for both stores in ``SQL`` and run by each on a
/// connection of its own. Not here: the scan of a session's records, which each store reads its own fastest way
/// (``TouchlogDatabase/forEachRecord(sessionRowID:seqs:_:)``, ``PostgresDatabase/forEachRecord(sessionRowID:seqs:_:)``).
enum SessionQueries {
    static func sessions(_ filter: SessionFilter, on connection: some SQLConnection) throws -> [SessionInfo] {
        var conditions: [SQL] = []
        if let version = filter.appVersion { conditions.append("app_version = \(version)") }
        if let from = filter.startedFrom { conditions.append("started_at >= \(from)") }
        if let before = filter.startedBefore { conditions.append("started_at < \(before)") }
        if let since = filter.since { conditions.append("\(.startInstant) >= \(.instant(since))") }
        // Not LIKE: a model such as "iPhone15,2" holds no wildcard, but what people type might.
        if let device = filter.device { conditions.append(.containsIgnoringASCIICase("device_model", device)) }
        let whereClause: SQL = conditions.isEmpty ? .empty : "WHERE " + .joined(conditions, separator: " AND ")
        // By when each session started, as an instant (a start written with an offset sorts where it happened);
        // sessions without a start (imported dumps) after them, in the order they were stored.
        let order: SQL = "started_at IS NULL, \(.startInstant), id"
        guard let limit = filter.limit else {
            return try connection.rows(
                "SELECT \(raw: SessionInfo.columns) FROM session \(whereClause) ORDER BY \(order)"
            ).map(SessionInfo.init(row:))
        }
        // `--limit N`: the N sessions that started last (issue 27, item 5), then undated ones only if fewer than N
        // started at a known time; taken newest first, then put back in the list's order.
        return try connection.rows(
            """
            SELECT \(raw: SessionInfo.columns) FROM session WHERE id IN (
                SELECT id FROM session \(whereClause)
                ORDER BY started_at IS NULL, \(.startInstant) DESC, id DESC LIMIT \(limit))
            ORDER BY \(order)
            """
        ).map(SessionInfo.init(row:))
    }

    static func sessionCount(on connection: some SQLConnection) throws -> Int {
        try connection.row("SELECT count(*) FROM session")?.int(0) ?? 0
    }

    static func rejectedLines(sessionRowID: Int64?, on connection: some SQLConnection) throws -> [RejectedLineInfo] {
        let columns = RejectedLineInfo.columns
        let statement: SQL =
            if let sessionRowID {
                "SELECT \(raw: columns) FROM rejected_line WHERE session_id = \(sessionRowID) ORDER BY id"
            } else {
                "SELECT \(raw: columns) FROM rejected_line ORDER BY id"
            }
        return try connection.rows(statement).map(RejectedLineInfo.init(row:))
    }

    /// ``SessionReading/session(matching:)``, on a connection the caller chose: a deletion resolves its ids in the
    /// transaction that deletes them.
    static func session(matching query: String, on connection: some SQLConnection) throws -> SessionInfo {
        guard !query.isEmpty else { throw StoreError.sessionNotFound(query) }
        let columns = SessionInfo.columns
        if let exact = try connection.row("SELECT \(raw: columns) FROM session WHERE session_key = \(query)") {
            return try SessionInfo(row: exact)
        }
        let literal = likeEscaped(query)
        let sameButCase = try connection.rows(
            "SELECT \(raw: columns) FROM session WHERE \(.likeIgnoringASCIICase("session_key", literal)) LIMIT 2")
        if sameButCase.count == 1 { return try SessionInfo(row: sameButCase[0]) }
        let pattern = literal + "%"
        let total =
            try connection.row(
                "SELECT count(*) FROM session WHERE \(.likeIgnoringASCIICase("session_key", pattern))")?.int(0) ?? 0
        let matches = try connection.rows(
            """
            SELECT \(raw: columns) FROM session WHERE \(.likeIgnoringASCIICase("session_key", pattern))
            ORDER BY session_key LIMIT \(SessionCandidate.limit)
            """
        ).map(SessionInfo.init(row:))
        return try SessionInfo.uniquePrefixMatch(query, matches: matches, total: total)
    }

    static func sessionKeys(startingWith prefix: String, limit: Int, on connection: some SQLConnection) throws
        -> [String]
    {
        try connection.rows(
            """
            SELECT session_key FROM session WHERE \(.likeIgnoringASCIICase("session_key", likeEscaped(prefix) + "%"))
            ORDER BY session_key LIMIT \(limit)
            """
        ).map { try $0.string(0) }
    }

    /// `text` as a LIKE pattern that matches only itself (but for ASCII case).
    static func likeEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }

    /// Whether the session has a record of `kind` (`touch` records live in their own table).
    static func hasRecords(sessionRowID: Int64, kind: RecordKind, on connection: some SQLConnection) throws -> Bool {
        let range = RecordKey.range(session: sessionRowID)
        let statement: SQL =
            kind == .touch
            ? "SELECT EXISTS (SELECT 1 FROM touch WHERE key BETWEEN \(range.lower) AND \(range.upper))"
            : """
            SELECT EXISTS (SELECT 1 FROM record WHERE key BETWEEN \(range.lower) AND \(range.upper)
                AND type = \(kind.rawValue))
            """
        return try connection.row(statement)?.bool(0) ?? false
    }

    static func contentHash(sessionRowID: Int64, on connection: some SQLConnection) throws -> String? {
        try connection.row("SELECT content_hash FROM session WHERE id = \(sessionRowID)")?.optionalString(0)
    }

    static func snapshot(sessionRowID: Int64, at t: Double?, on connection: some SQLConnection) throws
        -> StoredSnapshot?
    {
        let range = RecordKey.range(session: sessionRowID)
        let snapshots: SQL = "FROM record WHERE key BETWEEN \(range.lower) AND \(range.upper) AND type = 'snapshot'"
        let statement: SQL =
            if let t {
                "SELECT key, json \(snapshots) AND t <= \(t) ORDER BY key DESC LIMIT 1"
            } else {
                "SELECT key, json \(snapshots) ORDER BY key LIMIT 1"
            }
        guard let row = try connection.row(statement) else { return nil }
        let object = try JSONReader.parse(try row.string(1)).objectValue ?? [:]
        return StoredSnapshot(
            seq: Int(try row.int64(0) & 0xFFFF_FFFF), t: object["t"]?.doubleValue, json: object)
    }
}
