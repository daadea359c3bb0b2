import ResponderCore
import TouchlogFormat

/// A tap inside a visible control's frame that never reached it.
final class BlockedTapRule: Rule {
    static let description = RuleDescription(
        identifier: "blocked_tap", name: "Tap blocked from a control", severity: .error,
        rationale: """
            A user who taps a button they can see expects it to respond. UIKit's hit test skips a view that is \
            hidden, below alpha 0.01, has user interaction off, or is a disabled control (each with its whole \
            subtree), never looks for a point outside a view's bounds in its subviews, and gives the point to the \
            front-most view that takes it, even a nearly transparent one. The rule reports every visible control \
            whose frame contains a touch that began elsewhere, with the reason from the hit test: the view that \
            blocked it and why. Only the part of a control a person can see counts: a row below a table's fold (clipped \
            by the table) lies under the tab bar's frame, not on it. Not reported: a touch the view in front handled \
            (it sent an action, one of its recognizers recognized, it became first responder, or it is a control \
            that tracked the touch; as the model replays it or the recording observed it), since the user meant \
            that view and it worked, unless that view is nearly transparent (alpha below 0.1 with its ancestors'), \
            when the user could not see what they tapped; and a control of a screen that presented another \
            (`presentingViewController`), under the presented sheet or its dimming view, which cover it on purpose. \
            An error; a warning when the control is disabled, which the app may mean (but the user is not told why \
            nothing happens). A tap the recording says reached the control (an app hit-test override) is not \
            reported. One finding per control, blocker and reason. The same control behind the same view is not \
            reported again by `unreachable_control`, whose problem it is when nobody tapped: in the session of the \
            taps it leaves the control to this rule, and in a report over many sessions its findings of that control \
            and blocker count in this rule's problem. \
            Not reported where SwiftUI content is in front of the control or holds it (a view that hosts SwiftUI, \
            `hostsSwiftUI`): whether SwiftUI's content takes the point or lets it through, the model cannot know.
            """,
        triggeringExamples: [
            // A nearly transparent overlay in front of Save takes the tap.
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"insert","t":0.5,"parent":"root","view":{"id":"toast","class":"App.ToastView","frame":[0,650,390,150],"alpha":0.02,"accessibilityLabel":"Saved"}}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"toast"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#,
                produces: [
                    .init(severity: .error, records: [4], views: ["UIButton\"Save\"", "App.ToastView\"Saved\""])
                ]),
            // The overlay handles the tap (its recognizer dismisses it), but nobody can see it: still blocked.
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"insert","t":0.5,"parent":"root","view":{"id":"toast","class":"App.ToastView","frame":[0,650,390,150],"alpha":0.02,"accessibilityLabel":"Saved","gestureRecognizers":[{"id":"toastTap","class":"UITapGestureRecognizer","actions":[{"target":"vc","action":"dismissToast"}]}]}}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"toast"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    {"type":"recognizer","t":1.1,"id":"toastTap","state":"ended"}
                    """#,
                produces: [
                    .init(severity: .error, records: [4], views: ["UIButton\"Save\"", "App.ToastView\"Saved\""])
                ]),
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"set","t":0.5,"view":"save","isEnabled":false}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"root"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#,
                produces: [.init(severity: .warning, records: [4], views: ["UIButton\"Save\""])]),
        ],
        nonTriggeringExamples: [
            // A tap on the SwiftUI banner in front of Save: whether SwiftUI content (its Pay button) is there, and
            // what it did with the tap, the model cannot know, so it does not say the banner blocked Save.
            RuleExample(
                ExampleSessions.swiftUIBanner + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"banner"}
                    {"type":"touch","t":1.08,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#),
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"save"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    {"type":"sent","t":1.1,"action":"save:","target":"vc","sender":"save"}
                    """#),
            // Alpha 0.01 is stored as 0.0099999998, below the threshold: the overlay is passed over.
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"insert","t":0.5,"parent":"root","view":{"id":"toast","class":"App.ToastView","frame":[0,650,390,150],"alpha":0.01}}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"save"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#),
            // A bar button over the name field scrolled under the navigation bar: the user meant Done, and it worked.
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"insert","t":0.5,"parent":"root","view":{"id":"bar","class":"UINavigationBar","frame":[0,90,390,60],"accessibilityIdentifier":"nav","subviews":[{"id":"done","class":"UIButton","frame":[300,8,80,44],"accessibilityLabel":"Done","actions":[{"events":["touchUpInside"],"target":"vc","action":"save:"}]}]}}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":340,"y":120,"window":"w","event":1,"view":"done"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":340,"y":120,"window":"w","event":1}
                    {"type":"sent","t":1.1,"action":"save:","target":"vc","sender":"done"}
                    """#),
            // The sheet's own Add item button over the presenter's Add, then the dimming view over it: the sheet and
            // its dimming view cover the presenting screen on purpose.
            RuleExample(
                ExampleSessions.sheet + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":340,"y":85,"window":"w","event":1,"view":"sheetAdd"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":340,"y":85,"window":"w","event":1}
                    {"type":"sent","t":1.1,"action":"addItem:","target":"sheetVC","sender":"sheetAdd"}
                    {"type":"touch","t":2.0,"touch":2,"phase":"began","x":350,"y":57,"window":"w","event":2,"view":"dimming"}
                    {"type":"touch","t":2.1,"touch":2,"phase":"ended","x":350,"y":57,"window":"w","event":2}
                    """#),
            // A tap on the tab bar where a row below the table's fold would be: the row's switch is not on screen.
            RuleExample(
                ExampleSessions.settings(offsetY: -100) + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":345,"y":820,"window":"w","event":1,"view":"tabs"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":345,"y":820,"window":"w","event":1}
                    """#),
        ])

    /// The threshold `.touchlog.yml` may change (`blocked_tap:`).
    struct Parameters: RuleParameters {
        var nearlyTransparentAlpha = Alpha(OnScreen.nearlyTransparent)

        static var fields: [RuleParameter<Parameters>] {
            [
                RuleParameter(
                    "nearly_transparent_alpha", \.nearlyTransparentAlpha,
                    """
                    A view in front that handled the tap is what the user meant, unless its alpha with its \
                    ancestors' is below this: then nobody could see what they tapped and the tap is reported (a \
                    nearly transparent toast). 0 never reports a tap a view in front handled.
                    """)
            ]
        }
    }

    /// The parameters are applied where the taps are followed: the session's ``BlockedTaps``, which
    /// `unreachable_control` reads too, is made with them (``SessionAnalysis``).
    init(parameters: Parameters) {}

    convenience init() { self.init(parameters: Parameters()) }

    /// The session's BlockedTaps follows every record (unreachable_control reads it too).
    static let followsRecords = false

    func finish(build: FindingBuilder) -> [Finding] {
        (build.context.blockedTaps?.groups ?? []).map { group in
            let taps = Wording.taps(group.taps.count)
            return build.finding(
                group.disabledItself ? .warning : .error, records: group.taps, views: group.views,
                explanation: "\(taps) inside \(group.explanation)", scene: group.scene)
        }
    }
}
