import GRDB
import TouchlogFormat

/// A session already stored under the id an ingest meets: what deciding "unchanged", "different" or "replace" needs.
public struct ExistingSession: Sendable, Hashable {
    public var rowID: Int64
    public var contentHash: String
    public var textKept: Bool
    public var labelsRedacted: Bool
}

/// The `session` row an ingest starts with (its counts are written when the session ends, ``IngestSink/finishSession``).
public struct NewSessionRow: Sendable {
    public var header: SessionHeader
    public var headerJSON: String
    public var source: String
    public var headerLine: Int
    public var textKept: Bool
    public var labelsRedacted: Bool
    /// UTC, ISO 8601: when this ingest began.
    public var ingestedAt: String
}

/// What a session's row says once all its records are in.
public struct FinishedSession: Sendable {
    public var contentHash: String
    public var records: Int
    public var touches: Int
    public var unknownTypes: Int
    public var rejected: Int
    public var duration: Double?
    public var status: SessionInfo.Status
}

/// The writing side of one file's ingest, inside the transaction ``SessionIngesting/ingestTransaction(cancellation:_:)``
/// opened: the ingest decides what to store (``Ingestor``'s rules are the same for every store), the sink how.
/// Rows may be buffered (PostgreSQL copies them in batches); everything is written before the transaction commits.
public protocol IngestSink: AnyObject {
    /// The session stored under `key`, if any (seen by this transaction).
    func existingSession(key: String) throws -> ExistingSession?
    /// Removes a stored session with all its rows (`--replace`).
    func deleteSession(rowID: Int64) throws
    /// Inserts the session row and returns its id; nil when another ingester stored the same session id meanwhile
    /// (``existingSession(key:)`` then finds it).
    func insertSession(_ row: NewSessionRow) throws -> Int64?
    func insertTouch(session: Int64, seq: Int, _ touch: TouchRecord, rawJSON: String?) throws
    func insertRecord(session: Int64, seq: Int, type: String, t: Double?, json: String) throws
    /// A line refused by validation and kept (`--keep-going`, or a cut last line); `session` nil outside any session.
    func insertRejected(session: Int64?, source: String, line: RejectedLine, ingestedAt: String) throws
    func finishSession(rowID: Int64, _ finished: FinishedSession) throws
}

/// The SQLite sink: records through ``RecordInserter``'s prepared statements, the rest through GRDB.
final class SQLiteIngestSink: IngestSink {
    private let db: Database
    private let inserter: RecordInserter

    init(_ db: Database) throws {
        self.db = db
        inserter = try RecordInserter(db)
    }

    func existingSession(key: String) throws -> ExistingSession? {
        try Row.fetchOne(
            db, sql: "SELECT id, content_hash, text_kept, labels_redacted FROM session WHERE session_key = ?",
            arguments: [key]
        ).map {
            ExistingSession(
                rowID: $0["id"], contentHash: $0["content_hash"], textKept: $0["text_kept"],
                labelsRedacted: $0["labels_redacted"])
        }
    }

    func deleteSession(rowID: Int64) throws { try SessionRows.delete(rowID: rowID, db) }

    func insertSession(_ row: NewSessionRow) throws -> Int64? {
        let header = row.header
        try db.execute(
            sql: """
                INSERT INTO session (session_key, format, started_at, app_id, app_version, app_build, device_model,
                    device_system, header_json, source, header_line, content_hash, record_count, touch_count,
                    unknown_count, rejected_count, duration, status, text_kept, labels_redacted, ingested_at)
                VALUES (?,?,?,?,?,?,?,?,?,?,?,'',0,0,0,0,NULL,'complete',?,?,?)
                """,
            arguments: [
                header.session, header.format, header.startedAt, header.appID, header.appVersion, header.appBuild,
                header.deviceModel, header.deviceSystem, row.headerJSON, row.source, row.headerLine,
                row.textKept, row.labelsRedacted, row.ingestedAt,
            ])
        return db.lastInsertedRowID
    }

    func insertTouch(session: Int64, seq: Int, _ touch: TouchRecord, rawJSON: String?) throws {
        try inserter.insertTouch(session: session, seq: seq, touch, rawJSON: rawJSON)
    }

    func insertRecord(session: Int64, seq: Int, type: String, t: Double?, json: String) throws {
        try inserter.insertRecord(session: session, seq: seq, type: type, t: t, json: json)
    }

    func insertRejected(session: Int64?, source: String, line: RejectedLine, ingestedAt: String) throws {
        try db.execute(
            sql:
                "INSERT INTO rejected_line (session_id, source, line, col, reason, text, ingested_at) VALUES (?,?,?,?,?,?,?)",
            arguments: [session, source, line.line, line.column, line.reason, line.text, ingestedAt])
    }

    func finishSession(rowID: Int64, _ finished: FinishedSession) throws {
        try db.execute(
            sql: """
                UPDATE session SET content_hash = ?, record_count = ?, touch_count = ?, unknown_count = ?,
                    rejected_count = ?, duration = ?, status = ? WHERE id = ?
                """,
            arguments: [
                finished.contentHash, finished.records, finished.touches, finished.unknownTypes, finished.rejected,
                finished.duration, finished.status.rawValue, rowID,
            ])
    }
}

extension TouchlogDatabase {
    /// One IMMEDIATE transaction per file: SQLite has one writer at a time, so a second ingester waits here for the
    /// first to commit (``LockWaiting``), then finds its sessions stored.
    public func ingestTransaction(cancellation: Cancellation, _ body: (any IngestSink) throws -> Bool) throws {
        try writer.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                try body(try SQLiteIngestSink(db)) ? .commit : .rollback
            }
        }
    }

    public func ingestFailure(_ error: any Error) -> (message: String, hint: String) {
        // SQLite's message, never the statement it was running.
        let message = (error as? DatabaseError).map { $0.message ?? "\($0.resultCode)" } ?? "\(error)"
        return (message, "check free disk space and the database file's permissions")
    }
}
