import Foundation
import Testing
import TouchlogStore

@testable import TouchlogCLI

/// Shell completion: files where a command reads files, and session ids, rule ids and policy names asked of the
/// binary at the moment of completing.
@Suite struct CompletionTests {
    @Test func theBashScriptAsksTheBinaryForIdsRulesAndPolicies() throws {
        let result = try Touchlog.run(["--generate-completion-script", "bash"])
        #expect(result.status == 0)
        let script = result.stdout
        for call in [
            "---completion show -- positional@0", "---completion replay -- positional@0",
            "---completion explain -- positional@0", "---completion delete -- positional@0",
            "---completion report -- --session", "---completion report -- --rule",
            "---completion replay -- --policy", "---completion replay -- --compare-policy",
        ] {
            #expect(script.contains("__touchlog_custom_complete \(call) "), "\(call)")
        }
        // Recordings and dumps for ingest; any file for --db and the baselines.
        #expect(script.contains("-fX '!*.@(jsonl|gz|json|txt)'"))
        #expect(script.components(separatedBy: "__touchlog_add_completions -f\n").count > 3)
        for shell in ["zsh", "fish"] {
            let other = try Touchlog.run(["--generate-completion-script", shell])
            #expect(other.status == 0 && other.stdout.contains("---completion delete -- positional@0"))
        }
    }

    /// What the shell runs: the binary answers with the stored ids that start with the word, in any case.
    @Test func theBinaryCompletesSessionIdsFromTheDatabase() throws {
        let store = try FourSessions()
        let words = ["touchlog", "show", "--db", "t.sqlite", "7a"]
        let result = try Touchlog.run(
            ["---completion", "show", "--", "positional@0", "4", "2"] + words, cwd: store.folder.url)
        #expect(result.status == 0)
        #expect(result.stdout == "7a20-old\n7a21-undated\n")
        // TOUCHLOG_DB when there is no --db.
        let fromEnvironment = try Touchlog.run(
            ["---completion", "delete", "--", "positional@0", "2", "2", "touchlog", "delete", "0B"],
            environment: ["TOUCHLOG_DB": store.db])
        #expect(fromEnvironment.stdout == "0B6D-ipad\n")
    }

    /// The generated bash script, run by bash: `touchlog show 0b<TAB>` and `touchlog report --rule hid<TAB>`.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
    func bashCompletesThroughTheScript() throws {
        let store = try FourSessions()
        let completions = try bashCompletions(
            [
                "touchlog show --db t.sqlite 0b", "touchlog report --rule hid",
                "touchlog replay --compare-policy resign-on-h",
            ], in: store)
        #expect(completions == [["0b6D-ipad"], ["hidden_first_responder"], ["resign-on-hide"]])
    }

    /// Issue 27, item 19: `--generate-completion-script <TAB>` offered subcommands, `help <TAB>` nothing, and
    /// `replay --all <TAB>` session ids (which `--all` refuses).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
    func bashCompletesShellsAfterTheScriptOptionSubcommandsAfterHelpAndNoIdsAfterAll() throws {
        let store = try FourSessions()
        let subcommands = TouchlogCommand.configuration.subcommands.map { $0._commandName }
        let completions = try bashCompletions(
            [
                "touchlog --generate-completion-script ", "touchlog --generate-completion-script z",
                "touchlog help ", "touchlog help re", "touchlog replay --db t.sqlite --all ",
                "touchlog replay --db t.sqlite ",
            ], in: store)
        #expect(completions.count == 6)
        #expect(completions.first.map(Set.init) == ["bash", "zsh", "fish"])
        #expect(completions.dropFirst(1).first == ["zsh"])
        #expect(completions.dropFirst(2).first == subcommands)
        #expect(completions.dropFirst(3).first == subcommands.filter { $0.hasPrefix("re") })
        #expect(completions.dropFirst(3).first?.contains("replay") == true)
        #expect(completions.dropFirst(4).first?.contains { $0.contains("0B6D") || $0.contains("7A20") } == false)
        // Without --all, the ids are there.
        #expect(completions.dropFirst(5).first?.contains("0B6D-ipad") == true)
    }

