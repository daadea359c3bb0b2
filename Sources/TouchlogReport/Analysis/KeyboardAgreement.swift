import ResponderCore
import TouchlogFormat

/// Where the keyboard (as its notifications recorded it) and the first responder disagree, for longer than a
/// transition: the two rules `keyboard_without_first_responder` and `first_responder_without_keyboard` read it.
///
/// The keyboard is up from `willShow`/`didShow` to `willHide`/`didHide`; a `willChangeFrame` leaves it where it
/// was. The first responder is the key window's: the recorded one (`firstResponder` records, each about the window
/// it names, or the key window when it names none) when the session records them, else the model's; the key window
/// is the model's. It wants a keyboard when the model says so (a text input is the key window's first responder).
/// Another window's first responder resigning leaves the keyboard to the key window's.
/// Sessions without keyboard notifications are not judged: nothing says where the keyboard was.
///
/// It streams: both readings of the first responder are followed side by side, and the one that applies is chosen
/// when the session ends (whether it recorded `firstResponder` at all is only known then). One per session, in the
/// ``SessionContext``: both rules read the same stretches.
final class KeyboardAgreement {
    /// The parameter both keyboard rules have, each its own value (`.touchlog.yml` may set them apart).
    struct Parameters: RuleParameters {
        /// Half a second is longer than the keyboard's animation (0.25-0.35 s).
        var tolerance = Seconds(0.5)

        static var fields: [RuleParameter<Parameters>] {
            [
                RuleParameter(
                    "tolerance", \.tolerance,
                    """
                    A disagreement shorter than this is a transition, not reported (the first responder changes a \
                    few milliseconds before the keyboard's `willShow` or `willHide`; its animation takes 0.25 to \
                    0.35 s).
                    """)
            ]
        }
    }

    /// Stretches shorter than this are dropped as they end, so that a long session's transitions are not all kept
    /// to the end: the smaller of the two rules' tolerances (each rule drops the rest of its own when it finishes).
    private let keptFrom: Double

    /// `rules`' tolerances decide which stretches are kept: the rules of a session that use this agreement.
    init(rules: [ConfiguredRule] = []) {
        let tolerances = rules.compactMap { $0.settings.parameters.typed(as: Parameters.self)?.tolerance.value }
        keptFrom = tolerances.min() ?? Parameters().tolerance.value
    }

    enum Kind { case keyboardWithoutResponder, responderWithoutKeyboard }

    struct Stretch {
        var kind: Kind
        /// The record where it started, and the one that ended it (or the session's last record).
        var start: Citation
        var end: Citation
        /// Who was first responder during it (nil: nobody), and the one before it when nobody was, named as the
        /// model had them when it started.
        var responder: ViewRef?
        var previousResponder: ViewRef?
        var responderID: String?
        /// Whether it lasted until the session ended.
        var untilEnd: Bool
        var scene: Scene?

        var duration: Double { end.t - start.t }
    }

    /// One reading of the first responder: the recorded one, or the model's. A class: it is updated in place for
    /// every record, and a struct holding a stretch would be copied each time.
    private final class Reading {
        let usesRecordedResponder: Bool
        let keptFrom: Double
        var previous: (id: String, view: ViewRef)?
        var open: Stretch?
        var stretches: [Stretch] = []

        init(usesRecordedResponder: Bool, keptFrom: Double) {
            self.usesRecordedResponder = usesRecordedResponder
            self.keptFrom = keptFrom
        }

        func close(at end: Citation, untilEnd: Bool) {
            guard var stretch = open else { return }
            open = nil
            stretch.end = end
            stretch.untilEnd = untilEnd
            if stretch.duration >= keptFrom { stretches.append(stretch) }
        }
    }

    private lazy var readings = [
        Reading(usesRecordedResponder: true, keptFrom: keptFrom),
        Reading(usesRecordedResponder: false, keptFrom: keptFrom),
    ]
    private var keyboardUp = false
    private var sawKeyboard = false
    private var sawRecordedResponder = false
    /// The key window's recorded first responder.
    private var recordedResponder: String?
    /// Each window's recorded first responder, by window id (absent: none); "" stands for the key window when a
    /// record names no window and the model has no key window.
    private var recordedResponders: [String: String] = [:]
    /// The model's key window after the latest input, by handle and id (looked up only when it changes).
    private var keyWindowRef: ObjectRef?
    private var keyWindowID: String?
    private var modelResponder: String?
    /// The model's first responder by handle: its id is looked up only when it changes.
    private var modelResponderRef: ObjectRef?
    private var modelWantsKeyboard = false
    private var sawInput = false
    private var last = Citation(0, 0)
    /// What the readings were last judged on: when none of it changed, judging again would change nothing (most
    /// records are touches that move nothing of the keyboard or the first responder).
    private var judged: (keyboardUp: Bool, recorded: String?, model: ObjectRef?, wantsKeyboard: Bool, input: Bool)?

