import Foundation
internal import NIOCore
internal import PostgresNIO

/// The analysis queue and stored results in PostgreSQL (migrations/postgres/0002), for workers on many machines:
/// a claim takes the first job nobody holds with `FOR UPDATE SKIP LOCKED` (two workers claiming at once never wait
/// for each other nor take the same job), lease times are the server's clock (so machines' clocks need not agree),
/// and idle workers wait on `LISTEN touchlog_jobs`, which every ingest notifies when it commits. The statements the
/// stores share are ``AnalysisQueueStatements``.
extension PostgresDatabase: AnalysisQueue {
    @discardableResult
    public func enqueueAnalyses(fingerprint: String) throws -> Int {
        try jobStatement { try withLink { try AnalysisQueueStatements.enqueue(fingerprint: fingerprint, on: $0) } }
    }

    /// PostgreSQL's own claim, not a statement shared with SQLite: `FOR UPDATE SKIP LOCKED` takes the first job no
    /// other claim is taking at this moment, so workers on many machines never wait for each other, and the lease
    /// runs on the server's clock.
    public func claimAnalysis(fingerprint: String, lease: JobLease) throws -> AnalysisClaim {
        try jobStatement {
            try withLink { link in
                let claimed = try link.query(
                    """
                    UPDATE analysis_job j SET lease_owner = \(lease.owner),
                        lease_expires = clock_timestamp() + make_interval(secs => \(lease.seconds)),
                        attempts = j.attempts + 1
                    FROM (SELECT session_id FROM analysis_job
                            WHERE fingerprint = \(fingerprint)
                                AND (lease_expires IS NULL OR lease_expires <= clock_timestamp())
                            ORDER BY session_id LIMIT 1 FOR UPDATE SKIP LOCKED) pick,
                        session s
                    WHERE j.fingerprint = \(fingerprint) AND j.session_id = pick.session_id AND s.id = j.session_id
                    RETURNING j.session_id, s.session_key
                    """
                ).first
                if let claimed {
                    let (rowID, key) = try claimed.decode((Int64, String).self)
                    return .claimed(AnalysisJob(sessionRowID: rowID, sessionKey: key, fingerprint: fingerprint))
                }
                // Jobs locked by another claim right now count too: their claimer may yet die.
                let left =
                    try link.query("SELECT count(*) FROM analysis_job WHERE fingerprint = \(fingerprint)")
                    .first?.decode(Int.self) ?? 0
                return left > 0 ? .leasedElsewhere : .none
            }
        }
    }

    public func renewLease(_ job: AnalysisJob, lease: JobLease) throws -> Bool {
        try jobStatement { try withLink { try AnalysisQueueStatements.renew(job, lease: lease, on: $0) } }
    }

    public func completeAnalysis(_ job: AnalysisJob, lease: JobLease, outcome: String) throws -> Bool {
        try jobStatement {
            try inTransaction { link in
                guard let stored = try AnalysisQueueStatements.complete(job, lease: lease, outcome: outcome, on: link)
                else { return (false, false) }
                // Delivered at the commit: a worker waiting for the last jobs other workers hold (to stop when idle)
                // looks again at once instead of at its next poll.
                try link.execute("NOTIFY \(analysisJobsChannel)")
                return (stored, true)
            }
        }
    }

    public func releaseAnalysis(_ job: AnalysisJob, lease: JobLease) throws {
        try jobStatement { try withLink { try AnalysisQueueStatements.release(job, lease: lease, on: $0) } }
    }

    public func analysedSessions(fingerprint: String, sessionRowIDs: [Int64]) throws -> Set<Int64> {
        try jobStatement {
            try withLink {
                try AnalysisQueueStatements.analysedSessions(
                    fingerprint: fingerprint, sessionRowIDs: sessionRowIDs, on: $0)
            }
        }
    }

    public func storedAnalysis(fingerprint: String, sessionRowID: Int64) throws -> String? {
        try jobStatement {
            try withLink {
                try AnalysisQueueStatements.storedAnalysis(
                    fingerprint: fingerprint, sessionRowID: sessionRowID, on: $0)
            }
        }
    }

    public func analysisJobs(fingerprint: String) throws -> [AnalysisJobState] {
        try jobStatement { try withLink { try AnalysisQueueStatements.jobs(fingerprint: fingerprint, on: $0) } }
    }

    public func makeJobWaiter() throws -> any AnalysisJobWaiter {
        try jobStatement { try ListeningJobWaiter(location) }
    }

    /// The server's errors in the store's words: a lost connection is ``StoreError/connectionLost(location:reason:)``
    /// (``withLink(_:)`` says so), anything else ``StoreError/cannotChange(path:reason:)``.
    private func jobStatement<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let failure as PostgresFailure {
            throw StoreError.cannotChange(path: path, reason: failure.reason)
        }
    }
}

/// Waits on `LISTEN touchlog_jobs` on a connection of its own, kept open while the worker runs.
final class ListeningJobWaiter: AnalysisJobWaiter, @unchecked Sendable {
    // @unchecked: `notified` is read and written under `condition`'s lock only.
    private let link: PostgresLink
    private let condition = NSCondition()
    private var notified = false

    init(_ location: PostgresLocation) throws {
        link = try PostgresLink(location)
        try link.listen(analysisJobsChannel) { [weak self] in self?.wake() }
    }

    private func wake() {
        condition.lock()
        notified = true
        condition.broadcast()
        condition.unlock()
    }

    func wait(seconds: Double, cancellation: Cancellation?) throws -> Bool {
        let key = cancellation?.register { [weak self] in self?.wake() }
        defer { if let key { cancellation?.unregister(key) } }
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !notified {
            if link.isClosed {
                throw StoreError.connectionLost(
                    location: link.location.description, reason: "the server closed the connection")
            }
            // Wake at least once a second to notice a closed connection.
            let slice = min(deadline, Date(timeIntervalSinceNow: 1))
            if !condition.wait(until: slice), slice >= deadline { return false }
        }
        // A burst of notifications (many files ingested) is one wake-up: the worker queues everything at once.
        notified = false
        return true
    }
}
