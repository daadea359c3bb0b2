import Testing

@testable import TouchlogReport

/// `blocked_tap` and `unreachable_control` on screens where what the hit test says is not the whole story: a view in
/// front that handled the tap, a control nobody can see, one problem seen by both rules. Each case has its pair: the
/// same screen where the rule must speak.
@Suite struct ReachabilityPrecisionTests {
    static func findings(_ text: String, _ rules: [any Rule.Type]) throws -> [Finding] {
        try ReportEngine.findings(in: try ReportSession(jsonLines: text), rules: rules, scenes: false)
    }

    /// The form's Save (y 700-750) with `front` inserted into the root view in front of it, and a tap at (100, 720)
    /// on `touched`, followed by `after` (the observations of what the front view did).
    static func tapOnFront(_ front: String, touched: String, after: String = "") -> String {
        ExampleSessions.form
            + #"{"type":"insert","t":0.5,"parent":"root","view":\#(front)}"# + "\n"
            + #"{"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"\#(touched)"}"#
            + "\n"
            + #"{"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}"# + "\n"
            + after
    }

    struct Front: CustomTestStringConvertible, Sendable {
        var name: String
        var view: String
        var touched: String
        var after: String = ""
        /// Whether blocked_tap reports Save.
        var blocked: Bool
        var testDescription: String { name }
    }

    static let fronts: [Front] = [
        Front(
            name: "a button in front that sent its action",
            view:
                #"{"id":"undo","class":"UIButton","frame":[0,690,390,60],"accessibilityLabel":"Undo","actions":[{"events":["touchUpInside"],"target":"vc","action":"save:"}]}"#,
            touched: "undo", after: #"{"type":"sent","t":1.1,"action":"save:","target":"vc","sender":"undo"}"# + "\n",
            blocked: false),
        Front(
            name: "the same button nearly transparent",
            view:
                #"{"id":"undo","class":"UIButton","frame":[0,690,390,60],"alpha":0.05,"accessibilityLabel":"Undo","actions":[{"events":["touchUpInside"],"target":"vc","action":"save:"}]}"#,
            touched: "undo", after: #"{"type":"sent","t":1.1,"action":"save:","target":"vc","sender":"undo"}"# + "\n",
            blocked: true),
        Front(
            name: "a button in front inside a container faded to near nothing",
            view:
                #"{"id":"banner","class":"UIView","frame":[0,680,390,100],"alpha":0.3,"subviews":[{"id":"undo","class":"UIButton","frame":[0,10,390,60],"alpha":0.3,"accessibilityLabel":"Undo","actions":[{"events":["touchUpInside"],"target":"vc","action":"save:"}]}]}"#,
            touched: "undo", blocked: true),
        Front(
            name: "a text field in front that became first responder",
            view: #"{"id":"note","class":"UITextField","frame":[0,690,390,60],"accessibilityLabel":"Note"}"#,
            touched: "note", after: #"{"type":"firstResponder","t":1.1,"view":"note","window":"w"}"# + "\n",
            blocked: false),
        Front(
            name: "a card in front whose tap recognizer recognized",
            view:
                #"{"id":"card","class":"App.CardView","frame":[0,650,390,150],"accessibilityIdentifier":"card","gestureRecognizers":[{"id":"cardTap","class":"UITapGestureRecognizer","actions":[{"target":"vc","action":"openCard:"}]}]}"#,
            touched: "card", after: #"{"type":"recognizer","t":1.1,"id":"cardTap","state":"ended"}"# + "\n",
            blocked: false),
        Front(
            name: "a card in front that did nothing with the tap",
            view: #"{"id":"card","class":"App.CardView","frame":[0,650,390,150],"accessibilityIdentifier":"card"}"#,
            touched: "card", blocked: true),
    ]

    @Test(arguments: fronts)
    func aViewInFrontThatHandledTheTap(_ front: Front) throws {
        let found = try Self.findings(
            Self.tapOnFront(front.view, touched: front.touched, after: front.after), [BlockedTapRule.self])
        let save = found.filter { $0.views.first?.accessibilityLabel == "Save" }
        #expect(save.count == (front.blocked ? 1 : 0), "\(found.map(\.explanation))")
        if front.blocked, front.after.contains("sent") {
            #expect(save.first?.explanation.contains("nearly transparent: the user could not see") == true)
        }
    }

