import Testing

@testable import TouchlogReport

/// `unhandled_action` says why nobody handled a nil-targeted action: no responder on the chain implements it, or one
/// does and refused it (its recorded `canPerformAction` answer), which it names.
@Suite struct UnhandledActionWordingTests {
    /// A Paste button sending `paste:` to nil, with a note field and a controller whose fields say who implements it.
    func explanations(field: String, controller: String) throws -> [String] {
        let text =
            ExampleSessions.header + "\n"
            + #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"note","class":"UITextField","frame":[20,100,350,44],"accessibilityLabel":"Note","isFirstResponder":true\#(field)},{"id":"paste","class":"UIButton","frame":[20,700,350,50],"accessibilityLabel":"Paste","actions":[{"events":["touchUpInside"],"target":null,"action":"paste:"}]}]}]}],"controllers":[{"id":"vc","class":"App.NoteViewController","view":"root"\#(controller)}]}"#
            + "\n"
            + #"{"type":"touch","t":1,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"paste"}"#
            + "\n" + #"{"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}"#
            + "\n"
        return try ReportEngine.findings(
            in: try ReportSession(jsonLines: text), rules: [UnhandledActionRule.self], scenes: false
        ).map(\.explanation)
    }

    @Test func nobodyImplementsIt() throws {
        #expect(
            try explanations(field: "", controller: "") == [
                "The action paste: from UIButton \"Paste\" was sent to the responder chain and no responder implements it, so nothing happened."
            ])
    }

    /// The first responder on the chain that implements it and refused it is named: the field, before its controller.
    @Test func theFirstRefusingResponderIsNamed() throws {
        let refused = #","implements":["paste:"],"refusesActions":["paste:"]"#
        #expect(
            try explanations(field: refused, controller: refused) == [
                "The action paste: from UIButton \"Paste\" was sent to the responder chain; UITextField \"Note\" implements it but refused it then (its canPerformAction(_:withSender:) said no), so nothing happened."
            ])
        #expect(
            try explanations(field: "", controller: refused).first?.contains(
                "; vc (App.NoteViewController) implements it but refused it then") == true)
    }

    /// A responder that implements it and does not refuse it handles it: no finding at all.
    @Test func anImplementerThatDoesNotRefuseHandlesIt() throws {
        #expect(try explanations(field: #","implements":["paste:"]"#, controller: "").isEmpty)
    }
}
