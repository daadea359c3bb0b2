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
    /// Read on a thread of its own while the records are used (``SessionReading/forEachRecordPipelined(sessionRowID:seqs:batchSize:queueDepth:_:)``).
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
