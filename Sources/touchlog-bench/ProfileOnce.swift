import Foundation
import TouchlogPipeline
import TouchlogReport
import TouchlogStore

/// `touchlog-bench once scan|report DATABASE`: one plain scan or one report on one worker, for instruction counts
/// under callgrind (repeatable whatever else the machine is doing).
enum ProfileOnce {
    static func run(_ args: [String]) {
        guard args.count == 2 else { return print("usage: touchlog-bench once scan|report DATABASE") }
        do {
            let database = try TouchlogDatabase(path: args[1])
            switch args[0] {
            case "scan":
                var records = 0
                for session in try database.sessions() {
                    records += try database.readAllRecords(sessionRowID: session.rowID)
                }
                print("scan: \(records) records")
            default:
                // ONLY_RULES=a,b: just those rules (none: "-"), to see what each costs.
                var rules = RuleRegistry.all
                if let only = ProcessInfo.processInfo.environment["ONLY_RULES"] {
                    let ids = Set(only.split(separator: ",").map(String.init))
                    rules = rules.filter { ids.contains($0.description.identifier) }
                }
                let outcome = try ReportRun(toolVersion: "bench").run(
                    database: database, rules: rules, detail: .forFormat(.text), workers: 1)
                print("report: \(outcome.report.findingCount) findings")
            }
        } catch {
            print("once: error: \(error)")
        }
    }
}
