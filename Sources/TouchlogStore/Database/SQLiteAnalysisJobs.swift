import Foundation
internal import GRDB

/// The analysis queue and stored results in an SQLite file (migrations/0005). One machine: a claim is one
/// IMMEDIATE transaction (SQLite's one writer at a time is the lock PostgreSQL's `FOR UPDATE SKIP LOCKED` gives),
/// lease times are this machine's clock (``leaseClock``), and workers poll instead of listening. The statements the
/// stores share are ``AnalysisQueueStatements``.
extension TouchlogDatabase: AnalysisQueue {
    /// Seconds since 1970: the clock leases are written and compared in (``leaseClock``).
    private var now: Double { leaseClock.now() }

    @discardableResult
    public func enqueueAnalyses(fingerprint: String) throws -> Int {
        try change(cancellation: nil) { try AnalysisQueueStatements.enqueue(fingerprint: fingerprint, on: $0) }
    }

    /// SQLite's own claim, not a statement shared with PostgreSQL: the IMMEDIATE transaction is the lock, so the
    /// first free job is simply updated, and a job whose session went is dropped here.
    public func claimAnalysis(fingerprint: String, lease: JobLease) throws -> AnalysisClaim {
        try change(cancellation: nil) { connection in
            let db = connection.db
            let now = self.now
            let claimed = try Row.fetchOne(
                db,
                sql: """
                    UPDATE analysis_job SET lease_owner = ?, lease_expires = ?, attempts = attempts + 1
                    WHERE fingerprint = ? AND session_id = (SELECT session_id FROM analysis_job
                        WHERE fingerprint = ? AND (lease_expires IS NULL OR lease_expires <= ?)
                        ORDER BY session_id LIMIT 1)
                    RETURNING session_id, (SELECT session_key FROM session WHERE id = session_id) AS session_key
                    """, arguments: [lease.owner, now + lease.seconds, fingerprint, fingerprint, now])
            if let claimed {
                let key: String? = claimed["session_key"]
                guard let key else {
                    // The session went (deleted without its job: an older touchlog): drop the job.
                    try db.execute(
                        sql: "DELETE FROM analysis_job WHERE session_id = ? AND fingerprint = ?",
                        arguments: [claimed["session_id"] as Int64, fingerprint])
                    return .leasedElsewhere
                }
                return .claimed(
                    AnalysisJob(sessionRowID: claimed["session_id"], sessionKey: key, fingerprint: fingerprint))
            }
            let left =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM analysis_job WHERE fingerprint = ?", arguments: [fingerprint]) ?? 0
            return left > 0 ? .leasedElsewhere : .none
        }
    }

    public func renewLease(_ job: AnalysisJob, lease: JobLease) throws -> Bool {
        try change(cancellation: nil) { try AnalysisQueueStatements.renew(job, lease: lease, on: $0) }
    }

    public func completeAnalysis(_ job: AnalysisJob, lease: JobLease, outcome: String) throws -> Bool {
        try change(cancellation: nil) {
            try AnalysisQueueStatements.complete(job, lease: lease, outcome: outcome, on: $0) ?? false
        }
    }

    public func releaseAnalysis(_ job: AnalysisJob, lease: JobLease) throws {
        try change(cancellation: nil) { try AnalysisQueueStatements.release(job, lease: lease, on: $0) }
    }

    public func analysedSessions(fingerprint: String, sessionRowIDs: [Int64]) throws -> Set<Int64> {
        try reading {
            try AnalysisQueueStatements.analysedSessions(
                fingerprint: fingerprint, sessionRowIDs: sessionRowIDs, on: $0)
        }
    }

    public func storedAnalysis(fingerprint: String, sessionRowID: Int64) throws -> String? {
        try reading {
            try AnalysisQueueStatements.storedAnalysis(fingerprint: fingerprint, sessionRowID: sessionRowID, on: $0)
        }
    }

    public func analysisJobs(fingerprint: String) throws -> [AnalysisJobState] {
        try reading { try AnalysisQueueStatements.jobs(fingerprint: fingerprint, on: $0) }
    }

    public func makeJobWaiter() throws -> any AnalysisJobWaiter { PollingJobWaiter() }
}

/// SQLite has no notifications: a worker looks again when the wait is over (or at once when cancelled).
final class PollingJobWaiter: AnalysisJobWaiter, @unchecked Sendable {
    // @unchecked: `cancelled` is read and written under `woken`'s lock only.
    private let woken = NSCondition()
    private var cancelled = false

    func wait(seconds: Double, cancellation: Cancellation?) throws -> Bool {
        let key = cancellation?.register { [self] in
            woken.lock()
            cancelled = true
            woken.broadcast()
            woken.unlock()
        }
        defer { if let key { cancellation?.unregister(key) } }
        let deadline = Date(timeIntervalSinceNow: seconds)
        woken.lock()
        defer { woken.unlock() }
        while !cancelled {
            if !woken.wait(until: deadline) { return false }
        }
        return true
    }
}
