import Synchronization

/// A request to stop, shared by the thread that asks (a signal handler: Ctrl-C, SIGTERM) and the work that
/// honours it (an ingest rolls back the file in progress and starts no other).
///
/// Work in progress registers what wakes it (``register(_:)``): an ingest blocked waiting for the
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

    /// Registers `handler` for the work that starts now (called at once if cancelled already); the work calls
    /// ``unregister(_:)`` with the key when it ends.
    func register(_ handler: @escaping @Sendable () -> Void) -> Int {
        let (key, already) = state.withLock { state -> (Int, Bool) in
            state.nextHandler += 1
            state.handlers[state.nextHandler] = handler
            return (state.nextHandler, state.cancelled)
        }
        if already { handler() }
        return key
    }

    /// Calls `handler` when the work is cancelled (at once if it is already), for as long as this lives: one
    /// cancellation passing itself on to another.
    public func whenCancelled(_ handler: @escaping @Sendable () -> Void) { _ = register(handler) }

    func unregister(_ key: Int) {
        _ = state.withLock { $0.handlers.removeValue(forKey: key) }
    }
}
