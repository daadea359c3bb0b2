import ResponderCore
import Testing
import TouchlogFormat

@testable import TouchlogReport

@Suite struct TriageTests {
    let groups = Triage.group(ReportFixture.findings)

    @Test func sameRuleAndViewsAcrossSessionsIsOneProblem() throws {
        // The promo field has id "promoField" in one session and an address-like id in the other: one group.
        let hidden = try #require(groups.first { $0.ruleID == HiddenFirstResponderRule.id })
        #expect(hidden.findings.count == 2)
        #expect(hidden.findings.map(\.session.id) == [ReportFixture.checkoutA.id, ReportFixture.checkoutB.id])
        #expect(hidden.sessionCount == 2 && hidden.findingCount == 2 && hidden.omittedFindings == 0)
        #expect(hidden.signature == "hidden_first_responder|UITextField#checkout.promoCode")
        #expect(hidden.severity == .error)  // the highest of error and warning
        #expect(hidden.firstSeen == "2026-11-18T09:00:00.000Z")
        #expect(hidden.lastSeen == "2026-11-19T10:30:00.000Z")
        #expect(hidden.appVersions == ["5.2.0 (5207)"])
        #expect(hidden.devices == ["iPhone14,7 iOS 17.4", "iPhone15,4 iOS 17.5.1"])
    }

    @Test func orderedBySeverityThenSessionsAffected() {
        #expect(
            groups.map(\.ruleID) == [
                HiddenFirstResponderRule.id,  // error
                BlockedTapRule.id, KeyboardOccludesInputRule.id,  // warnings, one session each: by rule id
                HitTestDivergenceRule.id,  // info, two sessions
            ])
        let divergence = groups.last
        #expect(divergence?.appVersions == ["5.2.0 (5207)", "5.3.0 (5301)"])
    }

    @Test func moreSessionsComeFirstWithinASeverity() {
        let one = ReportFixture.findings[3]  // blocked_tap in one session
        var spread = ReportFixture.findings[2]  // keyboard_occludes_input
        var other = spread
        other.session = ReportFixture.wishlist
        spread.session = ReportFixture.checkoutB
        let ordered = Triage.group([one, spread, other])
        #expect(ordered.map(\.ruleID) == [KeyboardOccludesInputRule.id, BlockedTapRule.id])
    }

    /// Issue 27, item 7: problems that differ only by a view after the first printed the same heading several
    /// times. Here the views in front differ by class, or only by their paths (no identifier, no label).
    @Test func headingsNameWhatTellsProblemsApart() {
        let blocked = ReportFixture.findings[3]
        func covered(by className: String, under parent: String) -> Finding {
            var finding = blocked
            finding.views[1] = ViewRef(
                id: "front", className: className, path: [.init("UIWindow"), .init(parent), .init(className)],
                role: "covered by")
            return finding
        }
        let findings = [
            covered(by: "Shop.ToastView", under: "UIView"), covered(by: "Shop.BannerView", under: "UIView"),
            covered(by: "Shop.BannerView", under: "UIStackView"),
        ]
        let report = Report(
            findings: findings, sessions: ReportFixture.sessions, unanalysed: [], rules: ReportFixture.rules,
            options: ReportOptions(toolVersion: "0.1.0"))
        #expect(report.groups.count == 3)
        let headings = ProblemText.headings(report)
        #expect(Set(headings).count == 3, "\(headings)")
        let button = #"UIButton "Add to Bag" #wishlist.addToBag"#
        #expect(headings.contains("\(button), covered by Shop.ToastView"))
        #expect(headings.contains("\(button), covered by UIWindow > UIStackView > Shop.BannerView"))
        #expect(headings.contains("\(button), covered by UIWindow > UIView > Shop.BannerView"))
        let text = ReportFormat.text.render(report)
        for heading in headings { #expect(text.contains(heading), "\(heading)") }
        let lines = ReportFormat.text.render(report).split(separator: "\n").filter { $0.hasPrefix("warning") }
        #expect(lines.count == 3 && Set(lines).count == 3, "\(lines)")
    }

    @Test func orderDoesNotDependOnInputOrder() {
        #expect(Triage.group(ReportFixture.findings.reversed()) == groups)
    }

    @Test func signaturesUseIdentifierThenLabelThenPathNeverIDs() {
        let withIdentifier = ViewRef(
            id: "0x1", className: "UIButton", accessibilityIdentifier: "a", accessibilityLabel: "b")
        let withLabel = ViewRef(id: "0x2", className: "UIButton", accessibilityLabel: "Sign In")
        let bare = ViewRef(
            id: "0x3", className: "UIImageView",
            path: [.init("UIWindow"), .init("UIView", "root"), .init("UIImageView")])
        #expect(Signature.of(view: withIdentifier) == "UIButton#a")
        #expect(Signature.of(view: withLabel) == #"UIButton"Sign In""#)
        #expect(Signature.of(view: bare) == "UIWindow>UIView#root>UIImageView")
        let cell = ViewRef(id: "c", className: "UITableViewCell", accessibilityLabel: "<Cell: 0x7fa3c0d1e200>")
        #expect(Signature.of(view: cell) == #"UITableViewCell"<Cell: 0x…>""#)
    }

    @Test func fingerprintsAreStableHex() {
        #expect(Signature.fingerprint("") == "cbf29ce484222325")  // FNV-1a offset basis
        #expect(Signature.fingerprint("a") == "af63dc4c8601ec8c")
        #expect(Signature.fingerprint("hidden_first_responder|UITextField#x").count == 16)
    }
}

