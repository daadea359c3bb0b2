import Foundation
import Testing
import TouchlogPipeline
import TouchlogStore

/// A database holding Fixtures/four-sessions.jsonl, for `sessions`, `delete` and `prune`.
///
/// | id | app | device | started |
/// |---|---|---|---|
/// | 7A20-old | 2.2.0 (390) | iPhone14,7 | 2025-03-02T08:00:00.000Z |
/// | 5C1E2F0A-login | 2.3.0 (412) | iPhone15,2 | 2026-11-20T10:00:00.000Z |
/// | 0B6D-ipad | 2.3.0 (415) | iPad13,4 | 2026-11-21T09:30:00.000+02:00, which is 07:30 UTC |
/// | 7a21-undated | 2.2.0 (391) | iPhone15,2 | none |
///
/// Commands run in this process (``Touchlog/call(_:interruption:)``) with `--db` the database's full path, and their
/// output is given as the binary prints it when run in the database's folder with `--db t.sqlite` on the fixture
/// ingested by its relative path: with the two folders' paths left out, so outputs hold no temporary paths.
struct FourSessions {
    let folder = TemporaryFolder()
    var db: String { folder.path("t.sqlite") }

    /// With `broken`, also the session "broken" of two-errors.jsonl, stored with its two rejected lines.
    init(broken: Bool = false) throws {
        let files = ["four-sessions.jsonl"] + (broken ? ["two-errors.jsonl"] : [])
        let result = Touchlog.call(
            ["ingest", "--quiet", "--keep-going", "--db", db]
                + files.map { Touchlog.fixtures.appendingPathComponent($0).path })
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Runs touchlog on this database, in this process.
    func run(_ arguments: [String], interruption: Interruption = Interruption()) throws -> Touchlog.Result {
        relative(Touchlog.call(arguments + ["--db", db], interruption: interruption))
    }

    /// `result` with this folder's and the fixtures' paths left out.
    func relative(_ result: Touchlog.Result) -> Touchlog.Result {
        func strip(_ text: String) -> String {
            text.replacingOccurrences(of: folder.url.path + "/", with: "").replacingOccurrences(
                of: Touchlog.fixtures.path + "/", with: "")
        }
        return Touchlog.Result(status: result.status, stdout: strip(result.stdout), stderr: strip(result.stderr))
    }

    /// The stored session ids, in `touchlog sessions` order.
    func keys() throws -> [String] { try TouchlogDatabase(path: db, access: .readOnly).sessions().map(\.key) }

    /// Rows in each table, whoever they belong to.
    func tableCounts() throws -> [String: Int] {
        let database = try TouchlogDatabase(path: db, access: .readOnly)
        var counts: [String: Int] = [:]
        for table in ["session", "record", "touch", "rejected_line"] { counts[table] = try database.count(table) }
        return counts
    }

    /// The stored value of `ingestedAt` (the same for every session of one ingest), to blank it in golden files.
    func ingestedAt() throws -> String {
        try #require(TouchlogDatabase(path: db, access: .readOnly).sessions().first?.ingestedAt)
    }
}
