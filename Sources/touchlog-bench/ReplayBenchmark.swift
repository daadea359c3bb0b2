import Foundation
import TouchlogReplay
import TouchlogStore

/// `touchlog-bench replay DB`: in one run, the time to merely read a stored session's records
/// (`readAllRecords`), to replay them (dispatch and compare, nothing stored) and to replay and store the run;
/// prints the times and the replay/read ratio (target <= 2).
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
            let clock = ContinuousClock()
            func time(_ body: () throws -> Void) rethrows -> Double {
                let start = clock.now
                try body()
                let d = clock.now - start
                return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
            }
            var read = Double.infinity
            var replay = Double.infinity
            var records = 0
            var divergences = 0
            // `--store-only` measures only the store figure (to profile it).
            for _ in 0..<(args.contains("--store-only") ? 0 : 3) {
                read = min(read, try time { records = try database.readAllRecords(sessionRowID: session.rowID) })
                replay = min(
                    replay,
                    try time {
                        let r = try ReplayService(database: database).replay(session, detail: .divergences) { _ in }
                        divergences = r.divergenceCount
                    })
            }
            // `--skip-store` leaves out the slow store figure (to profile the replay alone).
            let stored =
                args.contains("--skip-store")
                ? .nan : try time { _ = try ReplayService(database: database).storeRun(session) }
            print("replay: session \(session.key), \(records) records, \(divergences) divergences")
            print(
                "replay: read \(fmt(read)) s, replay \(fmt(replay)) s (ratio \(fmt(replay / read))x, target <= 2x), replay and store \(fmt(stored)) s (ratio \(fmt(stored / read))x)"
            )
        } catch {
            print("replay: error: \(error)")
        }
    }

    static func fmt(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }
}
