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
    /// The recording as given to `touchlog ingest`.
    public var source: String
    /// The recording's absolute path (resolved against the folder ingest ran in); nil for standard input.
    public var sourcePath: String?
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

/// A sink that writes the session row's lookups and updates and the lines set aside with statements written once for
/// both stores (``SQL``); only the session row's insert and the bulk rows are each store's own.
protocol SQLIngestSink: IngestSink {
    associatedtype Connection: SQLConnection
    /// The connection of the file's transaction.
    var connection: Connection { get }
}

extension SQLIngestSink {
    func existingSession(key: String) throws -> ExistingSession? {
        try connection.row(
            "SELECT id, content_hash, text_kept, labels_redacted FROM session WHERE session_key = \(key)"
        ).map {
            ExistingSession(
                rowID: try $0.int64(0), contentHash: try $0.string(1), textKept: try $0.bool(2),
                labelsRedacted: try $0.bool(3))
        }
    }

    func deleteSession(rowID: Int64) throws { try SessionRows.delete(rowID: rowID, on: connection) }

    func insertRejected(session: Int64?, source: String, line: RejectedLine, ingestedAt: String) throws {
        try connection.perform(
            """
            INSERT INTO rejected_line (session_id, source, line, col, reason, text, ingested_at)
            VALUES (\(session), \(source), \(line.line), \(line.column), \(line.reason), \(line.text), \(ingestedAt))
            """)
    }

    func finishSession(rowID: Int64, _ finished: FinishedSession) throws {
        try connection.perform(
            """
            UPDATE session SET content_hash = \(finished.contentHash), record_count = \(finished.records),
                touch_count = \(finished.touches), unknown_count = \(finished.unknownTypes),
                rejected_count = \(finished.rejected), duration = \(finished.duration),
                status = \(finished.status.rawValue)
            WHERE id = \(rowID)
            """)
    }
}
