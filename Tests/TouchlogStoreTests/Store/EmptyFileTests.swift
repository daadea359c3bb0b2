import Foundation
import Testing

@testable import TouchlogStore

/// A command that only reads (or only removes) never sets a database up in a file that holds none: the file is left
/// exactly as it was, without -wal or -shm beside it (issue 27, item 2).
@Suite struct EmptyFileTests {
    let folder = TemporaryFolder()

    /// The files in the folder, with their sizes.
    func listing() throws -> [String: Int] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        return try Dictionary(
            uniqueKeysWithValues: names.map {
                ($0, try FileManager.default.attributesOfItem(atPath: folder.path($0))[.size] as? Int ?? -1)
            })
    }

    @Test(arguments: [StoreUse.reading, .peeking, .changing])
    func anEmptyFileIsReportedAndLeftAsItIs(use: StoreUse) throws {
        let path = folder.file("empty.sqlite", "")
        #expect {
            _ = try openStore(.sqlite(path: path), for: use)
        } throws: { error in
            guard case .emptyDatabase(let location)? = error as? StoreError else { return false }
            return location == path
        }
        #expect(try listing() == ["empty.sqlite": 0])
    }

    @Test(arguments: [StoreUse.reading, .changing])
    func anSQLiteFileWithoutTablesIsNotSetUpEither(use: StoreUse) throws {
        let path = folder.path("blank.sqlite")
        do {
            let raw = try RawSQLite(path: path)
            try raw.execute("PRAGMA user_version = 7")
            try raw.close()
        }
        let before = try listing()
        #expect(before["blank.sqlite", default: 0] > 0)
        #expect(throws: StoreError.self) { _ = try openStore(.sqlite(path: path), for: use) }
        #expect(try listing() == before)
        #expect(try RawSQLite(path: path).integer("SELECT count(*) FROM sqlite_master") == 0)
    }

    @Test func ingestStillSetsUpAnEmptyFile() throws {
        let path = folder.file("new.sqlite", "")
        let store = try openStore(.sqlite(path: path), for: .writing)
        #expect(try store.sessions().isEmpty)
    }
}
