import Testing
@testable import TouchlogReport

@Suite struct ReportModuleTests {
    @Test func moduleLinks() { #expect(String(describing: TouchlogReportInfo.self) == "TouchlogReportInfo") }
}
