import TouchlogFormat
import TouchlogStore

/// What `touchlog delete` and `touchlog prune` removed (or would, with --dry-run), as text and JSON.
enum RemovalFormatter {
    /// The removed sessions as a table (as `touchlog sessions` shows them), then one line that says what went.
    static func text(_ removal: SessionRemoval, path: String) -> String {
        table(removal) + summary(removal, path: path, verb: ("deleted", "delete")) + dryRunNote(removal) + "\n"
    }

    static func text(_ result: PruneResult, path: String) -> String {
        let removal = result.removal
        let which = qualifier(result.criteria)
        var line =
            removal.sessions.isEmpty
            ? "nothing to prune in \(path): no session \(which)"
            : summary(removal, path: path, verb: ("pruned", "prune")) + ": every session \(which)"
        line += "; \(counted(result.kept, "session")) kept"
        if result.undated > 0 {
            line +=
                "; \(counted(result.undated, "session")) without a start time \(result.undated == 1 ? "stays" : "stay") (prune never removes those; `touchlog delete` does)"
        }
        return table(removal) + line + dryRunNote(removal) + "\n"
    }

    /// `{"dryRun", "sessions": [as in touchlog sessions --format json], "removed": {"sessions", "records",
    /// "touches", "rejectedLines"}}`.
    static func json(_ removal: SessionRemoval) -> String {
        JSONValue.object(object(removal)).serialized() + "\n"
    }

    /// The deletion's members, then `"kept"` and `"undated"`.
    static func json(_ result: PruneResult) -> String {
        var members = object(result.removal)
        members["kept"] = .number(Double(result.kept))
        members["undated"] = .number(Double(result.undated))
        return JSONValue.object(members).serialized() + "\n"
    }

    private static func object(_ removal: SessionRemoval) -> JSONObject {
        let rows = removal.rows
        return [
            "dryRun": .bool(removal.dryRun),
            "sessions": .array(removal.sessions.map { SessionListFormatter.jsonValue($0.session) }),
            "removed": .object([
                "sessions": .number(Double(removal.sessions.count)),
                "records": .number(Double(rows.records)),
                "touches": .number(Double(rows.touches)),
                "rejectedLines": .number(Double(rows.rejectedLines)),
            ]),
        ]
    }

    private static func table(_ removal: SessionRemoval) -> String {
        guard !removal.sessions.isEmpty else { return "" }
        let header = ["ID", "APP VERSION", "START", "RECORDS", "REJECTED"]
        let rows = removal.sessions.map { removed in
            [
                removed.session.key,
                [removed.session.appVersion, removed.session.appBuild.map { "(\($0))" }].compactMap { $0 }.joined(
                    separator: " "),
                removed.session.startedAt ?? "-",
                String(removed.rows.records),
                String(removed.rows.rejectedLines),
            ]
        }
        return SessionListFormatter.table([header] + rows, rightAligned: [3, 4])
    }

    /// "deleted 2 sessions (30 records, 1 rejected line) from PATH", or what a dry run would do.
    private static func summary(_ removal: SessionRemoval, path: String, verb: (done: String, would: String))
        -> String
    {
        let rows = removal.rows
        var what = counted(rows.records, "record")
        if rows.rejectedLines > 0 { what += ", " + counted(rows.rejectedLines, "rejected line") }
        let sessions = "\(counted(removal.sessions.count, "session")) (\(what))"
        return removal.dryRun ? "would \(verb.would) \(sessions) from \(path)" : "\(verb.done) \(sessions) from \(path)"
    }

    /// Said last, so that the line reads as what would happen, then that it did not.
    private static func dryRunNote(_ removal: SessionRemoval) -> String {
        removal.dryRun && !removal.sessions.isEmpty ? "; nothing was changed (--dry-run)" : ""
    }

    /// Which sessions prune removes, after "every session" or "no session": "of app version "2.3.0" started before
    /// 2026-01-01 and older than the 10 newest".
    private static func qualifier(_ criteria: PruneCriteria) -> String {
        let scope = criteria.appVersion.map { "of app version \"\($0)\" " } ?? ""
        func older(_ keep: Int) -> String { keep == 0 ? "with a start time" : "older than the \(keep) newest" }
        return switch criteria.cutoff {
        case .startedBefore(let moment): scope + "started before \(moment)"
        case .keepNewest(let keep): scope + older(keep)
        case .startedBeforeKeepingNewest(let moment, let keep):
            scope + "started before \(moment)" + (keep == 0 ? "" : " and " + older(keep))
        }
    }

}
