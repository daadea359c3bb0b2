import ResponderCore
import TouchlogFormat

/// The recording says a touch went to a view that was hidden or transparent.
final class TouchOnHiddenViewRule: Rule {
    static let description = RuleDescription(
        identifier: "touch_on_hidden_view", name: "Touch delivered to a hidden view", severity: .warning,
        rationale: """
            UIKit's hit test never returns a view that is hidden or below alpha 0.01, or one inside such a view. \
            When the recording says a touch began on one, the app returned it from its own `hitTest(_:with:)` or \
            `point(inside:with:)` override, or the recording's view state is stale (a `set` missing): either way \
            an invisible view is taking the user's touches. A view at alpha 0.01 or above (e.g. 0.02) is still \
            hit-testable and is not reported here; `blocked_tap` reports it when it covers a control.
            """,
        triggeringExamples: [
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"set","t":0.5,"view":"save","isHidden":true}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"save"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#,
                produces: [.init(severity: .warning, records: [4], views: ["UIButton\"Save\""])])
        ],
        nonTriggeringExamples: [
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"set","t":0.5,"view":"save","alpha":0.02}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"save"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#)
        ])

    private var findings: [Finding] = []

    init() {}

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        guard case .touch(let touch) = input.record, touch.phase == .began, let observed = touch.view,
            let ref = model.view(observed), model.isEffectivelyHidden(ref)
        else { return }
        let view = build.view(ref, in: model, role: "recorded view")
        let state =
            model.info(ref).map {
                $0.isHidden
                    ? "hidden"
                    : $0.alpha < 0.01 ? "transparent (alpha below 0.01)" : "inside a hidden or transparent view"
            } ?? "hidden"
        findings.append(
            build.finding(
                .warning, records: [Citation(input.seq, touch.t)], views: [view],
                explanation:
                    "The recording says a touch at \(Wording.point(touch.x, touch.y)) went to \(build.name(view)), which was \(state) and which UIKit's hit testing never returns.",
                scene: build.scene(
                    model, t: touch.t, touches: [Point(touch.x, touch.y)], hitView: ref, expectedView: step.hitTestView)
            ))
    }

    func finish(build: FindingBuilder) -> [Finding] { findings }
}
