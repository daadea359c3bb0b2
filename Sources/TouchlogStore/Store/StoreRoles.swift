import TouchlogFormat

/// The store, whichever database is behind it, split by what its callers do with it: each asks for the roles it
/// needs and no more. ``TouchlogDatabase`` (an SQLite file, the embedded default) and ``PostgresDatabase`` (a shared
/// PostgreSQL database, for teams whose many machines ingest at once) play every role; ``StoreLocation`` and
/// ``openStore(_:for:waiting:)`` choose between them from `--db`, so nothing outside this module knows which.
///
/// | role | what it does | who asks for it |
/// |---|---|---|
/// | ``SessionReading`` | lists and finds sessions, scans their records | `sessions`, `show`, `explain`, `replay`, the report's loader, completion |
/// | ``SessionIngesting`` | one file's ingest in one transaction | ``Ingestor`` (`ingest`) |
/// | ``SessionHousekeeping`` | `delete`, `prune`, `vacuum` | those commands |
/// | ``AnalysisResults`` | what workers stored, read | the report (with ``SessionReading``) |
/// | ``AnalysisQueue`` | the workers' queue: claims, leases, results stored | the worker (with ``SessionReading``) |
///
/// Both stores give the same answers for the same stored sessions, in the same order: a parity test ingests every
/// sample into each and compares the reports and replays byte for byte. Most of the SQL behind the roles is written
/// once and rendered in each store's dialect (``SQL``).
public typealias SessionStore = SessionReading & SessionIngesting & SessionHousekeeping & AnalysisQueue

/// What every role of a store has.
public protocol StoreRole: AnyObject, Sendable {
    /// Where the store is, as messages name it: a file's path, or a PostgreSQL URL without its password.
    var path: String { get }
}

/// Reading stored sessions and their records: what every command that only reads needs, and the report and the
/// worker read sessions through. It never writes, so a store opened read-only plays it in full.
public protocol SessionReading: StoreRole {
    /// Stored sessions, oldest start first (then by id); sessions without a start time come last.
    func sessions(_ filter: SessionFilter) throws -> [SessionInfo]
    /// How many sessions are stored, whatever a filter would keep: "none of the 18 stored sessions matches".
    func sessionCount() throws -> Int
    /// Lines kept aside by `--keep-going`, for one session or (nil) all of them, in the order they were stored.
    func rejectedLines(sessionRowID: Int64?) throws -> [RejectedLineInfo]
    /// The session whose id is `query`, or starts with it (a unique prefix), ignoring the case of ASCII letters:
    /// session ids are mostly hexadecimal UUIDs, which recorders write in either case and people copy from
    /// anywhere. Throws ``StoreError/sessionNotFound(_:)``, or ``StoreError/ambiguousSession(_:candidates:total:)``
    /// listing the first ``SessionCandidate/limit`` candidates and how many there are.
    ///
    /// An id typed whole is never ambiguous: exactly as stored wins, then the one id equal to it but for case, over
    /// longer ids it is also a prefix of.
    func session(matching query: String) throws -> SessionInfo
    /// Session ids that start with `prefix`, ignoring ASCII case as ``session(matching:)`` does, in id order, at
    /// most `limit`: what shell completion offers.
    func sessionKeys(startingWith prefix: String, limit: Int) throws -> [String]

    /// Calls `body` with every record of a session (or those whose `seq` is in `seqs`) in `seq` order, the header
    /// first, each decoded into its typed ``Record``: the one scan of a session's records, which replay, the report,
    /// the benchmarks and the tests all read through. Memory stays flat.
    func forEachRecord(sessionRowID: Int64, seqs: ClosedRange<Int>?, _ body: (SessionRecord) throws -> Void) throws
    /// Whether the session has at least one record of `kind`.
    func hasRecords(sessionRowID: Int64, kind: RecordKind) throws -> Bool
    /// The session's content hash as stored at ingest.
    func contentHash(sessionRowID: Int64) throws -> String?
    /// The snapshot in force at `t` (the latest at or before it), or the first snapshot when `t` is nil.
    func snapshot(sessionRowID: Int64, at t: Double?) throws -> StoredSnapshot?
}

/// Storing recordings: ``Ingestor`` decides what to store (its rules are the same for every store), and this role
/// how, one file in one transaction.
public protocol SessionIngesting: StoreRole {
    /// Runs one file's ingest in one transaction: `body` writes through the sink and returns true to commit, false
    /// to roll back. A failure of the database throws, and nothing of the file is stored.
    func ingestTransaction(cancellation: Cancellation, _ body: (any IngestSink) throws -> Bool) throws
    /// What to tell the user when the database failed during an ingest: its message (never the statement) and what
    /// to check.
    func ingestFailure(_ error: any Error) -> (message: String, hint: String)
}

/// Removing sessions and giving their space back: `touchlog delete`, `prune` and `vacuum`. Dry runs only read, so
/// they work on a store opened read-only.
public protocol SessionHousekeeping: StoreRole {
    /// `touchlog delete`: every session named (ids, or unique prefixes ignoring ASCII case, as
    /// ``SessionReading/session(matching:)`` finds them), with all its rows, in one transaction, or none (an unknown
    /// or ambiguous id throws before anything is deleted). A session named twice is removed once.
    func deleteSessions(matching queries: [String], dryRun: Bool, cancellation: Cancellation?) throws
        -> SessionRemoval
    /// `touchlog prune`: the sessions `criteria` selects, with all their rows, in one transaction. A dry run selects
    /// exactly what the real run would, given the same database.
    func prune(_ criteria: PruneCriteria, dryRun: Bool, cancellation: Cancellation?) throws -> PruneResult
    /// `touchlog vacuum`: gives the space of deleted rows back.
    func vacuum(cancellation: Cancellation?) throws -> VacuumResult
}

