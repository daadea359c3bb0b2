import Foundation

@testable import TouchlogFormat

/// Runs `body` on a thread with the stack ingest gives its parsing thread (``FormatLimits/readerStackSize``), and
/// returns its result. Tests that read input as deep as the format allows use it: the threads tests run on may have
/// as little as 512 KiB, less than a debug build needs at the limit.
func onReaderThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
    let handoff = ReaderThreadHandoff<Result>()
    let thread = Thread {
        handoff.result = body()
        handoff.done.signal()
    }
    thread.stackSize = FormatLimits.readerStackSize
    thread.start()
    handoff.done.wait()
    return handoff.result!
}

/// The result of ``onReaderThread(_:)``'s body, passed from its thread to the caller.
private final class ReaderThreadHandoff<Result: Sendable>: @unchecked Sendable {
    // Written by the thread before it signals, read after the wait: the semaphore orders the two.
    var result: Result?
    let done = DispatchSemaphore(value: 0)
}

/// The error `body` throws on a reader thread, or nil.
func syntaxErrorOnReaderThread(_ body: @escaping @Sendable () throws(JSONSyntaxError) -> Void) -> JSONSyntaxError? {
    onReaderThread { () -> JSONSyntaxError? in
        do throws(JSONSyntaxError) {
            try body()
            return nil
        } catch {
            return error
        }
    }
}
