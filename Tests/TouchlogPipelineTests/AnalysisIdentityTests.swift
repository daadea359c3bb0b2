import Foundation
import Testing
import TouchlogFormat
import TouchlogPipeline
import TouchlogStore

@testable import TouchlogReport

/// Stored results are keyed by the analysis that made them (``AnalysisIdentity``): a result stored by one analysis
/// is served to a report of the same analysis and to no other, which analyses the session itself. So a touchlog
/// rebuilt with changed rules never serves findings the old rules computed.
@Suite struct AnalysisIdentityTests {
    static let promo = packageRoot.appendingPathComponent("sample-logs/03-hidden-promo-field-keeps-typing.jsonl").path

    static func fingerprint(_ identity: String) -> AnalysisFingerprint {
        AnalysisFingerprint(
            configuration: ReportConfiguration(), scenes: AnalysisFingerprint.workerKeepsScenes,
            analysisIdentity: identity)
    }

    static func store() throws -> TouchlogDatabase {
        let database = try TouchlogDatabase.inMemory()
        try #require(Ingestor(database: database).ingest(.file(promo)).succeeded)
        return database
    }

    static func report(_ database: TouchlogDatabase, identity: String = AnalysisIdentity.current) throws -> String {
        let outcome = try ReportRun(toolVersion: "t", analysisIdentity: identity).run(database: database, workers: 1)
        return ReportFormat.text.render(outcome.report, options: FormatOptions(color: false))
    }

    /// Stores `outcome` as every session's result under `fingerprint`, as a worker of that analysis would.
    static func plant(_ outcome: StoredOutcome, under fingerprint: AnalysisFingerprint, in store: any SessionStore)
        throws -> Int
    {
        _ = try store.enqueueAnalyses(fingerprint: fingerprint.key)
        let lease = JobLease(owner: "test", seconds: 60)
        var stored = 0
        while case .claimed(let job) = try store.claimAnalysis(fingerprint: fingerprint.key, lease: lease) {
            #expect(try store.completeAnalysis(job, lease: lease, outcome: outcome.encoded()))
            stored += 1
        }
        return stored
    }

    /// Analysis "A" stored that sample 03 has no finding (as rules that miss the hidden field would). A report of
    /// analysis A serves that result, which shows the stored path is taken; one of analysis B (and this build's)
    /// analyses the session again and finds the hidden first responder, as a report over an empty queue does.
    @Test func aResultStoredByOneAnalysisIsNotServedToAnother() throws {
        let database = try Self.store()
        let fresh = try Self.report(database)
        #expect(fresh.contains("hidden_first_responder"))
        #expect(try Self.plant(.analyzed([]), under: Self.fingerprint("A"), in: database) == 1)

        let servedToA = try Self.report(database, identity: "A")
        #expect(!servedToA.contains("hidden_first_responder"))
        #expect(servedToA.contains("1 session analysed"))

        #expect(try Self.report(database, identity: "B") == fresh)
        #expect(try Self.report(database) == fresh)
    }

    /// A worker of analysis A stores under A only: a worker of another analysis finds the session still to do, and
    /// after it has run, a report of that analysis reads the new result and not A's.
    @Test func aWorkerOfANewAnalysisQueuesWhatAnOldOneStored() throws {
        let database = try Self.store()
        let fresh = try Self.report(database)
        let old = try WorkerRun(exitWhenIdle: true, analysisIdentity: "A").run(
            store: database, cancellation: Cancellation())
        #expect(old.analysed == 1)
        let rowIDs = try database.sessions().map(\.rowID)
        #expect(try database.analysedSessions(fingerprint: Self.fingerprint("A").key, sessionRowIDs: rowIDs).count == 1)
        #expect(try database.analysedSessions(fingerprint: Self.fingerprint("B").key, sessionRowIDs: rowIDs).isEmpty)

        let new = try WorkerRun(exitWhenIdle: true, analysisIdentity: "B").run(
            store: database, cancellation: Cancellation())
        #expect(new.analysed == 1)
        #expect(try database.analysedSessions(fingerprint: Self.fingerprint("B").key, sessionRowIDs: rowIDs).count == 1)
        #expect(try Self.report(database, identity: "B") == fresh)
    }

    /// The entry points default to this build's generated identity: what a worker stores, a report reads.
    @Test func theEntryPointsUseTheGeneratedIdentity() {
        #expect(ReportRun(toolVersion: "t").analysisIdentity == AnalysisIdentity.current)
        #expect(WorkerRun().fingerprint == Self.fingerprint(AnalysisIdentity.current))
        #expect(WorkerRun().fingerprint == AnalysisFingerprint(configuration: ReportConfiguration(), scenes: true))
    }
}
