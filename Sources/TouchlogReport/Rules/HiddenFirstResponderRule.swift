import ResponderCore
import TouchlogFormat

/// A view stays first responder while it or an ancestor is hidden or below the alpha threshold.
final class HiddenFirstResponderRule: Rule {
    static let description = RuleDescription(
        identifier: "hidden_first_responder", name: "Hidden first responder", severity: .warning,
        rationale: """
            Hiding a view (`isHidden`, alpha below the threshold, UIKit's 0.01 by default, or hiding an ancestor) \
            does not resign it: it stays first responder, the keyboard stays up and typed text keeps going into a \
            field nobody can see. A warning when the hidden view kept focus; an error when key input reached it \
            while it was hidden. Stretches shorter than the minimum hidden time (none by default) are not \
            reported. Resign the field before hiding it (or hide it with `resignFirstResponder()` in the same \
            change).
            """,
        triggeringExamples: [
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"set","t":2.0,"view":"name","isHidden":true}
                    {"type":"key","t":2.5,"length":1}
                    {"type":"key","t":2.7,"length":1}
                    """#,
                produces: [.init(severity: .error, records: [8, 9, 10], views: ["UITextField#form.name"])]),
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"set","t":2.0,"view":"root","alpha":0.005}
                    {"type":"touch","t":3.0,"touch":2,"phase":"began","x":100,"y":300,"window":"w","event":2}
                    """#,
                produces: [.init(severity: .warning, records: [8], views: ["UITextField#form.name"])]),
            // A hierarchy dump: one snapshot, no key window, a hidden field marked first responder.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"subviews":[{"id":"promo","class":"UITextField","frame":[20,100,350,44],"accessibilityIdentifier":"promo","isHidden":true,"isFirstResponder":true}]}]}
                    """#,
                produces: [.init(severity: .warning, records: [2], views: ["UITextField#promo"])]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"key","t":2.5,"length":1}
                    {"type":"call","t":3.0,"view":"name","method":"resignFirstResponder"}
                    {"type":"set","t":3.1,"view":"name","isHidden":true}
                    """#),
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"set","t":2.0,"view":"root","alpha":0.02}
                    {"type":"key","t":2.5,"length":1}
                    """#),
        ])

    /// The thresholds `.touchlog.yml` may change (`hidden_first_responder:`).
    struct Parameters: RuleParameters {
        var minimumHiddenTime = Seconds(0)
        var alphaThreshold = Alpha(0.01)

        static var fields: [RuleParameter<Parameters>] {
            [
                RuleParameter(
                    "minimum_hidden_time", \.minimumHiddenTime,
                    """
                    A stretch during which the first responder stayed hidden for less than this is not reported, keys \
                    or not (a field hidden by an animation and resigned when it ends). A hierarchy dump, a moment \
                    without a duration, is reported whatever it is.
                    """),
                RuleParameter(
                    "alpha_threshold", \.alphaThreshold,
                    """
                    A view whose alpha, or an ancestor's, is below this counts as hidden. UIKit's hit test uses 0.01; \
                    a team may raise it to catch fields faded out of sight that UIKit still treats as visible.
                    """),
            ]
        }
    }

    private let parameters: Parameters
    private var findings: [Finding] = []
    /// The stretch in progress: the hidden first responder, named when it started, and the keys it received.
    private var stretch: Stretch?

    /// A class: `close` runs at nearly every record, and checking an optional struct this large for nil copies it.
    private final class Stretch {
        let responder: ObjectRef
        let view: ViewRef
        let start: Citation
        var last: Citation
        var keys: [Citation] = []
        let scene: Scene?

        init(responder: ObjectRef, view: ViewRef, start: Citation, scene: Scene?) {
            self.responder = responder
            self.view = view
            self.start = start
            self.last = start
            self.scene = scene
        }
    }

    init(parameters: Parameters) { self.parameters = parameters }

    convenience init() { self.init(parameters: Parameters()) }

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        let t = input.t ?? 0
        // One finding per stretch during which the same view is first responder and hidden.
        guard let responder = step.firstResponder, isHidden(responder, model) else {
            close(build)
            if case .snapshot(let snapshot) = input.record { markedInSnapshot(snapshot, input, model, build) }
            return
        }
        if stretch?.responder != responder {
            close(build)
            let view = build.view(responder, in: model, role: "first responder")
            stretch = Stretch(
                responder: responder, view: view, start: Citation(input.seq, t), scene: build.scene(model, t: t))
        }
        stretch!.last = Citation(input.seq, t)
        // The responder is hidden here by this rule's threshold, which may be above the one the model's
        // `keyInputReceiverHidden` uses: a key it received went into a hidden field.
        if case .key = input.record, step.keyInputReceiver == responder {
            stretch!.keys.append(Citation(input.seq, t))
        }
    }

    private func isHidden(_ view: ObjectRef, _ model: ResponderModel) -> Bool {
        model.isEffectivelyHidden(view, alphaBelow: parameters.alphaThreshold.value)
    }

    func finish(build: FindingBuilder) -> [Finding] {
        close(build)
        return findings
    }

    private func close(_ build: FindingBuilder) {
        guard let stretch else { return }
        self.stretch = nil
        let lasting = stretch.last.t - stretch.start.t
        guard lasting >= parameters.minimumHiddenTime.value else { return }
        var text = "\(build.name(stretch.view)) stayed first responder while hidden"
        text += lasting > 0 ? " for \(Wording.seconds(lasting))" : ""
        let explanation =
            stretch.keys.isEmpty
            ? text + ", so the keyboard stayed up for a field nobody could see."
            : text + ", and \(Wording.count(stretch.keys.count, "key")) of typed text went into it."
        findings.append(
            build.finding(
                stretch.keys.isEmpty ? .warning : .error, records: [stretch.start] + stretch.keys,
                views: [stretch.view], explanation: explanation, scene: stretch.scene))
    }

    /// A snapshot (an imported hierarchy dump, typically) that marks a hidden view `isFirstResponder` when the
    /// model has no first responder for it (the dump names no key window).
    private func markedInSnapshot(
        _ snapshot: SnapshotRecord, _ input: SessionRecord, _ model: ResponderModel, _ build: FindingBuilder
    ) {
        guard model.firstResponder == nil else { return }
        var stack = snapshot.hierarchy.windows.map(\.view)
        while let view = stack.popLast() {
            stack += view.subviews
            guard view.isFirstResponder == true, let ref = model.ref(for: view.id), isHidden(ref, model)
            else { continue }
            let responder = build.view(ref, in: model, role: "first responder")
            let t = input.t ?? 0
            findings.append(
                build.finding(
                    .warning, records: [Citation(input.seq, t)], views: [responder],
                    explanation:
                        "The snapshot shows \(build.name(responder)) as first responder while it is hidden, so the keyboard stays up for a field nobody can see.",
                    scene: build.scene(model, t: t)))
        }
    }
}
