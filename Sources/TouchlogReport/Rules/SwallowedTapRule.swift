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
            `cancelsTouchesInView = false` on the recognizer, or attach it where it cannot take cells' taps. When the \
            cell's `indexPath` is recorded, the model's list selection names the row the tap did not select; a list \
            whose `allowsSelection` is off loses nothing (no finding), and a row that a `selection` observation shows \
            selected within a second is no swallowed tap. One finding per recognizer and swallowed view class. \
            Not reported for a touch on SwiftUI content (a view that hosts SwiftUI, `hostsSwiftUI`): SwiftUI's own \
            gestures, which the model cannot see, may have taken it first.
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
                ]),
            // The row's selection observed after a second tap speaks for that tap only: the first stays swallowed.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"table","class":"UITableView","frame":[0,0,390,844],"accessibilityIdentifier":"contacts","gestureRecognizers":[{"id":"dismissTap","class":"UITapGestureRecognizer","cancelsTouchesInView":true,"actions":[{"target":"vc","action":"dismissKeyboard"}]}],"subviews":[{"id":"cell0","class":"UITableViewCell","frame":[0,0,390,60],"indexPath":[0,0],"accessibilityIdentifier":"contacts.cell","subviews":[{"id":"content0","class":"UITableViewCellContentView","baseClass":"UIView","frame":[0,0,390,60]}]}]}]}],"controllers":[{"id":"vc","class":"App.ContactsViewController","view":"table","implements":["dismissKeyboard"]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":30,"window":"w","event":1,"view":"content0"}
                    {"type":"touch","t":1.3,"touch":1,"phase":"ended","x":100,"y":30,"window":"w","event":1}
                    {"type":"touch","t":1.5,"touch":2,"phase":"began","x":100,"y":30,"window":"w","event":2,"view":"content0"}
                    {"type":"touch","t":1.8,"touch":2,"phase":"ended","x":100,"y":30,"window":"w","event":2}
                    {"type":"selection","t":1.9,"list":"table","call":"didSelect","indexPath":[0,0]}
                    """#,
                produces: [
                    .init(
                        severity: .error, records: [3, 4],
                        views: ["UITableViewCell#contacts.cell", "UITableView#contacts"])
                ]),
        ],
        nonTriggeringExamples: [
            // The row's content is SwiftUI's (a hosting view in the cell, as `UIHostingConfiguration` makes): a SwiftUI
            // gesture inside it may have taken the tap before the table's recognizer, which the model cannot see.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"table","class":"UITableView","frame":[0,0,390,844],"accessibilityIdentifier":"contacts","gestureRecognizers":[{"id":"dismissTap","class":"UITapGestureRecognizer","cancelsTouchesInView":true,"actions":[{"target":"vc","action":"dismissKeyboard"}]}],"subviews":[{"id":"cell0","class":"UITableViewCell","frame":[0,0,390,60],"accessibilityIdentifier":"contacts.cell","subviews":[{"id":"content0","class":"_TtGC7SwiftUI14_UIHostingViewV3App10ContactRow_","baseClass":"UIView","frame":[0,0,390,60],"hostsSwiftUI":true}]}]}]}],"controllers":[{"id":"vc","class":"App.ContactsViewController","view":"table","implements":["dismissKeyboard"]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":30,"window":"w","event":1,"view":"content0"}
                    {"type":"touch","t":1.3,"touch":1,"phase":"ended","x":100,"y":30,"window":"w","event":1}
                    """#),
            // A list that selects nothing loses nothing to the recognizer (LS5).
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"table","class":"UITableView","frame":[0,0,390,844],"accessibilityIdentifier":"contacts","allowsSelection":false,"gestureRecognizers":[{"id":"dismissTap","class":"UITapGestureRecognizer","cancelsTouchesInView":true,"actions":[{"target":"vc","action":"dismissKeyboard"}]}],"subviews":[{"id":"cell0","class":"UITableViewCell","frame":[0,0,390,60],"indexPath":[0,0],"accessibilityIdentifier":"contacts.cell","subviews":[{"id":"content0","class":"UITableViewCellContentView","baseClass":"UIView","frame":[0,0,390,60]}]}]}]}],"controllers":[{"id":"vc","class":"App.ContactsViewController","view":"table","implements":["dismissKeyboard"]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":30,"window":"w","event":1,"view":"content0"}
                    {"type":"touch","t":1.3,"touch":1,"phase":"ended","x":100,"y":30,"window":"w","event":1}
                    """#),
            // The device says the row was selected after all: the recording wins over the model.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"table","class":"UITableView","frame":[0,0,390,844],"accessibilityIdentifier":"contacts","gestureRecognizers":[{"id":"dismissTap","class":"UITapGestureRecognizer","cancelsTouchesInView":true,"actions":[{"target":"vc","action":"dismissKeyboard"}]}],"subviews":[{"id":"cell0","class":"UITableViewCell","frame":[0,0,390,60],"indexPath":[0,0],"accessibilityIdentifier":"contacts.cell","subviews":[{"id":"content0","class":"UITableViewCellContentView","baseClass":"UIView","frame":[0,0,390,60]}]}]}]}],"controllers":[{"id":"vc","class":"App.ContactsViewController","view":"table","implements":["dismissKeyboard"]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":30,"window":"w","event":1,"view":"content0"}
                    {"type":"touch","t":1.3,"touch":1,"phase":"ended","x":100,"y":30,"window":"w","event":1}
                    {"type":"selection","t":1.3,"list":"table","call":"didSelect","indexPath":[0,0]}
                    """#),
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"isKeyWindow":true,"subviews":[{"id":"table","class":"UITableView","frame":[0,0,390,844],"accessibilityIdentifier":"contacts","gestureRecognizers":[{"id":"dismissTap","class":"UITapGestureRecognizer","cancelsTouchesInView":false,"actions":[{"target":"vc","action":"dismissKeyboard"}]}],"subviews":[{"id":"cell0","class":"UITableViewCell","frame":[0,0,390,60],"accessibilityIdentifier":"contacts.cell","subviews":[{"id":"content0","class":"UITableViewCellContentView","baseClass":"UIView","frame":[0,0,390,60]}]}]}]}],"controllers":[{"id":"vc","class":"App.ContactsViewController","view":"table","implements":["dismissKeyboard"]}]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":30,"window":"w","event":1,"view":"content0"}
                    {"type":"touch","t":1.3,"touch":1,"phase":"ended","x":100,"y":30,"window":"w","event":1}
                    """#),
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
        var taps: [SwallowedTap]
        var views: [ViewRef]
        var recognizerText: String
        var trackerName: String
        var isCell: Bool
        var scene: Scene?
    }

    /// One cancelled touch; for a cell with a recorded index path, the row the model says it kept from being
    /// selected.
    private struct SwallowedTap {
        var citations: [Citation]
        var t: Double
        var row: (list: String, indexPath: ListIndexPath)?
        /// Until another touch begins, a `selection` observation of the row speaks for this tap.
        var open = true
    }

    init() {}

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        if case .touch(let touch) = input.record {
            if touch.phase == .began {
                // A selection observed from now on belongs to this touch, not to a tap swallowed before it.
                for k in groups.indices { for n in groups[k].taps.indices { groups[k].taps[n].open = false } }
                inFlight[touch.touch.description] = Began(
                    began: Citation(input.seq, touch.t), point: Point(touch.x, touch.y), view: step.view,
                    firstResponder: step.firstResponder.map { model.id(of: $0) },
                    keyboardFrame: step.keyboardVisible ? build.context.keyboardFrame : nil)
            }
        }
        for cancellation in step.cancellations {
            // A touch on SwiftUI content: whether SwiftUI's own gestures took it first, the model cannot know.
            if let bound = inFlight[cancellation.touch]?.view, model.hostingView(of: bound) != nil { continue }
            guard let (recognizer, tracker) = Self.swallowing(cancellation, in: model),
                let trackerInfo = model.info(tracker)
            else { continue }
            let cell = model.listCell(containing: tracker)
            let t = input.t ?? 0
            let began = inFlight[cancellation.touch]
            let tap = SwallowedTap(
                citations: [began?.began ?? Citation(input.seq, t), Citation(input.seq, t)], t: t,
                row: cell.map { (model.id(of: $0.list), $0.indexPath) })
            if let k = groups.firstIndex(where: {
                $0.recognizer == recognizer && $0.trackerClass == trackerInfo.className
            }) {
                groups[k].taps.append(tap)
                continue
            }
            groups.append(
                describe(recognizer, tracker: tracker, trackerInfo, tap, began: began, t: t, model: model, build: build)
            )
        }
        if case .touch(let touch) = input.record, touch.phase == .ended || touch.phase == .cancelled {
            inFlight[touch.touch.description] = nil
        }
    }

    /// A `selection` observation: the device says the row was selected after all (the recognizer did not take the
    /// tap there, or the app selected it from the recognizer's action), so that tap is no swallowed selection. Only
    /// a selection seen before another touch begins, and within a second, speaks for the tap.
    func recorded(_ record: SessionRecord, model: ResponderModel?, build: FindingBuilder) {
        guard case .selection(let observed) = record.record, observed.call == .didSelect else { return }
        for k in groups.indices {
            groups[k].taps.removeAll {
                $0.open && $0.row?.list == observed.list && $0.row?.indexPath == observed.indexPath
                    && (0...Self.selectionWindow).contains(observed.t - $0.t)
            }
        }
    }

    /// How long after a swallowed tap a recorded selection of its row still speaks for that tap (a recognizer's
    /// action that selects the row runs at once; a second is generous).
    static let selectionWindow = 1.0

    func finish(build: FindingBuilder) -> [Finding] {
        groups.filter { !$0.taps.isEmpty }.map { group in
            let taps = group.taps.count == 1 ? "a tap" : "\(group.taps.count) taps"
            var consequence = ", so the control never saw its touch end"
            if group.isCell {
                let rows = Set(group.taps.compactMap { $0.row.map { "\($0.indexPath)" } }).sorted()
                consequence =
                    rows.count == 1
                    ? ", so row \(rows[0]) was never selected"
                    : rows.isEmpty
                        ? ", so the row was never selected"
                        : ", so rows \(rows.joined(separator: ", ")) were never selected"
            }
            return build.finding(
                .error, records: group.taps.flatMap(\.citations), views: group.views,
                explanation:
                    "\(group.recognizerText.prefix(1).uppercased() + group.recognizerText.dropFirst()) cancelled \(taps) on \(group.trackerName)"
                    + consequence + " (the recognizer's cancelsTouchesInView is on).",
                scene: group.scene)
        }
    }

    /// A cancellation that is a swallowed tap: an app's recognizer, attached outside the control or cell that was
    /// tracking the touch, cancelled it (and the cell's list selects rows). The recognizer and the tracking view;
    /// nil for any other cancellation. `rage_tap` asks it too, to say why rapid taps did nothing.
    static func swallowing(_ cancellation: Cancellation, in model: ResponderModel) -> (
        recognizer: ObjectRef, tracker: ObjectRef
    )? {
        let recognizer: ObjectRef
        switch cancellation.cause {
        case .recognizer(let ref): recognizer = ref
        case .viewRemoved, .recordedCancel: return nil
        }
        // A scroll view delays its content's touches, so a cell may not have begun tracking yet: the row is
        // lost all the same.
        guard let tracker = tracker(of: cancellation.view, in: model), isForeign(recognizer, to: tracker, in: model)
        else { return nil }
        // A row of a list that selects nothing (LS5) lost nothing to the recognizer.
        if let cell = model.listCell(containing: tracker), !model.allowsSelection(cell.list) { return nil }
        return (recognizer, tracker)
    }

    /// The views a swallowed tap names (the tracking view, then the recognizer's view when the model has it), how
    /// the sentence names them, and the recognizer's view for the picture: what makes findings of one recognizer
    /// and one kind of row the same problem, here and in `rage_tap`.
    static func names(
        recognizer: ObjectRef, tracker: ObjectRef, model: ResponderModel, build: FindingBuilder
    ) -> (
        views: [ViewRef], recognizerText: String, trackerName: String, isCell: Bool,
        cause: (view: ObjectRef, kind: SceneCause.Kind)?
    ) {
        var trackerView = build.view(tracker, in: model, role: "tracking view")
        let trackerName = build.name(trackerView)
        let kind = model.uikitClass(of: tracker)
        let isCell = kind == .tableViewCell || kind == .collectionViewCell
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
        return (views, recognizerText, trackerName, isCell, cause)
    }

    private func describe(
        _ recognizer: ObjectRef, tracker: ObjectRef, _ trackerInfo: ViewInfo, _ tap: SwallowedTap,
        began: Began?, t: Double, model: ResponderModel,
        build: FindingBuilder
    ) -> Group {
        let (views, recognizerText, trackerName, isCell, cause) = Self.names(
            recognizer: recognizer, tracker: tracker, model: model, build: build)
        var scene = build.scene(
            model, t: began?.began.t ?? t, touches: began.map { [$0.point] } ?? [], hitView: began?.view,
            expectedView: tracker, cause: cause)
        if let began {
            scene?.firstResponder = began.firstResponder
            scene?.keyboardFrame = began.keyboardFrame
        }
        return Group(
            recognizer: recognizer, trackerClass: trackerInfo.className, taps: [tap],
            views: views, recognizerText: recognizerText, trackerName: trackerName, isCell: isCell, scene: scene)
    }

    /// Whether the recognizer is an app's, attached outside the tracking view: a text field's own text-interaction
    /// recognizer cancelling its touch is how a text field works.
    private static func isForeign(_ recognizer: ObjectRef, to tracker: ObjectRef, in model: ResponderModel) -> Bool {
        guard let info = model.recognizerInfo(recognizer), !info.isImplicit else { return false }
        return FindingBuilder.nearest(from: info.view, in: model) { $0 == tracker } == nil
    }

    /// The control (not a standard button-like one, which beats the recognizer) or cell that tracked the touch:
    /// the view itself or its nearest such ancestor.
    private static func tracker(of view: ObjectRef, in model: ResponderModel) -> ObjectRef? {
        FindingBuilder.nearest(from: view, in: model) { ref in
            guard let kind = model.uikitClass(of: ref) else { return false }
            return kind.isControl || kind == .tableViewCell || kind == .collectionViewCell
        }
    }
}
