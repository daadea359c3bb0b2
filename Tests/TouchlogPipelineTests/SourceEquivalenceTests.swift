import Foundation
import Testing
import TouchlogFormat
import TouchlogPipeline
import TouchlogStore

@testable import TouchlogReport

/// A session gives the same findings whatever its records come from: the store (after ingest), the file read
/// straight into memory, or an importer's typed records. Replay and the rules read only ``SessionRecords``.
@Suite struct SourceEquivalenceTests {
    /// What a finding says, without where the session was read from.
    struct Said: Hashable {
        var rule: RuleID
        var severity: Severity
        var records: [Int]
        var views: [String]
        var explanation: String

        init(_ finding: Finding) {
            rule = finding.ruleID
            severity = finding.severity
            records = finding.records
            views = finding.views.map(Signature.of(view:))
            explanation = finding.explanation
        }
    }

    static func fromStore(_ path: String) throws -> [Said] {
        let database = try TouchlogDatabase.inMemory()
        #expect(Ingestor(database: database).ingest(.file(path)).succeeded)
        let outcome = try ReportRun(toolVersion: "t").run(database: database, workers: 1)
        return outcome.report.groups.flatMap(\.findings).map(Said.init)
    }

    static func fromMemory(_ sessions: [ReportSession]) throws -> [Said] {
        let engine = try ReportEngine(rules: RuleRegistry.all)
        let outcome = try ReportRun(toolVersion: "t").run(engine: engine, sessions: sessions, workers: 1)
        return outcome.report.groups.flatMap(\.findings).map(Said.init)
    }

    @Test(arguments: SampleLogReport.files.filter { $0.hasSuffix(".jsonl") })
    func aRecordingFromTheStoreAndFromItsFile(file: String) throws {
        let path = SampleLogReport.folder.appendingPathComponent(file).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Samples 02 and 09 hold two sessions: each is read from its own stretch of the file.
        let sessions = try Self.split(text).map { try ReportSession(jsonLines: $0, source: file) }
        let stored = try Self.fromStore(path)
        #expect(try Self.fromMemory(sessions) == stored)
    }

    @Test(arguments: SampleLogReport.files.filter { $0.hasPrefix("import-") })
    func aDumpFromTheStoreAndFromItsImporter(file: String) throws {
        let path = SampleLogReport.folder.appendingPathComponent(file).path
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let format = try #require(ImportFormat.detect(bytes))
        let records = try format.records(bytes, sourceName: file)
        guard case .session(let header) = records.first?.record else {
            Issue.record("the importer's first record is no header")
            return
        }
        let session = ReportSession(
            ref: SessionRef(header: header, source: file, headerLine: nil), screen: header.screen, records: records)
        let stored = try Self.fromStore(path)
        #expect(!stored.isEmpty, "each sample dump shows a problem")
        #expect(try Self.fromMemory([session]) == stored)
    }

    /// The sessions of a JSON Lines file, each from its header to the line before the next one.
    static func split(_ text: String) -> [String] {
        var sessions: [[Substring]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.contains(#""type":"session""#) || sessions.isEmpty { sessions.append([]) }
            sessions[sessions.count - 1].append(line)
        }
        return sessions.map { $0.joined(separator: "\n") }
    }
}
