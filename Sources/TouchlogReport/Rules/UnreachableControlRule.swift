import ResponderCore
import TouchlogFormat

/// A visible, enabled control that no point on screen reaches.
final class UnreachableControlRule: Rule {
    static let description = RuleDescription(
        identifier: "unreachable_control", name: "Control no tap can reach", severity: .error,
        rationale: """
            In a snapshot (a recording's, or an imported hierarchy dump), a control that is visible and enabled \
            but that hit testing cannot reach at any point of the part of it a person sees: it lies outside its \
            parent's bounds (drawn, since `clipsToBounds` is off, but never hit), an ancestor has user interaction \
            off, or views in front cover all of it. Users see a button that does nothing. Only what is on screen \
            counts: a control that an ancestor clipping to its bounds cuts away (a row below a table's fold, reached \
            by scrolling) or that lies off screen is not reported, nor a control of a screen that presented another \
            (`presentingViewController`) under the presented sheet and its dimming view, which cover it on purpose \
            (the presentation's views: the presented screen, views outside the presenting screen, and views in the \
            recorded `presentationContainer`, which a presentation over the current context puts inside it). \
            A control in a scroll view's content covered by something that does not scroll with it (a navigation bar \
            or tab bar in front) is an info note: scrolling can move it out from under (whether the content scrolls that \
            far is not judged). A warning when it is covered by \
            another window (such as the keyboard's), which goes away; a system window that spans the screen but \
            only holds the keyboard (`UITextEffectsWindow`, XCUITest's keyboard window) counts only where one of its \
            smaller views overlaps the control, since such windows let touches outside their content through. A \
            control a recorded touch reached (an app hit-test override) is not reported, nor, when `blocked_tap` \
            runs, one users tapped and missed because of the same view, in the same session (that rule reports it, \
            with the taps: a tap that landed on the obstacle is a blocked tap; a covered control nobody touched is an \
            unreachable control); across sessions the report counts both as the blocked tap's one problem. One \
            finding per control, at the first snapshot that shows it at its most severe. \
            Not reported for a control inside SwiftUI content or where SwiftUI content is in front of it (a view \
            that hosts SwiftUI, `hostsSwiftUI`): whether SwiftUI lets a touch through there, the model cannot know.
            """,
        triggeringExamples: [
            // The same presentation without its container recorded: the container inside the form is taken for one
            // of the form's own views, over Add and Save.
            RuleExample(
                ExampleSessions.sheetOverCurrentContext(containerRecorded: false),
                produces: [
                    .init(
                        severity: .error, records: [2],
                        views: ["UIButton\"Add\"", "UIWindow>UIView#form>UITransitionView"]),
                    .init(
                        severity: .error, records: [2],
                        views: ["UIButton\"Save\"", "UIWindow>UIView#form>UITransitionView"]),
                ]),
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"bar","class":"UIView","frame":[0,100,390,44],"accessibilityIdentifier":"editor.bar","subviews":[{"id":"share","class":"UIButton","frame":[300,52,80,40],"accessibilityLabel":"Share"}]}]}]}
                    """#,
                produces: [.init(severity: .error, records: [2], views: ["UIButton\"Share\"", "UIView#editor.bar"])]),
            // Scrolled to its top edge, the table holds the Wi-Fi row under the navigation bar: a note.
            RuleExample(
                ExampleSessions.settings(offsetY: 0),
                produces: [.init(severity: .info, records: [2], views: ["UISwitch\"Wi-Fi\"", "UINavigationBar#nav"])]),
            // A full-screen overlay that is no presentation covers the list: scrolling or not, nothing reaches Save.
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"snapshot","t":1,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"accessibilityIdentifier":"form","subviews":[{"id":"name","class":"UITextField","frame":[20,100,350,44],"accessibilityIdentifier":"form.name","accessibilityLabel":"Name"},{"id":"save","class":"UIButton","frame":[20,700,350,50],"accessibilityLabel":"Save"}]},{"id":"spinner","class":"App.LoadingOverlay","baseClass":"UIView","frame":[0,0,390,844],"alpha":0.05,"accessibilityIdentifier":"loading"}]}],"controllers":[{"id":"vc","class":"App.FormViewController","view":"root"}]}
                    """#,
                produces: [
                    .init(
                        severity: .error, records: [3], views: ["UITextField#form.name", "App.LoadingOverlay#loading"]),
                    .init(severity: .error, records: [3], views: ["UIButton\"Save\"", "App.LoadingOverlay#loading"]),
                ]),
        ],
        nonTriggeringExamples: [
            // A SwiftUI banner in front of Save: whether its content covers Save, the model cannot know (a hosting view
            // may pass touches where it draws nothing); the More button inside it is SwiftUI's to reach.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,390,844],"subviews":[{"id":"save","class":"UIButton","frame":[20,700,350,50],"accessibilityLabel":"Save"},{"id":"banner","class":"_TtGC7SwiftUI14_UIHostingViewV3App11PromoBanner_","baseClass":"UIView","frame":[0,600,390,244],"hostsSwiftUI":true,"subviews":[{"id":"more","class":"UIButton","frame":[20,20,100,40],"accessibilityLabel":"More"}]}]}]}]}
                    """#),
            RuleExample(ExampleSessions.form),
            // A disabled control is out of reach on purpose.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"bar","class":"UIView","frame":[0,100,390,44],"subviews":[{"id":"share","class":"UIButton","frame":[300,52,80,40],"isEnabled":false,"accessibilityLabel":"Share"}]}]}]}
                    """#),
            // The Backup row is below the fold: clipped by the table, reached by scrolling.
            RuleExample(ExampleSessions.settings(offsetY: -100)),
            // The sheet and its dimming view cover the presenting screen's Add and Save on purpose.
            RuleExample(ExampleSessions.sheet),
            // Over the current context, the presentation's container is inside the form itself: with the container
            // recorded, its dimming view is known for the presentation's, over the form on purpose.
            RuleExample(ExampleSessions.sheetOverCurrentContext(containerRecorded: true)),
        ])

    // `@exclusivity(unchecked)` below: touched at every record, and never at once (docs/architecture.md, "Tests
    // and benchmarks").
    @exclusivity(unchecked) private var controls = VisibleControls()
    /// One group per control (by id), described at the first snapshot that shows it (again at a later one that
    /// finds it worse: a note that became an error).
    @exclusivity(unchecked) private var groups: [Group] = []
    /// Views a recorded touch began on: a control one of them is in was reachable on the device (an app hit-test
    /// override), whatever the model says.
    @exclusivity(unchecked) private var touched = Set<String>()

    private struct Group {
        var control: String
        /// The id of the view blamed, if any: a blocked tap on the same control and blocker is the same problem.
        var blocker: String?
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
            let screen = build.context.screen
            for control in controls.list(model, screen: screen) where control.enabled {
                // Only what a person can see: a control clipped away (a row below a table's fold) or off screen is
                // no dead button.
                guard let visible = control.visible else { continue }
                // Most controls are reached at the centre of what is seen of them: one hit test there spares the
                // exact search, which cuts the whole screen along every view's edges.
                if let hit = model.hitTest(screenPoint: Point(visible.midX, visible.midY)),
                    build.isView(hit, inside: control.ref, in: model)
                {
                    continue
                }
                guard case .unreachable(let answer, _) = model.reachability(of: control.ref, within: visible),
                    let obstacle = Obstacle(answer)
                else { continue }
                if case .coveredByWindow(let window) = obstacle,
                    !build.windowContentCovers(window, control.ref, in: model)
                {
                    continue
                }
                // A sheet over the screen, and the dimming view around it, cover the presenter's controls on purpose.
                if OnScreen.isCoveredOnPurpose(control.ref, by: obstacle.blocker, in: model) { continue }
                let scrolling = OnScreen.scrollViewMoving(control.ref, from: obstacle, screen: screen, in: model)
                let id = model.id(of: control.ref)
                let citation = Citation(input.seq, snapshot.t)
                let severity: Severity = scrolling != nil ? .info : obstacle.isCoveredByWindow ? .warning : .error
                if let k = groups.firstIndex(where: { $0.control == id }) {
                    groups[k].snapshots.append(citation)
                    if groups[k].severity < severity {
                        let snapshots = groups[k].snapshots
                        groups[k] = describe(
                            control.ref, obstacle, answer, severity: severity, scrolling: scrolling, model, build,
                            citation)
                        groups[k].snapshots = snapshots
                    }
                } else {
                    groups.append(
                        describe(
                            control.ref, obstacle, answer, severity: severity, scrolling: scrolling, model, build,
                            citation))
                }
            }
        default:
            break
        }
    }

    func finish(build: FindingBuilder) -> [Finding] {
        // A control users tapped and missed is blocked_tap's, with the taps as proof: one problem, one finding. The
        // same control and blocker by id (the views tapped), or by what makes them the same problem in a report
        // (their signatures): a toast shown again is a new view with a new id, and covers the same button.
        let blocked = build.context.blockedTaps?.groups ?? []
        let tapped = Set(blocked.map(\.key))
        let tappedViews = Set(blocked.map { $0.views.map(Signature.of(view:)) })
        return groups.filter {
            $0.subtree.isDisjoint(with: touched)
                && !tapped.contains(BlockedTaps.ControlAndBlocker(control: $0.control, blocker: $0.blocker))
                && !tappedViews.contains($0.views.map(Signature.of(view:)))
        }.map { group in
            build.finding(
                group.severity, records: group.snapshots, views: group.views, explanation: group.explanation,
                scene: group.scene)
        }
    }

    private func describe(
        _ control: ObjectRef, _ obstacle: Obstacle, _ answer: ReachAnswer, severity: Severity, scrolling: ObjectRef?,
        _ model: ResponderModel, _ build: FindingBuilder, _ citation: Citation
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
        var explanation = "\(build.name(controlView)) is visible and enabled but no tap can reach it: \(why)."
        if let scrolling {
            let scrollView = build.name(build.view(scrolling, in: model))
            explanation =
                "\(build.name(controlView)) is visible and enabled but no tap can reach it where it is now: \(why)."
                + " It lies in the content of \(scrollView), and scrolling can move it out from under;"
                + " a note, not an error, since touchlog/1 records no content size or insets to tell whether the"
                + " content scrolls that far."
        }
        return Group(
            control: model.id(of: control), blocker: obstacle.blocker.map { model.id(of: $0) }, subtree: subtree,
            snapshots: [citation], explanation: explanation, views: views, severity: severity,
            scene: build.scene(model, t: citation.t, expectedView: control, cause: obstacle.cause))
    }
}
