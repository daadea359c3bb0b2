import Foundation
import Testing

@testable import TouchlogStore

/// Finding a session by its id or a prefix of it, whatever the case of its letters, for `show`, `replay`,
/// `explain`, `delete` and `report --session`.
@Suite struct SessionLookupTests {
    let folder = TemporaryFolder()

    func database(_ ids: [String]) throws -> TouchlogDatabase {
        let database = try TouchlogDatabase.inMemory()
        let text = ids.map { Lines.session([], id: $0) }.joined()
        #expect(Ingestor(database: database).ingest(.file(folder.file("ids.jsonl", text))).succeeded)
        return database
    }

    @Test func findsAUniquePrefixWhateverItsCase() throws {
        let database = try database(["5C1E-aaa", "5C1E-abb", "77", "b3f2a9c1"])
        #expect(try database.session(matching: "77").key == "77")
        #expect(try database.session(matching: "5C1E-aa").key == "5C1E-aaa")
        #expect(try database.session(matching: "5c1e-AA").key == "5C1E-aaa")
        #expect(try database.session(matching: "B3F2").key == "b3f2a9c1")
        #expect(throws: StoreError.sessionNotFound("5C1F")) { try database.session(matching: "5C1F") }
    }

    /// LIKE's wildcards in a query are the characters themselves, and an empty query matches nothing.
    @Test func wildcardsAndEmptyQueriesMatchNothing() throws {
        let database = try database(["a_b", "axb"])
        #expect(throws: StoreError.sessionNotFound("%")) { try database.session(matching: "%") }
        #expect(throws: StoreError.sessionNotFound("")) { try database.session(matching: "") }
        #expect(try database.session(matching: "a_").key == "a_b")
    }

    /// An id typed whole is not a prefix of the longer ids that start with it, in its own case or another.
    @Test func aWholeIdIsNeverAmbiguous() throws {
        let database = try database(["abc", "abcdef", "XY", "xy"])
        #expect(try database.session(matching: "abc").key == "abc")
        #expect(try database.session(matching: "ABC").key == "abc")
        // Two ids that differ only by case: each exactly, and the other spelling is ambiguous.
        #expect(try database.session(matching: "xy").key == "xy")
        #expect(try database.session(matching: "XY").key == "XY")
        #expect(
            throws: StoreError.ambiguousSession(
                "Xy",
                candidates: [
                    .init(key: "XY", startedAt: "2026-11-20T10:00:00.000Z", appVersion: "1.0"),
                    .init(key: "xy", startedAt: "2026-11-20T10:00:00.000Z", appVersion: "1.0"),
                ], total: 2)
        ) {
            try database.session(matching: "Xy")
        }
    }

    @Test func anAmbiguousPrefixListsItsCandidates() throws {
        let database = try database(["5C1E-aaa", "5c1e-abb", "77"])
        let error = try #require(throws: StoreError.self) { try database.session(matching: "5C1E-A") }
        let candidate = { (key: String) in
            SessionCandidate(key: key, startedAt: "2026-11-20T10:00:00.000Z", appVersion: "1.0")
        }
        #expect(
            error == .ambiguousSession("5C1E-A", candidates: [candidate("5C1E-aaa"), candidate("5c1e-abb")], total: 2))
        #expect(
            error.description == """
                "5C1E-A" matches 2 sessions; give more of the session id:
                  5C1E-aaa  1.0  2026-11-20T10:00:00.000Z
                  5c1e-abb  1.0  2026-11-20T10:00:00.000Z
                """)
    }

    /// Many candidates: the first ten by id, and how many there are in all.
    @Test func manyCandidatesAreCutWithACount() throws {
        let ids = (0..<25).map { String(format: "run-%02d", $0) }
        let database = try database(ids)
        let error = try #require(throws: StoreError.self) { try database.session(matching: "RUN") }
        guard case .ambiguousSession(_, let candidates, let total) = error else {
            Issue.record("expected an ambiguous session, got \(error)")
            return
        }
        #expect(candidates.map(\.key) == Array(ids.prefix(SessionCandidate.limit)))
        #expect(total == 25)
        let lines = error.description.split(separator: "\n")
        #expect(lines.first == "\"RUN\" matches 25 sessions; give more of the session id:")
        #expect(lines.count == 1 + 10 + 1)
        #expect(lines.last == "  … and 15 more; `touchlog sessions` lists them all")
    }

    @Test func completionOffersIdsByPrefixIgnoringCase() throws {
        let database = try database(["5C1E-aaa", "5c1e-abb", "77", "a%b"])
        #expect(try database.sessionKeys(startingWith: "5c1E") == ["5C1E-aaa", "5c1e-abb"])
        #expect(try database.sessionKeys() == ["5C1E-aaa", "5c1e-abb", "77", "a%b"])
        #expect(try database.sessionKeys(startingWith: "%") == [])
        #expect(try database.sessionKeys(startingWith: "", limit: 1) == ["5C1E-aaa"])
    }
}
