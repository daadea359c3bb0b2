import Foundation
import TouchlogFormat
import TouchlogPipeline
import TouchlogReport
import TouchlogStore

/// `touchlog-bench report DB [FORMAT]`: five paired runs of a plain scan of every record of every stored session (the
/// store's one scan, decoding every record) and `touchlog report` over all of them through the entry point the CLI
/// calls (``ReportRun/run(database:rules:detail:workers:)``); prints the times, the median of the pairs' ratios
/// (target <= 1.6x; a report stores nothing, so a later run is no faster than the first) and the database's size
/// before and after (target <= 1.2x).
enum ReportBenchmark {
    static func run(_ args: [String]) {
        guard let path = args.first else {
            print("usage: touchlog-bench report DATABASE [text|json|html|…]")
            return
        }
        let format = args.dropFirst().first.flatMap(ReportFormat.init(rawValue:)) ?? .text
        do {
            let database = try TouchlogDatabase(path: path)
            let sessions = try database.sessions()
            guard !sessions.isEmpty else {
                print("report: no session in \(path)")
                return
            }
            let sizeBefore = size(of: path)
            // Five paired runs, as issue 23 measures it: each pair a plain scan then a report, right after each other,
            // so both meet the same load; the ratio is the median of the five pairs' ratios. Nothing is stored by a
            // report, so every run is a first run.
            var records = 0
            var pairs: [(scan: Double, report: Double)] = []
            var summary = ""
            for _ in 0..<5 {
                let scanTime = try Clock.time {
                    records = 0
                    for session in sessions { records += try database.readAllRecords(sessionRowID: session.rowID) }
                }
                let reportTime = try Clock.time { summary = try report(database, format: format) }
                pairs.append((scanTime, reportTime))
            }
            let ratios = pairs.map { $0.report / $0.scan }.sorted()
            print(
                "report: \(sessions.count) sessions, \(records) records; plain scan \(pairs.map { Clock.format($0.scan) }.joined(separator: " s, ")) s"
            )
            print(
                "report: \(format.rawValue), runs \(pairs.map { Clock.format($0.report) }.joined(separator: " s, ")) s: median ratio of 5 paired runs \(Clock.format(ratios[2]))x (target <= 1.6x), best \(Clock.format(ratios[0]))x, worst \(Clock.format(ratios[4]))x: \(summary)"
            )
            let sizeAfter = size(of: path)
            print(
                "report: database \(sizeBefore) bytes after ingest, \(sizeAfter) after the reports (ratio \(Clock.format(Double(sizeAfter) / Double(max(1, sizeBefore))))x, target <= 1.2x)"
            )
        } catch {
            print("report: error: \(error)")
        }
    }

    /// `touchlog report` over every session, as ReportCommand runs it; returns a summary of what it found.
    static func report(_ database: TouchlogDatabase, format: ReportFormat) throws -> String {
        let outcome = try ReportRun(toolVersion: "bench").run(database: database, detail: .forFormat(format))
        let text = format.render(outcome.report, options: FormatOptions(color: false))
        let report = outcome.report
        return
            "\(report.sessions.count) sessions, \(count(report.groups.count, "problem")), \(count(report.findingCount, "finding")), \(text.utf8.count) bytes of \(format.rawValue)"
    }

    /// The database file with its WAL and shared-memory files: what it takes on disk.
    static func size(of path: String) -> Int {
        [path, path + "-wal", path + "-shm"].reduce(0) { total, file in
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            return total + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
