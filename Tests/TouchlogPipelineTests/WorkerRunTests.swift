import Foundation
import Synchronization
import Testing
import TouchlogFormat
import TouchlogPipeline
import TouchlogStore

@testable import TouchlogReport

/// ``WorkerRun`` with time under the test's control: the queue's leases run on a clock the test moves, and a worker
/// is held at a point of its work by its progress callback, so nothing depends on how fast the machine is.
@Suite struct WorkerRunTests {
    /// A clock that moves only when told.
    final class ManualClock: Sendable {
        private let seconds: Mutex<Double>

        init(_ start: Double) { seconds = Mutex(start) }

        func advance(by interval: Double) { seconds.withLock { $0 += interval } }

        var leaseClock: LeaseClock { LeaseClock { self.seconds.withLock { $0 } } }
    }

    /// What a worker on another thread returned.
    final class Outcome: Sendable {
        let summary = Mutex<WorkerRun.Summary?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    static let promo = packageRoot.appendingPathComponent("sample-logs/03-hidden-promo-field-keeps-typing.jsonl").path
    static let fingerprint = WorkerRun().fingerprint.key

    static func report(_ database: TouchlogDatabase) throws -> String {
        let outcome = try ReportRun(toolVersion: "t").run(database: database, workers: 1)
        return ReportFormat.json.render(outcome.report)
    }

    /// A worker that claimed the session and then stopped (as a killed one does: no renewal) keeps it until its
    /// lease lapses on the clock; then another worker takes and stores it, and the first, if it wakes, cannot store
    /// its own. One result, the report the one made without workers.
    @Test func aWorkerThatStopsRenewingLosesItsSessionWhenTheLeaseLapses() throws {
        let clock = ManualClock(1_000_000)
        let database = try TouchlogDatabase.inMemory(leaseClock: clock.leaseClock)
        try #require(Ingestor(database: database).ingest(.file(Self.promo)).succeeded)
        let expected = try Self.report(database)

        let claimed = DispatchSemaphore(value: 0)
        let wake = DispatchSemaphore(value: 0)
        let first = Outcome()
        let stalled = WorkerRun(leaseSeconds: 60, exitWhenIdle: true, owner: "stalled")
        Thread {
            let summary = try? stalled.run(store: database, cancellation: Cancellation()) { event in
                // Held right after its claim, before any renewal could start.
                if case .claimed = event {
                    claimed.signal()
                    wake.wait()
                }
            }
            first.summary.withLock { $0 = summary }
            first.done.signal()
        }.start()
        claimed.wait()

        // Within the lease the job is the stalled worker's, however long that takes in real time.
        let probe = JobLease(owner: "probe", seconds: 60)
        clock.advance(by: 59)
        #expect(try database.claimAnalysis(fingerprint: Self.fingerprint, lease: probe) == .leasedElsewhere)
        // One second later the lease has lapsed (checked first: a worker would wait for it forever otherwise), and
        // another worker takes the job and stores its result.
        clock.advance(by: 1)
        try #require(try database.analysisJobs(fingerprint: Self.fingerprint).map(\.leaseExpired) == [true])
        let second = try WorkerRun(leaseSeconds: 60, exitWhenIdle: true, owner: "second").run(
            store: database, cancellation: Cancellation())
        #expect(second.analysed == 1 && second.lost == 0)

        // The stalled worker wakes, analyses, and may not store: the job is no longer its own.
        wake.signal()
        first.done.wait()
        let stalledSummary = try #require(first.summary.withLock { $0 })
        #expect(stalledSummary.analysed == 0 && stalledSummary.lost == 1)

        let rowIDs = try database.sessions().map(\.rowID)
        #expect(try database.analysedSessions(fingerprint: Self.fingerprint, sessionRowIDs: rowIDs).count == 1)
        #expect(try database.analysisJobs(fingerprint: Self.fingerprint).isEmpty)
        #expect(try Self.report(database) == expected)
    }

    /// A worker asked to stop mid-session gives the session back at once (claimable, nothing stored) however short
    /// the session is: the stop is checked when its records end, not raced against them.
    @Test func aWorkerAskedToStopMidSessionGivesItBack() throws {
        let database = try TouchlogDatabase.inMemory()
        try #require(Ingestor(database: database).ingest(.file(Self.promo)).succeeded)
        let cancellation = Cancellation()
        let summary = try WorkerRun(leaseSeconds: 60, owner: "stopping").run(
            store: database, cancellation: cancellation
        ) { event in
            if case .claimed = event { cancellation.cancel() }
        }
        #expect(summary.abandoned == 1 && summary.analysed == 0)
        let jobs = try database.analysisJobs(fingerprint: Self.fingerprint)
        #expect(jobs.count == 1 && jobs[0].leaseOwner == nil)
        let rowIDs = try database.sessions().map(\.rowID)
        #expect(try database.analysedSessions(fingerprint: Self.fingerprint, sessionRowIDs: rowIDs).isEmpty)
    }
}
