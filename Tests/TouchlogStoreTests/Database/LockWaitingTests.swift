import Testing

@testable import TouchlogStore

/// A writer waits for another process's lock as long as it takes (no timeout fails a long ingest's neighbour),
/// until it is told to stop.
@Suite struct LockWaitingTests {
    @Test func theLockIsAwaitedWithoutATimeLimitUntilToldToStop() {
        let stop = Cancellation()
        let callback = LockWaiting(shouldStop: { stop.isCancelled }).busyCallback()
        // SQLite calls the busy handler once per retry; at 10 ms a retry, 100,000 tries is over 15 minutes.
        #expect(callback(100_000))
        stop.cancel()
        #expect(!callback(100_001))
    }

    @Test func theNoticeComesOnceAfterAboutASecond() {
        let notices = Counter()
        let callback = LockWaiting(notice: { notices.add() }).busyCallback()
        for tries in 0..<LockWaiting.triesBeforeNotice { _ = callback(tries) }
        #expect(notices.value == 0)
        _ = callback(LockWaiting.triesBeforeNotice)
        _ = callback(LockWaiting.triesBeforeNotice + 1)
        #expect(notices.value == 1)
    }

    @Test func cancellingRunsTheHandlersOfWorkInProgressOnly() {
        let cancellation = Cancellation()
        let woken = Counter()
        cancellation.unregister(cancellation.register { woken.add() })
        cancellation.cancel()
        #expect(woken.value == 0, "a handler is dropped when its work ends")
        let key = cancellation.register { woken.add() }
        #expect(woken.value == 1, "work started after the cancellation is told at once")
        cancellation.unregister(key)
    }
}

/// A count shared with `@Sendable` closures.
final class Counter: @unchecked Sendable {
    // @unchecked: the tests call it from one thread.
    private(set) var value = 0
    func add() { value += 1 }
}
