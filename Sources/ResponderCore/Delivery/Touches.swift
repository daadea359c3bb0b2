/// Touch delivery (rules D1–D8) and the dismiss-on-outside-touch window policy (8.1).
extension ResponderModel {
    /// Single-record driver (the hot path): bind, window policy, recognizers, view.
    mutating func processTouches(_ records: CollectionOfOne<TouchInput>, steps step: inout Step) {
        let r = records.first!
        let ti = bindRecord(r, step: &step)
        if ti < 0 { return }
        if recordsTraceDetail { recordSendEvent(r, ti, step: &step) }
        if r.phase == .began {
            applyOutsideTouchPolicy(window: touches[ti].window, began: CollectionOfOne(ti), step: &step)
        }
        deliverRecord(r, ti, step: &step)
        if recordsTraceDetail { recordTouchDetail(r, ti, step: &step) }
        cleanUpTouches()
    }

    /// What a `UIWindow.sendEvent(_:)` override sees of this record's touch: bound, not yet delivered (D1).
    mutating func recordSendEvent(_ r: TouchInput, _ ti: Int, step: inout Step) {
        let w = touches[ti].window
        let v = touches[ti].view
        step.sendEvent.append(
            SendEventTouch(
                window: w >= 0 ? .view(w) : nil, touch: r.touch, phase: r.phase, view: v >= 0 ? .view(v) : nil))
    }

    /// The touch's location in its view's coordinates, and at `began` the responder chain from that view.
    mutating func recordTouchDetail(_ r: TouchInput, _ ti: Int, step: inout Step) {
        let v = touches[ti].boundView
        guard v >= 0, views[v].alive else { return }
        step.location = convert(screenPoint: r.point, to: .view(v))
        if r.phase == .began { step.responderChain = responderChain(from: .view(v)) }
    }

    /// Multi-record driver for one UIEvent.
    mutating func processTouchGroup(_ records: [TouchInput], steps: inout [Step]) {
        var bound = [Int](repeating: -1, count: records.count)
        for (k, r) in records.enumerated() { bound[k] = bindRecord(r, step: &steps[k]) }
        if recordsTraceDetail {
            for (k, r) in records.enumerated() where bound[k] >= 0 { recordSendEvent(r, bound[k], step: &steps[0]) }
        }
        var seenWindows: [Int] = []
        for (k, r) in records.enumerated() where r.phase == .began && bound[k] >= 0 {
            let w = touches[bound[k]].window
            if seenWindows.contains(w) { continue }
            seenWindows.append(w)
            let began = records.indices.filter {
                records[$0].phase == .began && bound[$0] >= 0 && touches[bound[$0]].window == w
            }
            .map { bound[$0] }
            applyOutsideTouchPolicy(window: w, began: began, step: &steps[0])
        }
        for (k, r) in records.enumerated() where bound[k] >= 0 {
            deliverRecord(r, bound[k], step: &steps[k])
            if recordsTraceDetail { recordTouchDetail(r, bound[k], step: &steps[k]) }
        }
        cleanUpTouches()
    }

    /// Phase D1: a new touch is hit-tested (or bound to the observed view under `--trust observed`) before any
    /// delivery; later phases find the touch bound at `began` (D2). Returns the touch's index, or -1 with a note.
    mutating func bindRecord(_ r: TouchInput, step: inout Step) -> Int {
        if r.phase == .began {
            if let dup = touches.firstIndex(where: { $0.key == r.touch && !$0.finished }) {
                step.notes.append(
                    StepNote(
                        "touch \"\(r.touch)\" began again before it ended; the earlier one is treated as cancelled"))
                touches[dup].finished = true
                touches[dup].recordedCancel = true
            }
            var windowHint: Int? = nil
            if let wid = r.window {
                if let w = liveView(wid), views[w].isWindow {
                    windowHint = w
                } else {
                    step.notes.append(
                        StepNote(
                            "touch \"\(r.touch)\": window \"\(wid)\" is not a known window; hit-testing all windows"))
                }
            }
            let (w, hit) = hitTestScreen(r.point, window: windowHint)
            var window = w
            var view = hit
            step.hitTestView = hit >= 0 ? .view(hit) : nil
            if r.bindToObservedView, let oid = r.observedView {
                if let o = liveView(oid), windowOf(o) >= 0 {
                    view = o
                    window = windowOf(o)
                } else {
                    step.notes.append(
                        StepNote(
                            "touch \"\(r.touch)\": observed view \"\(oid)\" is not in a window; using the model's hit test"
                        ))
                }
            }
            let serial = nextTouchSerial
            nextTouchSerial += 1
            touches.append(
                TouchState(
                    key: r.touch, serial: serial, window: window, view: view, boundView: view, start: r.point,
                    last: r.point, tapCount: r.tapCount))
            let ti = touches.count - 1
            step.window = window >= 0 ? .view(window) : nil
            step.view = view >= 0 ? .view(view) : nil
            if view < 0 {
                // Hit nothing: UIKit has no view to deliver to; the touch is still tracked so its end is not an error.
                touches[ti].viewDone = true
            }
            return ti
        }
        guard let ti = touches.lastIndex(where: { $0.key == r.touch && !$0.finished }) else {
            step.notes.append(StepNote("touch \"\(r.touch)\" \(r.phase.name) without a began; ignored"))
            return -1
        }
        step.window = touches[ti].window >= 0 ? .view(touches[ti].window) : nil
        return ti
    }

