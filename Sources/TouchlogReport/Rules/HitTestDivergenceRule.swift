import ResponderCore

/// The recorded view of a touch differs from UIKit's hit test: the app overrides hit testing.
struct HitTestDivergenceRule: Rule {
    static let description = RuleDescription(
        identifier: "hit_test_divergence", name: "Touch went elsewhere than UIKit's hit test", severity: .info,
        rationale: """
            The recording names the view each touch was bound to; touchlog's model of UIKit's hit test names \
            another. The app overrides `hitTest(_:with:)` or `point(inside:with:)` (to enlarge a button, let \
            touches through an overlay, or reach a view outside its parent's bounds), or the recording missed a \
            change to the hierarchy. Information for whoever reads the other findings of the session: from this \
            touch on, the model's view of delivery may differ from the device's. One finding per recorded view and \
            model's view.
            """,
        triggeringExamples: [
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"accessibilityIdentifier":"chat","subviews":[{"id":"overlay","class":"Chat.OverlayView","frame":[0,400,390,100],"subviews":[{"id":"bar","class":"UIView","frame":[0,-50,390,50],"accessibilityIdentifier":"chat.reactions"}]}]}]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":370,"window":"w","event":1,"view":"bar"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":370,"window":"w","event":1}
                    """#,
                produces: [.init(severity: .info, records: [3], views: ["UIView#chat.reactions", "UIView#chat"])])
        ],
        nonTriggeringExamples: [
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"save"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#)
        ])

    func findings(in context: RuleContext) -> [Finding] {
        let build = FindingBuilder(context, rule: Self.self)
        guard let steps = build.replay?.steps else { return [] }
        var groups: [(observed: String, model: String, seqs: [Int], point: Point)] = []
        for step in steps where step.type == "touch" && step.phase == "began" {
            guard let observed = step.observedView, let model = step.hitView, observed != model else { continue }
            if let k = groups.firstIndex(where: { $0.observed == observed && $0.model == model }) {
                groups[k].seqs.append(step.seq)
            } else {
                groups.append((observed, model, [step.seq], Point(step.x ?? 0, step.y ?? 0)))
            }
        }
        return groups.map { group in
            let seq = group.seqs[0]
            let observed = build.view(group.observed, at: seq, role: "recorded view")
            let expected = build.view(group.model, at: seq, role: "UIKit's hit view")
            let taps = group.seqs.count == 1 ? "A touch" : "\(group.seqs.count) touches"
            var explanation =
                "\(taps) at \(Wording.point(group.point.x, group.point.y)) went to \(build.name(observed)) where UIKit's hit test gives \(build.name(expected))"
            if let overrider = overrider(of: group.observed, at: seq, build: build) {
                explanation += ", likely through a hitTest(_:with:) override in \(overrider)"
            }
            return build.finding(
                .info, records: group.seqs, views: [observed, expected], explanation: explanation + ".",
                scene: build.scene(
                    at: seq, touches: [group.point], hitView: group.observed, expectedView: group.model))
        }
    }

    /// The nearest ancestor of the recorded view whose class is the app's (module-qualified, `Chat.OverlayView`),
    /// where an override most likely lives; else its parent's class.
    private func overrider(of view: String, at seq: Int, build: FindingBuilder) -> String? {
        guard let model = build.replay?.model(before: seq + 1), let ref = model.ref(for: view),
            let start = model.info(ref)?.parent
        else { return nil }
        var current: ObjectRef? = start
        for _ in 0..<10_000 {
            guard let step = current, let info = model.info(step) else { break }
            if info.className.contains(".") { return info.className }
            current = info.parent
        }
        return nil
    }
}
