import ArgumentParser
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
            in SQLite, replays them through a model of UIKit's event handling, and reports where touches, the \
            first responder and the keyboard went wrong.

            The database is ./touchlog.sqlite unless --db PATH or the TOUCHLOG_DB environment variable says otherwise.

            Start with:
              touchlog ingest session.jsonl     store a recording
              touchlog sessions                 list what is stored
              touchlog show SESSION             the header and view tree of a session
              touchlog replay SESSION           what UIKit did with each touch, divergences marked
              touchlog explain SESSION --at T --point X,Y   why a point reached the view it did
              touchlog report                   the problems found, grouped across sessions

            Shell completion: touchlog --generate-completion-script bash|zsh|fish
            """,
        version: version,
        subcommands: [
            IngestCommand.self, SessionsCommand.self, ShowCommand.self, ReplayCommand.self, ExplainCommand.self,
            ReportCommand.self, DeleteCommand.self, PruneCommand.self, VacuumCommand.self,
        ]
    )

    public init() {}
}