    /// Recognizers first, then the view (D3), for one record's touch.
    mutating func deliverRecord(_ r: TouchInput, _ ti: Int, step: inout Step) {
        let phase = r.phase
        if phase == .began {
            admitRecognizers(ti, step: &step)
        } else {
            touches[ti].last = r.point
        }
        if phase == .ended || phase == .cancelled {
            touches[ti].finished = true
            if phase == .cancelled { touches[ti].recordedCancel = true }
        }
        gesturePhase(ti, phase, step: &step)
        viewPhase(ti, phase, step: &step)
        flushHeldTouches(step: &step)
        let v = touches[ti].view
        step.view = v >= 0 ? .view(v) : nil
    }

    // MARK: view phase

    /// Delivers the record's phase to the touch's view unless withheld (D5, D6), delayed by a recognizer (G5, G6,
    /// scroll view delay) or already taken by a recognizer (G4, D8).
    mutating func viewPhase(_ ti: Int, _ phase: TouchPhase, step: inout Step) {
        if touches[ti].viewDone || touches[ti].withheld || touches[ti].view < 0 { return }
        switch phase {
        case .began:
            if shouldWithhold(ti) {
                touches[ti].withheld = true
                return
            }
            if isBeganHeld(ti) {
                touches[ti].pendingBegan = true
                return
            }
            touches[ti].viewBegan = true
            deliverToView(ti, .touchesBegan, step: &step)
        case .moved:
            if touches[ti].viewBegan { deliverToView(ti, .touchesMoved, step: &step) }
        case .stationary:
            break
        case .ended:
            if touches[ti].pendingBegan || isEndedHeld(ti) {
                touches[ti].pendingEnded = true
                return
            }
            touches[ti].viewDone = true
            if touches[ti].viewBegan { deliverToView(ti, .touchesEnded, step: &step) }
        case .cancelled:
            touches[ti].viewDone = true
            if touches[ti].viewBegan {
                deliverToView(ti, .touchesCancelled, step: &step)
                step.cancellations.append(
                    Cancellation(
                        touch: touches[ti].key, view: .view(touches[ti].view),
                        cause: .recordedCancel, viewHadBegun: true))
            }
            touches[ti].pendingBegan = false
            touches[ti].pendingEnded = false
        }
    }

    /// D5: a view without isMultipleTouchEnabled gets only the first of its touches; D6: exclusive touch.
    func shouldWithhold(_ ti: Int) -> Bool {
        let v = touches[ti].view
        let w = touches[ti].window
        let exclusive = views[v].isExclusiveTouch
        for k in touches.indices where k != ti {
            let o = touches[k]
            if o.finished || o.withheld || o.view < 0 || o.window != w { continue }
            if !(o.viewBegan || o.pendingBegan) || o.viewDone { continue }
            if o.view == v && !views[v].isMultipleTouchEnabled { return true }
            if o.view != v && (exclusive || views[o.view].isExclusiveTouch) { return true }
        }
        return false
    }

    /// Whether a recognizer still analysing the touch delays its began phase (G5) or the scroll view's
    /// content-touch delay is running (H12).
    func isBeganHeld(_ ti: Int) -> Bool {
        for g in touches[ti].recognizers where recognizers[g].state == .possible {
            if recognizers[g].delaysTouchesBegan { return true }
            if recognizers[g].synthetic == .scrollPan && now < recognizers[g].delayUntil { return true }
        }
        return false
    }

    /// Whether a recognizer still analysing the touch delays its ended phase (G6).
    func isEndedHeld(_ ti: Int) -> Bool {
        for g in touches[ti].recognizers where recognizers[g].state == .possible && recognizers[g].delaysTouchesEnded {
            return true
        }
        return false
    }

