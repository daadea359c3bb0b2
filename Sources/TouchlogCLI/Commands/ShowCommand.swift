import ArgumentParser
import TouchlogFormat
import TouchlogPipeline
import TouchlogStore

/// `touchlog show SESSION`: the header and a snapshot's view tree.
struct ShowCommand: FrontendCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a session's header, the view tree of a snapshot and, at a time, the replayed state.",
        discussion: """
            SESSION is a session id or a unique prefix of one (the sessions command lists them). The view tree is the \
            snapshot in force at --at T (the latest snapshot with t at or before T), or the first snapshot. \
            Each view is named as in every output (class, accessibility label in quotes, accessibility identifier \
            after #, recorded id in parentheses) and shows its frame (x, y, width, height) in its superview's \
            coordinates, as recorded, and notable state: hidden, alpha, interaction off, disabled, first \
            responder, key window, clips, transformed, redacted text length, gesture recognizers.

            With --at T it also prints the state replay reaches at T (every record up to T applied, so property \
            changes, inserts and removals since the snapshot count): the hierarchy with frames in screen \
            coordinates, the first responder, and whether the keyboard is up and where. A T past the session's last \
            record is refused, as explain refuses it. Lines fit the terminal's width (or COLUMNS when it is set; \
            whole lines in a pipe or a file without it), a view's line continuing indented under it.

            --format json prints one object (stable; members may be added, never renamed): "session" (as the \
            sessions command prints it with --format json), "snapshot" {"seq","t","windows","controllers"}, where each \
            window and view is {"id","class","accessibilityIdentifier","accessibilityLabel","name","frame","flags",\
            "subviews"} ("frame" null when the recorder wrote null) and each controller {"id","class","view",\
            "parent","presentingViewController"}; with --at, "replayed" {"t","replayedThroughLine","hierarchy",\
            "firstResponder","keyboard"}, shaped as explain --format json prints them.

            Exit status: 0 ok; 2 no session matches, the prefix is ambiguous, there is no snapshot at T, T is \
            past the session's end, the session cannot be replayed up to T, or \
            the database does not exist, could not be opened or was written by a newer touchlog; 64 invalid \
            arguments.

            Examples:
              touchlog show 5C1E
              touchlog show 5C1E2F0A --at 12.5
              touchlog show 5C1E --format json | jq '.snapshot.windows[0].subviews'
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(
        help: ArgumentHelp("A session id or a unique prefix of one.", valueName: "session"),
        completion: Completion.sessionIDs)
    var session: String

    @Option(
        // Unconditional, so that a negative number reaches validate() and its message, not "Missing value".
        parsing: .unconditional,
        help: ArgumentHelp(
            "Show the snapshot in force at this time, in seconds since the session started, and the state replay reaches then.",
            valueName: "t"))
    var at: Double?

    @Option(help: "Output format.")
    var format: OutputFormat = .text

    func validate() throws {
        if let at, !(at >= 0) || !at.isFinite {
            throw ValidationError("--at must be a time in seconds, 0 or more (got \(at)).")
        }
    }

    func run() throws { try runOnStandardStreams() }

    func execute(_ context: CommandContext) throws -> ExitStatus {
        try frontend(width: context.terminal.width).run(store: database.open(for: .reading), output: context.output)
            .status
    }

    func frontend(width: Int? = nil) -> ShowRun { ShowRun(session: session, at: at, format: format, width: width) }
}