    /// Follows one replayed input, with the model's first responder and keyboard after it. The step and the model
    /// are taken as they are, not as optionals: wrapping them would copy the model (every array of it retained and
    /// released) at every record of the session.
    func follow(input record: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        note(record)
        switch record.record {
        case .snapshot, .touch, .key, .set, .insert, .remove, .call, .action:
            sawInput = true
            if model.keyWindowRef != keyWindowRef || keyWindowID == nil && keyWindowRef != nil {
                keyWindowRef = model.keyWindowRef
                keyWindowID = keyWindowRef.map { model.id(of: $0) }
                recordedResponder = recordedResponders[keyWindowID ?? ""]
            }
            if step.firstResponder != modelResponderRef || modelResponder == nil && step.firstResponder != nil {
                modelResponderRef = step.firstResponder
                modelResponder = step.firstResponder.map { model.id(of: $0) }
            }
            modelWantsKeyboard = step.keyboardVisible
        case .session, .unknown, .dropped, .otherAppKeyboard, .sent, .targetForAction, .keyWindow, .recognizer,
            .selection, .controlState,
            .time,
            .keyboard,
            .firstResponder:
            // Not inputs: the replayer hands these to `follow(observation:)`.
            return
        }
        judge(record, name: { build.view($0, in: model) }, scene: { build.scene(model, t: $0) })
    }

    /// Follows one record that is not an input: a keyboard notification or a recorded first responder change
    /// update the readings; the model (nil before the first snapshot) only names what they find.
    func follow(observation record: SessionRecord, model: ResponderModel?, build: FindingBuilder) {
        note(record)
        switch record.record {
        case .session, .unknown, .dropped, .otherAppKeyboard, .sent, .targetForAction, .keyWindow, .recognizer,
            .selection, .controlState,
            .time:
            return
        case .keyboard(let keyboard):
            sawKeyboard = true
            keyboardUp = keyboard.phase.visibility ?? keyboardUp
        case .firstResponder(let observation):
            sawRecordedResponder = true
            recordedResponders[observation.window ?? keyWindowID ?? ""] = observation.view
            recordedResponder = recordedResponders[keyWindowID ?? ""]
        case .snapshot, .touch, .key, .set, .insert, .remove, .call, .action:
            // Inputs change the model's reading only as replayed (`follow(input:)`).
            return
        }
        if let model {
            judge(record, name: { build.view($0, in: model) }, scene: { build.scene(model, t: $0) })
        } else {
            judge(record, name: { ViewRef(id: $0, className: $0) }, scene: { _ in nil })
        }
    }

    private func note(_ record: SessionRecord) {
        last.seq = record.seq
        if let t = record.t { last.t = t }
    }

    /// Opens and closes stretches after a record changed a reading; `name` and `scene` reach the model, if any.
    private func judge(_ record: SessionRecord, name: (String) -> ViewRef, scene: (Double) -> Scene?) {
        if let judged, judged.keyboardUp == keyboardUp, judged.recorded == recordedResponder,
            judged.model == modelResponderRef, judged.wantsKeyboard == modelWantsKeyboard, judged.input == sawInput
        {
            return
        }
        judged = (keyboardUp, recordedResponder, modelResponderRef, modelWantsKeyboard, sawInput)
        let t = record.t ?? 0
        for reading in readings {
            let responder = reading.usesRecordedResponder ? recordedResponder : modelResponder
            // Before the first input there is no model state to say whether the responder wants a keyboard.
            let wantsKeyboard = responder != nil && sawInput && modelWantsKeyboard
            let kind: Kind? =
                keyboardUp && responder == nil
                ? .keyboardWithoutResponder : !keyboardUp && wantsKeyboard ? .responderWithoutKeyboard : nil
            if let stretch = reading.open, kind != stretch.kind || responder != stretch.responderID {
                reading.close(at: Citation(record.seq, t), untilEnd: false)
            }
            if let kind, reading.open == nil {
                let start = Citation(record.seq, t)
                reading.open = Stretch(
                    kind: kind, start: start, end: start, responder: responder.map(name),
                    previousResponder: reading.previous?.view, responderID: responder, untilEnd: false,
                    scene: scene(t))
            }
            if let responder, reading.previous?.id != responder {
                reading.previous = (responder, name(responder))
            }
        }
    }

    /// The stretches of `kind` that lasted `tolerance` or longer, once the session ended; none for a session
    /// without keyboard notifications.
    func finish(_ kind: Kind, tolerance: Seconds) -> [Stretch] {
        guard sawKeyboard else { return [] }
        let reading = readings[sawRecordedResponder ? 0 : 1]
        reading.close(at: last, untilEnd: true)
        return reading.stretches.filter { $0.kind == kind && $0.duration >= tolerance.value }
    }
}
