import ResponderCore
import TouchlogFormat

/// A visible, enabled control that no point on screen reaches.
final class UnreachableControlRule: Rule {
    static let description = RuleDescription(
        identifier: "unreachable_control", name: "Control no tap can reach", severity: .error,
        rationale: """
            In a snapshot (a recording's, or an imported hierarchy dump), a control that is visible and enabled \
            but that hit testing cannot reach at any point of its frame: it lies outside its parent's bounds \
            (drawn, since `clipsToBounds` is off, but never hit), an ancestor has user interaction off, or views in \
            front cover all of it. Users see a button that does nothing. A warning when it is covered by another \
            window (such as the keyboard's), which goes away; a system window that spans the screen but only holds \
            the keyboard (`UITextEffectsWindow`, XCUITest's keyboard window) counts only where one of its smaller \
            views overlaps the control, since such windows let touches outside their content through. A control a \
            recorded touch reached (an app hit-test override) is not reported. One finding per control, at the first snapshot that \
            shows it.
            """,
        triggeringExamples: [
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"bar","class":"UIView","frame":[0,100,390,44],"accessibilityIdentifier":"editor.bar","subviews":[{"id":"share","class":"UIButton","frame":[300,52,80,40],"accessibilityLabel":"Share"}]}]}]}
                    """#,
                produces: [.init(severity: .error, records: [2], views: ["UIButton\"Share\"", "UIView#editor.bar"])])
        ],
        nonTriggeringExamples: [
            RuleExample(ExampleSessions.form),
            // A disabled control is out of reach on purpose.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"bar","class":"UIView","frame":[0,100,390,44],"subviews":[{"id":"share","class":"UIButton","frame":[300,52,80,40],"isEnabled":false,"accessibilityLabel":"Share"}]}]}]}
                    """#),
        ])

    private var controls = VisibleControls()
    /// One group per control (by id), described at the first snapshot that shows it.
    private var groups: [Group] = []
    /// Views a recorded touch began on: a control one of them is in was reachable on the device (an app hit-test
    /// override), whatever the model says.
    private var touched = Set<String>()

    private struct Group {
        var control: String
        /// The control and every view inside it when it was found: a touch on any of them reached it.
        var subtree: Set<String>
        var snapshots: [Citation]
        var explanation: String
        var views: [ViewRef]
        var severity: Severity
        var scene: Scene?
    }

    init() {}

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        controls.invalidate(after: input.record)
        switch input.record {
        case .touch(let touch) where touch.phase == .began:
            if let observed = touch.view { touched.insert(observed) }
        case .snapshot(let snapshot):
            for (control, _, enabled) in controls.list(model) where enabled {
                // Most controls are reached at their centre: one hit test there spares the exact search, which
                // cuts the whole screen along every view's edges.
                if let frame = model.screenFrame(of: control),
                    let hit = model.hitTest(screenPoint: Point(frame.midX, frame.midY)),
                    build.isView(hit, inside: control, in: model)
                {
                    continue
                }
                guard case .unreachable(let answer, _) = model.reachability(of: control),
                    let obstacle = Obstacle(answer)
                else { continue }
                if case .coveredByWindow(let window) = obstacle, !build.windowContentCovers(window, control, in: model)
                {
                    continue
                }
                let id = model.id(of: control)
                let citation = Citation(input.seq, snapshot.t)
                if let k = groups.firstIndex(where: { $0.control == id }) {
                    groups[k].snapshots.append(citation)
                } else {
                    groups.append(describe(control, obstacle, answer, model, build, citation))
                }
            }
        default:
            break
        }
    }

    func finish(build: FindingBuilder) -> [Finding] {
        groups.filter { $0.subtree.isDisjoint(with: touched) }.map { group in
            build.finding(
                group.severity, records: group.snapshots, views: group.views, explanation: group.explanation,
                scene: group.scene)
        }
    }

    private func describe(
        _ control: ObjectRef, _ obstacle: Obstacle, _ answer: ReachAnswer, _ model: ResponderModel,
        _ build: FindingBuilder, _ citation: Citation
    ) -> Group {
        let controlView = build.view(control, in: model, role: "unreachable control")
        var views = [controlView]
        var blockerName = ""
        if let blocker = build.blocker(obstacle.blocker, of: control, in: model) {
            views.append(blocker.view)
            blockerName = blocker.name
        }
        let subject = blockerName.isEmpty ? "it" : blockerName
        let why: String
        switch obstacle {
        case .passedOver(.outsideBounds, _):
            why =
                blockerName.isEmpty
                ? "it lies outside its parent's bounds"
                : "it lies outside the bounds of \(blockerName), so hit testing never looks for it there"
        case .coveredBySibling: why = "\(blockerName) covers it"
        case .coveredByWindow: why = "another window in front, \(blockerName), covers it (the keyboard's, typically)"
        case .passedOver(.userInteractionDisabled, _): why = "\(subject) has user interaction off"
        case .passedOver(.hidden, _): why = "\(subject) is hidden"
        case .passedOver(.alphaBelowThreshold, _): why = "\(subject) has alpha below 0.01"
        case .passedOver(.disabledControl, _): why = "\(subject) is a disabled control"
        case .notInWindow: why = model.describe(answer, view: control)
        }
        var subtree = Set<String>()
        var stack = [control]
        while let view = stack.popLast() {
            subtree.insert(model.id(of: view))
            stack += model.info(view)?.subviews ?? []
        }
        var severity = Severity.error
        if case .coveredByWindow = obstacle { severity = .warning }
        return Group(
            control: model.id(of: control), subtree: subtree, snapshots: [citation],
            explanation: "\(build.name(controlView)) is visible and enabled but no tap can reach it: \(why).",
            views: views, severity: severity,
            scene: build.scene(model, t: citation.t, expectedView: control, cause: obstacle.cause))
    }
}
