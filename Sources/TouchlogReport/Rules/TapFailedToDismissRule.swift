import ResponderCore
import TouchlogFormat
import TouchlogReplay

/// A tap outside the first responder, with the keyboard up, that left the keyboard up.
final class TapFailedToDismissRule: Rule {
    static let description = RuleDescription(
        identifier: "tap_failed_to_dismiss", name: "Tap failed to dismiss the keyboard", severity: .warning,
        rationale: """
            Nothing in UIKit resigns a first responder when the user taps elsewhere: a tap on the background goes to \
            the view under it (often a plain view that passes it up the responder chain) and the keyboard stays up. \
            Users expect a tap outside a field to dismiss the keyboard. The rule looks for taps that landed outside \
            the first responder, on a view that cannot become first responder and is not a control (a control does \
            its own thing), while the keyboard was up, after which the same view was still first responder. It \
            replays the session with each keyboard-dismiss policy added (`dismiss-on-outside-touch`, \
            `end-editing-on-touches-began`, `tap-to-dismiss`, `resign-on-touch-outside`) and names the ones that \
            would have dismissed the keyboard on that tap (policies already in force are not named). A tap made while \
            another finger rests on the first responder is left out: UIKit keeps the keyboard then on purpose. So is a \
            drag: a touch that moves farther from where it began than a tap recognizer allows (45 pt in touchlog's \
            model), or that is cancelled (a scroll view took it), is no tap, and scrolling with the keyboard up is \
            not asking for it to go (`keyboardDismissMode` says whether it should). One finding per first responder \
            and tapped view. \
            Not reported for a tap on SwiftUI content (a view that hosts SwiftUI, `hostsSwiftUI`): it may have been \
            a SwiftUI button, which keeps the keyboard as a control does.
            """,
        triggeringExamples: [
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"touch","t":3.0,"touch":2,"phase":"began","x":200,"y":400,"window":"w","event":2,"view":"root"}
                    {"type":"touch","t":3.1,"touch":2,"phase":"ended","x":200,"y":400,"window":"w","event":2}
                    {"type":"touch","t":4.0,"touch":3,"phase":"began","x":210,"y":420,"window":"w","event":3,"view":"root"}
                    {"type":"touch","t":4.1,"touch":3,"phase":"ended","x":210,"y":420,"window":"w","event":3}
                    """#,
                produces: [
                    .init(severity: .warning, records: [8, 10], views: ["UITextField#form.name", "UIView#form"])
                ])
        ],
        nonTriggeringExamples: [
            // A chat screen's controller is first responder to keep its message bar on screen: taps on the messages
            // are not meant to dismiss it.
            RuleExample(ExampleSessions.chat),
            // With the keyboard up, two taps on a SwiftUI card: they may have been on its buttons, which keep the
            // keyboard as a control does.
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"insert","t":2.0,"parent":"root","view":{"id":"card","class":"_TtGC7SwiftUI14_UIHostingViewV3App9OfferCard_","baseClass":"UIView","frame":[0,300,390,200],"hostsSwiftUI":true}}
                    {"type":"touch","t":3.0,"touch":2,"phase":"began","x":200,"y":400,"window":"w","event":2,"view":"card"}
                    {"type":"touch","t":3.1,"touch":2,"phase":"ended","x":200,"y":400,"window":"w","event":2}
                    {"type":"touch","t":4.0,"touch":3,"phase":"began","x":210,"y":420,"window":"w","event":3,"view":"card"}
                    {"type":"touch","t":4.1,"touch":3,"phase":"ended","x":210,"y":420,"window":"w","event":3}
                    """#),
            // The Save button is a control: tapping it with the keyboard up is how a form is submitted.
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"touch","t":3.0,"touch":2,"phase":"began","x":200,"y":720,"window":"w","event":2,"view":"save"}
                    {"type":"touch","t":3.1,"touch":2,"phase":"ended","x":200,"y":720,"window":"w","event":2}
                    {"type":"sent","t":3.1,"action":"save:","target":"vc","sender":"save"}
                    """#),
            // The session's window dismisses on an outside touch.
            RuleExample(
                ExampleSessions.editing.replacingOccurrences(
                    of: #""screen":[390,844]}}"#, with: #""screen":[390,844]},"policies":["dismiss-on-outside-touch"]}"#
                )
                    + #"""
                    {"type":"touch","t":3.0,"touch":2,"phase":"began","x":200,"y":400,"window":"w","event":2,"view":"root"}
                    {"type":"firstResponder","t":3.0,"view":null,"window":"w"}
                    {"type":"keyboard","t":3.0,"phase":"willHide","frame":[0,508,390,336]}
                    {"type":"touch","t":3.1,"touch":2,"phase":"ended","x":200,"y":400,"window":"w","event":2}
                    """#),
            // A drag across the background is not a tap.
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"touch","t":3.0,"touch":2,"phase":"began","x":200,"y":400,"window":"w","event":2,"view":"root"}
                    {"type":"touch","t":3.1,"touch":2,"phase":"moved","x":200,"y":330,"window":"w","event":2}
                    {"type":"touch","t":3.2,"touch":2,"phase":"moved","x":200,"y":260,"window":"w","event":2}
                    {"type":"touch","t":3.3,"touch":2,"phase":"ended","x":200,"y":260,"window":"w","event":2}
                    """#),
        ])

    /// The policies that can dismiss on a tap, in the order explanations name them.
    static let candidates: [DismissPolicy] = [
        .dismissOnOutsideTouch, .endEditingOnTouchesBegan, .tapToDismiss, .resignOnTouchOutside,
    ]

    // `@exclusivity(unchecked)` below: touched at every record, and never at once (docs/architecture.md, "Tests
    // and benchmarks").
    /// Touches in flight and the view each is bound to: a finger resting on the first responder keeps the keyboard
    /// up on purpose (the event contains a touch in the first responder).
    @exclusivity(unchecked) private var inFlight: [TouchIdentifier: ObjectRef] = [:]
    /// The model a beginning touch found, kept while its UIEvent is dispatched, for a touch that may be a failing
    /// tap whose first responder and tapped view have no group yet (only a group's first tap is replayed again).
    @exclusivity(unchecked) private var beginning: [TouchIdentifier: Branch] = [:]
    /// Taps whose outcome is still open: the first responder must stay through the tap for it to have failed.
    @exclusivity(unchecked) private var watching: [Watch] = []
    /// One group per first responder and tapped view (by handle), described at its first tap.
    private var groups: [Group] = []
    /// The session's id, for the replays' messages.
    private var session = ""
    /// The dismiss policies the recording puts in force (its header's and its windows'): one already on is no fix to
    /// suggest.
    @exclusivity(unchecked) private var policiesInForce = Set<DismissPolicy>()

    /// Where a replay with a policy added starts, and the records since then (a tap's worth): enough to replay
    /// the tap again, without copying the model for every policy unless the tap failed.
    private struct Branch {
        var model: ResponderModel
        var records: [SessionRecord] = []
    }

    /// A tap being watched (``TapLookout``), with what a replay of it with a policy added needs.
    private struct Watch {
        var tap: Tap
        var lookout: TapLookout
        var branch: Branch?
    }

    private struct Tap {
        var responder: ObjectRef
        var tapped: ObjectRef
        var touch: TouchIdentifier
        /// Where the finger went down.
        var origin: Point
        var began: Citation
        /// Named only for a tap that may start a group (the others join one and are never described).
        var names: (responder: ViewRef, tapped: ViewRef, scene: Scene?)?
    }

    private struct Group {
        var responder: ObjectRef
        var tapped: ObjectRef
        var names: (responder: ViewRef, tapped: ViewRef, scene: Scene?)
        var taps: [Citation]
        /// The policies whose replay dismissed the keyboard on the first tap.
        var dismissedBy: [DismissPolicy]
    }

    init() {}

    func recorded(_ record: SessionRecord, model: ResponderModel?, build: FindingBuilder) {
        if case .session(let header) = record.record { policiesInForce.formUnion(header.policies) }
    }

    func willBegin(_ touch: SessionRecord, model: ResponderModel, build: FindingBuilder) {
        // The cheap half of the tests, on the model's own hit test: the keyboard is up and the tap lands outside
        // the first responder on a view that is not another text input or a control, and this first responder
        // and view have no group yet.
        // A controller first responder keeps its input accessory bar on screen on purpose (a chat's message bar): no
        // tap is meant to dismiss it, so only a view's keyboard is watched.
        guard case .touch(let record) = touch.record, model.keyboardVisible, let responder = model.firstResponder,
            case .view = responder
        else { return }
        let point = Point(record.x, record.y)
        let hit =
            record.window.flatMap(model.view).map { model.hitTest(screenPoint: point, inWindow: $0) }
            ?? model.hitTest(screenPoint: point)
        guard let tapped = hit, tapped != responder, group(responder, tapped) == nil,
            !model.canBecomeFirstResponder(tapped), !isInsideControl(tapped, in: model)
        else { return }
        beginning[record.touch] = Branch(model: model)
        session = build.context.ref.id
    }

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        // Most records come with no tap being watched: the two lists are not touched then.
        if !beginning.isEmpty { for k in beginning.keys { beginning[k]!.records.append(input) } }
        if !watching.isEmpty {
            for k in watching.indices where watching[k].branch != nil { watching[k].branch!.records.append(input) }
        }
        guard case .touch(let touch) = input.record else {
            if case .snapshot(let snapshot) = input.record {
                for window in snapshot.hierarchy.windows { policiesInForce.formUnion(window.policies) }
            }
            if !watching.isEmpty { follow(t: input.t ?? 0, touch: nil, firstResponder: step.firstResponder) }
            return
        }
        if !watching.isEmpty { follow(t: touch.t, touch: touch, firstResponder: step.firstResponder) }
        if touch.phase == .ended || touch.phase == .cancelled {
            inFlight[touch.touch] = nil
            return
        }
        guard touch.phase == .began else { return }
        let branch = beginning.isEmpty ? nil : beginning.removeValue(forKey: touch.touch)
        if let view = step.view { inFlight[touch.touch] = view }
        // Every test, now that the model dispatched the touch.
        let before = build.context.before
        guard before.keyboardVisible, let responder = before.firstResponder, case .view = responder,
            let tapped = step.view, tapped != responder, step.firstResponder == responder,
            model.uikitClass(of: tapped) != nil,
            !model.canBecomeFirstResponder(tapped), !isInsideControl(tapped, in: model),
            // On SwiftUI content the tap may have been on a SwiftUI button, which keeps the keyboard as a control does.
            model.hostingView(of: tapped) == nil,
            !build.isView(tapped, inside: responder, in: model),
            // The other fingers down (this touch's own entry left out).
            !inFlight.contains(where: { $0.key != touch.touch && build.isView($0.value, inside: responder, in: model) })
        else { return }
        var tap = Tap(
            responder: responder, tapped: tapped, touch: touch.touch, origin: Point(touch.x, touch.y),
            began: Citation(input.seq, touch.t))
        if group(responder, tapped) == nil {
            tap.names = (
                build.view(responder, in: model, role: "first responder"),
                build.view(tapped, in: model, role: "tapped view"),
                build.scene(model, t: touch.t, touches: [Point(touch.x, touch.y)], hitView: tapped)
            )
        }
        watching.append(
            Watch(
                tap: tap, lookout: TapLookout(responder: responder, touch: touch.touch, at: tap.origin),
                branch: branch))
    }

    func finish(build: FindingBuilder) -> [Finding] {
        // The session ended within these taps, with their first responders kept.
        for watch in watching where !watch.lookout.isDrag { failed(watch) }
        watching = []
        return groups.map { group in
            let fixes = Self.candidates.filter {
                !policiesInForce.contains($0) && group.dismissedBy.contains($0)
            }
            let taps = Wording.taps(group.taps.count)
            var explanation =
                "\(taps) on \(build.name(group.names.tapped)) with the keyboard up left \(build.name(group.names.responder)) first responder, "
                + "so the keyboard stayed up"
            if fixes.isEmpty {
                explanation += "; none of touchlog's keyboard-dismiss policies would have dismissed it."
            } else {
                let names = fixes.map(\.rawValue)
                let list =
                    names.count == 1
                    ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
                explanation +=
                    "; replayed with \(list) added, touchlog dismisses it on \(group.taps.count == 1 ? "that tap" : "the first of them")."
            }
            return build.finding(
                .warning, records: group.taps, views: [group.names.responder, group.names.tapped],
                explanation: explanation, scene: group.names.scene)
        }
    }

    private func group(_ responder: ObjectRef, _ tapped: ObjectRef) -> Int? {
        groups.firstIndex { $0.responder == responder && $0.tapped == tapped }
    }

    /// Every watched tap follows one more step: a tap over with its first responder kept failed, one whose first
    /// responder went did not.
    private func follow(t: Double, touch: TouchRecord?, firstResponder: ObjectRef?) {
        // In place: a watch holds a model, so it is moved out only when its tap is over.
        var k = 0
        while k < watching.count {
            switch watching[k].lookout.follow(t: t, touch: touch, firstResponder: firstResponder) {
            case .open: k += 1
            case .kept: failed(watching.remove(at: k))
            case .dismissed, .notATap: watching.remove(at: k)
            }
        }
    }

    /// A tap that failed joins its group, or starts one: then it is replayed with each policy added, from the model
    /// it found, to say which would have dismissed the keyboard.
    private func failed(_ watch: Watch) {
        let tap = watch.tap
        if let k = group(tap.responder, tap.tapped) {
            groups[k].taps.append(tap.began)
            return
        }
        guard let names = tap.names else { return }
        var dismissedBy: [DismissPolicy] = []
        if let branch = watch.branch {
            for policy in Self.candidates where dismisses(tap, branch, with: policy) {
                dismissedBy.append(policy)
            }
        }
        groups.append(
            Group(
                responder: tap.responder, tapped: tap.tapped, names: names, taps: [tap.began], dismissedBy: dismissedBy)
        )
    }

    private func dismisses(_ tap: Tap, _ branch: Branch, with policy: DismissPolicy) -> Bool {
        var model = branch.model
        model.policies.added.append(policy)
        let outcome = TapOutcome(
            TapLookout(responder: tap.responder, touch: tap.touch, at: tap.origin), began: tap.began.seq, policy: policy
        )
        var replayer = SessionReplayer(session: session, continuingFrom: model)
        replayer.observer = outcome
        do {
            for record in branch.records where !outcome.done { try replayer.feed(record) { _ in } }
            try replayer.finish { _ in }
        } catch {
            return false
        }
        return outcome.dismissed
    }

    private func isInsideControl(_ view: ObjectRef, in model: ResponderModel) -> Bool {
        FindingBuilder.nearest(from: view, in: model) { model.uikitClass(of: $0)?.isControl == true } != nil
    }
}

