import Dispatch
import Foundation
import TouchlogFormat

/// Spreads independent pieces of work (one session each) over the machine's cores, and hands the results back in
/// order, so a report or a trace is the same whatever finished first.
public enum Parallel {
    /// How many threads to use: one per core this process may use.
    public static var workers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `work(0) … work(count - 1)` on up to `workers` threads, each result handed to `then` on the calling thread
    /// in index order as soon as it and every earlier one are ready.
    ///
    /// The calling thread only folds results, so folding overlaps the work instead of waiting for a batch to end,
    /// and no worker waits for a slow neighbour. Workers run at most `ahead` indices past the last one folded:
    /// memory holds that many results, whatever `count` is. The first error in index order (thrown by `work` or by
    /// `then`) stops the workers from taking new work and is rethrown once they have stopped.
    ///
    /// The threads are made here with the stack a record's decoding may need (``FormatLimits/readerStackSize``): a
    /// dispatch queue's threads have a smaller one on some platforms.
    public static func forEachInOrder<T>(
        _ count: Int, workers: Int = Parallel.workers, ahead: Int? = nil, _ work: @escaping (Int) throws -> T,
        then fold: (Int, T) throws -> Void
    ) throws {
        guard workers > 1, count > 1 else {
            for index in 0..<count { try fold(index, try work(index)) }
            return
        }
        let threads = min(workers, count)
        let queue = OrderedResults<T>(count: count, ahead: max(threads, ahead ?? threads * 8))
        // Escaping, not `withoutActuallyEscaping`: a finished `Thread` may still hold its closure for a while, and
        // the work must outlive that.
        let body = Work(work)
        let group = DispatchGroup()
        for _ in 0..<threads {
            group.enter()
            let thread = Thread {
                while let index = queue.take() {
                    queue.put(index, Result { try body.run(index) })
                }
                group.leave()
            }
            thread.stackSize = FormatLimits.readerStackSize
            thread.start()
        }
        defer {
            queue.stop()
            group.wait()
        }
        for index in 0..<count {
            try fold(index, try queue.next().get())
        }
    }

    /// The work, handed to the threads. @unchecked: callers give work whose calls for different indices share
    /// nothing mutable (each handles its own session; rule types and options are only read).
    private final class Work<T>: @unchecked Sendable {
        let run: (Int) throws -> T
        init(_ run: @escaping (Int) throws -> T) { self.run = run }
    }

    /// Indices handed out to workers, results handed back in order. @unchecked: every field is read and written
    /// only with `condition` locked.
    private final class OrderedResults<T>: @unchecked Sendable {
        private let condition = NSCondition()
        private let count: Int
        private let ahead: Int
        private var taken = 0
        private var folded = 0
        private var stopped = false
        private var ready: [Int: Result<T, any Error>] = [:]

        init(count: Int, ahead: Int) {
            self.count = count
            self.ahead = ahead
        }

        /// The next index to work on, once it is within `ahead` of the fold; nil when there is none left or the
        /// run stopped.
        func take() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while !stopped, taken < count, taken >= folded + ahead { condition.wait() }
            guard !stopped, taken < count else { return nil }
            taken += 1
            return taken - 1
        }

        func put(_ index: Int, _ result: Result<T, any Error>) {
            condition.lock()
            ready[index] = result
            condition.broadcast()
            condition.unlock()
        }

        /// The result for the next index in order, waiting for it; an error stops the workers.
        func next() -> Result<T, any Error> {
            condition.lock()
            defer { condition.unlock() }
            while ready[folded] == nil { condition.wait() }
            let result = ready.removeValue(forKey: folded)!
            folded += 1
            if case .failure = result { stopped = true }
            condition.broadcast()
            return result
        }

        /// No more work is handed out (the fold is over or failed).
        func stop() {
            condition.lock()
            stopped = true
            condition.broadcast()
            condition.unlock()
        }
    }
}
