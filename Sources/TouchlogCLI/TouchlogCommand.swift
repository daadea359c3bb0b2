import ArgumentParser
import TouchlogFormat
import TouchlogReplay

/// The `touchlog` command: its subcommands are in Commands/, one file each.
// A synchronous root: `await TouchlogCommand.main()` in main.swift resolves to ParsableCommand's synchronous
// main, which in debug builds refuses an AsyncParsableCommand root ("Asynchronous root command needs
// availability annotation") even on Linux. No subcommand needs async.
public struct TouchlogCommand: ParsableCommand {
    /// One version for `--version` and reports.
    public static let version = TouchlogReplayInfo.touchlogVersion

    public static let configuration = CommandConfiguration(
        commandName: "touchlog",
        abstract: "Triage recorded iOS touch sessions: ingest, replay through a model of UIKit, report leaks.",
        discussion: """
            touchlog stores touchlog/1 recordings (JSON Lines written by a recorder inside the app under test) \
            in SQLite or a shared PostgreSQL, replays them through a model of UIKit's event handling, and reports where touches, the \
            first responder and the keyboard went wrong.

            The database is ./touchlog.sqlite unless --db PATH or the TOUCHLOG_DB environment variable says \
            otherwise; --db postgres://user@host/dbname uses a shared PostgreSQL instead.

            Start with:
              touchlog ingest session.jsonl                store a recording
              touchlog sessions                            list what is stored
              touchlog show SESSION                        its header and view tree
              touchlog rejected SESSION                    the lines ingest set aside
              touchlog replay SESSION                      what UIKit did with each touch
              touchlog explain SESSION --at T --point X,Y  why a point reached its view
              touchlog report                              the problems, grouped

            Shell completion:
              touchlog --generate-completion-script bash|zsh|fish
            """,
        version: version,
        subcommands: [
            IngestCommand.self, SessionsCommand.self, ShowCommand.self, RejectedCommand.self, ReplayCommand.self,
            ExplainCommand.self, ReportCommand.self, WorkerCommand.self, DeleteCommand.self, PruneCommand.self,
            VacuumCommand.self,
        ]
    )

    public init() {}

    /// Runs the command line, first catching a mistyped subcommand, which the parser only calls an "unexpected
    /// argument", to suggest the one meant.
    public static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let shell = CompletionScript.requestedShell(in: arguments) {
            print(CompletionScript.script(for: shell))
            exit()
        }
        if let problem = unknownSubcommand(in: arguments) {
            exit(withError: ValidationError(problem))
        }
        main(nil)
    }

    /// What to say when the first argument names no subcommand (the root takes no argument of its own, so any
    /// other word there is a mistake), or `help` is asked about one that does not exist (the parser would print the
    /// root's help and succeed); nil when it names one, or is an option.
    static func unknownSubcommand(in arguments: [String]) -> String? {
        var arguments = arguments[...]
        if arguments.first == "help" { arguments = arguments.dropFirst() }
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let commands = configuration.subcommands.filter { $0.configuration.shouldDisplay }
        let names = commands.map { $0._commandName }
        let accepted = Set(names + commands.flatMap { $0.configuration.aliases } + ["help"])
        guard !accepted.contains(first) else { return nil }
        let guess = ClosestName.to(first, among: names).map { " Did you mean '\($0)'?" } ?? ""
        return "Unknown subcommand '\(first)'.\(guess) The subcommands are \(names.joined(separator: ", "))."
    }
}
