import Foundation
import Testing
import TouchlogFormat
import TouchlogReportFixtures

@testable import TouchlogReport

@Suite struct ReportEngineTests {
    /// A selected rule must be among the engine's rules (a rule id exists, but this engine was not given it).
    @Test func refusesARuleItWasNotGiven() {
        #expect(throws: ReportError.unknownRule("fixture_miscounting", known: ["fixture_hidden_field"])) {
            try ReportEngine(rules: [FixtureHiddenFieldRule.self], selecting: [FixtureMiscountingRule.id])
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
        #expect(report.groups.map(\.ruleID) == [FixtureHiddenFieldRule.id, FixtureMiscountingRule.id])
        #expect(report.exitStatus == 1)
        let timeline = try #require(report.timelines["example-1"])
        #expect(
            timeline.map(\.text) == [
                "snapshot, 1 window", "set f isHidden = true", "key (1 character)", "key (1 character)",
            ])
        #expect(report.timelines["example-2"] == nil)  // no findings, no timeline kept
        let first = report.groups[0].representative
        #expect(first.views.first?.pathDescription == "UIWindow > UIView > UITextField#promo")
        #expect(first.session.headerLine == 1 && first.session.source == "example.jsonl")
    }

    @Test func selectingRulesRunsOnlyThem() throws {
        var engine = try ReportEngine(
            rules: [FixtureHiddenFieldRule.self, FixtureMiscountingRule.self], selecting: [FixtureMiscountingRule.id])
        try engine.analyze(try ReportSession(jsonLines: FixtureSessions.hiddenThenTyped))
        #expect(Set(engine.problems.groups().map(\.ruleID)) == [FixtureMiscountingRule.id])
    }

    /// A stored result is read instead of replaying; text this touchlog does not write is analysed afresh, but a
    /// result naming a rule the engine does not know fails the report, naming the rule and the session: it cannot
    /// have been stored by this analysis, and a finding is never given a rule by default.
    @Test func aStoredResultNamingAnUnknownRuleFailsTheReport() throws {
        let session = try ReportSession(jsonLines: FixtureSessions.hiddenThenTyped)
        let found = try ReportEngine.findings(in: session, rules: [FixtureHiddenFieldRule.self], scenes: false)
        let stored = StoredOutcome.analyzed(found).encoded()
        func analyse(_ text: String) throws -> [RuleID] {
            var engine = try ReportEngine(rules: [FixtureHiddenFieldRule.self], detail: .init(timelines: false))
            try engine.analyze([session], workers: 1, stored: { _ in text })
            return engine.problems.groups().map(\.ruleID)
        }
        #expect(!found.isEmpty)
        #expect(try analyse(stored) == [FixtureHiddenFieldRule.id])
        // An empty result is served as stored (nothing found), which shows the stored path is taken.
        #expect(try analyse(StoredOutcome.analyzed([]).encoded()) == [])
        #expect(try analyse("not a stored result") == [FixtureHiddenFieldRule.id])
        let foreign = stored.replacingOccurrences(of: "fixture_hidden_field", with: "fixture_renamed")
        #expect(throws: ReportError.unknownStoredRule("fixture_renamed", session: "example-1")) {
            try analyse(foreign)
        }
        #expect(
            ReportError.unknownStoredRule("fixture_renamed", session: "example-1").description.contains(
                #"session "example-1" names the rule "fixture_renamed""#))
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
}
