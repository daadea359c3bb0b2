import Foundation
import Testing
import TouchlogFormat

@testable import TouchlogStore

/// `touchlog sessions --since`, `--device` and `--limit`.
@Suite struct SessionFilterTests {
    let folder = TemporaryFolder()

    /// Five sessions: four dated (one written with a +02:00 offset), one without a start time.
    func database() throws -> TouchlogDatabase {
        let database = try TouchlogDatabase.inMemory()
        let text = [
            Lines.session([], id: "jan", version: "1.0", startedAt: "2026-01-10T09:00:00.000Z", device: "iPhone15,2"),
            Lines.session([], id: "feb", version: "1.0", startedAt: "2026-02-10T09:00:00.000Z", device: "iPad13,4"),
            // 00:30 at +02:00 is 22:30 UTC the day before: before March as an instant, in March as text.
            Lines.session(
                [], id: "mar", version: "2.0", startedAt: "2026-03-01T00:30:00.000+02:00", device: "iPhone15,4"),
            Lines.session([], id: "apr", version: "2.0", startedAt: "2026-04-10T09:00:00.000Z", device: "iPhone16,1"),
            Lines.session([], id: "undated", version: "2.0", startedAt: nil, device: "iPhone15,2"),
        ].joined()
        #expect(Ingestor(database: database).ingest(.file(folder.file("five.jsonl", text))).succeeded)
        return database
    }

    @Test func sinceComparesInstantsAndLeavesOutUndatedSessions() throws {
        let database = try database()
        let march = try Timestamp(parsing: "2026-03-01")
        #expect(try database.sessions(.init(since: march)).map(\.key) == ["apr"])
        let lateFebruary = try Timestamp(parsing: "2026-02-28T22:30:00Z")
        #expect(try database.sessions(.init(since: lateFebruary)).map(\.key) == ["mar", "apr"])
        let justAfter = try Timestamp(parsing: "2026-02-28T22:30:00.001Z")
        #expect(try database.sessions(.init(since: justAfter)).map(\.key) == ["apr"])
    }

    @Test func deviceMatchesPartOfTheModelIgnoringCase() throws {
        let database = try database()
        #expect(try database.sessions(.init(device: "iPhone15")).map(\.key) == ["jan", "mar", "undated"])
        #expect(try database.sessions(.init(device: "ipad")).map(\.key) == ["feb"])
        #expect(try database.sessions(.init(device: "iPhone15,4")).map(\.key) == ["mar"])
        #expect(try database.sessions(.init(device: "%")).map(\.key) == [])
    }

    /// `--limit N`: the N sessions that started last, in the list's order (issue 27, item 5: undated imported dumps
    /// are listed last but did not start last, so they fill the list only when fewer than N sessions are dated).
    @Test func limitKeepsTheSessionsThatStartedLast() throws {
        let database = try database()
        #expect(try database.sessions().map(\.key) == ["jan", "feb", "mar", "apr", "undated"])
        #expect(try database.sessions(.init(limit: 3)).map(\.key) == ["feb", "mar", "apr"])
        #expect(try database.sessions(.init(limit: 1)).map(\.key) == ["apr"])
        #expect(try database.sessions(.init(limit: 5)).map(\.key) == ["jan", "feb", "mar", "apr", "undated"])
        #expect(try database.sessions(.init(limit: 10)).map(\.key) == ["jan", "feb", "mar", "apr", "undated"])
        #expect(try database.sessions(.init(appVersion: "2.0", limit: 1)).map(\.key) == ["apr"])
    }

    /// The list and `--limit` order sessions by when they started as instants, not as text: 23:00 at -05:00 on
    /// 28 February is 04:00 UTC on 1 March, after a session that started at 22:30 UTC on 28 February.
    @Test func sessionsAreOrderedByInstantNotText() throws {
        let database = try TouchlogDatabase.inMemory()
        let text = [
            Lines.session([], id: "east", version: "1.0", startedAt: "2026-03-01T00:30:00.000+02:00", device: "A"),
            Lines.session([], id: "west", version: "1.0", startedAt: "2026-02-28T23:00:00.000-05:00", device: "A"),
        ].joined()
        #expect(Ingestor(database: database).ingest(.file(folder.file("zones.jsonl", text))).succeeded)
        #expect(try database.sessions().map(\.key) == ["east", "west"])
        #expect(try database.sessions(.init(limit: 1)).map(\.key) == ["west"])
    }

    @Test func filtersCombine() throws {
        let database = try database()
        let filter = TouchlogDatabase.SessionFilter(
            appVersion: "2.0", since: try Timestamp(parsing: "2026-01-01"), device: "iphone", limit: 1)
        #expect(try database.sessions(filter).map(\.key) == ["apr"])
    }
}
