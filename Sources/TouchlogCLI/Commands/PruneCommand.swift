import ArgumentParser
import TouchlogFormat
import TouchlogPipeline
import TouchlogStore

/// `touchlog prune --before DATE | --keep N`: removes old sessions.
struct PruneCommand: FrontendCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Delete old sessions: those started before a date, or all but the newest.",
        discussion: """
            Age is the session's start (startedAt, the START of the sessions command), compared as an instant: \
            a recording made last year and ingested today is old. --before DATE removes the sessions that \
            started before DATE, a date YYYY-MM-DD (midnight UTC) or an ISO 8601 time with a zone \
            (2026-11-19T12:00:00Z, 2026-11-19T14:00:00+02:00). --keep N removes all but the N sessions that \
            started last. Given both, a session goes when it started before DATE and is not among the N newest: \
            an age limit that never empties the database. --app-version V considers only sessions of version V \
            (and keeps N of those). One of --before and --keep is required.

            A session without a start time (a converted view-hierarchy dump, a header without startedAt) has no \
            age: prune never removes it, and says how many it left; the delete command removes them by id.

            Everything goes in one transaction, each session with its records, touches and rejected lines. The \
            removed sessions are listed on standard output with what went with them; --dry-run lists what would \
            go and changes nothing. the vacuum command then gives the space back to the file system.

            While another process writes to the database (an ingest), prune waits for it, saying so after a \
            second. Ctrl-C or SIGTERM stops it and nothing is removed.

            --format json prints {"dryRun", "sessions", "removed", "kept", "undated"}, as the delete command does, \
            with "kept" the sessions considered and kept and "undated" those left for want of a start time.

            Exit status: 0 pruned (also when nothing was old enough); 2 the database does not exist, could not be \
            opened or written; 64 invalid arguments (neither --before nor --keep, a date that is not one); 130 or \
            143 interrupted by Ctrl-C or SIGTERM, nothing removed.

            Examples:
              touchlog prune --before 2026-01-01 --dry-run
              touchlog prune --keep 500
              touchlog prune --before 2026-06-01T00:00:00Z --keep 50
              touchlog prune --keep 0 --app-version 1.9.0 && touchlog vacuum
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(
        help: ArgumentHelp("Remove sessions started before this date (YYYY-MM-DD) or zoned time.", valueName: "date"),
        transform: { try Timestamp(parsing: $0) })
    var before: Timestamp?

    @Option(
        // Unconditional, so that a negative number reaches validate() and its message, not "Missing value".
        parsing: .unconditional,
        help: ArgumentHelp("Keep the N sessions that started last; remove older ones.", valueName: "n"))
    var keep: Int?

    @Option(help: ArgumentHelp("Consider only sessions of this app version.", valueName: "version"))
    var appVersion: String?

    @Flag(help: "List what would be removed, and remove nothing.")
    var dryRun = false

    @Option(help: "Output format.")
    var format: OutputFormat = .text

    func validate() throws {
        if let keep, keep < 0 { throw ValidationError("--keep must be 0 or more (got \(keep)).") }
        if cutoff == nil {
            throw ValidationError(
                "Say what to prune: --before DATE (sessions started before it), --keep N (all but the N newest), or both."
            )
        }
    }

    /// The options as the store takes them; nil when neither was given (a usage error).
    var cutoff: PruneCutoff? {
        switch (before, keep) {
        case (let before?, let keep?): .startedBeforeKeepingNewest(before, keep: keep)
        case (let before?, nil): .startedBefore(before)
        case (nil, let keep?): .keepNewest(keep)
        case (nil, nil): nil
        }
    }

    func run() throws { try runOnStandardStreams() }

    func execute(_ context: CommandContext) throws -> ExitStatus {
        // validate() refused the command without a cutoff.
        guard let frontend else { return .ok }
        let (store, interruption) = try database.openForChange(dryRun: dryRun, context)
        return try frontend.run(store: store, interruption: interruption, output: context.output).status
    }

    var frontend: PruneRun? {
        cutoff.map { PruneRun(PruneCriteria($0, appVersion: appVersion), dryRun: dryRun, format: format) }
    }
}
