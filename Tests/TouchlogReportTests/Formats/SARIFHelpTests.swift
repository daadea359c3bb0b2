import Foundation
import Testing
import TouchlogFormat

@testable import TouchlogReport

/// SARIF rules carry `help` (text and Markdown) and, with `--rules-url`, a `helpUri` at the rule's section of the
/// published docs/rules.md, whose anchor the generated document has (issue 27, "what they missed most").
@Suite struct SARIFHelpTests {
    static let rulesURL = "https://example.com/touchlog/blob/main/docs/rules.md"

    static func rules(_ options: FormatOptions) throws -> [JSONValue] {
        let sarif = try JSONReader.parse(ReportFormat.sarif.render(ReportFixture.report(), options: options))
        return sarif["runs"]?.arrayValue?.first?["tool"]?["driver"]?["rules"]?.arrayValue ?? []
    }

    @Test func everyRuleHasHelpTextAndMarkdown() throws {
        let rules = try Self.rules(FormatOptions())
        #expect(rules.count == ReportFixture.rules.count)
        for (rule, summary) in zip(rules, ReportFixture.rules) {
            #expect(rule["help"]?["text"]?.stringValue?.contains(summary.rationale.filter { $0 != "`" }) == true)
            #expect(rule["help"]?["markdown"]?.stringValue?.hasPrefix("**\(summary.name)**") == true)
            // SARIF requires an absolute URI: none without --rules-url.
            #expect(rule["helpUri"] == nil)
        }
    }

    @Test func helpUriPointsAtTheRulesSection() throws {
        let rules = try Self.rules(FormatOptions(rulesURL: Self.rulesURL + "#top"))
        for rule in rules {
            let id = try #require(rule["id"]?.stringValue)
            #expect(rule["helpUri"]?.stringValue == "\(Self.rulesURL)#\(id)")
            #expect(
                rule["help"]?["markdown"]?.stringValue?.hasSuffix(
                    "[Examples and configuration](\(Self.rulesURL)#\(id))") == true)
        }
    }

    /// Every registered rule's anchor exists in docs/rules.md: a `## rule_id` heading, which GitHub (and most
    /// renderers) give the anchor `#rule_id` (lowercase; letters, digits, `-` and `_` kept).
    @Test func theAnchorsExistInTheRulesDocument() throws {
        let document = try String(
            contentsOf: packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        let anchors = Set(
            document.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { heading in
                String(
                    heading.dropFirst(3).lowercased().filter { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            })
        for rule in RuleRegistry.descriptions {
            let uri = SARIFFormatter.helpURI(Self.rulesURL, rule: RuleID(rule))
            let fragment = String(uri.split(separator: "#").last ?? "")
            #expect(anchors.contains(fragment), "no heading gives the anchor #\(fragment) in docs/rules.md")
        }
    }
}
