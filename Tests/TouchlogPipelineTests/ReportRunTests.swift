import Foundation
import Testing
import TouchlogFormat
import TouchlogPipeline
import TouchlogReportFixtures
import TouchlogStore

@testable import TouchlogReport

/// ``ReportRun``, `touchlog report`'s entry point: baselines written and read, the stored count, and a stored
/// sample through loader, engine, triage and a format.
@Suite struct ReportRunTests {
    @Test func reportRunWritesAndReadsBaselines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("known.json").path
        let session = try ReportSession(jsonLines: FixtureSessions.hiddenThenTyped)
        let engine = try ReportEngine(rules: [FixtureHiddenFieldRule.self])
        let first = try ReportRun(writeBaselinePath: path, failOn: .error, toolVersion: "t").run(
            engine: engine, sessions: [session])
        #expect(first.baselineWritten == 1 && first.report.exitStatus == 1)
        var configuration = ReportConfiguration(rules: [FixtureHiddenFieldRule.self])
        configuration.baseline = path
        let second = try ReportRun(configuration: configuration, failOn: .error, toolVersion: "t").run(
            engine: engine, sessions: [session])
        #expect(second.report.groups.isEmpty && second.report.hiddenByBaseline == 1 && second.report.exitStatus == 0)
    }

    /// A baseline's rules are looked up among the rules the run knows, running or not: an entry of a rule turned off
    /// is kept, one of a rule that does not exist stops the run, naming it.
    @Test func aBaselineNamesRulesTheRunKnows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("known.json").path
        let session = try ReportSession(jsonLines: FixtureSessions.hiddenThenTyped)
        var configuration = ReportConfiguration(rules: [FixtureHiddenFieldRule.self, FixtureMiscountingRule.self])
        configuration.selection = .only([FixtureHiddenFieldRule.id])
        configuration.baseline = path
        let engine = ReportEngine(
            rules: [FixtureHiddenFieldRule.self, FixtureMiscountingRule.self], configuration: configuration)
        func run(rule: String) throws -> ReportRun.Outcome {
            let text = #"{"version":1,"findings":[{"rule":"\#(rule)","signature":"\#(rule)|UITextField#promo"}]}"#
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return try ReportRun(configuration: configuration, toolVersion: "t").run(
                engine: engine, sessions: [session])
        }
        #expect(try run(rule: "fixture_miscounting").report.groups.map(\.ruleID) == [FixtureHiddenFieldRule.id])
        #expect(try run(rule: "fixture_hidden_field").report.hiddenByBaseline == 1)
        #expect {
            try run(rule: "fixture_renamed")
        } throws: { error in
            "\(error)".contains(#"findings[0] names the rule "fixture_renamed""#)
        }
    }

    /// `ReportRun` over a store: the stored count lets a report over nothing tell an empty store from a filter.
    @Test func aRunOverAStoreKnowsHowManySessionsWereStored() throws {
        let database = try TouchlogDatabase.inMemory()
        let ingest = Ingestor(database: database).ingest(
            IngestSource(argument: packageRoot.appendingPathComponent("sample-logs/01-login-background-tap.jsonl").path)
        )
        try #require(ingest.succeeded)
        let filter = ReportFilter(appVersion: "9.9.9")
        let outcome = try ReportRun(filter: filter, failOn: .error, toolVersion: "test").run(
            database: database, workers: 1)
        #expect(outcome.report.storedSessions == 1)
        #expect(outcome.report.nothingAnalysed == .filterMatchedNone(filter, stored: 1))
        #expect(outcome.report.exitStatus == 1)
    }
}

/// A stored sample log through loader, engine, triage and a format, with a records-only fixture rule (so the golden
/// pins the pipeline, not the real rules' wording).
@Suite struct SampleLogReportTests {
    @Test func hiddenPromoFieldSampleReportsTheKeysTypedIntoIt() throws {
        let database = try TouchlogDatabase.inMemory()
        let path = packageRoot.appendingPathComponent("sample-logs/03-hidden-promo-field-keeps-typing.jsonl").path
        #expect(Ingestor(database: database).ingest(IngestSource(argument: path)).succeeded)
        let outcome = try ReportRun(failOn: .error, toolVersion: "test").run(
            database: database, rules: [FixtureHiddenFieldRule.self])
        let report = outcome.report
        #expect(report.exitStatus == 1)
        let finding = try #require(report.groups.first?.representative)
        #expect(
            finding.views.first?.pathDescription.hasSuffix("UIView#checkout.promoCard > UITextField#checkout.promoCode")
                == true)
        // The checkout's location is volatile: a placeholder stands for it in the golden.
        let text = ReportFormat.text.render(report).replacingOccurrences(of: packageRoot.path, with: "<package>")
        try expectGolden(text, "sample-03-fixture-rule.txt")
    }
}
