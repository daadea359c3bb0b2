internal import NIOCore
internal import PostgresNIO
import TouchlogFormat

/// The PostgreSQL sink: records and touches go in by `COPY ... FROM STDIN` in batches (postgres-nio 1.33.2 writes
/// COPY's text format only, so rows are written as text), the rest by ordinary statements, all in the file's one
/// transaction. COPY is not SQLite's prepared inserts in another dialect: each store's bulk path is its fastest, and
/// only the statements that are the same in both are written once (``SQLIngestSink``).
///
/// Concurrent ingesters on any number of machines: `session.session_key` is unique, and the session row is
/// inserted with `ON CONFLICT DO NOTHING`. Of two ingesters storing one session id, the second waits at that insert
/// until the first commits or rolls back; then it either stores the session (the first rolled back) or inserts
/// nothing and finds the first's row, which it compares by content hash like any session already stored. Different
/// sessions never wait for each other: their keys are disjoint ranges.
final class PostgresIngestSink: SQLIngestSink {
    let connection: PostgresLink
    private var touches = CopyBuffer()
    private var records = CopyBuffer()

    /// Rows held before they are sent: a round trip per this many rows costs little, and memory stays flat.
    static let rowsPerCopy = 16_384

    init(_ link: PostgresLink) { connection = link }

    /// The session row with the start instant ingest parsed (`started_ms`, which SQLite computes when it queries), and
    /// `ON CONFLICT DO NOTHING`, where concurrent ingesters of one session id meet (SQLite's one writer at a time
    /// needs neither).
    func insertSession(_ row: NewSessionRow) throws -> Int64? {
        let header = row.header
        let startedMS = header.startedAt.flatMap { try? Timestamp(parsing: $0).millisecondsSince1970 }
        let query: PostgresQuery = """
            INSERT INTO session (session_key, format, started_at, started_ms, app_id, app_version, app_build,
                device_model, device_system, header_json, source, source_path, header_line, content_hash, record_count,
                touch_count, unknown_count, rejected_count, duration, status, text_kept, labels_redacted, ingested_at)
            VALUES (\(header.session), \(header.format), \(header.startedAt), \(startedMS), \(header.appID),
                \(header.appVersion), \(header.appBuild), \(header.deviceModel), \(header.deviceSystem),
                \(row.headerJSON), \(row.source), \(row.sourcePath), \(row.headerLine), '', 0, 0, 0, 0, NULL,
                'complete', \(row.textKept), \(row.labelsRedacted), \(row.ingestedAt))
            ON CONFLICT (session_key) DO NOTHING
            RETURNING id
            """
        return try connection.query(query).first?.decode(Int64.self)
    }

    func insertTouch(session: Int64, seq: Int, _ touch: TouchRecord, rawJSON: String?) throws {
        touches.integer(RecordKey.make(session: session, seq: seq))
        touches.double(touch.t)
        switch touch.touch {
        case .number(let number):
            touches.integer(number)
            touches.null()
        case .string(let text):
            touches.null()
            touches.text(text)
        }
        touches.integer(Int64(touch.phase.rawValue))
        touches.double(touch.x)
        touches.double(touch.y)
        touches.text(touch.window)
        touches.integer(touch.tapCount.map(Int64.init))
        touches.integer(touch.event.map(Int64.init))
        touches.text(touch.view)
        touches.text(rawJSON, last: true)
        if touches.rows >= Self.rowsPerCopy { try flushTouches() }
    }

    func insertRecord(session: Int64, seq: Int, type: String, t: Double?, json: String) throws {
        records.integer(RecordKey.make(session: session, seq: seq))
        records.text(type)
        records.double(t)
        records.text(json, last: true)
        if records.rows >= Self.rowsPerCopy { try flushRecords() }
    }

    /// Sends what is still held; called before the commit.
    func flush() throws {
        try flushTouches()
        try flushRecords()
    }

