import Foundation
import Testing

@testable import TouchlogStore

/// A database for `delete`, `prune` and `vacuum`: four sessions with rows in every table a session has.
///
/// | id | app | started | rows |
/// |---|---|---|---|
/// | old-1 | 1.0 | 2025-06-01T08:00:00Z | records with touches |
/// | old-2 | 2.0 | 2025-12-31T23:00:00-02:00, which is 2026-01-01T01:00Z | records, touches, a rejected line |
/// | new-1 | 2.0 | 2026-03-01T08:00:00Z | records with touches |
/// | dump | 2.0 | none | records |
struct HousekeepingFixture {
    let folder = TemporaryFolder()
    let database: TouchlogDatabase

    static let ids = ["old-1", "old-2", "new-1", "dump"]

    init(inMemory: Bool = false) throws {
        database = inMemory ? try TouchlogDatabase.inMemory() : try TouchlogDatabase(path: folder.path("hk.sqlite"))
        let ingestor = Ingestor(database: database, options: IngestOptions(keepGoing: true))
        let files = [
            Lines.session(
                [Lines.touch(0.1), Lines.touch(0.2, phase: "ended"), #"{"type":"key","t":0.3,"length":2}"#],
                id: "old-1", version: "1.0", startedAt: "2025-06-01T08:00:00.000Z"),
            Lines.session(
                [Lines.touch(0.1), "{oops", Lines.touch(0.2, phase: "ended")], id: "old-2", version: "2.0",
                startedAt: "2025-12-31T23:00:00.000-02:00"),
            Lines.session(
                [Lines.touch(1), Lines.touch(1.5, phase: "moved"), Lines.touch(2, phase: "ended")], id: "new-1",
                version: "2.0", startedAt: "2026-03-01T08:00:00.000Z"),
            Lines.session([#"{"type":"gyro","t":1,"rate":[0,0,1]}"#], id: "dump", version: "2.0", startedAt: nil),
        ]
        for (index, text) in files.enumerated() {
            let report = ingestor.ingest(.file(folder.file("\(index).jsonl", text)))
            #expect(report.succeeded, "\(report.diagnostics)")
        }
    }

    /// Rows per table for each stored session, counted directly with SQL (not through the code under test).
    func rows() throws -> [String: SessionRowCounts] {
        let raw = database.raw
        func count(_ sql: String, _ id: Int64) throws -> Int { Int(try raw.integer(sql, [.integer(id)]) ?? 0) }
        var counts: [String: SessionRowCounts] = [:]
        for row in try raw.rows("SELECT id, session_key FROM session") {
            let id = try row.int64(0)
            let touches = try count("SELECT count(*) FROM touch WHERE key >> 32 = ?", id)
            let others = try count("SELECT count(*) FROM record WHERE key >> 32 = ?", id)
            let rejected = try count("SELECT count(*) FROM rejected_line WHERE session_id = ?", id)
            counts[try row.string(1)] = SessionRowCounts(
                records: touches + others, touches: touches, rejectedLines: rejected)
        }
        return counts
    }

    /// Rows in each table, whoever they belong to.
    func tableCounts() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in ["session", "record", "touch", "rejected_line"] { counts[table] = try database.count(table) }
        return counts
    }
}
