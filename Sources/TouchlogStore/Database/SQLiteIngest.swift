internal import GRDB
import TouchlogFormat

/// The SQLite sink: records and touches through ``RecordInserter``'s prepared statements (PostgreSQL copies them
/// instead: the two bulk paths are each store's fastest, not one statement in two dialects), the rest through
/// statements written once for both stores (``SQLIngestSink``).
final class SQLiteIngestSink: SQLIngestSink {
    let connection: SQLiteConnection
    private let inserter: RecordInserter

    init(_ connection: SQLiteConnection) throws {
        self.connection = connection
        inserter = try RecordInserter(connection.db)
    }

    /// A plain insert: SQLite has one writer at a time, so nobody can store the same session id meanwhile (the
    /// ingest looked it up in this transaction), and the start instant is computed when it is queried
    /// (``SQL/startInstant``). PostgreSQL's insert differs in both.
    func insertSession(_ row: NewSessionRow) throws -> Int64? {
        let header = row.header
        try connection.perform(
            """
            INSERT INTO session (session_key, format, started_at, app_id, app_version, app_build, device_model,
                device_system, header_json, source, source_path, header_line, content_hash, record_count,
                touch_count, unknown_count, rejected_count, duration, status, text_kept, labels_redacted, ingested_at)
            VALUES (\(header.session), \(header.format), \(header.startedAt), \(header.appID), \(header.appVersion),
                \(header.appBuild), \(header.deviceModel), \(header.deviceSystem), \(row.headerJSON), \(row.source),
                \(row.sourcePath), \(row.headerLine), '', 0, 0, 0, 0, NULL, 'complete', \(row.textKept),
                \(row.labelsRedacted), \(row.ingestedAt))
            """)
        return connection.db.lastInsertedRowID
    }

    func insertTouch(session: Int64, seq: Int, _ touch: TouchRecord, rawJSON: String?) throws {
        try inserter.insertTouch(session: session, seq: seq, touch, rawJSON: rawJSON)
    }

    func insertRecord(session: Int64, seq: Int, type: String, t: Double?, json: String) throws {
        try inserter.insertRecord(session: session, seq: seq, type: type, t: t, json: json)
    }
}

extension TouchlogDatabase: SessionIngesting {
    /// One IMMEDIATE transaction per file: SQLite has one writer at a time, so a second ingester waits here for the
    /// first to commit (``LockWaiting``), then finds its sessions stored.
    public func ingestTransaction(cancellation: Cancellation, _ body: (any IngestSink) throws -> Bool) throws {
        let clock = leaseClock
        try writer.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                try body(try SQLiteIngestSink(SQLiteConnection(db: db, clock: clock))) ? .commit : .rollback
            }
        }
    }

    public func ingestFailure(_ error: any Error) -> (message: String, hint: String) {
        // SQLite's message, never the statement it was running.
        let message = (error as? DatabaseError).map { $0.message ?? "\($0.resultCode)" } ?? "\(error)"
        return (message, "check free disk space and the database file's permissions")
    }
}
