/// Read-only questions replay and report ask the model (divergences, report rules, `touchlog explain`).
public struct ViewInfo: Hashable, Sendable {
    public var id: String
    public var className: String
    public var uikitClass: UIKitClass
    public var parent: ObjectRef?
    public var window: ObjectRef?
    public var subviews: [ObjectRef]
    /// In the superview's coordinates (the bounding box when transformed).
    public var frame: Rect
    public var bounds: Rect
    public var center: Point
    public var transform: AffineTransform
    public var isWindow: Bool
    public var isHidden: Bool
    /// As given; hit testing compares `Double(Float(alpha))` (H3).
    public var alpha: Double
    public var isUserInteractionEnabled: Bool
    public var clipsToBounds: Bool
    public var isMultipleTouchEnabled: Bool
    public var isExclusiveTouch: Bool
    public var isEnabled: Bool
    public var isControl: Bool
    public var canBecomeFirstResponder: Bool
    public var canResignFirstResponder: Bool
    public var overridesTouches: Bool
    public var keyboardDismissMode: KeyboardDismissMode
    public var accessibilityIdentifier: String?
    public var accessibilityLabel: String?
    public var recognizers: [ObjectRef]
    public var controller: ObjectRef?
    /// Why hit testing skips the view by its own flags, if it does.
    public var passReason: PassReason?
    public var isEffectivelyHidden: Bool
    public var isInHierarchy: Bool
}

/// A view's names and its superview (``ResponderModel/identity(_:)``).
public struct ViewIdentity: Hashable, Sendable {
    public var id: String
    public var className: String
    public var accessibilityIdentifier: String?
    public var accessibilityLabel: String?
    public var parent: ObjectRef?
}

/// A view controller as the model sees it now: where it sits among the others (containment and presentation), for
/// questions about screens rather than views (which screen a presentation covers).
public struct ControllerInfo: Hashable, Sendable {
    public var id: String
    public var className: String
    /// Its root view (`view`), nil when the recorded id names no live view.
    public var view: ObjectRef?
    /// The containing controller (`parent`).
    public var parent: ObjectRef?
    /// The controller that presented this one (`presentingViewController`).
    public var presenting: ObjectRef?
    /// A presented controller's recorded `modalPresentationStyle`.
    public var modalPresentationStyle: ModalPresentationStyle?
    /// Its presentation's container view, when recorded and live: the view that holds the presented view and the
    /// presentation's chrome (a sheet's dimming view).
    public var presentationContainer: ObjectRef?
}

/// A recognizer as the model sees it now.
public struct RecognizerInfo: Hashable, Sendable {
    public var id: String
    public var className: String
    public var kind: RecognizerKind
    public var view: ObjectRef
    public var state: RecognizerState
    public var isEnabled: Bool
    public var cancelsTouchesInView: Bool
    /// true for recognizers the model adds itself (scroll pan, text interaction, policy recognizers).
    public var isImplicit: Bool
}

/// A touch in flight.
public struct TouchInfo: Hashable, Sendable {
    public var touch: String
    public var window: ObjectRef?
    public var view: ObjectRef?
    public var start: Point
    public var last: Point
}

extension ResponderModel {
    /// The key window (receives key input, F3), if any.
    public var keyWindowRef: ObjectRef? { keyWindow >= 0 ? .view(keyWindow) : nil }

    /// Windows in hit-testing order: front-most first (H10).
    public var windowsFrontToBackRefs: [ObjectRef] { windowsFrontToBack.map { .view($0) } }

    /// The first responder of the key window.
    public var firstResponder: ObjectRef? {
        guard keyWindow >= 0 else { return nil }
        return firstResponderRef(ofWindow: keyWindow)
    }

    /// The first responder of a window (one per window, F3).
    public func firstResponder(inWindow window: ObjectRef) -> ObjectRef? {
        guard case .view(let w) = window, views[w].isWindow else { return nil }
        return firstResponderRef(ofWindow: w)
    }

    /// Whether the keyboard is up (the key window's first responder is a text input).
    public var keyboardVisible: Bool { keyboardIsVisible }

    /// Whether `policy`, as configured now, could still change the first responder before another touch begins.
    ///
    /// A replay with a policy added differs from the recording's replay only through what the policy does; once it
    /// can no longer act, the rest of the touch replays the same. `dismiss-on-outside-touch` acts in `sendEvent` when
    /// a touch begins (8.1); `end-editing-on-touches-began` when a controller receives `touchesBegan`, which may be
    /// held back for a recognizer (D5); `tap-to-dismiss` and `resign-on-touch-outside` when their tap recognizer,
    /// admitted when the touch began, recognizes (8.3, 8.5): not once it has failed; `keyboard-dismiss-mode` while a
    /// scroll view is dragged (8.4); `resign-on-hide` whenever a view is hidden, at any record.
    public func policyMayStillAct(_ policy: DismissPolicy) -> Bool {
        func recognizerPending(_ synthetic: SyntheticRecognizer) -> Bool {
            activeRecognizers.contains { g in
                recognizers[g].synthetic == synthetic
                    && (recognizers[g].state == .possible || recognizers[g].state == .began
                        || recognizers[g].state == .changed)
            }
        }
        switch policy {
        case .dismissOnOutsideTouch: return false
        case .endEditingOnTouchesBegan: return touches.contains { $0.pendingBegan }
        case .tapToDismiss: return recognizerPending(.tapToDismissPolicy)
        case .resignOnTouchOutside: return recognizerPending(.resignOnTouchOutside)
        case .keyboardDismissMode: return !touches.isEmpty
        case .resignOnHide: return true
        }
    }

