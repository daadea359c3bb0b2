import ArgumentParser
import TouchlogPipeline
import TouchlogStore

/// `touchlog vacuum`: gives the space of deleted sessions back to the file system.
struct VacuumCommand: FrontendCommand {
    static let configuration = CommandConfiguration(
        commandName: "vacuum",
        abstract: "Shrink the database file after deleting sessions (SQLite's VACUUM).",
        discussion: """
            the delete command, the prune command and ingest with --replace free space inside the database file without \
            shrinking it, and the removed rows' bytes can stay in its free pages. vacuum rebuilds the file without \
            them, folds the write-ahead log (the -wal file beside it) into it and empties the log, then says how \
            many bytes the two took before and after.

            It rewrites the whole database: it needs about as much free disk space as the file takes, for a while. \
            While another process writes to the database, vacuum waits for it (saying so after a second), and it \
            waits too for readers still using the log. Ctrl-C or SIGTERM stops it, and the database is left as it \
            was.

            --format json prints {"bytesBefore", "bytesAfter", "bytesReclaimed"} (stable; members may be added, \
            never renamed).

            Exit status: 0 vacuumed; 2 the database does not exist, could not be opened or written; 64 invalid \
            arguments; 130 or 143 interrupted by Ctrl-C or SIGTERM, the database unchanged.

            Examples:
              touchlog vacuum
              touchlog prune --before 2026-01-01 && touchlog vacuum
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Output format.")
    var format: OutputFormat = .text

    func run() throws { try runOnStandardStreams() }

    func execute(_ context: CommandContext) throws -> ExitStatus {
        let (store, interruption) = try database.openForChange(dryRun: false, context)
        // Not a dry run: an interruption was made.
        return try VacuumRun(format: format).run(store: store, interruption: interruption!, output: context.output)
            .status
    }
}
