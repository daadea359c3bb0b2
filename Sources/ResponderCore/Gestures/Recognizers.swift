/// Gesture recognizers (rules G1–G10) and the recognizer-based policies (8.3, 8.4, 8.5).
///
/// Tolerances are not documented (section 12 #5); the model uses: tap movement allowance 45 pt, multi-tap interval
/// 0.35 s, long-press duration 0.5 s (documented default) and allowance 10 pt (documented default), pan threshold
/// 10 pt, scroll-view content-touch delay 0.15 s. Public, so the report's rules call a tap what the model does.
public enum Tolerance {
    public static let tapMovement = 45.0
    public static let multiTapInterval = 0.35
    public static let longPressDuration = 0.5
    public static let longPressMovement = 10.0
    public static let panThreshold = 10.0
    public static let scrollContentDelay = 0.15
}

extension ResponderModel {
    /// G1: at `began`, the touch goes to the enabled recognizers of its view and every ancestor up to and including
    /// the window, closest first, each view's in attachment order; a delegate refusing the touch keeps it away for
    /// the touch's lifetime. Recognizers only take new touches while `.possible`.
    mutating func admitRecognizers(_ ti: Int, step: inout Step) {
        let hit = touches[ti].view
        if hit < 0 { return }
        let serial = touches[ti].serial
        var v = hit
        while v >= 0 {
            var k = 0
            while k < views[v].recognizers.count {
                let g = views[v].recognizers[k]
                k += 1
                if !admits(g, touchView: hit) { continue }
                touches[ti].recognizers.append(g)
                recognizers[g].touches.append(serial)
                if !recognizers[g].active {
                    recognizers[g].active = true
                    activeRecognizers.append(g)
                }
                step.gestures.append(GestureChange(recognizer: .recognizer(g), state: .possible))
            }
            v = views[v].parent
        }
    }

    func admits(_ g: Int, touchView: Int) -> Bool {
        // Field by field: copying the whole RecognizerNode would retain its strings and arrays on the hot path.
        if !recognizers[g].alive || !recognizers[g].isEnabled || recognizers[g].state != .possible { return false }
        if recognizers[g].ignoresControls && views[touchView].kind.isControl { return false }
        if recognizers[g].ignoresNavigationBars && views[touchView].kind == .navigationBar { return false }
        switch recognizers[g].synthetic {
        case .resignOnTouchOutside: return resignOnTouchOutsideIsAttached(to: recognizers[g].view)
        case .tapToDismissPolicy:
            return policies.added.contains(.tapToDismiss) && !policies.removed.contains(.tapToDismiss)
        default: return true
        }
    }

    /// IQKeyboardManager adds its recognizer to the text input's window when editing begins (8.5), unless the
    /// editing controller is an alert or input-view controller.
    func resignOnTouchOutsideIsAttached(to w: Int) -> Bool {
        if !policies.isOn(.resignOnTouchOutside, recorded: false) { return false }
        let fr = windowFirstResponder[w]
        if fr < 0 || !views[fr].kind.isTextInput { return false }
        var cur = fr
        while cur >= 0 {
            let c = views[cur].controller
            if c >= 0 {
                if controllers[c].holdsKeyboardResignExemption { return false }
                break
            }
            cur = views[cur].parent
        }
        return true
    }

    /// Feeds one record's phase to the recognizers tracking the touch, in admission order.
    mutating func gesturePhase(_ ti: Int, _ phase: TouchPhase, step: inout Step) {
        let count = touches[ti].recognizers.count
        if count == 0 { return }
        let serial = touches[ti].serial
        var k = 0
        while k < touches[ti].recognizers.count {
            let g = touches[ti].recognizers[k]
            k += 1
            if !recognizers[g].alive { continue }
            let method: TouchMethod
            switch phase {
            case .began: method = .touchesBegan
            case .moved: method = .touchesMoved
            case .stationary: continue
            case .ended: method = .touchesEnded
            case .cancelled: method = .touchesCancelled
            }
            // A recognizer that has failed or finished no longer receives the touch.
            let st = recognizers[g].state
            if st == .failed || st == .ended || st == .cancelled { continue }
            step.delivered.append(Delivery(to: .recognizer(g), method: method))
            update(g, ti: ti, serial: serial, phase: phase, step: &step)
        }
    }

