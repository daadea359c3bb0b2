import GRDB
import GRDBSQLite
import TouchlogFormat

/// A stored session as a source of typed records (``SessionRecords``): what replay and the report read.
///
/// ```swift
/// let records = database.records(of: info)
/// try SessionReplay.replay(records, session: info.key) { print(TraceWriter.line($0)) }
/// ```
public struct StoredSessionRecords: SessionRecords, Sendable {
    public let database: any SessionReading
    public let sessionRowID: Int64
    /// Read on a thread of its own while the records are used (``TouchlogDatabase/forEachRecordPipelined``).
    public var pipelined: Bool

    /// Sessions from this many records on are read on a thread of their own: below it, starting the thread costs
    /// more than it saves.
    public static let pipelineThreshold = 20_000

    public func forEachRecord(_ body: (SessionRecord) throws -> Void) throws {
        if pipelined {
            try database.forEachRecordPipelined(sessionRowID: sessionRowID, body)
        } else {
            try database.forEachRecord(sessionRowID: sessionRowID, body)
        }
    }

    public func forEachRecord(in range: ClosedRange<Int>, _ body: (SessionRecord) throws -> Void) throws {
        try database.forEachRecord(sessionRowID: sessionRowID, seqs: range, body)
    }

    public func contains(_ kind: RecordKind) throws -> Bool {
        try database.hasRecords(sessionRowID: sessionRowID, kind: kind)
    }
}

/// A session's snapshot record as stored, for printing (`touchlog show`).
public struct StoredSnapshot: Sendable {
    public var seq: Int
    public var t: Double?
    public var json: JSONObject
}

extension TouchlogDatabase: SessionStore {
    /// Calls `body` with every record of a session (or those whose `seq` is in `seqs`) in `seq` order, the header
    /// first, each decoded into its typed ``Record``: the one scan of a session's records, which replay, the report,
    /// the benchmarks and the tests all read through.
    ///
    /// It merges two primary-key scans (`touch` and `record`) and reads columns straight from SQLite's
    /// statement handle: through GRDB's `Row` the same read took several times longer, and the replay
    /// benchmark compares replay against this read.
    public func forEachRecord(
        sessionRowID: Int64, seqs: ClosedRange<Int>?, _ body: (SessionRecord) throws -> Void
    ) throws {
        try writer.read { db in
            let touches = try db.makeStatement(
                sql:
                    "SELECT seq, t, touch, phase, x, y, window, tap_count, event, view FROM touch WHERE key BETWEEN ? AND ? ORDER BY key"
            )
            let others = try db.makeStatement(
                sql: "SELECT seq, json FROM record WHERE key BETWEEN ? AND ? ORDER BY key")
            let touchHandle = touches.sqliteStatement
            let otherHandle = others.sqliteStatement
            var range = RecordKey.range(session: sessionRowID)
            if let seqs {
                range = (
                    range.lower + Int64(max(0, seqs.lowerBound)),
                    range.lower + Int64(min(seqs.upperBound, Int(UInt32.max)))
                )
            }
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

    /// Whether the session has at least one record of `kind` (`touch` records live in their own table).
    public func hasRecords(sessionRowID: Int64, kind: RecordKind) throws -> Bool {
        let range = RecordKey.range(session: sessionRowID)
        let table = kind == .touch ? "touch" : "record"
        let typeFilter = kind == .touch ? "" : " AND type = ?"
        let arguments: StatementArguments =
            kind == .touch ? [range.lower, range.upper] : [range.lower, range.upper, kind.rawValue]
        return try writer.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE key BETWEEN ? AND ?\(typeFilter))",
                arguments: arguments) ?? false
        }
    }

    /// The session's content hash as stored at ingest.
    public func contentHash(sessionRowID: Int64) throws -> String? {
        try writer.read { db in
            try String.fetchOne(db, sql: "SELECT content_hash FROM session WHERE id = ?", arguments: [sessionRowID])
        }
    }

    /// The snapshot in force at `t` (the latest with `t` at or before it), or the first snapshot when `t` is nil.
    public func snapshot(sessionRowID: Int64, at t: Double?) throws -> StoredSnapshot? {
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
            let object = value.objectValue ?? [:]
            return StoredSnapshot(seq: row["seq"], t: object["t"]?.doubleValue, json: object)
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

    private func readTouch(_ handle: OpaquePointer) throws -> SessionRecord {
        let touch: TouchIdentifier =
            sqlite3_column_type(handle, 2) == SQLITE_INTEGER
            ? .number(sqlite3_column_int64(handle, 2)) : .string(text(handle, 2) ?? "")
        let seq = Int(sqlite3_column_int64(handle, 0))
        let record = TouchRecord(
            t: sqlite3_column_double(handle, 1), touch: touch,
            phase: try TouchPhase(storedCode: sqlite3_column_int64(handle, 3), seq: seq),
            x: sqlite3_column_double(handle, 4), y: sqlite3_column_double(handle, 5), window: text(handle, 6),
            tapCount: optionalInt(handle, 7), event: optionalInt(handle, 8), view: text(handle, 9))
        return SessionRecord(seq: seq, record: .touch(record))
    }

    /// Every other record is kept as its JSON text: decoded here, once, into its typed form.
    private func readOther(_ handle: OpaquePointer) throws -> SessionRecord {
        let seq = Int(sqlite3_column_int64(handle, 0))
        let count = Int(sqlite3_column_bytes(handle, 1))
        guard let bytes = sqlite3_column_text(handle, 1) else {
            throw RecordDecodingError(seq: seq, "the stored record is empty; re-ingest the session")
        }
        return SessionRecord(
            seq: seq, record: try Record(decoding: UnsafeBufferPointer(start: bytes, count: count), seq: seq))
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
