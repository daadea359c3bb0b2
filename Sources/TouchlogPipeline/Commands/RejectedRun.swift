import TouchlogFormat
import TouchlogStore

/// `touchlog rejected` as a library call: the lines ingest set aside (refused under `--keep-going`, or a crash's
/// cut last line), with where they were and why, for the sessions named or for every stored line.
public struct RejectedRun {
    /// Session ids or unique prefixes of them, in any case; empty: every line set aside, including lines that
    /// belong to no session (before any session header).
    public var sessions: [String]
    public var format: OutputFormat

    public init(sessions: [String] = [], format: OutputFormat = .text) {
        self.sessions = sessions
        self.format = format
    }

    /// How many lines were listed. Listing none is no failure: a session ingested whole has none.
    public struct Outcome {
        public var lines: Int
        public var status: ExitStatus { .ok }
    }

    /// A session named that matches nothing (or several) is thrown (``StoreError``), before anything is printed.
    public func run(store: any SessionReading, output: CommandOutput) throws -> Outcome {
        var groups: [RejectedLines] = []
        if sessions.isEmpty {
            let all = try store.rejectedLines()
            let byRowID = Dictionary(
                try store.sessions().map { ($0.rowID, $0) }, uniquingKeysWith: { first, _ in first })
            // Sessions in the order their first line was stored, then the lines outside any session.
            var order: [Int64?] = []
            var lines: [Int64?: [RejectedLineInfo]] = [:]
            for line in all {
                if lines[line.sessionRowID] == nil { order.append(line.sessionRowID) }
                lines[line.sessionRowID, default: []].append(line)
            }
            groups = order.map { RejectedLines(session: $0.flatMap { byRowID[$0] }, lines: lines[$0] ?? []) }
        } else {
            var seen = Set<Int64>()
            for query in sessions {
                let info = try store.session(matching: query)
                guard seen.insert(info.rowID).inserted else { continue }
                groups.append(RejectedLines(session: info, lines: try store.rejectedLines(sessionRowID: info.rowID)))
            }
        }
        switch format {
        case .text: output.write(RejectedLinesFormatter.text(groups, named: !sessions.isEmpty))
        case .json: output.write(RejectedLinesFormatter.json(groups))
        }
        return Outcome(lines: groups.map(\.lines.count).reduce(0, +))
    }
}

/// The lines set aside of one session, or (no session) of none.
struct RejectedLines {
    var session: SessionInfo?
    var lines: [RejectedLineInfo]
}
