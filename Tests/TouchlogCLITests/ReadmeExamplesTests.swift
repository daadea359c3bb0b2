import Foundation
import Testing

@testable import TouchlogCLI

/// Issue 27, item 20: every example in README.md is run, in README order, against the sample logs, so the README
/// cannot drift from what touchlog does.
///
/// - A ```` ```sh ```` block is a list of commands: each line that starts with `touchlog` runs (in bash, so pipes and
///   redirections work) and must exit 0, or 1 where its comment says "exit 1". Other lines are the `make` targets
///   listed in ``ReadmeExamples/notRun``.
/// - A ```` ```console ```` block is commands (`$ touchlog …`), each followed by its output (standard output and
///   error together): the lines shown must be the output's, in order; a line `…` alone stands for any lines, and `…`
///   inside a line for any text there.
/// - A ```` ```yaml ```` block is a `.touchlog.yml`, which `touchlog report --print-config` must accept.
///
/// No other code block is allowed, so no output is shown that is not checked.
@Suite struct ReadmeExamplesTests {
    static let readme = Touchlog.packageRoot.appendingPathComponent("README.md")

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
    func everyExampleRunsAsShown() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let parsed = try ReadmeExamples(text)
        #expect(!parsed.examples.isEmpty)
        let stage = try ReadmeStage()
        for example in parsed.examples {
            let location = SourceLocation(
                fileID: "touchlog/README.md", filePath: Self.readme.path, line: example.line, column: 1)
            switch example.kind {
            case .command(let command, let allowed):
                let result = try stage.run(command)
                #expect(
                    allowed.contains(result.status),
                    """
                    README.md:\(example.line): `\(command)` exited \(result.status):
                    \(result.output)
                    Fix the example in README.md (run it in a folder holding sample-logs/, after the examples above \
                    it), or the command.
                    """, sourceLocation: location)
            case .output(let command, let shown):
                let result = try stage.run(command)
                let actual = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                #expect(
                    result.status == 0
                        && ElidedOutput.matches(shown, actual: actual.last == "" ? actual.dropLast() : actual[...]),
                    """
                    README.md:\(example.line): the output of `\(command)` (exit \(result.status)) no longer matches \
                    what README.md shows. To re-sync, run it in a folder holding sample-logs/ (after the examples \
                    above it) and paste the lines worth showing under `$ \(command)`, with a line `…` for lines left \
                    out and `…` inside a line for text left out. It printed:
                    \(result.output)
                    """, sourceLocation: location)
            case .configuration(let yaml):
                let result = try stage.checkConfiguration(yaml)
                #expect(
                    result.status == 0,
                    "README.md:\(example.line): the .touchlog.yml example is refused:\n\(result.output)",
                    sourceLocation: location)
            }
        }
    }

    @Test func theReadmeHasOnlyCheckedBlocks() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let parsed = try ReadmeExamples(text)
        #expect(parsed.unchecked.isEmpty, "code blocks the test does not run: \(parsed.unchecked)")
        #expect(parsed.skipped.sorted() == ReadmeExamples.notRun.sorted())
        #expect(parsed.examples.contains { if case .output = $0.kind { true } else { false } })
        #expect(parsed.examples.contains { if case .configuration = $0.kind { true } else { false } })
    }

    /// The matcher fails on drift: a changed line, a line gone, an extra line where no `…` allows one.
    @Test func elisionsAllowOnlyWhatTheyMark() {
        let actual = ["ingest: 1 session stored", "line two", "line three", "end"][...]
        #expect(ElidedOutput.matches(["ingest: … stored", "…", "end"], actual: actual))
        #expect(ElidedOutput.matches(["…", "line three", "…"], actual: actual))
        #expect(ElidedOutput.matches(["ingest: 1 session stored", "line two", "line three", "end"], actual: actual))
        #expect(!ElidedOutput.matches(["ingest: 1 session stored", "line three", "end"], actual: actual))
        #expect(!ElidedOutput.matches(["ingest: 2 … stored", "…"], actual: actual))
        #expect(!ElidedOutput.matches(["…", "line two"], actual: actual))
        #expect(!ElidedOutput.matches(["…", "line four", "…"], actual: actual))
    }
}

/// The examples of a README, in order.
struct ReadmeExamples {
    /// Lines of ```` ```sh ```` blocks that are not touchlog commands, and are not run: they build and test the
    /// package (the test suite runs under one of them).
    static let notRun = ["make demo", "make test"]

    struct Example {
        enum Kind {
            /// A command, and the exit statuses it may end with.
            case command(String, allowed: Set<Int32>)
            /// A command and the lines it prints (with `…` elisions).
            case output(String, shown: [String])
            case configuration(String)
        }
        var kind: Kind
        /// README.md's line of the command, or of the block.
        var line: Int
    }

