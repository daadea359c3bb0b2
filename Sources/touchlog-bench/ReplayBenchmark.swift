import Foundation
import TouchlogPipeline
import TouchlogReplay
import TouchlogStore

/// `touchlog-bench replay DB`: in one run, the time to merely read a stored session's records (the store's one scan,
/// decoding every record into its typed form) and to replay them as `touchlog replay --format summary` does (dispatch
/// and compare, no trace), through the command's frontend ``ReplayRun``; prints both and their ratio.
enum ReplayBenchmark {
    static func run(_ args: [String]) {
        guard let path = args.first else {
            print("usage: touchlog-bench replay DATABASE (a database holding the benchmark session)")
            return
        }
        do {
            let database = try TouchlogDatabase(path: path)
            guard let session = try database.sessions().max(by: { $0.recordCount < $1.recordCount }) else {
                print("replay: no session in \(path)")
                return
            }
            var read = Double.infinity
            var replay = Double.infinity
            var records = 0
            var divergences = 0
            for _ in 0..<3 {
                read = min(read, try Clock.time { records = try database.readAllRecords(sessionRowID: session.rowID) })
                replay = min(
                    replay,
                    try Clock.time {
                        // `touchlog replay --format summary`, through the command's own frontend.
                        let outcome = try ReplayRun(.matching([session.key]), format: .summary).run(
                            store: database, output: .discarding)
                        divergences = outcome.divergences
                    })
            }
            print("replay: session \(session.key), \(records) records, \(divergences) divergences")
            print(
                "replay: read \(Clock.format(read)) s, replay \(Clock.format(replay)) s (ratio \(Clock.format(replay / read))x, target <= 1.2x)"
            )
        } catch {
            print("replay: error: \(error)")
        }
    }
}

/// Timing helpers shared by the benchmarks.
enum Clock {
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let d = clock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func format(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }
}
