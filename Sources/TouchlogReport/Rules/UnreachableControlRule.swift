import TouchlogStore

/// A visible, enabled control that no point on screen reaches.
struct UnreachableControlRule: Rule {
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

    func findings(in context: RuleContext) -> [Finding] {
        let build = FindingBuilder(context, rule: Self.self)
        guard let steps = build.replay?.steps else { return [] }
        var groups: [(reach: ReplayStepRow.ControlReach, seqs: [Int])] = []
        // Controls a recorded touch reached (through an app hit-test override) are reachable on the device.
        var touched = Set<String>()
        for step in steps where step.type == "touch" && step.phase == "began" {
            if let observed = step.observedView { touched.insert(observed) }
        }
        for step in steps {
            for reach in step.controlReach where reach.kind == "unreachable" {
                if touched.contains(where: { build.isView($0, inside: reach.control, at: step.seq) }) { continue }
                if reach.reason == "coveredByWindow", let window = reach.blocker,
                    !build.windowContentCovers(window, reach.control, at: step.seq)
                {
                    continue
                }
                if let k = groups.firstIndex(where: { $0.reach.control == reach.control }) {
                    groups[k].seqs.append(step.seq)
                } else {
                    groups.append((reach, [step.seq]))
                }
            }
        }
        return groups.map { group in
            let seq = group.seqs[0]
            let reach = group.reach
            let control = build.view(reach.control, at: seq, role: "unreachable control")
            var views = [control]
            var blockerName = ""
            if let blocker = build.blocker(reach.blocker, of: reach.control, at: seq) {
                views.append(blocker.view)
                blockerName = blocker.name
            }
            let why: String
            switch reach.reason {
            case "outsideBounds":
                why =
                    blockerName.isEmpty
                    ? "it lies outside its parent's bounds"
                    : "it lies outside the bounds of \(blockerName), so hit testing never looks for it there"
            case "coveredBySibling": why = "\(blockerName) covers it"
            case "coveredByWindow":
                why = "another window in front, \(blockerName), covers it (the keyboard's, typically)"
            case "userInteractionDisabled": why = "\(blockerName.isEmpty ? "it" : blockerName) has user interaction off"
            case "hidden": why = "\(blockerName.isEmpty ? "it" : blockerName) is hidden"
            case "alphaBelowThreshold": why = "\(blockerName.isEmpty ? "it" : blockerName) has alpha below 0.01"
            case "disabledControl": why = "\(blockerName.isEmpty ? "it" : blockerName) is a disabled control"
            default: why = reach.explanation
            }
            let severity: Severity = reach.reason == "coveredByWindow" ? .warning : .error
            return build.finding(
                severity, records: group.seqs, views: views,
                explanation: "\(build.name(control)) is visible and enabled but no tap can reach it: \(why).",
                scene: build.scene(at: seq, expectedView: reach.control))
        }
    }
}
