import ArgumentParser
import TouchlogPipeline
import TouchlogStore

/// `touchlog rejected [SESSION…]`: the lines ingest set aside, where they were and why.
struct RejectedCommand: FrontendCommand {
    static let configuration = CommandConfiguration(
        commandName: "rejected",
        abstract: "List the lines ingest set aside: refused under --keep-going, or a crash's cut last line.",
        discussion: """
            A recording is never stored half-silently: ingest refuses a file with a bad line, unless --keep-going \
            stores the good records and keeps the bad lines apart, and a last line cut off by a crash is kept apart \
            too (the session is then marked truncated, as the sessions command shows). This lists those \
            lines, so you can see what a partial session is missing before trusting its report.

            Each SESSION is a session id or a unique prefix of one, in any case (see the sessions command). Without \
            one, every line set aside is listed, by session, with the lines that came before any session header \
            last.

            Each line is shown as FILE:LINE:COLUMN: REASON (the place and words ingest reported), then its text as \
            stored: typed text in it is blanked unless the recording was ingested with --keep-text \
            (docs/privacy.md).

            --format json prints an array with one object per line (stable; members may be added, never renamed): \
            {"session","status","file","line","column","reason","text"}, "session" and "status" null for a line \
            outside any session.

            Exit status: 0 listed (also when nothing was set aside); 2 a SESSION matches no session or several, or \
            the database does not exist or could not be opened; 64 invalid arguments.

            Examples:
              touchlog ingest --keep-going crash.jsonl
              touchlog rejected 3F2A
              touchlog rejected --format json | jq -r '.[].reason'
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(
        help: ArgumentHelp(
            "Session ids or unique prefixes (see `touchlog sessions`); none: every line set aside.",
            valueName: "session"),
        completion: Completion.sessionIDs)
    var sessions: [String] = []

    @Option(help: "Output format.")
    var format: OutputFormat = .text

    func run() throws { try runOnStandardStreams() }

    func execute(_ context: CommandContext) throws -> ExitStatus {
        try frontend.run(store: database.open(for: .reading), output: context.output).status
    }

    var frontend: RejectedRun { RejectedRun(sessions: sessions, format: format) }
}
