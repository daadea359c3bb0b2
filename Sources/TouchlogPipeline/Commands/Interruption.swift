import Dispatch
import Foundation
import Synchronization
import TouchlogStore

/// Ctrl-C (SIGINT) and SIGTERM during a long command: the first asks the work to stop cleanly (an ingest rolls
/// back the file in progress and says what was stored); a second one ends the process at once, which is safe too,
/// since SQLite rolls back a transaction that was never committed.
///
/// The CLI makes one with ``watch()``, which takes the signals over for the rest of the process; a test makes one
/// with ``init()``, which watches nothing, and stops the work with ``receive(_:)`` as a signal would.
public final class Interruption: Sendable {
    public let cancellation = TouchlogStore.Cancellation()
    private let received = Atomic<Int32>(0)
    /// The signal sources, kept alive for the rest of the process. Written once, by `watch()` on the main thread.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Watches nothing: only ``receive(_:)`` stops the work.
    public init() {}

    /// The signal that asked to stop, if any.
    public var signal: Int32? {
        let value = received.load(ordering: .acquiring)
        return value == 0 ? nil : value
    }

    /// The conventional exit status after `signal`: 128 + its number (130 for SIGINT, 143 for SIGTERM).
    public var exitStatus: ExitStatus? { signal.map(ExitStatus.interrupted(by:)) }

    /// Starts watching SIGINT and SIGTERM instead of letting them end the process.
    public static func watch() -> Interruption {
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

    /// What a signal does: the first asks the work to stop; a second (only a watched process gets one) ends the
    /// process at once, as the signal would have without a handler.
    public func receive(_ number: Int32) {
        if received.compareExchange(expected: 0, desired: number, ordering: .acquiringAndReleasing).exchanged {
            cancellation.cancel()
        } else {
            Foundation.signal(number, SIG_DFL)
            raise(number)
        }
    }

    public static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}

extension Interruption {
    /// Runs a change to the database (`delete`, `prune`, `vacuum`). When a signal stopped it, the store has rolled
    /// it back: says so on `output`'s standard error, in the words of `nothingChanged`, and returns nil; the
    /// command then exits with ``exitStatus`` (130 after SIGINT, as an interrupted ingest does).
    func stopping<Result>(
        _ command: String, nothingChanged: String, output: CommandOutput, _ body: () throws -> Result
    ) throws -> Result? {
        do {
            return try body()
        } catch StoreError.interrupted {
            let name = Interruption.name(of: signal ?? SIGINT)
            output.diagnose("touchlog: \(command) interrupted by \(name); \(nothingChanged)\n")
            return nil
        }
    }

    /// The status of a command ``stopping(_:nothingChanged:output:_:)`` stopped: 128 + the signal's number.
    var stoppedStatus: ExitStatus { exitStatus ?? .interrupted(by: SIGINT) }
}