@Suite struct FilterAndFailOnTests {
    @Test func minSeverityAndRuleFilterFindings() {
        let warnings = ReportFixture.report(filter: ReportFilter(minSeverity: .warning))
        #expect(!warnings.groups.contains { $0.ruleID == HitTestDivergenceRule.id })
        // A group keeps only its admitted findings: the hidden field's warning occurrence stays, as a warning.
        let errors = ReportFixture.report(filter: ReportFilter(minSeverity: .error))
        #expect(errors.groups.map(\.ruleID) == [HiddenFirstResponderRule.id])
        #expect(errors.groups[0].findings.count == 1)
        let blocked = ReportFixture.report(filter: ReportFilter(rules: [BlockedTapRule.id]))
        #expect(blocked.groups.map(\.ruleID) == [BlockedTapRule.id])
    }

    @Test func sessionAppVersionAndSinceFilterSessions() throws {
        let bySession = ReportFixture.report(filter: ReportFilter(sessions: ["B7E0"]))
        #expect(Set(bySession.groups.flatMap(\.findings).map(\.session.id)) == [ReportFixture.wishlist.id])
        let byVersion = ReportFixture.report(filter: ReportFilter(appVersion: "5.2.0"))
        #expect(!byVersion.groups.flatMap(\.findings).map(\.session).contains { $0.appVersion != "5.2.0" })
        #expect(byVersion.groups.count == 3)
        let since = ReportFixture.report(filter: ReportFilter(since: try Timestamp(parsing: "2026-11-19")))
        #expect(
            Set(since.groups.flatMap(\.findings).map(\.session.id)) == [
                ReportFixture.checkoutB.id, ReportFixture.wishlist.id,
            ])
        #expect(!ReportFilter(since: try Timestamp(parsing: "2026-11-19")).admits(SessionRef(id: "no-start")))
    }

    @Test func sinceComparesInstantsNotText() throws {
        // 23:30 at UTC-2 on the 19th is 01:30 UTC on the 20th: after midnight UTC, though its text sorts before.
        let since = ReportFilter(since: try Timestamp(parsing: "2026-11-20"))
        #expect(since.admits(SessionRef(id: "west", startedAt: "2026-11-19T23:30:00-02:00")))
        #expect(!since.admits(SessionRef(id: "east", startedAt: "2026-11-20T00:30:00+02:00")))
    }

    /// Sessions start in different zones: the first and last sighting and the order of a problem's examples follow
    /// the instants, parsed once per session, not the text (which would put 01:00+02:00 after 23:30Z the day before).
    @Test func firstAndLastSeenAndExamplesFollowInstantsNotText() {
        let template = ReportFixture.findings[3]
        let starts = [
            ("utc", "2026-11-19T23:30:00Z"),  // 23:30 UTC
            ("east", "2026-11-20T01:00:00+02:00"),  // 23:00 UTC: the earliest, though its text sorts last
            ("west", "2026-11-19T22:00:00-03:00"),  // 01:00 UTC on the 20th: the latest
        ]
        let findings = starts.map { id, start in
            var finding = template
            finding.session = SessionRef(id: id, startedAt: start)
            return finding
        }
        let group = Triage.group(findings)[0]
        #expect(group.firstSeen == "2026-11-20T01:00:00+02:00")
        #expect(group.lastSeen == "2026-11-19T22:00:00-03:00")
        #expect(group.findings.map(\.session.id) == ["east", "utc", "west"])
        var moved = SessionRef(id: "m", startedAt: "2026-11-20T01:00:00+02:00")
        moved.startedAt = "2026-11-21T00:00:00Z"
        #expect(moved.started == (try? Timestamp(parsing: "2026-11-21")))
    }

    @Test(
        arguments: [
            (nil, Int32(0)), (Severity.error, Int32(1)), (Severity.warning, Int32(1)),
        ] as [(Severity?, Int32)])
    func failOnSetsTheExitStatus(failOn: Severity?, status: Int32) {
        #expect(ReportFixture.report(failOn: failOn).exitStatus == status)
    }

    @Test func failOnIgnoresWhatTheBaselineHidesAndWhatIsBelowIt() {
        let errorsKnown = Baseline(entries: [
            .init(rule: HiddenFirstResponderRule.id, signature: "hidden_first_responder|UITextField#checkout.promoCode")
        ])
        #expect(ReportFixture.report(baseline: errorsKnown, failOn: .error).exitStatus == 0)
        #expect(ReportFixture.report(baseline: errorsKnown, failOn: .warning).exitStatus == 1)
        let infoOnly = ReportFixture.report(filter: ReportFilter(rules: [HitTestDivergenceRule.id]))
        #expect(
            Report(
                findings: ReportFixture.findings.filter { $0.severity == .info }, sessions: [], rules: [],
                options: ReportOptions(failOn: .warning)
            ).exitStatus == 0)
        #expect(infoOnly.groups.count == 1)
    }

    /// A problem in many sessions keeps its first findings in full, whatever order they came in, and counts the rest.
    @Test func aProblemKeepsItsFirstFindingsAndCountsTheRest() {
        let template = ReportFixture.findings[3]
        let many = (0..<(Triage.examplesPerProblem * 3)).map { k in
            var finding = template
            finding.scene = Scene(screen: Size(390, 844), t: Double(k), views: [])
            finding.session.id = "session-\(1000 + k)"
            finding.session.startedAt = "2026-11-\(10 + k % 20)T00:00:00.000Z"
            return finding
        }
        let forward = Triage.group(many)
        let backward = Triage.group(many.reversed())
        #expect(forward.count == 1 && forward == backward)
        let group = forward[0]
        #expect(group.findingCount == many.count && group.sessionCount == many.count)
        #expect(group.findings.count == Triage.examplesPerProblem)
        #expect(group.omittedFindings == many.count - Triage.examplesPerProblem)
        // The kept ones are the oldest, in order: what a full sort would put first.
        let sorted = many.sorted {
            ($0.session.started!, $0.session.id) < ($1.session.started!, $1.session.id)
        }
        #expect(group.findings.map(\.session.id) == sorted.prefix(Triage.examplesPerProblem).map(\.session.id))
        #expect(group.firstSeen == "2026-11-10T00:00:00.000Z" && group.lastSeen == "2026-11-29T00:00:00.000Z")
        // Only the first keeps its picture: the scene of the problem.
        #expect(group.findings[0].scene != nil && group.findings.dropFirst().allSatisfy { $0.scene == nil })
        let text = ReportFormat.text.render(
            Report(groups: forward, sessions: [], rules: [], options: ReportOptions(toolVersion: "t")))
        #expect(text.contains("  - and 40 more findings (the first 20 are listed)\n"))
    }
}
