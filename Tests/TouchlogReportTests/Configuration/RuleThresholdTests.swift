import Testing

@testable import TouchlogReport

/// Each rule's thresholds, set in a configuration, change what the rule finds: a small session just on one side of
/// a threshold, run with the default and with a value that moves the threshold past it.
@Suite struct RuleThresholdTests {
    /// The findings of `rule` in `session`, the rule configured by `configure`.
    func findings<R: Rule>(
        _ rule: R.Type, in session: String, _ configure: (inout R.Parameters) -> Void = { _ in }
    ) throws -> [ExpectedFinding] {
        var configuration = ReportConfiguration()
        var parameters = configuration.parameters(for: rule)
        configure(&parameters)
        configuration.setParameters(parameters, for: rule)
        let found = try ReportEngine.findings(
            in: ReportSession(jsonLines: session), rules: configuration.configured(RuleRegistry.all), scenes: false)
        return found.filter { $0.ruleID == rule.id }.map {
            ExpectedFinding(severity: $0.severity, records: $0.records)
        }
    }

    @Test func theDefaultsAreTheRulesFormerConstants() {
        let configuration = ReportConfiguration()
        #expect(configuration.parameters(for: HiddenFirstResponderRule.self).minimumHiddenTime == Seconds(0))
        #expect(configuration.parameters(for: HiddenFirstResponderRule.self).alphaThreshold == Alpha(0.01))
        #expect(configuration.parameters(for: KeyboardWithoutFirstResponderRule.self).tolerance == Seconds(0.5))
        #expect(configuration.parameters(for: FirstResponderWithoutKeyboardRule.self).tolerance == Seconds(0.5))
        #expect(configuration.parameters(for: KeyboardOccludesInputRule.self).coveredFraction == Fraction(0.5))
    }

