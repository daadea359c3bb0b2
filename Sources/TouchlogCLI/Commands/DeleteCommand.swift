import ArgumentParser
import TouchlogPipeline
import TouchlogStore

/// `touchlog delete SESSION…`: removes sessions and everything stored with them.
struct DeleteCommand: FrontendCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete stored sessions with their records, touches and rejected lines.",
        discussion: """
            Each SESSION is a session id or a unique prefix of one, in any case (see the sessions command). All \
            are deleted in one transaction: if one matches no session, or several (they are listed), nothing is \
            deleted. The deleted sessions are listed on standard output with the records and rejected lines that \
            went with them; --dry-run lists what would go and changes nothing.

            Deleting frees space inside the database file but does not shrink it, and the deleted rows' bytes can \
            stay in its free pages: the vacuum command gives the space back (see docs/privacy.md).

            While another process writes to the database (an ingest), delete waits for it, saying so after a \
            second. Ctrl-C or SIGTERM stops it and nothing is deleted.

            --format json prints {"dryRun", "sessions", "removed"}: "sessions" as in touchlog sessions --format \
            json, "removed" {"sessions","records","touches","rejectedLines"} (stable; members may be added, never \
            renamed).

            Exit status: 0 deleted (or listed, with --dry-run); 2 a SESSION matches no session or several, or the \
            database does not exist, could not be opened or written; 64 invalid arguments; 130 or 143 \
            interrupted by Ctrl-C or SIGTERM, nothing deleted.

            Examples:
              touchlog delete 5C1E
              touchlog delete --dry-run 5C1E 0B6D
              touchlog sessions --device iPad --format jsonl | jq -r .id \\
                | xargs touchlog delete
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(
        help: ArgumentHelp("Session ids or unique prefixes (see `touchlog sessions`).", valueName: "session"),
        completion: Completion.sessionIDs)
    var sessions: [String] = []

    @Flag(help: "List what would be deleted, and delete nothing.")
    var dryRun = false

    @Option(help: "Output format.")
    var format: OutputFormat = .text

    func validate() throws {
        if sessions.isEmpty { throw ValidationError("Give at least one session id to delete.") }
    }

    func run() throws { try runOnStandardStreams() }

    func execute(_ context: CommandContext) throws -> ExitStatus {
        let (store, interruption) = try database.openForChange(dryRun: dryRun, context)
        return try frontend.run(store: store, interruption: interruption, output: context.output).status
    }

    var frontend: DeleteRun { DeleteRun(sessions: sessions, dryRun: dryRun, format: format) }
}
