import TouchlogFormat

/// The sentences every format prints about what a report did not analyse, written once so that every format says
/// the same thing. Plain text: each format escapes it as it escapes text from a
/// recording (the filter's values are the user's, a session id the recorder's).
enum CoverageText {
    /// The summary's clause: "1 session not analysed".
    static func notAnalysed(_ count: Int) -> String { "\(TextFormatter.plural(count, "session")) not analysed" }

    /// The summary's clause about sessions analysed from partial recordings: "1 partial recording".
    static func partial(_ count: Int) -> String { TextFormatter.plural(count, "partial recording") }

    /// What a report says of a session it analysed whose recording was not wholly stored: "cut short by a crash
    /// (…); the rules judged what was stored". Nil for a whole recording.
    static func partial(_ session: SessionRef) -> String? {
        session.gaps.description.map { "\($0); the rules judged only what was stored" }
    }

    /// Why nothing was analysed, and what to do about it.
    static func nothingAnalysed(_ why: NothingAnalysed) -> String { nothingAnalysedRuns(why).map(\.text).joined() }

    /// The same sentence in runs, its commands and options literal: the text format wraps it to the terminal and
    /// never inside `touchlog ingest FILE` or `--app-version "5.2 beta"`.
    static func nothingAnalysedRuns(_ why: NothingAnalysed) -> [TextRun] {
        switch why {
        case .noSessionStored:
            return [
                .prose("No session was analysed: no session is stored. Ingest recordings first ("),
                .literal("touchlog ingest FILE"), .prose(")."),
            ]
        case .filterMatchedNone(let filter, let stored) where !filter.excluded.isEmpty:
            // The exclusions come from a file the reader may not have in mind: name it and how to see it.
            let options = sessionOptionRuns(filter)
            let left: String
            switch stored {
            case 1?: left = "left out the only stored session"
            case let count?: left = "left none of the \(count) stored sessions"
            case nil: left = "left no stored session"
            }
            return [.prose("No session was analysed: ")] + options
                + [
                    .prose("\(options.isEmpty ? "" : " with ")the configuration's exclusions (excluded:) \(left). "),
                    .literal("touchlog report --print-config"), .prose(" shows them; "), .literal("--no-config"),
                    .prose(" ignores the configuration file."),
                ]
        case .filterMatchedNone(let filter, let stored):
            let matched: String
            switch stored {
            case 1?: matched = "did not match the only stored session"
            case let count?: matched = "matched none of the \(count) stored sessions"
            case nil: matched = "matched no stored session"
            }
            return [.prose("No session was analysed: ")] + sessionOptionRuns(filter)
                + [.prose(" \(matched). "), .literal("touchlog sessions"), .prose(" lists what is stored.")]
        case .noneAnalysable(let count):
            let which =
                count == 1
                ? "the only session covered could not be replayed"
                : "none of the \(count) sessions covered could be replayed"
            return [.prose("No session was analysed: \(which); each is named with the reason.")]
        }
    }

    /// The options that chose sessions, as they would be typed: `--app-version "9.9.9" and --since "2030-01-01"`.
    static func sessionOptions(_ filter: ReportFilter) -> String { sessionOptionRuns(filter).map(\.text).joined() }

    /// Each option with its value is one literal.
    private static func sessionOptionRuns(_ filter: ReportFilter) -> [TextRun] {
        var options = filter.sessions.map { "--session \"\($0)\"" }
        if let appVersion = filter.appVersion { options.append("--app-version \"\(appVersion)\"") }
        if let since = filter.since { options.append("--since \"\(since)\"") }
        var runs: [TextRun] = []
        for (index, option) in options.enumerated() {
            if index > 0 { runs.append(.prose(" and ")) }
            runs.append(.literal(option))
        }
        return runs
    }

    /// Where a session's recording is: `recordings/qa-0004.jsonl:1`, or nil when its source is not known.
    static func location(_ session: SessionRef) -> String? {
        guard let source = session.source else { return nil }
        return session.headerLine.map { "\(source):\($0)" } ?? source
    }
}

extension NothingAnalysed: CustomStringConvertible {
    /// The sentence the formats print, for a warning on standard error.
    public var description: String { CoverageText.nothingAnalysed(self) }
}
