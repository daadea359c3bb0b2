import Foundation
import Testing

@testable import TouchlogStore

/// `touchlog delete`: a session goes with every row it has, in one transaction, and nothing else goes.
@Suite struct DeleteSessionsTests {
    @Test func removesEveryRowOfTheSessionAndNothingElse() throws {
        let fixture = try HousekeepingFixture()
        let before = try fixture.rows()
        let tablesBefore = try fixture.tableCounts()
        #expect(before["old-2"]?.rejectedLines == 1)
        #expect(before["old-2"].map { $0.touches > 0 && $0.records > $0.touches } == true)

        let removal = try fixture.database.deleteSessions(matching: ["old-2"])
        #expect(!removal.dryRun)
        #expect(removal.sessions.map(\.session.key) == ["old-2"])
        #expect(removal.sessions.first?.rows == before["old-2"])
        #expect(removal.sessions.first?.rows.records == removal.sessions.first?.session.recordCount)

        var expected = before
        expected["old-2"] = nil
        #expect(try fixture.rows() == expected)
        let rows = try #require(before["old-2"])
        #expect(
            try fixture.tableCounts() == [
                "session": tablesBefore["session"]! - 1,
                "record": tablesBefore["record"]! - (rows.records - rows.touches),
                "touch": tablesBefore["touch"]! - rows.touches,
                "rejected_line": tablesBefore["rejected_line"]! - 1,
            ])
        #expect(try fixture.database.sessions().map(\.key) == ["old-1", "new-1", "dump"])
    }

    @Test func aDryRunRemovesNothingAndNamesWhatTheRealRunRemoves() throws {
        let fixture = try HousekeepingFixture()
        let before = try fixture.rows()
        let dryRun = try fixture.database.deleteSessions(matching: ["new-1", "OLD-1"], dryRun: true)
        #expect(dryRun.dryRun)
        #expect(try fixture.rows() == before)
        let real = try fixture.database.deleteSessions(matching: ["new-1", "OLD-1"])
        #expect(real.sessions == dryRun.sessions)
        // Oldest first, as `touchlog sessions` lists them, whatever the order given.
        #expect(real.sessions.map(\.session.key) == ["old-1", "new-1"])
        #expect(real.rows == before["old-1"]! + before["new-1"]!)
    }

    /// One unknown or ambiguous id and nothing is deleted, not even the sessions named before it.
    @Test func allOrNothing() throws {
        let fixture = try HousekeepingFixture()
        let before = try fixture.rows()
        #expect(throws: StoreError.sessionNotFound("nope")) {
            try fixture.database.deleteSessions(matching: ["old-1", "nope"])
        }
        #expect(throws: StoreError.self) { try fixture.database.deleteSessions(matching: ["dump", "old"]) }
        #expect(try fixture.rows() == before)
    }

    @Test func aSessionNamedTwiceIsRemovedOnce() throws {
        let fixture = try HousekeepingFixture()
        let removal = try fixture.database.deleteSessions(matching: ["dump", "DUMP", "du"])
        #expect(removal.sessions.map(\.session.key) == ["dump"])
    }

    @Test func anInterruptedDeletionChangesNothing() throws {
        let fixture = try HousekeepingFixture()
        let before = try fixture.rows()
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(throws: StoreError.interrupted) {
            try fixture.database.deleteSessions(matching: ["old-1", "new-1"], cancellation: cancellation)
        }
        #expect(try fixture.rows() == before)
    }

    /// A dry run only reads: it works where the database is open read-only; the real run says it cannot write.
    @Test func aDryRunWorksReadOnly() throws {
        let fixture = try HousekeepingFixture()
        let reader = try TouchlogDatabase(path: fixture.database.path, access: .readOnly)
        #expect(try reader.deleteSessions(matching: ["old-1"], dryRun: true).sessions.count == 1)
        let error = try #require(throws: StoreError.self) { try reader.deleteSessions(matching: ["old-1"]) }
        guard case .cannotChange(let path, _) = error else {
            Issue.record("expected cannotChange, got \(error)")
            return
        }
        #expect(path == fixture.database.path)
        #expect(try fixture.database.sessions().count == 4)
    }

    /// `ingest --replace` removes the old session through the same code: no row of the old one is left.
    @Test func replacingASessionLeavesNoRowOfTheOldOne() throws {
        let fixture = try HousekeepingFixture()
        let before = try fixture.rows()
        let text = Lines.session([Lines.touch(0.5)], id: "old-2", version: "2.0")
        let report = Ingestor(database: fixture.database, options: IngestOptions(replace: true)).ingest(
            .file(fixture.folder.file("replace.jsonl", text)))
        #expect(report.sessions.map(\.kind) == [.replaced])
        let after = try fixture.rows()
        #expect(after["old-2"] == SessionRowCounts(records: 3, touches: 1, rejectedLines: 0))
        #expect(after.filter { $0.key != "old-2" } == before.filter { $0.key != "old-2" })
    }
}
