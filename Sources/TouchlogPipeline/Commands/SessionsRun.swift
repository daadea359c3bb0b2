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

    public init(
        appVersion: String? = nil, since: Timestamp? = nil, device: String? = nil, limit: Int? = nil,
        format: SessionListFormat = .table
    ) {
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
        output.write(SessionListFormatter.render(sessions, format: format))
        if sessions.isEmpty, format == .table {
            let stored = filters.isEmpty ? 0 : try store.sessionCount()
            output.diagnose(SessionListFormatter.noneListed(stored: stored, filters: filters, path: store.path) + "\n")
        }
        return Outcome(sessions: sessions)
    }
}
