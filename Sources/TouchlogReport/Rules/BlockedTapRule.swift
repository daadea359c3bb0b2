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
            blocked it and why. An error; a warning when the control is disabled, which the app may mean (but the \
            user is not told why nothing happens). A tap the recording says reached the control (an app hit-test \
            override) is not reported. One finding per control, blocker and reason.
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
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"set","t":0.5,"view":"save","isEnabled":false}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":720,"window":"w","event":1,"view":"root"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":720,"window":"w","event":1}
                    """#,
                produces: [.init(severity: .warning, records: [4], views: ["UIButton\"Save\""])]),
        ],
        nonTriggeringExamples: [
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
        ])

    private var controls = VisibleControls()
    /// One group per control, blocker and reason (by handle), described at its first tap.
    private var groups: [Group] = []

    private struct Group {
        var control: ObjectRef
        var obstacle: Obstacle
        var taps: [Citation]
        var explanation: String
        var views: [ViewRef]
        var disabledItself: Bool
        var scene: Scene?
    }

    init() {}

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        controls.invalidate(after: input.record)
        guard case .touch(let touch) = input.record, touch.phase == .began else { return }
        let point = Point(touch.x, touch.y)
        for (control, frame, _) in controls.list(model) {
            guard let frame, frame.contains(point) else { continue }
            let answer = model.whyNotReached(screenPoint: point, view: control)
            guard let obstacle = Obstacle(answer) else { continue }
            // The recording says the control got it after all (an app hit-test override): not blocked.
            if let observed = touch.view.flatMap(model.view), build.isView(observed, inside: control, in: model) {
                continue
            }
            if case .coveredByWindow(let window) = obstacle, !build.windowContentCovers(window, control, in: model) {
                continue
            }
            let citation = Citation(input.seq, touch.t)
            if let k = groups.firstIndex(where: { $0.control == control && $0.obstacle == obstacle }) {
                groups[k].taps.append(citation)
                continue
            }
            groups.append(
                describe(control, obstacle, answer, step: step, point: point, t: touch.t, model, build, citation))
        }
    }

    func finish(build: FindingBuilder) -> [Finding] {
        groups.map { group in
            let taps = Wording.taps(group.taps.count)
            return build.finding(
                group.disabledItself ? .warning : .error, records: group.taps, views: group.views,
                explanation: "\(taps) inside \(group.explanation)", scene: group.scene)
        }
    }

    /// The group of a first blocked tap: the views and the words, while the model is as the tap found it.
    private func describe(
        _ control: ObjectRef, _ obstacle: Obstacle, _ answer: ReachAnswer, step: Step, point: Point, t: Double,
        _ model: ResponderModel, _ build: FindingBuilder, _ citation: Citation
    ) -> Group {
        let controlView = build.view(control, in: model, role: "blocked control")
        var views = [controlView]
        var blockerText = ""
        if let blocker = build.blocker(obstacle.blocker, of: control, in: model) {
            views.append(blocker.view)
            blockerText = blocker.name
        }
        let why: String
        switch obstacle {
        case .passedOver(.disabledControl, let by) where by == control:
            why = "it is disabled (hit testing skips a disabled control)"
        case .passedOver(.disabledControl, _): why = "its ancestor \(blockerText) is a disabled control"
        case .coveredBySibling: why = "\(blockerText) in front of it took the touch"
        case .coveredByWindow: why = "another window in front, \(blockerText), took the touch"
        case .passedOver(.outsideBounds, _):
            why =
                blockerText.isEmpty
                ? "it lies outside its parent's bounds (subviews are only searched within them)"
                : "the point lies outside the bounds of its ancestor \(blockerText), so hit testing never looks in its subviews"
        case .passedOver(.hidden, _):
            why = blockerText.isEmpty ? "it is hidden" : "its ancestor \(blockerText) is hidden"
        case .passedOver(.alphaBelowThreshold, _):
            why = blockerText.isEmpty ? "its alpha is below 0.01" : "its ancestor \(blockerText) has alpha below 0.01"
        case .passedOver(.userInteractionDisabled, _):
            why =
                blockerText.isEmpty
                ? "its user interaction is off" : "its ancestor \(blockerText) has user interaction off"
        case .notInWindow: why = model.describe(answer, view: control)
        }
        let hit = step.view ?? step.hitTestView
        var hitName = ""
        if let hit, hit != obstacle.blocker {
            hitName = "; the touch went to \(build.name(build.view(hit, in: model, role: "hit view")))"
        }
        return Group(
            control: control, obstacle: obstacle, taps: [citation],
            explanation: "\(build.name(controlView)) never reached it: \(why)\(hitName).", views: views,
            disabledItself: obstacle.isDisabled(control),
            scene: build.scene(
                model, t: t, touches: [point], hitView: hit, expectedView: control, cause: obstacle.cause))
    }
}
