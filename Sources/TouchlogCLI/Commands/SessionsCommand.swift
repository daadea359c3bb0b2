import ArgumentParser
import TouchlogFormat
import TouchlogPipeline
import TouchlogStore

/// `touchlog sessions`: lists the stored sessions.
struct SessionsCommand: FrontendCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List the stored sessions.",
        discussion: """
            One line per session, oldest start first (sessions without a start time last): the session id \
            (shortened as git log --oneline shortens commits: an id longer than 12 characters to its first 8, or \
            more where another stored id starts the same way; every command takes it, as it takes any unique \
            prefix), app \
            version, device, start time, duration (t of the last record), records, touches (as people count them, \
            finger-down to finger-up: a tap is one touch, however many touch records it took) and status (complete; \
            truncated: the recording was cut mid-line; partial: lines were rejected with --keep-going). A table wider \
            than the terminal (or COLUMNS when it is set) cuts the ends of app versions, devices and start times \
            short, marked "…".

            Filters: --app-version V (exactly V); --since DATE, sessions that started at or after DATE, a date \
            YYYY-MM-DD (midnight UTC) or an ISO 8601 time with a zone (2026-11-19T12:00:00Z, \
            2026-11-19T14:00:00+02:00), compared as instants, leaving out sessions without a start time; --device \
            TEXT, sessions whose device model contains TEXT, ignoring case (iPhone15 matches iPhone15,2 and \
            iPhone15,4; ipad matches every iPad). --limit N keeps the N sessions that started last, still oldest \
            first (sessions without a start time only when fewer than N have one).

            --format json prints an array with one object per session, with these members in this order \
            (stable; members may be added, never renamed): "id", "app" {"id","version","build"}, "device" \
            {"model","system"}, "startedAt", "duration", "records", "touches", "unknownRecords", "rejected", \
            "status", "textKept", "labelsRedacted", "source", "ingestedAt". Absent values are null. "textKept" \
            and "labelsRedacted" say how the session was ingested (--keep-text, --redact-labels). --format jsonl \
            prints the same objects one per line; --format csv the same members as columns (nested ones as \
            "app.version"), a header row first, RFC 4180 quoting and line ends, absent values empty. --format text \
            is another name for table.

            When the table is empty, standard error says why: no session is stored, or none of the stored \
            sessions matches the filters, which it names (json prints [], jsonl nothing, csv the header alone).

            Exit status: 0 ok (also when there are no sessions, or none matches); 2 the database does not exist, \
            could not be opened or was written by a newer touchlog; 64 invalid arguments.

            Examples:
              touchlog sessions
              touchlog sessions --since 2026-11-01 --device iPad
              touchlog sessions --limit 20
              touchlog sessions --app-version 2.3.0 --format json | jq '.[].id'
              touchlog sessions --format csv > sessions.csv
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Output format.")
    var format: SessionListFormat = .table

    @Option(help: ArgumentHelp("Only sessions recorded with this app version.", valueName: "version"))
    var appVersion: String?

    @Option(
        help: ArgumentHelp(
            "Only sessions started at or after this date (YYYY-MM-DD) or zoned time.", valueName: "date"),
        transform: { try Timestamp(parsing: $0) })
    var since: Timestamp?

    @Option(help: ArgumentHelp("Only sessions whose device model contains this text, any case.", valueName: "model"))
    var device: String?

    @Option(
        // Unconditional, so that a negative number reaches validate() and its message, not "Missing value".
        parsing: .unconditional,
        help: ArgumentHelp("Only the N sessions that started last (still listed oldest first).", valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 {
            throw ValidationError("--limit must be 1 or more (got \(limit)); leave it out to list every session.")
        }
    }

    func run() throws { try runOnStandardStreams() }

    func execute(_ context: CommandContext) throws -> ExitStatus {
        var frontend = self.frontend
        frontend.width = context.terminal.width
        return try frontend.run(store: database.open(for: .reading), output: context.output).status
    }

    var frontend: SessionsRun {
        SessionsRun(appVersion: appVersion, since: since, device: device, limit: limit, format: format)
    }
}
