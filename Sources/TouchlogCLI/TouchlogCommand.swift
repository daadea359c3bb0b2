import ArgumentParser

/// The `touchlog` command: its subcommands are in Commands/, one file each.
public struct TouchlogCommand: AsyncParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "touchlog",
        abstract: "Triage recorded iOS touch sessions: ingest, replay through a model of UIKit, report leaks.",
        discussion: """
            touchlog stores touchlog/1 recordings (JSON Lines written by a recorder inside the app under test) \
            in SQLite, replays them through a model of UIKit's event handling, and reports where touches, the \
            first responder and the keyboard went wrong.

            The database is ./touchlog.sqlite unless --db PATH or the TOUCHLOG_DB environment variable says otherwise.
            """,
        version: version,
        subcommands: []
    )

    public init() {}
}
