import ArgumentParser
import Dispatch
import Foundation
import Synchronization
import TouchlogStore

/// Ctrl-C (SIGINT) and SIGTERM during a long command: the first asks the work to stop cleanly (an ingest rolls
/// back the file in progress and says what was stored); a second one ends the process at once, which is safe too,
/// since SQLite rolls back a transaction that was never committed.
final class Interruption: Sendable {
    let cancellation = Cancellation()
    private let received = Atomic<Int32>(0)
    /// The signal sources, kept alive for the rest of the process. Written once, by `watch()` on the main thread.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// The signal that asked to stop, if any.
    var signal: Int32? {
        let value = received.load(ordering: .acquiring)
        return value == 0 ? nil : value
    }

    /// The conventional exit status after `signal`: 128 + its number (130 for SIGINT, 143 for SIGTERM).
    var exitStatus: Int32? { signal.map { 128 + $0 } }

    /// Starts watching SIGINT and SIGTERM instead of letting them end the process.
    static func watch() -> Interruption {
        let interruption = Interruption()
        for number in [SIGINT, SIGTERM] {
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { interruption.receive(number) }
            source.resume()
            sources.append(source)
        }
        return interruption
    }

    private func receive(_ number: Int32) {
        if received.compareExchange(expected: 0, desired: number, ordering: .acquiringAndReleasing).exchanged {
            cancellation.cancel()
        } else {
            // Asked twice: stop now, as the signal would have without a handler.
            Foundation.signal(number, SIG_DFL)
            raise(number)
        }
    }

    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}

extension Interruption {
    /// Runs a change to the database (`delete`, `prune`, `vacuum`). When a signal stopped it, SQLite has rolled it
    /// back: says so on stderr, in the words of `nothingChanged`, and exits with 128 + the signal's number, as an
    /// interrupted ingest does.
    func stopping<Result>(_ command: String, nothingChanged: String, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch StoreError.interrupted {
            let name = signal.map(Interruption.name(of:)) ?? Interruption.name(of: SIGINT)
            StandardError.write("touchlog: \(command) interrupted by \(name); \(nothingChanged)\n")
            throw ExitCode(exitStatus ?? 128 + SIGINT)
        }
    }
}
