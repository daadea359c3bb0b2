import Foundation

/// The hand-over from the main thread to the writer: the main thread only pushes into the ring buffer (a lock and a
/// copy); a thread of the pipeline's own encodes and writes.
///
/// `.manual` runs no thread: items wait until `flush()`, which writes them on the caller's thread. Tests use it to
/// fill the buffer on purpose; an app never does.
final class RecordingPipeline: @unchecked Sendable {
    enum Mode: Sendable {
        case background
        case manual
    }

    private let condition = NSCondition()
    private var ring: RecordRing
    private let writer: RecordWriter
    private let mode: Mode
    private var flushRequests = 0
    private var flushesDone = 0
    private var stopped = false
    private var thread: Thread?

    init(writer: RecordWriter, capacity: Int, mode: Mode) {
        self.writer = writer
        self.mode = mode
        ring = RecordRing(capacity: capacity)
        if mode == .background {
            let thread = Thread { [unowned self] in self.run() }
            thread.name = "TouchlogRecorder writer"
            thread.qualityOfService = .utility
            self.thread = thread
            thread.start()
        }
    }

    /// Main thread: hands over one item. Never waits for the writer.
    func push(_ item: PendingItem) {
        condition.lock()
        ring.push(item)
        condition.signal()
        condition.unlock()
    }

    /// Writes everything pushed so far and syncs the file; returns when that is done.
    func flush() {
        switch mode {
        case .manual:
            condition.lock()
            let batch = ring.takeAll()
            condition.unlock()
            writer.process(batch.items, dropped: batch.dropped)
            writer.synchronize()
        case .background:
            condition.lock()
            flushRequests += 1
            let request = flushRequests
            condition.broadcast()
            while flushesDone < request { condition.wait() }
            condition.unlock()
        }
    }

    /// Flushes and ends the writer thread.
    func stop() {
        flush()
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// The sink's error, if writing failed (the recording stopped growing there).
    var failure: (any Error)? { writer.failure }

    private func run() {
        while true {
            condition.lock()
            while ring.count == 0 && flushesDone == flushRequests && !stopped { condition.wait() }
            if stopped && ring.count == 0 {
                condition.unlock()
                return
            }
            let batch = ring.takeAll()
            let request = flushRequests
            condition.unlock()
            writer.process(batch.items, dropped: batch.dropped)
            if request > flushesDone {
                writer.synchronize()
                condition.lock()
                flushesDone = request
                condition.broadcast()
                condition.unlock()
            }
        }
    }
}
