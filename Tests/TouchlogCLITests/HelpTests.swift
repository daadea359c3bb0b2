import ArgumentParser
import Testing

@testable import TouchlogCLI

/// The --help of every command is pinned in Golden/help-<command>.txt (re-record with TOUCHLOG_RECORD=1).
@Suite struct HelpTests {
    @Test(arguments: ["touchlog", "ingest", "sessions", "show", "rejected", "delete", "prune", "vacuum", "worker"])
    func helpIsPinned(command: String) throws {
        let type: any ParsableCommand.Type =
            switch command {
            case "ingest": IngestCommand.self
            case "sessions": SessionsCommand.self
            case "show": ShowCommand.self
            case "rejected": RejectedCommand.self
            case "delete": DeleteCommand.self
            case "prune": PruneCommand.self
            case "vacuum": VacuumCommand.self
            case "worker": WorkerCommand.self
            default: TouchlogCommand.self
            }
        try expectGolden(TouchlogCommand.helpMessage(for: type, columns: 100), "help-\(command).txt")
    }

    /// Every command: the root and its subcommands, by name.
    static let commands: [String: any ParsableCommand.Type] = Dictionary(
        uniqueKeysWithValues: ([TouchlogCommand.self] + TouchlogCommand.configuration.subcommands).map {
            ($0.configuration.commandName ?? "touchlog", $0)
        })

    /// argument-parser re-flows every line of a discussion that does not fit, breaking it at a space, indented or
    /// not. So the indented lines (examples, `touchlog …` and `… | touchlog …`, and lists) must each fit 79
    /// columns, to come out whole on an 80-column terminal, where a split command could not be copied.
    @Test(arguments: commands.keys.sorted())
    func examplesAreWholeAt80Columns(command: String) throws {
        let type = try #require(Self.commands[command])
        let help = TouchlogCommand.helpMessage(for: type, columns: 80)
        let rendered = Set(help.split(separator: "\n").map(String.init))
        let indented = type.configuration.discussion.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(indented.contains { $0.drop { $0 == " " }.hasPrefix("touchlog ") }, "\(command) shows no example")
        for line in indented {
            #expect(rendered.contains(String(line)), "split at 80 columns: \(line)")
        }
    }

    /// A command quoted inside a sentence is broken wherever the sentence wraps: commands go on lines of their own.
    @Test(arguments: commands.keys.sorted())
    func proseQuotesNoCommand(command: String) throws {
        let type = try #require(Self.commands[command])
        for line in type.configuration.discussion.split(separator: "\n") where !line.hasPrefix("  ") {
            let quoted = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map(\.element)
            #expect(!quoted.contains { $0.contains(" ") }, "\(command): \(line)")
        }
    }

    @Test func helpFromTheBinaryExitsZero() throws {
        let result = try Touchlog.run(["ingest", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: touchlog ingest"))
    }

    @Test func completionScriptsComeFromTheParser() throws {
        let result = try Touchlog.run(["--generate-completion-script", "bash"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("ingest") && result.stdout.contains("--keep-going"))
    }

    @Test func versionIsPrinted() throws {
        let result = try Touchlog.run(["--version"])
        #expect(result.stdout == TouchlogCommand.version + "\n")
    }
}
