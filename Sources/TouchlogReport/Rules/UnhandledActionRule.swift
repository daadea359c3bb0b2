import ResponderCore
import TouchlogFormat

/// A nil-targeted action that no responder handled.
final class UnhandledActionRule: Rule {
    static let description = RuleDescription(
        identifier: "unhandled_action", name: "Action nobody handled", severity: .warning,
        rationale: """
            An action sent to nil (`sendAction(_:to: nil, …)`, a control whose target is nil) walks the responder \
            chain from the first responder (or the sender when there is none) through views, view controllers, \
            the window and the application to the app delegate, and goes to the first that implements it and whose \
            `canPerformAction(_:withSender:)` says yes. When none does, UIKit drops it silently: the button looks \
            tapped and nothing happens. Usually the responder that implements it is not in the chain at that moment \
            (another screen, a child controller not added with `addChild`); sometimes it is, and refuses it then (a \
            `paste:` with nothing to paste), which the finding names.
            """,
        triggeringExamples: [
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"report","class":"UIButton","frame":[20,700,350,50],"accessibilityIdentifier":"help.report","actions":[{"events":["touchUpInside"],"target":null,"action":"reportProblem:"}]}]}]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"report"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#,
                produces: [.init(severity: .warning, records: [4], views: ["UIButton#help.report"])]),
            // The controller implements paste: but refuses it now (nothing to paste).
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"paste","class":"UIButton","frame":[20,700,350,50],"accessibilityLabel":"Paste","actions":[{"events":["touchUpInside"],"target":null,"action":"paste:"}]}]}]}],"controllers":[{"id":"vc","class":"App.NoteViewController","view":"root","implements":["paste:"],"refusesActions":["paste:"]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"paste"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#,
                produces: [.init(severity: .warning, records: [4], views: ["UIButton\"Paste\""])]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"report","class":"UIButton","frame":[20,700,350,50],"accessibilityIdentifier":"help.report","actions":[{"events":["touchUpInside"],"target":null,"action":"reportProblem:"}]}]}]}],"controllers":[{"id":"vc","class":"App.HelpViewController","view":"root","implements":["reportProblem:"]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"report"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#)
        ])

    private var findings: [Finding] = []

    init() {}

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        for action in step.actions where action.target == nil {
            let sender = action.sender.map { build.view($0, in: model, role: "sender") }
            let from = sender.map { " from \(build.name($0))" } ?? ""
            let t = input.t ?? 0
            var touches: [Point] = []
            if case .touch(let touch) = input.record, touch.phase == .began { touches = [Point(touch.x, touch.y)] }
            // Responders on the chain that implement the action refused it (canPerformAction said no): name the first.
            let refusing = model.nilTargetedActionStart(sender: action.sender).flatMap { start in
                model.responderChain(from: start).first { model.implements($0, action: action.action) }
            }
            let why: String
            if let refusing {
                let name: String
                switch refusing {
                case .view: name = build.name(build.view(refusing, in: model))
                case .controller, .application, .applicationDelegate, .recognizer, .object: name = model.label(refusing)
                }
                why =
                    "; \(name) implements it but refused it then (its canPerformAction(_:withSender:) said no), so nothing happened."
            } else {
                why = " and no responder implements it, so nothing happened."
            }
            findings.append(
                build.finding(
                    .warning, records: [Citation(input.seq, t)], views: sender.map { [$0] } ?? [],
                    explanation: "The action \(action.action)\(from) was sent to the responder chain" + why,
                    scene: build.scene(model, t: t, touches: touches, hitView: step.view)))
        }
    }

    func finish(build: FindingBuilder) -> [Finding] { findings }
}
