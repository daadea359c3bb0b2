import PostgresNIO
import TouchlogFormat

/// A statement with numbered parameters, built a clause at a time.
struct PostgresStatement {
    var sql = ""
    var binds = PostgresBindings()

    /// Binds `value` and returns its placeholder (`$3`).
    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: binds) }
}

/// SQLite's `lower()` and `LIKE` fold ASCII letters only; PostgreSQL's fold every letter of the locale. Folding with
/// `translate` keeps the stores in agreement: `É` matches only `É` in both.
func asciiLower(_ expression: String) -> String {
    "translate(\(expression), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
}

extension SessionInfo {
    /// The columns ``init(postgres:)`` reads, in its order.
    static let postgresColumns = """
        id, session_key, format, started_at, app_id, app_version, app_build, device_model, device_system, source,
        header_line, record_count, touch_count, unknown_count, rejected_count, duration, status, text_kept,
        labels_redacted, ingested_at, header_json
        """

    init(postgres row: PostgresRow) throws {
        let cells = PostgresRandomAccessRow(row)
        rowID = try cells[0].decode(Int64.self)
        key = try cells[1].decode(String.self)
        format = try cells[2].decode(String.self)
        startedAt = try cells[3].decode(String?.self)
        appID = try cells[4].decode(String?.self)
        appVersion = try cells[5].decode(String?.self)
        appBuild = try cells[6].decode(String?.self)
        deviceModel = try cells[7].decode(String?.self)
        deviceSystem = try cells[8].decode(String?.self)
        source = try cells[9].decode(String.self)
        recordCount = try cells[11].decode(Int.self)
        touchCount = try cells[12].decode(Int.self)
        unknownCount = try cells[13].decode(Int.self)
        rejectedCount = try cells[14].decode(Int.self)
        duration = try cells[15].decode(Double?.self)
        status = try Status(stored: try cells[16].decode(String.self))
        textKept = try cells[17].decode(Bool.self)
        labelsRedacted = try cells[18].decode(Bool.self)
        ingestedAt = try cells[19].decode(String.self)
        headerJSON = try cells[20].decode(String.self)
        // As the SQLite store's query decides it with json_extract: a header written by an importer has no line a
        // person can open.
        let importer = (try? JSONReader.parse(headerJSON))?["source"]?["importer"]
        switch importer {
        case nil, .null?: headerLine = try cells[10].decode(Int.self)
        case .bool?, .number?, .string?, .array?, .object?: headerLine = nil
        }
    }
}

extension RejectedLineInfo {
    init(postgres row: PostgresRow) throws {
        let cells = PostgresRandomAccessRow(row)
        sessionRowID = try cells[0].decode(Int64?.self)
        source = try cells[1].decode(String.self)
        line = try cells[2].decode(Int.self)
        column = try cells[3].decode(Int.self)
        reason = try cells[4].decode(String.self)
        text = try cells[5].decode(String.self)
    }
}

extension PostgresDatabase {
    public func sessions(_ filter: SessionFilter) throws -> [SessionInfo] {
        var statement = PostgresStatement()
        var conditions: [String] = []
        if let version = filter.appVersion { conditions.append("app_version = \(statement.bind(version))") }
        if let from = filter.startedFrom { conditions.append("started_at >= \(statement.bind(from))") }
        if let before = filter.startedBefore { conditions.append("started_at < \(statement.bind(before))") }
        if let since = filter.since {
            conditions.append("started_ms >= \(statement.bind(since.millisecondsSince1970))")
        }
        if let device = filter.device {
            conditions.append("strpos(\(asciiLower("device_model")), \(asciiLower(statement.bind(device)))) > 0")
        }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let order = "started_at IS NULL, started_at, id"
        if let limit = filter.limit {
            statement.sql = """
                SELECT * FROM (
                    SELECT \(SessionInfo.postgresColumns) FROM session \(whereClause)
                    ORDER BY started_at IS NOT NULL, started_at DESC, id DESC LIMIT \(statement.bind(limit))) AS last
                ORDER BY \(order)
                """
        } else {
            statement.sql = "SELECT \(SessionInfo.postgresColumns) FROM session \(whereClause) ORDER BY \(order)"
        }
        return try withLink { try $0.query(statement.query).map(SessionInfo.init(postgres:)) }
    }

