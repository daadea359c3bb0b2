import ResponderCore
import Testing
import TouchlogStore

@testable import TouchlogReplay

/// Stored runs: reused while fresh, replayed again when stale.
@Suite struct StoredRunTests {
    @Test func aFreshRunIsReusedAndHoldsTheTrace() throws {
        let db = try Samples.database("03-hidden-promo-field-keeps-typing")
        let info = try db.sessions()[0]
        let service = ReplayService(database: db)
        let run = try service.storedRun(for: info)
        #expect(try service.storedRun(for: info).id == run.id)
        #expect(run.modelVersion == ResponderCoreInfo.modelVersion)
        let trace = try db.replayTrace(runID: run.id).map { $0 + "\n" }.joined()
        #expect(trace == (try Samples.trace(db)))
        let steps = try db.replaySteps(runID: run.id)
        #expect(steps.filter(\.keyReceiverHidden).count == 4)
        #expect(steps.contains { $0.firstResponderHidden && $0.firstResponder != nil })
    }

    @Test func anotherTouchlogVersionOrChangedContentMakesItStale() throws {
        let db = try Samples.database("01-login-background-tap")
        let info = try db.sessions()[0]
        let old = try ReplayService(database: db, touchlogVersion: "0.0.1").storedRun(for: info)
        let service = ReplayService(database: db)
        #expect(try service.isStale(old))
        let fresh = try service.storedRun(for: info)
        #expect(old.touchlogVersion == "0.0.1" && fresh.touchlogVersion == TouchlogReplayInfo.touchlogVersion)
        #expect(try !service.isStale(fresh))
        try db.writer.write { db in try db.execute(sql: "UPDATE session SET content_hash = 'other'") }
        #expect(try service.isStale(fresh))
        #expect(try service.storedRun(for: info).contentHash == "other")
    }

    @Test func aDifferentModelVersionIsStale() throws {
        let db = try Samples.database("01-login-background-tap")
        let info = try db.sessions()[0]
        let service = ReplayService(database: db)
        let run = try service.storedRun(for: info)
        try db.writer.write { db in
            try db.execute(
                sql: "UPDATE replay_run SET model_version = ?", arguments: [ResponderCoreInfo.modelVersion - 1])
        }
        let stale = try db.replayRun(sessionRowID: info.rowID, policies: "", trust: "model")!
        #expect(try service.isStale(stale))
        #expect(try service.storedRun(for: info).modelVersion == ResponderCoreInfo.modelVersion)
        #expect(run.modelVersion == ResponderCoreInfo.modelVersion)
    }

    @Test func policiesAndTrustAreSeparateRuns() throws {
        let db = try Samples.database("02-login-dismissing-window")
        let info = try db.sessions()[0]
        let service = ReplayService(database: db)
        let plain = try service.storedRun(for: info)
        let without = try service.storedRun(
            for: info, options: ReplayOptions(policies: PolicyChanges(removed: [.dismissOnOutsideTouch])))
        #expect(plain.id != without.id && without.policies == "-dismiss-on-outside-touch")
        // Without the window's policy the background tap leaves the keyboard up.
        let steps = try db.replaySteps(runID: without.id)
        let tap = steps.filter { $0.phase == "began" }[1]
        #expect(tap.keyboardVisible && tap.firstResponder == "emailField")
    }
}
