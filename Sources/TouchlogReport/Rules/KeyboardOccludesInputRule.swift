import ResponderCore
import TouchlogFormat

/// The first responder sits under the keyboard after it showed, and nothing moved it into view.
final class KeyboardOccludesInputRule: Rule {
    static let description = RuleDescription(
        identifier: "keyboard_occludes_input", name: "Keyboard covers the focused input", severity: .warning,
        rationale: """
            UIKit does not move a focused field out from under the keyboard: only a `UITableViewController` (or \
            code observing the keyboard notifications) scrolls it into view. When the first responder's frame on \
            screen lies under the keyboard's frame (as the keyboard notifications recorded it) for at least the \
            covered fraction of its height (half by default) and \
            stays so until the first responder changes, the keyboard hides or the session ends, the user typed \
            without seeing the text. Adjust the scroll view's insets on `keyboardWillShow` or use the keyboard \
            layout guide.
            """,
        triggeringExamples: [
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"set","t":0.5,"view":"name","frame":[20,600,350,44]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":620,"window":"w","event":1,"view":"name"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":620,"window":"w","event":1}
                    {"type":"firstResponder","t":1.1,"view":"name","window":"w"}
                    {"type":"keyboard","t":1.1,"phase":"willShow","frame":[0,508,390,336]}
                    {"type":"key","t":2.0,"length":1}
                    {"type":"key","t":2.2,"length":1}
                    """#,
                produces: [.init(severity: .warning, records: [7, 8, 9], views: ["UITextField#form.name"])])
        ],
        nonTriggeringExamples: [
            RuleExample(ExampleSessions.editing + #"{"type":"key","t":2.0,"length":1}"#),
            // The app scrolls the field into view after the keyboard showed.
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"set","t":0.5,"view":"name","frame":[20,600,350,44]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":620,"window":"w","event":1,"view":"name"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":620,"window":"w","event":1}
                    {"type":"firstResponder","t":1.1,"view":"name","window":"w"}
                    {"type":"keyboard","t":1.1,"phase":"willShow","frame":[0,508,390,336]}
                    {"type":"set","t":1.3,"view":"name","frame":[20,300,350,44]}
                    {"type":"key","t":2.0,"length":1}
                    """#),
        ])

    /// The threshold `.touchlog.yml` may change (`keyboard_occludes_input:`).
    struct Parameters: RuleParameters {
        var coveredFraction = Fraction(0.5)

        static var fields: [RuleParameter<Parameters>] {
            [
                RuleParameter(
                    "covered_fraction", \.coveredFraction,
                    """
                    How much of the field's height must lie under the keyboard for it to count as covered: at half, \
                    the text line of a single-line field is hidden.
                    """)
            ]
        }
    }

    /// Covered: at least `fraction` of the frame's height is below the keyboard's top edge, within its width.
    static func isCovered(_ frame: Rect, by keyboard: Rect, fraction: Fraction) -> Bool {
        let top = max(frame.y, keyboard.y)
        let bottom = min(frame.y + frame.height, keyboard.y + keyboard.height)
        let overlapsHorizontally = frame.x < keyboard.x + keyboard.width && keyboard.x < frame.x + frame.width
        return overlapsHorizontally && frame.height > 0 && bottom - top >= frame.height * fraction.value
    }

    private let parameters: Parameters
    private var findings: [Finding] = []
    // `@exclusivity(unchecked)` below: touched at every record, and never at once (docs/architecture.md, "Tests
    // and benchmarks").
    /// The first responder and whether the model wants the keyboard, after the latest input.
    @exclusivity(unchecked) private var latest: (responder: ObjectRef?, keyboardVisible: Bool)?
    /// The first responder's frame on screen, measured once until an input that can move views (touches and keys
    /// move none).
    @exclusivity(unchecked) private var measured: (responder: ObjectRef, frame: Rect?)?
    /// The covered stretch: since when (the record that showed the keyboard or moved the field), who, keys.
    @exclusivity(unchecked) private var covered: Stretch?

    /// A class: `close` runs at nearly every record, and checking an optional struct this large for nil copies it.
    private final class Stretch {
        let since: Citation
        let responder: ObjectRef
        let view: ViewRef
        let frame: Rect
        let keyboard: Rect
        var keys: [Citation] = []
        let scene: Scene?

        init(since: Citation, responder: ObjectRef, view: ViewRef, frame: Rect, keyboard: Rect, scene: Scene?) {
            self.since = since
            self.responder = responder
            self.view = view
            self.frame = frame
            self.keyboard = keyboard
            self.scene = scene
        }
    }

    init(parameters: Parameters) { self.parameters = parameters }

    convenience init() { self.init(parameters: Parameters()) }

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        latest = (step.firstResponder, step.keyboardVisible)
        switch input.record {
        case .touch, .key: break
        case .session, .snapshot, .set, .insert, .remove, .call, .action, .firstResponder, .keyboard, .sent,
            .targetForAction, .keyWindow, .recognizer, .selection, .controlState, .time, .dropped, .otherAppKeyboard,
            .unknown:
            measured = nil
        }
        let isKey: Bool
        if case .key = input.record { isKey = step.keyInputReceiver == step.firstResponder } else { isKey = false }
        follow(input, isKey: isKey, model: model, build: build)
    }

    func recorded(_ record: SessionRecord, model: ResponderModel?, build: FindingBuilder) {
        // Keyboard notifications are observations, not steps; the context already holds the frame they gave.
        guard case .keyboard = record.record, let model else { return }
        follow(record, isKey: false, model: model, build: build)
    }

    func finish(build: FindingBuilder) -> [Finding] {
        close(build)
        return findings
    }

    private func follow(_ record: SessionRecord, isKey: Bool, model: ResponderModel, build: FindingBuilder) {
        // The model is as the latest input left it (an observation changes nothing), so the frame is measured now.
        guard let keyboard = build.context.keyboardFrame, let latest, latest.keyboardVisible,
            let responder = latest.responder, let frame = frame(of: responder, in: model)
        else {
            close(build)
            return
        }
        guard Self.isCovered(frame, by: keyboard, fraction: parameters.coveredFraction) else {
            // Moved into view (or the keyboard moved): what came before is resolved, not reported.
            covered = nil
            return
        }
        if let stretch = covered, stretch.responder != responder { close(build) }
        let t = record.t ?? 0
        if covered == nil {
            covered = Stretch(
                since: Citation(record.seq, t), responder: responder,
                view: build.view(responder, in: model, role: "first responder"), frame: frame, keyboard: keyboard,
                scene: build.scene(model, t: t))
        }
        // The picture is of the moment the field went under the keyboard (one per stretch, not one per key).
        if isKey { covered!.keys.append(Citation(record.seq, t)) }
    }

    private func frame(of responder: ObjectRef, in model: ResponderModel) -> Rect? {
        if let measured, measured.responder == responder { return measured.frame }
        let frame = model.screenFrame(of: responder)
        measured = (responder, frame)
        return frame
    }

    private func close(_ build: FindingBuilder) {
        guard let stretch = covered else { return }
        covered = nil
        var explanation =
            "The keyboard covered \(build.name(stretch.view)) (y \(Int(stretch.frame.y))-\(Int(stretch.frame.y + stretch.frame.height)) under a keyboard from y \(Int(stretch.keyboard.y))) and nothing moved it into view"
        explanation +=
            stretch.keys.isEmpty ? "." : ", while \(Wording.count(stretch.keys.count, "key")) were typed blind."
        if stretch.keys.count == 1 {
            explanation = explanation.replacingOccurrences(of: "were typed", with: "was typed")
        }
        findings.append(
            build.finding(
                .warning, records: [stretch.since] + stretch.keys, views: [stretch.view], explanation: explanation,
                scene: stretch.scene))
    }
}
