/// The analysis queue's statements (``AnalysisQueue``, ``AnalysisResults``), written once for both stores in
/// ``SQL``, each run inside whatever transaction its store opens around it. The lease times are each store's clock
/// (``SQL/now``): the lease clock of the one machine an SQLite file is on, the server's for PostgreSQL.
///
/// Not here, because the stores do it differently rather than say it differently: the claim (one IMMEDIATE
/// transaction in SQLite, whose one writer at a time is the lock; `FOR UPDATE SKIP LOCKED` in PostgreSQL, so that
/// workers on many machines claiming at once never wait for each other), and waiting for work (a poll; `LISTEN`).
enum AnalysisQueueStatements {
    /// Drops jobs whose result is stored already, then queues every session with neither; how many it queued.
    static func enqueue(fingerprint: String, on connection: some SQLConnection) throws -> Int {
        try connection.perform(
            """
            DELETE FROM analysis_job WHERE fingerprint = \(fingerprint) AND EXISTS (SELECT 1 FROM analysis_result r
                WHERE r.session_id = analysis_job.session_id AND r.fingerprint = analysis_job.fingerprint)
            """)
        // ON CONFLICT: another worker queued the same sessions meanwhile (in PostgreSQL its rows are waited for, in
        // id order in both, so two workers queueing at once cannot deadlock).
        return try connection.perform(
            """
            INSERT INTO analysis_job (session_id, fingerprint)
            SELECT s.id, \(fingerprint) FROM session s WHERE NOT EXISTS (SELECT 1 FROM analysis_result r
                WHERE r.session_id = s.id AND r.fingerprint = \(fingerprint))
            ORDER BY s.id
            ON CONFLICT DO NOTHING
            """)
    }

    /// Whether the lease was still the owner's, and is now extended.
    static func renew(_ job: AnalysisJob, lease: JobLease, on connection: some SQLConnection) throws -> Bool {
        try connection.perform(
            """
            UPDATE analysis_job SET lease_expires = \(.later(seconds: lease.seconds))
            WHERE session_id = \(job.sessionRowID) AND fingerprint = \(job.fingerprint)
                AND lease_owner = \(lease.owner)
            """) == 1
    }

    /// Removes the job while it is still the owner's and stores `outcome`: nil when the job was not the owner's any
    /// more (nothing was written), else whether the result was stored (false: one was already).
    static func complete(_ job: AnalysisJob, lease: JobLease, outcome: String, on connection: some SQLConnection)
        throws -> Bool?
    {
        // Still ours: a worker whose lease lapsed and was taken by another finds the owner changed. In PostgreSQL
        // the deletion also locks the job's row until the commit, so no claim can take it meanwhile.
        let owned =
            try connection.perform(
                """
                DELETE FROM analysis_job WHERE session_id = \(job.sessionRowID)
                    AND fingerprint = \(job.fingerprint) AND lease_owner = \(lease.owner)
                """) == 1
        guard owned else { return nil }
        return try connection.perform(
            """
            INSERT INTO analysis_result (session_id, fingerprint, outcome)
            VALUES (\(job.sessionRowID), \(job.fingerprint), \(StoredText.pack(outcome)))
            ON CONFLICT DO NOTHING
            """) == 1
    }

    static func release(_ job: AnalysisJob, lease: JobLease, on connection: some SQLConnection) throws {
        try connection.perform(
            """
            UPDATE analysis_job SET lease_owner = NULL, lease_expires = NULL
            WHERE session_id = \(job.sessionRowID) AND fingerprint = \(job.fingerprint)
                AND lease_owner = \(lease.owner)
            """)
    }

    static func analysedSessions(fingerprint: String, sessionRowIDs: [Int64], on connection: some SQLConnection)
        throws -> Set<Int64>
    {
        guard !sessionRowIDs.isEmpty else { return [] }
        return Set(
            try connection.rows(
                """
                SELECT session_id FROM analysis_result
                WHERE fingerprint = \(fingerprint) AND session_id\(.isAnyOf(sessionRowIDs))
                """
            ).map { try $0.int64(0) })
    }

    static func storedAnalysis(fingerprint: String, sessionRowID: Int64, on connection: some SQLConnection) throws
        -> String?
    {
        let packed = try connection.row(
            "SELECT outcome FROM analysis_result WHERE session_id = \(sessionRowID) AND fingerprint = \(fingerprint)"
        )?.optionalBytes(0)
        // A damaged result is no result: the report analyses the session itself.
        return packed.flatMap(StoredText.unpack)
    }

    static func jobs(fingerprint: String, on connection: some SQLConnection) throws -> [AnalysisJobState] {
        try connection.rows(
            """
            SELECT s.session_key, j.lease_owner, coalesce(j.lease_expires <= \(.now), \(.boolean(false))), j.attempts
            FROM analysis_job j JOIN session s ON s.id = j.session_id
            WHERE j.fingerprint = \(fingerprint) ORDER BY j.session_id
            """
        ).map { row in
            AnalysisJobState(
                sessionKey: try row.string(0), leaseOwner: try row.optionalString(1), leaseExpired: try row.bool(2),
                attempts: try row.int(3))
        }
    }
}