    /// Releases delayed phases whose recognizers have stopped holding them (G5, G6).
    mutating func flushHeldTouches(step: inout Step) {
        var ti = 0
        while ti < touches.count {
            defer { ti += 1 }
            if touches[ti].viewDone || touches[ti].view < 0 || touches[ti].withheld { continue }
            if !(touches[ti].pendingBegan || touches[ti].pendingEnded) { continue }
            if touches[ti].pendingBegan {
                if isBeganHeld(ti) { continue }
                touches[ti].pendingBegan = false
                touches[ti].viewBegan = true
                deliverToView(ti, .touchesBegan, step: &step)
            }
            if touches[ti].pendingEnded && !isEndedHeld(ti) {
                touches[ti].pendingEnded = false
                touches[ti].viewDone = true
                deliverToView(ti, .touchesEnded, step: &step)
            }
        }
    }

    /// Calls the touch method on the touch's view and forwards it up the responder chain until a responder
    /// handles touches (D4, D7): views with `overridesTouches` (UIControls by default), controllers that override.
    mutating func deliverToView(_ ti: Int, _ method: TouchMethod, step: inout Step) {
        let v = touches[ti].view
        var cur: ObjectRef? = .view(v)
        var forwarded = false
        while let r = cur {
            step.delivered.append(Delivery(to: r, method: method, forwarded: forwarded))
            switch r {
            case .view(let x):
                if views[x].kind.isListCell { listCellTouch(x, method, ti, step: &step) }
                if views[x].overridesTouches {
                    if views[x].kind.isControl && x == v { controlTouch(x, method, ti, step: &step) }
                    return
                }
            case .controller(let c):
                if method == .touchesBegan
                    && policies.isOn(.endEditingOnTouchesBegan, recorded: controllers[c].endsEditingOnTouchesBegan),
                    controllers[c].view >= 0
                {
                    endEditingForPolicy(.endEditingOnTouchesBegan, on: controllers[c].view, step: &step)
                }
                if controllers[c].overridesTouches { return }
            default:
                break
            }
            cur = nextResponder(r)
            forwarded = true
        }
    }

    /// UIControl's tracking: touchDown, touchUpInside/Outside (inside with UIKit's generous margin), touchCancel; a
    /// slider's value changes as its thumb is dragged (CT9); `isHighlighted` follows the finger (CT5), whether or
    /// not the control has actions (a button with no target still lights up; its events then reach no action).
    mutating func controlTouch(_ v: Int, _ method: TouchMethod, _ ti: Int, step: inout Step) {
        let isSlider = views[v].kind == .slider
        switch method {
        case .touchesBegan:
            setHighlighted(v, true, step: &step)
            sendControlEvent(v, "touchDown", step: &step)
            // CT7: "A repeated touch-down event in the control; for this event the value of the UITouch tapCount method
            // is greater than one" (Apple docs: UIControl.Event.touchDownRepeat).
            let count = controlTapCount(v, ti)
            touches[ti].tapCount = count
            if count > 1 { sendControlEvent(v, "touchDownRepeat", step: &step) }
            touches[ti].insideControl = true
        case .touchesMoved:
            // CT2, CT3: each move while tracking sends one drag event, by where the finger is now and was at the last
            // move ("inside" with UIKit's gutter, as for touch-up).
            let inside = isInsideForTouchUp(v, touches[ti].last)
            let event: String
            switch (touches[ti].insideControl, inside) {
            case (true, true): event = "touchDragInside"
            case (true, false): event = "touchDragExit"
            case (false, false): event = "touchDragOutside"
            case (false, true): event = "touchDragEnter"
            }
            touches[ti].insideControl = inside
            // CT5: the highlight goes with "inside" (the same gutter), set before the drag event's action runs.
            setHighlighted(v, inside, step: &step)
            sendControlEvent(v, event, step: &step)
            // CT9: "If true, the slider triggers the associated target's action method repeatedly, as the user moves
            // the thumb" (Apple docs: UISlider.isContinuous, default true).
            if isSlider && views[v].isContinuous { sendControlEvent(v, "valueChanged", step: &step) }
        case .touchesEnded:
            // CT5: "it loses that highlight when there's a touch-up event" (Apple docs: UIControl.State.highlighted).
            setHighlighted(v, false, step: &step)
            if isInsideForTouchUp(v, touches[ti].last) {
                lastControlTap = (v, now, touches[ti].last, touches[ti].tapCount ?? 1)
                sendControlEvent(v, "touchUpInside", step: &step)
                if views[v].kind == .button { sendControlEvent(v, "primaryActionTriggered", step: &step) }
                if views[v].kind.sendsValueChangedOnTap { sendControlEvent(v, "valueChanged", step: &step) }
            } else {
                sendControlEvent(v, "touchUpOutside", step: &step)
            }
            // "If false, the slider triggers the associated action method just once, when the user releases the
            // slider's thumb control to set the final value" (ibid.): once, if the thumb moved; a slider that was only
            // touched changed nothing (CT10: a tap does not set the value).
            if isSlider && !views[v].isContinuous && touches[ti].last != touches[ti].start {
                sendControlEvent(v, "valueChanged", step: &step)
            }
        case .touchesCancelled:
            setHighlighted(v, false, step: &step)
            sendControlEvent(v, "touchCancel", step: &step)
        }
    }

