import ResponderCore
import TouchlogFormat

/// How the replayer compares observations with the model (docs/replay.md, "Matching"): each observation belongs to
/// the latest input event before it.
extension SessionReplayer {
    mutating func observeFirstResponder(_ observation: FirstResponderRecord, seq: Int) {
        guard let model else { return }
        var modelFR: ObjectRef? = model.firstResponder
        if let window = observation.window {
            if let w = model.view(window) {
                modelFR = model.firstResponder(inWindow: w)
            } else {
                warn(
                    seq,
                    "the firstResponder observation names window \"\(window)\", which the model does not have; compared with the key window"
                )
            }
        }
        let expected = modelFR.map { model.id(of: $0) }
        if expected != observation.view {
            attach(
                Divergence(
                    kind: .firstResponder, expected: .id(expected), observed: .id(observation.view),
                    observationSeq: seq), seq: seq)
        }
    }

    mutating func observeKeyboard(_ observation: KeyboardRecord, seq: Int) {
        // A frame change says nothing about visibility: only show and hide notifications are compared.
        guard let model, let shown = observation.phase.visibility, shown != model.keyboardVisible else { return }
        attach(
            Divergence(
                kind: .keyboard, expected: .string(model.keyboardVisible ? "shown" : "hidden"),
                observed: .string(observation.phase.rawValue), observationSeq: seq), seq: seq)
    }

    /// Which window is key after the latest event: the model moves key status only on `makeKey`, `isKeyWindow`, a
    /// removed key window and (its [INF] choice) a text input becoming first responder in another window.
    mutating func observeKeyWindow(_ observation: KeyWindowRecord, seq: Int) {
        guard let model else { return }
        let expected = model.keyWindowRef.map { model.id(of: $0) }
        if expected != observation.window {
            attach(
                Divergence(
                    kind: .keyWindow, expected: .id(expected), observed: .id(observation.window), observationSeq: seq),
                seq: seq)
        }
    }

    /// The app asked a responder for `target(forAction:withSender:)`: the model walks the chain from that responder,
    /// skipping responders whose recorded `canPerformAction` refuses (A3), and must find the same target.
    mutating func observeTargetForAction(_ observation: TargetForActionRecord, seq: Int) {
        guard let model else { return }
        guard let start = model.ref(for: observation.responder) else {
            warn(seq, "targetForAction asks \"\(observation.responder)\", which the model does not have; not compared")
            return
        }
        let expected = model.target(forAction: observation.action, from: start).map { model.id(of: $0) }
        if expected != observation.target {
            attach(
                Divergence(
                    kind: .targetForAction, expected: .id(expected), observed: .id(observation.target),
                    observationSeq: seq), seq: seq)
        }
    }

    /// A recognizer's state as its action saw it: the model must have brought that recognizer to that state since
    /// the last matched observation of it (a recognizer that recognised and reset to `.possible` within the event
    /// still counts). Matching consumes the states up to the one matched, so a second `ended` needs a second
    /// recognition. `recognized` is `ended`.
    mutating func observeRecognizer(_ observation: RecognizerRecord, seq: Int) {
        guard let model else { return }
        guard let ref = model.ref(for: observation.recognizer), let info = model.recognizerInfo(ref) else {
            warn(
                seq,
                "the recognizer observation names \"\(observation.recognizer)\", which the model does not have as a recognizer; not compared"
            )
            return
        }
        let observed = observation.state.core
        var states = recentRecognizerStates[ref] ?? []
        if let k = states.firstIndex(of: observed) {
            states.removeFirst(k + 1)
            recentRecognizerStates[ref] = states
            return
        }
        if states.isEmpty && info.state == observed { return }
        attach(
            Divergence(
                kind: .recognizer, expected: .string((states.last ?? info.state).rawValue),
                observed: .string(observation.state.rawValue), view: observation.recognizer, observationSeq: seq),
            seq: seq)
    }

    /// Keeps the recognizer states an input event's step reached (`.possible` admissions are not states a
    /// recorder can see).
    mutating func noteRecognizerStates(_ step: Step) {
        for change in step.gestures where change.state != .possible {
            var states = recentRecognizerStates[change.recognizer] ?? []
            if states.count == Self.recentRecognizerStatesKept { states.removeFirst() }
            states.append(change.state)
            recentRecognizerStates[change.recognizer] = states
        }
    }

    /// Keeps the list delegate messages an input event's step sent (an empty step costs one check).
    mutating func noteSelections(_ step: Step) {
        guard !step.selections.isEmpty else { return }
        recentSelections += step.selections
        let kept = Self.recentRecognizerStatesKept * 4
        if recentSelections.count > kept { recentSelections.removeFirst(recentSelections.count - kept) }
    }

