import ResponderCore
import TouchlogFormat

/// Single-finger taps and what each one did, for the frustration rules (`rage_tap`, `dead_tap`): each rule follows
/// its own, with its own response time.
///
/// A tap is a touch that began with no other finger down, ended (the system did not cancel it) and moved less than
/// the pan threshold (10 points: a drag is no tap; a scroll view's pan would begin). Touches on the keyboard are no
/// taps: on a keyboard window's views, or inside the recorded keyboard frame while it is up (the system keyboard is
/// another process, whose keys the app never receives).
///
/// What a tap did comes from the model, step by step while the finger is down (actions sent and whether a responder
/// handled them, recognizers that began or recognized, first-responder and keyboard changes, rows selected, touches a
/// recognizer cancelled), from the recording's observations (`sent`, `recognizer`, `firstResponder`, `keyboard`,
/// `selection`), and from the app's own changes after it: a `set`, `insert`, `remove`, `snapshot`, `call` or `action`
/// record from the touch's beginning until `responseTime` after the finger lifted. A tap is judged once that time has
/// passed (or the session ended).
final class Taps {
    /// One tap and what came of it.
    struct Tap {
        /// The touch's name as the model's cancellations give it, and its identity as its records give it.
        var touch: String
        var id: TouchIdentifier
        var began: Citation
        var ended: Citation?
        var point: Point
        /// The view the touch went to: the recorded one, else the model's hit test.
        var front: ObjectRef?
        /// The control or the view with the `button` or `link` trait that the touch went to (itself or its nearest
        /// such ancestor): what presents itself as tappable. Nil for anything else, and for controls that answer a
        /// tap by themselves (a switch toggles, a stepper steps, a slider ignores it) or take text.
        var tappable: ObjectRef?
        /// How `tappable` presents itself: "a UIButton", "its accessibility traits say button".
        var presentation: String?
        /// Not a tap: a second finger, a drag, a cancelled touch, a touch on the keyboard.
        var notATap = false
        /// On a text input (placing the cursor, selecting a word): not a tap that can fail.
        var onText = false
        /// A responder handled an action it sent, a recognizer on its view or an ancestor began or recognized, the
        /// first responder or keyboard changed, a row was selected.
        var handled = false
        /// The app changed the hierarchy while the finger was down or within the response time after.
        var changed = false
        /// An action sent to the responder chain that nobody handled, with its sender (named then).
        var unhandled: (action: String, sender: ViewRef?)?
        /// A recognizer that cancelled the control or cell tracking the touch (a swallowed tap), named as
        /// `swallowed_tap` names it.
        var swallowed: Swallowed?
        /// With the keyboard up, the first responder the tap left in place (the tap did not dismiss the keyboard).
        var responderKept: ObjectRef?
        /// The picture, made at the finger's lift when nothing had happened yet (only formats that draw ask).
        var scene: Scene?
        /// The views, named at the finger's lift when nothing had happened yet (the screen as the tap left it, which
        /// is as it found it): only unanswered taps are named, since only they can make a finding.
        var frontView: ViewRef?
        var keptFirstResponder: ViewRef?
        var tappableView: ViewRef?

        /// A tap the frustration rules judge: a single finger that lifted where it began, on a view of the app that
        /// is no text. (One still down when the session ended is kept too: `dead_tap` and `rage_tap` leave it out.)
        var counts: Bool { !notATap && !onText && front != nil }
        /// Nothing at all came of it.
        var didNothing: Bool { !handled && !changed && unhandled == nil && swallowed == nil }
        /// The user got no answer they could see, as far as the model knows yet: no responder handled it (or a
        /// recognizer swallowed it).
        var unanswered: Bool { !handled || swallowed != nil }

        /// Whether it was still within its response time at `t`.
        func isOpen(at t: Double, responseTime: Double) -> Bool {
            guard let ended else { return true }
            return t <= ended.t + responseTime
        }
    }

    /// A swallowed tap's views and words (``SwallowedTapRule/names(recognizer:tracker:model:build:)``).
    struct Swallowed {
        var views: [ViewRef]
        var recognizerText: String
        var trackerName: String
        var cause: SceneCause?
    }

