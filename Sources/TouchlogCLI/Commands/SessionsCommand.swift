import ArgumentParser
import TouchlogStore

/// `touchlog sessions`: lists the stored sessions.
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List the stored sessions.",
        discussion: """
            One line per session, oldest start first: the session id, app version, device, start time, \
            duration (t of the last record), records, touches and status (complete; truncated: the recording \
            was cut mid-line; partial: lines were rejected with --keep-going).

            --format json prints an array with one object per session, with these members in this order \
            (stable; members may be added, never renamed): "id", "app" {"id","version","build"}, "device" \
            {"model","system"}, "startedAt", "duration", "records", "touches", "unknownRecords", "rejected", \
            "status", "textKept", "labelsRedacted", "source", "ingestedAt". Absent values are null. "textKept" \
            and "labelsRedacted" say how the session was ingested (--keep-text, --redact-labels).

            When the text list is empty, standard error says why: no session is stored, or none of the \
            stored sessions matches --app-version (--format json prints [] either way).

            Exit status: 0 ok (also when there are no sessions, or none matches); 2 the database does not exist, \
            could not be opened or was written by a newer touchlog; 64 invalid arguments.

            Examples:
              touchlog sessions
              touchlog sessions --app-version 2.3.0 --format json | jq '.[].id'
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Output format.")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("Only sessions recorded with this app version.", valueName: "version"))
    var appVersion: String?

    func run() throws {
        try reportingErrors {
            let store = try database.open(for: .reading)
            let sessions = try store.sessions(.init(appVersion: appVersion))
            switch format {
            case .text:
                if sessions.isEmpty {
                    let stored = appVersion == nil ? 0 : try store.sessionCount()
                    StandardError.write(
                        SessionListFormatter.noneListed(stored: stored, appVersion: appVersion, path: store.path) + "\n"
                    )
                } else {
                    print(SessionListFormatter.text(sessions), terminator: "")
                }
            case .json:
                print(SessionListFormatter.json(sessions))
            }
        }
    }
}
