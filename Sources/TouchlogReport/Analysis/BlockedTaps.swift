import ResponderCore
import TouchlogFormat

/// Taps that began on a visible control and never reached it, and were not the user's tap on something else: what
/// `blocked_tap` reports, and what `unreachable_control` leaves to it (one problem, one finding). One per session, in
/// the ``SessionContext``, when `blocked_tap` runs.
///
/// A touch is judged once it is over, since what the view in front did with it comes in during the touch and just
/// after it (the `sent` observation of a `touchUpInside` follows the touch's last record): the judgement is made at the
/// next input record, or when the session ends. A touch is not a blocked tap of a control when a view in front of the
/// control (the touch's view or an ancestor of it that does not hold the control) handled it: it sent an action, one
/// of its recognizers recognized, it became first responder, or it is a control that tracked the touch. The user
/// meant that view, and it worked. Unless that view is nearly transparent (``OnScreen/nearlyTransparent``): then the
/// user could not see what they tapped, and meant the control behind it.
final class BlockedTaps {
    /// One group per control, blocker and reason, described at its first tap.
    struct Group {
        var control: ObjectRef
        var obstacle: Obstacle
        /// The control's and the blocker's ids, which stay the same across snapshots (handles too, but a rule
        /// comparing with its own groups may have seen another model).
        var key: ControlAndBlocker
        var taps: [Citation]
        var explanation: String
        var views: [ViewRef]
        var disabledItself: Bool
        var scene: Scene?
    }

    /// A control and what kept a touch from it, by id.
    struct ControlAndBlocker: Hashable {
        var control: String
        var blocker: String?
    }

    // `@exclusivity(unchecked)` below: touched at every record, and never at once (docs/architecture.md, "Tests
    // and benchmarks").
    @exclusivity(unchecked) private(set) var groups: [Group] = []
    @exclusivity(unchecked) private var controls = VisibleControls()
    @exclusivity(unchecked) private var pending: [Pending] = []

    /// A control a touch began on and did not reach: blocked, unless a view in front handled the touch.
    private struct Candidate {
        var control: ObjectRef
        var obstacle: Obstacle
        var citation: Citation
        /// Made while the model is as the touch found it, when no group has the control and blocker yet.
        var described: Group?
        var handled = false
        /// A nearly transparent view in front that handled the touch: it stays blocked, and the words say so.
        var handledUnseen: String?
    }

    private struct Pending {
        var touch: String
        /// The view the touch went to (the recorded one, else the model's hit test).
        var front: ObjectRef?
        var candidates: [Candidate]
        var ended = false
    }

    /// Below this alpha (with its ancestors') a view in front that handled a tap was not seen
    /// (`blocked_tap`'s `nearly_transparent_alpha`).
    private let nearlyTransparent: Double

    init(nearlyTransparent: Double = OnScreen.nearlyTransparent) { self.nearlyTransparent = nearlyTransparent }

    /// After each input record, with what the model did.
    func follow(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        controls.invalidate(after: input.record)
        settle(endedOnly: true)
        if case .touch(let touch) = input.record, touch.phase == .began {
            begin(touch, seq: input.seq, step: step, model: model, build: build)
        }
        if !pending.isEmpty { collect(step, model: model, build: build) }
        if !pending.isEmpty, case .touch(let touch) = input.record, touch.phase == .ended || touch.phase == .cancelled {
            let key = touch.touch.description
            for k in pending.indices where pending[k].touch == key { pending[k].ended = true }
        }
    }

