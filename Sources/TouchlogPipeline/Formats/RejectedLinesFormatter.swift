import TouchlogFormat
import TouchlogStore

/// `touchlog rejected`'s output: each session's lines set aside as `FILE:LINE:COLUMN: REASON` (the place and words
/// ingest said them in), with the line's text as stored under it, as text and as JSON.
enum RejectedLinesFormatter {
    /// A heading per session (its id and status), then its lines. `named`: the sessions were asked for by name, so
    /// one without a line set aside is said to have none rather than left out.
    static func text(_ groups: [RejectedLines], named: Bool) -> String {
        if groups.isEmpty { return "no line was set aside: every stored line was ingested\n" }
        return groups.map { group in
            guard let session = group.session else {
                return "outside any session: \(counted(group.lines.count, "line")) set aside\n" + lines(group.lines)
            }
            let heading = "\(session.key) (\(session.status.rawValue))"
            if group.lines.isEmpty { return "\(heading): no line set aside\n" }
            return "\(heading): \(counted(group.lines.count, "line")) set aside\n" + lines(group.lines)
        }.joined(separator: "\n")
    }

    /// Each line's place and reason, then its text indented (or why there is none).
    private static func lines(_ lines: [RejectedLineInfo]) -> String {
        lines.map { line in
            let text = line.text.isEmpty ? "(empty line)" : line.text
            return "  \(line.source):\(line.line):\(line.column): \(line.reason)\n    \(text)\n"
        }.joined()
    }

    /// An array with one object per line set aside, in the order they were stored:
    /// `{"session", "status", "file", "line", "column", "reason", "text"}` ("session" and "status" null for a line
    /// outside any session).
    static func json(_ groups: [RejectedLines]) -> String {
        let items = groups.flatMap { group in
            group.lines.map { line -> JSONValue in
                .object([
                    "session": group.session.map { .string($0.key) } ?? .null,
                    "status": group.session.map { .string($0.status.rawValue) } ?? .null,
                    "file": .string(line.source),
                    "line": .number(Double(line.line)),
                    "column": .number(Double(line.column)),
                    "reason": .string(line.reason),
                    "text": .string(line.text),
                ])
            }
        }
        return JSONValue.array(items).serialized() + "\n"
    }
}
