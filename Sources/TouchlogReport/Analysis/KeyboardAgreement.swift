import TouchlogStore

/// Where the keyboard (as its notifications recorded it) and the first responder disagree, for longer than a
/// transition: the two rules `keyboard_without_first_responder` and `first_responder_without_keyboard` read it.
///
/// The keyboard is up from `willShow`/`didShow` to `willHide`/`didHide`. The first responder is the recorded one
/// (`firstResponder` records) when the session records them, else the model's; it wants a keyboard when the model
/// says so (a text input is the key window's first responder). Sessions without keyboard notifications are not
/// judged: nothing says where the keyboard was.
struct KeyboardAgreement {
    /// A disagreement shorter than this is a transition (the first responder changes a few milliseconds before
    /// the keyboard's `willShow`/`willHide`); half a second is longer than the keyboard's animation (0.25-0.35 s).
    static let tolerance = 0.5

    enum Kind { case keyboardWithoutResponder, responderWithoutKeyboard }

    struct Stretch {
        var kind: Kind
        /// The record where it started, and the one that ended it (or the session's last record).
        var startSeq: Int
        var endSeq: Int
        var start: Double
        var end: Double
        /// Who was first responder during it (nil: nobody), and the one before it when nobody was.
        var responder: String?
        var previousResponder: String?
        /// Whether it lasted until the session ended.
        var untilEnd: Bool
    }

    static func stretches(in session: AnalyzedSession) -> [Stretch] {
        guard let replay = session.replay, session.records.contains(where: { $0.type == "keyboard" }) else {
            return []
        }
        let recordsResponder = session.records.contains { $0.type == "firstResponder" }
        var keyboardUp = false
        var observedResponder: String?
        var step: ReplayStepRow?
        var previous: String?
        var open: Stretch?
        var out: [Stretch] = []
        let lastSeq = session.records.last?.seq ?? 0
        let lastT = session.records.last(where: { $0.t != nil })?.t ?? 0
        func close(at seq: Int, t: Double, untilEnd: Bool) {
            guard var stretch = open else { return }
            open = nil
            stretch.endSeq = seq
            stretch.end = t
            stretch.untilEnd = untilEnd
            if stretch.end - stretch.start >= tolerance { out.append(stretch) }
        }
        for record in session.records where record.seq > 1 {
            if record.type == "keyboard", case .object(let object) = record.content {
                let phase = object["phase"]?.stringValue ?? ""
                keyboardUp = phase == "willShow" || phase == "didShow" || (phase == "didChangeFrame" && keyboardUp)
            } else if record.type == "firstResponder", case .object(let object) = record.content {
                observedResponder = object["view"]?.stringValue
            } else if let replayed = replay.step(seq: record.seq) {
                step = replayed
            } else {
                continue
            }
            let responder = recordsResponder ? observedResponder : step?.firstResponder
            let wantsKeyboard = responder != nil && (step?.keyboardVisible ?? false)
            let kind: Kind? =
                keyboardUp && responder == nil
                ? .keyboardWithoutResponder : !keyboardUp && wantsKeyboard ? .responderWithoutKeyboard : nil
            let t = record.t ?? open?.start ?? 0
            if let stretch = open, kind != stretch.kind || responder != stretch.responder {
                close(at: record.seq, t: t, untilEnd: false)
            }
            if let kind, open == nil {
                open = Stretch(
                    kind: kind, startSeq: record.seq, endSeq: record.seq, start: t, end: t, responder: responder,
                    previousResponder: previous, untilEnd: false)
            }
            if let responder { previous = responder }
        }
        close(at: lastSeq, t: lastT, untilEnd: true)
        return out
    }
}
