/// A session's records in `seq` order, from wherever they are kept: the store, a file, an importer, a recorder, an
/// array in a test. Replay and the report read sessions only through this, so they run the same on any source.
///
/// ```swift
/// try records.forEachRecord { record in try replayer.feed(record, emit: print) }
/// ```
public protocol SessionRecords {
    /// Calls `body` with every record of the session in `seq` order, the header (seq 1) first. Streams: a source
    /// holds no more than it must.
    func forEachRecord(_ body: (SessionRecord) throws -> Void) throws
    /// Calls `body` with the records whose `seq` lies in `range`, in order (a stretch read again: the timeline
    /// around a finding).
    func forEachRecord(in range: ClosedRange<Int>, _ body: (SessionRecord) throws -> Void) throws
    /// Whether the session has at least one record of `kind` (a store answers from an index).
    func contains(_ kind: RecordKind) throws -> Bool
}

extension SessionRecords {
    public func forEachRecord(in range: ClosedRange<Int>, _ body: (SessionRecord) throws -> Void) throws {
        try forEachRecord { record in
            if range.contains(record.seq) { try body(record) }
        }
    }

    public func contains(_ kind: RecordKind) throws -> Bool {
        var found = false
        try forEachRecord { record in
            if record.record.kind == kind { found = true }
        }
        return found
    }
}

/// Records held in memory (rule examples, tests, a file read whole) are a source too.
extension Array: SessionRecords where Element == SessionRecord {
    public func forEachRecord(_ body: (SessionRecord) throws -> Void) throws {
        for record in self { try body(record) }
    }

    public func forEachRecord(in range: ClosedRange<Int>, _ body: (SessionRecord) throws -> Void) throws {
        // Records are in seq order: start at the first one in range.
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].seq < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        for record in self[low...] {
            guard record.seq <= range.upperBound else { break }
            try body(record)
        }
    }

    public func contains(_ kind: RecordKind) throws -> Bool { contains { $0.record.kind == kind } }
}
