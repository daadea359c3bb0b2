import Testing
import TouchlogFormat
import TouchlogReport

/// What SARIF consumers rely on, beyond the golden: indexes that agree, locations, fingerprints, levels.
@Suite struct SARIFStructureTests {
    let report = ReportFixture.report()

    @Test func resultsPointAtTheirRulesRecordingsAndProblems() throws {
        let sarif = try JSONReader.parse(ReportFormat.sarif.render(report))
        let run = try #require(sarif["runs"]?.arrayValue?.first)
        let rules = run["tool"]?["driver"]?["rules"]?.arrayValue ?? []
        #expect(rules.compactMap { $0["id"]?.stringValue } == ReportFixture.rules.map(\.identifier.rawValue))
        let results = run["results"]?.arrayValue ?? []
        #expect(results.count == report.findingCount)
        for result in results {
            let index = try #require(result["ruleIndex"]?.intValue)
            #expect(rules[index]["id"] == result["ruleId"])
            #expect(["error", "warning", "note"].contains(result["level"]?.stringValue ?? ""))
            let location = result["locations"]?.arrayValue?.first?["physicalLocation"]
            #expect(location?["artifactLocation"]?["uri"]?.stringValue?.isEmpty == false)
            #expect((location?["region"]?["startLine"]?.intValue ?? 0) >= 1)
            let fingerprint = result["partialFingerprints"]?["touchlogSignature/v1"]?.stringValue
            #expect(
                report.groups.contains {
                    $0.fingerprint == fingerprint && $0.ruleID.rawValue == result["ruleId"]?.stringValue
                })
        }
        // The third session's header is on line 27 of its file: record 12 is on line 38.
        let blocked = results.first { $0["ruleId"]?.stringValue == "blocked_tap" }
        #expect(blocked?["locations"]?.arrayValue?.first?["physicalLocation"]?["region"]?["startLine"]?.intValue == 38)
    }

    @Test func uriEscapingKeepsRelativePathsRelative() {
        let session = SessionRef(id: "s", source: "/tmp/my logs/a#1.jsonl", headerLine: 1)
        var finding = ReportFixture.findings[0]
        finding.session = session
        let text = ReportFormat.sarif.render(
            Report(findings: [finding], sessions: [session], rules: [], options: ReportOptions()))
        #expect(text.contains(#""uri": "file:///tmp/my%20logs/a%231.jsonl""#))
        #expect(ReportFormat.sarif.render(report).contains(#""uri": "recordings/qa-0002.jsonl""#))
    }
}