/// The outcomes workers stored, read: what `report` needs of the queue. It never writes, so a store opened
/// read-only plays it.
public protocol AnalysisResults: StoreRole {
    /// Which of the sessions `sessionRowIDs` have a stored outcome of `fingerprint`: one query however many, and only
    /// their ids, so that a report over any number of sessions holds no outcome it is not reading.
    func analysedSessions(fingerprint: String, sessionRowIDs: [Int64]) throws -> Set<Int64>
    /// The stored outcome of `fingerprint` for one session, nil when there is none.
    func storedAnalysis(fingerprint: String, sessionRowID: Int64) throws -> String?
}

/// The analysis queue of `touchlog worker`: jobs queued, claimed under a lease, completed with their outcome or
/// given back. Results are held as opaque text.
public protocol AnalysisQueue: AnalysisResults {
    /// Queues every stored session that has neither a result nor a job for `fingerprint`, and drops jobs whose
    /// result is stored already (queued by a worker that looked while another finished). Returns how many jobs it
    /// queued. Any number of workers may call it at once.
    @discardableResult
    func enqueueAnalyses(fingerprint: String) throws -> Int
    /// Leases one job of `fingerprint` that nobody holds (or whose lease lapsed) to `lease.owner`, skipping jobs
    /// that other workers are claiming at the same moment.
    func claimAnalysis(fingerprint: String, lease: JobLease) throws -> AnalysisClaim
    /// Extends the lease on `job` by `lease.seconds` from now; false when the job is no longer the owner's (its
    /// lease lapsed and another worker took it, or its session was deleted).
    func renewLease(_ job: AnalysisJob, lease: JobLease) throws -> Bool
    /// Stores `outcome` as the result of `job` and removes the job, in one transaction, only while the job is
    /// still the owner's. True when this call stored the result; false when the job was not the owner's any more
    /// or a result was stored already (nothing is then written).
    func completeAnalysis(_ job: AnalysisJob, lease: JobLease, outcome: String) throws -> Bool
    /// Gives `job` back unfinished (a worker asked to stop): another worker may take it at once.
    func releaseAnalysis(_ job: AnalysisJob, lease: JobLease) throws
    /// The jobs of `fingerprint` still queued, in session order.
    func analysisJobs(fingerprint: String) throws -> [AnalysisJobState]
    /// How a worker waits for new sessions (see ``AnalysisJobWaiter``); it holds a connection of its own.
    func makeJobWaiter() throws -> any AnalysisJobWaiter
}

extension SessionReading {
    public func sessions() throws -> [SessionInfo] { try sessions(SessionFilter()) }

    public func rejectedLines() throws -> [RejectedLineInfo] { try rejectedLines(sessionRowID: nil) }

    public func sessionKeys(startingWith prefix: String = "") throws -> [String] {
        try sessionKeys(startingWith: prefix, limit: 1000)
    }

    public func forEachRecord(sessionRowID: Int64, _ body: (SessionRecord) throws -> Void) throws {
        try forEachRecord(sessionRowID: sessionRowID, seqs: nil, body)
    }

    /// The records of a stored session, as a ``SessionRecords`` source.
    public func records(of session: SessionInfo) -> StoredSessionRecords {
        StoredSessionRecords(
            database: self, sessionRowID: session.rowID,
            pipelined: session.recordCount >= StoredSessionRecords.pipelineThreshold)
    }

    /// Every record of a session, in order.
    public func records(sessionRowID: Int64) throws -> [SessionRecord] {
        var records: [SessionRecord] = []
        try forEachRecord(sessionRowID: sessionRowID, seqs: nil) { records.append($0) }
        return records
    }

    /// Reads and decodes every record of a session without doing anything with them: the reference the replay
    /// and report benchmarks compare against (the same scan they read through). Returns the number of records.
    public func readAllRecords(sessionRowID: Int64) throws -> Int {
        var count = 0
        try forEachRecord(sessionRowID: sessionRowID, seqs: nil) { _ in count += 1 }
        return count
    }
}

extension SessionHousekeeping {
    public func deleteSessions(matching queries: [String]) throws -> SessionRemoval {
        try deleteSessions(matching: queries, dryRun: false, cancellation: nil)
    }

    public func deleteSessions(matching queries: [String], dryRun: Bool) throws -> SessionRemoval {
        try deleteSessions(matching: queries, dryRun: dryRun, cancellation: nil)
    }

    public func deleteSessions(matching queries: [String], cancellation: Cancellation?) throws -> SessionRemoval {
        try deleteSessions(matching: queries, dryRun: false, cancellation: cancellation)
    }

    public func prune(_ criteria: PruneCriteria, dryRun: Bool = false) throws -> PruneResult {
        try prune(criteria, dryRun: dryRun, cancellation: nil)
    }

    public func prune(_ criteria: PruneCriteria, cancellation: Cancellation?) throws -> PruneResult {
        try prune(criteria, dryRun: false, cancellation: cancellation)
    }

    public func vacuum() throws -> VacuumResult { try vacuum(cancellation: nil) }
}
