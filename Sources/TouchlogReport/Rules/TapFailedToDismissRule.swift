import ResponderCore
import TouchlogStore

/// A tap outside the first responder, with the keyboard up, that left the keyboard up.
struct TapFailedToDismissRule: Rule {
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

    func findings(in context: RuleContext) -> [Finding] {
        let build = FindingBuilder(context, rule: Self.self)
        guard let replay = build.replay else { return [] }
        let steps = replay.steps
        // (first responder, tapped view) -> the touch-began seqs of the failed taps, in order.
        var groups: [(responder: String, tapped: String, seqs: [Int], points: [Point])] = []
        // Touches in flight and the view each is bound to: a finger resting on the first responder keeps the
        // keyboard up on purpose (the event contains a touch in the first responder).
        var inFlight: [String: String] = [:]
        for (index, step) in steps.enumerated() where step.type == "touch" {
            guard let touch = step.touch else { continue }
            if step.phase == "ended" || step.phase == "cancelled" {
                inFlight[touch] = nil
                continue
            }
            guard step.phase == "began" else { continue }
            let others = inFlight.values
            if let view = step.view { inFlight[touch] = view }
            // Cheapest tests first: the steps, then the model.
            guard let before = replay.step(before: step.seq), before.keyboardVisible,
                let responder = before.firstResponder, let tapped = step.view, tapped != responder,
                stillResponding(responder, after: index, touch: step.touch, steps: steps),
                let info = build.info(tapped, at: step.seq), !info.canBecomeFirstResponder,
                !isInsideControl(tapped, at: step.seq, build: build),
                !isInside(tapped, responder, at: step.seq, build: build),
                !others.contains(where: { build.isView($0, inside: responder, at: step.seq) })
            else { continue }
            let point = Point(step.x ?? 0, step.y ?? 0)
            if let k = groups.firstIndex(where: { $0.responder == responder && $0.tapped == tapped }) {
                groups[k].seqs.append(step.seq)
                groups[k].points.append(point)
            } else {
                groups.append((responder, tapped, [step.seq], [point]))
            }
        }
        // One replay per policy serves every group: up to the last step any group's check looks at.
        let through =
            groups.compactMap { group in
                steps.firstIndex { $0.seq == group.seqs[0] }.map {
                    lookout(after: $0, touch: steps[$0].touch, steps: steps)
                }
            }.max() ?? .max
        return groups.map { group in
            let first = group.seqs[0]
            let responder = build.view(group.responder, at: first, role: "first responder")
            let tapped = build.view(group.tapped, at: first, role: "tapped view")
            let touch = replay.step(seq: first)?.touch
            let inForce = policiesInForce(context.session)
            let fixes = Self.candidates.filter { policy in
                guard !inForce.contains(policy.rawValue),
                    let alternative = replay.steps(adding: policy, through: through),
                    let index = alternative.firstIndex(where: { $0.seq == first })
                else { return false }
                return !stillResponding(group.responder, after: index, touch: touch, steps: alternative)
            }
            let taps = group.seqs.count == 1 ? "A tap" : "\(group.seqs.count) taps"
            var explanation =
                "\(taps) on \(build.name(tapped)) with the keyboard up left \(build.name(responder)) first responder, "
                + "so the keyboard stayed up"
            if fixes.isEmpty {
                explanation += "; none of touchlog's keyboard-dismiss policies would have dismissed it."
            } else {
                let names = fixes.map(\.rawValue)
                let list =
                    names.count == 1
                    ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
                explanation +=
                    "; replayed with \(list) added, touchlog dismisses it on \(group.seqs.count == 1 ? "that tap" : "the first of them")."
            }
            return build.finding(
                .warning, records: group.seqs, views: [responder, tapped], explanation: explanation,
                scene: build.scene(
                    at: first, touches: [group.points[0]], hitView: group.tapped, expectedView: nil))
        }
    }

    /// Whether `responder` is still first responder once the touch is over: at its end and at every step until the
    /// next touch begins or a second has passed (a tap recognizer or IQKeyboardManager resigns at touch-up).
    private func stillResponding(_ responder: String, after index: Int, touch: String?, steps: [ReplayStepRow])
        -> Bool
    {
        var endedAt: Double?
        for step in steps[index...] {
            // Past the tap: the next touch, or a second after it ended (a resign from code later is no dismissal).
            if let endedAt, step.t > endedAt + 1 || (step.type == "touch" && step.phase == "began") { break }
            if step.firstResponder != responder { return false }
            if step.touch == touch, step.phase == "ended" || step.phase == "cancelled" { endedAt = step.t }
        }
        return true
    }

    /// The seq of the last step ``stillResponding(_:after:touch:steps:)`` looks at.
    private func lookout(after index: Int, touch: String?, steps: [ReplayStepRow]) -> Int {
        var endedAt: Double?
        var last = steps[index].seq
        for step in steps[index...] {
            if let endedAt, step.t > endedAt + 1 || (step.type == "touch" && step.phase == "began") { break }
            last = step.seq
            if step.touch == touch, step.phase == "ended" || step.phase == "cancelled" { endedAt = step.t }
        }
        // The next record may carry the recognizer's outcome of a grouped event: one more step is harmless.
        return steps.first { $0.seq > last }?.seq ?? .max
    }

    /// The session's and its windows' `policies` as recorded (a policy already on is no fix to suggest).
    private func policiesInForce(_ session: AnalyzedSession) -> Set<String> {
        var names = Set(session.policies)
        for record in session.records where record.type == "snapshot" {
            guard case .object(let object) = record.content else { continue }
            for window in object["windows"]?.arrayValue ?? [] {
                for name in window["policies"]?.arrayValue ?? [] {
                    if let name = name.stringValue { names.insert(name) }
                }
            }
        }
        return names
    }

    private func isInside(_ view: String, _ ancestor: String, at seq: Int, build: FindingBuilder) -> Bool {
        guard let model = build.replay?.model(before: seq + 1), var current = model.ref(for: view),
            let target = model.ref(for: ancestor)
        else { return false }
        while let parent = model.info(current)?.parent {
            if parent == target { return true }
            current = parent
        }
        return false
    }

    private func isInsideControl(_ view: String, at seq: Int, build: FindingBuilder) -> Bool {
        guard let model = build.replay?.model(before: seq + 1), var current = model.ref(for: view) else {
            return false
        }
        for _ in 0..<10_000 {
            guard let info = model.info(current) else { return false }
            if info.isControl { return true }
            guard let parent = info.parent else { return false }
            current = parent
        }
        return false
    }
}
