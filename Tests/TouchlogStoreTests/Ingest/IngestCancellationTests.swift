import Foundation
import Testing

@testable import TouchlogStore

/// Cancelling an ingest (Ctrl-C) ends it at once, even while the parser is still reading.
@Suite struct IngestCancellationTests {
    let folder = TemporaryFolder()

    /// The input is a pipe whose writer stays open: the parser waits for more, forever. Cancelling must end the
    /// ingest anyway (rolled back, nothing stored), not wait for the parser to reach an end that never comes.
    @Test func aCancelledIngestDoesNotWaitForTheParser() throws {
        let fifo = folder.path("input.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opened read-write, the writing end never blocks, and it keeps the pipe open while the ingest reads it.
        let writer = open(fifo, O_RDWR)
        #expect(writer >= 0)
        let lines = Lines.header() + "\n" + Lines.snapshot + "\n"
        _ = lines.withCString { write(writer, $0, strlen($0)) }

        let database = try TouchlogDatabase.inMemory()
        var options = IngestOptions()
        let cancellation = Cancellation()
        options.cancellation = cancellation
        let ingestor = Ingestor(database: database, options: options)
        let finished = DispatchSemaphore(value: 0)
        // Written by the thread before it signals, read after the signal.
        final class Outcome: @unchecked Sendable { var report: FileIngestReport? }
        let outcome = Outcome()
        Thread {
            outcome.report = ingestor.ingest(.file(fifo))
            finished.signal()
        }.start()
        cancellation.cancel()
        // A guard against hanging the suite, not a measure of speed: without the fix the ingest never returns.
        let returned = finished.wait(timeout: .now() + 60) == .success
        close(writer)
        #expect(returned, "the cancelled ingest waited for its parser")
        if returned {
            #expect(outcome.report?.interrupted == true)
            #expect(outcome.report?.succeeded == false)
            #expect(try database.sessions().isEmpty)
        } else {
            finished.wait()
        }
    }
}
