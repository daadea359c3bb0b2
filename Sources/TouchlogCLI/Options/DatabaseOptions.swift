import ArgumentParser
import Foundation
import TouchlogReplay
import TouchlogStore

/// `--db PATH`, shared by every command that uses the database.
public struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The database file (default: $TOUCHLOG_DB, else ./touchlog.sqlite).", valueName: "path"))
    public var path: String?

    public init() {}

    /// `--db`, else the `TOUCHLOG_DB` environment variable, else `./touchlog.sqlite`.
    public var resolvedPath: String {
        if let path { return path }
        if let fromEnvironment = ProcessInfo.processInfo.environment["TOUCHLOG_DB"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return "./touchlog.sqlite"
    }

    /// Opens and migrates the database; failures exit with ``CLIExit/database``. Commands that only read
    /// pass `create: false`, so a mistyped path is reported instead of silently creating an empty database.
    public func open(create: Bool = true) throws -> TouchlogDatabase {
        if !create, !FileManager.default.fileExists(atPath: resolvedPath) {
            throw CLIError(
                "there is no database at \"\(resolvedPath)\"; ingest a recording first (`touchlog ingest FILE`) or point --db or TOUCHLOG_DB at an existing database",
                exit: .database)
        }
        do {
            return try TouchlogDatabase(path: resolvedPath)
        } catch let error as StoreError {
            throw CLIError(error.description, exit: .database)
        } catch {
            throw CLIError("cannot open the database \"\(resolvedPath)\": \(error)", exit: .database)
        }
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
        }
    }
}
