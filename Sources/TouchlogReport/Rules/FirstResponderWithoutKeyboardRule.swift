import ResponderCore
import TouchlogFormat

/// A text input is first responder while the keyboard is down.
final class FirstResponderWithoutKeyboardRule: Rule {
    static let description = RuleDescription(
        identifier: "first_responder_without_keyboard", name: "First responder without a keyboard",
        severity: .warning,
        rationale: """
            A text input that becomes first responder brings up the keyboard, and the keyboard goes when it \
            resigns. When a text input stays first responder (as recorded, else in the model) while the keyboard \
            is down (as its notifications recorded it) for the tolerance or longer (half a second by default, \
            longer than any transition), the field shows a caret the user cannot type into: the keyboard was dismissed without resigning the \
            field (e.g. `inputView` swapped, a hardware keyboard assumption), or the app hid it by other means.
            """,
        triggeringExamples: [
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"keyboard","t":2.0,"phase":"willHide","frame":[0,508,390,336]}
                    {"type":"keyboard","t":2.3,"phase":"didHide","frame":[0,508,390,336]}
                    {"type":"touch","t":4.0,"touch":2,"phase":"began","x":200,"y":400,"window":"w","event":2}
                    """#,
                produces: [.init(severity: .warning, records: [8, 10], views: ["UITextField#form.name"])])
        ],
        nonTriggeringExamples: [
            RuleExample(ExampleSessions.editing + #"{"type":"key","t":3.0,"length":1}"#),
            // The keyboard changes its frame while the field is edited (the predictive bar, another input mode):
            // it stays up. A frame change says nothing of visibility.
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"keyboard","t":2.0,"phase":"willChangeFrame","frame":[0,464,390,380]}
                    {"type":"key","t":3.0,"length":1}
                    {"type":"touch","t":4.0,"touch":2,"phase":"began","x":200,"y":400,"window":"w","event":2}
                    """#),
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"call","t":2.0,"view":"name","method":"resignFirstResponder"}
                    {"type":"firstResponder","t":2.0,"view":null,"window":"w"}
                    {"type":"keyboard","t":2.01,"phase":"willHide","frame":[0,508,390,336]}
                    {"type":"touch","t":4.0,"touch":2,"phase":"began","x":200,"y":400,"window":"w","event":2}
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
        build.context.keyboardAgreement.finish(.responderWithoutKeyboard, tolerance: parameters.tolerance).compactMap {
            stretch in
            guard var view = stretch.responder else { return nil }
            view.role = "first responder"
            let until =
                stretch.untilEnd ? "until the session ended" : "for \(Wording.seconds(stretch.end.t - stretch.start.t))"
            return build.finding(
                .warning, records: [stretch.start, stretch.end], views: [view],
                explanation:
                    "\(build.name(view)) stayed first responder with the keyboard down \(until), so it showed a caret nobody could type into.",
                scene: stretch.scene)
        }
    }
}