    /// A list delegate's highlight or selection message: the model must have sent the same message for the same list
    /// and index path since the last matched one (part 2, LS1–LS4). Matching consumes it and the list's earlier
    /// messages, so a row selected twice needs two taps. A message the model sent and the recording does not show is not a
    /// divergence: the app's delegate may not implement it, and a recorder sees only the messages it implements.
    mutating func observeSelection(_ observation: SelectionRecord, seq: Int) {
        guard let model else { return }
        guard let list = model.view(observation.list), model.selectedIndexPaths(of: list) != nil else {
            warn(
                seq,
                "the selection observation names \"\(observation.list)\", which the model does not have as a table or collection view; not compared"
            )
            return
        }
        if let k = recentSelections.firstIndex(where: {
            $0.list == list && $0.call == observation.call && $0.indexPath == observation.indexPath
        }) {
            // This list's messages up to the match are used up; another list's are left for its observations.
            recentSelections = recentSelections.enumerated().filter { $0.offset > k || $0.element.list != list }.map(
                \.element)
            return
        }
        let expected = recentSelections.last { $0.list == list }
        attach(
            Divergence(
                kind: .selection,
                expected: expected.map { .string("\($0.call.rawValue) \($0.indexPath)") } ?? .null,
                observed: .string("\(observation.call.rawValue) \(observation.indexPath)"), view: observation.list,
                observationSeq: seq), seq: seq)
    }

    /// A control's highlight as the recorder read it after a touch event: compared with the model's highlight now
    /// (CT5), as a first-responder observation is. A highlight the model turned on and off within one event (a
    /// quick tap that a scroll view held, SC3) is one the recorder cannot see either, so only the state is compared.
    mutating func observeControlState(_ observation: ControlStateRecord, seq: Int) {
        guard let model else { return }
        guard let control = model.view(observation.view), let modelled = model.isHighlighted(control) else {
            warn(
                seq,
                "the controlState observation names \"\(observation.view)\", which the model does not have as a control; not compared"
            )
            return
        }
        guard modelled != observation.isHighlighted else { return }
        attach(
            Divergence(
                kind: .controlState, expected: .bool(modelled), observed: .bool(observation.isHighlighted),
                view: observation.view, observationSeq: seq), seq: seq)
    }

    mutating func observeSent(_ observation: SentRecord, seq: Int) {
        if let divergence = matchSent(observation, seq: seq) { attach(divergence, seq: seq) }
    }

    /// A divergence belongs to the latest input event's line.
    mutating func attach(_ divergence: Divergence, seq: Int) {
        if current.isEmpty && countsLatestLine {
            divergenceCount += 1
        } else if current.isEmpty {
            warn(seq, "\(divergence.summary) (before any input event)")
        } else {
            current[current.count - 1].divergences.append(divergence)
        }
    }

    /// Matches a `sent` observation with an unmatched action of the latest input event, else of the one before.
    /// A target or sender the observation did not record matches whatever the model chose.
    mutating func matchSent(_ sent: SentRecord, seq: Int) -> Divergence? {
        guard let model else { return nil }
        func agrees(_ observed: ObservedReference, _ modelID: String?) -> Bool {
            switch observed {
            case .unrecorded: true
            case .nobody: modelID == nil
            case .object(let id): modelID == id
            }
        }
        var loose: (generation: Int, line: Int, index: Int)?
        for generation in 0..<2 {
            let lines = generation == 0 ? current : previous
            for (l, line) in lines.enumerated() {
                for (a, dispatched) in line.step.actions.enumerated()
                where !dispatched.isRecognizerAction && !line.matched[a] && dispatched.action == sent.action {
                    // A recorded control event must be the one the model sent the action for (a slider's
                    // valueChanged while dragging, a button's touchUpInside, not its touchDown).
                    if agrees(sent.target, dispatched.target.map { model.id(of: $0) }),
                        agrees(sent.sender, dispatched.sender.map { model.id(of: $0) }),
                        sent.event == nil || sent.event == dispatched.controlEvent
                    {
                        markMatched(generation, l, a)
                        return nil
                    }
                    if loose == nil { loose = (generation, l, a) }
                }
            }
        }
        let observed = JSONValue.action(sent.action, target: sent.target.id, sender: sent.sender.id, event: sent.event)
        if let loose {
            markMatched(loose.generation, loose.line, loose.index)
            let lines = loose.generation == 0 ? current : previous
            let a = lines[loose.line].step.actions[loose.index]
            return Divergence(
                kind: .sent,
                expected: .action(
                    a.action, target: a.target.map { model.id(of: $0) }, sender: a.sender.map { model.id(of: $0) },
                    event: sent.event == nil ? nil : a.controlEvent ?? "none"),
                observed: observed, observationSeq: seq)
        }
        return Divergence(kind: .sent, expected: .null, observed: observed, observationSeq: seq)
    }

    mutating func markMatched(_ generation: Int, _ line: Int, _ index: Int) {
        if generation == 0 { current[line].matched[index] = true } else { previous[line].matched[index] = true }
    }

    /// What a later snapshot shows that the model decided otherwise: a window's first responder, the key window.
    /// Views added, removed or moved and fields changed are the app's doing (a push, a presentation, cells reused as
    /// a list scrolls, a label's new text): a recorder writes a snapshot instead of many `insert`, `remove` and
    /// `set` records when that is shorter (docs/recorder.md), so the snapshot applies them like those records would,
    /// with no divergence.
    static func divergence(_ d: Difference) -> Divergence? {
        let kind: DivergenceKind
        switch d.kind {
        case .viewMissing, .viewExtra, .parent, .field: return nil
        case .firstResponder: kind = .snapshotFirstResponder
        case .keyWindow: kind = .snapshotKeyWindow
        }
        return Divergence(kind: kind, expected: .id(d.model), observed: .id(d.snapshot), view: d.id)
    }
}
