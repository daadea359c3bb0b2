import Foundation
import Testing

@testable import TouchlogReport

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The JUnit file in the shape CI dashboards (Jenkins, GitLab, Buildkite) read and chart (issue 27, item 11): no
/// empty suite, one test case per analysed session, baselined problems skipped, `time` on every suite and test
/// case, and counts that add up.
@Suite struct JUnitStructureTests {
    /// An element of the file, with its children.
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Element] = []

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        func children(_ name: String) -> [Element] { children.filter { $0.name == name } }
        func int(_ key: String) -> Int? { attributes[key].flatMap { Int($0) } }
    }

    /// Builds the element tree of an XML document.
    final class TreeBuilder: NSObject, XMLParserDelegate {
        var stack: [Element] = []
        var root: Element?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            let element = Element(name: elementName, attributes: attributeDict)
            stack.last?.children.append(element)
            if stack.isEmpty { root = element }
            stack.append(element)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            stack.removeLast()
        }
    }

    static func parse(_ xml: String) throws -> Element {
        let parser = XMLParser(data: Data(xml.utf8))
        let builder = TreeBuilder()
        parser.delegate = builder
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        return try #require(builder.root)
    }

    /// The first two problems are in the baseline; a session is not analysed.
    static let report = ReportFixture.report(
        baseline: Baseline(groups: Array(ReportFixture.report().groups.suffix(2))), failOn: .warning,
        unanalysed: ReportFixture.unanalysed)

    static let reports: [Report] = [
        report, ReportFixture.report(),
        Report(findings: [], sessions: ReportFixture.sessions, rules: ReportFixture.rules, options: ReportOptions()),
        Report(findings: [], sessions: [], rules: ReportFixture.rules, options: ReportOptions()),
    ]

    /// What Jenkins' and GitLab's parsers need: every suite and test case timed, a suite's counts those of its test
    /// cases, the root's the sums of its suites', and no empty suite.
    @Test(arguments: reports)
    func countsAddUpAndEverythingIsTimed(report: Report) throws {
        let root = try Self.parse(ReportFormat.junit.render(report))
        #expect(root.name == "testsuites")
        let suites = root.children("testsuite")
        #expect(!suites.isEmpty)
        let keys = ["tests", "failures", "errors", "skipped"]
        var totals = [String: Int]()
        for suite in suites {
            #expect(suite.attributes["time"] == "0", "suite \(suite.attributes["name"] ?? "")")
            let cases = suite.children("testcase")
            #expect(!cases.isEmpty, "an empty suite: \(suite.attributes["name"] ?? "")")
            let counted = [
                "tests": cases.count, "failures": cases.filter { !$0.children("failure").isEmpty }.count,
                "errors": cases.filter { !$0.children("error").isEmpty }.count,
                "skipped": cases.filter { !$0.children("skipped").isEmpty }.count,
            ]
            for key in keys {
                #expect(suite.int(key) == counted[key], "\(key) of suite \(suite.attributes["name"] ?? "")")
                totals[key, default: 0] += counted[key] ?? 0
            }
            for test in cases {
                #expect(test.attributes["time"] == "0" && test.attributes["classname"] != nil)
                #expect(test.children.filter { ["failure", "error", "skipped"].contains($0.name) }.count <= 1)
            }
        }
        for key in keys { #expect(root.int(key) == totals[key], "\(key) of testsuites") }
        #expect(root.attributes["time"] == "0")
    }

    /// One test case per analysed session, passing or failing, so dashboards chart what was checked.
    @Test func oneTestCasePerAnalysedSession() throws {
        let root = try Self.parse(ReportFormat.junit.render(ReportFixture.report(failOn: .error)))
        let sessions = try #require(root.children("testsuite").first { $0.attributes["name"] == "sessions" })
        let cases = sessions.children("testcase")
        #expect(cases.map { $0.attributes["name"] } == ReportFixture.report().sessions.map(\.id))
        // The error (hidden first responder) is in both checkout sessions; the wishlist's problems are below
        // --fail-on error.
        let failed = cases.filter { !$0.children("failure").isEmpty }.compactMap { $0.attributes["name"] }
        #expect(failed == [ReportFixture.checkoutA.id, ReportFixture.checkoutB.id])
    }

    /// A problem the baseline lists is a skipped test case of its rule, not left out and not a pass.
    @Test func baselinedProblemsAreSkipped() throws {
        let root = try Self.parse(ReportFormat.junit.render(Self.report))
        let skipped = root.children("testsuite").flatMap { $0.children("testcase") }.filter {
            !$0.children("skipped").isEmpty
        }
        #expect(skipped.count == 2 && Self.report.baselined.count == 2)
        #expect(
            Set(skipped.compactMap { $0.attributes["classname"] })
                == Set(Self.report.baselined.map { "touchlog.\($0.ruleID)" }))
    }

    /// A rule that found nothing has no suite (dashboards show `tests="0"` suites as broken files).
    @Test func aRuleWithoutProblemsHasNoSuite() throws {
        let report = Report(
            findings: [ReportFixture.findings[0]], sessions: ReportFixture.sessions, rules: ReportFixture.rules,
            options: ReportOptions())
        let root = try Self.parse(ReportFormat.junit.render(report))
        #expect(root.children("testsuite").map { $0.attributes["name"] } == ["sessions", "hidden_first_responder"])
    }
}
