import ResponderCore
import TouchlogFormat

/// A record a finding cites: its line in the session and its time.
public struct Citation: Sendable, Hashable {
    public var seq: Int
    public var t: Double

    public init(_ seq: Int, _ t: Double) {
        self.seq = seq
        self.t = t
    }
}

/// What every rule needs to turn what it saw into findings: views named as people know them (from the live model),
/// scenes for the pictures, and the finding itself under the rule's identifier. A class: it is handed to every rule
/// at every step, and one reference costs less to pass than a struct of several.
public final class FindingBuilder {
    public let context: SessionContext
    /// Nil only for the session's own builder (``init(naming:)``), which names views and makes no finding.
    private let rule: RuleID?

    public init(_ context: SessionContext, rule: any Rule.Type) {
        self.context = context
        self.rule = rule.id
    }

    /// A builder that only names views and draws scenes, for what the session follows for every rule (the keyboard
    /// agreement): it belongs to no rule, so it cannot make a finding.
    init(naming context: SessionContext) {
        self.context = context
        rule = nil
    }

    /// The rule whose findings this builder makes.
    public var ruleID: RuleID {
        guard let rule else { preconditionFailure("the session's naming builder makes no finding") }
        return rule
    }

    /// The view `ref` as the model has it now: class, accessibility identifier and label, path. A responder that
    /// is no view (a controller) is named by its id.
    func view(_ ref: ObjectRef, in model: ResponderModel, role: String? = nil) -> ViewRef {
        if let view = ViewRef(model: model, view: ref, role: role) { return view }
        let id = model.id(of: ref)
        return ViewRef(id: id, className: id, role: role)
    }

    /// The view `id` as the model has it now; falls back to the id as its class when the model does not know it (a
    /// view inserted and removed again).
    func view(_ id: String, in model: ResponderModel, role: String? = nil) -> ViewRef {
        if let ref = model.ref(for: id), let view = ViewRef(model: model, view: ref, role: role) { return view }
        return ViewRef(id: id, className: id, role: role)
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

    /// The view that kept a touch from `control` (blocked_tap, unreachable_control): its reference, and its name
    /// for the sentence, saying so when it is nearly transparent yet still hit-testable (alpha 0.01 to 0.1),
    /// since that is the surprise a QA engineer needs spelled out. Nil when there is no other view to blame.
    func blocker(_ blocker: ObjectRef?, of control: ObjectRef, in model: ResponderModel) -> (
        view: ViewRef, name: String
    )? {
        guard let blocker, blocker != control else { return nil }
        let view = view(blocker, in: model, role: "blocker")
        var name = name(view)
        if let alpha = model.info(blocker)?.alpha, alpha < 0.1, alpha >= 0.01 {
            name += " (nearly transparent, alpha \(Wording.alpha(alpha)), but still hit-testable)"
        }
        return (view, name)
    }

    /// Whether `view` is `ancestor` or inside it.
    func isView(_ view: ObjectRef, inside ancestor: ObjectRef, in model: ResponderModel) -> Bool {
        Self.nearest(from: view, in: model) { $0 == ancestor } != nil
    }

    /// `view` itself or its nearest ancestor that `matches`, walking up the model's tree; nil when none does. The
    /// one upward walk of the rules (a loop guard keeps a corrupt model from spinning).
    static func nearest(
        from view: ObjectRef?, in model: ResponderModel, where matches: (ObjectRef) -> Bool
    ) -> ObjectRef? {
        var current = view
        for _ in 0..<10_000 {
            guard let view = current else { return nil }
            if matches(view) { return view }
            current = model.parent(of: view)
        }
        return nil
    }

    /// Whether a view of `window` smaller than the window overlaps `control` on screen. System keyboard windows
    /// span the screen with full-screen containers but pass touches outside the keyboard through; a window with
    /// nothing but such containers over the control is not what covers it.
    func windowContentCovers(_ window: ObjectRef, _ control: ObjectRef, in model: ResponderModel) -> Bool {
        guard let target = model.screenFrame(of: control), let windowFrame = model.screenFrame(of: window) else {
            return true
        }
        var stack = model.info(window)?.subviews ?? []
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

    /// The screen now (the model's views, the recorded keyboard frame) with the roles given; nil unless the output
    /// format shows scenes, or without a screen size.
    /// The picture's data, when the output shows pictures. `cause` is the view to blame and how (see
    /// ``SceneCause``). A session without `device.screen` (an imported dump) is drawn at the size of its windows.
    func scene(
        _ model: ResponderModel, t: Double, touches: [Point] = [], hitView: ObjectRef? = nil,
        expectedView: ObjectRef? = nil, cause: (view: ObjectRef, kind: SceneCause.Kind)? = nil
    ) -> Scene? {
        guard context.wantsScenes else { return nil }
        var scene = Scene(
            model: model, screen: context.screen ?? Scene.screen(of: model), t: t, touches: touches,
            hitView: hitView, expectedView: expectedView, keyboardFrame: context.keyboardFrame)
        if let cause { scene.cause = SceneCause(view: model.id(of: cause.view), kind: cause.kind) }
        return scene
    }

    func finding(
        _ severity: Severity, records: [Citation], views: [ViewRef], explanation: String, scene: Scene? = nil
    ) -> Finding {
        let cited = Set(records)
        let times = cited.map(\.t)
        return Finding(
            ruleID: ruleID, severity: severity, session: context.ref,
            span: TimeSpan(times.min() ?? 0, times.max() ?? 0), records: Array(Set(cited.map(\.seq))).sorted(),
            views: views, explanation: explanation, scene: scene)
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

    static func point(_ x: Double, _ y: Double) -> String {
        func number(_ value: Double) -> String {
            var out = ""
            JSONWriter.writeNumber(value, into: &out)
            return out
        }
        return "(\(number(x)), \(number(y)))"
    }

    /// An alpha as people write it: "0.02".
    static func alpha(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        var out = ""
        JSONWriter.writeNumber(rounded, into: &out)
        return out
    }

    /// "A tap", "3 taps".
    static func taps(_ count: Int, _ singular: String = "A tap", plural: String = "taps") -> String {
        count == 1 ? singular : "\(count) \(plural)"
    }
}
