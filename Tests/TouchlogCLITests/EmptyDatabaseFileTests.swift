import Foundation
import Testing

/// Commands that only read, given an empty file as --db, say it holds no sessions and leave it as it was: no schema
/// written into it, no -wal or -shm beside it (issue 27, item 2).
@Suite struct EmptyDatabaseFileTests {
    let folder = TemporaryFolder()

    @Test(arguments: [
        ["sessions"], ["report"], ["delete", "--dry-run", "abc"], ["prune", "--dry-run", "--keep", "3"],
        ["delete", "abc"],
    ])
    func aCommandThatDoesNotIngestLeavesAnEmptyFileAsItIs(arguments: [String]) throws {
        let db = folder.path("empty.sqlite")
        try Data().write(to: URL(fileURLWithPath: db))
        let result = try Touchlog.run(arguments + ["--db", db])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("the database \"\(db)\" holds no touchlog sessions yet"), "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(names == ["empty.sqlite"])
        #expect(try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int == 0)
    }
}
