import ResponderCore
import TouchlogFormat

/// The keyboard is up while nothing is first responder.
final class KeyboardWithoutFirstResponderRule: Rule {
    static let description = RuleDescription(
        identifier: "keyboard_without_first_responder", name: "Keyboard up without a first responder",
        severity: .warning,
        rationale: """
            The keyboard belongs to the first responder: when it resigns, UIKit hides the keyboard. A keyboard that \
            stays up (as its notifications recorded it) with no first responder for the tolerance or longer (half a \
            second by default, longer than any transition) means the recording and UIKit's rules disagree: a custom input view left on \
            screen, a responder that resigned without the keyboard noticing, or a missing `firstResponder` \
            observation. Typing goes nowhere.
            """,
        triggeringExamples: [
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"firstResponder","t":2.0,"view":null,"window":"w"}
                    {"type":"key","t":3.0,"length":1}
                    """#,
                produces: [.init(severity: .warning, records: [8, 9], views: ["UITextField#form.name"])])
        ],
        nonTriggeringExamples: [
            // The keyboard notifications describe a chat's message bar, shown for its controller as first responder.
            RuleExample(ExampleSessions.chat),
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"call","t":2.0,"view":"name","method":"resignFirstResponder"}
                    {"type":"firstResponder","t":2.0,"view":null,"window":"w"}
                    {"type":"keyboard","t":2.01,"phase":"willHide","frame":[0,508,390,336]}
                    {"type":"keyboard","t":2.3,"phase":"didHide","frame":[0,508,390,336]}
                    {"type":"touch","t":4.0,"touch":2,"phase":"began","x":200,"y":400,"window":"w","event":2}
                    """#),
            // Each window keeps its own first responder: a chat window's resigning (it is not key) leaves the keyboard
            // to the key window's field.
            RuleExample(
                ExampleSessions.header + "\n"
                    + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"name","class":"UITextField","frame":[20,100,350,44],"accessibilityLabel":"Name"}]},{"id":"chat","class":"UIWindow","frame":[0,400,390,120],"windowLevel":1,"subviews":[{"id":"message","class":"UITextField","frame":[20,40,350,44],"isFirstResponder":true}]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":120,"window":"w","event":1,"view":"name"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":120,"window":"w","event":1}
                    {"type":"firstResponder","t":1.1,"view":"name","window":"w"}
                    {"type":"keyboard","t":1.1,"phase":"willShow","frame":[0,508,390,336]}
                    {"type":"call","t":2.0,"view":"message","method":"resignFirstResponder"}
                    {"type":"firstResponder","t":2.0,"view":null,"window":"chat"}
                    {"type":"key","t":3.0,"length":1}
                    """#),
        ])

    private let parameters: KeyboardAgreement.Parameters

    init(parameters: KeyboardAgreement.Parameters) { self.parameters = parameters }

    convenience init() { self.init(parameters: KeyboardAgreement.Parameters()) }

    /// The stretches come from the session's ``KeyboardAgreement``, which follows every record for both keyboard
    /// rules.
    /// The session's keyboard agreement follows the records.
    static let followsRecords = false

    func finish(build: FindingBuilder) -> [Finding] {
        build.context.keyboardAgreement.finish(.keyboardWithoutResponder, tolerance: parameters.tolerance).map {
            stretch in
            var views: [ViewRef] = []
            if var previous = stretch.previousResponder {
                previous.role = "last first responder"
                views.append(previous)
            }
            let who = views.first.map { " after \(build.name($0)) resigned" } ?? ""
            let until =
                stretch.untilEnd ? "until the session ended" : "for \(Wording.seconds(stretch.end.t - stretch.start.t))"
            return build.finding(
                .warning, records: [stretch.start, stretch.end], views: views,
                explanation: "The keyboard stayed up with no first responder\(who), \(until), so typing went nowhere.",
                scene: stretch.scene)
        }
    }
}
