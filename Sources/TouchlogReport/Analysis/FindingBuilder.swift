import ResponderCore
import TouchlogFormat
import TouchlogStore

/// What every rule needs to turn replay facts into findings: the views named as people know them, the keyboard
/// as the recording saw it, scenes for the HTML picture, and times of records.
struct FindingBuilder {
    let context: RuleContext
    let ruleID: String

    init(_ context: RuleContext, rule: any Rule.Type) {
        self.context = context
        ruleID = rule.description.identifier
    }

    var session: AnalyzedSession { context.session }
    var replay: ReplayFacts? { context.session.replay }

    /// The view `id` as it was just before record `seq`: class, accessibility identifier and label, path. Falls
    /// back to the id as its class when the model does not know it (a view inserted and removed again).
    func view(_ id: String, at seq: Int, role: String? = nil) -> ViewRef {
        if let model = replay?.model(before: seq + 1), let ref = model.ref(for: id),
            let view = ViewRef(model: model, view: ref, role: role)
        {
            return view
        }
        return ViewRef(id: id, className: id, role: role)
    }

    /// The model's facts about view `id` just before record `seq`.
    func info(_ id: String?, at seq: Int) -> ViewInfo? {
        guard let id, let model = replay?.model(before: seq + 1), let ref = model.ref(for: id) else { return nil }
        return model.info(ref)
    }

    /// `UITextField "Promo code"` (or with `#identifier` when it has no label): how an explanation names a view.
    func name(_ view: ViewRef) -> String {
        var text = view.className
        if let label = view.accessibilityLabel, !label.isEmpty {
            text += " \"\(label)\""
        } else if let identifier = view.accessibilityIdentifier, !identifier.isEmpty {
            text += " #\(identifier)"
        } else if view.className == view.id {
            text = "view \"\(view.id)\""
        } else if view.path.count >= 2 {
            // No identifier or label: say where it is.
            text += " in " + view.path[view.path.count - 2].description
        }
        return text
    }

    /// Whether `view` is `ancestor` or inside it, just before record `seq`.
    /// The view that kept a touch from `control` (blocked_tap, unreachable_control): its reference, and its name
    /// for the sentence, saying so when it is nearly transparent yet still hit-testable (alpha 0.01 to 0.1),
    /// since that is the surprise a QA engineer needs spelled out. Nil when there is no other view to blame.
    func blocker(_ blocker: String?, of control: String, at seq: Int) -> (view: ViewRef, name: String)? {
        guard let blocker, blocker != control else { return nil }
        let view = view(blocker, at: seq, role: "blocker")
        var name = name(view)
        if let alpha = info(blocker, at: seq)?.alpha, alpha < 0.1, alpha >= 0.01 {
            name += " (nearly transparent, alpha \(Wording.alpha(alpha)), but still hit-testable)"
        }
        return (view, name)
    }

    func isView(_ view: String, inside ancestor: String, at seq: Int) -> Bool {
        if view == ancestor { return true }
        guard let model = replay?.model(before: seq + 1), let target = model.ref(for: ancestor),
            var current = model.ref(for: view)
        else { return false }
        for _ in 0..<10_000 {
            guard let parent = model.info(current)?.parent else { return false }
            if parent == target { return true }
            current = parent
        }
        return false
    }

    /// Whether a view of `window` smaller than the window overlaps `control` on screen. System keyboard windows
    /// span the screen with full-screen containers but pass touches outside the keyboard through; a window with
    /// nothing but such containers over the control is not what covers it.
    func windowContentCovers(_ window: String, _ control: String, at seq: Int) -> Bool {
        guard let model = replay?.model(before: seq + 1), let windowRef = model.ref(for: window),
            let controlRef = model.ref(for: control), let target = model.screenFrame(of: controlRef),
            let windowFrame = model.screenFrame(of: windowRef)
        else { return true }
        var stack = model.info(windowRef)?.subviews ?? []
        while let view = stack.popLast() {
            guard let info = model.info(view), !info.isEffectivelyHidden else { continue }
            stack += info.subviews
            guard let frame = model.screenFrame(of: view),
                frame.width < windowFrame.width || frame.height < windowFrame.height
            else { continue }
            if frame.x < target.x + target.width && target.x < frame.x + frame.width
                && frame.y < target.y + target.height && target.y < frame.y + frame.height
            {
                return true
            }
        }
        return false
    }

    /// The time of record `seq`.
    func time(_ seq: Int) -> Double {
        if let step = replay?.step(seq: seq) { return step.t }
        return session.record(seq: seq)?.t ?? 0
    }

    /// The keyboard's frame on screen as the last keyboard notification before record `seq` gave it; nil when
    /// it was hidden or never shown.
    func keyboardFrame(before seq: Int) -> Rect? {
        var frame: Rect?
        for record in session.records where record.seq < seq {
            guard record.type == "keyboard", case .object(let object) = record.content else { continue }
            let phase = object["phase"]?.stringValue ?? ""
            if phase == "willHide" || phase == "didHide" {
                frame = nil
            } else if let values = object["frame"]?.arrayValue?.compactMap(\.doubleValue), values.count == 4 {
                frame = Rect(values[0], values[1], values[2], values[3])
            }
        }
        return frame
    }

    /// The screen just before record `seq` (the model's views, the recorded keyboard frame) with the roles given.
    func scene(
        at seq: Int, touches: [Point] = [], hitView: String? = nil, expectedView: String? = nil
    ) -> Scene? {
        guard let screen = session.screen, let model = replay?.model(before: seq + 1) else { return nil }
        var scene = Scene(
            model: model, screen: screen, t: time(seq), touches: touches, hitView: hitView.flatMap(model.ref(for:)),
            expectedView: expectedView.flatMap(model.ref(for:)), keyboardFrame: keyboardFrame(before: seq + 1))
        // The keyboard as the recording saw it: the model knows only whether its first responder wants one.
        scene.keyboardFrame = keyboardFrame(before: seq + 1)
        return scene
    }

    func finding(
        _ severity: Severity, records: [Int], views: [ViewRef], explanation: String, scene: Scene? = nil
    ) -> Finding {
        let seqs = Array(Set(records)).sorted()
        let times = seqs.map(time)
        return Finding(
            ruleID: ruleID, severity: severity, session: context.sessionRef,
            span: TimeSpan(times.min() ?? 0, times.max() ?? 0), records: seqs, views: views,
            explanation: explanation, scene: scene)
    }
}

/// Small formatting helpers for explanations.
enum Wording {
    /// "1 key", "4 keys".
    static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }

    /// Seconds with at most one decimal: "4.1 s".
    static func seconds(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? "\(Int(tenths)) s" : "\(tenths) s"
    }

    static func point(_ x: Double?, _ y: Double?) -> String {
        func number(_ value: Double) -> String {
            var out = ""
            JSONWriter.writeNumber(value, into: &out)
            return out
        }
        return "(\(number(x ?? 0)), \(number(y ?? 0)))"
    }
}

extension Wording {
    /// An alpha as people write it: "0.02".
    static func alpha(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        var out = ""
        JSONWriter.writeNumber(rounded, into: &out)
        return out
    }
}
