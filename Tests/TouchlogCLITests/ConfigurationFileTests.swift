import Foundation
import Testing

@testable import TouchlogCLI
@testable import TouchlogReport

/// `.touchlog.yml` read in the process: every key into the typed configuration, where each value came from, each
/// kind of bad file at its exact line and column, and `--print-config`'s YAML reading back as the same
/// configuration.
@Suite struct ConfigurationFileTests {
    static let path = "/team/app/.touchlog.yml"

    /// Every key the file has, one line each where it matters (the line numbers are asserted below).
    static let everyKey = """
        # The team's settings.
        disabled_rules:
          - hit_test_divergence
          - unreachable_control
        hidden_first_responder:
          severity: error
          minimum_hidden_time: 0.5
          alpha_threshold: 0.05
        keyboard_without_first_responder:
          tolerance: 1
        first_responder_without_keyboard: {tolerance: 0.25, severity: info}
        keyboard_occludes_input:
          covered_fraction: 0.75
        blocked_tap: warning
        excluded:
          app_versions: ["5.1.*", 5.10]
          devices: ["iPhone8,*"]
          sessions: [E7A21C94*]
        baseline: ci/known.json

        """

    func parse(_ text: String, path: String = path, currentFolder: String = "/elsewhere") throws
        -> LoadedConfiguration
    {
        try ConfigurationFile.parse(text, path: path, currentFolder: currentFolder)
    }

    @Test func everyKeyIsReadIntoTypedValues() throws {
        let configuration = try parse(Self.everyKey).configuration
        #expect(configuration.selection == .allExcept([HitTestDivergenceRule.id, UnreachableControlRule.id]))
        #expect(!configuration.isEnabled(HitTestDivergenceRule.self) && configuration.isEnabled(BlockedTapRule.self))
        #expect(configuration.settings(for: HiddenFirstResponderRule.self).severity == .error)
        let hidden = configuration.parameters(for: HiddenFirstResponderRule.self)
        #expect(hidden.minimumHiddenTime == Seconds(0.5) && hidden.alphaThreshold == Alpha(0.05))
        #expect(configuration.parameters(for: KeyboardWithoutFirstResponderRule.self).tolerance == Seconds(1))
        #expect(configuration.parameters(for: FirstResponderWithoutKeyboardRule.self).tolerance == Seconds(0.25))
        #expect(configuration.settings(for: FirstResponderWithoutKeyboardRule.self).severity == .info)
        #expect(configuration.parameters(for: KeyboardOccludesInputRule.self).coveredFraction == Fraction(0.75))
        // The shorthand `rule: severity`.
        #expect(configuration.settings(for: BlockedTapRule.self).severity == .warning)
        #expect(configuration.settings(for: SwallowedTapRule.self).severity == nil)
        // 5.10 stays the text it is, not the number 5.1.
        #expect(configuration.excluded.appVersions.map(\.description) == ["5.1.*", "5.10"])
        #expect(configuration.excluded.devices.map(\.description) == ["iPhone8,*"])
        #expect(configuration.excluded.sessions.map(\.match) == [.prefix("E7A21C94")])
        // Relative to the file's folder, not the current one.
        #expect(configuration.baseline == "/team/app/ci/known.json")
    }

    @Test func eachValueSaysWhichLineSetIt() throws {
        let provenance = try parse(Self.everyKey).provenance
        func line(_ number: Int) -> ConfigurationProvenance.Source { .file(path: Self.path, line: number) }
        #expect(provenance.file == Self.path)
        #expect(provenance[.ruleSelection] == line(2))
        #expect(provenance[.severity(HiddenFirstResponderRule.id)] == line(6))
        #expect(provenance[.parameter(HiddenFirstResponderRule.id, "minimum_hidden_time")] == line(7))
        #expect(provenance[.parameter(FirstResponderWithoutKeyboardRule.id, "tolerance")] == line(11))
        #expect(provenance[.severity(BlockedTapRule.id)] == line(14))
        #expect(provenance[.excludedAppVersions] == line(16))
        #expect(provenance[.excludedSessions] == line(18))
        #expect(provenance[.baseline] == line(19))
        #expect(provenance[.severity(SwallowedTapRule.id)] == .defaultValue)
        #expect(provenance[.parameter(KeyboardOccludesInputRule.id, "covered_fraction")] == line(13))
    }

