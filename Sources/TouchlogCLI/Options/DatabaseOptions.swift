import ArgumentParser
import Foundation
import TouchlogReplay
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

    /// Opens the database for a command; failures exit with ``CLIExit/database``. The store plays every role; each
    /// command keeps the roles it uses (``SessionReading``, ``SessionIngesting``, ...).
    ///
    /// A command that only reads (`.reading`) opens read-only, so it works on a database it may not write (file
    /// mode 444, read-only media), and reports a missing file instead of silently creating an empty database. An
    /// older database it can write is upgraded first. `.writing` creates and migrates the database if needed, and
    /// waits for another process's write lock as long as `waiting` says.
    func open(for use: StoreUse, waiting: LockWaiting = LockWaiting()) throws -> any SessionStore {
        do {
            return try openStore(try StoreLocation(resolvedPath), for: use, waiting: waiting)
        } catch let error as StoreError {
            throw CLIError(error.description, exit: .database)
        }
    }

    /// Opens the database for `delete`, `prune` or `vacuum`: like ``open(for:waiting:)`` with `.changing`, waiting
    /// for another writer (saying so after a second) until `interruption` asks to stop.
    private func openForChange(interruption: Interruption) throws -> any SessionStore {
        try open(for: .changing, waiting: waitingForWriters(interruption.cancellation))
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

    /// Runs a command that changes the database (delete, prune, vacuum). A dry run only reads (so it works on a read-only database);
    /// otherwise the database is opened to change, other writers are awaited, and Ctrl-C or SIGTERM stops the
    /// command with nothing changed (`nothingChanged` says so). `body` gets the cancellation to honour, nil for a
    /// dry run. Returns its result and the database's path.
    func changing<Result>(
        _ command: String, dryRun: Bool, nothingChanged: String,
        _ body: (any SessionHousekeeping, Cancellation?) throws -> Result
    ) throws -> (result: Result, path: String) {
        if dryRun {
            let store = try open(for: .reading)
            return (try body(store, nil), store.path)
        }
        let interruption = Interruption.watch()
        let store = try openForChange(interruption: interruption)
        let result = try interruption.stopping(command, nothingChanged: nothingChanged) {
            try body(store, interruption.cancellation)
        }
        return (result, store.path)
    }
}

/// Exit statuses shared by the commands, documented in each command's --help.
public enum CLIExit: Int32, Sendable {
    case ok = 0
    /// The job was done and found a problem with the input: a file failed to ingest, a divergence under
    /// `--fail-on-divergence`, a finding at or above `--fail-on`. CI fails the build on it.
    case failure = 1
    /// The job could not be done: the database could not be opened or was written by a newer touchlog, the
    /// session asked for does not exist or cannot be replayed. Kept apart from 1 so CI can tell the two.
    case database = 2
}

/// An error the CLI reports as `touchlog: error: MESSAGE` and exits with.
public struct CLIError: Error, CustomStringConvertible {
    public var message: String
    public var exit: CLIExit

    public init(_ message: String, exit: CLIExit) {
        self.message = message
        self.exit = exit
    }

    public var description: String { message }
}

/// Standard error, for diagnostics and progress.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static var isTerminal: Bool { isatty(2) == 1 }
}

extension ParsableCommand {
    /// Runs `body`, printing a ``CLIError``, store or replay error on stderr and exiting with its status: a
    /// session that cannot be found or replayed is a data error (2) in every command.
    func reportingErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as CLIError {
            StandardError.write("touchlog: error: \(error.message)\n")
            throw ExitCode(error.exit.rawValue)
        } catch let error as StoreError {
            StandardError.write("touchlog: error: \(error.description)\n")
            throw ExitCode(CLIExit.database.rawValue)
        } catch let error as ReplayError {
            StandardError.write("touchlog: error: \(error.description)\n")
            throw ExitCode(CLIExit.database.rawValue)
        } catch let error as ExplainError {
            StandardError.write("touchlog: error: \(error.description)\n")
            throw ExitCode(CLIExit.database.rawValue)
        }
    }
}
