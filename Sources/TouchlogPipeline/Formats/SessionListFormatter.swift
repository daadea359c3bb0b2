import TouchlogFormat
import TouchlogStore

/// `touchlog sessions --format`: a table for people, three forms for other tools.
public enum SessionListFormat: String, CaseIterable, Sendable {
    case table
    case json
    case jsonl
    case csv

    /// The format `--format NAME` names: `text`, the name earlier versions gave the table, still works.
    public init?(name: String) {
        self.init(rawValue: name == "text" ? "table" : name)
    }
}

/// A filter of `touchlog sessions`, as the user gave it, for the message that says it matched nothing.
public enum SessionListFilter: Equatable, Sendable {
    case appVersion(String)
    case since(Timestamp)
    case device(String)

    var option: String {
        switch self {
        case .appVersion(let version): "--app-version \"\(version)\""
        case .since(let moment): "--since \(moment)"
        case .device(let model): "--device \"\(model)\""
        }
    }

    /// The column of the full list that shows what the filter looks at.
    var column: String {
        switch self {
        case .appVersion: "app version"
        case .since: "start time"
        case .device: "device"
        }
    }
}

/// `touchlog sessions` output: a table, JSON, JSON Lines or CSV.
enum SessionListFormatter {
    /// The whole output in `format` (the table of no session is empty: ``noneListed(stored:filters:path:)`` says why).
    /// The table shows each id as `ids` shortens it (the whole id when it has none) and fits `width` columns.
    static func render(
        _ sessions: [SessionInfo], format: SessionListFormat, ids: [String: String] = [:], width: Int? = nil
    ) -> String {
        switch format {
        case .table: text(sessions, ids: ids, width: width)
        case .json: json(sessions) + "\n"
        case .jsonl: sessions.map { jsonValue($0).serialized() + "\n" }.joined()
        case .csv: CSV.table(sessions.map(jsonValue), header: csvHeader)
        }
    }

    static func text(_ sessions: [SessionInfo], ids: [String: String] = [:], width: Int? = nil) -> String {
        guard !sessions.isEmpty else { return "" }
        let header = ["ID", "APP VERSION", "DEVICE", "START", "DURATION", "RECORDS", "TOUCHES", "STATUS"]
        let rows = sessions.map { session in
            [
                ids[session.key] ?? session.key,
                [session.appVersion, session.appBuild.map { "(\($0))" }].compactMap { $0 }.joined(separator: " "),
                [session.deviceModel, session.deviceSystem].compactMap { $0 }.joined(separator: " "),
                session.startedAt ?? "-",
                session.duration.map(formatSeconds) ?? "-",
                String(session.recordCount),
                String(session.touchCount),
                session.status.rawValue,
            ]
        }
        // Too wide a table gives up the ends of its app versions, devices and start times first: the id is what a
        // command takes, and numbers cut short would mislead.
        return table([header] + rows, rightAligned: [4, 5, 6], width: width, shortenable: [1, 2, 3])
    }

    /// The CSV columns: the JSON members, nested ones as `app.version`; the header is written even for no session.
    static let csvHeader = [
        "id", "app.id", "app.version", "app.build", "device.model", "device.system", "startedAt", "duration",
        "records", "touches", "unknownRecords", "rejected", "status", "textKept", "labelsRedacted", "source",
        "ingestedAt",
    ]

    /// Why the list is empty: nothing stored, or filters that match none of the `stored` sessions (named, so a
    /// mistyped version is not read as an empty database).
    static func noneListed(stored: Int, filters: [SessionListFilter], path: String) -> String {
        guard stored > 0, !filters.isEmpty else {
            return "no sessions stored in \(path); add some with `touchlog ingest FILE`"
        }
        let none =
            stored == 1
            ? "the only session stored in \(path) does not match"
            : "none of the \(stored) sessions stored in \(path) matches"
        let columns = filters.map(\.column)
        let what =
            columns.count == 1
            ? columns[0] : columns.dropLast().joined(separator: ", ") + " and " + columns[columns.count - 1]
        return
            "\(none) \(filters.map(\.option).joined(separator: " ")); `touchlog sessions` without \(filters.count == 1 ? "it" : "them") lists every session with its \(what)"
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

    /// Columns padded to their widest cell, two spaces apart, the first row the header. When the table is wider than
    /// `width`, the widest of the `shortenable` columns gives up a column at a time (never narrower than its header),
    /// a cell cut short ending with "…", until the table fits or no column can give more.
    static func table(
        _ rows: [[String]], rightAligned: Set<Int>, width: Int? = nil, shortenable: Set<Int> = []
    ) -> String {
        guard let first = rows.first else { return "" }
        var widths = Array(repeating: 0, count: first.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        if let width {
            var total = widths.reduce(0, +) + 2 * (widths.count - 1)
            while total > width,
                let widest = shortenable.filter({ widths[$0] > first[$0].count }).max(by: { widths[$0] < widths[$1] })
            {
                widths[widest] -= 1
                total -= 1
            }
        }
        var out = ""
        for row in rows {
            var cells: [String] = []
            for (index, var cell) in row.enumerated() {
                if cell.count > widths[index] { cell = String(cell.prefix(widths[index] - 1)) + "…" }
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                let isLast = index == row.count - 1
                cells.append(rightAligned.contains(index) ? padding + cell : (isLast ? cell : cell + padding))
            }
            out += cells.joined(separator: "  ") + "\n"
        }
        return out
    }
}
