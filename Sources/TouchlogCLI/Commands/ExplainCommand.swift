import ArgumentParser
import Foundation
import ResponderCore
import TouchlogPipeline
import TouchlogReplay
import TouchlogStore

/// `touchlog explain SESSION --at T --point X,Y`: why a touch at that point went where it went.
struct ExplainCommand: FrontendCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain where a touch at a point would go at a moment of a session, and why.",
        discussion: """
            Replays the session up to --at T (every record with t <= T, so property changes, inserts and removals \
            count, not just the last snapshot), then prints the hierarchy as it was, the hit test of --point X,Y \
            (screen points) with every view visited and why each was passed over, and the responder chain from \
            the hit view. Views are named as in every output: class, accessibility label in quotes, accessibility \
            identifier after #, and the recorded id in parentheses. Frames and points are in screen coordinates. \
            Lines fit the terminal's width (or COLUMNS when it is set; whole lines in a pipe or a file without it), \
            each continuing under its own indentation.

            --format json prints one object (stable; members may be added, never renamed): "session", "t", \
            "replayedThroughLine", "hierarchy" (every view, windows first, each followed by its subviews: \
            {"id","class","accessibilityIdentifier","accessibilityLabel","name","depth","frame","flags"}, "frame" \
            {"x","y","width","height"} on screen or null), "firstResponder" (a view's {"id","class",\
            "accessibilityIdentifier","accessibilityLabel","name"} or null), "keyboard" {"visible","frame"}, and \
            "hitTest" {"point","visits","hitView","responderChain"}: each visit is a view with "depth", "point" \
            (in its own bounds) and "verdict" ("hit", "searchedSubviews", "passed" with "reason" and "why", or \
            "notAsked" with "inFront", the id of the sibling that took the point), in the order the text lists them; \
            "responderChain" is ids from the hit view up.

            Exit status: 0 ok; 2 no such session, a session that cannot be replayed, or the database does not \
            exist, could not be opened or was written by a newer touchlog; 64 invalid arguments.

            Examples:
              touchlog explain 0B6D --at 1.3 --point 290.5,252
              touchlog explain 0B6D --at 1.3 --point 290,252 --format json | jq .hitTest
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(
        help: ArgumentHelp("A session id or a unique prefix of one.", valueName: "session"),
        completion: Completion.sessionIDs)
    var session: String

    @Option(
        // Unconditional, so that a negative number reaches validate() and its message, not "Missing value".
        parsing: .unconditional, help: ArgumentHelp("The moment, in seconds since the session started.", valueName: "t")
    )
    var at: Double

    @Option(help: ArgumentHelp("The screen point, as X,Y.", valueName: "x,y"))
    var point: String

    @Option(
        help: ArgumentHelp(
            "Bind recorded touches to the model's hit view or to the recorded view.", valueName: "model|observed"))
    var trust: TrustMode = .model

    @Option(help: "Output format.")
    var format: OutputFormat = .text

    func validate() throws {
        if !(at >= 0) || !at.isFinite {
            throw ValidationError("--at must be a time in seconds, 0 or more (got \(at)).")
        }
        if parsedPoint == nil {
            throw ValidationError("--point must be X,Y in screen points, e.g. 120,340.5 (got \"\(point)\").")
        }
    }

    var parsedPoint: Point? {
        let parts = point.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let y = Double(parts[1].trimmingCharacters(in: .whitespaces)), x.isFinite, y.isFinite
        else { return nil }
        return Point(x, y)
    }

    func run() throws { try runOnStandardStreams() }

    func execute(_ context: CommandContext) throws -> ExitStatus {
        try frontend(width: context.terminal.width).run(store: database.open(for: .reading), output: context.output)
    }

    /// validate() checked the point. `width`: the terminal's, for the text.
    func frontend(width: Int? = nil) -> ExplainRun {
        ExplainRun(session: session, at: at, point: parsedPoint!, trust: trust, format: format, width: width)
    }
}
