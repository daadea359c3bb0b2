import TouchlogReplay
import TouchlogStore

/// Where a command's frontend writes: its results to standard output, diagnostics to standard error.
///
/// The CLI hands a frontend the process's two streams; the tests hand it two strings (``CapturedOutput``), the
/// benchmarks ``discarding``. A frontend never prints: what it says goes through here, so a test sees every byte
/// the command would have written, without a process.
///
/// ```swift
/// let captured = CapturedOutput()
/// let outcome = try SessionsRun(format: .csv).run(store: store, output: captured.output)
/// print(captured.standardOutput)
/// ```
public struct CommandOutput {
    /// Standard output: what the command was asked for.
    public var write: (String) -> Void
    /// Standard error: warnings, errors, notices.
    public var diagnose: (String) -> Void

    public init(write: @escaping (String) -> Void, diagnose: @escaping (String) -> Void) {
        self.write = write
        self.diagnose = diagnose
    }

    /// Writes nothing anywhere: the benchmarks time the work, not the terminal.
    public static var discarding: CommandOutput { CommandOutput(write: { _ in }, diagnose: { _ in }) }

    /// Runs a command's work; a failure it throws (``CommandFailure``, a ``StoreError``, a ``ReplayError``, an ``ExplainError``) is said
    /// on standard error as `touchlog: error: MESSAGE` and becomes its exit status: a session that cannot be found
    /// or replayed, or a database that cannot be opened, is a data error (2) in every command. Other errors are
    /// thrown on.
    public func reportingFailures(_ body: () throws -> ExitStatus) throws -> ExitStatus {
        do {
            return try body()
        } catch let failure as CommandFailure {
            diagnose("touchlog: error: \(failure.message)\n")
            return failure.exit
        } catch let error as StoreError {
            diagnose("touchlog: error: \(error.description)\n")
            return .database
        } catch let error as ReplayError {
            diagnose("touchlog: error: \(error.description)\n")
            return .database
        } catch let error as ExplainError {
            // A moment past the session's end, or a session with no snapshot to explain from.
            diagnose("touchlog: error: \(error.description)\n")
            return .database
        }
    }
}

/// A command's output kept in two strings, for tests (and anything else that wants the bytes).
public final class CapturedOutput {
    public private(set) var standardOutput = ""
    public private(set) var standardError = ""

    public init() {}

    public var output: CommandOutput {
        CommandOutput(write: { self.standardOutput += $0 }, diagnose: { self.standardError += $0 })
    }
}

/// The exit status a command ends with, documented in each command's --help.
public struct ExitStatus: Hashable, Sendable, CustomStringConvertible {
    public var code: Int32

    public init(code: Int32) { self.code = code }

    public static let ok = ExitStatus(code: 0)
    /// The job was done and found a problem with the input: a file failed to ingest, a divergence under
    /// `--fail-on-divergence`, a finding at or above `--fail-on`. CI fails the build on it.
    public static let failure = ExitStatus(code: 1)
    /// The job could not be done: the database could not be opened or was written by a newer touchlog, the
    /// session asked for does not exist or cannot be replayed. Kept apart from 1 so CI can tell the two.
    public static let database = ExitStatus(code: 2)

    /// Stopped by `signal` (Ctrl-C, SIGTERM): 128 + its number, as a shell reports a process the signal ended.
    public static func interrupted(by signal: Int32) -> ExitStatus { ExitStatus(code: 128 + signal) }

    public var description: String { String(code) }
}

/// A failure a command reports as `touchlog: error: MESSAGE` and exits with
/// (``CommandOutput/reportingFailures(_:)``).
public struct CommandFailure: Error, CustomStringConvertible {
    public var message: String
    public var exit: ExitStatus

    public init(_ message: String, exit: ExitStatus) {
        self.message = message
        self.exit = exit
    }

    public var description: String { message }
}
