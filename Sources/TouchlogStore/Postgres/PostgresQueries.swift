internal import NIOCore
internal import PostgresNIO
import TouchlogFormat

extension PostgresDatabase: SessionReading {
    public func sessions(_ filter: SessionFilter) throws -> [SessionInfo] {
        try withLink { try SessionQueries.sessions(filter, on: $0) }
    }

    public func sessionCount() throws -> Int { try withLink { try SessionQueries.sessionCount(on: $0) } }

    public func rejectedLines(sessionRowID: Int64?) throws -> [RejectedLineInfo] {
        try withLink { try SessionQueries.rejectedLines(sessionRowID: sessionRowID, on: $0) }
    }

    public func session(matching query: String) throws -> SessionInfo {
        try withLink { try SessionQueries.session(matching: query, on: $0) }
    }

    public func sessionKeys(startingWith prefix: String, limit: Int) throws -> [String] {
        try withLink { try SessionQueries.sessionKeys(startingWith: prefix, limit: limit, on: $0) }
    }

    public func hasRecords(sessionRowID: Int64, kind: RecordKind) throws -> Bool {
        try withLink { try SessionQueries.hasRecords(sessionRowID: sessionRowID, kind: kind, on: $0) }
    }

    public func contentHash(sessionRowID: Int64) throws -> String? {
        try withLink { try SessionQueries.contentHash(sessionRowID: sessionRowID, on: $0) }
    }

    public func snapshot(sessionRowID: Int64, at t: Double?) throws -> StoredSnapshot? {
        try withLink { try SessionQueries.snapshot(sessionRowID: sessionRowID, at: t, on: $0) }
    }

    /// Rows read per round trip: enough that the round trips cost little, few enough that memory stays flat.
    static let recordPage = 4096

    /// The one scan of a session's records (``SessionReading/forEachRecord(sessionRowID:seqs:_:)``), PostgreSQL's own
    /// way rather than a statement written once for both stores: pages of one ordered merge, each a round trip,
    /// where SQLite steps two statement handles in step.
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
}
