import TouchlogFormat
import TouchlogStore

/// `touchlog sessions` output, text and JSON.
enum SessionListFormatter {
    static func text(_ sessions: [SessionInfo]) -> String {
        let header = ["ID", "APP VERSION", "DEVICE", "START", "DURATION", "RECORDS", "TOUCHES", "STATUS"]
        let rows = sessions.map { session in
            [
                session.key,
                [session.appVersion, session.appBuild.map { "(\($0))" }].compactMap { $0 }.joined(separator: " "),
                [session.deviceModel, session.deviceSystem].compactMap { $0 }.joined(separator: " "),
                session.startedAt ?? "-",
                session.duration.map(formatSeconds) ?? "-",
                String(session.recordCount),
                String(session.touchCount),
                session.status.rawValue,
            ]
        }
        return table([header] + rows, rightAligned: [4, 5, 6])
    }

    /// Why the list is empty: nothing stored, or a filter that matches none of the `stored` sessions (named, so a
    /// mistyped version is not read as an empty database).
    static func noneListed(stored: Int, appVersion: String?, path: String) -> String {
        guard stored > 0, let appVersion else {
            return "no sessions stored in \(path); add some with `touchlog ingest FILE`"
        }
        let none =
            stored == 1
            ? "the only session stored in \(path) does not match"
            : "none of the \(stored) sessions stored in \(path) matches"
        return
            "\(none) --app-version \"\(appVersion)\"; `touchlog sessions` without it lists every session with its app version"
    }

    static func json(_ sessions: [SessionInfo]) -> String {
        JSONValue.array(sessions.map(jsonValue)).serialized()
    }

    static func jsonValue(_ session: SessionInfo) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object([
            "id": .string(session.key),
            "app": .object([
                "id": text(session.appID), "version": text(session.appVersion), "build": text(session.appBuild),
            ]),
            "device": .object(["model": text(session.deviceModel), "system": text(session.deviceSystem)]),
            "startedAt": text(session.startedAt),
            "duration": session.duration.map(JSONValue.number) ?? .null,
            "records": .number(Double(session.recordCount)),
            "touches": .number(Double(session.touchCount)),
            "unknownRecords": .number(Double(session.unknownCount)),
            "rejected": .number(Double(session.rejectedCount)),
            "status": .string(session.status.rawValue),
            "textKept": .bool(session.textKept),
            "labelsRedacted": .bool(session.labelsRedacted),
            "source": .string(session.source),
            "ingestedAt": .string(session.ingestedAt),
        ])
    }

    static func formatSeconds(_ seconds: Double) -> String {
        let tenths = (seconds * 10).rounded() / 10
        return "\(tenths) s"
    }

    /// Columns padded to their widest cell, two spaces apart.
    static func table(_ rows: [[String]], rightAligned: Set<Int>) -> String {
        guard let first = rows.first else { return "" }
        var widths = Array(repeating: 0, count: first.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        var out = ""
        for row in rows {
            var cells: [String] = []
            for (index, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                let isLast = index == row.count - 1
                cells.append(rightAligned.contains(index) ? padding + cell : (isLast ? cell : cell + padding))
            }
            out += cells.joined(separator: "  ") + "\n"
        }
        return out
    }
}
