import TouchlogFormat
import TouchlogStore

/// `touchlog sessions` as a library call: the stored sessions the filters keep, in one of four formats, and when
/// the table is empty, why (on standard error).
public struct SessionsRun {
    public var appVersion: String?
    public var since: Timestamp?
    public var device: String?
    public var limit: Int?
    public var format: SessionListFormat
    /// The columns the table fits (the terminal's, from the CLI); nil leaves its rows whole.
    public var width: Int?

    public init(
        appVersion: String? = nil, since: Timestamp? = nil, device: String? = nil, limit: Int? = nil,
        format: SessionListFormat = .table, width: Int? = nil
    ) {
        self.width = width
        self.appVersion = appVersion
        self.since = since
        self.device = device
        self.limit = limit
        self.format = format
    }

    /// What was listed.
    public struct Outcome {
        public var sessions: [SessionInfo]
        public var status: ExitStatus { .ok }
    }

    /// The filters given, in the order of the help, for the message that names them.
    var filters: [SessionListFilter] {
        [
            appVersion.map(SessionListFilter.appVersion), since.map(SessionListFilter.since),
            device.map(SessionListFilter.device),
        ].compactMap { $0 }
    }

    public func run(store: any SessionReading, output: CommandOutput) throws -> Outcome {
        let sessions = try store.sessions(.init(appVersion: appVersion, since: since, device: device, limit: limit))
        // The table shortens ids against every stored id, not only those listed, so that each stays a prefix that
        // every command takes; the other formats are for tools and keep whole ids.
        let ids =
            format == .table && !sessions.isEmpty
            ? SessionIDAbbreviation.abbreviations(of: try store.sessionKeys(startingWith: "", limit: Int.max)) : [:]
        output.write(SessionListFormatter.render(sessions, format: format, ids: ids, width: width))
        if sessions.isEmpty, format == .table {
            let stored = filters.isEmpty ? 0 : try store.sessionCount()
            output.diagnose(SessionListFormatter.noneListed(stored: stored, filters: filters, path: store.path) + "\n")
        }
        return Outcome(sessions: sessions)
    }
}
