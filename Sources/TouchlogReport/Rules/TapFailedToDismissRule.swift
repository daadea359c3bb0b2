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
            another finger rests on the first responder is left out: UIKit keeps the keyboard then on purpose. One \
            finding per first responder and tapped view.
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
        ])

    /// The policies that can dismiss on a tap, in the order explanations name them.
    static let candidates: [DismissPolicy] = [
        .dismissOnOutsideTouch, .endEditingOnTouchesBegan, .tapToDismiss, .resignOnTouchOutside,
    ]

    /// Touches in flight and the view each is bound to: a finger resting on the first responder keeps the keyboard
    /// up on purpose (the event contains a touch in the first responder).
    private var inFlight: [String: ObjectRef] = [:]
    /// Taps whose outcome is still open: the first responder must stay through the tap for it to have failed.
    private var watching: [Watch] = []
    /// One group per first responder and tapped view (by handle), described at its first tap.
    private var groups: [Group] = []

    /// A tap being watched: it failed if `responder` is still first responder at every step until the next touch
    /// begins or a second after the finger lifted (a tap recognizer or IQKeyboardManager resigns at touch-up).
    private struct Watch {
        var tap: Tap
        var endedAt: Double?
    }

    private struct Tap {
        var responder: ObjectRef
        var tapped: ObjectRef
        var touch: String
        var began: Citation
        var point: Point
        var responderView: ViewRef
        var tappedView: ViewRef
        var scene: Scene?
        /// Where a replay with a policy added starts: the latest snapshot before the tap and the model after it.
        var snapshot: (seq: Int, model: ResponderModel)?
    }

    private struct Group {
        var first: Tap
        var taps: [Citation]
        /// The last line the first tap's watch looked at: a replay with a policy added goes that far.
        var through: Int
    }

    init() {}

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        let touch: TouchRecord?
        if case .touch(let record) = input.record { touch = record } else { touch = nil }
        let t = input.t ?? 0
        let began = touch?.phase == .began
        watching.removeAll { watch in
            !keepWatching(watch, seq: input.seq, t: t, began: began, firstResponder: step.firstResponder)
        }
        for k in watching.indices {
            if let touch, touch.touch.description == watching[k].tap.touch,
                touch.phase == .ended || touch.phase == .cancelled
            {
                watching[k].endedAt = touch.t
            }
        }
        guard let touch else { return }
        let id = touch.touch.description
        if touch.phase == .ended || touch.phase == .cancelled {
            inFlight[id] = nil
            return
        }
        guard began else { return }
        let others = Array(inFlight.values)
        if let view = step.view { inFlight[id] = view }
        // Cheapest tests first: the state before the tap, then the model.
        let before = build.context.before
        guard before.keyboardVisible, let responder = before.firstResponder, let tapped = step.view,
            tapped != responder, step.firstResponder == responder,
            let info = model.info(tapped), !info.canBecomeFirstResponder,
            !isInsideControl(tapped, in: model), !build.isView(tapped, inside: responder, in: model),
            !others.contains(where: { build.isView($0, inside: responder, in: model) })
        else { return }
        let point = Point(touch.x, touch.y)
        let tap = Tap(
            responder: responder, tapped: tapped, touch: id, began: Citation(input.seq, touch.t), point: point,
            responderView: build.view(responder, in: model, role: "first responder"),
            tappedView: build.view(tapped, in: model, role: "tapped view"),
            scene: build.scene(model, t: touch.t, touches: [point], hitView: tapped),
            snapshot: build.context.lastSnapshot)
        watching.append(Watch(tap: tap, endedAt: nil))
    }

    func finish(build: FindingBuilder) -> [Finding] {
        for watch in watching { failed(watch, through: .max) }
        watching = []
        return groups.map { group in
            let first = group.first
            let fixes = Self.candidates.filter { policy in
                !build.context.policiesInForce.contains(policy) && dismisses(group, with: policy, build.context)
            }
            let taps = Wording.taps(group.taps.count)
            var explanation =
                "\(taps) on \(build.name(first.tappedView)) with the keyboard up left \(build.name(first.responderView)) first responder, "
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
                .warning, records: group.taps, views: [first.responderView, first.tappedView],
                explanation: explanation, scene: first.scene)
        }
    }

    /// Whether a watched tap is still open after a step at `t`: past the tap (the next touch began, or a second
    /// after the finger lifted) it failed; a first responder other than its own means the keyboard went.
    private func keepWatching(_ watch: Watch, seq: Int, t: Double, began: Bool, firstResponder: ObjectRef?) -> Bool {
        if let endedAt = watch.endedAt, t > endedAt + 1 || began {
            // This step may carry the recognizer's outcome of a grouped event: replays go up to it.
            failed(watch, through: seq)
            return false
        }
        return firstResponder == watch.tap.responder
    }

    private func failed(_ watch: Watch, through: Int) {
        let tap = watch.tap
        if let k = groups.firstIndex(where: { $0.first.responder == tap.responder && $0.first.tapped == tap.tapped }) {
            groups[k].taps.append(tap.began)
        } else {
            groups.append(Group(first: tap, taps: [tap.began], through: through))
        }
    }

    /// Replays from the snapshot before the group's first tap, with `policy` added, to its end: whether the first
    /// responder went during the tap. Only the stretch from that snapshot is read again, not the session.
    private func dismisses(_ group: Group, with policy: DismissPolicy, _ context: SessionContext) -> Bool {
        guard let snapshot = group.first.snapshot else { return false }
        var model = snapshot.model
        model.policies.added.append(policy)
        let outcome = TapOutcome(responder: group.first.responder, began: group.first.began.seq, touch: group.first.touch)
        var replayer = SessionReplayer(session: context.ref.id, continuingFrom: model)
        replayer.observer = outcome
        do {
            try context.records.forEachRecord(in: (snapshot.seq + 1)...max(snapshot.seq + 1, group.through)) {
                record in try replayer.feed(record) { _ in }
            }
            try replayer.finish { _ in }
        } catch {
            return false
        }
        return outcome.dismissed
    }

    private func isInsideControl(_ view: ObjectRef, in model: ResponderModel) -> Bool {
        var current = view
        for _ in 0..<10_000 {
            guard let info = model.info(current) else { return false }
            if info.isControl { return true }
            guard let parent = info.parent else { return false }
            current = parent
        }
        return false
    }
}

/// Watches a replay with a policy added, from the tap on: whether the first responder went before the tap was over.
private final class TapOutcome: ReplayObserver {
    let responder: ObjectRef
    let began: Int
    let touch: String
    private var endedAt: Double?
    private var done = false
    private(set) var dismissed = false

    init(responder: ObjectRef, began: Int, touch: String) {
        self.responder = responder
        self.began = began
        self.touch = touch
    }

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel) {
        guard !done, input.seq >= began else { return }
        let t = input.t ?? 0
        var isBegan = false
        var isEnd = false
        if case .touch(let touch) = input.record {
            isBegan = touch.phase == .began && input.seq > began
            isEnd = touch.touch.description == self.touch && (touch.phase == .ended || touch.phase == .cancelled)
        }
        if let endedAt, t > endedAt + 1 || isBegan {
            done = true
            return
        }
        if step.firstResponder != responder {
            dismissed = true
            done = true
            return
        }
        if isEnd { endedAt = t }
    }
}