    /// The touch's tap count on control `v`: as recorded, else one more than the previous tap's when this touch began
    /// on the same control within the multi-tap interval and distance of that tap's touch-up (CT7), else 1.
    func controlTapCount(_ v: Int, _ ti: Int) -> Int {
        if let recorded = touches[ti].tapCount { return recorded }
        guard let last = lastControlTap, last.view == v, now - last.t <= Tolerance.multiTapInterval,
            last.point.distance(to: touches[ti].start) <= Tolerance.tapMovement
        else { return 1 }
        return last.count + 1
    }

    /// [EMP] UIControl keeps a touch "inside" about 70 pt beyond its bounds for touchUpInside (H11); the model
    /// uses 70 pt, the low end of the reported 70–100 pt.
    func isInsideForTouchUp(_ v: Int, _ screen: Point) -> Bool { isInside(v, screen, margin: 70) }

    /// Whether a screen point is within the view's bounds grown by `margin` on every side.
    func isInside(_ v: Int, _ screen: Point, margin: Double = 0) -> Bool {
        guard let p = convert(screenPoint: screen, to: .view(v)) else { return false }
        let b = views[v].bounds
        return p.x >= b.minX - margin && p.x < b.maxX + margin && p.y >= b.minY - margin && p.y < b.maxY + margin
    }

    /// Removes finished touches that have nothing pending, and resets recognizers whose sequence is over.
    mutating func cleanUpTouches() {
        var k = 0
        var removedAny = false
        while k < touches.count {
            if touches[k].finished && !touches[k].pendingBegan && !touches[k].pendingEnded {
                touches.remove(at: k)
                removedAny = true
            } else {
                k += 1
            }
        }
        if removedAny || recognizersNeedReset {
            recognizersNeedReset = false
            resetFinishedRecognizers()
        }
    }

    // MARK: window policy 8.1

    /// `dismiss-on-outside-touch`: the UIWindow.sendEvent override, run before recognizers and views. Resigns the
    /// text first responder when a touch of the event began on a view that cannot become first responder and no
    /// touch of the event (in this window, any phase, stationary included) is bound to the first responder itself.
    mutating func applyOutsideTouchPolicy<C: Collection>(window w: Int, began: C, step: inout Step)
    where C.Element == Int {
        if w < 0 || keyWindow < 0 { return }
        if !policies.isOn(.dismissOnOutsideTouch, recorded: views[w].windowPolicies.contains(.dismissOnOutsideTouch)) {
            return
        }
        // The pattern tracks the first responder through UITextField/UITextView notifications: text inputs only.
        let fr = windowFirstResponder[keyWindow]
        if fr < 0 || !views[fr].kind.isTextInput { return }
        var newInNonResponder = false
        for ti in began where touches[ti].view >= 0 && !views[touches[ti].view].canBecomeFirstResponder {
            newInNonResponder = true
        }
        if !newInNonResponder { return }
        for t in touches where t.window == w && !t.finished && t.view == fr {
            step.policyEffects.append(
                PolicyEffect(policy: .dismissOnOutsideTouch, outcome: .keptByTouchInFirstResponder(.view(fr))))
            return
        }
        let ok = resign(fr, force: false, reason: .policy(.dismissOnOutsideTouch), step: &step)
        step.policyEffects.append(
            PolicyEffect(policy: .dismissOnOutsideTouch, outcome: ok ? .resigned(.view(fr)) : .refused(.view(fr))))
    }

    /// A policy that calls `endEditing(true)` on a view: records what it did.
    mutating func endEditingForPolicy(_ policy: DismissPolicy, on v: Int, step: inout Step) {
        for w in windows {
            let fr = windowFirstResponder[w]
            if fr >= 0 && isDescendant(fr, of: v) {
                let ok = resign(fr, force: true, reason: .policy(policy), step: &step)
                step.policyEffects.append(
                    PolicyEffect(policy: policy, outcome: ok ? .resigned(.view(fr)) : .refused(.view(fr))))
                return
            }
        }
    }

    /// Whether the view or an ancestor is hidden or below alpha `threshold` (UIKit's 0.01 unless a caller asks for
    /// what a person cannot see): invisible on screen (F4 leak query).
    func isEffectivelyHidden(_ v: Int, alphaBelow threshold: Double = 0.01) -> Bool {
        var cur = v
        while cur >= 0 {
            if views[cur].isHidden || Double(Float(views[cur].alpha)) < threshold { return true }
            cur = views[cur].parent
        }
        return false
    }
}