    var examples: [Example] = []
    /// Lines of `sh` blocks that are not run.
    var skipped: [String] = []
    /// Blocks of another kind, as `line: info`.
    var unchecked: [String] = []

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    init(_ text: String) throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix("```") else { continue }
            let info = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let start = index
            var body: [(number: Int, text: String)] = []
            while index < lines.count, !lines[index].hasPrefix("```") {
                body.append((index + 1, lines[index]))
                index += 1
            }
            index += 1  // the closing fence
            switch info {
            case "sh": commands(body)
            case "console": try outputs(body)
            case "yaml":
                examples.append(
                    Example(kind: .configuration(body.map(\.text).joined(separator: "\n") + "\n"), line: start))
            default: unchecked.append("\(start): \(info.isEmpty ? "(no language)" : info)")
            }
        }
    }

    private mutating func commands(_ body: [(number: Int, text: String)]) {
        for (number, text) in body {
            let command = Self.withoutComment(text)
            if command.isEmpty { continue }
            guard command.hasPrefix("touchlog ") else {
                skipped.append(command)
                continue
            }
            let allowed: Set<Int32> = text.contains("exit 1") ? [0, 1] : [0]
            examples.append(Example(kind: .command(command, allowed: allowed), line: number))
        }
    }

    private mutating func outputs(_ body: [(number: Int, text: String)]) throws {
        var current: (command: String, line: Int, shown: [String])?
        for (number, text) in body {
            if text.hasPrefix("$ ") {
                if let current {
                    examples.append(Example(kind: .output(current.command, shown: current.shown), line: current.line))
                }
                current = (String(text.dropFirst(2)), number, [])
            } else if current != nil {
                current?.shown.append(text)
            } else {
                throw Malformed(description: "README.md:\(number): a console block starts with `$ command`")
            }
        }
        if let current {
            examples.append(Example(kind: .output(current.command, shown: current.shown), line: current.line))
        }
    }

    /// The line without a trailing `# comment` (a `#` after a space, then a space).
    static func withoutComment(_ line: String) -> String {
        let trimmed: Substring
        if let comment = line.firstMatch(of: /\s+#\s/) {
            trimmed = line[..<comment.range.lowerBound]
        } else {
            trimmed = line[...]
        }
        return trimmed.trimmingCharacters(in: .whitespaces)
    }
}

/// Output shown with elisions: a line `…` stands for any number of lines, `…` inside a line for any text.
enum ElidedOutput {
    static func matches(_ shown: [String], actual: ArraySlice<String>) -> Bool {
        guard let first = shown.first else { return actual.isEmpty }
        let rest = Array(shown.dropFirst())
        if first == "…" {
            // Any number of lines, then the rest.
            return actual.indices.contains { matches(rest, actual: actual[$0...]) } || matches(rest, actual: [])
        }
        guard let line = actual.first, lineMatches(first, line) else { return false }
        return matches(rest, actual: actual.dropFirst())
    }

    private static func lineMatches(_ shown: String, _ line: String) -> Bool {
        let parts = shown.components(separatedBy: "…")
        guard parts.count > 1 else { return shown == line }
        // The parts in order, the first at the start and the last at the end.
        var rest = Substring(line)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(parts[parts.count - 1])
    }
}

/// A folder to run the README's examples in: the sample logs beside it (as in a clone), touchlog on the PATH, the
/// database its default `./touchlog.sqlite`, and the few files the examples name that sample-logs/ does not have.
final class ReadmeStage {
    let folder = TemporaryFolder()

    struct Result {
        var status: Int32
        var output: String
    }

    init() throws {
        let manager = FileManager.default
        let samples = Touchlog.packageRoot.appendingPathComponent("sample-logs")
        try manager.createSymbolicLink(
            at: folder.url.appendingPathComponent("sample-logs"), withDestinationURL: samples)
        // A recording with bad lines, for --keep-going.
        try manager.copyItem(
            at: Touchlog.fixtures.appendingPathComponent("two-errors.jsonl"),
            to: folder.url.appendingPathComponent("crash.jsonl"))
        // Compressed recordings, for a glob of .gz files.
        try manager.createDirectory(at: folder.url.appendingPathComponent("nightly"), withIntermediateDirectories: true)
        _ = try run("gzip -c sample-logs/01-login-background-tap.jsonl > nightly/01.jsonl.gz")
        // Recordings whose labels a team redacts.
        try manager.createDirectory(at: folder.url.appendingPathComponent("tickets"), withIntermediateDirectories: true)
        try manager.copyItem(
            at: Touchlog.fixtures.appendingPathComponent("login-form.jsonl"),
            to: folder.url.appendingPathComponent("tickets/login-form.jsonl"))
    }

    /// Runs `command` in bash in the folder, standard output and error together.
    func run(_ command: String) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command + " 2>&1"]
        process.currentDirectoryURL = folder.url
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Touchlog.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        for name in ["TOUCHLOG_DB", "NO_COLOR", "PGHOST", "PGPORT", "PGUSER", "PGDATABASE"] { environment[name] = nil }
        // Text fitted to a wide terminal: the README's lines are shown unbroken.
        environment["COLUMNS"] = "200"
        process.environment = environment
        let output = folder.url.appendingPathComponent(".output")
        try Data().write(to: output)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return Result(status: process.terminationStatus, output: try String(contentsOf: output, encoding: .utf8))
    }

    /// `touchlog report --print-config` on `yaml` as a configuration file, away from the examples' folder.
    func checkConfiguration(_ yaml: String) throws -> Result {
        let file = folder.url.appendingPathComponent("config-example/.touchlog.yml")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(yaml.utf8).write(to: file)
        return try run("touchlog report --print-config --config config-example/.touchlog.yml")
    }
}
