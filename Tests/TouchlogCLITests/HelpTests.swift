import ArgumentParser
import Testing

@testable import TouchlogCLI

/// The --help of every command is pinned in Golden/help-<command>.txt (re-record with TOUCHLOG_RECORD=1).
@Suite struct HelpTests {
    @Test(arguments: ["touchlog", "ingest", "sessions", "show", "delete", "prune", "vacuum"])
    func helpIsPinned(command: String) throws {
        let type: any ParsableCommand.Type =
            switch command {
            case "ingest": IngestCommand.self
            case "sessions": SessionsCommand.self
            case "show": ShowCommand.self
            case "delete": DeleteCommand.self
            case "prune": PruneCommand.self
            case "vacuum": VacuumCommand.self
            default: TouchlogCommand.self
            }
        try expectGolden(TouchlogCommand.helpMessage(for: type, columns: 100), "help-\(command).txt")
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
