import Foundation

/// A bounded blocking queue between the parsing thread and the inserting one: the producer waits when
/// `capacity` batches are pending, which keeps memory flat when SQLite is the slower side.
final class BatchQueue<Element: Sendable>: @unchecked Sendable {
    // @unchecked: every access to the mutable state below holds `condition`.
    private let condition = NSCondition()
    /// Pending batches, oldest first; never more than `capacity`, so removing the first is cheap.
    private var items: [Element] = []
    private var closed = false
    private var cancelled = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Adds a batch, waiting while the queue is full. Returns false when the consumer cancelled.
    func put(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !cancelled { condition.wait() }
        if cancelled { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// No more batches will come.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The consumer gives up: pending and future batches are dropped.
    func cancel() {
        condition.lock()
        cancelled = true
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, waiting for one; nil once the queue is closed and drained, or cancelled. A cancelled
    /// consumer must not wait for the producer to close: it may be reading the rest of a large file, or a pipe
    /// that stays open.
    func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed && !cancelled { condition.wait() }
        guard !items.isEmpty else { return nil }
        // Removing (not just advancing an index) releases the batch: a consumed batch kept in the array
        // made memory grow with the file (286 MB for a 90 MB log).
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }
}

/// Signals once: the producer thread tells the consumer it has finished.
final class CompletionSignal: @unchecked Sendable {
    // @unchecked: `done` is only touched while holding `condition`.
    private let condition = NSCondition()
    private var done = false

    func signal() {
        condition.lock()
        done = true
        condition.broadcast()
        condition.unlock()
    }

    func wait() {
        condition.lock()
        while !done { condition.wait() }
        condition.unlock()
    }
}
