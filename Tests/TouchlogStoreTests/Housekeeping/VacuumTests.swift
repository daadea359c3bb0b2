import Foundation
import Testing

@testable import TouchlogStore

/// `touchlog vacuum`: the space a deleted session left goes back to the file system.
@Suite struct VacuumTests {
    let folder = TemporaryFolder()

    func fileSize(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    @Test func deletingALargeSessionThenVacuumingShrinksTheFile() throws {
        let path = folder.path("big.sqlite")
        let database = try TouchlogDatabase(path: path)
        let touches = (0..<40_000).map { Lines.touch(Double($0) / 100, phase: $0 % 2 == 0 ? "began" : "ended") }
        let ingestor = Ingestor(database: database)
        #expect(ingestor.ingest(.file(folder.file("big.jsonl", Lines.session(touches, id: "big")))).succeeded)
        #expect(ingestor.ingest(.file(folder.file("small.jsonl", Lines.rich(id: "small")))).succeeded)
        _ = try database.deleteSessions(matching: ["big"])
        // Deleting frees pages inside the file; it does not shrink it.
        let afterDelete = fileSize(path) + fileSize(path + "-wal")

        let result = try database.vacuum()
        #expect(result.bytesBefore == afterDelete)
        #expect(result.bytesAfter < result.bytesBefore / 4, "\(result)")
        #expect(result.bytesReclaimed == result.bytesBefore - result.bytesAfter)
        // What it says is what is on disk: the log folded into the file and emptied.
        #expect(result.bytesAfter == fileSize(path) + fileSize(path + "-wal"))
        #expect(fileSize(path + "-wal") == 0)
        // The session that stayed is whole.
        let small = try database.session(matching: "small")
        #expect(try database.records(sessionRowID: small.rowID).count == small.recordCount)
        let check = try database.raw.string("PRAGMA integrity_check")
        #expect(check == "ok")
    }

    @Test func anInMemoryDatabaseIsMeasuredInPages() throws {
        let database = try TouchlogDatabase.inMemory()
        let result = try database.vacuum()
        #expect(result.bytesBefore > 0 && result.bytesAfter > 0)
        #expect(result.bytesReclaimed >= 0)
    }

    @Test func anInterruptedVacuumChangesNothing() throws {
        let fixture = try HousekeepingFixture()
        _ = try fixture.database.deleteSessions(matching: ["old-1"])
        let before = try fixture.rows()
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(throws: StoreError.interrupted) { try fixture.database.vacuum(cancellation: cancellation) }
        #expect(try fixture.rows() == before)
    }
}
