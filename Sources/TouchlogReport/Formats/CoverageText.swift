/// The sentences every format prints about what a report did not analyse, written once so that text, Markdown,
/// HTML, JUnit and SARIF say the same thing. Plain text: each format escapes it as it escapes text from a
/// recording (the filter's values are the user's, a session id the recorder's).
enum CoverageText {
    /// The summary's clause: "1 session not analysed".
    static func notAnalysed(_ count: Int) -> String { "\(TextFormatter.plural(count, "session")) not analysed" }

    /// Why nothing was analysed, and what to do about it.
    static func nothingAnalysed(_ why: NothingAnalysed) -> String {
        switch why {
        case .noSessionStored:
            return "No session was analysed: no session is stored. Ingest recordings first (touchlog ingest FILE)."
        case .filterMatchedNone(let filter, let stored) where !filter.excluded.isEmpty:
            // The exclusions come from a file the reader may not have in mind: name it and how to see it.
            let options = sessionOptions(filter)
            let left: String
            switch stored {
            case 1?: left = "left out the only stored session"
            case let count?: left = "left none of the \(count) stored sessions"
            case nil: left = "left no stored session"
            }
            return
                "No session was analysed: \(options.isEmpty ? "" : options + " with ")the configuration's exclusions (excluded:) \(left). touchlog report --print-config shows them; --no-config ignores the configuration file."
        case .filterMatchedNone(let filter, let stored):
            let matched: String
            switch stored {
            case 1?: matched = "did not match the only stored session"
            case let count?: matched = "matched none of the \(count) stored sessions"
            case nil: matched = "matched no stored session"
            }
            return
                "No session was analysed: \(sessionOptions(filter)) \(matched). touchlog sessions lists what is stored."
        case .noneAnalysable(let count):
            let which =
                count == 1
                ? "the only session covered could not be replayed"
                : "none of the \(count) sessions covered could be replayed"
            return "No session was analysed: \(which); each is named with the reason."
        }
    }

    /// The options that chose sessions, as they would be typed: `--app-version "9.9.9" and --since "2030-01-01"`.
    static func sessionOptions(_ filter: ReportFilter) -> String {
        var options = filter.sessions.map { "--session \"\($0)\"" }
        if let appVersion = filter.appVersion { options.append("--app-version \"\(appVersion)\"") }
        if let since = filter.since { options.append("--since \"\(since)\"") }
        return options.joined(separator: " and ")
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
