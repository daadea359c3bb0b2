import ArgumentParser
import Foundation
import TouchlogReplay
import TouchlogStore

/// `--db PATH`, shared by every command that uses the database.
public struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The database file (default: $TOUCHLOG_DB, else ./touchlog.sqlite).", valueName: "path"),
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

    /// Opens the database for a command; failures exit with ``CLIExit/database``.
    ///
    /// A command that only reads (`.reading`) opens read-only, so it works on a database it may not write (file
    /// mode 444, read-only media), and reports a missing file instead of silently creating an empty database. An
    /// older database it can write is upgraded first. `.writing` creates and migrates the database if needed, and
    /// waits for another process's write lock as long as `waiting` says.
    func open(for use: DatabaseUse, waiting: LockWaiting = LockWaiting()) throws -> TouchlogDatabase {
        let path = resolvedPath
        do {
            switch use {
            case .writing:
                return try TouchlogDatabase(path: path, access: .readWrite, waiting: waiting)
            case .changing:
                try requireExisting(path)
                return try TouchlogDatabase(path: path, access: .readWrite, waiting: waiting)
            case .reading:
                try requireExisting(path)
                do {
                    return try TouchlogDatabase(path: path, access: .readOnly, waiting: waiting)
                } catch StoreError.needsUpgrade where FileManager.default.isWritableFile(atPath: path) {
                    // Written by an older touchlog: upgrade it once, then read as usual.
                    _ = try TouchlogDatabase(path: path, access: .readWrite, waiting: waiting)
                    return try TouchlogDatabase(path: path, access: .readOnly, waiting: waiting)
                }
            }
        } catch let error as StoreError {
            throw CLIError(error.description, exit: .database)
        }
    }

    /// Opens the database for `delete`, `prune` or `vacuum`: like ``open(for:waiting:)`` with `.changing`, waiting
    /// for another writer (saying so after a second) until `interruption` asks to stop.
    func openForChange(interruption: Interruption) throws -> TouchlogDatabase {
        let path = resolvedPath
        let cancellation = interruption.cancellation
        return try open(
            for: .changing,
            waiting: LockWaiting(
                notice: {
                    StandardError.write(
                        "touchlog: waiting for another process writing to \"\(path)\" to finish (Ctrl-C stops)\n")
                },
                shouldStop: { cancellation.isCancelled }))
    }

    /// A missing file is reported, not silently created empty: reading it, or removing from it, means a typo.
    private func requireExisting(_ path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError(
                "there is no database at \"\(path)\"; ingest a recording first (`touchlog ingest FILE`) or point --db or TOUCHLOG_DB at an existing database",
                exit: .database)
        }
    }
}

/// What a command does with the database.
enum DatabaseUse {
    /// `sessions`, `show`, `explain`, `replay`, `report`, and dry runs: they never write.
    case reading
    /// `ingest`: creates the database when there is none.
    case writing
    /// `delete`, `prune`, `vacuum`: write to a database that must exist already.
    case changing
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
        }
    }
}
