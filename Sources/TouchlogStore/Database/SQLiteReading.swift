internal import GRDB
internal import GRDBSQLite
import TouchlogFormat

extension TouchlogDatabase: SessionReading {
    public func sessions(_ filter: SessionFilter) throws -> [SessionInfo] {
        try reading { try SessionQueries.sessions(filter, on: $0) }
    }

    public func sessionCount() throws -> Int { try reading { try SessionQueries.sessionCount(on: $0) } }

    public func rejectedLines(sessionRowID: Int64?) throws -> [RejectedLineInfo] {
        try reading { try SessionQueries.rejectedLines(sessionRowID: sessionRowID, on: $0) }
    }

    public func session(matching query: String) throws -> SessionInfo {
        try reading { try SessionQueries.session(matching: query, on: $0) }
    }

    public func sessionKeys(startingWith prefix: String, limit: Int) throws -> [String] {
        try reading { try SessionQueries.sessionKeys(startingWith: prefix, limit: limit, on: $0) }
    }

    public func hasRecords(sessionRowID: Int64, kind: RecordKind) throws -> Bool {
        try reading { try SessionQueries.hasRecords(sessionRowID: sessionRowID, kind: kind, on: $0) }
    }

    public func contentHash(sessionRowID: Int64) throws -> String? {
        try reading { try SessionQueries.contentHash(sessionRowID: sessionRowID, on: $0) }
    }

    public func snapshot(sessionRowID: Int64, at t: Double?) throws -> StoredSnapshot? {
        try reading { try SessionQueries.snapshot(sessionRowID: sessionRowID, at: t, on: $0) }
    }

    /// The one scan of a session's records (``SessionReading/forEachRecord(sessionRowID:seqs:_:)``), SQLite's own
    /// way rather than a statement written once for both stores: the scan is what replay and the report spend
    /// their reading in, and each store reads it its fastest way.
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

extension TouchlogDatabase {
    /// Runs `body` on a reading connection (one of the pool's readers for a file: readers never wait for writers).
    func reading<Result>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        let clock = leaseClock
        return try writer.read { db in try body(SQLiteConnection(db: db, clock: clock)) }
    }
}
