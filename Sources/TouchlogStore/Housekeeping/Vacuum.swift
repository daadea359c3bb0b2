import Foundation
import GRDB

/// What `touchlog vacuum` did to the size of the database.
public struct VacuumResult: Sendable, Hashable {
    /// Bytes on disk before: the database file and its write-ahead log (`-wal`), which after a large ingest can be
    /// as large as the file itself. In memory: pages times page size.
    public var bytesBefore: Int64
    public var bytesAfter: Int64

    public init(bytesBefore: Int64, bytesAfter: Int64) {
        self.bytesBefore = bytesBefore
        self.bytesAfter = bytesAfter
    }

    /// Bytes given back to the file system (0 when the database grew, which a nearly full one can by a page).
    public var bytesReclaimed: Int64 { max(0, bytesBefore - bytesAfter) }
}

extension TouchlogDatabase {
    /// `touchlog vacuum`: rebuilds the database file without its free pages (SQLite's VACUUM), then folds the
    /// write-ahead log into the file and empties it, so the space left by `delete`, `prune` and `ingest --replace`
    /// goes back to the file system. Deleted rows' bytes stay in free pages until then (docs/privacy.md).
    ///
    /// VACUUM needs the write lock like any writer, and waits for it; it writes a copy of the database before
    /// replacing it, so it needs that much free space for a while. `cancellation` stops it, and SQLite then leaves
    /// the database as it was.
    public func vacuum(cancellation: Cancellation?) throws -> VacuumResult {
        let before = try size()
        try changeWithoutTransaction(cancellation: cancellation) { db in
            try db.execute(sql: "VACUUM")
            // In WAL mode VACUUM writes the new pages to the log: the file shrinks only when they are copied back,
            // and the log only when it is truncated. TRUNCATE waits (the busy handler) for readers still using it.
            if path != ":memory:" { _ = try db.checkpoint(.truncate) }
        }
        return VacuumResult(bytesBefore: before, bytesAfter: try size())
    }

    /// The bytes the database takes: its file and write-ahead log on disk, or its pages in memory.
    func size() throws -> Int64 {
        guard path != ":memory:" else {
            return try writer.read { db in
                let pages = try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                let pageSize = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 0
                return pages * pageSize
            }
        }
        func bytes(_ file: String) -> Int64 {
            ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.int64Value ?? 0
        }
        return bytes(path) + bytes(path + "-wal")
    }
}
