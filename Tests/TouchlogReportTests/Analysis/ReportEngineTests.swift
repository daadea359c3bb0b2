import Foundation
import Testing
import TouchlogFormat
import TouchlogStore

@testable import TouchlogReport

@Suite struct ReportEngineTests {
    @Test func refusesAnUnknownRule() {
        #expect(throws: ReportError.unknownRule("nope", known: ["fixture_hidden_field"])) {
            try ReportEngine(rules: [FixtureHiddenFieldRule.self], selecting: ["nope"])
        }
    }

    @Test func analysesSessionsIntoAReportWithTimelines() throws {
        var engine = try ReportEngine(rules: [FixtureHiddenFieldRule.self, FixtureMiscountingRule.self])
        try engine.analyze(try ReportSession(jsonLines: FixtureSessions.hiddenThenTyped))
        try engine.analyze(
            try ReportSession(
                jsonLines: FixtureSessions.typedOnly.replacingOccurrences(of: "example-1", with: "example-2")))
        let report = engine.report(ReportOptions(failOn: .error, toolVersion: "test"))
        #expect(report.sessions.map(\.id) == ["example-1", "example-2"])
        #expect(report.groups.map(\.ruleID) == ["fixture_hidden_field", "fixture_miscounting"])
        #expect(report.exitStatus == 1)
        let timeline = try #require(report.timelines["example-1"])
        #expect(
            timeline.map(\.text) == [
                "snapshot, 1 window", "set f isHidden = true", "key, 1 character", "key, 1 character",
            ])
        #expect(report.timelines["example-2"] == nil)  // no findings, no timeline kept
        let first = report.groups[0].representative
        #expect(first.views.first?.pathDescription == "UIWindow > UIView > UITextField#promo")
        #expect(first.session.headerLine == 1 && first.session.source == "example.jsonl")
    }

    @Test func selectingRulesRunsOnlyThem() throws {
        var engine = try ReportEngine(
            rules: [FixtureHiddenFieldRule.self, FixtureMiscountingRule.self], selecting: ["fixture_miscounting"])
        try engine.analyze(try ReportSession(jsonLines: FixtureSessions.hiddenThenTyped))
        #expect(Set(engine.problems.groups().map(\.ruleID)) == ["fixture_miscounting"])
    }

    /// Each window has its own first responder: a timeline line says whose when the record names the window, and a
    /// recorder's note that it lost records is said plainly.
    @Test func timelineLinesNameTheFirstRespondersWindowAndLostRecords() {
        #expect(
            Timeline.describe(.firstResponder(FirstResponderRecord(t: 1, view: "message", window: "chat")))
                == "first responder of chat is now message")
        #expect(
            Timeline.describe(.firstResponder(FirstResponderRecord(t: 1, view: nil, window: nil)))
                == "first responder is now nothing")
        #expect(
            Timeline.describe(.dropped(DroppedRecord(t: 3, moved: 1, other: 4, from: 1.5, to: 2.5)))
                == "the recorder lost 5 records between 1.5 s and 2.5 s")
    }

    @Test func timelineAroundKeepsOnlyTheNeighbourhoodOfCitedRecords() {
        let entries = (2...100).map { TimelineEntry(seq: $0, t: Double($0), text: "r\($0)") }
        #expect(
            Timeline.around([10, 90], in: entries, radius: 2).map(\.seq) == [8, 9, 10, 11, 12, 88, 89, 90, 91, 92])
        #expect(Timeline.around([], in: entries).isEmpty)
    }

    @Test func loadsStoredSessionsWithFilters() throws {
        let database = try TouchlogDatabase.inMemory()
        let ingestor = Ingestor(database: database)
        for name in ["03-hidden-promo-field-keeps-typing.jsonl", "09-transparent-toast-blocks-add-to-bag.jsonl"] {
            let report = ingestor.ingest(
                IngestSource(argument: packageRoot.appendingPathComponent("sample-logs/\(name)").path))
            #expect(report.succeeded)
        }
        let loader = SessionLoader(database: database)
        #expect(try loader.sessions(ReportFilter()).count == 3)
        let byPrefix = try loader.sessions(ReportFilter(sessions: ["E7A21C94"]))
        #expect(byPrefix.map(\.appVersion) == ["5.2.0"])
        let loaded = try loader.reportSessions(ReportFilter(sessions: ["E7A21C94"]))
        #expect(loaded.count == 1)
        var seqs: [Int] = []
        try loaded[0].records.forEachRecord { seqs.append($0.seq) }
        #expect(seqs.first == 1 && seqs.count == 24)
        #expect(loaded[0].screen?.width == 393)
        // A stretch is read on its own (a counterfactual replay from a snapshot, a timeline), in order.
        var stretch: [Int] = []
        try loaded[0].records.forEachRecord(in: 17...19) { stretch.append($0.seq) }
        #expect(stretch == [17, 18, 19])
        #expect(throws: StoreError.self) { try loader.sessions(ReportFilter(sessions: ["nope"])) }
        #expect(try loader.sessions(ReportFilter(since: try Timestamp(parsing: "2099-01-01"))).isEmpty)
    }

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
