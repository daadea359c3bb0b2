import ArgumentParser
import Foundation
import TouchlogFormat
import TouchlogPipeline
import TouchlogReplay
import TouchlogReport
import TouchlogStore

/// `--db PATH|URL`, shared by every command that uses the database: a path is an SQLite file, a `postgres://` URL a
/// PostgreSQL database (``StoreLocation``).
public struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The database: an SQLite file, or a shared PostgreSQL as postgres://user@host:port/dbname (PGHOST, "
                + "PGPORT, PGUSER, PGDATABASE and PGPASSWORD fill in what the URL leaves out; "
                + "?sslmode=verify-full&sslrootcert=FILE checks the server's certificate; docs/scaling.md). "
                + "Default: $TOUCHLOG_DB, else ./touchlog.sqlite.", valueName: "path|url"),
        completion: .file())
    public var path: String?

    public init() {}

    /// `--db`, else the `TOUCHLOG_DB` environment variable, else `./touchlog.sqlite`.
    public var resolvedPath: String { Self.resolve(path, environment: ProcessInfo.processInfo.environment) }

    /// The one rule for which file is the database, shared with shell completion (which sees `--db` only as words).
    static func resolve(_ path: String?, environment: [String: String]) -> String {
        if let path { return path }
        if let fromEnvironment = environment["TOUCHLOG_DB"], !fromEnvironment.isEmpty { return fromEnvironment }
        return "./touchlog.sqlite"
    }

    /// Opens the database for a command; a failure is a ``StoreError``, which every command reports with exit
    /// status 2 (``CommandOutput/reportingFailures(_:)``). The store plays every role; each command keeps the
    /// roles it uses (``SessionReading``, ``SessionIngesting``, ...).
    ///
    /// A command that only reads (`.reading`) opens read-only, so it works on a database it may not write (file
    /// mode 444, read-only media), and reports a missing file instead of silently creating an empty database. An
    /// older database it can write is upgraded first. `.writing` creates and migrates the database if needed, and
    /// waits for another process's write lock as long as `waiting` says.
    func open(for use: StoreUse, waiting: LockWaiting = LockWaiting()) throws -> any SessionStore {
        try openStore(try StoreLocation(resolvedPath), for: use, waiting: waiting)
    }

    /// How a command that writes waits for another writer: as long as it takes, saying so after a second (unless
    /// `quiet`), until `cancellation` (Ctrl-C, SIGTERM) stops it.
    func waitingForWriters(_ cancellation: Cancellation, quiet: Bool = false) -> LockWaiting {
        let path = resolvedPath
        return LockWaiting(
            notice: {
                if !quiet {
                    StandardError.write(
                        "touchlog: waiting for another process writing to \"\(path)\" to finish (Ctrl-C stops)\n")
                }
            },
            shouldStop: { cancellation.isCancelled })
    }

    /// Opens the database for `delete`, `prune` or `vacuum`. A dry run only reads (so it works on a read-only
    /// database), and nothing stops it; otherwise the database is opened to change, other writers are awaited
    /// (said after a second), and the interruption `context` makes stops the change with nothing changed.
    func openForChange(dryRun: Bool, _ context: CommandContext) throws -> (
        store: any SessionHousekeeping, interruption: Interruption?
    ) {
        if dryRun { return (try open(for: .reading), nil) }
        let interruption = context.interruption()
        return (try open(for: .changing, waiting: waitingForWriters(interruption.cancellation)), interruption)
    }
}

/// Standard error, for diagnostics and progress.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static var isTerminal: Bool { isatty(2) == 1 }
}

/// What a command's ``FrontendCommand/execute(_:)`` is given: where to write, and how a signal stops it.
struct CommandContext {
    var output: CommandOutput
    /// Takes Ctrl-C and SIGTERM over for the command (``Interruption/watch()``); asked only by the commands that
    /// honour them, so that Ctrl-C ends any other at once. A test gives an ``Interruption`` that watches nothing.
    var interruption: () -> Interruption
    /// Colour and width for a terminal on standard output (the text report's): none in a pipe, a file or a test.
    var terminal = FormatOptions()
}

/// A command whose work is a library frontend (`SessionsRun`, `IngestRun`, ...): ``execute(_:)`` reads the parsed
/// options, opens what the frontend needs and calls it; `run()` gives it the process's streams and signals, and the
/// tests give it strings and an interruption of their own.
protocol FrontendCommand: ParsableCommand {
    func execute(_ context: CommandContext) throws -> ExitStatus
}

extension FrontendCommand {
    /// The command's `run()`: ``execute(_:)`` on standard output and error, a failure said as
    /// `touchlog: error: MESSAGE`, and the process's exit status the one the frontend returned.
    func runOnStandardStreams() throws {
        let streams = StandardStreams()
        let status = try streams.output.reportingFailures {
            try execute(
                CommandContext(
                    output: streams.output, interruption: Interruption.watch,
                    terminal: FormatOptions(color: ReportCommand.useColor, width: TerminalWidth.standardOutput)))
        }
        streams.flush()
        if status != .ok { throw ExitCode(status.code) }
    }
}

/// Standard output and error as a ``CommandOutput``. Output is buffered (a trace can be millions of lines) and
/// written before anything goes to standard error, so a terminal shows the two in the order they were said.
final class StandardStreams {
    private var buffer = ""

    var output: CommandOutput {
        CommandOutput(
            write: { [self] text in
                buffer += text
                if buffer.utf8.count >= 1 << 16 { flush() }
            },
            diagnose: { [self] text in
                flush()
                StandardError.write(text)
            })
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer.utf8))
        buffer = ""
    }

    deinit { flush() }
}

extension ParsableCommand {
    /// Runs `body`, printing a ``CommandFailure``, store or replay error on stderr and exiting with its status (for
    /// the commands that print through `print`: report, worker).
    func reportingErrors(_ body: () throws -> Void) throws {
        let streams = StandardStreams()
        let status = try streams.output.reportingFailures {
            try body()
            return .ok
        }
        if status != .ok { throw ExitCode(status.code) }
    }
}

extension OutputFormat: ExpressibleByArgument {}
extension SessionListFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
}