    // `@exclusivity(unchecked)` below: touched at every record, and never at once (docs/architecture.md, "Tests
    // and benchmarks").
    /// Taps judged, in the order they were judged (sort by `began` for the order they happened): only those the
    /// rules read (``Tap/counts``); a drag, a second finger, a touch on text or on the keyboard is not kept.
    @exclusivity(unchecked) private(set) var judged: [Tap] = []
    /// Taps whose finger is down or whose response time has not passed.
    @exclusivity(unchecked) private var open: [Tap] = []
    /// Touches down, whatever they are.
    @exclusivity(unchecked) private var down = Set<TouchIdentifier>()
    /// The earliest time at which an open tap's response time is over (infinity while none has lifted): records
    /// before it judge nothing, and most records come before it.
    @exclusivity(unchecked) private var nextDue = Double.infinity
    let responseTime: Double

    init(responseTime: Double) { self.responseTime = responseTime }

    /// After each input record, with what the model did.
    func follow(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        let t = input.t ?? open.last?.began.t ?? 0
        settle(before: t)
        switch input.record {
        case .touch(let touch):
            switch touch.phase {
            case .began:
                let alone = down.isEmpty
                down.insert(touch.touch)
                // A second finger: neither touch is a tap.
                if !alone { for k in open.indices where open[k].ended == nil { open[k].notATap = true } }
                open.append(begin(touch, seq: input.seq, step: step, model: model, build: build, alone: alone))
            case .moved, .stationary:
                for k in open.indices where open[k].id == touch.touch && open[k].ended == nil {
                    if Point(touch.x, touch.y).distance(to: open[k].point) >= Tolerance.panThreshold {
                        open[k].notATap = true
                    }
                }
            case .ended, .cancelled:
                down.remove(touch.touch)
            }
        case .set, .insert, .remove, .snapshot, .call, .action:
            for k in open.indices { open[k].changed = true }
        case .session, .key, .firstResponder, .keyboard, .sent, .targetForAction, .keyWindow, .recognizer, .selection,
            .controlState,
            .time, .dropped, .otherAppKeyboard, .unknown:
            break
        }
        collect(step, input: input, model: model, build: build)
        if case .touch(let touch) = input.record, touch.phase == .ended || touch.phase == .cancelled {
            for k in open.indices where open[k].id == touch.touch && open[k].ended == nil {
                open[k].ended = Citation(input.seq, touch.t)
                nextDue = min(nextDue, touch.t + responseTime)
                if touch.phase == .cancelled
                    || Point(touch.x, touch.y).distance(to: open[k].point) >= Tolerance.panThreshold
                {
                    open[k].notATap = true
                }
                // No answer yet: the names and the picture now, while the screen is as the tap left it.
                if open[k].unanswered, !open[k].notATap {
                    if let front = open[k].front {
                        open[k].frontView = build.view(front, in: model, role: "tapped view")
                    }
                    if let tappable = open[k].tappable {
                        open[k].tappableView = build.view(tappable, in: model, role: "tapped control")
                    }
                    if let responder = open[k].responderKept {
                        open[k].keptFirstResponder = build.view(responder, in: model, role: "first responder")
                    }
                    open[k].scene = build.scene(
                        model, t: open[k].began.t, touches: [open[k].point], hitView: open[k].front,
                        expectedView: open[k].tappable)
                }
            }
        }
    }

