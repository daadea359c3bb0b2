internal import GRDB
internal import GRDBSQLite
import TouchlogFormat

/// Inserts records through two prepared statements, binding and stepping on GRDB's raw `sqlite3_stmt`.
///
/// Why raw: with GRDB's `Statement.execute(arguments:)` each row builds a `StatementArguments` array of
/// `DatabaseValue`s. Measured on `make bench-ingest`'s 1,000,000-record session (release, three interleaved
/// runs each on the shared 2-core machine, schema of the time): GRDB arguments 5.3-6.5 s wall, 3.7-4.5 s CPU; raw binding
/// 2.8-4.3 s wall, 2.3-2.5 s CPU. Connections, transactions and every other query go through GRDB.
final class RecordInserter {
    private let touchStatement: Statement
    private let recordStatement: Statement
    private let db: Database

    init(_ db: Database) throws {
        self.db = db
        touchStatement = try db.makeStatement(
            sql:
                "INSERT INTO touch (key, t, touch, phase, x, y, window, tap_count, event, view, raw_json) VALUES (?,?,?,?,?,?,?,?,?,?,?)"
        )
        recordStatement = try db.makeStatement(sql: "INSERT INTO record (key, type, t, json) VALUES (?,?,?,?)")
    }

    func insertTouch(session: Int64, seq: Int, _ touch: TouchRecord, rawJSON: String?) throws {
        let handle = touchStatement.sqliteStatement
        sqlite3_bind_int64(handle, 1, RecordKey.make(session: session, seq: seq))
        sqlite3_bind_double(handle, 2, touch.t)
        switch touch.touch {
        case .number(let number): sqlite3_bind_int64(handle, 3, number)
        case .string(let text): bind(text, handle, 3)
        }
        sqlite3_bind_int(handle, 4, Int32(touch.phase.rawValue))
        sqlite3_bind_double(handle, 5, touch.x)
        sqlite3_bind_double(handle, 6, touch.y)
        bind(touch.window, handle, 7)
        bind(touch.tapCount, handle, 8)
        bind(touch.event, handle, 9)
        bind(touch.view, handle, 10)
        bind(rawJSON, handle, 11)
        try step(handle)
    }

    func insertRecord(session: Int64, seq: Int, type: String, t: Double?, json: String) throws {
        let handle = recordStatement.sqliteStatement
        sqlite3_bind_int64(handle, 1, RecordKey.make(session: session, seq: seq))
        bind(type, handle, 2)
        if let t { sqlite3_bind_double(handle, 3, t) } else { sqlite3_bind_null(handle, 3) }
        bind(json, handle, 4)
        try step(handle)
    }

    /// SQLite copies the bytes (SQLITE_TRANSIENT), so the Swift string may go away after binding.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    @inline(__always) private func bind(_ text: String?, _ handle: OpaquePointer, _ index: Int32) {
        guard var text else {
            sqlite3_bind_null(handle, index)
            return
        }
        text.withUTF8 { bytes in
            guard !bytes.isEmpty else {
                // A nil pointer would bind NULL; an empty string must stay a string.
                _ = sqlite3_bind_text(handle, index, "", 0, nil)
                return
            }
            let raw = UnsafeRawBufferPointer(bytes)
            _ = sqlite3_bind_text(
                handle, index, raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), Self.transient)
        }
    }

    @inline(__always) private func bind(_ number: Int?, _ handle: OpaquePointer, _ index: Int32) {
        if let number { sqlite3_bind_int64(handle, index, Int64(number)) } else { sqlite3_bind_null(handle, index) }
    }

    @inline(__always) private func step(_ handle: OpaquePointer) throws {
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }
}

/// The integer key of the `touch` and `record` tables: session row id in the high 32 bits, seq in the low.
public enum RecordKey {
    public static func make(session: Int64, seq: Int) -> Int64 { session << 32 | Int64(seq) }

    /// All keys of a session, for `key BETWEEN lower AND upper`.
    public static func range(session: Int64) -> (lower: Int64, upper: Int64) {
        (session << 32, session << 32 | 0xFFFF_FFFF)
    }
}