    /// Whether the view is in a window now.
    public func isInHierarchy(_ ref: ObjectRef) -> Bool {
        guard case .view(let v) = ref else { return false }
        return views[v].alive && windowOf(v) >= 0
    }

    /// Whether the view or an ancestor is hidden or below alpha 0.01 (as stored, a Float).
    public func isEffectivelyHidden(_ ref: ObjectRef) -> Bool {
        guard case .view(let v) = ref else { return false }
        return isEffectivelyHidden(v)
    }

    /// Whether the view or an ancestor is hidden or below alpha `threshold` (as stored, a Float). UIKit hit-tests
    /// a view down to alpha 0.01, but a person sees nothing well above that: a rule about what users can see may
    /// ask with a higher threshold.
    public func isEffectivelyHidden(_ ref: ObjectRef, alphaBelow threshold: Double) -> Bool {
        guard case .view(let v) = ref else { return false }
        return isEffectivelyHidden(v, alphaBelow: threshold)
    }

    // Cheap single-field questions, for code that asks once per event: `info(_:)` builds the whole `ViewInfo`
    // (arrays of subviews and recognizers, two walks up the tree) every time.

    /// The superview of a view; nil for a window, a view not in the model, or another kind of object.
    public func parent(of ref: ObjectRef) -> ObjectRef? {
        guard case .view(let v) = ref, views[v].parent >= 0 else { return nil }
        return .view(views[v].parent)
    }

    /// The UIKit class whose behaviour the view has; nil for another kind of object.
    public func uikitClass(of ref: ObjectRef) -> UIKitClass? {
        guard case .view(let v) = ref else { return nil }
        return views[v].kind
    }

    /// Whether the view can become first responder (a text input, or as recorded).
    public func canBecomeFirstResponder(_ ref: ObjectRef) -> Bool {
        guard case .view(let v) = ref else { return false }
        return views[v].canBecomeFirstResponder
    }

    /// `UIControl.isEnabled` (true for views that are no controls).
    public func isEnabled(_ ref: ObjectRef) -> Bool {
        guard case .view(let v) = ref else { return false }
        return views[v].isEnabled
    }

    /// Everything the model holds about a view.
    public func info(_ ref: ObjectRef) -> ViewInfo? {
        guard case .view(let v) = ref else { return nil }
        let n = views[v]
        let w = windowOf(v)
        return ViewInfo(
            id: n.id, className: n.className, uikitClass: n.kind, parent: n.parent >= 0 ? .view(n.parent) : nil,
            window: w >= 0 ? .view(w) : nil, subviews: n.children.map { .view($0) }, frame: n.frame,
            bounds: n.bounds, center: n.center, transform: n.transform, isWindow: n.isWindow, isHidden: n.isHidden,
            alpha: n.alpha, isUserInteractionEnabled: n.isUserInteractionEnabled, clipsToBounds: n.clipsToBounds,
            isMultipleTouchEnabled: n.isMultipleTouchEnabled, isExclusiveTouch: n.isExclusiveTouch,
            isEnabled: n.isEnabled, isControl: n.kind.isControl, canBecomeFirstResponder: n.canBecomeFirstResponder,
            canResignFirstResponder: n.canResignFirstResponder, overridesTouches: n.overridesTouches,
            keyboardDismissMode: n.keyboardDismissMode, accessibilityIdentifier: n.accessibilityIdentifier,
            accessibilityLabel: n.accessibilityLabel, recognizers: n.recognizers.map { .recognizer($0) },
            controller: n.controller >= 0 ? .controller(n.controller) : nil, passReason: n.passReason,
            isEffectivelyHidden: isEffectivelyHidden(v), isInHierarchy: n.alive && w >= 0)
    }

    /// What names a view and leads to its superview: the part of ``info(_:)`` that describing a view needs, without
    /// the arrays and walks that the rest of it costs.
    public func identity(_ ref: ObjectRef) -> ViewIdentity? {
        guard case .view(let v) = ref else { return nil }
        let n = views[v]
        return ViewIdentity(
            id: n.id, className: n.className, accessibilityIdentifier: n.accessibilityIdentifier,
            accessibilityLabel: n.accessibilityLabel, parent: n.parent >= 0 ? .view(n.parent) : nil)
    }

