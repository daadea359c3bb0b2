/// First responder and keyboard (rules F1–F8).
extension ResponderModel {
    /// `becomeFirstResponder()` with every precondition of F1, in the order the model chose:
    /// already first responder → true; not in a window → false; `canBecomeFirstResponder` false → false with the
    /// current first responder untouched (checked before asking the current one to resign, so a refused request
    /// does not dismiss the keyboard for nothing — [INF], as Chameleon and Cacao do); the current one refuses to
    /// resign → false; otherwise it resigns and this one becomes first responder in its window (F3).
    @discardableResult
    mutating func become(_ v: Int, reason: FirstResponderReason, step: inout Step) -> Bool {
        let w = windowOf(v)
        if w < 0 {
            step.refusals.append(FirstResponderRefusal(responder: .view(v), why: .notInWindow, reason: reason))
            return false
        }
        let cur = windowFirstResponder[w]
        if cur == v { return true }
        // A disabled text field does not begin editing: UIControl's isEnabled gates it like the delegate does.
        if !views[v].canBecomeFirstResponder || (views[v].kind.isControl && !views[v].isEnabled) {
            step.refusals.append(FirstResponderRefusal(responder: .view(v), why: .cannotBecome, reason: reason))
            return false
        }
        guard takeOver(w, by: .view(v), reason: reason, step: &step) else { return false }
        // [INF] A key input (a text input or a view adopting UIKeyInput) becoming first responder makes its window
        // key (Chameleon does this for UIKeyInput responders; iOS does not document it): the keyboard types into it.
        if views[v].adoptsKeyInput && w != keyWindow { setKeyWindow(w, step: &step) }
        sendControlEvent(v, "editingDidBegin", step: &step)
        return true
    }

    /// `UIWindow.makeKey()` (and the end of another window's key status): key input and nil-targeted actions go to
    /// this window's first responder from now on; every window keeps its own first responder (F3), so making a window
    /// key neither resigns nor moves anything ("The key window receives keyboard and other non-touch related events",
    /// Apple docs: UIWindow.isKeyWindow).
    mutating func setKeyWindow(_ w: Int, step: inout Step) {
        guard w != keyWindow else { return }
        let from = keyWindow >= 0 ? ObjectRef.view(keyWindow) : nil
        keyWindow = w
        let to = w >= 0 ? ObjectRef.view(w) : nil
        if let earlier = step.keyWindowChange {
            step.keyWindowChange = earlier.from == to ? nil : KeyWindowChange(from: earlier.from, to: to)
        } else {
            step.keyWindowChange = KeyWindowChange(from: from, to: to)
        }
    }

    /// `resignFirstResponder()` (F2); `force` skips `canResignFirstResponder` (endEditing(true), removal).
    @discardableResult
    mutating func resign(_ v: Int, force: Bool, reason: FirstResponderReason, step: inout Step) -> Bool {
        let w = windowOf(v)
        if w < 0 || windowFirstResponder[w] != v {
            step.refusals.append(FirstResponderRefusal(responder: .view(v), why: .notFirstResponder, reason: reason))
            return false
        }
        if !force && !views[v].canResignFirstResponder {
            step.refusals.append(FirstResponderRefusal(responder: .view(v), why: .cannotResign, reason: reason))
            return false
        }
        windowFirstResponder[w] = -1
        step.firstResponderChanges.append(
            FirstResponderChange(window: .view(w), from: .view(v), to: nil, reason: reason))
        sendControlEvent(v, "editingDidEnd", step: &step)
        return true
    }

    /// `endEditing(_ force:)` (F6): resigns the first responder if it is the view or inside it; false otherwise.
    @discardableResult
    mutating func endEditing(_ v: Int, force: Bool, reason: FirstResponderReason, step: inout Step) -> Bool {
        for w in windows {
            let fr = windowFirstResponder[w]
            if fr >= 0 && isDescendant(fr, of: v) { return resign(fr, force: force, reason: reason, step: &step) }
        }
        return false
    }

    /// Resigns (forced) first responders that are no longer in their window (F5), e.g. after a remove or a move. A
    /// controller first responder whose root view left the window goes the same way [INF]: UIKit documents no
    /// first responder outside a window ("Asks UIKit to make this object the first responder in its window").
    mutating func validateFirstResponders(step: inout Step) {
        for w in windows {
            let fr = windowFirstResponder[w]
            if fr >= 0 && (!views[fr].alive || windowOf(fr) != w) {
                windowFirstResponder[w] = -1
                step.firstResponderChanges.append(
                    FirstResponderChange(
                        window: .view(w), from: .view(fr), to: nil, reason: .removedFromWindow))
            }
            let c = windowControllerFirstResponder[w]
            if c >= 0 && windowOfController(c) != w {
                windowControllerFirstResponder[w] = -1
                step.firstResponderChanges.append(
                    FirstResponderChange(
                        window: .view(w), from: .controller(c), to: nil, reason: .removedFromWindow))
            }
        }
    }