    /// The state machines (G2, G3) of the recognizer kinds.
    mutating func update(_ g: Int, ti: Int, serial: Int, phase: TouchPhase, step: inout Step) {
        let p = touches[ti].last
        recognizers[g].lastPoint = p
        switch phase {
        case .began:
            if liveTouchCount(g) > 1 && (recognizers[g].kind == .tap || recognizers[g].kind == .longPress) {
                fail(g, step: &step)  // single-finger recognizers fail on a second finger
                return
            }
            if recognizers[g].kind == .tap && recognizers[g].tapsSoFar > 0 {
                let tooFar = recognizers[g].lastTapPoint.distance(to: p) > Tolerance.tapMovement
                if tooFar {
                    fail(g, step: &step)
                    return
                }
                recognizers[g].deadline = .infinity
            }
            recognizers[g].start = p
            switch recognizers[g].kind {
            case .longPress: recognizers[g].deadline = now + Tolerance.longPressDuration
            case .pan where recognizers[g].synthetic == .scrollPan:
                // H12: "If the value of this property is true, the scroll view delays handling the touch-down
                // gesture until it can determine if scrolling is the intent" (Apple docs:
                // UIScrollView.delaysContentTouches); false: the content gets touchesBegan at once.
                if views[recognizers[g].view].delaysContentTouches {
                    recognizers[g].delayUntil = now + Tolerance.scrollContentDelay
                    recognizers[g].deadline = recognizers[g].delayUntil
                }
            default: break
            }
        case .moved:
            let d = recognizers[g].start.distance(to: p)
            switch (recognizers[g].kind, recognizers[g].state) {
            case (.tap, .possible):
                if d > Tolerance.tapMovement { fail(g, step: &step) }
            case (.longPress, .possible):
                if d > Tolerance.longPressMovement { fail(g, step: &step) }
            case (.pan, .possible):
                if d > Tolerance.panThreshold { tryRecognize(g, step: &step) }
            case (.longPress, .began), (.longPress, .changed), (.pan, .began), (.pan, .changed):
                setState(g, .changed, step: &step)
                performActions(g, step: &step)
            default: break
            }
        case .stationary:
            break
        case .ended:
            switch (recognizers[g].kind, recognizers[g].state) {
            case (.tap, .possible):
                if recognizers[g].start.distance(to: p) > Tolerance.tapMovement {
                    fail(g, step: &step)
                    return
                }
                recognizers[g].tapsSoFar += 1
                recognizers[g].lastTapPoint = p
                if recognizers[g].tapsSoFar >= recognizers[g].tapsRequired {
                    tryRecognize(g, step: &step)
                } else {
                    recognizers[g].deadline = now + Tolerance.multiTapInterval
                }
            case (_, .possible):
                if recognizers[g].waitingToRecognize { return }
                if allTouchesFinished(g) { fail(g, step: &step) }
            case (_, .began), (_, .changed):
                setState(g, .ended, step: &step)
                performActions(g, step: &step)
            default: break
            }
        case .cancelled:
            switch recognizers[g].state {
            case .possible: fail(g, step: &step)
            case .began, .changed:
                setState(g, .cancelled, step: &step)
                performActions(g, step: &step)
            default: break
            }
        }
    }

    /// Touches of the recognizer still on the screen (a multi-tap keeps its finished first tap until it decides).
    func liveTouchCount(_ g: Int) -> Int {
        var n = 0
        for s in recognizers[g].touches {
            if let ti = touches.firstIndex(where: { $0.serial == s }), !touches[ti].finished { n += 1 }
        }
        return n
    }

