import Foundation
import TouchlogFormat
import TouchlogReplay
import TouchlogReport
import TouchlogStore

/// What a worker asks of the store: the queue, and the sessions it analyses.
public typealias WorkerStore = SessionReading & AnalysisQueue

/// `touchlog worker` as a library call, shared by the command, the benchmark and the tests: takes sessions from
/// the store's analysis queue one at a time, analyses each as `report` would under the same configuration, and
/// stores the outcome, until stopped (or, with ``exitWhenIdle``, until nothing is left).
///
/// ```swift
/// let run = WorkerRun(configuration: configuration, leaseSeconds: 60, exitWhenIdle: true)
/// let summary = try run.run(store: store, cancellation: Cancellation())
/// summary.analysed   // sessions this worker stored a result for
/// ```
///
/// Jobs appear when a worker starts and whenever it wakes (a notification from an ingest's commit on
/// PostgreSQL, or the poll): it queues every stored session without a result for its fingerprint. A claimed job is
/// leased for ``leaseSeconds`` and the lease renewed every third of that while the session is analysed; a worker
/// that dies stops renewing, and another takes the job when the lease lapses. The result is stored and the job
/// removed in one transaction, only while the job is still this worker's, so nothing is lost or stored twice.
public struct WorkerRun: Sendable {
    /// The rules that run, with their settings: from `.touchlog.yml`, as `report` reads it.
    public var configuration: ReportConfiguration
    public var leaseSeconds: Double
    /// Stop once no job is left (jobs other workers hold count until they finish or their leases lapse).
    public var exitWhenIdle: Bool
    /// How long an idle worker waits before it looks again without being woken: the longest a lapsed lease of a
    /// dead worker waits to be retaken (and, on SQLite, which has no notifications, for new sessions).
    public var pollSeconds: Double
    /// Sessions analysed at once, each on a thread with a lease of its own.
    public var threads: Int
    /// This worker's name in the queue; each thread adds its number.
    public var owner: String
    /// The analysis this worker's results are stored as made by: this build's, unless a test says otherwise.
    public var analysisIdentity: String

    public init(
        configuration: ReportConfiguration = ReportConfiguration(), leaseSeconds: Double = 60,
        exitWhenIdle: Bool = false, pollSeconds: Double = 5, threads: Int = 1, owner: String = JobLease.uniqueOwner(),
        analysisIdentity: String = AnalysisIdentity.current
    ) {
        self.configuration = configuration
        self.leaseSeconds = leaseSeconds
        self.exitWhenIdle = exitWhenIdle
        self.pollSeconds = pollSeconds
        self.threads = max(1, threads)
        self.owner = owner
        self.analysisIdentity = analysisIdentity
    }

    /// What one worker did.
    public struct Summary: Sendable, Hashable {
        /// Sessions whose result this worker stored (the unreplayable ones included).
        public var analysed = 0
        /// Of those, sessions replay refused (stored as such: a report names them as not analysed).
        public var unreplayable = 0
        /// Sessions given back unfinished because the worker was asked to stop.
        public var abandoned = 0
        /// Sessions analysed but not stored: the lease lapsed and another worker took the job, or stored it first.
        public var lost = 0

        public init() {}

        static func + (lhs: Summary, rhs: Summary) -> Summary {
            var sum = lhs
            sum.analysed += rhs.analysed
            sum.unreplayable += rhs.unreplayable
            sum.abandoned += rhs.abandoned
            sum.lost += rhs.lost
            return sum
        }
    }

    /// What a worker tells whoever watches it, as it goes.
    public enum Event: Sendable {
        case queued(Int)
        case claimed(session: String)
        case stored(session: String, findings: Int?)
        case abandoned(session: String)
        case lost(session: String)
        case waiting
    }

    /// The fingerprint this worker stores under: the one `report` looks for with the same configuration.
    public var fingerprint: AnalysisFingerprint {
        AnalysisFingerprint(
            configuration: configuration, scenes: AnalysisFingerprint.workerKeepsScenes,
            analysisIdentity: analysisIdentity)
    }