    /// The view's recorded class name (nil for no view): one string, where ``info(_:)`` builds every field.
    public func className(of ref: ObjectRef) -> String? {
        guard case .view(let v) = ref else { return nil }
        return views[v].className
    }

    /// Whether the view's recorded accessibility traits include `trait` (part 2, LS12); false when none were
    /// recorded or `ref` is no view. Dispatch never reads them; a report asks what a view presents itself as.
    public func has(_ trait: AccessibilityTrait, _ ref: ObjectRef) -> Bool {
        guard case .view(let v) = ref, views.indices.contains(v) else { return false }
        return views[v].accessibilityTraits.contains(trait.rawValue)
    }

    /// The outermost view hosting SwiftUI content (`hostsSwiftUI`) that `ref` is or is inside; nil when no ancestor
    /// hosts any (or `ref` is no view). The model's hit test stops there, so everything inside is one opaque region.
    public func hostingView(of ref: ObjectRef) -> ObjectRef? {
        guard case .view(var v) = ref, views.indices.contains(v) else { return nil }
        var host: Int?
        while v >= 0 {
            if views[v].hostsSwiftUI { host = v }
            v = views[v].parent
        }
        return host.map(ObjectRef.view)
    }

    /// Whether `a` and `b` are in the same SwiftUI region (the same outermost hosting view): then which of them UIKit
    /// bound a touch to is SwiftUI's doing, which the model cannot know.
    public func inSameHostedContent(_ a: ObjectRef, _ b: ObjectRef) -> Bool {
        guard let host = hostingView(of: a) else { return false }
        return hostingView(of: b) == host
    }

    /// The live view controllers, in the order the recording declared them.
    public var allControllers: [ObjectRef] {
        controllers.indices.filter { controllers[$0].alive }.map { .controller($0) }
    }

    /// Everything the model holds about a controller.
    public func controllerInfo(_ ref: ObjectRef) -> ControllerInfo? {
        guard case .controller(let c) = ref, controllers[c].alive else { return nil }
        let n = controllers[c]
        return ControllerInfo(
            id: n.id, className: n.className, view: n.view >= 0 ? .view(n.view) : nil,
            parent: n.parent >= 0 ? .controller(n.parent) : nil,
            presenting: n.presenting >= 0 ? .controller(n.presenting) : nil,
            modalPresentationStyle: n.modalPresentationStyle,
            presentationContainer: n.presentationContainerID.flatMap { liveView($0) }.map { .view($0) })
    }

    /// Everything the model holds about a recognizer.
    public func recognizerInfo(_ ref: ObjectRef) -> RecognizerInfo? {
        guard case .recognizer(let g) = ref else { return nil }
        let r = recognizers[g]
        var implicit = true
        if case .none = r.synthetic { implicit = false }
        return RecognizerInfo(
            id: r.id, className: r.className, kind: r.kind, view: .view(r.view), state: r.state,
            isEnabled: r.isEnabled, cancelsTouchesInView: r.cancelsTouchesInView, isImplicit: implicit)
    }

    /// The touches in flight, oldest first.
    public var touchesInFlight: [TouchInfo] {
        touches.filter { !$0.finished }.map {
            TouchInfo(
                touch: $0.key, window: $0.window >= 0 ? .view($0.window) : nil,
                view: $0.view >= 0 ? .view($0.view) : nil, start: $0.start, last: $0.last)
        }
    }

    /// The live views of the hierarchy, windows first, each subtree depth-first back to front (explicit stack).
    public var allViews: [ObjectRef] {
        var out: [ObjectRef] = []
        var stack = Array(windows.reversed())
        while let v = stack.popLast() {
            out.append(.view(v))
            stack.append(contentsOf: views[v].children.reversed())
        }
        return out
    }

    /// Path of ids from the window down to the view, for people reading reports ("w1 > root > form > tf1").
    public func path(of ref: ObjectRef) -> [String] {
        guard case .view(let v) = ref else { return [id(of: ref)] }
        var out: [String] = []
        var cur = v
        while cur >= 0 {
            out.append(views[cur].id)
            cur = views[cur].parent
        }
        return out.reversed()
    }

    /// The delegate a view or recognizer names (`delegate` in the recording), resolved to a live object: often a plain
    /// object (`.object`), sometimes a controller or view. nil when none was recorded or the id is unknown.
    public func delegate(of ref: ObjectRef) -> ObjectRef? {
        let id: String?
        switch ref {
        case .view(let v): id = views[v].delegateID
        case .recognizer(let g): id = recognizers[g].delegateID
        case .controller, .application, .applicationDelegate, .object: id = nil
        }
        return id.flatMap { self.ref(for: $0) }
    }

    /// Whether the object is a UIResponder (on the responder chain); plain objects and recognizers are not.
    public func isResponder(_ ref: ObjectRef) -> Bool {
        switch ref {
        case .view, .controller, .application: true
        case .applicationDelegate: application.delegateIsResponder
        case .recognizer, .object: false
        }
    }
}
