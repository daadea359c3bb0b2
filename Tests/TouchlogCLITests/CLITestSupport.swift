import ArgumentParser
import Foundation
import Testing
import TouchlogPipeline
import TouchlogTestSupport

@testable import TouchlogCLI

/// Runs touchlog: in this process through a command's frontend (``call(_:interruption:)``), or as the built binary
/// (``run(_:stdin:cwd:environment:)``, built by `make test` before the tests run) for what crosses the process
/// boundary: exit codes of the real process, signals, standard input, the environment, the working folder.
enum Touchlog {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Beside the test bundle in the build products folder, else `.build/debug`.
    static let binary: URL = {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            products.appendingPathComponent("touchlog"),
            packageRoot.appendingPathComponent(".build/debug/touchlog"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }()

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Runs a command line in this process, as the binary would: parsed by ArgumentParser (a usage error ends as
    /// the binary ends it, status 64 and ArgumentParser's message on standard error), then the command's
    /// ``FrontendCommand/execute(_:)``, which opens what it needs and calls its frontend, with the output kept
    /// here and a failure reported through the library's ``CommandOutput/reportingFailures(_:)``, as `run()` does.
    /// `interruption` is what a signal would stop (it watches no signal). Not for an ingest into PostgreSQL: it
    /// blocks its thread on COPYs that run as Swift tasks, and a test's thread is one of the few those tasks run on.
    @discardableResult
    static func call(_ arguments: [String], interruption: Interruption = Interruption()) -> Result {
        let captured = CapturedOutput()
        do {
            if let problem = TouchlogCommand.unknownSubcommand(in: arguments) { throw ValidationError(problem) }
            let parsed = try TouchlogCommand.parseAsRoot(arguments)
            guard let command = parsed as? any FrontendCommand else {
                Issue.record("\(arguments) runs no frontend; test it through the binary")
                return Result(status: -1, stdout: "", stderr: "")
            }
            let status = try captured.output.reportingFailures {
                try command.execute(CommandContext(output: captured.output, interruption: { interruption }))
            }
            return Result(status: status.code, stdout: captured.standardOutput, stderr: captured.standardError)
        } catch {
            // What ArgumentParser's exit(withError:) prints, and where.
            let code = TouchlogCommand.exitCode(for: error).rawValue
            let message = TouchlogCommand.fullMessage(for: error)
            return code == 0
                ? Result(status: 0, stdout: message + "\n", stderr: "")
                : Result(status: code, stdout: captured.standardOutput, stderr: captured.standardError + message + "\n")
        }
    }

    static func process(_ arguments: [String], cwd: URL? = nil, environment: [String: String] = [:]) -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["TOUCHLOG_DB"] = nil
        // A COLUMNS the test's own shell exported would make text output wrap; a test that wants it sets it.
        env["COLUMNS"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let cwd { process.currentDirectoryURL = cwd }
        return process
    }

    @discardableResult
    static func run(_ arguments: [String], stdin: Data? = nil, cwd: URL? = nil, environment: [String: String] = [:])
        throws -> Result
    {
        let process = process(arguments, cwd: cwd, environment: environment)
        // Output goes to files, not pipes: a child blocked on a full pipe would never exit.
        let folder = TemporaryFolder()
        try Data().write(to: folder.url.appendingPathComponent("out"))
        try Data().write(to: folder.url.appendingPathComponent("err"))
        let out = try FileHandle(forWritingTo: folder.url.appendingPathComponent("out"))
        let err = try FileHandle(forWritingTo: folder.url.appendingPathComponent("err"))
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            stdout: try String(contentsOfFile: folder.path("out"), encoding: .utf8),
            stderr: try String(contentsOfFile: folder.path("err"), encoding: .utf8))
    }
}

/// A temporary folder removed at deinit.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("touchlog-cli-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Compares `actual` with `Golden/<name>` beside these tests (see ``Golden/expect(_:_:in:sourceLocation:)``).
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try Golden.expect(
        actual, name, in: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden"),
        sourceLocation: sourceLocation)
}
