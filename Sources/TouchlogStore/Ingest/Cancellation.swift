import Synchronization

/// A request to stop, shared by the thread that asks (a signal handler: Ctrl-C, SIGTERM) and the work that
/// honours it (an ingest rolls back the file in progress and starts no other).
///
/// Work in progress registers what wakes it (``whileRunning(onCancel:_:)``): an ingest blocked waiting for the
/// parser's next batch is woken at once rather than at its next batch.
public final class Cancellation: Sendable {
    private struct State {
        var cancelled = false
        var handlers: [Int: @Sendable () -> Void] = [:]
        var nextHandler = 0
    }

    private let state = Mutex(State())

    public init() {}

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Asks the work to stop; the registered handlers run now, on the calling thread.
    public func cancel() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            state.cancelled = true
            return Array(state.handlers.values)
        }
        for handler in handlers { handler() }
    }

    /// Runs `body` with `onCancel` registered (called at once if cancelled already).
    func whileRunning<T>(onCancel: @escaping @Sendable () -> Void, _ body: () throws -> T) rethrows -> T {
        let (key, already) = state.withLock { state -> (Int, Bool) in
            state.nextHandler += 1
            state.handlers[state.nextHandler] = onCancel
            return (state.nextHandler, state.cancelled)
        }
        defer { _ = state.withLock { $0.handlers.removeValue(forKey: key) } }
        if already { onCancel() }
        return try body()
    }
}
