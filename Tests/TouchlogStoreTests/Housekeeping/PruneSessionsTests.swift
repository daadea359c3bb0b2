import Foundation
import Testing
import TouchlogFormat

@testable import TouchlogStore

/// `touchlog prune`: by start time (as an instant), by count, by both, within an app version; undated sessions stay.
@Suite struct PruneSessionsTests {
    func prune(_ criteria: PruneCriteria, dryRun: Bool = false) throws -> (PruneResult, left: [String]) {
        let fixture = try HousekeepingFixture(inMemory: true)
        let result = try fixture.database.prune(criteria, dryRun: dryRun)
        return (result, try fixture.database.sessions().map(\.key))
    }

    /// old-2 started at 23:00 on 31 December at -02:00, which is 1 January UTC: after midnight UTC, though its text
    /// sorts before "2026-01-01".
    @Test func beforeComparesInstants() throws {
        let (result, left) = try prune(PruneCriteria(.startedBefore(try Timestamp(parsing: "2026-01-01"))))
        #expect(result.removal.sessions.map(\.session.key) == ["old-1"])
        #expect(left == ["old-2", "new-1", "dump"])
        #expect(result.kept == 2)
        #expect(result.undated == 1)
    }

    /// A session that started at the very moment given did not start before it.
    @Test func theBoundaryIsExact() throws {
        let at = try Timestamp(parsing: "2026-01-01T01:00:00Z")
        #expect(try prune(PruneCriteria(.startedBefore(at))).0.removal.sessions.map(\.session.key) == ["old-1"])
        let after = try Timestamp(parsing: "2026-01-01T01:00:00.001Z")
        #expect(
            try prune(PruneCriteria(.startedBefore(after))).0.removal.sessions.map(\.session.key) == [
                "old-1", "old-2",
            ])
    }

    @Test func keepNewestKeepsTheSessionsThatStartedLast() throws {
        let (result, left) = try prune(PruneCriteria(.keepNewest(1)))
        #expect(result.removal.sessions.map(\.session.key) == ["old-1", "old-2"])
        #expect(left == ["new-1", "dump"])
        #expect(result.kept == 1 && result.undated == 1)
        #expect(try prune(PruneCriteria(.keepNewest(3))).0.removal.sessions.isEmpty)
    }

    /// Within an app version, the others stay whatever their age; keeping none removes every dated one of it.
    @Test func anAppVersionLimitsWhatIsConsidered() throws {
        let (result, left) = try prune(PruneCriteria(.keepNewest(0), appVersion: "2.0"))
        #expect(result.removal.sessions.map(\.session.key) == ["old-2", "new-1"])
        #expect(left == ["old-1", "dump"])
        #expect(result.kept == 0 && result.undated == 1)
        let none = try prune(PruneCriteria(.keepNewest(0), appVersion: "9.9"))
        #expect(none.0.removal.sessions.isEmpty && none.0.undated == 0)
    }

    /// An age limit with a floor: older sessions go, but never the newest few.
    @Test func beforeKeepingNewestNeverEmptiesTheStore() throws {
        let june = try Timestamp(parsing: "2026-06-01")
        let (result, left) = try prune(PruneCriteria(.startedBeforeKeepingNewest(june, keep: 2)))
        #expect(result.removal.sessions.map(\.session.key) == ["old-1"])
        #expect(left == ["old-2", "new-1", "dump"])
        let all = try prune(PruneCriteria(.startedBefore(june)))
        #expect(all.left == ["dump"])
    }

    @Test func aDryRunSelectsWhatTheRealRunRemovesAndRemovesNothing() throws {
        let fixture = try HousekeepingFixture()
        let before = try fixture.rows()
        let criteria = PruneCriteria(.keepNewest(1))
        let dryRun = try fixture.database.prune(criteria, dryRun: true)
        #expect(dryRun.removal.dryRun)
        #expect(try fixture.rows() == before)
        let real = try fixture.database.prune(criteria)
        #expect(real.removal.sessions == dryRun.removal.sessions)
        #expect(real.kept == dryRun.kept && real.undated == dryRun.undated)
        #expect(real.removal.rows == before["old-1"]! + before["old-2"]!)
        #expect(try fixture.rows().keys.sorted() == ["dump", "new-1"])
    }

    @Test func anInterruptedPruneChangesNothing() throws {
        let fixture = try HousekeepingFixture()
        let before = try fixture.rows()
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(throws: StoreError.interrupted) {
            try fixture.database.prune(PruneCriteria(.keepNewest(0)), cancellation: cancellation)
        }
        #expect(try fixture.rows() == before)
    }
}
