import Dispatch
import Foundation
import Synchronization
import TouchlogFormat

/// Spreads independent pieces of work (one session each) over the machine's cores, and hands the results back in
/// order, so a report is the same whatever finished first.
public enum Parallel {
    /// How many threads to use: one per core this process may use.
    public static var workers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `body(0) … body(count - 1)` on up to `workers` threads (the calling one among them), results in index order.
    /// The first error stops the others from taking new work and is rethrown.
    ///
    /// The threads are made here with the stack a record's decoding may need (``FormatLimits/readerStackSize``): a
    /// dispatch queue's threads have a smaller one on some platforms.
    public static func map<T>(
        _ count: Int, workers: Int = Parallel.workers, _ body: @escaping (Int) throws -> T
    ) throws -> [T] {
        guard workers > 1, count > 1 else { return try (0..<count).map(body) }
        let results = Results<T>(count: count)
        let next = Counter()
        // Escaping, not `withoutActuallyEscaping`: a finished `Thread` may still hold its closure for a while, and
        // the work must outlive that.
        let work = Work(body)
        let drain: @Sendable () -> Void = {
            while !results.failed {
                let index = next.take()
                guard index < count else { return }
                do {
                    results.set(index, try work.body(index))
                } catch {
                    results.fail(error)
                }
            }
        }
        let group = DispatchGroup()
        for _ in 1..<min(workers, count) {
            group.enter()
            let thread = Thread {
                drain()
                group.leave()
            }
            thread.stackSize = FormatLimits.readerStackSize
            thread.start()
        }
        drain()
        group.wait()
        return try results.collect()
    }

    /// The next index to take, shared by the threads.
    private final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        func take() -> Int { value.wrappingAdd(1, ordering: .relaxed).oldValue }
    }

    /// The work, handed to the threads. @unchecked: callers give work whose calls for different indices share
    /// nothing mutable (each analyses its own session; rule types and options are only read).
    private final class Work<T>: @unchecked Sendable {
        let body: (Int) throws -> T
        init(_ body: @escaping (Int) throws -> T) { self.body = body }
    }

    /// Results written by index from several threads.
    private final class Results<T>: @unchecked Sendable {
        // @unchecked: each slot is written once, by the one thread that took its index, and read only after every
        // thread has finished; the error is behind the mutex.
        private let slots: UnsafeMutableBufferPointer<T?>
        private let error = Mutex<(any Error)?>(nil)

        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }

        var failed: Bool { error.withLock { $0 != nil } }

        func set(_ index: Int, _ value: T) { slots[index] = value }

        func fail(_ failure: any Error) {
            error.withLock { if $0 == nil { $0 = failure } }
        }

        func collect() throws -> [T] {
            if let failure = error.withLock({ $0 }) { throw failure }
            return slots.map { $0! }
        }
    }
}
