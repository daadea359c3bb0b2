import Foundation
import Synchronization
import TouchlogFormat

extension SessionReading {
    /// ``forEachRecord(sessionRowID:seqs:_:)`` with reading and decoding on a thread of their own, a bounded queue
    /// of batches ahead of `body`, which runs on the calling thread: a long session is replayed on one core while
    /// the next records are read on the other. Memory stays flat: at most `queueDepth` batches wait.
    public func forEachRecordPipelined(
        sessionRowID: Int64, seqs: ClosedRange<Int>? = nil, batchSize: Int = 2048, queueDepth: Int = 8,
        _ body: (SessionRecord) throws -> Void
    ) throws {
        let queue = BatchQueue<[SessionRecord]>(capacity: queueDepth)
        let readFailure = Mutex<(any Error)?>(nil)
        let done = CompletionSignal()
        let producer = Thread { [self] in
            var batch: [SessionRecord] = []
            batch.reserveCapacity(batchSize)
            do {
                try forEachRecord(sessionRowID: sessionRowID, seqs: seqs) { record in
                    batch.append(record)
                    guard batch.count == batchSize else { return }
                    guard queue.put(batch) else { throw ConsumerStopped() }
                    batch.removeAll(keepingCapacity: true)
                }
                if !batch.isEmpty { _ = queue.put(batch) }
            } catch is ConsumerStopped {
                // The consumer failed and said so itself.
            } catch {
                readFailure.withLock { $0 = error }
            }
            queue.close()
            done.signal()
        }
        producer.name = "touchlog-read"
        // Decoding recurses once per JSON level, up to the format's limit: the thread gets the stack that needs.
        producer.stackSize = FormatLimits.readerStackSize
        producer.start()
        do {
            while let batch = queue.take() {
                for record in batch { try body(record) }
            }
        } catch {
            queue.cancel()
            done.wait()
            throw error
        }
        done.wait()
        if let error = readFailure.withLock({ $0 }) { throw error }
    }
}

/// The reading thread stops: the consumer gave up.
private struct ConsumerStopped: Error {}
