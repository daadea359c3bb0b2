/// Event dispatch: the entry points that turn an `InputEvent` into a `Step`.
extension ResponderModel {
    /// Dispatches one input event at time `t` (seconds since the session start) and returns what it did.
    public mutating func dispatch(_ event: InputEvent, at t: Double) -> Step {
        var step = Step()
        dispatch(event, at: t, into: &step)
        return step
    }

    /// Dispatches one input event, writing into a reused `Step` (allocation-free once its arrays have grown).
    public mutating func dispatch(_ event: InputEvent, at t: Double, into step: inout Step) {
        step.reset()
        advanceClock(to: t, step: &step)
        switch event {
        case .touch(let input):
            processTouches(CollectionOfOne(input), steps: &step)
        case .key(let length):
            receiveKey(length: length, step: &step)
        case .set(let id, let patch):
            applyPatch(id, patch, step: &step)
        case .insert(let parent, let index, let spec):
            insertView(parent: parent, index: index, spec: spec, step: &step)
        case .remove(let id):
            removeView(id, step: &step)
        case .call(let id, let method, let force):
            call(id, method, force: force, step: &step)
        case .action(let action, let target, let sender):
            var senderRef: ObjectRef? = nil
            if let s = sender {
                senderRef = ref(for: s)
                if senderRef == nil {
                    step.notes.append(StepNote("action \"\(action)\": sender \"\(s)\" is not a known object"))
                }
            }
            sendAction(action, target: target, sender: senderRef, step: &step)
        case .snapshot(let spec):
            applySnapshot(spec, step: &step)
            keyboardOwner = keyboardShouldBeVisible ? firstResponderRef(ofWindow: keyWindow) : nil
        case .advanceTime:
            break
        }
        finish(&step)
    }

    /// Dispatches the touch records of one UIEvent (consecutive records sharing an `event` number): new touches are
    /// all hit-tested first (D1), window policies look at the whole event once (8.1), then each record's touch goes
    /// through recognizers and views in record order. Returns one step per record; effects of the event as a whole
    /// (policies) are on the first step.
    public mutating func dispatchTouchEvent(_ records: [TouchInput], at t: Double) -> [Step] {
        var steps = [Step](repeating: Step(), count: records.count)
        if records.isEmpty { return steps }
        advanceClock(to: t, step: &steps[0])
        processTouchGroup(records, steps: &steps)
        for k in steps.indices { finish(&steps[k]) }
        return steps
    }

    /// Fills the state-after fields and the keyboard change of a step.
    mutating func finish(_ step: inout Step) {
        refreshKeyboard(step: &step)
        step.keyboardVisible = keyboardIsVisible
        if keyWindow >= 0 { step.firstResponder = firstResponderRef(ofWindow: keyWindow) }
    }

    /// Key input goes to the key window's first responder, hidden or not (F3, F4); a controller first responder
    /// takes it as the object it is, never hidden.
    mutating func receiveKey(length: Int, step: inout Step) {
        guard keyWindow >= 0 else { return }
        if windowControllerFirstResponder[keyWindow] >= 0 {
            step.keyInputReceiver = .controller(windowControllerFirstResponder[keyWindow])
            return
        }
        guard windowFirstResponder[keyWindow] >= 0 else { return }
        let fr = windowFirstResponder[keyWindow]
        step.keyInputReceiver = .view(fr)
        step.keyInputReceiverHidden = isEffectivelyHidden(fr)
        if length > 0 { sendControlEvent(fr, "editingChanged", step: &step) }
    }

    mutating func call(_ id: String, _ method: ResponderCall, force: Bool, step: inout Step) {
        // A view removed from the hierarchy still exists as an object: calls on it are answered (not in a window).
        let removed: ObjectRef? = viewIndex[id].map { .view($0) }
        guard let r = ref(for: id) ?? removed else {
            step.notes.append(StepNote("call \"\(method.rawValue)\": \"\(id)\" is not a known responder; ignored"))
            return
        }
        guard case .view(let v) = r else {
            switch method {
            case .becomeFirstResponder:
                if case .controller(let c) = r {
                    _ = becomeController(c, reason: .becomeFirstResponderCall, step: &step)
                } else {
                    // The application and its delegate keep UIResponder's default canBecomeFirstResponder (false).
                    step.refusals.append(
                        FirstResponderRefusal(responder: r, why: .cannotBecome, reason: .becomeFirstResponderCall))
                }
            case .resignFirstResponder:
                if case .controller(let c) = r {
                    _ = resignController(c, reason: .resignFirstResponderCall, step: &step)
                } else {
                    step.refusals.append(
                        FirstResponderRefusal(
                            responder: r, why: .notFirstResponder, reason: .resignFirstResponderCall))
                }
            case .makeKey:
                step.notes.append(StepNote("call \"makeKey\": \"\(id)\" is not a window; ignored"))
            case .endEditing:
                // A controller's `view.endEditing(_:)`: the views under its root, never the controller itself.
                if case .controller(let c) = r, controllers[c].view >= 0 {
                    _ = endEditing(controllers[c].view, force: force, reason: .endEditing(forced: force), step: &step)
                }
            }
            return
        }
        switch method {
        case .becomeFirstResponder: _ = become(v, reason: .becomeFirstResponderCall, step: &step)
        case .resignFirstResponder: _ = resign(v, force: false, reason: .resignFirstResponderCall, step: &step)
        case .endEditing: _ = endEditing(v, force: force, reason: .endEditing(forced: force), step: &step)
        case .makeKey:
            guard views[v].isWindow, views[v].alive else {
                step.notes.append(StepNote("call \"makeKey\": \"\(id)\" is not a window on screen; ignored"))
                return
            }
            setKeyWindow(v, step: &step)
        }
    }
}