    /// Observations: what the device says the view in front did (`sent`, `firstResponder`, `recognizer`, `selection`).
    func recorded(_ record: SessionRecord, model: ResponderModel?, build: FindingBuilder) {
        guard !pending.isEmpty, let model else { return }
        switch record.record {
        case .sent(let sent):
            if let id = sent.sender.id, let sender = model.ref(for: id) { handled(by: sender, model: model, build) }
        case .firstResponder(let change):
            if let view = change.view.flatMap(model.view) { handled(by: view, model: model, build) }
        case .recognizer(let observed):
            switch observed.state {
            case .began, .recognized, .ended:
                if let ref = model.ref(for: observed.recognizer), let info = model.recognizerInfo(ref) {
                    handled(by: info.view, model: model, build)
                }
            case .possible, .changed, .cancelled, .failed: break
            }
        case .selection(let observed):
            // The device says the tap selected a row: the cell in front handled it.
            guard observed.call == .didSelect || observed.call == .didDeselect, let list = model.view(observed.list)
            else { break }
            if let cell = model.cell(in: list, at: observed.indexPath) { handled(by: cell, model: model, build) }
        case .session, .snapshot, .touch, .key, .set, .insert, .remove, .call, .action, .keyboard,
            .targetForAction, .keyWindow, .controlState, .time, .dropped, .otherAppKeyboard, .unknown:
            break
        }
    }

    /// The session ended: judge the touches still open.
    func finish() { settle(endedOnly: false) }

    private func begin(_ touch: TouchRecord, seq: Int, step: Step, model: ResponderModel, build: FindingBuilder) {
        let point = Point(touch.x, touch.y)
        let observed = touch.view.flatMap(model.view)
        var candidates: [Candidate] = []
        for control in controls.list(model, screen: build.context.screen) {
            // Only where the control can be seen: a row below a table's fold is under the tab bar's frame, not on it.
            guard let visible = control.visible, visible.contains(point) else { continue }
            let answer = model.whyNotReached(screenPoint: point, view: control.ref)
            guard let obstacle = Obstacle(answer) else { continue }
            // The recording says the control got it after all (an app hit-test override): not blocked.
            if let observed, build.isView(observed, inside: control.ref, in: model) { continue }
            if case .coveredByWindow(let window) = obstacle,
                !build.windowContentCovers(window, control.ref, in: model)
            {
                continue
            }
            // A sheet over the screen, and the dimming view around it, cover the presenter's controls on purpose.
            if OnScreen.isCoveredOnPurpose(control.ref, by: obstacle.blocker, in: model) { continue }
            let citation = Citation(seq, touch.t)
            let key = ControlAndBlocker(
                control: model.id(of: control.ref), blocker: obstacle.blocker.map { model.id(of: $0) })
            let described =
                groups.contains { $0.control == control.ref && $0.obstacle == obstacle }
                ? nil
                : describe(
                    control.ref, obstacle, answer, key: key, step: step, point: point, t: touch.t, model, build,
                    citation)
            candidates.append(
                Candidate(control: control.ref, obstacle: obstacle, citation: citation, described: described))
        }
        guard !candidates.isEmpty else { return }
        pending.append(
            Pending(
                touch: touch.touch.description, front: observed ?? step.hitTestView ?? step.view,
                candidates: candidates))
    }

    /// What the model says handled the touches in flight during this step.
    private func collect(_ step: Step, model: ResponderModel, build: FindingBuilder) {
        for delivery in step.delivered where delivery.method == .touchesBegan && !delivery.forwarded {
            // A control that received the touch tracks it (it sends touchDown, then touch-up events).
            if model.uikitClass(of: delivery.to)?.isControl == true { handled(by: delivery.to, model: model, build) }
        }
        for action in step.actions {
            guard let sender = action.sender else { continue }
            switch sender {
            case .view: handled(by: sender, model: model, build)
            case .recognizer:
                if let info = model.recognizerInfo(sender) { handled(by: info.view, model: model, build) }
            case .controller, .application, .applicationDelegate, .object: break
            }
        }
        for change in step.gestures where change.state == .began || change.state == .ended {
            if let info = model.recognizerInfo(change.recognizer) { handled(by: info.view, model: model, build) }
        }
        for change in step.firstResponderChanges {
            if let view = change.to { handled(by: view, model: model, build) }
        }
        // A row selected (or deselected) by the tap: the cell in front handled it (LS1).
        for change in step.selections where change.call == .didSelect || change.call == .didDeselect {
            if let cell = change.cell { handled(by: cell, model: model, build) }
        }
    }