    /// What bash offers at the end of each line (a line ending in a space completes a new, empty word), run through
    /// the generated script with this build's binary on the PATH, in the store's folder.
    func bashCompletions(_ lines: [String], in store: FourSessions) throws -> [[String]] {
        let script = try Touchlog.run(["--generate-completion-script", "bash"]).stdout
        try Data(script.utf8).write(to: store.folder.url.appendingPathComponent("touchlog.bash"))
        let calls = lines.map { "complete_line '\($0)'" }.joined(separator: "\n")
        let check = """
            source touchlog.bash
            complete_line() {
                COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}; read -ra COMP_WORDS <<< "$COMP_LINE"
                [[ "$COMP_LINE" == *' ' ]] && COMP_WORDS+=('')
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
                _touchlog touchlog "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                echo '--'
            }
            \(calls)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", check]
        process.currentDirectoryURL = store.folder.url
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Touchlog.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        environment["TOUCHLOG_DB"] = nil
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return output.components(separatedBy: "--\n").dropLast().map { block in
            block.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }
    }

    @Test func sessionIdsComeFromTheDatabaseTheWordsName() throws {
        let store = try FourSessions()
        let none: [String: String] = [:]
        #expect(
            Completion.sessionIDs(words: ["touchlog", "show", "--db", store.db, ""], prefix: "", environment: none) == [
                "0B6D-ipad", "5C1E2F0A-login", "7A20-old", "7a21-undated",
            ])
        #expect(
            Completion.sessionIDs(words: ["touchlog", "show", "--db=" + store.db], prefix: "5c", environment: none) == [
                "5c1E2F0A-login"
            ])
        #expect(
            Completion.sessionIDs(words: ["touchlog", "show"], prefix: "0", environment: ["TOUCHLOG_DB": store.db]) == [
                "0B6D-ipad"
            ])
    }

    /// Completion never prints an error into the line being typed, nor creates a database.
    @Test func anyFailureCompletesNothing() throws {
        let folder = TemporaryFolder()
        let missing = folder.path("missing.sqlite")
        #expect(
            Completion.sessionIDs(words: ["touchlog", "show", "--db", missing], prefix: "", environment: [:]) == [])
        #expect(!FileManager.default.fileExists(atPath: missing))
        let text = folder.path("notes.txt")
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: text))
        #expect(Completion.sessionIDs(words: ["touchlog", "show", "--db", text], prefix: "", environment: [:]) == [])
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "not a database")
    }

    @Test func theDatabaseWordIsReadAsShellsSplitIt() {
        #expect(Completion.databaseWord(in: ["touchlog", "show", "--db", "a.sqlite", "x"]) == "a.sqlite")
        #expect(Completion.databaseWord(in: ["touchlog", "show", "--db=b.sqlite"]) == "b.sqlite")
        // bash breaks words at "=".
        #expect(Completion.databaseWord(in: ["touchlog", "show", "--db", "=", "c.sqlite", ""]) == "c.sqlite")
        #expect(Completion.databaseWord(in: ["touchlog", "--db", "a", "show", "--db", "d.sqlite"]) == "d.sqlite")
        #expect(Completion.databaseWord(in: ["touchlog", "show", "--db"]) == nil)
        #expect(
            Completion.databaseWord(in: ["touchlog", "show", "--db", "~/t.sqlite"]) == NSHomeDirectory() + "/t.sqlite")
    }

    @Test func rulesAndPoliciesComeFromTheRegistryAndTheCore() {
        #expect(Completion.ruleIDs(prefix: "hid") == ["hidden_first_responder"])
        #expect(Completion.ruleIDs(prefix: "").contains("unreachable_control"))
        #expect(Completion.policyNames(prefix: "RESIGN") == ["resign-on-touch-outside", "resign-on-hide"])
        #expect(Completion.policyChanges(prefix: "-tap") == ["-tap-to-dismiss"])
        #expect(Completion.policyChanges(prefix: "+k") == ["+keyboard-dismiss-mode"])
        #expect(Completion.policyChanges(prefix: "tap") == ["tap-to-dismiss"])
        #expect(Completion.policyChanges(prefix: "").count == 2 * Completion.policyNames(prefix: "").count)
    }
}
