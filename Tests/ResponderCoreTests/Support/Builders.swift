@testable import ResponderCore

/// A view spec in one line: `v("btn", "UIButton", 10, 10, 100, 40) { $0.isHidden = true }`.
func v(
    _ id: String, _ cls: String = "UIView", _ x: Double, _ y: Double, _ w: Double, _ h: Double,
    _ subviews: [ViewSpec] = [], _ configure: (inout ViewSpec) -> Void = { _ in }
) -> ViewSpec {
    var s = ViewSpec(id: id, className: cls, frame: Rect(x, y, w, h), subviews: subviews)
    configure(&s)
    return s
}

/// A window covering a 390×844 screen by default.
func win(
    _ id: String = "w1", _ subviews: [ViewSpec], key: Bool = true, level: Double = 0,
    policies: [DismissPolicy] = [], cls: String = "UIWindow", frame: Rect = Rect(0, 0, 390, 844),
    _ configure: (inout ViewSpec) -> Void = { _ in }
) -> WindowSpec {
    var s = ViewSpec(id: id, className: cls, frame: frame, subviews: subviews)
    configure(&s)
    return WindowSpec(view: s, windowLevel: level, isKeyWindow: key, policies: policies)
}

func tapRecognizer(_ id: String, taps: Int = 1, _ configure: (inout RecognizerSpec) -> Void = { _ in })
    -> RecognizerSpec
{
    var r = RecognizerSpec(id: id, className: "UITapGestureRecognizer", numberOfTapsRequired: taps)
    configure(&r)
    return r
}

/// Drives a model with a clock and renders steps as short strings for exact expectations.
struct Harness {
    var model: ResponderModel
    var t = 0.0

    init(
        _ windows: [WindowSpec], controllers: [ControllerSpec] = [], application: ApplicationSpec = ApplicationSpec(),
        objects: [ObjectSpec] = [], policies: PolicySettings = PolicySettings()
    ) {
        model = ResponderModel(
            hierarchy: HierarchySpec(
                windows: windows, controllers: controllers, application: application, objects: objects),
            policies: policies)
    }

    /// Dispatches an event 0.05 s after the previous one (or after `dt`).
    @discardableResult
    mutating func send(_ e: InputEvent, dt: Double = 0.05) -> Step {
        t += dt
        return model.dispatch(e, at: t)
    }

    @discardableResult
    mutating func touch(
        _ id: String, _ phase: TouchPhase, _ x: Double, _ y: Double, dt: Double = 0.05,
        observed: String? = nil, trust: Bool = false, window: String? = nil
    ) -> Step {
        send(
            .touch(
                TouchInput(
                    touch: id, phase: phase, point: Point(x, y), window: window,
                    observedView: observed, bindToObservedView: trust)), dt: dt)
    }

    /// A quick tap (down, up 0.05 s later); returns both steps.
    @discardableResult
    mutating func tap(_ id: String, _ x: Double, _ y: Double) -> (began: Step, ended: Step) {
        let b = touch(id, .began, x, y)
        let e = touch(id, .ended, x, y)
        return (b, e)
    }

    func name(_ r: ObjectRef?) -> String? { r.map { model.id(of: $0) } }
    func ref(_ id: String) -> ObjectRef { model.ref(for: id)! }

    /// "receiver.method", forwarded ones marked with ">".
    func delivered(_ s: Step) -> [String] {
        s.delivered.map {
            ($0.forwarded ? ">" : "") + model.id(of: $0.to) + "." + $0.method.rawValue.dropFirst(7).lowercased()
        }
    }
    func gestures(_ s: Step) -> [String] { s.gestures.map { model.id(of: $0.recognizer) + ":" + $0.state.rawValue } }
    func actions(_ s: Step) -> [String] { s.actions.map { $0.action + "->" + (name($0.target) ?? "nil") } }
    func frChanges(_ s: Step) -> [String] {
        s.firstResponderChanges.map { (name($0.from) ?? "nil") + "->" + (name($0.to) ?? "nil") }
    }
    func keyboard(_ s: Step) -> [String] { s.keyboardChanges.map { $0.visible ? "shown" : "hidden" } }
    var firstResponder: String? { name(model.firstResponder) }
    func hit(_ x: Double, _ y: Double) -> String? { name(model.hitTest(screenPoint: Point(x, y))) }
}
