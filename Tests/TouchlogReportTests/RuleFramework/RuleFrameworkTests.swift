import Foundation
import ResponderCore
import Testing
import TouchlogFormat
import TouchlogReportFixtures

@testable import TouchlogReport

/// The rule framework: every registered rule's examples, registration of every rule file, docs/rules.md.
@Suite struct RuleFrameworkTests {
    static let rulesFolder = packageRoot.appendingPathComponent("Sources/TouchlogReport/Rules")

    /// Each registered rule's examples are its tests (none while the registry is empty).
    @Test(arguments: RuleRegistry.all.map { $0.description.identifier })
    func registeredRuleExamplesHold(identifier: String) throws {
        let rule = try #require(RuleRegistry.all.first { $0.description.identifier == identifier })
        for failure in RuleExampleCheck.failures(of: rule) { Issue.record("\(failure)") }
    }

    @Test func everyRuleFileIsRegistered() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.rulesFolder.path)
        let unregistered = RuleExampleCheck.unregisteredRuleFiles(
            fileNames: files, registeredTypeNames: RuleRegistry.all.map { String(describing: $0) })
        #expect(unregistered.isEmpty, "add these rules to RuleRegistry.all: \(unregistered.joined(separator: ", "))")
    }

    @Test func registrationCheckFindsAMissingRule() {
        let files = ["HiddenFirstResponderRule.swift", "BlockedTapRule.swift", ".gitkeep", "README.md"]
        #expect(
            RuleExampleCheck.unregisteredRuleFiles(fileNames: files, registeredTypeNames: ["HiddenFirstResponderRule"])
                == ["BlockedTapRule.swift"])
    }

    @Test func identifiersAreUniqueSnakeCase() {
        let ids = RuleRegistry.descriptions.map(\.identifier) + [FixtureHiddenFieldRule.description.identifier]
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.allSatisfy { $0.isLowercase || $0 == "_" || $0.isNumber } && !id.hasPrefix("_"), "\(id)")
        }
    }

    @Test func docsRulesIsUpToDate() throws {
        let path = packageRoot.appendingPathComponent("docs/rules.md")
        let current = try String(contentsOf: path, encoding: .utf8)
        #expect(
            current == RulesDocument.markdown(RuleRegistry.descriptions),
            "docs/rules.md is stale: run `make rules-doc` and commit it")
    }

    @Test func rulesDocumentForNoRulesSaysSo() {
        #expect(RulesDocument.markdown([]).contains("No rules are registered yet."))
        #expect(RulesDocument.text([]) == "")
    }

    @Test func rulesDocumentListsEachRuleWithItsExamples() throws {
        let markdown = RulesDocument.markdown([FixtureHiddenFieldRule.description, FixtureMiscountingRule.description])
        try expectGolden(markdown, "rules-fixture.md")
        #expect(markdown.contains("| [`fixture_hidden_field`](#fixture_hidden_field) |"))
        #expect(
            RulesDocument.text([FixtureHiddenFieldRule.description])
                == "fixture_hidden_field  warning/error  Fixture: keys into a hidden field\n")
    }

    /// A rule that raises a finding above its default (hidden_first_responder: an error once keys reach the hidden
    /// field) is listed with every severity its findings print with, not as its default alone (issue 27, item 10).
    @Test func theListShowsEverySeverityARuleGives() throws {
        let lines = RulesDocument.text(RuleRegistry.descriptions).split(separator: "\n")
        let hidden = try #require(lines.first { $0.hasPrefix("hidden_first_responder ") })
        #expect(hidden.split(separator: " ", omittingEmptySubsequences: true)[1] == "warning/error")
        let blocked = try #require(lines.first { $0.hasPrefix("blocked_tap ") })
        #expect(blocked.split(separator: " ", omittingEmptySubsequences: true)[1] == "warning/error")
        let hitTest = try #require(lines.first { $0.hasPrefix("hit_test_divergence ") })
        #expect(hitTest.split(separator: " ", omittingEmptySubsequences: true)[1] == "info")
        // Each severity an example produces is listed, for every rule.
        for rule in RuleRegistry.descriptions {
            for example in rule.triggeringExamples {
                for finding in example.expected {
                    #expect(rule.severities.contains(finding.severity), "\(rule.identifier)")
                }
            }
        }
        let markdown = RulesDocument.markdown(RuleRegistry.descriptions)
        #expect(
            markdown.contains(
                "| [`hidden_first_responder`](#hidden_first_responder) | Hidden first responder | warning/error |"))
        #expect(markdown.contains("default severity **warning**; **error** for some findings, as below."))
    }

    @Test func examplesOfAGoodRulePass() {
        #expect(RuleExampleCheck.failures(of: FixtureHiddenFieldRule.self).isEmpty)
    }

    @Test func aWrongExampleIsReportedWithItsLocation() throws {
        let failures = RuleExampleCheck.failures(of: FixtureMiscountingRule.self)
        #expect(failures.count == 3)
        let first = try #require(failures.first)
        #expect(first.file.hasSuffix("FixtureRules.swift") && first.line > 0)
        #expect(first.message == "expected error at records 3, but it was not produced")
        #expect(failures[1].message == "produced unexpected findings: error at records 3, 4, 5 on UITextField#promo")
        #expect(failures[2].message == "a non-triggering example produced: warning at records 3 on UITextField#promo")
    }

    @Test func anInvalidExampleSessionIsReported() {
        final class BrokenExampleRule: Rule {
            static let description = RuleDescription(
                identifier: "broken_example", name: "Broken", severity: .info, rationale: "Test.",
                triggeringExamples: [
                    RuleExample(#"{"type":"touch","t":0}"#, produces: [ExpectedFinding(severity: .info, records: [1])])
                ])
            init() {}
            func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {}
            func finish(build: FindingBuilder) -> [Finding] { [] }
        }
        let failures = RuleExampleCheck.failures(of: BrokenExampleRule.self)
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("the example is not a valid touchlog/1 session:") == true)
    }

    /// The touch-stream importer names, in its warning, every rule a session without a hierarchy cannot fire: a rule
    /// added or renamed here must be named there too.
    @Test func theTouchStreamWarningNamesEveryRule() {
        #expect(
            Set(RRWebImporter.rulesThatCannotFireWithoutHierarchy)
                == Set(RuleRegistry.descriptions.map(\.identifier)))
    }
}
