import Foundation
import GRDB

/// The analysis queue and stored results in an SQLite file (migrations/0005). One machine: a claim is one
/// IMMEDIATE transaction (SQLite's one writer at a time is the lock PostgreSQL's `FOR UPDATE SKIP LOCKED` gives),
/// lease times are this machine's clock, and workers poll instead of listening.
extension TouchlogDatabase {
    /// Seconds since 1970: the clock leases are written and compared in (``leaseClock``).
    private var now: Double { leaseClock.now() }

    @discardableResult
    public func enqueueAnalyses(fingerprint: String) throws -> Int {
        try change(cancellation: nil) { db in
            try db.execute(
                sql: """
                    DELETE FROM analysis_job WHERE fingerprint = ? AND EXISTS (SELECT 1 FROM analysis_result r
                        WHERE r.session_id = analysis_job.session_id AND r.fingerprint = analysis_job.fingerprint)
                    """, arguments: [fingerprint])
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO analysis_job (session_id, fingerprint)
                    SELECT s.id, ? FROM session s WHERE NOT EXISTS (SELECT 1 FROM analysis_result r
                        WHERE r.session_id = s.id AND r.fingerprint = ?)
                    """, arguments: [fingerprint, fingerprint])
            return db.changesCount
        }
    }

    public func claimAnalysis(fingerprint: String, lease: JobLease) throws -> AnalysisClaim {
        try change(cancellation: nil) { db in
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
        try change(cancellation: nil) { db in
            try db.execute(
                sql: """
                    UPDATE analysis_job SET lease_expires = ?
                    WHERE session_id = ? AND fingerprint = ? AND lease_owner = ?
                    """, arguments: [self.now + lease.seconds, job.sessionRowID, job.fingerprint, lease.owner])
            return db.changesCount == 1
        }
    }

    public func completeAnalysis(_ job: AnalysisJob, lease: JobLease, outcome: String) throws -> Bool {
        try change(cancellation: nil) { db in
            // Still ours: a worker whose lease lapsed and was taken by another finds the owner changed.
            try db.execute(
                sql: "DELETE FROM analysis_job WHERE session_id = ? AND fingerprint = ? AND lease_owner = ?",
                arguments: [job.sessionRowID, job.fingerprint, lease.owner])
            guard db.changesCount == 1 else { return false }
            try db.execute(
                sql: "INSERT OR IGNORE INTO analysis_result (session_id, fingerprint, outcome) VALUES (?, ?, ?)",
                arguments: [job.sessionRowID, job.fingerprint, Data(StoredText.pack(outcome))])
            return db.changesCount == 1
        }
    }

    public func releaseAnalysis(_ job: AnalysisJob, lease: JobLease) throws {
        try change(cancellation: nil) { db in
            try db.execute(
                sql: """
                    UPDATE analysis_job SET lease_owner = NULL, lease_expires = NULL
                    WHERE session_id = ? AND fingerprint = ? AND lease_owner = ?
                    """, arguments: [job.sessionRowID, job.fingerprint, lease.owner])
        }
    }

    public func analysedSessions(fingerprint: String, sessionRowIDs: [Int64]) throws -> Set<Int64> {
        guard !sessionRowIDs.isEmpty else { return [] }
        // The ids as one JSON array argument: one statement for any number of sessions, read-only (a temporary
        // table would be a write).
        let ids = "[" + sessionRowIDs.map(String.init).joined(separator: ",") + "]"
        return try writer.read { db in
            var analysed: Set<Int64> = []
            let rows = try Int64.fetchCursor(
                db,
                sql: """
                    SELECT session_id FROM analysis_result
                    WHERE fingerprint = ? AND session_id IN (SELECT value FROM json_each(?))
                    """, arguments: [fingerprint, ids])
            while let rowID = try rows.next() { analysed.insert(rowID) }
            return analysed
        }
    }

    public func storedAnalysis(fingerprint: String, sessionRowID: Int64) throws -> String? {
        let packed = try writer.read { db in
            try Data.fetchOne(
                db, sql: "SELECT outcome FROM analysis_result WHERE session_id = ? AND fingerprint = ?",
                arguments: [sessionRowID, fingerprint])
        }
        // A damaged result is no result: the report analyses the session itself.
        return packed.flatMap { StoredText.unpack([UInt8]($0)) }
    }

    public func analysisJobs(fingerprint: String) throws -> [AnalysisJobState] {
        let now = self.now
        return try writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.session_key, j.lease_owner, j.lease_expires, j.attempts FROM analysis_job j
                    JOIN session s ON s.id = j.session_id WHERE j.fingerprint = ? ORDER BY j.session_id
                    """, arguments: [fingerprint]
            ).map { row in
                let expires: Double? = row[2]
                return AnalysisJobState(
                    sessionKey: row[0], leaseOwner: row[1], leaseExpired: expires.map { $0 <= now } ?? false,
                    attempts: row[3])
            }
        }
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
