import Foundation
import Testing

@testable import TouchlogReport

/// Issue 26: a rage tap is named with why the taps did nothing, and grouped with the finding that causes it: it
/// names that finding's views, its explanation names that rule, and triage counts it in that rule's problem. A rage
/// tap nothing explains stays a problem of its own.
@Suite struct RageTapCauseTests {
    /// Three quick taps at (x, y), 0.3 s apart, each held `hold` seconds, on `view` (the recorded view; none when nil).
    static func taps(x: Int, y: Int, view: String?, from t: Double = 1, hold: Double = 0.1) -> String {
        (0..<3).map { n in
            let began = t + 0.3 * Double(n)
            let bound = view.map { #","view":"\#($0)""# } ?? ""
            return
                #"{"type":"touch","t":\#(began),"touch":\#(n + 10),"phase":"began","x":\#(x),"y":\#(y),"window":"w","event":\#(n + 10)\#(bound)}"#
                + "\n"
                + #"{"type":"touch","t":\#(began + hold),"touch":\#(n + 10),"phase":"ended","x":\#(x),"y":\#(y),"window":"w","event":\#(n + 10)}"#
                + "\n"
        }.joined()
    }

    static let table =
        ExampleSessions.header + "\n"
        + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"table","class":"UITableView","frame":[0,0,390,844],"accessibilityIdentifier":"contacts","gestureRecognizers":[{"id":"dismissTap","class":"UITapGestureRecognizer","cancelsTouchesInView":true,"actions":[{"target":"vc","action":"dismissKeyboard"}]}],"subviews":[{"id":"cell0","class":"UITableViewCell","frame":[0,0,390,60],"accessibilityIdentifier":"contacts.cell","subviews":[{"id":"content0","class":"UITableViewCellContentView","baseClass":"UIView","frame":[0,0,390,60]}]}]}]}],"controllers":[{"id":"vc","class":"App.ContactsViewController","view":"table","implements":["dismissKeyboard"]}]}"#
        + "\n"

    static let deadPay =
        ExampleSessions.header + "\n"
        + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"pay","class":"UIButton","frame":[20,700,350,50],"accessibilityLabel":"Pay"}]}]}]}"#
        + "\n"

    static let nilTargeted =
        ExampleSessions.header + "\n"
        + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"report","class":"UIButton","frame":[20,700,350,50],"accessibilityIdentifier":"help.report","actions":[{"events":["touchUpInside"],"target":null,"action":"reportProblem:"}]}]}]}]}"#
        + "\n"

    static let toast =
        ExampleSessions.form
        + #"{"type":"insert","t":0.5,"parent":"root","view":{"id":"toast","class":"App.ToastView","frame":[0,650,390,150],"alpha":0.02,"accessibilityLabel":"Saved"}}"#
        + "\n"

    /// A session with a rage tap, and the rule whose finding says why.
    static let stories: [(name: String, session: String, cause: RuleID)] = [
        ("a toast in front of Save", toast + taps(x: 100, y: 720, view: "toast"), BlockedTapRule.id),
        (
            "a disabled Save",
            ExampleSessions.form + #"{"type":"set","t":0.5,"view":"save","isEnabled":false}"# + "\n"
                + taps(x: 100, y: 720, view: "root"), BlockedTapRule.id
        ),
        (
            "a keyboard-dismissing recognizer over a row", table + taps(x: 100, y: 30, view: "content0", hold: 0.2),
            SwallowedTapRule.id
        ),
        ("an action nobody handles", nilTargeted + taps(x: 100, y: 720, view: "report"), UnhandledActionRule.id),
        ("a button with no action", deadPay + taps(x: 100, y: 720, view: "pay"), DeadTapRule.id),
        (
            "taps beside the field to dismiss the keyboard",
            ExampleSessions.editing + taps(x: 200, y: 300, view: nil, from: 3), TapFailedToDismissRule.id
        ),
    ]

    static func findings(_ session: String) throws -> [Finding] {
        try ReportEngine.findings(in: try ReportSession(jsonLines: session), rules: RuleRegistry.all, scenes: true)
    }

    @Test(arguments: stories.indices)
    func aRageTapNamesItsCauseAndCountsInItsProblem(_ index: Int) throws {
        let story = Self.stories[index]
        let found = try Self.findings(story.session)
        let rage = found.filter { $0.ruleID == RageTapRule.id }
        try #require(rage.count == 1, "\(story.name): \(found.map { "\($0.ruleID): \($0.explanation)" })")
        #expect(rage[0].severity == .warning, "\(story.name)")
        #expect(rage[0].explanation.contains("`\(story.cause)`"), "\(story.name): \(rage[0].explanation)")
        if story.cause == BlockedTapRule.id {
            // The blocked tap's words read on: "… (a rage tap): the taps inside UIButton "Save" never reached it: …".
            #expect(rage[0].explanation.contains("(a rage tap): the taps inside "), "\(rage[0].explanation)")
        }
        // The cause's finding names the same views.
        let views = Signature.of(ruleID: story.cause, views: rage[0].views)
        #expect(
            found.contains { $0.ruleID == story.cause && $0.signature == views },
            "\(story.name): \(views) among \(found.map(\.signature))")
        // One problem: the cause's, with the rage tap counted in it.
        let groups = Triage.group(found)
        #expect(!groups.contains { $0.ruleID == RageTapRule.id }, "\(story.name): \(groups.map(\.signature))")
        let problem = groups.first { $0.signature == views }
        #expect(problem?.findings.contains { $0.ruleID == RageTapRule.id } == true, "\(story.name)")
        // The picture shows every tap of the burst.
        #expect(rage[0].scene?.touches.count == 3, "\(story.name)")
    }

    /// The report of the toast story: one problem, the blocked tap's, with the rage tap counted in it.
    static func toastReport() throws -> Report {
        Report(
            findings: try findings(stories[0].session), sessions: [], unanalysed: [],
            rules: RuleRegistry.all.map {
                RuleSummary(
                    identifier: $0.id, name: $0.description.name, severity: $0.description.severity,
                    rationale: $0.description.rationale)
            }, options: ReportOptions(toolVersion: "0.1.0"))
    }

    /// In the text report the rage tap is listed among the cause's occurrences with its own words, so folding it
    /// into the cause's problem does not hide the frustration.
    @Test func theTextReportListsTheRageTapInItsCausesProblem() throws {
        let text = ReportFormat.text.render(try Self.toastReport())
        #expect(text.contains("1 problem (2 findings)"), "\(text)")
        #expect(text.contains(": rage_tap 3 taps in 0.6 s"), "\(text)")
    }

    /// Every format that lists a problem's occurrences gives the folded rage tap's rule and words beside its
    /// occurrence (Markdown and HTML in a Note column, JUnit in the details, GitHub as an "Also" line, JSON as the
    /// finding's `rule`), and so does the problem's Markdown attachment. One-line formats (xcode, gitlab, summary)
    /// name only the problem.
    @Test(arguments: [ReportFormat.markdown, .html, .junit, .github, .json, .sarif])
    func everyFormatListingOccurrencesSaysWhatTheRageTapSays(_ format: ReportFormat) throws {
        let report = try Self.toastReport()
        #expect(report.groups.map(\.ruleID) == [BlockedTapRule.id])
        let output = format.render(report)
        let words = try #require(report.groups.first?.findings.first { $0.ruleID == RageTapRule.id }?.explanation)
        #expect(words.hasPrefix("3 taps in 0.6 s"))
        switch format {
        case .markdown:
            #expect(output.contains("| Note |") && output.contains(" `rage_tap`: 3 taps in 0.6 s"), "\(output)")
        case .html:
            #expect(output.contains("<th>Note</th>"), "\(output)")
            #expect(
                output.contains("<td class=\"note\" data-label=\"Note\"><code>rage_tap</code> 3 taps in 0.6 s"),
                "\(output)")
        case .junit: #expect(output.contains(": rage_tap 3 taps in 0.6 s"), "\(output)")
        case .github: #expect(output.contains("%0AAlso rage_tap in session "), "\(output)")
        case .json:
            #expect(output.contains(#""rule":"rage_tap""#) || output.contains(#""rule": "rage_tap""#), "\(output)")
        case .sarif:
            #expect(output.contains(#""ruleId":"rage_tap""#) || output.contains(#""ruleId": "rage_tap""#), "\(output)")
        case .text, .xcode, .gitlab, .summary: Issue.record("\(format) is not a listing format")
        }
    }

    /// The problem's attachment leads with the blocked tap and lists the rage tap, with its words, among the other
    /// occurrences.
    @Test func theProblemsAttachmentListsTheRageTapWithItsWords() throws {
        let report = try Self.toastReport()
        #expect(report.groups.first?.representative.ruleID == BlockedTapRule.id)
        let attachment = try #require(AttachmentFormatter.attachments(report).first { $0.name.hasSuffix(".md") })
        #expect(attachment.contents.hasPrefix("# error: blocked_tap"), "\(attachment.contents)")
        #expect(attachment.contents.contains(": `rage_tap` 3 taps in 0.6 s"), "\(attachment.contents)")
    }

    /// Taps on the keyboard are no taps of the app's (the system keyboard is another process, whose keys the app
    /// never receives): three quick taps on a key in UIKit's keyboard window say nothing, while the same taps on a view
    /// of the app's own window that presents itself as a button are a dead tap and a rage tap.
    @Test func tapsOnTheKeyboardAreNoTaps() throws {
        func session(window: String, key: String) -> String {
            ExampleSessions.header + "\n"
                + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844]}]},{"id":"kb","class":"\#(window)","baseClass":"UIWindow","frame":[0,0,390,844],"windowLevel":10,"subviews":[{"id":"key","class":"\#(key)","baseClass":"UIView","frame":[0,600,60,50],"accessibilityTraits":["button"],"accessibilityLabel":"q"}]}]}"#
                + "\n"
                + Self.taps(x: 30, y: 620, view: "key").replacingOccurrences(
                    of: #""window":"w""#, with: #""window":"kb""#)
        }
        for (window, key) in [
            ("UIRemoteKeyboardWindow", "App.KeyView"), ("UITextEffectsWindow", "App.KeyView"),
            ("App.InputWindow", "UIKBKeyView"),
            ("App.InputWindow", "UIKeyboardLayoutStar"),
        ] {
            let found = try Self.findings(session(window: window, key: key))
            #expect(found.isEmpty, "\(window): \(found.map { "\($0.ruleID): \($0.explanation)" })")
        }
        let app = try Self.findings(session(window: "App.OverlayWindow", key: "App.KeyView"))
        #expect(Set(app.map(\.ruleID)) == [DeadTapRule.id, RageTapRule.id], "\(app.map(\.ruleID))")
    }

    /// Nothing explains the taps on a view that answers no tap: a note of its own, not folded into anything.
    @Test func aRageTapNothingExplainsIsItsOwnProblem() throws {
        let session =
            ExampleSessions.header + "\n"
            + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"accessibilityIdentifier":"product"}]}]}"#
            + "\n" + Self.taps(x: 200, y: 250, view: "root")
        let found = try Self.findings(session)
        #expect(found.map(\.ruleID) == [RageTapRule.id])
        #expect(found.first?.severity == .info)
        #expect(Triage.group(found).map(\.ruleID) == [RageTapRule.id])
    }

    /// The thresholds come from the configuration: four taps needed, three are no rage tap; a wider window makes
    /// slower taps one.
    @Test func theThresholdsAreTheConfiguredOnes() throws {
        func rage(_ session: String, _ parameters: RageTapRule.Parameters) throws -> [Finding] {
            var configuration = ReportConfiguration()
            configuration.setParameters(parameters, for: RageTapRule.self)
            return try ReportEngine.findings(
                in: try ReportSession(jsonLines: session), rules: configuration.configured([RageTapRule.self]),
                scenes: false)
        }
        let quick = Self.deadPay + Self.taps(x: 100, y: 720, view: "pay")
        var four = RageTapRule.Parameters()
        four.minimumTaps = Count(4)
        #expect(try rage(quick, RageTapRule.Parameters()).count == 1)
        #expect(try rage(quick, four).isEmpty)
        // 0.9 s apart: 1.8 s from the first to the third.
        let slow =
            Self.deadPay
            + (0..<3).map { n in
                let t = 1 + 0.9 * Double(n)
                return
                    #"{"type":"touch","t":\#(t),"touch":\#(n),"phase":"began","x":100,"y":720,"window":"w","event":\#(n),"view":"pay"}"#
                    + "\n"
                    + #"{"type":"touch","t":\#(t + 0.1),"touch":\#(n),"phase":"ended","x":100,"y":720,"window":"w","event":\#(n)}"#
                    + "\n"
            }.joined()
        var wide = RageTapRule.Parameters()
        wide.window = Seconds(2)
        #expect(try rage(slow, RageTapRule.Parameters()).isEmpty)
        #expect(try rage(slow, wide).count == 1)
    }
}
