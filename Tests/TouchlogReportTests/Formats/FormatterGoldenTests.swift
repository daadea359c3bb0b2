import Testing
import TouchlogFormat
import TouchlogReport

/// Every format against its golden file, from the hand-made ``ReportFixture`` with a session no rule could judge
/// (re-record: TOUCHLOG_RECORD=1).
@Suite struct FormatterGoldenTests {
    static let goldenNames: [ReportFormat: String] = [
        .text: "report.txt", .json: "report.json", .markdown: "report.md", .junit: "report.junit.xml",
        .sarif: "report.sarif", .html: "report.html", .github: "report.github.txt", .xcode: "report.xcode.txt",
        .gitlab: "report.gitlab.json", .summary: "report.summary.txt",
    ]

    @Test(arguments: ReportFormat.allCases)
    func formatMatchesItsGolden(format: ReportFormat) throws {
        let report = ReportFixture.report(failOn: .error, unanalysed: ReportFixture.unanalysed)
        try expectGolden(format.render(report), Self.goldenNames[format] ?? "report.\(format.rawValue)")
    }

    @Test func textInColourMarksSeveritiesAndUnanalysedSessionsOnly() throws {
        let text = ReportFormat.text.render(
            ReportFixture.report(unanalysed: ReportFixture.unanalysed), options: FormatOptions(color: true))
        try expectGolden(text, "report-color.txt")
        #expect(text.contains("\u{1B}[1;31merror  \u{1B}[0m"))
        #expect(text.contains("\u{1B}[1;31mnot analysed\u{1B}[0m"))
        #expect(!ReportFormat.text.render(ReportFixture.report()).contains("\u{1B}"))
    }

    @Test(arguments: ReportFormat.allCases)
    func anEmptyReportSaysSo(format: ReportFormat) {
        let report = Report(
            findings: [], sessions: ReportFixture.sessions, rules: ReportFixture.rules,
            options: ReportOptions(toolVersion: "0.1.0"))
        let output = format.render(report)
        switch format {
        case .text, .markdown, .html: #expect(output.contains("No problems found."))
        case .json: #expect(output.contains(#""problems": []"#))
        case .junit:
            // One passing test case per session analysed, and no empty suite of a rule that found nothing.
            #expect(output.contains(#"<testsuites name="touchlog report" tests="3" failures="0" errors="0""#))
            #expect(!output.contains(#"tests="0""#))
        case .sarif: #expect(output.contains(#""results": []"#))
        case .github: #expect(output == "touchlog report: 3 sessions analysed with 4 rules, 0 problems (0 findings)\n")
        case .xcode: #expect(output.isEmpty)
        case .gitlab: #expect(output == "[]\n")
        case .summary:
            #expect(
                output
                    == "touchlog report: 0 problems (0 errors, 0 warnings, 0 info), 0 findings, 3 sessions analysed\n")
        }
    }
}
