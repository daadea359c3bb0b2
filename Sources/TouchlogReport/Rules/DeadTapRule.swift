import ResponderCore
import TouchlogFormat

/// A tap on something that presents itself as tappable, after which nothing happened.
final class DeadTapRule: Rule {
    static let description = RuleDescription(
        identifier: "dead_tap", name: "Tap on something tappable that did nothing", severity: .warning,
        rationale: """
            A button that does nothing when tapped looks broken: the user taps again, gives up, or files a bug \
            that says "the button doesn't work". The rule reports a tap that reached a view presenting itself as \
            tappable (a UIButton or a custom UIControl, or a view whose recorded `accessibilityTraits` say `button` \
            or `link`, itself or its nearest such ancestor) after which nothing happened: no action sent, no \
            gesture recognizer began or recognized, no control event the recording saw (`sent`), no row selected, \
            no first-responder or keyboard change, and no change of the hierarchy (a `set`, `insert`, `remove`, \
            `snapshot`, `call` or `action` record) from the touch until `response_time` after the finger lifted. \
            Usually the control has no target for `touchUpInside` (an outlet connected, its action not), its target \
            is gone, or its recognizer was never added; give it its action, or stop presenting it as a button. A \
            tap is one finger that lifted within 10 points of where it began: a drag, a scroll, a second finger or a \
            touch the system cancelled is none, and neither is a touch on the keyboard. Not reported: a tap on a \
            text input (placing the cursor is something) or inside one; a tap that only dismissed the keyboard (the \
            first responder changed); controls that answer a tap themselves whatever the app does (a switch, \
            stepper, segmented or page control, slider, date picker or colour well), and a view whose traits say \
            `notEnabled`; a disabled control, which hit testing passes over, so the tap never reaches it (that is a \
            `blocked_tap` warning); a tap `blocked_tap` reports (a view in front of a control took it), \
            `swallowed_tap` reports (a recognizer recognized) or `unhandled_action` reports (an action was sent, \
            nobody handled it). One finding per tapped view. \
            Nor a tap on SwiftUI content (inside a view that hosts SwiftUI, `hostsSwiftUI`): a SwiftUI button or \
            gesture may have answered it, which the model cannot see.
            """,
        triggeringExamples: [
            // Save has no target: its outlet is connected, its action is not.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"accessibilityIdentifier":"form","subviews":[{"id":"save","class":"UIButton","frame":[20,700,350,50],"accessibilityLabel":"Save"}]}]}],"controllers":[{"id":"vc","class":"App.FormViewController","view":"root","implements":["save:"]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"save"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    {"type":"time","t":3.0}
                    """#,
                produces: [.init(severity: .warning, records: [3, 4], views: ["UIButton\"Save\""])]),
            // A card that says it is a link (its traits), tapped on its title label twice: its tap recognizer was
            // never added. One finding, both taps.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"card","class":"App.OfferCard","baseClass":"UIView","frame":[20,200,350,120],"accessibilityIdentifier":"offer.card","accessibilityTraits":["link"],"subviews":[{"id":"title","class":"UILabel","frame":[10,10,330,30],"isUserInteractionEnabled":true}]}]}]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":225,"window":"w","event":1,"view":"title"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":225,"window":"w","event":1}
                    {"type":"touch","t":3.0,"touch":2,"phase":"began","x":120,"y":260,"window":"w","event":2,"view":"card"}
                    {"type":"touch","t":3.1,"touch":2,"phase":"ended","x":120,"y":260,"window":"w","event":2}
                    """#,
                produces: [.init(severity: .warning, records: [3, 4, 5, 6], views: ["App.OfferCard#offer.card"])]),
        ],
        nonTriggeringExamples: [
            // A UIKit button inside SwiftUI content (a representable): a SwiftUI gesture around it may have answered.
            RuleExample(
                ExampleSessions.swiftUIBanner + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":50,"y":640,"window":"w","event":1,"view":"more"}
                    {"type":"touch","t":1.08,"touch":1,"phase":"ended","x":50,"y":640,"window":"w","event":1}
                    """#),
            // The action reached its target.
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"save"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#),
            // No action, but the app answered within the response time: a spinner was inserted.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"save","class":"UIButton","frame":[20,700,350,50],"accessibilityLabel":"Save"}]}]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"save"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    {"type":"insert","t":1.6,"parent":"root","view":{"id":"spinner","class":"UIActivityIndicatorView","baseClass":"UIView","frame":[180,400,30,30]}}
                    """#),
            // A tap on the name field while it is already first responder places the cursor: something.
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"touch","t":3.0,"touch":2,"phase":"began","x":200,"y":120,"window":"w","event":2,"view":"name"}
                    {"type":"touch","t":3.1,"touch":2,"phase":"ended","x":200,"y":120,"window":"w","event":2}
                    """#),
            // Save, moved above the keyboard, has lost its action, but the tap dismissed the keyboard (the app resigned the name field): something.
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"set","t":2.0,"view":"save","frame":[20,400,350,50],"actions":[]}
                    {"type":"touch","t":3.0,"touch":2,"phase":"began","x":100,"y":420,"window":"w","event":2,"view":"save"}
                    {"type":"touch","t":3.1,"touch":2,"phase":"ended","x":100,"y":420,"window":"w","event":2}
                    {"type":"firstResponder","t":3.1,"view":null,"window":"w"}
                    {"type":"keyboard","t":3.1,"phase":"willHide","frame":[0,844,390,336]}
                    """#),
            // A drag that starts on a dead button is no tap.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"save","class":"UIButton","frame":[20,700,350,50],"accessibilityLabel":"Save"}]}]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"save"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"moved","x":160,"y":722,"window":"w","event":1}
                    {"type":"touch","t":1.2,"touch":1,"phase":"ended","x":160,"y":722,"window":"w","event":1}
                    """#),
            // A disabled Save: hit testing passes over it and the tap goes to the form (blocked_tap's warning).
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"set","t":0.5,"view":"save","isEnabled":false}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"root"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#),
            // A switch with no target still toggles: UIKit answers the tap.
            RuleExample(
                ExampleSessions.settings(offsetY: -100) + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":345,"y":130,"window":"w","event":1,"view":"wifi"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":345,"y":130,"window":"w","event":1}
                    """#),
            // The view says it is a button but is not enabled.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"card","class":"App.OfferCard","baseClass":"UIView","frame":[20,200,350,120],"accessibilityTraits":["button","notEnabled"]}]}]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":225,"window":"w","event":1,"view":"card"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":225,"window":"w","event":1}
                    """#),
            // The Report button's nil-targeted action found no responder: unhandled_action's finding.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"report","class":"UIButton","frame":[20,700,350,50],"accessibilityIdentifier":"help.report","actions":[{"events":["touchUpInside"],"target":null,"action":"reportProblem:"}]}]}]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"report"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#),
        ])

    /// The threshold `.touchlog.yml` may change (`dead_tap:`).
    struct Parameters: RuleParameters {
        var responseTime = Seconds(1)

        static var fields: [RuleParameter<Parameters>] {
            [
                RuleParameter(
                    "response_time", \.responseTime,
                    """
                    How long after the finger lifts a change of the hierarchy (a `set`, `insert`, `remove`, \
                    `snapshot`, `call` or `action` record) still counts as the app's answer to the tap.
                    """)
            ]
        }
    }

    private let parameters: Parameters

    init(parameters: Parameters) { self.parameters = parameters }

    convenience init() { self.init(parameters: Parameters()) }

    /// The taps are followed once for the session, in the context (``SessionContext/taps(responseTime:)``).
    static let followsRecords = false

    func finish(build: FindingBuilder) -> [Finding] {
        let taps = build.context.taps(responseTime: parameters.responseTime.value)
        taps.finish()
        // A tap blocked_tap reports is its finding (the control behind the view in front is what the user meant).
        let blocked = Set((build.context.blockedTaps?.groups ?? []).flatMap { $0.taps.map(\.seq) })
        var groups: [(signature: String, taps: [Taps.Tap])] = []
        for tap in taps.judged {
            guard Self.isDead(tap), !blocked.contains(tap.began.seq), let view = tap.tappableView else { continue }
            let signature = Signature.of(view: view)
            if let k = groups.firstIndex(where: { $0.signature == signature }) {
                groups[k].taps.append(tap)
            } else {
                groups.append((signature, [tap]))
            }
        }
        return groups.map { group in
            let first = group.taps[0]
            let view = first.tappableView!
            let response = Wording.seconds(taps.responseTime)
            return build.finding(
                .warning, records: group.taps.flatMap { [$0.began] + ($0.ended.map { [$0] } ?? []) },
                views: [view],
                explanation:
                    "\(Wording.taps(group.taps.count)) on \(build.name(view)), which presents itself as tappable "
                    + "(\(first.presentation ?? "a control")), did nothing: no action was sent, no gesture recognizer "
                    + "recognized, the first responder stayed, and the screen did not change within \(response) of "
                    + "the finger lifting. Give it an action (or a recognizer), or stop presenting it as tappable.",
                scene: first.scene)
        }
    }

    /// A tap on something tappable after which nothing at all happened.
    static func isDead(_ tap: Taps.Tap) -> Bool {
        tap.tappable != nil && !tap.notATap && !tap.onText && tap.ended != nil && tap.didNothing
    }
}
