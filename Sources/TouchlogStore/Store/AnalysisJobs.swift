import Foundation

/// Who holds a job, and for how long at a time: a worker's name (unique among every worker of the database, on
/// every machine) and the lease's length. A worker renews its lease while it works on a long session; one that
/// dies stops renewing, and another takes the job once the lease has lapsed.
public struct JobLease: Sendable, Hashable {
    public var owner: String
    /// Seconds a claim or a renewal holds the job.
    public var seconds: Double

    public init(owner: String, seconds: Double) {
        self.owner = owner
        self.seconds = seconds
    }

    /// A name no other worker has: the host, the process and a random part (a process id is reused).
    public static func uniqueOwner() -> String {
        "\(ProcessInfo.processInfo.hostName):\(getpid()):\(UUID().uuidString.prefix(8).lowercased())"
    }
}

/// The clock an SQLite store writes and compares lease times in, as seconds since 1970: the machine's, or one a
/// test sets, so that a lease lapses when the test says rather than after a real wait that a loaded machine may
/// stretch. (PostgreSQL compares leases with the server's own clock, which all its workers share.)
public struct LeaseClock: Sendable {
    public let now: @Sendable () -> Double

    public init(now: @escaping @Sendable () -> Double) { self.now = now }

    public static let system = LeaseClock { Date().timeIntervalSince1970 }
}

/// A session a worker claimed, to analyse under `fingerprint`.
public struct AnalysisJob: Sendable, Hashable {
    public var sessionRowID: Int64
    /// The session's id, as ``SessionReading/session(matching:)`` finds it.
    public var sessionKey: String
    public var fingerprint: String

    public init(sessionRowID: Int64, sessionKey: String, fingerprint: String) {
        self.sessionRowID = sessionRowID
        self.sessionKey = sessionKey
        self.fingerprint = fingerprint
    }
}

/// What a worker's claim found.
public enum AnalysisClaim: Sendable, Hashable {
    /// A job, now leased to the worker.
    case claimed(AnalysisJob)
    /// Every job left is leased to other workers: one may still die, so a worker that would stop when idle waits
    /// for their leases instead.
    case leasedElsewhere
    /// No job is left for this fingerprint.
    case none
}

/// A job as the queue holds it (for tests and for watching a worker): whose it is, and whether its lease lapsed.
public struct AnalysisJobState: Sendable, Hashable {
    public var sessionKey: String
    public var leaseOwner: String?
    public var leaseExpired: Bool
    public var attempts: Int

    public init(sessionKey: String, leaseOwner: String?, leaseExpired: Bool, attempts: Int) {
        self.sessionKey = sessionKey
        self.leaseOwner = leaseOwner
        self.leaseExpired = leaseExpired
        self.attempts = attempts
    }
}

/// How a worker waits for work: PostgreSQL wakes it by `NOTIFY touchlog_jobs` (sent by every ingest that commits),
/// SQLite, which has no notifications, by the end of the wait. Either way the wait ends early when the worker is
/// cancelled.
public protocol AnalysisJobWaiter: AnyObject {
    /// Waits at most `seconds`; true when woken by a notification (or a cancellation) rather than by the time.
    func wait(seconds: Double, cancellation: Cancellation?) throws -> Bool
}

/// The channel ingest notifies after a commit and workers listen on.
public let analysisJobsChannel = "touchlog_jobs"