    /// `handler` handled the touches in flight: each candidate whose touch went to a view inside `handler`, where
    /// `handler` does not hold the candidate's control, was the user's tap on `handler`.
    private func handled(by handler: ObjectRef, model: ResponderModel, _ build: FindingBuilder) {
        guard case .view = handler else { return }
        for k in pending.indices {
            guard let front = pending[k].front, build.isView(front, inside: handler, in: model) else { continue }
            for n in pending[k].candidates.indices where !pending[k].candidates[n].handled {
                let control = pending[k].candidates[n].control
                guard !build.isView(control, inside: handler, in: model) else { continue }
                if OnScreen.opacity(of: handler, in: model) < nearlyTransparent {
                    pending[k].candidates[n].handledUnseen = build.name(build.view(handler, in: model))
                } else {
                    pending[k].candidates[n].handled = true
                }
            }
        }
    }

    /// Turns the candidates of judged touches into blocked taps: every touch that ended (`endedOnly`), or all.
    private func settle(endedOnly: Bool) {
        guard !pending.isEmpty else { return }
        var open: [Pending] = []
        for touch in pending {
            guard touch.ended || !endedOnly else {
                open.append(touch)
                continue
            }
            for candidate in touch.candidates where !candidate.handled {
                if let k = groups.firstIndex(where: {
                    $0.control == candidate.control && $0.obstacle == candidate.obstacle
                }) {
                    groups[k].taps.append(candidate.citation)
                } else if var group = candidate.described {
                    if let unseen = candidate.handledUnseen {
                        group.explanation +=
                            " \(unseen) handled it, but it is nearly transparent: the user could not see what they tapped."
                    }
                    groups.append(group)
                }
            }
        }
        pending = open
    }

    /// The group of a first blocked tap: the views and the words, while the model is as the tap found it.
    private func describe(
        _ control: ObjectRef, _ obstacle: Obstacle, _ answer: ReachAnswer, key: ControlAndBlocker, step: Step,
        point: Point, t: Double, _ model: ResponderModel, _ build: FindingBuilder, _ citation: Citation
    ) -> Group {
        let controlView = build.view(control, in: model, role: "blocked control")
        var views = [controlView]
        var blockerText = ""
        if let blocker = build.blocker(obstacle.blocker, of: control, in: model) {
            views.append(blocker.view)
            blockerText = blocker.name
        }
        let why: String
        switch obstacle {
        case .passedOver(.disabledControl, let by) where by == control:
            why = "it is disabled (hit testing skips a disabled control)"
        case .passedOver(.disabledControl, _): why = "its ancestor \(blockerText) is a disabled control"
        case .coveredBySibling: why = "\(blockerText) in front of it took the touch"
        case .coveredByWindow: why = "another window in front, \(blockerText), took the touch"
        case .passedOver(.outsideBounds, _):
            why =
                blockerText.isEmpty
                ? "it lies outside its parent's bounds (subviews are only searched within them)"
                : "the point lies outside the bounds of its ancestor \(blockerText), so hit testing never looks in its subviews"
        case .passedOver(.hidden, _):
            why = blockerText.isEmpty ? "it is hidden" : "its ancestor \(blockerText) is hidden"
        case .passedOver(.alphaBelowThreshold, _):
            why = blockerText.isEmpty ? "its alpha is below 0.01" : "its ancestor \(blockerText) has alpha below 0.01"
        case .passedOver(.userInteractionDisabled, _):
            why =
                blockerText.isEmpty
                ? "its user interaction is off" : "its ancestor \(blockerText) has user interaction off"
        case .notInWindow: why = model.describe(answer, view: control)
        }
        let hit = step.view ?? step.hitTestView
        var hitName = ""
        if let hit, hit != obstacle.blocker {
            hitName = "; the touch went to \(build.name(build.view(hit, in: model, role: "hit view")))"
        }
        return Group(
            control: control, obstacle: obstacle, key: key, taps: [citation],
            explanation: "\(build.name(controlView)) never reached it: \(why)\(hitName).", views: views,
            disabledItself: obstacle.isDisabled(control),
            scene: build.scene(
                model, t: t, touches: [point], hitView: hit, expectedView: control, cause: obstacle.cause))
    }
}
