import Foundation
import Testing
import TouchlogStore

/// `touchlog prune`: by start time, by count, within an app version; undated sessions stay; a dry run changes nothing.
@Suite struct PruneCommandTests {
    @Test func neitherBeforeNorKeepIsAUsageError() throws {
        let store = try FourSessions()
        let result = try store.run(["prune"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: Say what to prune: --before DATE (sessions started before it), --keep N (all but the N newest), or both.\n"
            ))
        #expect(try store.run(["prune", "--app-version", "2.2.0"]).status == 64)
        #expect(try store.run(["prune", "--keep", "-1"]).status == 64)
        #expect(try store.keys().count == 4)
    }

    @Test func aDateThatIsNotOneIsAUsageError() throws {
        let store = try FourSessions()
        let result = try store.run(["prune", "--before", "2026-13-01"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: The value '2026-13-01' is invalid for '--before <date>': \"2026-13-01\" is not a date: there is no month 13; use YYYY-MM-DD (midnight UTC) or an ISO 8601 time with a zone, such as 2026-11-19T12:00:00Z\n"
            ))
    }

    @Test func aDryRunListsWhatWouldGoAndChangesNothing() throws {
        let store = try FourSessions()
        let before = try store.tableCounts()
        let result = try store.run(["prune", "--before", "2026-11-21", "--dry-run"])
        #expect(result.status == 0)
        try expectGolden(result.stdout, "prune-dry-run.txt")
        #expect(try store.tableCounts() == before)
    }

    /// The newest by start as an instant is 0B6D-ipad (07:30 UTC on the 21st); the undated session stays.
    @Test func keepLeavesTheNewestAndTheUndated() throws {
        let store = try FourSessions()
        let result = try store.run(["prune", "--keep", "1"])
        #expect(result.status == 0)
        #expect(
            result.stdout.hasSuffix(
                "pruned 2 sessions (20 records) from t.sqlite: every session older than the 1 newest; 1 session kept; 1 session without a start time stays (prune never removes those; `touchlog delete` does)\n"
            ))
        #expect(try store.keys() == ["0B6D-ipad", "7a21-undated"])
    }

    @Test func anAppVersionLimitsWhatIsConsidered() throws {
        let store = try FourSessions()
        let result = try store.run(["prune", "--keep", "0", "--app-version", "2.2.0", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""sessions":[{"id":"7A20-old","#))
        #expect(
            result.stdout.hasSuffix(
                #""removed":{"sessions":1,"records":10,"touches":4,"rejectedLines":0},"kept":0,"undated":1}"# + "\n"))
        #expect(try store.keys() == ["5C1E2F0A-login", "0B6D-ipad", "7a21-undated"])
    }

    @Test func beforeAndKeepTogetherNeverEmptyTheDatabase() throws {
        let store = try FourSessions()
        let result = try store.run(["prune", "--before", "2030-01-01", "--keep", "2"])
        #expect(result.status == 0)
        #expect(try store.keys() == ["5C1E2F0A-login", "0B6D-ipad", "7a21-undated"])
        let nothing = try store.run(["prune", "--before", "2020-01-01"])
        #expect(
            nothing.stdout
                == "nothing to prune in t.sqlite: no session started before 2020-01-01; 2 sessions kept; 1 session without a start time stays (prune never removes those; `touchlog delete` does)\n"
        )
    }
}