    @Test func onlyRulesRunsTheRulesItLists() throws {
        let configuration = try parse("only_rules: [blocked_tap, swallowed_tap]\n").configuration
        #expect(configuration.selection == .only([BlockedTapRule.id, SwallowedTapRule.id]))
        #expect(
            configuration.configured(RuleRegistry.all).map { $0.type.id } == [BlockedTapRule.id, SwallowedTapRule.id])
    }

    @Test(arguments: ["", "# nothing set yet\n", "---\n", "hidden_first_responder:\n"])
    func anEmptyFileIsTheDefaults(text: String) throws {
        #expect(try parse(text).configuration == ReportConfiguration())
    }

    @Test func aBaselineIsRelativeToTheFilesFolder() throws {
        let relative = try parse("baseline: ../known.json\n", path: "ci/.touchlog.yml", currentFolder: "/work/app")
        #expect(relative.configuration.baseline == "/work/app/known.json")
        let absolute = try parse("baseline: /srv/known.json\n")
        #expect(absolute.configuration.baseline == "/srv/known.json")
    }

    /// A file that must be refused, where, and with which message.
    struct BadFile: CustomTestStringConvertible, Sendable {
        var what: String
        var text: String
        var line: Int
        var column: Int
        var message: String

        var testDescription: String { what }

        static let all = [
            BadFile(
                what: "an unknown key, with the close one", text: "disabled_rules: []\nexclude:\n  devices: []\n",
                line: 2, column: 1, message: #"unknown key "exclude"; did you mean "excluded"?"#),
            BadFile(
                what: "an unknown rule in a list", text: "disabled_rules:\n  - hit_test_divergence\n  - blocked_tapp\n",
                line: 3, column: 5, message: #"unknown rule "blocked_tapp"; did you mean "blocked_tap"?"#),
            BadFile(
                what: "an unknown setting of a rule", text: "hidden_first_responder:\n  minimum_hiden_time: 1\n",
                line: 2, column: 3,
                message:
                    #"hidden_first_responder has no setting "minimum_hiden_time"; did you mean "minimum_hidden_time"?"#
            ),
            BadFile(
                what: "a setting another rule has", text: "blocked_tap:\n  tolerance: 1\n", line: 2, column: 3,
                message: #"blocked_tap has no setting "tolerance""#),
            BadFile(
                what: "a bad severity", text: "blocked_tap:\n  severity: critical\n", line: 2, column: 13,
                message: #""critical" is not a severity"#),
            BadFile(
                what: "a shortened severity", text: "blocked_tap: warn\n", line: 1, column: 14,
                message: #""warn" is not a severity; did you mean "warning"?"#),
            BadFile(
                what: "a negative threshold", text: "keyboard_without_first_responder:\n  tolerance: -0.5\n",
                line: 2, column: 14,
                message: "keyboard_without_first_responder.tolerance: a duration cannot be negative (-0.5 seconds)"),
            BadFile(
                what: "an alpha above 1", text: "hidden_first_responder: {alpha_threshold: 1.5}\n", line: 1,
                column: 43, message: "hidden_first_responder.alpha_threshold: an alpha is at most 1 (1.5)"),
            BadFile(
                what: "a number in quotes", text: "keyboard_occludes_input:\n  covered_fraction: \"0.5\"\n", line: 2,
                column: 21,
                message:
                    #"keyboard_occludes_input.covered_fraction takes a number (fraction, 0 to 1), not the text "0.5""#
            ),
            BadFile(
                what: "a rule id where a list goes", text: "disabled_rules: hit_test_divergence\n", line: 1,
                column: 17, message: #"disabled_rules takes a list, not the text "hit_test_divergence""#),
            BadFile(
                what: "a list where a rule's section goes", text: "blocked_tap: [warning]\n", line: 1, column: 14,
                message: "blocked_tap takes a mapping of keys, not a list"),
            BadFile(
                what: "a list for the whole file", text: "- blocked_tap\n", line: 1, column: 1,
                message: "the configuration takes a mapping of keys, not a list"),
            BadFile(
                what: "SwiftLint's opt_in_rules", text: "opt_in_rules: [blocked_tap]\n", line: 1, column: 1,
                message: "touchlog has no opt-in rules: every rule runs unless disabled_rules turns it off"),
            BadFile(
                what: "both only_rules and disabled_rules",
                text: "only_rules: [blocked_tap]\ndisabled_rules: [hit_test_divergence]\n", line: 2, column: 1,
                message: "use just one of only_rules or disabled_rules (only_rules is at line 1)"),
            BadFile(
                what: "an empty only_rules", text: "only_rules: []\n", line: 1, column: 1,
                message: "only_rules leaves no rule to run"),
            BadFile(
                what: "an unknown key under excluded", text: "excluded:\n  versions: [\"5.1.*\"]\n", line: 2,
                column: 3, message: #"excluded has no key "versions"; did you mean "app_versions"?"#),
            BadFile(
                what: "a star inside a pattern", text: "excluded: {devices: [\"iPhone*,4\"]}\n", line: 1, column: 22,
                message:
                    #"excluded.devices: "iPhone*,4" has a "*" before its end; only a trailing "*" (a prefix) is supported"#
            ),
            BadFile(
                what: "a key given twice", text: "blocked_tap: warning\nblocked_tap: error\n", line: 1,
                column: 1, message: #"the mapping that starts here has the key "blocked_tap" more than once"#),
            BadFile(
                what: "a tab in the indentation", text: "excluded:\n\t  sessions: [E7A2]\n", line: 2, column: 1,
                message: "a tab in the indentation: YAML indents with spaces only"),
            BadFile(
                what: "a tab after spaces in the indentation", text: "excluded:\n  \tsessions: [E7A2]\n", line: 2,
                column: 3, message: "a tab in the indentation: YAML indents with spaces only"),
            BadFile(
                what: "a YAML syntax error", text: "disabled_rules: [blocked_tap\nbaseline: x\n", line: 2, column: 9,
                message:
                    "not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 1)"),
        ]
    }

    @Test(arguments: BadFile.all)
    func aBadFileIsRefusedAtItsLineAndColumn(bad: BadFile) throws {
        let error = try #require(throws: ConfigurationError.self) { try parse(bad.text, path: "bad.yml") }
        #expect(error.message == bad.message)
        #expect(error.line == bad.line && error.column == bad.column)
        #expect(error.description.hasPrefix("bad.yml:\(bad.line):\(bad.column): error: \(bad.message)\n    hint: "))
        #expect(error.hint?.isEmpty == false)
    }

    /// Issue 27, item 15: the hint's example, written in place of the bad line, is a file that reads (it said
    /// `excluded.app_versions: [...]`, a key the file then refused).
    @Test(arguments: [
        ("excluded:\n  app_versions: 5.1.0\n", "  app_versions: 5.1.0"),
        ("excluded:\n  devices: iPhone15\n", "  devices: iPhone15"),
        ("excluded:\n  sessions: E7A2*\n", "  sessions: E7A2*"),
    ])
    func followingAnExcludedHintGivesAFileThatReads(text: String, badLine: String) throws {
        let error = try #require(throws: ConfigurationError.self) { try parse(text, path: "bad.yml") }
        let hint = try #require(error.hint)
        // The first `code` of the hint is the line to write.
        let example = try #require(hint.split(separator: "`", omittingEmptySubsequences: false).dropFirst().first)
        let fixed = text.replacingOccurrences(of: badLine, with: "  " + example)
        #expect(fixed != text)
        let loaded = try parse(fixed)
        #expect(!loaded.configuration.excluded.isEmpty, "\(hint)")
    }

    /// The same written on one line is not YAML; the hint says how to nest it, and the nested form reads.
    @Test func aMappingNestedOnOneLineIsExplained() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try parse("excluded: app_versions: 5.1.0\n", path: "bad.yml")
        }
        #expect(error.hint?.contains("put the inner key on a line of its own") == true)
        #expect(try !parse("excluded:\n  app_versions: [\"5.1.*\"]\n").configuration.excluded.isEmpty)
    }

    @Test func aFileThatCannotBeReadIsNamed() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try ConfigurationFile.load(path: "/nonexistent/.touchlog.yml")
        }
        #expect(
            error.description.hasPrefix(
                "/nonexistent/.touchlog.yml: error: cannot read the configuration file: there is no such file"))
    }

    /// `--print-config`'s output, saved as a file, is the same configuration: for the defaults, for every key,
    /// and with the command line's options over them.
    @Test func thePrintedConfigurationReadsBackTheSame() throws {
        var withOptions = try parse(Self.everyKey)
        withOptions.apply(ConfigurationOverrides(rules: [BlockedTapRule.id], baseline: "/tmp/mine.json"))
        for loaded in [LoadedConfiguration(), try parse(Self.everyKey), withOptions] {
            let printed = ConfigurationPrinter.yaml(loaded.configuration, provenance: loaded.provenance)
            let again = try parse(printed, path: "/saved/.touchlog.yml")
            #expect(again.configuration == loaded.configuration, "\(printed)")
            // And prints the same values again (only the comments, which say where they came from, differ).
            let reprinted = ConfigurationPrinter.yaml(again.configuration, provenance: again.provenance)
            #expect(Self.values(reprinted) == Self.values(printed))
        }
    }

    /// The YAML without comments and blank lines.
    static func values(_ yaml: String) -> [String] {
        yaml.split(separator: "\n").map { line in
            String(line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
        }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    @Test func thePrintedConfigurationSaysWhereEachValueCameFrom() throws {
        var loaded = try parse(Self.everyKey)
        loaded.apply(ConfigurationOverrides(rules: [BlockedTapRule.id, HiddenFirstResponderRule.id]))
        try expectGolden(
            ConfigurationPrinter.yaml(loaded.configuration, provenance: loaded.provenance), "print-config.yml")
    }

    @Test func suggestionsAreForSlipsNotOtherWords() {
        #expect(Suggestion.closest(to: "disabled_rule", among: ["disabled_rules", "excluded"]) == "disabled_rules")
        #expect(Suggestion.closest(to: "warn", among: ["info", "warning", "error"]) == "warning")
        #expect(Suggestion.closest(to: "critical", among: ["info", "warning", "error"]) == nil)
        #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
    }
}