    /// Observations: what the device says happened.
    func recorded(_ record: SessionRecord, model: ResponderModel?, build: FindingBuilder) {
        guard !open.isEmpty else { return }
        let t = record.t ?? open.last?.began.t ?? 0
        settle(before: t)
        switch record.record {
        case .sent(let sent):
            let sender = sent.sender.id.flatMap { model?.ref(for: $0) }
            for k in open.indices where sender == nil || touched(k, sender!, model) {
                if case .nobody = sent.target {
                    if !open[k].handled, open[k].unhandled == nil {
                        open[k].unhandled = (sent.action, sender.map { build.view($0, in: model!, role: "sender") })
                    }
                } else {
                    open[k].handled = true
                }
            }
        case .recognizer(let observed):
            switch observed.state {
            case .began, .recognized, .ended:
                guard let model, let ref = model.ref(for: observed.recognizer),
                    let info = model.recognizerInfo(ref)
                else { break }
                for k in open.indices where touched(k, info.view, model) { open[k].handled = true }
            case .possible, .changed, .cancelled, .failed: break
            }
        case .firstResponder, .keyboard:
            for k in open.indices { open[k].handled = true }
        case .selection(let observed):
            if observed.call == .didSelect || observed.call == .didDeselect {
                for k in open.indices { open[k].handled = true }
            }
        // A highlight is UIKit drawing the control while it tracks the finger, not the app answering the tap.
        case .controlState: break
        case .session, .snapshot, .touch, .key, .set, .insert, .remove, .call, .action, .targetForAction, .keyWindow,
            .time, .dropped, .otherAppKeyboard, .unknown:
            break
        }
    }

    /// The session ended: every tap is judged.
    func finish() {
        judged += open.filter(\.counts)
        open = []
        nextDue = .infinity
    }

    /// Whether the touch of open tap `k` went to `view` or inside it.
    private func touched(_ k: Int, _ view: ObjectRef, _ model: ResponderModel?) -> Bool {
        guard let model, let front = open[k].front else { return false }
        return FindingBuilder.nearest(from: front, in: model) { $0 == view } != nil
    }

    /// Judges the taps whose response time ended before `t`.
    private func settle(before t: Double) {
        guard t > nextDue else { return }
        nextDue = .infinity
        var still: [Tap] = []
        for tap in open {
            if tap.isOpen(at: t, responseTime: responseTime) {
                still.append(tap)
                if let ended = tap.ended { nextDue = min(nextDue, ended.t + responseTime) }
            } else if tap.counts {
                judged.append(tap)
            }
        }
        open = still
    }

    private func begin(
        _ touch: TouchRecord, seq: Int, step: Step, model: ResponderModel, build: FindingBuilder, alone: Bool
    ) -> Tap {
        let point = Point(touch.x, touch.y)
        let front = touch.view.flatMap(model.view) ?? step.hitTestView ?? step.view
        var tap = Tap(
            touch: touch.touch.description, id: touch.touch, began: Citation(seq, touch.t), point: point, front: front)
        tap.notATap = !alone || Self.isKeyboard(front, at: point, model: model, build: build)
        // Not a tap: nothing more to know (it stays open only to answer for the fingers that follow).
        guard let front, !tap.notATap else { return tap }
        // On SwiftUI content what answered the tap (a SwiftUI button, a gesture) is SwiftUI's, which the model cannot
        // see: no claim that nothing did.
        if model.hostingView(of: front) != nil {
            tap.notATap = true
            return tap
        }
        tap.onText =
            FindingBuilder.nearest(from: front, in: model) {
                model.uikitClass(of: $0)?.isTextInput == true || model.canBecomeFirstResponder($0)
            } != nil
        if let (view, presentation) = Self.tappable(front, in: model) {
            tap.tappable = view
            tap.presentation = presentation
        }
        // The keyboard up before the tap, and its first responder elsewhere: a tap that leaves it is one that did not
        // dismiss the keyboard (`tap_failed_to_dismiss`'s story).
        let before = build.context.before
        if before.keyboardVisible, let responder = before.firstResponder,
            !build.isView(front, inside: responder, in: model)
        {
            tap.responderKept = responder
        }
        return tap
    }

