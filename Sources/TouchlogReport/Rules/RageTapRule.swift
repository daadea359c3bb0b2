import ResponderCore
import TouchlogFormat

/// Several taps in quick succession close together, none of which the app answered, named with why.
final class RageTapRule: Rule {
    static let description = RuleDescription(
        identifier: "rage_tap", name: "Rage tap", severity: .warning,
        rationale: """
            Tapping the same spot again and again, fast, is how people show that an app ignores them; session-replay \
            tools call it a rage tap (rage click). touchlog follows PostHog's definition (`$rageclick`: at least 3 \
            clicks within 1 second, each within 30 pixels of the others) with UXCam's caveat (at least 3 taps within a \
            small radius, in quick succession), in points: at least `minimum_taps` taps within `window` seconds from \
            the first to the last, each within `radius` points of the first, with no more than `window` between two \
            of them. Unlike those tools, it only counts taps that got no answer, and says why from the model: the \
            control is disabled, or a view in front took the taps (`blocked_tap`); a gesture recognizer cancelled \
            them (`swallowed_tap`); the action they sent found no responder (`unhandled_action`); the view presents \
            itself as tappable and nothing happened (`dead_tap`); with the keyboard up, they were taps meant to \
            dismiss it that left the first responder (`tap_failed_to_dismiss`); or nothing happened on a view that \
            answers no tap. A rage tap names the same views as the finding of its cause, and a report counts it in \
            that problem (one problem, with the frustration it caused as evidence); fix the cause. A warning; a \
            note (info) when nothing explains it (a view that answers no tap may look tappable, or the app was \
            busy: watch the moment). Not a rage tap: taps each of which was answered (a stepper or a "+" button \
            tapped quickly that sends its action every time, a double tap that a recognizer recognized); an \
            answered tap ends the burst. Taps are single fingers that lift within 10 points of where they began, \
            not on the keyboard and not on text (double and triple taps select words). "Nothing happened" is \
            judged as `dead_tap` judges it, with `response_time`. One finding per burst. \
            Taps on SwiftUI content (inside a view that hosts SwiftUI, `hostsSwiftUI`) are not counted: what \
            SwiftUI did with them the model cannot see.
            """,
        triggeringExamples: [
            // A nearly transparent toast in front of Save takes four quick taps.
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"insert","t":0.5,"parent":"root","view":{"id":"toast","class":"App.ToastView","frame":[0,650,390,150],"alpha":0.02,"accessibilityLabel":"Saved"}}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"toast"}
                    {"type":"touch","t":1.08,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    {"type":"touch","t":1.25,"touch":2,"phase":"began","x":104,"y":722,"window":"w","event":2,"view":"toast"}
                    {"type":"touch","t":1.33,"touch":2,"phase":"ended","x":104,"y":722,"window":"w","event":2}
                    {"type":"touch","t":1.5,"touch":3,"phase":"began","x":98,"y":718,"window":"w","event":3,"view":"toast"}
                    {"type":"touch","t":1.58,"touch":3,"phase":"ended","x":98,"y":718,"window":"w","event":3}
                    {"type":"touch","t":1.8,"touch":4,"phase":"began","x":101,"y":725,"window":"w","event":4,"view":"toast"}
                    {"type":"touch","t":1.88,"touch":4,"phase":"ended","x":101,"y":725,"window":"w","event":4}
                    """#,
                produces: [
                    .init(
                        severity: .warning, records: [4, 5, 6, 7, 8, 9, 10, 11],
                        views: ["UIButton\"Save\"", "App.ToastView\"Saved\""])
                ]),
            // A disabled Save tapped three times: hit testing passes over it.
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"set","t":0.5,"view":"save","isEnabled":false}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"root"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    {"type":"touch","t":1.3,"touch":2,"phase":"began","x":110,"y":725,"window":"w","event":2,"view":"root"}
                    {"type":"touch","t":1.4,"touch":2,"phase":"ended","x":110,"y":725,"window":"w","event":2}
                    {"type":"touch","t":1.6,"touch":3,"phase":"began","x":105,"y":715,"window":"w","event":3,"view":"root"}
                    {"type":"touch","t":1.7,"touch":3,"phase":"ended","x":105,"y":715,"window":"w","event":3}
                    """#,
                produces: [.init(severity: .warning, records: [4, 5, 6, 7, 8, 9], views: ["UIButton\"Save\""])]),
            // Report's nil-targeted action finds no responder, three times in a second.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"report","class":"UIButton","frame":[20,700,350,50],"accessibilityIdentifier":"help.report","actions":[{"events":["touchUpInside"],"target":null,"action":"reportProblem:"}]}]}]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"report"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    {"type":"touch","t":1.3,"touch":2,"phase":"began","x":100,"y":720,"window":"w","event":2,"view":"report"}
                    {"type":"touch","t":1.4,"touch":2,"phase":"ended","x":100,"y":720,"window":"w","event":2}
                    {"type":"touch","t":1.6,"touch":3,"phase":"began","x":100,"y":720,"window":"w","event":3,"view":"report"}
                    {"type":"touch","t":1.7,"touch":3,"phase":"ended","x":100,"y":720,"window":"w","event":3}
                    """#,
                produces: [
                    .init(severity: .warning, records: [3, 4, 5, 6, 7, 8], views: ["UIButton#help.report"])
                ]),
            // A button with no action: dead taps, in a burst.
            RuleExample(
                RageTapRule.deadPayButton + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"pay"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    {"type":"touch","t":1.3,"touch":2,"phase":"began","x":102,"y":721,"window":"w","event":2,"view":"pay"}
                    {"type":"touch","t":1.4,"touch":2,"phase":"ended","x":102,"y":721,"window":"w","event":2}
                    {"type":"touch","t":1.6,"touch":3,"phase":"began","x":99,"y":719,"window":"w","event":3,"view":"pay"}
                    {"type":"touch","t":1.7,"touch":3,"phase":"ended","x":99,"y":719,"window":"w","event":3}
                    """#,
                produces: [.init(severity: .warning, records: [3, 4, 5, 6, 7, 8], views: ["UIButton\"Pay\""])]),
            // A picture that answers no tap, tapped three times: a note, nothing to blame.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"accessibilityIdentifier":"product","subviews":[{"id":"photo","class":"UIImageView","frame":[0,100,390,300],"accessibilityIdentifier":"product.photo"}]}]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":200,"y":250,"window":"w","event":1,"view":"root"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":200,"y":250,"window":"w","event":1}
                    {"type":"touch","t":1.3,"touch":2,"phase":"began","x":205,"y":255,"window":"w","event":2,"view":"root"}
                    {"type":"touch","t":1.4,"touch":2,"phase":"ended","x":205,"y":255,"window":"w","event":2}
                    {"type":"touch","t":1.6,"touch":3,"phase":"began","x":198,"y":252,"window":"w","event":3,"view":"root"}
                    {"type":"touch","t":1.7,"touch":3,"phase":"ended","x":198,"y":252,"window":"w","event":3}
                    """#,
                produces: [.init(severity: .info, records: [3, 4, 5, 6, 7, 8], views: ["UIView#product"])]),
        ],
        nonTriggeringExamples: [
            // Four quick taps on a SwiftUI banner's Pay button: what SwiftUI did with each, the model cannot know.
            RuleExample(
                ExampleSessions.swiftUIBanner + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"banner"}
                    {"type":"touch","t":1.08,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    {"type":"touch","t":1.25,"touch":2,"phase":"began","x":104,"y":722,"window":"w","event":2,"view":"banner"}
                    {"type":"touch","t":1.33,"touch":2,"phase":"ended","x":104,"y":722,"window":"w","event":2}
                    {"type":"touch","t":1.5,"touch":3,"phase":"began","x":98,"y":718,"window":"w","event":3,"view":"banner"}
                    {"type":"touch","t":1.58,"touch":3,"phase":"ended","x":98,"y":718,"window":"w","event":3}
                    {"type":"touch","t":1.8,"touch":4,"phase":"began","x":101,"y":725,"window":"w","event":4,"view":"banner"}
                    {"type":"touch","t":1.88,"touch":4,"phase":"ended","x":101,"y":725,"window":"w","event":4}
                    """#),
            // A "+" button tapped quickly that adds each time.
            RuleExample(
                ExampleSessions.sheet + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":340,"y":85,"window":"w","event":1,"view":"sheetAdd"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":340,"y":85,"window":"w","event":1}
                    {"type":"touch","t":1.3,"touch":2,"phase":"began","x":341,"y":86,"window":"w","event":2,"view":"sheetAdd"}
                    {"type":"touch","t":1.4,"touch":2,"phase":"ended","x":341,"y":86,"window":"w","event":2}
                    {"type":"touch","t":1.6,"touch":3,"phase":"began","x":339,"y":84,"window":"w","event":3,"view":"sheetAdd"}
                    {"type":"touch","t":1.7,"touch":3,"phase":"ended","x":339,"y":84,"window":"w","event":3}
                    """#),
            // Three taps on a dead button, but far apart in time (two seconds between them): no burst.
            RuleExample(
                RageTapRule.deadPayButton + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"pay"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    {"type":"touch","t":3.0,"touch":2,"phase":"began","x":100,"y":720,"window":"w","event":2,"view":"pay"}
                    {"type":"touch","t":3.1,"touch":2,"phase":"ended","x":100,"y":720,"window":"w","event":2}
                    {"type":"touch","t":5.0,"touch":3,"phase":"began","x":100,"y":720,"window":"w","event":3,"view":"pay"}
                    {"type":"touch","t":5.1,"touch":3,"phase":"ended","x":100,"y":720,"window":"w","event":3}
                    """#),
            // Three quick taps on a dead button, but spread across it (more than 30 points apart): no rage tap.
            RuleExample(
                RageTapRule.deadPayButton + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":50,"y":720,"window":"w","event":1,"view":"pay"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":50,"y":720,"window":"w","event":1}
                    {"type":"touch","t":1.3,"touch":2,"phase":"began","x":150,"y":720,"window":"w","event":2,"view":"pay"}
                    {"type":"touch","t":1.4,"touch":2,"phase":"ended","x":150,"y":720,"window":"w","event":2}
                    {"type":"touch","t":1.6,"touch":3,"phase":"began","x":250,"y":720,"window":"w","event":3,"view":"pay"}
                    {"type":"touch","t":1.7,"touch":3,"phase":"ended","x":250,"y":720,"window":"w","event":3}
                    """#),
            // A double-tap recognizer that recognizes, then a single tap: answered taps.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"photo","class":"UIImageView","frame":[0,100,390,300],"isUserInteractionEnabled":true,"gestureRecognizers":[{"id":"zoom","class":"UITapGestureRecognizer","numberOfTapsRequired":2,"actions":[{"target":"vc","action":"zoom:"}]}]}]}]}],"controllers":[{"id":"vc","class":"App.PhotoViewController","view":"root","implements":["zoom:"]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":200,"y":250,"window":"w","event":1,"view":"photo"}
                    {"type":"touch","t":1.08,"touch":1,"phase":"ended","x":200,"y":250,"window":"w","event":1}
                    {"type":"touch","t":1.2,"touch":2,"phase":"began","x":202,"y":251,"window":"w","event":2,"view":"photo"}
                    {"type":"touch","t":1.28,"touch":2,"phase":"ended","x":202,"y":251,"window":"w","event":2}
                    {"type":"recognizer","t":1.28,"id":"zoom","state":"ended"}
                    {"type":"touch","t":1.4,"touch":3,"phase":"began","x":201,"y":250,"window":"w","event":3,"view":"photo"}
                    {"type":"touch","t":1.48,"touch":3,"phase":"ended","x":201,"y":250,"window":"w","event":3}
                    """#),
            // Typing the same key fast on the keyboard: the keyboard's keys are no taps of the app.
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"touch","t":3.0,"touch":2,"phase":"began","x":100,"y":600,"window":"w","event":2}
                    {"type":"touch","t":3.08,"touch":2,"phase":"ended","x":100,"y":600,"window":"w","event":2}
                    {"type":"touch","t":3.2,"touch":3,"phase":"began","x":101,"y":600,"window":"w","event":3}
                    {"type":"touch","t":3.28,"touch":3,"phase":"ended","x":101,"y":600,"window":"w","event":3}
                    {"type":"touch","t":3.4,"touch":4,"phase":"began","x":100,"y":601,"window":"w","event":4}
                    {"type":"touch","t":3.48,"touch":4,"phase":"ended","x":100,"y":601,"window":"w","event":4}
                    """#),
        ])

    /// The thresholds `.touchlog.yml` may change (`rage_tap:`).
    struct Parameters: RuleParameters {
        var minimumTaps = Count(3)
        var window = Seconds(1)
        var radius = Points(30)
        var responseTime = Seconds(1)

        static var fields: [RuleParameter<Parameters>] {
            [
                RuleParameter(
                    "minimum_taps", \.minimumTaps,
                    "How many unanswered taps make a burst a rage tap (PostHog's and UXCam's: 3)."),
                RuleParameter(
                    "window", \.window,
                    """
                    The longest time from the first to the last of `minimum_taps` taps (PostHog's: 1 second); a \
                    longer pause between two taps ends the burst.
                    """),
                RuleParameter(
                    "radius", \.radius,
                    "How far from the burst's first tap another may land (PostHog's threshold: 30 pixels)."),
                RuleParameter(
                    "response_time", \.responseTime,
                    """
                    How long after the finger lifts a change of the hierarchy still counts as the app's answer to a \
                    tap (as for `dead_tap`).
                    """),
            ]
        }
    }

    /// The examples' screen: a Pay button with no action, so that taps on it are dead taps.
    private static let deadPayButton =
        ExampleSessions.header + "\n" + #"""
            {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"pay","class":"UIButton","frame":[20,700,350,50],"accessibilityLabel":"Pay"}]}]}]}

            """#

    private let parameters: Parameters
    /// Followed here only when `blocked_tap` does not run (the session then has no ``BlockedTaps``).
    private let ownBlockedTaps = BlockedTaps()

    init(parameters: Parameters) {
        self.parameters = parameters
    }

    convenience init() { self.init(parameters: Parameters()) }

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        // The taps themselves are followed once for the session, in the context (``SessionContext/taps(responseTime:)``).
        if build.context.blockedTaps == nil { ownBlockedTaps.follow(input, step: step, model: model, build: build) }
    }

    func recorded(_ record: SessionRecord, model: ResponderModel?, build: FindingBuilder) {
        if build.context.blockedTaps == nil { ownBlockedTaps.recorded(record, model: model, build: build) }
    }

    /// Why one tap got no answer; nil when it got one.
    private enum Cause {
        case blocked(BlockedTaps.Group)
        case swallowed(Taps.Swallowed)
        case unhandled(action: String, sender: ViewRef?)
        case dead(view: ViewRef, presentation: String)
        case keyboardStayed(responder: ViewRef, tapped: ViewRef)
        case nothing(ViewRef?)

        /// What makes two taps' causes the same: the views the finding names.
        var views: [ViewRef] {
            switch self {
            case .blocked(let group): group.views
            case .swallowed(let swallowed): swallowed.views
            case .unhandled(_, let sender): sender.map { [$0] } ?? []
            case .dead(let view, _): [view]
            case .keyboardStayed(let responder, let tapped): [responder, tapped]
            case .nothing(let view): view.map { [$0] } ?? []
            }
        }
    }

    func finish(build: FindingBuilder) -> [Finding] {
        let taps = build.context.taps(responseTime: parameters.responseTime.value)
        taps.finish()
        let blockedTaps = build.context.blockedTaps ?? ownBlockedTaps
        if build.context.blockedTaps == nil { ownBlockedTaps.finish() }
        var blockedBy: [Int: BlockedTaps.Group] = [:]
        for group in blockedTaps.groups {
            for tap in group.taps where blockedBy[tap.seq] == nil { blockedBy[tap.seq] = group }
        }

        var findings: [Finding] = []
        var burst: [(tap: Taps.Tap, cause: Cause)] = []
        func close() {
            if isRage(burst.map(\.tap)) { findings.append(finding(burst, build: build)) }
            burst = []
        }
        // A touch that hit no view (an imported touch stream without its hierarchy) is no tap on the app.
        let real = taps.judged.filter { !$0.notATap && !$0.onText && $0.ended != nil && $0.front != nil }.sorted {
            $0.began.seq < $1.began.seq
        }
        for tap in real {
            guard let cause = cause(of: tap, blocked: blockedBy[tap.began.seq]) else {
                // An answered tap ends the burst: the user got what they tapped for.
                close()
                continue
            }
            if let first = burst.first, let last = burst.last,
                tap.point.distance(to: first.tap.point) > parameters.radius.value
                    || tap.began.t - last.tap.began.t > parameters.window.value
            {
                close()
            }
            burst.append((tap, cause))
        }
        close()
        return findings
    }

    /// At least `minimum_taps` of the taps within `window` from the first to the last.
    private func isRage(_ taps: [Taps.Tap]) -> Bool {
        let n = parameters.minimumTaps.int
        guard taps.count >= n else { return false }
        return (0...(taps.count - n)).contains {
            taps[$0 + n - 1].began.t - taps[$0].began.t <= parameters.window.value
        }
    }

    private func cause(of tap: Taps.Tap, blocked: BlockedTaps.Group?) -> Cause? {
        if let swallowed = tap.swallowed { return .swallowed(swallowed) }
        if let blocked { return .blocked(blocked) }
        if tap.handled { return nil }
        if let unhandled = tap.unhandled { return .unhandled(action: unhandled.action, sender: unhandled.sender) }
        if tap.changed { return nil }
        if let view = tap.tappableView { return .dead(view: view, presentation: tap.presentation ?? "a control") }
        if let responder = tap.keptFirstResponder, let tapped = tap.frontView {
            return .keyboardStayed(responder: responder, tapped: tapped)
        }
        return .nothing(tap.frontView)
    }

    private func finding(_ burst: [(tap: Taps.Tap, cause: Cause)], build: FindingBuilder) -> Finding {
        // The cause most of the taps share (the first one's on a tie).
        var counts: [String: Int] = [:]
        for member in burst { counts[Signature.of(ruleID: RageTapRule.id, views: member.cause.views), default: 0] += 1 }
        let main = burst.max { a, b in
            counts[Signature.of(ruleID: RageTapRule.id, views: a.cause.views)]!
                < counts[Signature.of(ruleID: RageTapRule.id, views: b.cause.views)]!
        }!
        let chosen =
            burst.first {
                counts[Signature.of(ruleID: RageTapRule.id, views: $0.cause.views)]
                    == counts[Signature.of(ruleID: RageTapRule.id, views: main.cause.views)]
            } ?? main
        let first = burst[0].tap
        let last = burst[burst.count - 1].tap
        let spread = burst.map { $0.tap.point.distance(to: first.point) }.max() ?? 0
        let lead =
            "\(burst.count) taps in \(Wording.seconds(last.began.t - first.began.t)), within "
            + "\(Int(spread.rounded(.up))) points of each other at \(Wording.point(first.point.x, first.point.y)), "
            + "none of them answered (a rage tap)"
        let why: String
        var severity = Severity.warning
        var scene = burst.lazy.compactMap(\.tap.scene).first
        switch chosen.cause {
        case .blocked(let group):
            why = ": the taps inside \(group.explanation) `blocked_tap` reports the cause."
            scene?.expectedView = group.views.first?.id
            scene?.cause = group.scene?.cause
        case .swallowed(let swallowed):
            why =
                ": \(swallowed.recognizerText) cancelled them on \(swallowed.trackerName) (the recognizer's "
                + "cancelsTouchesInView is on). `swallowed_tap` reports the cause."
            scene?.cause = swallowed.cause
        case .unhandled(let action, let sender):
            let from = sender.map { " from \(build.name($0))" } ?? ""
            why =
                ": each sent \(action)\(from) to the responder chain, and no responder handled it. "
                + "`unhandled_action` reports the cause."
        case .dead(let view, let presentation):
            why =
                ": \(build.name(view)) presents itself as tappable (\(presentation)), and nothing happened after any "
                + "of them. `dead_tap` reports the cause."
        case .keyboardStayed(let responder, let tapped):
            why =
                ": with the keyboard up, taps on \(build.name(tapped)) left \(build.name(responder)) first "
                + "responder, so the keyboard stayed up. `tap_failed_to_dismiss` reports the cause."
        case .nothing(let view):
            severity = .info
            let on = view.map { " on \(build.name($0))" } ?? ""
            why =
                ": nothing happened\(on), which answers no tap (no action, recognizer, first-responder change or "
                + "change on screen within \(Wording.seconds(parameters.responseTime.value))). It may look tappable, or the app "
                + "was busy; watch the moment."
        }
        scene?.touches = burst.map(\.tap.point)
        return build.finding(
            severity, records: burst.flatMap { [$0.tap.began] + ($0.tap.ended.map { [$0] } ?? []) },
            views: chosen.cause.views, explanation: lead + why, scene: scene)
    }
}