    private func flushTouches() throws {
        guard touches.rows > 0 else { return }
        try connection.copy(
            into: "touch",
            columns: [
                "key", "t", "touch_number", "touch_text", "phase", "x", "y", "window", "tap_count", "event", "view",
                "raw_json",
            ], data: touches.take())
    }

    private func flushRecords() throws {
        guard records.rows > 0 else { return }
        try connection.copy(into: "record", columns: ["key", "type", "t", "json"], data: records.take())
    }
}

/// Rows in COPY's text format: columns separated by tabs, rows ended by newlines, `\N` for NULL, and backslash,
/// tab, newline and carriage return escaped in values.
struct CopyBuffer {
    private var buffer = ByteBufferAllocator().buffer(capacity: 1 << 20)
    private(set) var rows = 0
    /// A number's digits before they are copied into `buffer`: written by the JSON writer, which makes no `String`
    /// per number (a million records hold millions of numbers). Its digits are what PostgreSQL's input reads back as
    /// the same value: integers exactly, doubles in their shortest round-trip form.
    private var digits: [UInt8] = []

    mutating func take() -> ByteBuffer {
        let full = buffer
        buffer = ByteBufferAllocator().buffer(capacity: 1 << 20)
        rows = 0
        return full
    }

    private mutating func end(_ last: Bool) {
        if last {
            buffer.writeInteger(UInt8(ascii: "\n"))
            rows += 1
        } else {
            buffer.writeInteger(UInt8(ascii: "\t"))
        }
    }

    mutating func null(last: Bool = false) {
        buffer.writeStaticString("\\N")
        end(last)
    }

    mutating func integer(_ value: Int64?, last: Bool = false) {
        guard let value else { return null(last: last) }
        digits.removeAll(keepingCapacity: true)
        JSONWriter.writeInteger(value, into: &digits)
        buffer.writeBytes(digits)
        end(last)
    }

    /// The shortest representation that reads back as the same double, which PostgreSQL's input reads exactly.
    mutating func double(_ value: Double?, last: Bool = false) {
        guard let value else { return null(last: last) }
        if value.isNaN {
            buffer.writeStaticString("NaN")
        } else if value.isInfinite {
            buffer.writeString(value < 0 ? "-Infinity" : "Infinity")
        } else {
            digits.removeAll(keepingCapacity: true)
            JSONWriter.writeNumber(value, into: &digits)
            buffer.writeBytes(digits)
        }
        end(last)
    }

    mutating func text(_ value: String?, last: Bool = false) {
        guard var value else { return null(last: last) }
        value.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() {
                let escaped: UInt8
                switch byte {
                case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
                case UInt8(ascii: "\t"): escaped = UInt8(ascii: "t")
                case UInt8(ascii: "\n"): escaped = UInt8(ascii: "n")
                case UInt8(ascii: "\r"): escaped = UInt8(ascii: "r")
                default: continue
                }
                buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<index]))
                buffer.writeInteger(UInt8(ascii: "\\"))
                buffer.writeInteger(escaped)
                start = index + 1
            }
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<bytes.count]))
        }
        end(last)
    }
}

extension PostgresDatabase: SessionIngesting {
    /// One transaction per file, on a connection of its own; its rows are flushed before the commit. A lost
    /// connection throws and the server rolls the transaction back: nothing of the file is stored. A commit notifies
    /// `touchlog_jobs`, which `touchlog worker` listens on.
    public func ingestTransaction(cancellation: Cancellation, _ body: (any IngestSink) throws -> Bool) throws {
        try inTransaction { link in
            let sink = PostgresIngestSink(link)
            let commit = try body(sink)
            if commit {
                try sink.flush()
                // Delivered when the transaction commits, and only then: idle workers wake to queue what it stored.
                try link.execute("NOTIFY \(analysisJobsChannel)")
            }
            return ((), commit)
        }
    }

    public func ingestFailure(_ error: any Error) -> (message: String, hint: String) {
        let message =
            switch error {
            case let failure as PostgresFailure: failure.reason
            case let error as StoreError: error.description
            default: "\(error)"
            }
        return (message, "check that the PostgreSQL server at \(path) is running and reachable")
    }
}