    /// What the model did during this step, for the taps whose finger is down (or lifted in this step).
    private func collect(_ step: Step, input: SessionRecord, model: ResponderModel, build: FindingBuilder) {
        guard !open.isEmpty else { return }
        // Most records come while no finger of an open tap is down (keys, the response time after a lift): no list
        // of the fingers down is made for them.
        guard open.contains(where: { $0.ended == nil }) else {
            // Later steps (a `time` record firing a recognizer's timer): recognizers that see an open tap's touch.
            for change in step.gestures where change.state == .began || change.state == .ended {
                guard let info = model.recognizerInfo(change.recognizer) else { continue }
                for k in open.indices where touched(k, info.view, model) { open[k].handled = true }
            }
            return
        }
        let effects =
            !step.firstResponderChanges.isEmpty || !step.keyboardChanges.isEmpty
            || step.selections.contains { $0.call == .didSelect || $0.call == .didDeselect }
        for k in open.indices where open[k].ended == nil {
            if effects { open[k].handled = true }
            for action in step.actions {
                if action.target != nil {
                    open[k].handled = true
                } else if !open[k].handled, open[k].unhandled == nil {
                    open[k].unhandled = (action.action, action.sender.map { build.view($0, in: model, role: "sender") })
                }
            }
            for change in step.gestures where change.state == .began || change.state == .ended {
                if let info = model.recognizerInfo(change.recognizer), touched(k, info.view, model) {
                    open[k].handled = true
                }
            }
            for cancellation in step.cancellations where cancellation.touch == open[k].touch {
                if open[k].swallowed == nil,
                    let (recognizer, tracker) = SwallowedTapRule.swallowing(cancellation, in: model)
                {
                    let names = SwallowedTapRule.names(
                        recognizer: recognizer, tracker: tracker, model: model, build: build)
                    open[k].swallowed = Swallowed(
                        views: names.views, recognizerText: names.recognizerText, trackerName: names.trackerName,
                        cause: names.cause.map { SceneCause(view: model.id(of: $0.view), kind: $0.kind) })
                }
            }
        }
        // Another tap's recognizer (a double tap) recognizing also answers the open taps it saw.
        for change in step.gestures where change.state == .began || change.state == .ended {
            guard let info = model.recognizerInfo(change.recognizer) else { continue }
            for k in open.indices where open[k].ended != nil && touched(k, info.view, model) {
                open[k].handled = true
            }
        }
    }

    /// The control or view with the `button` or `link` trait that `view` is or is inside, and how it presents
    /// itself. Controls that answer a tap themselves, whatever the app does (a switch toggles, a stepper steps, a
    /// segmented control or page control changes its selection, a date picker or colour well opens its picker, a
    /// slider ignores a tap off its thumb), and text inputs are not counted; nor a view whose traits say
    /// `notEnabled`.
    static func tappable(_ view: ObjectRef, in model: ResponderModel) -> (ObjectRef, String)? {
        var found: (ObjectRef, String)?
        _ = FindingBuilder.nearest(from: view, in: model) { ref in
            let kind = model.uikitClass(of: ref)
            if model.has(.notEnabled, ref) { return true }
            if let kind, kind.isControl {
                // A plain button or a custom control answers a tap only through the app.
                if kind == .button || kind == .control {
                    found = (ref, "a \(model.info(ref)?.className ?? kind.rawValue)")
                }
                return true
            }
            for trait in Self.tappableTraits where model.has(trait, ref) {
                found = (ref, "its accessibility traits say \(trait.rawValue)")
                return true
            }
            return false
        }
        return found
    }

    /// The traits that make a view present itself as tappable, made once (a literal array is built at each use).
    static let tappableTraits: [AccessibilityTrait] = [.button, .link]

    /// Whether a touch at `point` on `view` is on the keyboard: a view of a keyboard window (its class or an
    /// ancestor's names a keyboard), or inside the recorded keyboard frame while the keyboard is up.
    static func isKeyboard(_ view: ObjectRef?, at point: Point, model: ResponderModel, build: FindingBuilder) -> Bool {
        if build.context.before.keyboardVisible, let frame = build.context.keyboardFrame, frame.contains(point) {
            return true
        }
        guard let view else { return false }
        return FindingBuilder.nearest(from: view, in: model) { ref in
            guard let name = model.className(of: ref) else { return false }
            return keyboardClassPrefixes.contains { name.hasPrefix($0) } || keyboardClassNames.contains(name)
        } != nil
    }

    /// UIKit's private classes of the keyboard's views and windows, as recordings and dumps name them: they are
    /// UIKit's names, not touchlog's, so no enum can hold them; here is the one list of them.
    static let keyboardClassPrefixes = ["UIKeyboard", "UIKB"]
    static let keyboardClassNames: Set<String> = [
        "UIRemoteKeyboardWindow", "UITextEffectsWindow", "UIInputSetHostView",
    ]
}
