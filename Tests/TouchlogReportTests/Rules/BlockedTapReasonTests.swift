import Testing

@testable import TouchlogReport

/// `blocked_tap` tells each way a visible control can miss a tap, in words a QA engineer can paste: one tiny session
/// per reason hit testing gives. The reasons are typed (``Obstacle``), so a new one breaks the build; a reason worded
/// wrongly, or taken for another, breaks this test.
@Suite struct BlockedTapReasonTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The window's subviews (a root view holding the story), and any windows in front.
        var views: String
        var moreWindows: String = ""
        /// The view the recording says the touch went to.
        var touched: String
        var y: Double = 640
        var phrase: String
        var severity: Severity
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "an ancestor with user interaction off",
            views:
                #"{"id":"panel","class":"UIView","frame":[0,600,390,200],"accessibilityIdentifier":"panel","isUserInteractionEnabled":false,"subviews":[{"id":"pay","class":"UIButton","frame":[20,20,100,40],"accessibilityLabel":"Pay"}]}"#,
            touched: "root", phrase: "its ancestor UIView #panel has user interaction off", severity: .error),
        Case(
            name: "the control is disabled",
            views:
                #"{"id":"pay","class":"UIButton","frame":[20,620,100,40],"accessibilityLabel":"Pay","isEnabled":false}"#,
            touched: "root", phrase: "it is disabled (hit testing skips a disabled control)", severity: .warning),
        Case(
            name: "an ancestor is a disabled control",
            views:
                #"{"id":"box","class":"UIControl","frame":[0,600,390,200],"accessibilityIdentifier":"box","isEnabled":false,"subviews":[{"id":"pay","class":"UIButton","frame":[20,20,100,40],"accessibilityLabel":"Pay"}]}"#,
            touched: "root", phrase: "its ancestor UIControl #box is a disabled control", severity: .error),
        Case(
            name: "outside its ancestor's bounds",
            views:
                #"{"id":"bar","class":"UIView","frame":[0,600,390,40],"accessibilityIdentifier":"bar","subviews":[{"id":"pay","class":"UIButton","frame":[20,50,100,40],"accessibilityLabel":"Pay"}]}"#,
            touched: "root", y: 660, phrase: "the point lies outside the bounds of its ancestor UIView #bar",
            severity: .error),
        Case(
            name: "a sibling in front",
            views:
                #"{"id":"pay","class":"UIButton","frame":[20,620,100,40],"accessibilityLabel":"Pay"},{"id":"cover","class":"UIView","frame":[0,600,390,200],"accessibilityIdentifier":"cover"}"#,
            touched: "cover", phrase: "UIView #cover in front of it took the touch", severity: .error),
        Case(
            name: "another window in front",
            views: #"{"id":"pay","class":"UIButton","frame":[20,620,100,40],"accessibilityLabel":"Pay"}"#,
            moreWindows:
                #",{"id":"w2","class":"UIWindow","frame":[0,0,390,844],"windowLevel":1,"accessibilityIdentifier":"alert","subviews":[{"id":"sheet","class":"UIView","frame":[0,500,390,344]}]}"#,
            touched: "sheet", phrase: "another window in front, UIWindow #alert, took the touch", severity: .error),
    ]

    @Test(arguments: cases)
    func explainsWhy(_ story: Case) throws {
        let text =
            ExampleSessions.header + "\n"
            + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":["#
            + story.views + "]}]}" + story.moreWindows + "]}\n"
            + #"{"type":"touch","t":1,"touch":1,"phase":"began","x":50,"y":\#(story.y),"window":"\#(story.touched == "sheet" ? "w2" : "w")","event":1,"view":"\#(story.touched)"}"#
            + "\n"
            + #"{"type":"touch","t":1.1,"touch":1,"phase":"ended","x":50,"y":\#(story.y),"window":"\#(story.touched == "sheet" ? "w2" : "w")","event":1}"#
            + "\n"
        // The button's finding (a disabled container is itself a control the tap missed, reported apart).
        let findings = try ReportEngine.findings(
            in: try ReportSession(jsonLines: text), rules: [BlockedTapRule.self], scenes: false
        ).filter { $0.views.first?.accessibilityLabel == "Pay" }
        try #require(findings.count == 1, "\(findings.map(\.explanation))")
        #expect(findings[0].explanation.contains(story.phrase), "\(findings[0].explanation)")
        #expect(findings[0].severity == story.severity)
        #expect(findings[0].explanation.hasPrefix("A tap inside UIButton \"Pay\" never reached it: "))
    }
}