    /// The first responder of window `w`: a view, or a controller.
    func firstResponderRef(ofWindow w: Int) -> ObjectRef? {
        if windowFirstResponder[w] >= 0 { return .view(windowFirstResponder[w]) }
        if windowControllerFirstResponder[w] >= 0 { return .controller(windowControllerFirstResponder[w]) }
        return nil
    }

    /// The window a controller's root view is in (-1: none, or no root view).
    func windowOfController(_ c: Int) -> Int {
        guard controllers[c].alive, controllers[c].view >= 0 else { return -1 }
        return windowOf(controllers[c].view)
    }

    /// `becomeFirstResponder()` on a view controller: the `inputAccessoryView` pattern. The preconditions of F1
    /// as for a view: in a window (its root view's), `canBecomeFirstResponder`, and the current first responder
    /// willing to resign; the view it replaces ends editing.
    @discardableResult
    mutating func becomeController(_ c: Int, reason: FirstResponderReason, step: inout Step) -> Bool {
        let w = windowOfController(c)
        if w < 0 {
            step.refusals.append(FirstResponderRefusal(responder: .controller(c), why: .notInWindow, reason: reason))
            return false
        }
        if windowControllerFirstResponder[w] == c { return true }
        if !controllers[c].canBecomeFirstResponder {
            step.refusals.append(
                FirstResponderRefusal(responder: .controller(c), why: .cannotBecome, reason: reason))
            return false
        }
        return takeOver(w, by: .controller(c), reason: reason, step: &step)
    }

    /// The last steps of F1 for a view or a controller that may become first responder: the current one (a view that
    /// refuses to resign keeps it) gives window `w`'s status to `new` and ends editing. A controller holding it gives
    /// it up (UIViewController keeps UIResponder's canResignFirstResponder, true): the chat's message field, tapped,
    /// takes over from its controller.
    private mutating func takeOver(
        _ w: Int, by new: ObjectRef, reason: FirstResponderReason, step: inout Step
    ) -> Bool {
        let cur = windowFirstResponder[w]
        if cur >= 0 && !views[cur].canResignFirstResponder {
            step.refusals.append(
                FirstResponderRefusal(responder: .view(cur), why: .currentCannotResign, reason: reason))
            return false
        }
        let from = firstResponderRef(ofWindow: w)
        windowFirstResponder[w] = -1
        windowControllerFirstResponder[w] = -1
        switch new {
        case .view(let v): windowFirstResponder[w] = v
        case .controller(let c): windowControllerFirstResponder[w] = c
        case .recognizer, .application, .applicationDelegate, .object: preconditionFailure("only views and controllers")
        }
        step.firstResponderChanges.append(FirstResponderChange(window: .view(w), from: from, to: new, reason: reason))
        if cur >= 0 { sendControlEvent(cur, "editingDidEnd", step: &step) }
        return true
    }

    /// `resignFirstResponder()` on a view controller.
    @discardableResult
    mutating func resignController(_ c: Int, reason: FirstResponderReason, step: inout Step) -> Bool {
        let w = windowOfController(c)
        guard w >= 0, windowControllerFirstResponder[w] == c else {
            step.refusals.append(
                FirstResponderRefusal(responder: .controller(c), why: .notFirstResponder, reason: reason))
            return false
        }
        windowControllerFirstResponder[w] = -1
        step.firstResponderChanges.append(
            FirstResponderChange(window: .view(w), from: .controller(c), to: nil, reason: reason))
        return true
    }

    /// The keyboard is up when the key window's first responder adopts UIKeyInput: a text input, or a view the
    /// recording says adopts it ("When instances of this subclass are the first responder, the system keyboard
    /// displays", Apple docs: UIKeyInput); or, for a controller first responder, when it has input views to show
    /// (an `inputAccessoryView` is shown, and announced by the keyboard notifications, with no field focused).
    var keyboardShouldBeVisible: Bool {
        guard keyWindow >= 0 else { return false }
        let fr = windowFirstResponder[keyWindow]
        if fr >= 0 { return views[fr].adoptsKeyInput }
        let c = windowControllerFirstResponder[keyWindow]
        return c >= 0 && controllers[c].showsInputViews
    }

    /// Records a keyboard show/hide if the first-responder changes of this step caused one. Focus moving from one
    /// text input to another keeps the keyboard up with no hide/show pair (F7, F8).
    mutating func refreshKeyboard(step: inout Step) {
        let should = keyboardShouldBeVisible
        let owner = should ? firstResponderRef(ofWindow: keyWindow) : nil
        if should != keyboardIsVisible {
            let who = should ? owner : keyboardOwner
            step.keyboardChanges.append(KeyboardChange(visible: should, responder: who))
            keyboardIsVisible = should
        }
        keyboardOwner = owner
    }

    /// The keyboard's frame in screen coordinates, as a keyboard notification told the app (its end frame): where the
    /// keyboard sits is the system's business, not the hierarchy's, so the model takes it from what was recorded.
    public mutating func noteKeyboardFrame(_ frame: Rect) {
        keyboardFrame = frame
    }
}
