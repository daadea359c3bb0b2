/// Gesture recognizers (rules G1–G10 of part 1, GR1–GR11 of part 2) and the recognizer-based policies (8.3, 8.4, 8.5).
///
/// Tolerances UIKit keeps private (section 12 #5, section 23 #1) are the model's: tap movement allowance 45 pt,
/// multi-tap interval 0.35 s, pan threshold 10 pt, scroll-view content-touch delay 0.15 s, and for the gestures of
/// part 2 a pinch's change of finger distance 8 pt, a rotation of 0.15 rad (about 9°), a swipe's 50 pt along its
/// direction within about 27° of it (failing once it has gone 20 pt more than 45° away from every allowed direction).
/// A long press's duration and allowance are its own documented properties (0.5 s and 10 pt by default). Public, so
/// the report's rules call a tap what the model does.
public enum Tolerance {
    public static let tapMovement = 45.0
    public static let multiTapInterval = 0.35
    public static let panThreshold = 10.0
    public static let scrollContentDelay = 0.15
    public static let pinchSpan = 8.0
    /// The rotation threshold, in radians.
    public static let rotationAngle = 0.15
    /// Its sine, from the first terms of the series (the core has no trigonometry); exact to 1e-9 at this angle.
    static let rotationSine: Double = {
        let x = rotationAngle
        return x - x * x * x / 6 + x * x * x * x * x / 120
    }()
    public static let swipeDistance = 50.0
    /// A swipe's movement across its direction may be at most this fraction of the movement along it (about 27°).
    public static let swipeSlope = 0.5
    public static let swipeFailDistance = 20.0
}

/// A recognizer's touches on the screen at one moment (GR9).
struct GestureTouches {
    var count = 0
    /// Their centroid: the gesture's location.
    var centroid = Point.zero
    /// From the first of its touches to the second, when two are down: what a pinch and a rotation measure.
    var pair: Point? = nil
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
        // SC10: "When scrolling is disabled, the scroll view doesn't accept touch events; it forwards them up the
        // responder chain" (Apple docs: UIScrollView.isScrollEnabled): its pan takes no touch.
        case .scrollPan: return views[recognizers[g].view].isScrollEnabled
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

