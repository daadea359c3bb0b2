import GRDB
import GRDBSQLite
import TouchlogFormat

/// Reads a session's records on an open connection, so replay can read them inside the transaction that stores its
/// run (a second read through the database's writer would re-enter it, which GRDB forbids). Same order and content
/// as ``TouchlogDatabase/forEachRecord(sessionRowID:_:)``: a merge of the `touch` and `record` key ranges.
struct RecordScan {
    let db: Database

    func forEach(sessionRowID: Int64, _ body: (StoredRecord) throws -> Void) throws {
        let touches = try db.makeStatement(
            sql:
                "SELECT seq, t, touch, phase, x, y, window, tap_count, event, view, raw_json FROM touch WHERE key BETWEEN ? AND ? ORDER BY key"
        )
        let others = try db.makeStatement(sql: "SELECT seq, json FROM record WHERE key BETWEEN ? AND ? ORDER BY key")
        let range = RecordKey.range(session: sessionRowID)
        let touchRows = try Row.fetchCursor(touches, arguments: [range.lower, range.upper])
        let otherRows = try Row.fetchCursor(others, arguments: [range.lower, range.upper]).map { row -> (Int, String) in
            (row["seq"], row["json"])
        }
        var touchRow = try touchRows.next().map(Self.touch)
        var otherRow = try otherRows.next()
        while touchRow != nil || otherRow != nil {
            let touchSeq = touchRow?.seq ?? Int.max
            let otherSeq = otherRow?.0 ?? Int.max
            if touchSeq < otherSeq {
                try body(touchRow!)
                touchRow = try touchRows.next().map(Self.touch)
            } else {
                let value = try JSONReader.parse(otherRow!.1)
                try body(StoredRecord(seq: otherSeq, content: .object(value.objectValue ?? [:]), rawJSON: nil))
                otherRow = try otherRows.next()
            }
        }
    }

    static func touch(_ row: Row) -> StoredRecord {
        let id: TouchIdentifier
        let stored: DatabaseValue = row[2]
        switch stored.storage {
        case .int64(let number): id = .number(number)
        case .string(let text): id = .string(text)
        default: id = .string(String(describing: stored))
        }
        let phaseCode: Int = row[3]
        let record = TouchRecord(
            t: row[1], touch: id, phase: TouchPhase(rawValue: UInt8(truncatingIfNeeded: phaseCode)) ?? .began,
            x: row[4], y: row[5], window: row[6], tapCount: row[7], event: row[8], view: row[9])
        return StoredRecord(seq: row[0], content: .touch(record), rawJSON: row[10])
    }
}

extension TouchlogDatabase {
    /// Like ``writeReplayRun(_:warningCount:_:)``, for a body that reads the session's records while it writes:
    /// `body` gets the writer and a function that scans the session's records on the same connection.
    public func writeReplayRun(
        _ header: ReplayRunHeader, warningCount: @escaping () -> Int = { 0 },
        reading body: (ReplayRunWriter, (_ each: (StoredRecord) throws -> Void) throws -> Void) throws -> Void
    ) throws -> ReplayRunInfo {
        try writeReplayRun(header, warningCount: warningCount) { writer in
            try body(writer) { each in try RecordScan(db: writer.db).forEach(sessionRowID: header.sessionRowID, each) }
        }
    }
}
