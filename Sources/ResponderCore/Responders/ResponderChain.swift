/// The responder chain (rules C1–C5) and action targets (A1–A4).
extension ResponderModel {
    /// `UIResponder.next` for any responder; nil at the end of the chain (C5). Recognizers are not responders.
    @inline(__always)
    public func nextResponder(_ r: ObjectRef) -> ObjectRef? {
        switch r {
        case .view(let v):
            // C1: a controller's root view → the controller; else the superview; a window → the application (C3).
            if views[v].controller >= 0 { return .controller(views[v].controller) }
            if views[v].parent >= 0 { return .view(views[v].parent) }
            if views[v].isWindow && views[v].alive { return .application }
            return nil
        case .controller(let c):
            // C2: a presented controller → its presenter; otherwise its view's superview (the window for a
            // window's root controller, the container view for a child controller).
            if controllers[c].presenting >= 0 { return .controller(controllers[c].presenting) }
            let v = controllers[c].view
            if v >= 0 {
                if views[v].parent >= 0 { return .view(views[v].parent) }
                if views[v].isWindow { return .application }
            }
            return nil
        case .application:
            // C4: the delegate, only if it is a UIResponder.
            return application.delegateIsResponder ? .applicationDelegate : nil
        case .applicationDelegate, .recognizer, .object:
            // A plain object is no UIResponder: it has no `next` (A1: it is reached only as an explicit target).
            return nil
        }
    }

    /// The responder chain from any responder, that responder first.
    public func responderChain(from start: ObjectRef) -> [ObjectRef] {
        var out: [ObjectRef] = []
        var cur: ObjectRef? = start
        let limit = views.count + controllers.count + 3  // a malformed recording could link controllers in a cycle
        while let r = cur, out.count < limit {
            out.append(r)
            cur = nextResponder(r)
        }
        return out
    }

    /// Whether the responder's class implements the action (the model of `canPerformAction`'s default, A3).
    /// Every UIResponder implements `becomeFirstResponder` and `resignFirstResponder` (A5).
    public func implements(_ r: ObjectRef, action: String) -> Bool {
        if action == "resignFirstResponder" || action == "becomeFirstResponder" {
            switch r {
            case .recognizer, .object: return false
            case .view, .controller, .application, .applicationDelegate: return true
            }
        }
        switch r {
        case .view(let v): return views[v].implements.contains(action)
        case .controller(let c): return controllers[c].implements.contains(action)
        case .application: return application.implements.contains(action)
        case .applicationDelegate: return application.delegateImplements.contains(action)
        case .recognizer: return false
        case .object(let o): return objects[o].implements.contains(action)
        }
    }

    /// `canPerformAction(_:withSender:)`: the class implements the action (the default's answer, A3) and the
    /// recorded answer does not refuse it (`refusesActions`: an override that says no at this moment, e.g. `paste:`
    /// with an empty pasteboard). Plain objects and recognizers are not responders and are never asked.
    public func canPerformAction(_ r: ObjectRef, action: String) -> Bool {
        guard implements(r, action: action) else { return false }
        switch r {
        case .view(let v): return !views[v].refusesActions.contains(action)
        case .controller(let c): return !controllers[c].refusesActions.contains(action)
        case .application: return !application.refusesActions.contains(action)
        case .applicationDelegate: return !application.delegateRefusesActions.contains(action)
        case .recognizer, .object: return false
        }
    }

    /// `target(forAction:withSender:)`: the first responder from `start` up the chain whose `canPerformAction`
    /// says yes (A3: "The default implementation calls the canPerformAction(_:withSender:) method to determine
    /// whether it can invoke the action. If the object can invoke the action, it returns itself, otherwise it passes
    /// the request up the responder chain", Apple docs: UIResponder.target(forAction:withSender:)).
    public func target(forAction action: String, from start: ObjectRef) -> ObjectRef? {
        var cur: ObjectRef? = start
        var steps = 0
        let limit = views.count + controllers.count + 3
        while let r = cur, steps < limit {
            if canPerformAction(r, action: action) { return r }
            cur = nextResponder(r)
            steps += 1
        }
        return nil
    }

    /// Where a nil-targeted action starts (A2): the key window's first responder if any, else the sender if it
    /// is a responder, else nowhere.
    public func nilTargetedActionStart(sender: ObjectRef?) -> ObjectRef? {
        if keyWindow >= 0, let first = firstResponderRef(ofWindow: keyWindow) { return first }
        // Only a responder can start a walk up the responder chain: a recognizer or a plain object sender cannot.
        switch sender {
        case .recognizer?, .object?, nil: return nil
        case .view?, .controller?, .application?, .applicationDelegate?: return sender
        }
    }

    /// `UIApplication.sendAction(_:to:from:for:)`: resolves and records the action; returns whether it was handled.
    @discardableResult
    mutating func sendAction(
        _ action: String, target: String?, sender: ObjectRef?, controlEvent: String? = nil, step: inout Step
    ) -> Bool {
        if let t = target {
            // A1: an explicit target bypasses the chain.
            guard let ref = ref(for: t) else {
                step.notes.append(
                    StepNote("action \"\(action)\": target \"\(t)\" is not a known object; recorded as unhandled"))
                step.actions.append(
                    ActionDispatch(
                        action: action, target: nil, sender: sender, nilTargeted: false, controlEvent: controlEvent))
                return false
            }
            step.actions.append(
                ActionDispatch(
                    action: action, target: ref, sender: sender, nilTargeted: false, controlEvent: controlEvent))
            applyBuiltInAction(action, on: ref, step: &step)
            return true
        }
        let start = nilTargetedActionStart(sender: sender)
        let handler = start.flatMap { self.target(forAction: action, from: $0) }
        step.actions.append(
            ActionDispatch(
                action: action, target: handler, sender: sender, nilTargeted: true, controlEvent: controlEvent))
        if let h = handler { applyBuiltInAction(action, on: h, step: &step) }
        return handler != nil
    }

    /// The two UIResponder actions whose effect the model knows (A5: the resign-from-anywhere trick).
    mutating func applyBuiltInAction(_ action: String, on r: ObjectRef, step: inout Step) {
        guard case .view(let v) = r else { return }
        if action == "resignFirstResponder" {
            _ = resign(v, force: false, reason: .resignAction, step: &step)
        } else if action == "becomeFirstResponder" {
            _ = become(v, reason: .becomeFirstResponderCall, step: &step)
        }
    }

    /// Sends a control's target–actions registered for a UIControl.Event name.
    mutating func sendControlEvent(_ v: Int, _ event: String, step: inout Step) {
        if views[v].actions.isEmpty { return }
        let actions = views[v].actions
        for a in actions where a.events.contains(event) {
            sendAction(a.action, target: a.target, sender: .view(v), controlEvent: event, step: &step)
        }
    }
}