    /// Works until `cancellation` (then gives the current session back and returns) or, with ``exitWhenIdle``,
    /// until no job is left. Store errors are thrown (a lost connection: the leases lapse and others go on).
    public func run(
        store: any WorkerStore, cancellation: Cancellation, progress: @escaping @Sendable (Event) -> Void = { _ in }
    ) throws -> Summary {
        let fingerprint = self.fingerprint.key
        let queued = try store.enqueueAnalyses(fingerprint: fingerprint)
        progress(.queued(queued))
        if threads == 1 {
            return try loop(store: store, owner: owner, fingerprint: fingerprint, cancellation, progress)
        }
        // Each thread is a worker of its own; the first failure stops the others.
        let stop = Cancellation()
        cancellation.whenCancelled { stop.cancel() }
        let results = ThreadResults(count: threads)
        let group = DispatchGroup()
        for index in 0..<threads {
            group.enter()
            let thread = Thread { [self] in
                defer { group.leave() }
                do {
                    let summary = try loop(
                        store: store, owner: "\(owner)#\(index + 1)", fingerprint: fingerprint,
                        stop, progress)
                    results.set(index, .success(summary))
                } catch {
                    results.set(index, .failure(error))
                    stop.cancel()
                }
            }
            thread.start()
        }
        group.wait()
        var total = Summary()
        for result in results.all {
            switch result {
            case .success(let summary): total = total + summary
            case .failure(let error): throw error
            case nil: break
            }
        }
        return total
    }

    private func loop(
        store: any WorkerStore, owner: String, fingerprint: String, _ cancellation: Cancellation,
        _ progress: @escaping @Sendable (Event) -> Void
    ) throws -> Summary {
        let lease = JobLease(owner: owner, seconds: leaseSeconds)
        let rules = configuration.configured(RuleRegistry.all)
        let waiter = try store.makeJobWaiter()
        let loader = SessionLoader(database: store)
        var summary = Summary()
        while !cancellation.isCancelled {
            let claim = try store.claimAnalysis(fingerprint: fingerprint, lease: lease)
            switch claim {
            case .claimed(let job):
                progress(.claimed(session: job.sessionKey))
                try work(
                    on: job, lease: lease, store: store, loader: loader, rules: rules, cancellation, &summary,
                    progress)
                continue
            case .none where exitWhenIdle:
                // Sessions ingested since the last look are queued before deciding that nothing is left.
                if try store.enqueueAnalyses(fingerprint: fingerprint) == 0 { return summary }
                continue
            case .leasedElsewhere where exitWhenIdle:
                // Another worker holds the last jobs; it may die, so look again until they are done or lapse. On
                // PostgreSQL a completed job wakes this wait (its NOTIFY); an SQLite file is looked at again soon,
                // so that a batch of workers ends when the last of them is done, not a poll later.
                // Nothing to queue meanwhile: a lapsed lease leaves its job in the queue, and sessions ingested since
                // are queued once no job is left (the case above), so only the claim is tried again.
                let soon = min(pollSeconds, 0.5, max(0.05, leaseSeconds / 4))
                _ = try waiter.wait(seconds: soon, cancellation: cancellation)
                continue
            case .none, .leasedElsewhere:
                progress(.waiting)
                _ = try waiter.wait(seconds: pollSeconds, cancellation: cancellation)
            }
            let queued = try store.enqueueAnalyses(fingerprint: fingerprint)
            if queued > 0 { progress(.queued(queued)) }
        }
        return summary
    }

