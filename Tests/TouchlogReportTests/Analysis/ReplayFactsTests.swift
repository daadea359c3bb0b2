import Foundation
import Testing
import TouchlogStore

@testable import TouchlogReport

/// The seam between replay and the rules: stored sessions and rule examples see the same facts, and the
/// on-demand model answers about any moment in any order.
@Suite struct ReplayFactsTests {
    let samplePath = packageRoot.appendingPathComponent("sample-logs/03-hidden-promo-field-keeps-typing.jsonl").path

    @Test func storedRunAndInMemoryReplayGiveTheSameSteps() throws {
        let database = try TouchlogDatabase.inMemory()
        #expect(Ingestor(database: database).ingest(IngestSource(argument: samplePath)).succeeded)
        var stored: [AnalyzedSession] = []
        try SessionLoader(database: database).forEachSession(ReportFilter()) { stored.append($0) }
        let fromDatabase = try #require(stored.first?.replay?.steps)
        let fromText = try #require(
            try AnalyzedSession(jsonLines: String(contentsOfFile: samplePath, encoding: .utf8)).replay?.steps)
        #expect(fromDatabase.count == 19)  // every record but the header and the observations
        #expect(fromDatabase == fromText)
        // A second load reads the stored run instead of replaying: same rows.
        var again: [AnalyzedSession] = []
        try SessionLoader(database: database).forEachSession(ReportFilter()) { again.append($0) }
        #expect(again.first?.replay?.steps == fromDatabase)
    }

    @Test func modelBeforeAMomentAnswersInAnyOrder() throws {
        let session = try AnalyzedSession(jsonLines: String(contentsOfFile: samplePath, encoding: .utf8))
        let replay = try #require(session.replay)
        let late = try #require(replay.model(before: 22))
        let early = try #require(replay.model(before: 4))
        let lateAgain = try #require(replay.model(before: 22))
        #expect(late.firstResponder.map(late.id(of:)) == "promoField")
        #expect(late.firstResponder.map(late.isEffectivelyHidden) == true)
        #expect(early.firstResponder == nil)
        #expect(lateAgain.firstResponder.map(lateAgain.id(of:)) == "promoField")
        #expect(replay.model(before: 2) == nil)  // before the first snapshot there is no model
    }

    @Test func aPolicyReplayIsComputedOnDemand() throws {
        let session = try AnalyzedSession(jsonLines: String(contentsOfFile: samplePath, encoding: .utf8))
        let replay = try #require(session.replay)
        // resign-on-hide resigns the promo field when it is hidden (record 17): no step after it has it.
        let fixed = try #require(replay.steps(adding: .resignOnHide))
        #expect(replay.step(seq: 18)?.firstResponder == "promoField")
        #expect(fixed.first { $0.seq == 18 }?.firstResponder == nil)
    }

    @Test func aSessionWithoutSnapshotHasNoFacts() throws {
        let text = #"{"type":"session","format":"touchlog/1","session":"s","device":{"screen":[390,844]}}"# + "\n"
        #expect(try AnalyzedSession(jsonLines: text).replay == nil)
    }
}

/// What every sample log produces: the rule and severity of each problem, per file. The stories are in
/// sample-logs/README.md; sessions where things went right (02, 08's dismissing tap, 09 session 2, 06, 12) must
/// stay quiet.
@Suite struct SampleLogFindingsTests {
    static let expected: [String: [String]] = [
        "01-login-background-tap.jsonl": ["tap_failed_to_dismiss warning"],
        "02-login-dismissing-window.jsonl": [],
        "03-hidden-promo-field-keeps-typing.jsonl": ["hidden_first_responder error", "tap_failed_to_dismiss warning"],
        "04-keyboard-covers-delivery-notes.jsonl": ["keyboard_occludes_input warning"],
        "05-reaction-bar-hit-test-override.jsonl": ["hit_test_divergence info"],
        "06-nil-target-action-reaches-application.jsonl": [],
        "07-tap-recognizer-swallows-row-tap.jsonl": ["swallowed_tap error"],
        "08-two-fingers-resting-on-field.jsonl": [],
        "09-transparent-toast-blocks-add-to-bag.jsonl": ["blocked_tap error"],
        "10-disabled-continue-button.jsonl": ["blocked_tap warning"],
        "11-remove-badge-outside-card.jsonl": ["blocked_tap error"],
        "12-iqkeyboard-resign-on-touch-outside.jsonl": [],
        "13-crash-in-apply-filters-truncated.jsonl": [],
        "import-recursive-description.txt": ["unreachable_control error"],
        "import-sentry-view-hierarchy.json": ["unreachable_control error"],
        "import-xcuitest-tree.txt": ["unreachable_control warning"],
    ]

    @Test(arguments: expected.keys.sorted())
    func sampleProducesItsStory(file: String) throws {
        let database = try TouchlogDatabase.inMemory()
        let report = Ingestor(database: database).ingest(
            IngestSource(argument: packageRoot.appendingPathComponent("sample-logs/\(file)").path))
        try #require(report.succeeded)
        var engine = try ReportEngine(rules: RuleRegistry.all)
        try SessionLoader(database: database).forEachSession(ReportFilter()) { engine.analyze($0) }
        let produced = engine.findings.map { "\($0.ruleID) \($0.severity.rawValue)" }.sorted()
        #expect(produced == Self.expected[file], "\(engine.findings.map(\.explanation))")
    }

    /// What the explanation must say for a QA engineer: the facts that make each story's finding actionable.
    @Test(arguments: [
        ("01-login-background-tap.jsonl", "tap_failed_to_dismiss", "dismiss-on-outside-touch"),
        ("01-login-background-tap.jsonl", "tap_failed_to_dismiss", "2 taps on UIView #login.root"),
        ("03-hidden-promo-field-keeps-typing.jsonl", "hidden_first_responder", "4 keys"),
        ("04-keyboard-covers-delivery-notes.jsonl", "keyboard_occludes_input", "14 keys were typed blind"),
        ("05-reaction-bar-hit-test-override.jsonl", "hit_test_divergence", "override in Chat.ReactionOverlayView"),
        ("07-tap-recognizer-swallows-row-tap.jsonl", "swallowed_tap", "the row was never selected"),
        ("09-transparent-toast-blocks-add-to-bag.jsonl", "blocked_tap", "alpha 0.02"),
        ("10-disabled-continue-button.jsonl", "blocked_tap", "it is disabled"),
        ("11-remove-badge-outside-card.jsonl", "blocked_tap", "outside the bounds of its ancestor"),
        ("import-sentry-view-hierarchy.json", "unreachable_control", "outside the bounds of Notes.FormattingBar"),
    ])
    func explanationSaysWhatHappened(file: String, rule: String, phrase: String) throws {
        let database = try TouchlogDatabase.inMemory()
        let report = Ingestor(database: database).ingest(
            IngestSource(argument: packageRoot.appendingPathComponent("sample-logs/\(file)").path))
        try #require(report.succeeded)
        var engine = try ReportEngine(rules: RuleRegistry.all, selecting: [rule])
        try SessionLoader(database: database).forEachSession(ReportFilter()) { engine.analyze($0) }
        let explanations = engine.findings.map(\.explanation)
        #expect(explanations.contains { $0.contains(phrase) }, "\(explanations)")
    }
}
