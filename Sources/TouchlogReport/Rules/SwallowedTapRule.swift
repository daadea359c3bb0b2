import ResponderCore
import TouchlogFormat

/// A gesture recognizer cancelled a touch a control or cell was tracking.
final class SwallowedTapRule: Rule {
    static let description = RuleDescription(
        identifier: "swallowed_tap", name: "Tap swallowed by a gesture recognizer", severity: .error,
        rationale: """
            A gesture recognizer with `cancelsTouchesInView` (the default) cancels the touches of the view it is \
            attached to and of its subviews when it recognises: a table cell that was tracking the touch (or whose \
            touch the table was still delaying) gets `touchesCancelled` and is never selected, a custom control never sees its touch-up. The usual culprit \
            is a tap recognizer added to dismiss the keyboard. A UIButton, UISwitch, UISlider or UIStepper beats an \
            ancestor's tap recognizer, so only other controls and cells are swallowed this way; a control's own recognizers (a text field's text \
            interaction) are not counted. Set \
            `cancelsTouchesInView = false` on the recognizer, or attach it where it cannot take cells' taps. One \
            finding per recognizer and swallowed view class.
            """,
        triggeringExamples: [
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"table","class":"UITableView","frame":[0,0,390,844],"accessibilityIdentifier":"contacts","gestureRecognizers":[{"id":"dismissTap","class":"UITapGestureRecognizer","cancelsTouchesInView":true,"actions":[{"target":"vc","action":"dismissKeyboard"}]}],"subviews":[{"id":"cell0","class":"UITableViewCell","frame":[0,0,390,60],"accessibilityIdentifier":"contacts.cell","subviews":[{"id":"content0","class":"UITableViewCellContentView","baseClass":"UIView","frame":[0,0,390,60]}]}]}]}],"controllers":[{"id":"vc","class":"App.ContactsViewController","view":"table","implements":["dismissKeyboard"]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":30,"window":"w","event":1,"view":"content0"}
                    {"type":"touch","t":1.3,"touch":1,"phase":"ended","x":100,"y":30,"window":"w","event":1}
                    """#,
                produces: [
                    .init(
                        severity: .error, records: [3, 4],
                        views: ["UITableViewCell#contacts.cell", "UITableView#contacts"])
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"table","class":"UITableView","frame":[0,0,390,844],"accessibilityIdentifier":"contacts","gestureRecognizers":[{"id":"dismissTap","class":"UITapGestureRecognizer","cancelsTouchesInView":false,"actions":[{"target":"vc","action":"dismissKeyboard"}]}],"subviews":[{"id":"cell0","class":"UITableViewCell","frame":[0,0,390,60],"accessibilityIdentifier":"contacts.cell","subviews":[{"id":"content0","class":"UITableViewCellContentView","baseClass":"UIView","frame":[0,0,390,60]}]}]}]}],"controllers":[{"id":"vc","class":"App.ContactsViewController","view":"table","implements":["dismissKeyboard"]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":30,"window":"w","event":1,"view":"content0"}
                    {"type":"touch","t":1.3,"touch":1,"phase":"ended","x":100,"y":30,"window":"w","event":1}
                    """#)
        ])

    /// Touches in flight: where each began (line, time, point), the view it was bound to, and what the screen
    /// showed of the first responder and the keyboard then (the picture is of the tap, not of its aftermath).
    private var inFlight: [String: Began] = [:]

    private struct Began {
        var began: Citation
        var point: Point
        var view: ObjectRef?
        var firstResponder: String?
        var keyboardFrame: Rect?
    }
    /// One group per recognizer and tracking view's class, described at its first swallowed touch.
    private var groups: [Group] = []

    private struct Group {
        var recognizer: ObjectRef
        var trackerClass: String
        var citations: [Citation]
        var touches: Int
        var views: [ViewRef]
        var recognizerText: String
        var trackerName: String
        var isCell: Bool
        var scene: Scene?
    }

    init() {}

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        if case .touch(let touch) = input.record {
            if touch.phase == .began {
                inFlight[touch.touch.description] = Began(
                    began: Citation(input.seq, touch.t), point: Point(touch.x, touch.y), view: step.view,
                    firstResponder: step.firstResponder.map { model.id(of: $0) },
                    keyboardFrame: step.keyboardVisible ? build.context.keyboardFrame : nil)
            }
        }
        for cancellation in step.cancellations {
            let recognizer: ObjectRef
            switch cancellation.cause {
            case .recognizer(let ref): recognizer = ref
            case .viewRemoved, .recordedCancel: continue
            }
            // A scroll view delays its content's touches, so a cell may not have begun tracking yet: the row is
            // lost all the same.
            guard let tracker = tracker(of: cancellation.view, in: model),
                isForeign(recognizer, to: tracker, in: model), let trackerInfo = model.info(tracker)
            else { continue }
            let t = input.t ?? 0
            let began = inFlight[cancellation.touch]
            let citations = [began?.began ?? Citation(input.seq, t), Citation(input.seq, t)]
            if let k = groups.firstIndex(where: {
                $0.recognizer == recognizer && $0.trackerClass == trackerInfo.className
            }) {
                groups[k].citations += citations
                groups[k].touches += 1
                continue
            }
            groups.append(
                describe(
                    recognizer, tracker: tracker, trackerInfo, citations, began: began, t: t, model: model,
                    build: build))
        }
        if case .touch(let touch) = input.record, touch.phase == .ended || touch.phase == .cancelled {
            inFlight[touch.touch.description] = nil
        }
    }

    func finish(build: FindingBuilder) -> [Finding] {
        groups.map { group in
            let taps = group.touches == 1 ? "a tap" : "\(group.touches) taps"
            return build.finding(
                .error, records: group.citations, views: group.views,
                explanation:
                    "\(group.recognizerText.prefix(1).uppercased() + group.recognizerText.dropFirst()) cancelled \(taps) on \(group.trackerName)"
                    + (group.isCell
                        ? ", so the row was never selected (the recognizer's cancelsTouchesInView is on)."
                        : ", so the control never saw its touch end (the recognizer's cancelsTouchesInView is on)."),
                scene: group.scene)
        }
    }

    private func describe(
        _ recognizer: ObjectRef, tracker: ObjectRef, _ trackerInfo: ViewInfo, _ citations: [Citation],
        began: Began?, t: Double, model: ResponderModel,
        build: FindingBuilder
    ) -> Group {
        var trackerView = build.view(tracker, in: model, role: "tracking view")
        let trackerName = build.name(trackerView)
        let isCell = trackerInfo.uikitClass == .tableViewCell || trackerInfo.uikitClass == .collectionViewCell
        // Rows carry their content as labels ("Maria Alvarez"): without an identifier, the same problem on another
        // row must group with this one, so the signature uses the cell's path instead.
        if isCell, trackerView.accessibilityIdentifier == nil { trackerView.accessibilityLabel = nil }
        var views = [trackerView]
        var recognizerText = "a gesture recognizer"
        var cause: (view: ObjectRef, kind: SceneCause.Kind)?
        if let info = model.recognizerInfo(recognizer), model.info(info.view) != nil {
            let ownerView = build.view(info.view, in: model, role: "recognizer's view")
            views.append(ownerView)
            recognizerText = "the \(info.className) on \(build.name(ownerView))"
            cause = (info.view, .recognizer(className: info.className))
        }
        var scene = build.scene(
            model, t: began?.began.t ?? t, touches: began.map { [$0.point] } ?? [], hitView: began?.view,
            expectedView: tracker, cause: cause)
        if let began {
            scene?.firstResponder = began.firstResponder
            scene?.keyboardFrame = began.keyboardFrame
        }
        return Group(
            recognizer: recognizer, trackerClass: trackerInfo.className, citations: citations, touches: 1,
            views: views, recognizerText: recognizerText, trackerName: trackerName, isCell: isCell, scene: scene)
    }

    /// Whether the recognizer is an app's, attached outside the tracking view: a text field's own text-interaction
    /// recognizer cancelling its touch is how a text field works.
    private func isForeign(_ recognizer: ObjectRef, to tracker: ObjectRef, in model: ResponderModel) -> Bool {
        guard let info = model.recognizerInfo(recognizer), !info.isImplicit else { return false }
        return FindingBuilder.nearest(from: info.view, in: model) { $0 == tracker } == nil
    }

    /// The control (not a standard button-like one, which beats the recognizer) or cell that tracked the touch:
    /// the view itself or its nearest such ancestor.
    private func tracker(of view: ObjectRef, in model: ResponderModel) -> ObjectRef? {
        FindingBuilder.nearest(from: view, in: model) { ref in
            guard let kind = model.uikitClass(of: ref) else { return false }
            return kind.isControl || kind == .tableViewCell || kind == .collectionViewCell
        }
    }
}