    func allTouchesFinished(_ g: Int) -> Bool {
        for s in recognizers[g].touches {
            if let ti = touches.firstIndex(where: { $0.serial == s }), !touches[ti].finished { return false }
        }
        return true
    }

    mutating func setState(_ g: Int, _ s: RecognizerState, step: inout Step) {
        recognizers[g].state = s
        recognizersNeedReset = true
        step.gestures.append(GestureChange(recognizer: .recognizer(g), state: s))
    }

    /// Leaving `.possible` successfully: failure requirements (G7), the delegate (G8), control precedence (G9),
    /// then recognition: competitors fail, touches are cancelled in views (G4), actions run.
    mutating func tryRecognize(_ g: Int, step: inout Step) {
        if recognizers[g].requireToFail.contains(where: {
            recognizers[$0].alive && recognizers[$0].state == .possible && recognizers[$0].active
        }) {
            recognizers[g].waitingToRecognize = true
            return
        }
        recognizers[g].waitingToRecognize = false
        if !recognizers[g].shouldBegin {
            fail(g, step: &step)
            return
        }
        if controlWins(over: g) {
            fail(g, step: &step)
            return
        }
        let discrete = recognizers[g].kind == .tap
        setState(g, discrete ? .ended : .began, step: &step)
        // Default: no simultaneous recognition — others tracking the same touches fail (G8).
        for s in recognizers[g].touches {
            guard let t = touches.firstIndex(where: { $0.serial == s }) else { continue }
            for o in touches[t].recognizers where o != g && recognizers[o].state == .possible {
                fail(o, step: &step)
            }
        }
        // Recognizers that require this one to fail now fail (G7).
        for o in activeRecognizers
        where o != g && recognizers[o].state == .possible && recognizers[o].requireToFail.contains(g) {
            fail(o, step: &step)
        }
        if recognizers[g].cancelsTouchesInView { cancelTouches(of: g, step: &step) }
        performActions(g, step: &step)
    }

    /// G9: a UIKit control wins a single-finger single tap (and a pan on a slider/switch knob) over recognizers
    /// attached to its ancestors; a recognizer on the control itself is not affected.
    func controlWins(over g: Int) -> Bool {
        guard let s = recognizers[g].touches.last, let t = touches.first(where: { $0.serial == s }) else {
            return false
        }
        let v = t.view
        if v < 0 || recognizers[g].view == v { return false }
        let kind = views[v].kind
        switch recognizers[g].kind {
        case .tap:
            return recognizers[g].tapsRequired == 1 && kind.winsSingleTapOverAncestorRecognizers
        case .pan:
            if kind.winsPanOverAncestorRecognizers { return true }
            // H12: touchesShouldCancel(in:) is false for controls, so a scroll view does not take a touch a control
            // is already tracking; with canCancelContentTouches false it takes no touch the content already tracks
            // ("the scroll view doesn't scroll regardless of finger movement once the content view starts
            // tracking", Apple docs: UIScrollView.canCancelContentTouches).
            guard recognizers[g].synthetic == .scrollPan, t.viewBegan else { return false }
            return kind.isControl || !views[recognizers[g].view].canCancelContentTouches
        default:
            return false
        }
    }

