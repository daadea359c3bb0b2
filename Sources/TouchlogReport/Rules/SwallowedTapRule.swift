import ResponderCore
import TouchlogStore

/// A gesture recognizer cancelled a touch a control or cell was tracking.
struct SwallowedTapRule: Rule {
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

    func findings(in context: RuleContext) -> [Finding] {
        let build = FindingBuilder(context, rule: Self.self)
        guard let replay = build.replay else { return [] }
        // (recognizer, tracking view's class) -> the swallowed touches: began and cancelling steps.
        var groups: [(recognizer: String, tracker: String, trackerClass: String, seqs: [Int], began: Int)] = []
        var beganSeq: [String: Int] = [:]
        for step in replay.steps {
            if step.type == "touch", step.phase == "began", let touch = step.touch { beganSeq[touch] = step.seq }
            for cancellation in step.cancellations
            where cancellation.cause != "viewRemoved" && cancellation.cause != "recordedCancel" {
                // A scroll view delays its content's touches, so a cell may not have begun tracking yet: the row
                // is lost all the same.
                guard let tracker = tracker(of: cancellation.view, at: step.seq, build: build),
                    isForeign(cancellation.cause, to: tracker, at: step.seq, build: build)
                else { continue }
                let began = beganSeq[cancellation.touch] ?? step.seq
                let trackerClass = build.info(tracker, at: step.seq)?.className ?? cancellation.viewClass
                if let k = groups.firstIndex(where: {
                    $0.recognizer == cancellation.cause && $0.trackerClass == trackerClass
                }) {
                    groups[k].seqs += [began, step.seq]
                } else {
                    groups.append((cancellation.cause, tracker, trackerClass, [began, step.seq], began))
                }
            }
        }
        return groups.map { group in
            var tracker = build.view(group.tracker, at: group.began, role: "tracking view")
            let trackerName = build.name(tracker)
            let isCell =
                build.info(group.tracker, at: group.began).map {
                    $0.uikitClass == .tableViewCell || $0.uikitClass == .collectionViewCell
                } ?? false
            // Rows carry their content as labels ("Maria Alvarez"): without an identifier, the same problem on
            // another row must group with this one, so the signature uses the cell's path instead.
            if isCell, tracker.accessibilityIdentifier == nil { tracker.accessibilityLabel = nil }
            var views = [tracker]
            var recognizerText = "a gesture recognizer"
            if let model = replay.model(before: group.began + 1), let ref = model.ref(for: group.recognizer),
                let info = model.recognizerInfo(ref), let owner = model.info(info.view)
            {
                let ownerView = build.view(owner.id, at: group.began, role: "recognizer's view")
                views.append(ownerView)
                recognizerText = "the \(info.className) on \(build.name(ownerView))"
            }
            let touches = group.seqs.count / 2
            let taps = touches == 1 ? "a tap" : "\(touches) taps"
            let step = replay.step(seq: group.began)
            return build.finding(
                .error, records: group.seqs, views: views,
                explanation:
                    "\(recognizerText.prefix(1).uppercased() + recognizerText.dropFirst()) cancelled \(taps) on \(trackerName)"
                    + (isCell
                        ? ", so the row was never selected (the recognizer's cancelsTouchesInView is on)."
                        : ", so the control never saw its touch end (the recognizer's cancelsTouchesInView is on)."),
                scene: build.scene(
                    at: group.began, touches: step.map { [Point($0.x ?? 0, $0.y ?? 0)] } ?? [],
                    hitView: step?.view, expectedView: group.tracker))
        }
    }

    /// Whether the recognizer is an app's, attached outside the tracking view: a text field's own text-interaction
    /// recognizer cancelling its touch is how a text field works.
    private func isForeign(_ recognizer: String, to tracker: String, at seq: Int, build: FindingBuilder) -> Bool {
        guard let model = build.replay?.model(before: seq + 1), let ref = model.ref(for: recognizer),
            let info = model.recognizerInfo(ref), !info.isImplicit, let trackerRef = model.ref(for: tracker)
        else { return false }
        var current: ObjectRef? = info.view
        while let view = current {
            if view == trackerRef { return false }
            current = model.info(view)?.parent
        }
        return true
    }

    /// The control (not a standard button-like one, which beats the recognizer) or cell that tracked the touch:
    /// the view itself or its nearest such ancestor.
    private func tracker(of view: String, at seq: Int, build: FindingBuilder) -> String? {
        guard let model = build.replay?.model(before: seq + 1), var current = model.ref(for: view) else { return nil }
        for _ in 0..<10_000 {
            guard let info = model.info(current) else { return nil }
            if info.isControl || info.uikitClass == .tableViewCell || info.uikitClass == .collectionViewCell {
                return info.id
            }
            guard let parent = info.parent else { return nil }
            current = parent
        }
        return nil
    }
}