    /// The state machines of the recognizer kinds (G2, G3; GR6–GR11), measured at the centroid of the gesture's
    /// touches (GR9).
    mutating func update(_ g: Int, ti: Int, serial: Int, phase: TouchPhase, step: inout Step) {
        let onScreen = touchesOnScreen(g, updating: ti)
        let kind = recognizers[g].kind
        // The gesture's location: the centroid of its fingers still down, or where the last one lifted.
        let p = onScreen.count > 0 ? onScreen.centroid : touches[ti].last
        let before = recognizers[g].liveTouches
        if onScreen.count != before && before > 0 && onScreen.count > 0 {
            // A finger joined or left: the start moves with the centroid, so the translation does not jump
            // (section 23 #13).
            recognizers[g].start.x += p.x - recognizers[g].lastPoint.x
            recognizers[g].start.y += p.y - recognizers[g].lastPoint.y
        }
        recognizers[g].liveTouches = onScreen.count
        recognizers[g].peakTouches = max(recognizers[g].peakTouches, onScreen.count)
        recognizers[g].lastPoint = p
        if kind == .pinch || kind == .rotation {
            // GR10, GR11: measured between the first two fingers from the moment both are down.
            if onScreen.count < 2 {
                recognizers[g].pairStart = nil
            } else if recognizers[g].pairStart == nil {
                recognizers[g].pairStart = onScreen.pair
            }
        }
        let state = recognizers[g].state
        switch phase {
        case .began:
            switch kind {
            case .tap, .longPress, .swipe:
                // More fingers than the gesture takes (a one-finger tap or press fails on a second, G3).
                if onScreen.count > recognizers[g].touchesRequired {
                    fail(g, step: &step)
                    return
                }
            case .pan, .pinch, .rotation, .other: break
            }
            if kind == .longPress && onScreen.count == recognizers[g].touchesRequired && state == .possible {
                // GR6: it begins once its fingers have rested for its duration (a timer, `advanceClock`).
                recognizers[g].deadline = now + recognizers[g].pressDuration
            }
            if onScreen.count > 1 { return }
            if kind == .tap && recognizers[g].tapsSoFar > 0 {
                if recognizers[g].lastTapPoint.distance(to: p) > Tolerance.tapMovement {
                    fail(g, step: &step)
                    return
                }
                recognizers[g].deadline = .infinity
            }
            recognizers[g].start = p
            if kind == .pan && recognizers[g].synthetic == .scrollPan {
                // H12: "If the value of this property is true, the scroll view delays handling the touch-down
                // gesture until it can determine if scrolling is the intent" (Apple docs:
                // UIScrollView.delaysContentTouches); false: the content gets touchesBegan at once.
                if views[recognizers[g].view].delaysContentTouches {
                    recognizers[g].delayUntil = now + Tolerance.scrollContentDelay
                    recognizers[g].deadline = recognizers[g].delayUntil
                }
            }
        case .moved:
            let d = recognizers[g].start.distance(to: p)
            switch (kind, state) {
            case (.tap, .possible):
                if d > Tolerance.tapMovement { fail(g, step: &step) }
            case (.longPress, .possible):
                // GR6: the allowance holds only before the press begins.
                if d > recognizers[g].allowableMovement { fail(g, step: &step) }
            case (.pan, .possible):
                // GR8: the minimum number of fingers (and no more than the maximum) must have moved enough.
                let fingers = recognizers[g].minimumTouches...recognizers[g].maximumTouches
                if fingers.contains(onScreen.count) && d > Tolerance.panThreshold {
                    if recognizers[g].synthetic == .scrollPan
                        && !scrolls(recognizers[g].view, from: recognizers[g].start, to: p)
                    {
                        fail(g, step: &step)  // SC11, SC12: an enclosing scroll view may take the drag
                    } else {
                        tryRecognize(g, step: &step)
                    }
                }
            case (.swipe, .possible):
                judgeSwipe(g, at: p, fingers: onScreen.count, step: &step)
            case (.pinch, .possible), (.rotation, .possible):
                if let from = recognizers[g].pairStart, let to = onScreen.pair,
                    kind == .pinch ? pinched(from, to) : rotated(from, to)
                {
                    tryRecognize(g, step: &step)
                }
            case (.longPress, .began), (.longPress, .changed):
                setState(g, .changed, step: &step)
                performActions(g, step: &step)
            case (.pan, .began), (.pan, .changed):
                // GR8: it changes while at least the minimum number of fingers are down.
                if onScreen.count >= recognizers[g].minimumTouches {
                    setState(g, .changed, step: &step)
                    performActions(g, step: &step)
                }
            case (.pinch, .began), (.pinch, .changed), (.rotation, .began), (.rotation, .changed):
                // GR10, GR11: it changes when a finger moves with both fingers down.
                if onScreen.count >= 2 {
                    setState(g, .changed, step: &step)
                    performActions(g, step: &step)
                }
            default: break
            }
        case .stationary:
            break
        case .ended:
            switch (kind, state) {
            case (.tap, .possible):
                // A tap of several fingers counts when the last one lifts, if they were all down together.
                if onScreen.count > 0 { return }
                if recognizers[g].start.distance(to: p) > Tolerance.tapMovement
                    || recognizers[g].peakTouches != recognizers[g].touchesRequired
                {
                    fail(g, step: &step)
                    return
                }
                recognizers[g].peakTouches = 0
                recognizers[g].tapsSoFar += 1
                recognizers[g].lastTapPoint = p
                if recognizers[g].tapsSoFar >= recognizers[g].tapsRequired {
                    tryRecognize(g, step: &step)
                } else {
                    recognizers[g].deadline = now + Tolerance.multiTapInterval
                }
            case (.longPress, .possible):
                // GR6: a finger lifted before the duration; a press already waiting for another to fail waits on.
                if !recognizers[g].waitingToRecognize { fail(g, step: &step) }
            case (_, .possible):
                if recognizers[g].waitingToRecognize { return }
                if onScreen.count == 0 { fail(g, step: &step) }
            case (.longPress, .began), (.longPress, .changed):
                // GR6: a long press ends when any of its fingers lifts.
                setState(g, .ended, step: &step)
                performActions(g, step: &step)
            case (.pan, .began), (.pan, .changed):
                // GR8: when all fingers have lifted, or fewer than its minimum remain ([OBS]).
                if onScreen.count == 0 || onScreen.count < recognizers[g].minimumTouches {
                    setState(g, .ended, step: &step)
                    performActions(g, step: &step)
                }
            case (.pinch, .began), (.pinch, .changed), (.rotation, .began), (.rotation, .changed),
                (.tap, .began), (.tap, .changed), (.swipe, .began), (.swipe, .changed), (.other, .began),
                (.other, .changed):
                // GR10, GR11: when both fingers have lifted (discrete kinds and `other` never stay in these states).
                if onScreen.count == 0 {
                    setState(g, .ended, step: &step)
                    performActions(g, step: &step)
                }
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

    /// SC11: a drag scrolls only along an axis the scroll view can scroll: its content (with the insets) is larger
    /// than its bounds there, or it always bounces that way ("the scroll view allows vertical dragging even if the
    /// content is smaller than the bounds", Apple docs: UIScrollView.alwaysBounceVertical). Judged on the drag's main
    /// axis when the pan would begin; without a recorded content size, either axis scrolls.
    func scrolls(_ v: Int, from start: Point, to point: Point) -> Bool {
        guard let content = views[v].contentSize else { return true }
        let inset = views[v].adjustedContentInset
        let bounds = views[v].bounds
        if abs(point.x - start.x) > abs(point.y - start.y) {
            return views[v].alwaysBounceHorizontal || content.width + inset.left + inset.right > bounds.width
        }
        return views[v].alwaysBounceVertical || content.height + inset.top + inset.bottom > bounds.height
    }

    /// GR7: a swipe recognizes once its fingers have gone far enough along one of its directions and close enough to
    /// it; it fails once they have gone clearly another way.
    mutating func judgeSwipe(_ g: Int, at p: Point, fingers: Int, step: inout Step) {
        if fingers != recognizers[g].touchesRequired { return }
        let dx = p.x - recognizers[g].start.x
        let dy = p.y - recognizers[g].start.y
        var towardsAllowed = false
        for direction in SwipeDirection.allCases where recognizers[g].directions.contains(direction) {
            let along: Double
            let across: Double
            switch direction {
            case .right: (along, across) = (dx, abs(dy))
            case .left: (along, across) = (-dx, abs(dy))
            case .down: (along, across) = (dy, abs(dx))
            case .up: (along, across) = (-dy, abs(dx))
            }
            if along >= Tolerance.swipeDistance && across <= along * Tolerance.swipeSlope {
                tryRecognize(g, step: &step)
                return
            }
            if along >= across { towardsAllowed = true }
        }
        if !towardsAllowed && (dx * dx + dy * dy).squareRoot() > Tolerance.swipeFailDistance { fail(g, step: &step) }
    }

    /// GR10: the distance between the two fingers has changed enough.
    func pinched(_ from: Point, _ to: Point) -> Bool {
        abs(Point.zero.distance(to: to) - Point.zero.distance(to: from)) > Tolerance.pinchSpan
    }

    /// GR11: the line between the two fingers has turned enough, judged without trigonometry: beyond a right angle,
    /// or a sine of the turn (cross product over the lengths) beyond the tolerance's.
    func rotated(_ from: Point, _ to: Point) -> Bool {
        let lengths = Point.zero.distance(to: from) * Point.zero.distance(to: to)
        if lengths == 0 { return false }
        let dot = from.x * to.x + from.y * to.y
        let cross = from.x * to.y - from.y * to.x
        return dot <= 0 || abs(cross) / lengths > Tolerance.rotationSine
    }

    /// The recognizer's touches still on the screen: how many, their centroid and the first two's vector.
    func touchesOnScreen(_ g: Int, updating ti: Int) -> GestureTouches {
        var result = GestureTouches()
        // The common case, one finger: the touch being updated is the only one, so no search for it.
        if recognizers[g].touches.count == 1 && recognizers[g].touches[0] == touches[ti].serial {
            if !touches[ti].finished {
                result.count = 1
                result.centroid = touches[ti].last
            }
            return result
        }
        var first = Point.zero
        var sumX = 0.0
        var sumY = 0.0
        for s in recognizers[g].touches {
            guard let ti = touches.firstIndex(where: { $0.serial == s }), !touches[ti].finished else { continue }
            let point = touches[ti].last
            result.count += 1
            sumX += point.x
            sumY += point.y
            if result.count == 1 { first = point }
            if result.count == 2 { result.pair = Point(point.x - first.x, point.y - first.y) }
        }
        if result.count > 0 { result.centroid = Point(sumX / Double(result.count), sumY / Double(result.count)) }
        return result
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
        let discrete = recognizers[g].kind == .tap || recognizers[g].kind == .swipe
        setState(g, discrete ? .ended : .began, step: &step)
        // GR1: others tracking the same touches fail, unless the pair may recognize simultaneously (GR2).
        for s in recognizers[g].touches {
            guard let t = touches.firstIndex(where: { $0.serial == s }) else { continue }
            for o in touches[t].recognizers
            where o != g && recognizers[o].state == .possible && !recognizeSimultaneously(g, o) {
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

    /// GR2: "returning true is guaranteed to allow simultaneous recognition" (Apple docs:
    /// gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)), so one recognizer's recorded true is enough.
    func recognizeSimultaneously(_ a: Int, _ b: Int) -> Bool {
        recognizers[a].simultaneousWithIDs.contains(recognizers[b].id)
            || recognizers[b].simultaneousWithIDs.contains(recognizers[a].id)
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
            let scrollView = recognizers[g].view
            if !views[scrollView].canCancelContentTouches { return true }
            // SC7: an override of touchesShouldCancel(in:) decides for every tracking view.
            switch views[scrollView].touchesShouldCancel {
            case .default: return kind.isControl
            case .always: return false
            case .never: return true
            }
        case .swipe:
            // CT12: "A single finger swipe on the knob of a UISlider, in a direction parallel to the slider".
            return kind == .slider
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
        case .scrollZoom:
            return  // zooming changes the content's scale, which the model does not draw, and no responder
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
            case .longPress where recognizers[g].liveTouches == recognizers[g].touchesRequired:
                tryRecognize(g, step: &step)
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
                recognizers[g].liveTouches = 0
                recognizers[g].peakTouches = 0
                recognizers[g].pairStart = nil
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
