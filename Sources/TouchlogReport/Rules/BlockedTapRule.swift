import ResponderCore
import TouchlogStore

/// A tap inside a visible control's frame that never reached it.
struct BlockedTapRule: Rule {
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

    func findings(in context: RuleContext) -> [Finding] {
        let build = FindingBuilder(context, rule: Self.self)
        guard let steps = build.replay?.steps else { return [] }
        var groups: [(reach: ReplayStepRow.ControlReach, seqs: [Int], point: Point, hit: String?)] = []
        for step in steps where step.type == "touch" && step.phase == "began" {
            for reach in step.controlReach where reach.kind == "blocked" {
                // The recording says the control got it after all (an app hit-test override): not blocked.
                if let observed = step.observedView, build.isView(observed, inside: reach.control, at: step.seq) {
                    continue
                }
                if reach.reason == "coveredByWindow", let window = reach.blocker,
                    !build.windowContentCovers(window, reach.control, at: step.seq)
                {
                    continue
                }
                if let k = groups.firstIndex(where: {
                    $0.reach.control == reach.control && $0.reach.blocker == reach.blocker
                        && $0.reach.reason == reach.reason
                }) {
                    groups[k].seqs.append(step.seq)
                } else {
                    groups.append((reach, [step.seq], Point(step.x ?? 0, step.y ?? 0), step.view ?? step.hitView))
                }
            }
        }
        return groups.map { group in
            let seq = group.seqs[0]
            let reach = group.reach
            let control = build.view(reach.control, at: seq, role: "blocked control")
            var views = [control]
            var blockerText = ""
            if let blocker = build.blocker(reach.blocker, of: reach.control, at: seq) {
                views.append(blocker.view)
                blockerText = blocker.name
            }
            let why: String
            switch reach.reason {
            case "disabledControl" where reach.blocker == nil || reach.blocker == reach.control:
                why = "it is disabled (hit testing skips a disabled control)"
            case "disabledControl": why = "its ancestor \(blockerText) is a disabled control"
            case "coveredBySibling": why = "\(blockerText) in front of it took the touch"
            case "coveredByWindow": why = "another window in front, \(blockerText), took the touch"
            case "outsideBounds":
                why =
                    blockerText.isEmpty
                    ? "it lies outside its parent's bounds (subviews are only searched within them)"
                    : "the point lies outside the bounds of its ancestor \(blockerText), so hit testing never looks in its subviews"
            case "hidden": why = blockerText.isEmpty ? "it is hidden" : "its ancestor \(blockerText) is hidden"
            case "alphaBelowThreshold":
                why =
                    blockerText.isEmpty ? "its alpha is below 0.01" : "its ancestor \(blockerText) has alpha below 0.01"
            case "userInteractionDisabled":
                why =
                    blockerText.isEmpty
                    ? "its user interaction is off" : "its ancestor \(blockerText) has user interaction off"
            default: why = reach.explanation
            }
            var hitName = ""
            if let hit = group.hit, hit != reach.blocker {
                let hitView = build.view(hit, at: seq, role: "hit view")
                hitName = "; the touch went to \(build.name(hitView))"
            }
            let taps = group.seqs.count == 1 ? "A tap" : "\(group.seqs.count) taps"
            let disabledItself =
                reach.reason == "disabledControl" && (reach.blocker == nil || reach.blocker == reach.control)
            return build.finding(
                disabledItself ? .warning : .error, records: group.seqs, views: views,
                explanation: "\(taps) inside \(build.name(control)) never reached it: \(why)\(hitName).",
                scene: build.scene(at: seq, touches: [group.point], hitView: group.hit, expectedView: reach.control))
        }
    }
}
