import Foundation

/// How a connection waits for another process's lock on the database.
///
/// SQLite lets one process write at a time. A second `touchlog ingest` into the same database waits for the first
/// to commit its file, however long that takes, rather than fail after a timeout: each file is one transaction (so a
/// file is stored whole or not at all), and the alternative, parsing into a staging database first and copying it in
/// under a short lock, would read and write every record twice. Waiting writers are told so (``notice``) and can be
/// stopped (``shouldStop``), e.g. by Ctrl-C.
public struct LockWaiting: Sendable {
    /// Called once per wait, after the first second of it, to say that another process holds the database.
    public var notice: (@Sendable () -> Void)?
    /// Asked between retries: true makes the wait fail (SQLite's SQLITE_BUSY), so an interrupted command stops.
    public var shouldStop: (@Sendable () -> Bool)?

    public init(notice: (@Sendable () -> Void)? = nil, shouldStop: (@Sendable () -> Bool)? = nil) {
        self.notice = notice
        self.shouldStop = shouldStop
    }

    /// The pause between two tries: short, since a writer's commit is usually what is awaited.
    static let retryInterval: useconds_t = 10_000
    /// Tries before the notice: about a second.
    static let triesBeforeNotice = 100

    /// SQLite's busy handler: retry after a pause until told to stop, never for a fixed time only.
    func busyCallback() -> @Sendable (Int) -> Bool {
        let notice = self.notice
        let shouldStop = self.shouldStop
        return { tries in
            if shouldStop?() == true { return false }
            if tries == Self.triesBeforeNotice { notice?() }
            usleep(Self.retryInterval)
            return true
        }
    }
}