    public func sessionCount() throws -> Int {
        try withLink { try $0.query("SELECT count(*) FROM session").first?.decode(Int.self) ?? 0 }
    }

    public func rejectedLines(sessionRowID: Int64?) throws -> [RejectedLineInfo] {
        let columns = "session_id, source, line, col, reason, text"
        let query: PostgresQuery =
            if let sessionRowID {
                "SELECT \(unescaped: columns) FROM rejected_line WHERE session_id = \(sessionRowID) ORDER BY id"
            } else {
                "SELECT \(unescaped: columns) FROM rejected_line ORDER BY id"
            }
        return try withLink { try $0.query(query).map(RejectedLineInfo.init(postgres:)) }
    }

    public func session(matching query: String) throws -> SessionInfo {
        try withLink { try Self.session(matching: query, $0) }
    }

    /// ``session(matching:)`` on a connection in a transaction of the caller's (a deletion resolves and deletes in
    /// one). The rule is ``TouchlogDatabase/session(matching:)``'s: exact, then equal but for ASCII case, then a
    /// unique prefix ignoring ASCII case.
    static func session(matching query: String, _ link: PostgresLink) throws -> SessionInfo {
        guard !query.isEmpty else { throw StoreError.sessionNotFound(query) }
        let columns = SessionInfo.postgresColumns
        if let exact = try link.query(
            "SELECT \(unescaped: columns) FROM session WHERE session_key = \(query)"
        ).first {
            return try SessionInfo(postgres: exact)
        }
        let literal = TouchlogDatabase.likeEscaped(query)
        /// `session_key LIKE pattern` folding ASCII case only, as SQLite's LIKE does.
        func like(_ pattern: String, _ rest: String, select: String = columns) -> PostgresQuery {
            var statement = PostgresStatement()
            statement.sql = """
                SELECT \(select) FROM session
                WHERE \(asciiLower("session_key")) LIKE \(asciiLower(statement.bind(pattern))) ESCAPE '\\' \(rest)
                """
            return statement.query
        }
        let sameButCase = try link.query(like(literal, "LIMIT 2"))
        if sameButCase.count == 1 { return try SessionInfo(postgres: sameButCase[0]) }
        let pattern = literal + "%"
        let total = try link.query(like(pattern, "", select: "count(*)")).first?.decode(Int.self) ?? 0
        let matches = try link.query(
            like(pattern, "ORDER BY session_key LIMIT \(TouchlogDatabase.candidateLimit)")
        ).map(SessionInfo.init(postgres:))
        return try SessionInfo.uniquePrefixMatch(query, matches: matches, total: total)
    }

    public func sessionKeys(startingWith prefix: String, limit: Int) throws -> [String] {
        let pattern = TouchlogDatabase.likeEscaped(prefix) + "%"
        var statement = PostgresStatement()
        let placeholder = statement.bind(pattern)
        statement.sql = """
            SELECT session_key FROM session WHERE \(asciiLower("session_key")) LIKE \(asciiLower(placeholder)) ESCAPE '\\'
            ORDER BY session_key LIMIT \(statement.bind(limit))
            """
        return try withLink { try $0.query(statement.query).map { try $0.decode(String.self) } }
    }

    /// Rows read per round trip: enough that the round trips cost little, few enough that memory stays flat.
    static let recordPage = 4096