    /// KD2, KD3 (`keyboardDismissMode` `interactive` and `interactiveWithAccessory`): "the keyboard follows the dragging
    /// touch offscreen, and can be pulled upward again to cancel the dismiss" (Apple docs:
    /// UIScrollView.KeyboardDismissMode.interactive). Nothing happens when the drag begins; the keyboard follows only
    /// once the finger enters its frame (the last recorded `keyboard` frame, screen coordinates), and the dismissal is
    /// decided when the finger lifts: the first responder resigns if the finger lifts at or below the keyboard's top
    /// edge after it began to follow (how UIKit decides a release halfway is not documented; section 23 of the
    /// semantics). Without a recorded frame the model cannot tell where the keyboard is, so such a drag dismisses
    /// nothing.
    mutating func followKeyboard(_ g: Int, state: RecognizerState, step: inout Step) {
        guard keyboardIsVisible, let frame = keyboardFrame, keyWindow >= 0, windowFirstResponder[keyWindow] >= 0 else {
            recognizers[g].followsKeyboard = false
            return
        }
        let point = recognizers[g].lastPoint
        switch state {
        case .began, .changed:
            if frame.contains(point) { recognizers[g].followsKeyboard = true }
        case .ended:
            defer { recognizers[g].followsKeyboard = false }
            guard recognizers[g].followsKeyboard, point.y >= frame.y else { return }
            let fr = windowFirstResponder[keyWindow]
            let ok = resign(fr, force: false, reason: .policy(.keyboardDismissMode), step: &step)
            step.policyEffects.append(
                PolicyEffect(policy: .keyboardDismissMode, outcome: ok ? .resigned(.view(fr)) : .refused(.view(fr))))
        case .possible, .cancelled, .failed:
            // Pulled back up, or the scroll was taken away: the keyboard returns to its place.
            recognizers[g].followsKeyboard = false
        }
    }

    /// Forces a recognizer to fail; waiting recognizers that required it may now recognize (G7).
    mutating func fail(_ g: Int, step: inout Step) {
        if recognizers[g].state != .possible { return }
        recognizers[g].waitingToRecognize = false
        recognizers[g].deadline = .infinity
        setState(g, .failed, step: &step)
        for o in activeRecognizers where recognizers[o].waitingToRecognize && recognizers[o].requireToFail.contains(g) {
            tryRecognize(o, step: &step)
        }
    }

    /// G4 + D2: pending phases are dropped, delivered touches get `touchesCancelled`, and `touch.view` becomes nil.
    mutating func cancelTouches(of g: Int, step: inout Step) {
        for s in recognizers[g].touches {
            guard let ti = touches.firstIndex(where: { $0.serial == s }) else { continue }
            let v = touches[ti].view
            if v < 0 || touches[ti].withheld { continue }
            if !touches[ti].viewDone {
                let hadBegun = touches[ti].viewBegan
                if hadBegun { deliverToView(ti, .touchesCancelled, step: &step) }
                step.cancellations.append(
                    Cancellation(
                        touch: touches[ti].key, view: .view(v),
                        cause: .recognizer(.recognizer(g)), viewHadBegun: hadBegun))
            }
            touches[ti].viewDone = true
            touches[ti].pendingBegan = false
            touches[ti].pendingEnded = false
            touches[ti].view = -1
        }
    }

