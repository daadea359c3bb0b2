import Testing
import TouchlogFormat

@testable import TouchlogStore

/// The store's small codes are read strictly: a code this touchlog does not define is an error naming it, never a
/// default (an unknown phase read as `began` would start a touch the recording never started).
@Suite struct StoredCodesTests {
    let folder = TemporaryFolder()

    func ingested() throws -> TouchlogDatabase {
        let database = try TouchlogDatabase.inMemory()
        let path = folder.file("s.jsonl", Lines.session([Lines.touch(0.1), Lines.touch(0.2, phase: "ended")]))
        #expect(Ingestor(database: database).ingest(.file(path)).succeeded)
        return database
    }

    @Test func everyPhaseCodeReadsBackAsItsPhase() throws {
        for phase in TouchPhase.allCases {
            #expect(try TouchPhase(storedCode: Int64(phase.rawValue), seq: 3) == phase)
        }
    }

    @Test func anUnknownTouchPhaseCodeIsAnErrorNotBegan() throws {
        let database = try ingested()
        try database.raw.execute("UPDATE touch SET phase = 9")
        let info = try database.session(matching: "s1")
        #expect {
            _ = try database.records(sessionRowID: info.rowID)
        } throws: { error in
            guard case .unknownStoredValue(let what, let value, _) = error as? StoreError else { return false }
            return what.contains("touch phase") && what.contains("record 3") && value == "9"
        }
    }

    @Test func anUnknownSessionStatusIsAnErrorNotComplete() throws {
        let database = try ingested()
        // The schema's CHECK refuses it; a database changed by hand or by another touchlog need not have one.
        try database.raw.execute(
            """
            PRAGMA ignore_check_constraints = ON;
            UPDATE session SET status = 'archived';
            PRAGMA ignore_check_constraints = OFF
            """)
        #expect {
            _ = try database.sessions()
        } throws: { error in
            guard case .unknownStoredValue(let what, let value, let known) = error as? StoreError else {
                return false
            }
            return what == "a session status" && value == "archived" && known == ["complete", "truncated", "partial"]
                && String(describing: error).contains("ingest it again")
        }
    }
}