    public func forEachRecord(
        sessionRowID: Int64, seqs: ClosedRange<Int>?, _ body: (SessionRecord) throws -> Void
    ) throws {
        var range = RecordKey.range(session: sessionRowID)
        if let seqs {
            range = (
                range.lower + Int64(max(0, seqs.lowerBound)),
                range.lower + Int64(min(seqs.upperBound, Int(UInt32.max)))
            )
        }
        // One ordered merge of the two key ranges (PostgreSQL's Merge Append of two primary-key scans), a page at a
        // time from where the last page ended: no cursor or transaction is held while `body` works.
        var lower = range.lower
        while lower <= range.upper {
            let query: PostgresQuery = """
                (SELECT key, true, t, touch_number, touch_text, phase, x, y, "window", tap_count, event, view, NULL::text
                    FROM touch WHERE key BETWEEN \(lower) AND \(range.upper) ORDER BY key LIMIT \(Self.recordPage))
                UNION ALL
                (SELECT key, false, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, json
                    FROM record WHERE key BETWEEN \(lower) AND \(range.upper) ORDER BY key LIMIT \(Self.recordPage))
                ORDER BY 1 LIMIT \(Self.recordPage)
                """
            let rows = try withLink { try $0.query(query) }
            for row in rows { try body(try Self.record(row)) }
            guard rows.count == Self.recordPage, let last = rows.last else { return }
            lower = try PostgresRandomAccessRow(last)[0].decode(Int64.self) + 1
        }
    }

    private static func record(_ row: PostgresRow) throws -> SessionRecord {
        let cells = PostgresRandomAccessRow(row)
        let seq = Int(try cells[0].decode(Int64.self) & 0xFFFF_FFFF)
        guard try cells[1].decode(Bool.self) else {
            // Every other record is kept as its JSON text: decoded here, once, into its typed form.
            var json = try cells[12].decode(String.self)
            let record = try json.withUTF8 { try Record(decoding: $0, seq: seq) }
            return SessionRecord(seq: seq, record: record)
        }
        let touch: TouchIdentifier =
            if let number = try cells[3].decode(Int64?.self) {
                .number(number)
            } else {
                .string(try cells[4].decode(String?.self) ?? "")
            }
        let record = TouchRecord(
            t: try cells[2].decode(Double.self), touch: touch,
            phase: try TouchPhase(storedCode: Int64(try cells[5].decode(Int16.self)), seq: seq),
            x: try cells[6].decode(Double.self), y: try cells[7].decode(Double.self),
            window: try cells[8].decode(String?.self), tapCount: try cells[9].decode(Int?.self),
            event: try cells[10].decode(Int?.self), view: try cells[11].decode(String?.self))
        return SessionRecord(seq: seq, record: .touch(record))
    }

    public func hasRecords(sessionRowID: Int64, kind: RecordKind) throws -> Bool {
        let range = RecordKey.range(session: sessionRowID)
        let query: PostgresQuery =
            kind == .touch
            ? "SELECT EXISTS (SELECT 1 FROM touch WHERE key BETWEEN \(range.lower) AND \(range.upper))"
            : "SELECT EXISTS (SELECT 1 FROM record WHERE key BETWEEN \(range.lower) AND \(range.upper) AND type = \(kind.rawValue))"
        return try withLink { try $0.query(query).first?.decode(Bool.self) ?? false }
    }

    public func contentHash(sessionRowID: Int64) throws -> String? {
        try withLink {
            try $0.query("SELECT content_hash FROM session WHERE id = \(sessionRowID)").first?.decode(String.self)
        }
    }

    public func snapshot(sessionRowID: Int64, at t: Double?) throws -> StoredSnapshot? {
        let range = RecordKey.range(session: sessionRowID)
        let query: PostgresQuery =
            if let t {
                """
                SELECT key, json FROM record WHERE key BETWEEN \(range.lower) AND \(range.upper) AND type = 'snapshot'
                    AND t <= \(t) ORDER BY key DESC LIMIT 1
                """
            } else {
                """
                SELECT key, json FROM record WHERE key BETWEEN \(range.lower) AND \(range.upper) AND type = 'snapshot'
                    ORDER BY key LIMIT 1
                """
            }
        guard let row = try withLink({ try $0.query(query).first }) else { return nil }
        let (key, json) = try row.decode((Int64, String).self)
        let object = try JSONReader.parse(json).objectValue ?? [:]
        return StoredSnapshot(seq: Int(key & 0xFFFF_FFFF), t: object["t"]?.doubleValue, json: object)
    }
}
