import Foundation
import NIOCore
import PostgresNIO

/// The analysis queue and stored results in PostgreSQL (migrations/postgres/0002), for workers on many machines:
/// a claim takes the first job nobody holds with `FOR UPDATE SKIP LOCKED` (two workers claiming at once never wait
/// for each other nor take the same job), lease times are the server's clock (so machines' clocks need not agree),
/// and idle workers wait on `LISTEN touchlog_jobs`, which every ingest notifies when it commits.
extension PostgresDatabase {
    @discardableResult
    public func enqueueAnalyses(fingerprint: String) throws -> Int {
        try jobStatement {
            try withLink { link in
                try link.query(
                    """
                    DELETE FROM analysis_job j WHERE j.fingerprint = \(fingerprint) AND EXISTS (SELECT 1
                        FROM analysis_result r WHERE r.session_id = j.session_id AND r.fingerprint = j.fingerprint)
                    """)
                // ON CONFLICT: another worker queued the same sessions meanwhile (its rows are waited for, in id
                // order in both, so two workers queueing at once cannot deadlock).
                return try link.run(
                    """
                    INSERT INTO analysis_job (session_id, fingerprint)
                    SELECT s.id, \(fingerprint) FROM session s WHERE NOT EXISTS (SELECT 1 FROM analysis_result r
                        WHERE r.session_id = s.id AND r.fingerprint = \(fingerprint))
                    ORDER BY s.id
                    ON CONFLICT DO NOTHING
                    """
                ).affected
            }
        }
    }

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
        try jobStatement {
            try withLink { link in
                try link.run(
                    """
                    UPDATE analysis_job SET lease_expires = clock_timestamp() + make_interval(secs => \(lease.seconds))
                    WHERE session_id = \(job.sessionRowID) AND fingerprint = \(job.fingerprint)
                        AND lease_owner = \(lease.owner)
                    """
                ).affected == 1
            }
        }
    }

    public func completeAnalysis(_ job: AnalysisJob, lease: JobLease, outcome: String) throws -> Bool {
        try jobStatement {
            try inTransaction { link in
                // Still ours: a worker whose lease lapsed and was taken by another finds the owner changed. The
                // deletion locks the job's row until the commit, so no claim can take it meanwhile.
                let owned =
                    try link.run(
                        """
                        DELETE FROM analysis_job WHERE session_id = \(job.sessionRowID)
                            AND fingerprint = \(job.fingerprint) AND lease_owner = \(lease.owner)
                        """
                    ).affected == 1
                guard owned else { return (false, false) }
                let stored =
                    try link.run(
                        """
                        INSERT INTO analysis_result (session_id, fingerprint, outcome)
                        VALUES (\(job.sessionRowID), \(job.fingerprint), \(ByteBuffer(bytes: StoredText.pack(outcome))))
                        ON CONFLICT DO NOTHING
                        """
                    ).affected == 1
                // Delivered at the commit: a worker waiting for the last jobs other workers hold (to stop when idle)
                // looks again at once instead of at its next poll.
                try link.execute("NOTIFY \(analysisJobsChannel)")
                return (stored, true)
            }
        }
    }

    public func releaseAnalysis(_ job: AnalysisJob, lease: JobLease) throws {
        _ = try jobStatement {
            try withLink { link in
                try link.query(
                    """
                    UPDATE analysis_job SET lease_owner = NULL, lease_expires = NULL
                    WHERE session_id = \(job.sessionRowID) AND fingerprint = \(job.fingerprint)
                        AND lease_owner = \(lease.owner)
                    """)
            }
        }
    }

    public func analysedSessions(fingerprint: String, sessionRowIDs: [Int64]) throws -> Set<Int64> {
        guard !sessionRowIDs.isEmpty else { return [] }
        return try jobStatement {
            try withLink { link in
                Set(
                    try link.query(
                        """
                        SELECT session_id FROM analysis_result
                        WHERE fingerprint = \(fingerprint) AND session_id = ANY(\(sessionRowIDs))
                        """
                    ).map { try $0.decode(Int64.self) })
            }
        }
    }

    public func storedAnalysis(fingerprint: String, sessionRowID: Int64) throws -> String? {
        let packed = try jobStatement {
            try withLink { link in
                try link.query(
                    """
                    SELECT outcome FROM analysis_result
                    WHERE session_id = \(sessionRowID) AND fingerprint = \(fingerprint)
                    """
                ).first?.decode(ByteBuffer.self)
            }
        }
        // A damaged result is no result: the report analyses the session itself.
        return packed.flatMap { StoredText.unpack(Array($0.readableBytesView)) }
    }

    public func analysisJobs(fingerprint: String) throws -> [AnalysisJobState] {
        try jobStatement {
            try withLink { link in
                try link.query(
                    """
                    SELECT s.session_key, j.lease_owner, coalesce(j.lease_expires <= clock_timestamp(), false),
                        j.attempts
                    FROM analysis_job j JOIN session s ON s.id = j.session_id
                    WHERE j.fingerprint = \(fingerprint) ORDER BY j.session_id
                    """
                ).map { row in
                    let (key, owner, expired, attempts) = try row.decode((String, String?, Bool, Int).self)
                    return AnalysisJobState(
                        sessionKey: key, leaseOwner: owner, leaseExpired: expired, attempts: attempts)
                }
            }
        }
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
