import Foundation
import TouchlogReplay
import TouchlogReport
import TouchlogStore

/// `touchlog-bench report DB`: in one run, a plain scan of every record of every stored session (what the replay
/// benchmark's read does, per session), then `touchlog report` over all of them twice through the library calls
/// the CLI makes: the first run replays and stores each session's run, the second reads the stored runs. Prints
/// the times and their ratios to the scan, with the rules that ran (those registered in this build).
enum ReportBenchmark {
    static func run(_ args: [String]) {
        guard let path = args.first else {
            print("usage: touchlog-bench report DATABASE (a database holding the benchmark sessions)")
            return
        }
        do {
            let database = try TouchlogDatabase(path: path)
            let sessions = try database.sessions()
            guard !sessions.isEmpty else {
                print("report: no session in \(path)")
                return
            }
            var records = 0
            var scan = Double.infinity
            for _ in 0..<3 {
                scan = min(
                    scan,
                    try time {
                        records = 0
                        for session in sessions { records += try database.readAllRecords(sessionRowID: session.rowID) }
                    })
            }
            print("report: \(sessions.count) sessions, \(records) records; plain scan \(fmt(scan)) s (best of 3)")

            let rules = RuleRegistry.all
            guard !rules.isEmpty else {
                // `touchlog report` exits 3 before reading a session; what it will read per session still has a cost.
                print(
                    "report: 0 rules registered in this build: `touchlog report` exits 3 without a report, nothing to time"
                )
                let loaded = try time { try SessionLoader(database: database).forEachSession(ReportFilter()) { _ in } }
                print(
                    "report: loading the sessions as the report would (SessionLoader) \(fmt(loaded)) s (ratio \(fmt(loaded / scan))x)"
                )
                replayEstimate(database, sessions, scan: scan)
                return
            }
            print(
                "report: \(rules.count) rule\(rules.count == 1 ? "" : "s") ran: "
                    + rules.map { $0.description.identifier }.joined(separator: ", "))
            for label in ["first run (replays and stores)", "second run (reads stored runs)"] {
                let before = try storedRuns(database, sessions)
                var summary = ""
                let seconds = try time { summary = try report(database) }
                let after = try storedRuns(database, sessions)
                print(
                    "report: \(label) \(fmt(seconds)) s (ratio \(fmt(seconds / scan))x): \(summary); sessions with a stored replay run \(before) -> \(after)"
                )
            }
        } catch {
            print("report: error: \(error)")
        }
    }

    /// `touchlog report` over every session, as ReportCommand runs it (engine, loader, run, text format); returns
    /// a summary of what it found.
    static func report(_ database: TouchlogDatabase) throws -> String {
        let engine = try ReportEngine(rules: RuleRegistry.all)
        let filter = ReportFilter()
        let loader = SessionLoader(database: database)
        let selected = try loader.sessions(filter)
        let outcome = try ReportRun(filter: filter, toolVersion: "bench").run(engine: engine) {
            try loader.forEachSession(selected, $0)
        }
        let text = ReportFormat.text.render(outcome.report, options: FormatOptions(color: false))
        let report = outcome.report
        return
            "\(report.sessions.count) sessions, \(count(report.groups.count, "problem")), \(count(report.findingCount, "finding")), \(text.utf8.count) bytes of text"
    }

    /// Without rules, what the report's replay integration will add once they land: each session's stored run
    /// (`ReplayService.storedRun`, replaying and storing when there is none) and its rows, twice.
    static func replayEstimate(_ database: TouchlogDatabase, _ sessions: [SessionInfo], scan: Double) {
        do {
            for label in ["replays and stores", "reads stored runs"] {
                var steps = 0
                let seconds = try time {
                    let service = ReplayService(database: database)
                    for session in sessions {
                        steps += try database.replaySteps(runID: try service.storedRun(for: session).id).count
                    }
                }
                print(
                    "report: estimate, stored replay runs and their \(steps) steps, \(label): \(fmt(seconds)) s (ratio \(fmt(seconds / scan))x)"
                )
            }
        } catch {
            print("report: estimate: error: \(error)")
        }
    }

    /// How many of `sessions` have at least one stored replay run.
    static func storedRuns(_ database: TouchlogDatabase, _ sessions: [SessionInfo]) throws -> Int {
        try sessions.reduce(0) { $0 + (try database.replayRuns(sessionRowID: $1.rowID).isEmpty ? 0 : 1) }
    }

    static func time(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let d = clock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    static func fmt(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }
}
