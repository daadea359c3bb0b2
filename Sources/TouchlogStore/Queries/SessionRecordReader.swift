import GRDB
import GRDBSQLite
import TouchlogFormat

/// A record read back from the database, in session order.
public struct StoredRecord: Sendable, Hashable {
    /// Line number within the session; 1 is the header.
    public var seq: Int
    /// Typed for touches, a JSON object for every other record.
    public var content: RecordContent
    /// For a touch that had members beyond the typed ones: its line as recorded.
    public var rawJSON: String?

    public var type: String { content.type }
    public var t: Double? { content.t }
}

extension TouchlogDatabase {
    /// Calls `body` with every record of a session in `seq` order: the header first, touches typed,
    /// everything else parsed into a JSON object. Replay reads sessions through this.
    ///
    /// It merges two primary-key scans (`touch` and `record`) and reads columns straight from SQLite's
    /// statement handle: through GRDB's `Row` the same read took several times longer, and the replay
    /// benchmark compares replay against this read.
    public func forEachRecord(sessionRowID: Int64, _ body: (StoredRecord) throws -> Void) throws {
        try writer.read { db in
            let touches = try db.makeStatement(
                sql:
                    "SELECT seq, t, touch, phase, x, y, window, tap_count, event, view, raw_json FROM touch WHERE key BETWEEN ? AND ? ORDER BY key"
            )
            let others = try db.makeStatement(
                sql: "SELECT seq, json FROM record WHERE key BETWEEN ? AND ? ORDER BY key")
            let touchHandle = touches.sqliteStatement
            let otherHandle = others.sqliteStatement
            let range = RecordKey.range(session: sessionRowID)
            for handle in [touchHandle, otherHandle] {
                sqlite3_bind_int64(handle, 1, range.lower)
                sqlite3_bind_int64(handle, 2, range.upper)
            }
            defer {
                sqlite3_reset(touchHandle)
                sqlite3_reset(otherHandle)
            }
            var touchRow = try step(touchHandle, db)
            var otherRow = try step(otherHandle, db)
            while touchRow || otherRow {
                let touchSeq = touchRow ? sqlite3_column_int64(touchHandle, 0) : Int64.max
                let otherSeq = otherRow ? sqlite3_column_int64(otherHandle, 0) : Int64.max
                if touchSeq < otherSeq {
                    try body(readTouch(touchHandle))
                    touchRow = try step(touchHandle, db)
                } else {
                    try body(try readOther(otherHandle))
                    otherRow = try step(otherHandle, db)
                }
            }
        }
    }

    /// Every record of a session, in order (see ``forEachRecord(sessionRowID:_:)``).
    public func records(sessionRowID: Int64) throws -> [StoredRecord] {
        var records: [StoredRecord] = []
        try forEachRecord(sessionRowID: sessionRowID) { records.append($0) }
        return records
    }

    /// Reads and parses every record of a session without doing anything with them: the baseline the
    /// replay benchmark compares against. Returns the number of records.
    public func readAllRecords(sessionRowID: Int64) throws -> Int {
        var count = 0
        try forEachRecord(sessionRowID: sessionRowID) { _ in count += 1 }
        return count
    }

    /// The snapshot in force at `t` (the latest with `t` at or before it), or the first snapshot when `t` is nil.
    public func snapshot(sessionRowID: Int64, at t: Double?) throws -> StoredRecord? {
        let range = RecordKey.range(session: sessionRowID)
        return try writer.read { db in
            let row: Row?
            if let t {
                row = try Row.fetchOne(
                    db,
                    sql:
                        "SELECT seq, json FROM record WHERE key BETWEEN ? AND ? AND type = 'snapshot' AND t <= ? ORDER BY key DESC LIMIT 1",
                    arguments: [range.lower, range.upper, t])
            } else {
                row = try Row.fetchOne(
                    db,
                    sql:
                        "SELECT seq, json FROM record WHERE key BETWEEN ? AND ? AND type = 'snapshot' ORDER BY key LIMIT 1",
                    arguments: [range.lower, range.upper])
            }
            guard let row else { return nil }
            let json: String = row["json"]
            let value = try JSONReader.parse(json)
            return StoredRecord(seq: row["seq"], content: .object(value.objectValue ?? [:]), rawJSON: nil)
        }
    }

    private func step(_ handle: OpaquePointer, _ db: Database) throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }

    private func readTouch(_ handle: OpaquePointer) -> StoredRecord {
        let touch: TouchIdentifier =
            sqlite3_column_type(handle, 2) == SQLITE_INTEGER
            ? .number(sqlite3_column_int64(handle, 2)) : .string(text(handle, 2) ?? "")
        let record = TouchRecord(
            t: sqlite3_column_double(handle, 1), touch: touch,
            phase: TouchPhase(rawValue: UInt8(truncatingIfNeeded: sqlite3_column_int(handle, 3))) ?? .began,
            x: sqlite3_column_double(handle, 4), y: sqlite3_column_double(handle, 5), window: text(handle, 6),
            tapCount: optionalInt(handle, 7), event: optionalInt(handle, 8), view: text(handle, 9))
        return StoredRecord(
            seq: Int(sqlite3_column_int64(handle, 0)), content: .touch(record), rawJSON: text(handle, 10))
    }

    private func readOther(_ handle: OpaquePointer) throws -> StoredRecord {
        let seq = Int(sqlite3_column_int64(handle, 0))
        let count = Int(sqlite3_column_bytes(handle, 1))
        guard let bytes = sqlite3_column_text(handle, 1) else {
            return StoredRecord(seq: seq, content: .object([:]), rawJSON: nil)
        }
        let value = try JSONReader.parse(UnsafeBufferPointer(start: bytes, count: count))
        return StoredRecord(seq: seq, content: .object(value.objectValue ?? [:]), rawJSON: nil)
    }

    private func text(_ handle: OpaquePointer, _ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    private func optionalInt(_ handle: OpaquePointer, _ column: Int32) -> Int? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(handle, column))
    }
}