    /// Issue 27 item 8: the toast is in the snapshot and the user taps through it. Both rules see Save blocked by
    /// it; blocked_tap reports it with the taps, unreachable_control leaves it (and reports it when run alone).
    @Test func oneProblemOneFinding() throws {
        let text =
            ExampleSessions.header + "\n"
            + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"save","class":"UIButton","frame":[20,700,350,50],"accessibilityLabel":"Save"},{"id":"toast","class":"App.ToastView","frame":[0,650,390,150],"alpha":0.02,"accessibilityLabel":"Saved"}]}]}]}"#
            + "\n"
            + #"{"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"toast"}"#
            + "\n" + #"{"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}"#
            + "\n"
        let both = try Self.findings(text, [BlockedTapRule.self, UnreachableControlRule.self])
        #expect(both.map(\.ruleID) == [BlockedTapRule.id], "\(both.map(\.explanation))")
        let alone = try Self.findings(text, [UnreachableControlRule.self])
        #expect(alone.map(\.ruleID) == [UnreachableControlRule.id])
        #expect(alone.first?.severity == .error)
    }

    struct Sight: CustomTestStringConvertible, Sendable {
        var name: String
        /// The window's subviews: a story around the Pay button.
        var views: String
        /// The severity unreachable_control gives Pay; nil: nothing.
        var severity: Severity?
        var testDescription: String { name }
    }

    static let sights: [Sight] = [
        Sight(
            name: "clipped away by a plain view that clips to its bounds",
            views:
                #"{"id":"panel","class":"UIView","frame":[0,600,390,40],"clipsToBounds":true,"subviews":[{"id":"pay","class":"UIButton","frame":[20,50,100,40],"accessibilityLabel":"Pay"}]}"#,
            severity: nil),
        Sight(
            name: "the same panel drawing it outside its bounds",
            views:
                #"{"id":"panel","class":"UIView","frame":[0,600,390,40],"subviews":[{"id":"pay","class":"UIButton","frame":[20,50,100,40],"accessibilityLabel":"Pay"}]}"#,
            severity: .error),
        Sight(
            name: "off screen",
            views: #"{"id":"pay","class":"UIButton","frame":[420,600,100,40],"accessibilityLabel":"Pay"}"#,
            severity: nil),
        Sight(
            name: "half clipped, and the half on screen covered",
            views:
                #"{"id":"panel","class":"UIView","frame":[0,600,390,40],"clipsToBounds":true,"subviews":[{"id":"pay","class":"UIButton","frame":[20,20,100,40],"accessibilityLabel":"Pay"}]},{"id":"cover","class":"UIView","frame":[0,610,390,40]}"#,
            severity: .error),
        Sight(
            name: "in a scroll view's content, under a bar outside it",
            views:
                #"{"id":"scroll","class":"UIScrollView","frame":[0,0,390,844],"subviews":[{"id":"pay","class":"UIButton","frame":[20,40,100,40],"accessibilityLabel":"Pay"}]},{"id":"bar","class":"UINavigationBar","frame":[0,0,390,100]}"#,
            severity: .info),
        Sight(
            name: "in a scroll view's content, under an overlay that covers the whole scroll view",
            views:
                #"{"id":"scroll","class":"UIScrollView","frame":[0,0,390,844],"subviews":[{"id":"pay","class":"UIButton","frame":[20,40,100,40],"accessibilityLabel":"Pay"}]},{"id":"overlay","class":"UIView","frame":[0,0,390,844]}"#,
            severity: .error),
        Sight(
            name: "in a scroll view's content, under a view that scrolls with it",
            views:
                #"{"id":"scroll","class":"UIScrollView","frame":[0,0,390,844],"subviews":[{"id":"pay","class":"UIButton","frame":[20,40,100,40],"accessibilityLabel":"Pay"},{"id":"badge","class":"UIView","frame":[0,30,200,60]}]}"#,
            severity: .error),
    ]

    @Test(arguments: sights)
    func onlyWhatAPersonCanSee(_ sight: Sight) throws {
        let text =
            ExampleSessions.header + "\n"
            + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":["#
            + sight.views + "]}]}\n"
        let pay = try Self.findings(text, [UnreachableControlRule.self]).filter {
            $0.views.first?.accessibilityLabel == "Pay"
        }
        #expect(pay.map(\.severity) == (sight.severity.map { [$0] } ?? []), "\(pay.map(\.explanation))")
    }

    /// A presentation covers the presenter on purpose only while the presented screen is there: the same sheet
    /// without `presentingViewController` is an overlay like any other.
    @Test func aSheetIsAPresentationOnlyWhenTheRecordingSaysSo() throws {
        #expect(try Self.findings(ExampleSessions.sheet, [UnreachableControlRule.self]).isEmpty)
        let overlay = ExampleSessions.sheet.replacingOccurrences(of: #","presentingViewController":"vc""#, with: "")
        let found = try Self.findings(overlay, [UnreachableControlRule.self])
        #expect(Set(found.map { $0.views[0].accessibilityLabel }) == ["Add", "Save"])
        #expect(found.allSatisfy { $0.severity == .error })
    }
}
