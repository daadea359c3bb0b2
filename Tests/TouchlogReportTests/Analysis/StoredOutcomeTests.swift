import ResponderCore
import Testing
import TouchlogReplay

@testable import TouchlogReport

/// What a worker stores reads back as what it found, and the fingerprint changes with every input of the analysis.
@Suite struct StoredOutcomeTests {
    static let session = SessionRef(id: "s1", appVersion: "5.2.0", source: "a.jsonl", headerLine: 3)

    static func view(_ id: String, depth: Int) -> SceneView {
        SceneView(
            id: id, className: "UIView", label: depth == 1 ? "Pay" : nil, frame: Rect(0.5, -3, 375, 812.25),
            isHidden: depth == 2, alpha: 0.015, isUserInteractionEnabled: depth != 1, isEnabled: depth != 3,
            depth: depth)
    }

    /// Two findings on one screen and one on another, every kind of cause, numbers that are not round.
    static let findings: [Finding] = {
        let screenA = (0..<4).map { view("a\($0)", depth: $0) }
        let screenB = [view("b0", depth: 0)]
        let causes: [SceneCause.Kind] = [
            .recognizer(className: "UITapGestureRecognizer"), .inFront, .clipsBounds, .hidden, .transparent,
            .interactionOff, .disabled,
        ]
        return causes.enumerated().map { index, kind in
            Finding(
                ruleID: BlockedTapRule.id, severity: index % 2 == 0 ? .error : .info, session: session,
                span: TimeSpan(0.1 + Double(index), 1.0 / 3), records: [index + 2, 40],
                views: [
                    ViewRef(
                        id: "v\(index)", className: "MyApp.PayButton", accessibilityIdentifier: "pay",
                        accessibilityLabel: index == 0 ? nil : "Pay \"now\"",
                        path: [.init("UIWindow"), .init("UIButton", "pay")], role: index == 3 ? nil : "blocked control")
                ], explanation: "Finding \(index): a tap at 1e-7 went elsewhere.",
                scene: index == 6
                    ? nil
                    : Scene(
                        screen: Size(375, 812), t: 2.000001, views: index < 4 ? screenA : screenB,
                        touches: [Point(10.5, 20.25)], hitView: "a1", expectedView: index == 2 ? nil : "a2",
                        firstResponder: index == 1 ? "a3" : nil,
                        keyboardFrame: index == 1 ? Rect(0, 500, 375, 312) : nil,
                        cause: SceneCause(view: "a0", kind: kind)))
        }
    }()

    @Test func findingsReadBackAsFound() throws {
        let text = StoredOutcome.analyzed(Self.findings).encoded()
        let back = try StoredOutcome(decoding: text, session: Self.session, scenes: true)
        #expect(back == .analyzed(Self.findings))
        // Two distinct screens, each written once.
        #expect(text.components(separatedBy: #"["a3","UIView""#).count == 2)
    }

    @Test func scenesAreDroppedWhenNotWanted() throws {
        let text = StoredOutcome.analyzed(Self.findings).encoded()
        let back = try StoredOutcome(decoding: text, session: Self.session, scenes: false)
        var expected = Self.findings
        for index in expected.indices { expected[index].scene = nil }
        #expect(back == .analyzed(expected))
    }

    @Test(arguments: [
        ReplayError.noSnapshot(session: "s1"), .eventBeforeSnapshot(session: "s1", seq: 4, type: "touch"),
        .badRecord(session: "s1", seq: 9, message: "a \"bad\" record"), .noSnapshotBefore(session: "s1", t: 0.25),
        .unknownPolicy("x"), .conflictingPolicy("y"),
    ])
    func replayErrorsReadBackAsThrown(error: ReplayError) throws {
        let text = StoredOutcome.unreplayable(error).encoded()
        #expect(try StoredOutcome(decoding: text, session: Self.session, scenes: true) == .unreplayable(error))
    }

    @Test(arguments: ["", "{}", #"{"findings":[{"rule":"x"}]}"#, #"{"unreplayable":["no_such_kind"]}"#, "[1]"])
    func unreadableTextIsNoOutcome(text: String) {
        #expect(throws: StoredOutcome.DecodingError.unreadable) {
            try StoredOutcome(decoding: text, session: Self.session, scenes: true)
        }
    }

    /// A stored finding's rule is looked up, never defaulted: one this touchlog does not have (misspelt, or a rule
    /// of another build) is an error naming it, and so is one outside the rules the reader was given.
    @Test func aRuleThatIsNotKnownIsAnError() throws {
        let text = StoredOutcome.analyzed(Self.findings).encoded()
        let misspelt = text.replacingOccurrences(of: #""rule":"blocked_tap""#, with: #""rule":"blocked_taps""#)
        #expect(misspelt != text)
        #expect(throws: StoredOutcome.DecodingError.unknownRule("blocked_taps")) {
            try StoredOutcome(decoding: misspelt, session: Self.session, scenes: true)
        }
        #expect(throws: StoredOutcome.DecodingError.unknownRule("blocked_tap")) {
            try StoredOutcome(
                decoding: text, session: Self.session, scenes: true, rules: [HiddenFirstResponderRule.self])
        }
    }

    @Test func theFingerprintFollowsEveryInputOfTheAnalysis() throws {
        let defaults = AnalysisFingerprint(configuration: ReportConfiguration(), scenes: true)
        #expect(defaults == AnalysisFingerprint(configuration: ReportConfiguration(), scenes: true))
        #expect(defaults.key.count == 32)
        var severity = ReportConfiguration()
        severity.setSeverity(.info, for: HiddenFirstResponderRule.self)
        var threshold = ReportConfiguration()
        try threshold.setParameter("minimum_hidden_time", to: 0.75, for: HiddenFirstResponderRule.self)
        var fewer = ReportConfiguration()
        fewer.selection = .allExcept([HiddenFirstResponderRule.id])
        let others = [
            AnalysisFingerprint(configuration: ReportConfiguration(), scenes: false),
            AnalysisFingerprint(configuration: severity, scenes: true),
            AnalysisFingerprint(configuration: threshold, scenes: true),
            AnalysisFingerprint(configuration: fewer, scenes: true),
            AnalysisFingerprint(configuration: ReportConfiguration(), scenes: true, modelVersion: 0),
            AnalysisFingerprint(configuration: ReportConfiguration(), scenes: true, analysisIdentity: "other"),
        ]
        #expect(Set(others.map(\.key) + [defaults.key]).count == others.count + 1)
        // What does not change findings does not change it: exclusions and the baseline.
        var excluded = ReportConfiguration()
        excluded.baseline = "known.json"
        excluded.excluded = SessionExclusions(appVersions: [try #require(SessionPattern("1.0"))])
        #expect(AnalysisFingerprint(configuration: excluded, scenes: true) == defaults)
    }
}
