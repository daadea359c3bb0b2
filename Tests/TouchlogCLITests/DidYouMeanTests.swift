import Foundation
import Testing

@testable import TouchlogCLI

/// A mistyped subcommand, rule or policy gets the name that was probably meant: the binary's status and message
/// once, the rest parsed in this process as the binary parses them.
@Suite struct DidYouMeanTests {
    @Test func aMistypedSubcommandSuggestsTheClosest() throws {
        let result = try Touchlog.run(["sesions", "--db", "x.sqlite"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: Unknown subcommand 'sesions'. Did you mean 'sessions'? The subcommands are ingest, sessions, show, rejected, replay, explain, report, worker, delete, prune, vacuum.\n"
            ))
        #expect(Touchlog.call(["vacum"]).stderr.contains("Did you mean 'vacuum'?"))
        #expect(Touchlog.call(["del"]).stderr.contains("Did you mean 'delete'?"))
        let unrelated = Touchlog.call(["frobnicate"])
        #expect(unrelated.status == 64)
        #expect(!unrelated.stderr.contains("Did you mean"))
        #expect(unrelated.stderr.contains("Unknown subcommand 'frobnicate'."))
    }

    @Test func helpAboutAMistypedSubcommandSuggestsTheClosest() throws {
        // The parser alone prints the root's help and exits 0, as if the question had been answered. Through the
        // binary: main() catches it before the parser.
        let result = try Touchlog.run(["help", "sesions"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Unknown subcommand 'sesions'. Did you mean 'sessions'?"))
        #expect(result.stdout.isEmpty)
    }

    @Test func realSubcommandsOptionsAndHelpAreLeftToTheParser() {
        for arguments in [
            ["ingest"], ["help", "sessions"], ["help"], ["help", "-h"], ["--version"], ["---completion"], [],
            ["prune", "x"],
        ] {
            #expect(TouchlogCommand.unknownSubcommand(in: arguments) == nil, "\(arguments)")
        }
    }

    @Test func aMistypedRuleSuggestsTheClosest() throws {
        let result = Touchlog.call(["report", "--rule", "hiden_first_responder"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: unknown rule \"hiden_first_responder\"; did you mean \"hidden_first_responder\"? (known rules: "
            ))
        let dashes = Touchlog.call(["report", "--rule", "blocked-tap"])
        #expect(dashes.stderr.contains("did you mean \"blocked_tap\"?"))
    }

    @Test func aMistypedPolicySuggestsTheClosest() throws {
        let added = Touchlog.call(["replay", "--policy", "+tap-to-dimsiss", "x"])
        #expect(added.status == 64)
        #expect(
            added.stderr.hasPrefix(
                "Error: unknown policy \"tap-to-dimsiss\"; did you mean \"tap-to-dismiss\"? valid policies are "))
        let compared = Touchlog.call(["replay", "--compare-policy", "resign-on-hidden", "x"])
        #expect(compared.stderr.contains("did you mean \"resign-on-hide\"?"))
        let unrelated = Touchlog.call(["replay", "--policy", "-zzz", "x"])
        #expect(unrelated.status == 64 && !unrelated.stderr.contains("did you mean"))
    }
}