    /// The field's ancestor fades to alpha 0.05: visible to UIKit's hit test, not to a person.
    static let fadedField =
        ExampleSessions.editing + #"""
            {"type":"set","t":2.0,"view":"root","alpha":0.05}
            {"type":"key","t":2.5,"length":1}
            """#

    @Test func theAlphaThresholdDecidesWhatCountsAsHidden() throws {
        #expect(try findings(HiddenFirstResponderRule.self, in: Self.fadedField).isEmpty)
        let raised = try findings(HiddenFirstResponderRule.self, in: Self.fadedField) {
            $0.alphaThreshold = Alpha(0.1)
        }
        // The key typed into the faded field counts as lost, though the model says UIKit would show the field.
        #expect(raised == [ExpectedFinding(severity: .error, records: [8, 9])])
    }

    /// A toast at alpha 0.02 in front of Save handles the tap (its recognizer dismisses it): reported by default,
    /// since nobody could see it; with the threshold lowered below the toast's alpha, the tap was meant for it.
    @Test func theNearlyTransparentAlphaDecidesWhetherAHandledTapIsBlocked() throws {
        let session =
            ExampleSessions.form + #"""
                {"type":"insert","t":0.5,"parent":"root","view":{"id":"toast","class":"App.ToastView","frame":[0,650,390,150],"alpha":0.02,"accessibilityLabel":"Saved","gestureRecognizers":[{"id":"toastTap","class":"UITapGestureRecognizer","actions":[{"target":"vc","action":"dismissToast"}]}]}}
                {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"toast"}
                {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                """#
        #expect(try findings(BlockedTapRule.self, in: session) == [ExpectedFinding(severity: .error, records: [4])])
        #expect(try findings(BlockedTapRule.self, in: session) { $0.nearlyTransparentAlpha = Alpha(0.01) }.isEmpty)
    }

    /// The field is hidden at t 2.0 and keys go into it until t 2.7: a stretch of 0.7 s.
    static let hiddenForAWhile =
        ExampleSessions.editing + #"""
            {"type":"set","t":2.0,"view":"name","isHidden":true}
            {"type":"key","t":2.5,"length":1}
            {"type":"key","t":2.7,"length":1}
            """#

    @Test func theMinimumHiddenTimeDropsShorterStretches() throws {
        let expected = [ExpectedFinding(severity: .error, records: [8, 9, 10])]
        #expect(try findings(HiddenFirstResponderRule.self, in: Self.hiddenForAWhile) == expected)
        #expect(
            try findings(HiddenFirstResponderRule.self, in: Self.hiddenForAWhile) {
                $0.minimumHiddenTime = Seconds(0.7)
            } == expected)
        #expect(
            try findings(HiddenFirstResponderRule.self, in: Self.hiddenForAWhile) {
                $0.minimumHiddenTime = Seconds(0.8)
            }.isEmpty)
    }

    /// Nothing is first responder from t 2.0 to the end (t 3.0) while the keyboard is up: 1 s.
    static let keyboardLeftUp =
        ExampleSessions.editing + #"""
            {"type":"firstResponder","t":2.0,"view":null,"window":"w"}
            {"type":"key","t":3.0,"length":1}
            """#

    @Test func theKeyboardToleranceIsTheShortestStretchReported() throws {
        let expected = [ExpectedFinding(severity: .warning, records: [8, 9])]
        #expect(try findings(KeyboardWithoutFirstResponderRule.self, in: Self.keyboardLeftUp) == expected)
        #expect(
            try findings(KeyboardWithoutFirstResponderRule.self, in: Self.keyboardLeftUp) {
                $0.tolerance = Seconds(1)
            } == expected)
        #expect(
            try findings(KeyboardWithoutFirstResponderRule.self, in: Self.keyboardLeftUp) {
                $0.tolerance = Seconds(1.5)
            }.isEmpty)
    }

    /// The keyboard goes down at t 2.0 and the field resigns at t 2.3: a 0.3 s transition.
    static let slowResign =
        ExampleSessions.editing + #"""
            {"type":"keyboard","t":2.0,"phase":"willHide","frame":[0,508,390,336]}
            {"type":"firstResponder","t":2.3,"view":null,"window":"w"}
            """#

    /// The two keyboard rules share one agreement, which drops short stretches as they end: a tolerance below the
    /// default on one rule must keep what that rule needs, whatever the other one's.
    @Test func aToleranceBelowTheDefaultReportsShorterStretches() throws {
        #expect(try findings(FirstResponderWithoutKeyboardRule.self, in: Self.slowResign).isEmpty)
        let lowered = try findings(FirstResponderWithoutKeyboardRule.self, in: Self.slowResign) {
            $0.tolerance = Seconds(0.2)
        }
        #expect(lowered == [ExpectedFinding(severity: .warning, records: [8, 9])])
        // The other rule keeps its own tolerance.
        #expect(
            try findings(KeyboardWithoutFirstResponderRule.self, in: Self.keyboardLeftUp) == [
                ExpectedFinding(severity: .warning, records: [8, 9])
            ])
    }

    /// 26 of the field's 44 points lie under the keyboard (y 490-534 under a keyboard from y 508): 0.59.
    static let partlyCovered =
        ExampleSessions.form + #"""
            {"type":"set","t":0.5,"view":"name","frame":[20,490,350,44]}
            {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":500,"window":"w","event":1,"view":"name"}
            {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":500,"window":"w","event":1}
            {"type":"firstResponder","t":1.1,"view":"name","window":"w"}
            {"type":"keyboard","t":1.1,"phase":"willShow","frame":[0,508,390,336]}
            {"type":"key","t":2.0,"length":1}
            """#

    @Test func theCoveredFractionDecidesWhenTheKeyboardCoversAField() throws {
        let expected = [ExpectedFinding(severity: .warning, records: [7, 8])]
        #expect(try findings(KeyboardOccludesInputRule.self, in: Self.partlyCovered) == expected)
        #expect(
            try findings(KeyboardOccludesInputRule.self, in: Self.partlyCovered) {
                $0.coveredFraction = Fraction(0.75)
            }.isEmpty)
    }

    @Test func aConfiguredSeverityReplacesTheSeverityOfEveryFinding() throws {
        var configuration = ReportConfiguration()
        configuration.setSeverity(.info, for: HiddenFirstResponderRule.self)
        let rules = configuration.configured(RuleRegistry.all)
        let found = try ReportEngine.findings(
            in: ReportSession(jsonLines: Self.hiddenForAWhile), rules: rules, scenes: false)
        // The rule raises this one to error; the configuration says info for all of them.
        #expect(found.filter { $0.ruleID == HiddenFirstResponderRule.id }.map(\.severity) == [.info])
        let summary = try #require(rules.first { $0.type.id == HiddenFirstResponderRule.id })
        #expect(summary.summary.severity == .info)
    }

    @Test func unitsRefuseNumbersOutsideTheirRange() {
        #expect(Seconds(checking: -0.1) == nil)
        #expect(Seconds(checking: .infinity) == nil)
        #expect(Seconds(checking: 0)?.value == 0)
        #expect(Alpha(checking: 1.01) == nil)
        #expect(Alpha(checking: 1) != nil)
        #expect(Fraction(checking: -1) == nil)
        #expect(ThresholdUnit.seconds.problem(with: -2) == "a duration cannot be negative (-2 seconds)")
        #expect(ThresholdUnit.format(0.5) == "0.5" && ThresholdUnit.format(8) == "8")
        #expect(Count(checking: 0) == nil)
        #expect(Count(checking: 2.5) == nil)
        #expect(Count(checking: 3)?.int == 3)
        #expect(ThresholdUnit.count.problem(with: 2.5) == "a count is a whole number (2.5)")
        #expect(Points(checking: -1) == nil)
        #expect(Points(checking: 0)?.value == 0)
    }

    @Test func aParameterIsSetByItsKeyOnlyWithinItsRange() throws {
        var configuration = ReportConfiguration()
        try configuration.setParameter("minimum_hidden_time", to: 2, for: HiddenFirstResponderRule.self)
        #expect(configuration.parameters(for: HiddenFirstResponderRule.self).minimumHiddenTime == Seconds(2))
        #expect(
            throws: ParameterProblem.unknownParameter("tolerance", known: ["minimum_hidden_time", "alpha_threshold"])
        ) {
            try configuration.setParameter("tolerance", to: 1, for: HiddenFirstResponderRule.self)
        }
        #expect(throws: ParameterProblem.self) {
            try configuration.setParameter("alpha_threshold", to: 2, for: HiddenFirstResponderRule.self)
        }
        // A failed set changes nothing.
        #expect(configuration.parameters(for: HiddenFirstResponderRule.self).alphaThreshold == Alpha(0.01))
    }
}
