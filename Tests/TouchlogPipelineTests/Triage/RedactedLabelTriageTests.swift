import Foundation
import Testing
import TouchlogFormat
import TouchlogPipeline
import TouchlogStore

@testable import TouchlogReport

/// `ingest --redact-labels` keeps triage working: a view signed by its label (it has no accessibility identifier)
/// groups across sessions by its token, one group per label, and the report shows no label.
@Suite struct RedactedLabelTriageTests {
    /// The unreachable control rule's triggering example, with the button's label given.
    static func session(_ id: String, label: String) -> String {
        #"{"type":"session","format":"touchlog/1","session":"\#(id)"}"# + "\n"
            + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"bar","class":"UIView","frame":[0,100,390,44],"accessibilityIdentifier":"editor.bar","subviews":[{"id":"share","class":"UIButton","frame":[300,52,80,40],"accessibilityLabel":"\#(label)"}]}]}]}"#
            + "\n"
    }

    @Test func aLabelledViewGroupsAcrossSessionsByItsToken() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("redacted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("three.jsonl").path
        let text =
            Self.session("a", label: "Call Ann Smith") + Self.session("b", label: "Call Ann Smith")
            + Self.session("c", label: "Call Bob Jones")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let database = try TouchlogDatabase.inMemory()
        let ingest = Ingestor(database: database, options: IngestOptions(redactLabels: true)).ingest(.file(path))
        #expect(ingest.succeeded, "\(ingest.diagnostics)")

        let report = try ReportRun(toolVersion: "t").run(
            database: database, rules: [UnreachableControlRule.self], workers: 1
        ).report
        let ann = LabelRedaction.token(for: "Call Ann Smith")
        let bob = LabelRedaction.token(for: "Call Bob Jones")
        #expect(
            Set(report.groups.map(\.signature)) == [
                "unreachable_control|UIButton\"\(ann)\"|UIView#editor.bar",
                "unreachable_control|UIButton\"\(bob)\"|UIView#editor.bar",
            ])
        #expect(report.groups.first { $0.signature.contains(ann) }?.sessionCount == 2)
        let printed = ReportFormat.text.render(report)
        #expect(printed.contains(ann) && !printed.contains("Ann") && !printed.contains("Bob"))
    }
}
