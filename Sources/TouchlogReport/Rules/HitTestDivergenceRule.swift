import ResponderCore
import TouchlogFormat

/// The recorded view of a touch differs from UIKit's hit test: the app overrides hit testing.
final class HitTestDivergenceRule: Rule {
    static let description = RuleDescription(
        identifier: "hit_test_divergence", name: "Touch went elsewhere than UIKit's hit test", severity: .info,
        rationale: """
            The recording names the view each touch was bound to; touchlog's model of UIKit's hit test names \
            another. The app overrides `hitTest(_:with:)` or `point(inside:with:)` (to enlarge a button, let \
            touches through an overlay, or reach a view outside its parent's bounds), or the recording missed a \
            change to the hierarchy. Information for whoever reads the other findings of the session: from this \
            touch on, the model's view of delivery may differ from the device's. One finding per recorded view and \
            model's view. \
            Inside SwiftUI content (a view that hosts SwiftUI, `hostsSwiftUI`) the model hit-tests no deeper than \
            the hosting view: a touch bound to any view in that region agrees with it.
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
            // UIKit bound the tap to the SwiftUI banner, over a view SwiftUI made inside it: the model hit-tests no
            // further than the hosting view, since SwiftUI decides what its content takes.
            RuleExample(
                ExampleSessions.swiftUIBanner + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"banner"}
                    {"type":"touch","t":1.08,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#),
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"save"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#),
        ])

    /// One group per recorded view and model's view (by id), named at its first touch.
    private var groups: [Group] = []

    private struct Group {
        var observed: String
        var modelHit: String
        var touches: [Citation]
        var point: Point
        var observedView: ViewRef
        var expectedView: ViewRef
        var overrider: String?
        var scene: Scene?
    }

    init() {}

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        guard case .touch(let touch) = input.record, touch.phase == .began, let observed = touch.view,
            let hit = step.hitTestView
        else { return }
        let modelHit = model.id(of: hit)
        guard observed != modelHit else { return }
        // Inside SwiftUI content the model stops at the hosting view: which view there took the touch is SwiftUI's.
        if let bound = model.view(observed), model.inSameHostedContent(hit, bound) { return }
        let citation = Citation(input.seq, touch.t)
        if let k = groups.firstIndex(where: { $0.observed == observed && $0.modelHit == modelHit }) {
            groups[k].touches.append(citation)
            return
        }
        let point = Point(touch.x, touch.y)
        let observedRef = model.view(observed)
        groups.append(
            Group(
                observed: observed, modelHit: modelHit, touches: [citation], point: point,
                observedView: build.view(observed, in: model, role: "recorded view"),
                expectedView: build.view(hit, in: model, role: "UIKit's hit view"),
                overrider: observedRef.flatMap { overrider(of: $0, in: model) },
                scene: build.scene(model, t: touch.t, touches: [point], hitView: observedRef, expectedView: hit)))
    }

    func finish(build: FindingBuilder) -> [Finding] {
        groups.map { group in
            let taps = Wording.taps(group.touches.count, "A touch", plural: "touches")
            var explanation =
                "\(taps) at \(Wording.point(group.point.x, group.point.y)) went to \(build.name(group.observedView)) where UIKit's hit test gives \(build.name(group.expectedView))"
            if let overrider = group.overrider {
                explanation += ", likely through a hitTest(_:with:) override in \(overrider)"
            }
            return build.finding(
                .info, records: group.touches, views: [group.observedView, group.expectedView],
                explanation: explanation + ".", scene: group.scene)
        }
    }

    /// The nearest ancestor of the recorded view whose class is the app's (module-qualified, `Chat.OverlayView`),
    /// where an override most likely lives; else its parent's class.
    private func overrider(of view: ObjectRef, in model: ResponderModel) -> String? {
        let owner = FindingBuilder.nearest(from: model.parent(of: view), in: model) {
            model.info($0)?.className.contains(".") == true
        }
        return owner.flatMap { model.info($0)?.className }
    }
}