    /// Analyses the claimed session while a keeper renews its lease, then stores the outcome (or gives the job back
    /// when asked to stop).
    private func work(
        on job: AnalysisJob, lease: JobLease, store: any WorkerStore, loader: SessionLoader, rules: [ConfiguredRule],
        _ cancellation: Cancellation, _ summary: inout Summary, _ progress: @escaping @Sendable (Event) -> Void
    ) throws {
        let info: SessionInfo
        do {
            info = try store.session(matching: job.sessionKey)
        } catch StoreError.sessionNotFound {
            // Deleted since it was queued; its job went with it.
            return
        }
        let keeper = LeaseKeeper(job: job, lease: lease, store: store)
        var session = try loader.session(info)
        session.records = StoppableRecords(base: session.records) { cancellation.isCancelled || keeper.isLost }
        let outcome: StoredOutcome
        do {
            outcome = try StoredOutcome.analysing(session, rules: rules, scenes: AnalysisFingerprint.workerKeepsScenes)
            keeper.stop()
        } catch is StoppableRecords.Stopped {
            keeper.stop()
            if keeper.isLost {
                summary.lost += 1
                progress(.lost(session: job.sessionKey))
            } else {
                try store.releaseAnalysis(job, lease: lease)
                summary.abandoned += 1
                progress(.abandoned(session: job.sessionKey))
            }
            return
        } catch {
            keeper.stop()
            throw error
        }
        guard try store.completeAnalysis(job, lease: lease, outcome: outcome.encoded()) else {
            summary.lost += 1
            progress(.lost(session: job.sessionKey))
            return
        }
        summary.analysed += 1
        switch outcome {
        case .analyzed(let findings): progress(.stored(session: job.sessionKey, findings: findings.count))
        case .unreplayable:
            summary.unreplayable += 1
            progress(.stored(session: job.sessionKey, findings: nil))
        }
    }
}

/// Renews a lease every third of its length on a thread of its own while a session is analysed; notes when the
/// lease was lost (the job is no longer the worker's), so the analysis stops early.
private final class LeaseKeeper: @unchecked Sendable {
    // @unchecked: the mutable state is read and written under `condition`'s lock only.
    private let condition = NSCondition()
    private var stopped = false
    private var lost = false
    private let done = DispatchSemaphore(value: 0)

    init(job: AnalysisJob, lease: JobLease, store: any AnalysisQueue) {
        let interval = max(0.01, lease.seconds / 3)
        let thread = Thread { [self] in
            defer { done.signal() }
            condition.lock()
            defer { condition.unlock() }
            while !stopped {
                if condition.wait(until: Date(timeIntervalSinceNow: interval)) || stopped { continue }
                condition.unlock()
                // A failed renewal (the connection went) counts as lost: the lease will lapse.
                let renewed = (try? store.renewLease(job, lease: lease)) ?? false
                condition.lock()
                if !renewed {
                    lost = true
                    return
                }
            }
        }
        thread.start()
    }

    var isLost: Bool {
        condition.lock()
        defer { condition.unlock() }
        return lost
    }

    /// Stops renewing and waits for the renewing thread to end.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        done.wait()
    }
}

/// A session's records that stop (throwing ``Stopped``) as soon as `shouldStop` says so: a worker asked to stop,
/// or whose lease was lost, gives up the session between two records instead of finishing it.
private struct StoppableRecords: SessionRecords {
    struct Stopped: Error {}
    let base: any SessionRecords
    let shouldStop: () -> Bool

    func forEachRecord(_ body: (SessionRecord) throws -> Void) throws {
        var count = 0
        try base.forEachRecord { record in
            count += 1
            // Every 256 records: the check takes a lock.
            if count & 255 == 0, shouldStop() { throw Stopped() }
            try body(record)
        }
        if shouldStop() { throw Stopped() }
    }

    func forEachRecord(in range: ClosedRange<Int>, _ body: (SessionRecord) throws -> Void) throws {
        try base.forEachRecord(in: range, body)
    }

    func contains(_ kind: RecordKind) throws -> Bool { try base.contains(kind) }
}

/// Each thread's result, collected under a lock.
private final class ThreadResults: @unchecked Sendable {
    // @unchecked: `results` is read and written under `lock` only.
    private let lock = NSLock()
    private var results: [Result<WorkerRun.Summary, any Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<WorkerRun.Summary, any Error>) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }

    var all: [Result<WorkerRun.Summary, any Error>?] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}