/// How long a tap is watched, and what it shows: the tap failed if `responder` is still first responder at every
/// step from the touch's beginning until the next touch begins or a second after the finger lifted (a tap recognizer
/// or IQKeyboardManager resigns at touch-up, a resign from code a while later is no dismissal), and the touch was a
/// tap: it stayed within the model's tap allowance of where it began and was not cancelled. The recording and its
/// replays with a policy added are watched by the same rule.
struct TapLookout {
    let responder: ObjectRef
    let touch: TouchIdentifier
    /// Where the touch began.
    let origin: Point
    private var endedAt: Double?
    /// The touch went farther than a tap may, or was cancelled: a drag, whatever the first responder did.
    private(set) var isDrag = false

    enum Verdict {
        /// Still within the tap.
        case open
        /// The tap is over and its first responder stayed: the keyboard was not dismissed.
        case kept
        /// The first responder went during the tap.
        case dismissed
        /// The touch kept its first responder, but it was a drag, not a tap.
        case notATap
    }

    init(responder: ObjectRef, touch: TouchIdentifier, at origin: Point) {
        self.responder = responder
        self.touch = touch
        self.origin = origin
    }

    /// One more step (at `t`, for `touch` when it is a touch record): the first responder after it.
    mutating func follow(t: Double, touch record: TouchRecord?, firstResponder: ObjectRef?) -> Verdict {
        if let endedAt, t > endedAt + 1 || record?.phase == .began { return isDrag ? .notATap : .kept }
        if firstResponder != responder { return .dismissed }
        if let record, record.touch == touch, endedAt == nil {
            if record.phase == .cancelled || Point(record.x, record.y).distance(to: origin) > Tolerance.tapMovement {
                isDrag = true
            }
            if record.phase == .ended || record.phase == .cancelled { endedAt = t }
        }
        return .open
    }
}

/// Watches a replay with a policy added, from the tap on: whether the first responder went before the tap was over.
private final class TapOutcome: ReplayObserver {
    private var lookout: TapLookout
    let began: Int
    /// The policy added for this replay.
    let policy: DismissPolicy
    private(set) var done = false
    private(set) var dismissed = false

    init(_ lookout: TapLookout, began: Int, policy: DismissPolicy) {
        self.lookout = lookout
        self.began = began
        self.policy = policy
    }

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel) {
        guard !done, input.seq >= began else { return }
        var touch: TouchRecord?
        if case .touch(let record) = input.record { touch = record }
        switch lookout.follow(t: input.t ?? 0, touch: touch, firstResponder: step.firstResponder) {
        case .open:
            // The first responder is still there and the policy can no longer act before another touch begins: the
            // rest of the tap replays as the recording's replay did, which kept the keyboard. Stopping here spares
            // replaying a drag's moves and what follows it, for every policy.
            if !model.policyMayStillAct(policy) { done = true }
        case .kept, .notATap: done = true
        case .dismissed:
            dismissed = true
            done = true
        }
    }
}