    /// Sends the recognizer's actions for its current state (discrete: at recognition; continuous: began, changed,
    /// ended, cancelled — G2) and applies their modelled effects.
    mutating func performActions(_ g: Int, step: inout Step) {
        let state = recognizers[g].state
        let finalState = state == .ended
        switch recognizers[g].synthetic {
        case .scrollPan:
            let mode = views[recognizers[g].view].keyboardDismissMode
            if mode == .interactive || mode == .interactiveWithAccessory {
                if !policies.removed.contains(.keyboardDismissMode) { followKeyboard(g, state: state, step: &step) }
                return
            }
            if state == .began {
                // KD1: `onDrag` resigns the first responder when the drag begins.
                if policies.isOn(.keyboardDismissMode, recorded: mode == .onDrag),
                    keyWindow >= 0, windowFirstResponder[keyWindow] >= 0
                {
                    let fr = windowFirstResponder[keyWindow]
                    let ok = resign(fr, force: false, reason: .policy(.keyboardDismissMode), step: &step)
                    step.policyEffects.append(
                        PolicyEffect(
                            policy: .keyboardDismissMode, outcome: ok ? .resigned(.view(fr)) : .refused(.view(fr))))
                }
            }
            return
        case .textInteraction:
            if finalState { _ = become(recognizers[g].view, reason: .tappedTextInput, step: &step) }
            return
        case .resignOnTouchOutside:
            if finalState, keyWindow >= 0, windowFirstResponder[keyWindow] >= 0 {
                let fr = windowFirstResponder[keyWindow]
                let ok = resign(fr, force: false, reason: .policy(.resignOnTouchOutside), step: &step)
                step.policyEffects.append(
                    PolicyEffect(
                        policy: .resignOnTouchOutside, outcome: ok ? .resigned(.view(fr)) : .refused(.view(fr))))
            }
            return
        case .tapToDismissPolicy:
            if finalState { endEditingForPolicy(.tapToDismiss, on: recognizers[g].view, step: &step) }
            return
        case .none:
            break
        }
        let actions = recognizers[g].actions
        for a in actions {
            var target: ObjectRef? = nil
            if let t = a.target {
                target = ref(for: t)
                if target == nil {
                    step.notes.append(
                        StepNote("recognizer \"\(recognizers[g].id)\": action target \"\(t)\" is not a known object"))
                }
            }
            step.actions.append(
                ActionDispatch(action: a.action, target: target, sender: .recognizer(g), nilTargeted: false))
            guard finalState, let effect = a.effect else { continue }
            switch effect {
            case .endEditing:
                if policies.isOn(.tapToDismiss, recorded: true) {
                    endEditingForPolicy(.tapToDismiss, on: endEditingView(target: target, recognizer: g), step: &step)
                }
            case .resignFirstResponder:
                if keyWindow >= 0, windowFirstResponder[keyWindow] >= 0 {
                    _ = resign(
                        windowFirstResponder[keyWindow], force: false, reason: .recognizerAction(.recognizer(g)),
                        step: &step)
                }
            }
        }
    }

    /// The view an `endEditing` effect acts on: the action is app code like `view.endEditing(true)` in its target,
    /// so a controller target ends editing in its root view, a view target in itself; without a known target, the
    /// recognizer's window.
    func endEditingView(target: ObjectRef?, recognizer g: Int) -> Int {
        switch target {
        case .controller(let c)? where controllers[c].view >= 0: return controllers[c].view
        case .view(let v)?: return v
        default:
            let w = windowOf(recognizers[g].view)
            return w >= 0 ? w : recognizers[g].view
        }
    }

    /// Fires recognizer timers due by `t`: a long press begins, a multi-tap gives up, the scroll delay ends.
    mutating func advanceClock(to t: Double, step: inout Step) {
        if t > now { now = t }
        if activeRecognizers.isEmpty { return }
        var fired = false
        var k = 0
        while k < activeRecognizers.count {
            let g = activeRecognizers[k]
            k += 1
            if recognizers[g].deadline > now { continue }
            recognizers[g].deadline = .infinity
            fired = true
            guard recognizers[g].state == .possible else { continue }
            switch recognizers[g].kind {
            case .longPress: tryRecognize(g, step: &step)
            case .tap where recognizers[g].tapsSoFar > 0: fail(g, step: &step)
            default: break  // scroll delay: the held began is released by the flush below
            }
        }
        if fired {
            flushHeldTouches(step: &step)
            cleanUpTouches()
        }
    }

    /// After a sequence: recognizers whose touches are all gone and that are no longer analysing reset to
    /// `.possible` (G2).
    mutating func resetFinishedRecognizers() {
        var k = 0
        while k < activeRecognizers.count {
            let g = activeRecognizers[k]
            recognizers[g].touches.removeAll { s in !touches.contains { $0.serial == s } }
            let st = recognizers[g].state
            let idle = recognizers[g].touches.isEmpty
            let done =
                st == .ended || st == .failed || st == .cancelled
                || (st == .possible && recognizers[g].tapsSoFar == 0 && !recognizers[g].waitingToRecognize)
            if idle && (done || !recognizers[g].alive) {
                recognizers[g].state = .possible
                recognizers[g].tapsSoFar = 0
                recognizers[g].deadline = .infinity
                recognizers[g].waitingToRecognize = false
                recognizers[g].active = false
                activeRecognizers.remove(at: k)
                continue
            }
            k += 1
        }
    }
}
