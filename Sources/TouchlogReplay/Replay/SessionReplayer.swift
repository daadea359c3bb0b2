import ResponderCore
import TouchlogFormat
import TouchlogStore

/// How much a replay computes for each input record.
public enum ReplayDetail: Int, Sendable, Comparable {
    /// Dispatch and compare only: divergences are counted, no lines are produced (the benchmark's "replay").
    case divergences = 0
    /// Also a `ReplayLine` per input record, with the resolved step (the trace).
    case trace = 1
    /// Also the `StepFacts` the report rules query.
    case facts = 2

    public static func < (l: ReplayDetail, r: ReplayDetail) -> Bool { l.rawValue < r.rawValue }
}

/// One replayed input record: one line of the trace (log format section 6).
public struct ReplayLine: Sendable, Hashable {
    /// The record's line number in its session (1 = the header).
    public var seq: Int
    public var t: Double
    /// The input record as stored.
    public var record: RecordContent
    /// What the model did, with recorded ids.
    public var step: ResolvedStep
    public var divergences: [Divergence]
    /// Present when replayed with `ReplayDetail.facts`.
    public var facts: StepFacts?
    /// Readable names (`id (Class, accessibility id or label)`) of the objects the step mentions, when the replayer
    /// was asked to `describeObjects`.
    public var labels: [String: String] = [:]
    /// For a touch that began, when the replayer was asked to `explainTouches`: the full hit-test explanation.
    public var explanation: String?
}

/// Something in the data replay could not apply as given (unknown id, a touch that never began, a policy name
/// touchlog does not model): replay carries on and says so.
public struct ReplayWarning: Sendable, Hashable, CustomStringConvertible {
    public var seq: Int
    public var message: String
    public var description: String { "line \(seq): \(message)" }
}

/// Replays one session record by record: feeds every input record to ResponderCore from the first snapshot on,
/// groups the touch records of one UIEvent, and compares every observation with the model.
///
/// ```swift
/// var replayer = SessionReplayer(session: info.key, options: ReplayOptions(), detail: .trace)
/// try database.forEachRecord(sessionRowID: info.rowID) { record in
///     try replayer.feed(record) { line in print(TraceWriter.line(line)) }
/// }
/// try replayer.finish { line in print(TraceWriter.line(line)) }
/// ```
///
/// Matching rules (docs/replay.md): an observation belongs to the latest input event before it (recorders write
/// it right after its cause). `firstResponder` and keyboard observations compare with the model's state after
/// that event; a `sent` observation matches an action dispatched by that event or the one before it. A line is
/// handed out once no later observation can change it: after the second input event that follows it.
public struct SessionReplayer {
    public let session: String
    public let options: ReplayOptions
    public let detail: ReplayDetail
    /// Whether the session records `sent` observations at all; only then is a model action nobody observed an
    /// `unobservedAction` divergence.
    public var recordsSentObservations: Bool
    /// Fill `ReplayLine.labels` (the text timeline).
    public var describeObjects = false
    /// Fill `ReplayLine.explanation` for every new touch (`--explain`).
    public var explainTouches = false
    /// The model, from the first snapshot on.
    public private(set) var model: ResponderModel?
    public private(set) var lineCount = 0
    public private(set) var divergenceCount = 0
    public private(set) var warnings: [ReplayWarning] = []

    var sessionPolicies: [DismissPolicy] = []
    var touchBuffer: [(seq: Int, record: TouchRecord)] = []
    var current: [Pending] = []
    var previous: [Pending] = []
    var spareSteps: [Step] = []
    /// The step single touches are dispatched into; swapped into a line only when the line must be kept.
    var scratch = Step()
    var controlsCache: [(ref: ObjectRef, frame: Rect?, enabled: Bool)]?
    /// `model != nil`, kept apart: testing the optional model on the per-record path copied it.
    var hasModel = false
    /// The latest input was only counted (divergences-only mode, no actions): observations after it are counted too.
    var countsLatestLine = false
    var lastTime = 0.0
    var lastTouchID: TouchIdentifier?
    var lastTouchText = ""

    struct Pending {
        var seq: Int
        var t: Double
        var record: RecordContent
        var step: Step
        var matched: [Bool]
        var divergences: [Divergence]
        /// Boxed: only set with `.facts` or `--explain`, and a reference keeps moving a `Pending` cheap.
        var extra: Extra?
    }

    final class Extra {
        var facts: StepFacts?
        var explanation: String?
        init(facts: StepFacts?, explanation: String?) {
            self.facts = facts
            self.explanation = explanation
        }
    }

    public init(session: String, options: ReplayOptions, detail: ReplayDetail, recordsSentObservations: Bool = true) {
        self.session = session
        self.options = options
        self.detail = detail
        self.recordsSentObservations = recordsSentObservations
    }

    /// Feeds the next record of the session (in `seq` order); `emit` receives lines that are complete.
    public mutating func feed(_ record: StoredRecord, emit: (ReplayLine) throws -> Void) throws {
        if case .touch(let touch) = record.content {
            guard let event = touch.event else {
                // No event number: a UIEvent of its own, dispatched at once (the common case in long sessions).
                try flushTouches(emit)
                guard hasModel else {
                    throw ReplayError.eventBeforeSnapshot(session: session, seq: record.seq, type: "touch")
                }
                try dispatchSingleTouch(seq: record.seq, touch, emit)
                return
            }
            // Consecutive records with the same `event` number and `t` are one UIEvent (reading 1).
            if let last = touchBuffer.last, last.record.event == event, last.record.t == touch.t {
                touchBuffer.append((record.seq, touch))
                return
            }
            try flushTouches(emit)
            touchBuffer.append((record.seq, touch))
            return
        }
        try flushTouches(emit)
        let mapped: MappedRecord
        do {
            mapped = try RecordMapping.map(record)
        } catch let error as MappingError {
            throw ReplayError.badRecord(session: session, seq: error.seq, message: error.message)
        }
        let t = record.t ?? lastTime
        lastTime = t
        switch mapped {
        case .header(let names):
            for name in names {
                if let policy = DismissPolicy(rawValue: name) {
                    sessionPolicies.append(policy)
                } else {
                    warn(
                        record.seq,
                        "the header's policy \"\(name)\" is not one touchlog models; it is kept, not applied")
                }
            }
        case .snapshot(let spec, let unknown):
            for name in unknown {
                warn(record.seq, "window policy \"\(name)\" is not one touchlog models; it is kept, not applied")
            }
            controlsCache = nil
            var step = takeStep()
            var divergences: [Divergence] = []
            if model == nil {
                let policies = PolicySettings(
                    session: sessionPolicies, added: options.policies.added, removed: options.policies.removed)
                model = ResponderModel(hierarchy: spec, policies: policies)
                hasModel = true
                step.reset()
                step.firstResponder = model!.firstResponder
                step.keyboardVisible = model!.keyboardVisible
            } else {
                divergences = model!.differences(from: spec).map(Self.divergence)
                model!.dispatch(.snapshot(spec), at: t, into: &step)
            }
            try begin([(record.seq, t, record.content, step, divergences)], emit)
        case .input(let event):
            guard hasModel else {
                throw ReplayError.eventBeforeSnapshot(session: session, seq: record.seq, type: record.type)
            }
            if case .key = event {} else { controlsCache = nil }
            var step = takeStep()
            model!.dispatch(event, at: t, into: &step)
            try rotate(emit)
            append(seq: record.seq, t: t, record: record.content, step: consume step, divergences: [])
        case .observation(let observation):
            guard hasModel else {
                throw ReplayError.eventBeforeSnapshot(session: session, seq: record.seq, type: record.type)
            }
            observe(observation, seq: record.seq)
        case .unknown, .touch:
            break
        }
    }

    /// Ends the session: hands out the last lines. Throws when the session had no snapshot.
    public mutating func finish(emit: (ReplayLine) throws -> Void) throws {
        try flushTouches(emit)
        guard hasModel else { throw ReplayError.noSnapshot(session: session) }
        try finalize(previousGeneration: true, emit)
        try finalize(previousGeneration: false, emit)
    }

    // MARK: touches

    mutating func flushTouches(_ emit: (ReplayLine) throws -> Void) throws {
        guard let first = touchBuffer.first else { return }
        guard hasModel else {
            throw ReplayError.eventBeforeSnapshot(session: session, seq: first.seq, type: "touch")
        }
        let bind = options.trust == .observed
        let t = first.record.t
        if touchBuffer.count == 1 {
            touchBuffer.removeAll(keepingCapacity: true)
            try dispatchSingleTouch(seq: first.seq, first.record, emit)
            return
        }
        var lines: [(Int, Double, RecordContent, Step, [Divergence])] = []
        let inputs = touchBuffer.map { touchInput($0.record, bind: bind) }
        let steps = model!.dispatchTouchEvent(inputs, at: t)
        for (k, step) in steps.enumerated() {
            var divergences: [Divergence] = []
            let r = touchBuffer[k].record
            if r.phase == .began, let observed = r.view {
                hitViewDivergence(step, observed: observed, into: &divergences)
            }
            lines.append((touchBuffer[k].seq, t, .touch(r), step, divergences))
        }
        touchBuffer.removeAll(keepingCapacity: true)
        try begin(lines, emit)
    }

    /// One touch record that is a UIEvent by itself: no per-record arrays, and in counting-only mode a step without
    /// actions is dispatched into the reused scratch step and never moved.
    mutating func dispatchSingleTouch(seq: Int, _ record: TouchRecord, _ emit: (ReplayLine) throws -> Void) throws {
        let input = touchInput(record, bind: options.trust == .observed)
        model!.dispatch(.touch(input), at: record.t, into: &scratch)
        var divergences: [Divergence] = []
        if record.phase == .began, let observed = record.view {
            hitViewDivergence(scratch, observed: observed, into: &divergences)
        }
        try rotate(emit)
        if detail == .divergences && scratch.actions.isEmpty && scratch.notes.isEmpty {
            lineCount += 1
            divergenceCount += divergences.count
            countsLatestLine = true
            return
        }
        var step = takeStep()
        swap(&step, &scratch)
        append(seq: seq, t: record.t, record: .touch(record), step: consume step, divergences: divergences)
    }

    func hitViewDivergence(_ step: Step, observed: String, into divergences: inout [Divergence]) {
        let modelHit = step.hitTestView.map { model!.id(of: $0) }
        if modelHit != observed {
            divergences.append(Divergence(kind: .hitView, expected: .id(modelHit), observed: .string(observed)))
        }
    }

    /// The core's input for a touch record; the touch id's text is cached, since a drag repeats it for every record.
    mutating func touchInput(_ r: TouchRecord, bind: Bool) -> TouchInput {
        if r.touch != lastTouchID {
            lastTouchID = r.touch
            lastTouchText = r.touch.description
        }
        return TouchInput(
            touch: lastTouchText, phase: RecordMapping.corePhase(r.phase), point: Point(r.x, r.y), window: r.window,
            tapCount: r.tapCount, event: r.event, observedView: r.view, bindToObservedView: bind)
    }

    // MARK: lines

    mutating func takeStep() -> Step { spareSteps.popLast() ?? Step() }

    /// Starts the lines of a new input event: the lines two events back can no longer change and are handed out.
    mutating func begin(
        _ lines: [(Int, Double, RecordContent, Step, [Divergence])], _ emit: (ReplayLine) throws -> Void
    ) throws {
        try rotate(emit)
        for (seq, t, record, step, divergences) in lines {
            append(seq: seq, t: t, record: record, step: step, divergences: divergences)
        }
    }

    /// A new input event starts: the lines two events back can no longer change and are handed out.
    mutating func rotate(_ emit: (ReplayLine) throws -> Void) throws {
        if !previous.isEmpty { try finalize(previousGeneration: true, emit) }
        swap(&previous, &current)
    }

    mutating func append(seq: Int, t: Double, record: RecordContent, step: consuming Step, divergences: [Divergence]) {
        for note in step.notes { warn(seq, note.message) }
        if detail == .divergences && step.actions.isEmpty {
            // Nothing will be emitted and no `sent` can match this step: count it and recycle the step at once.
            lineCount += 1
            divergenceCount += divergences.count
            countsLatestLine = true
            spareSteps.append(step)
            return
        }
        countsLatestLine = false
        var facts: StepFacts?
        if detail >= .facts { facts = makeFacts(step, record: record) }
        var explanation: String?
        if explainTouches, case .touch(let r) = record, r.phase == .began, let model {
            let window = r.window.flatMap { model.view($0) }
            explanation = model.describe(model.explainHitTest(screenPoint: Point(r.x, r.y), window: window))
        }
        let matched = step.actions.isEmpty ? [] : [Bool](repeating: false, count: step.actions.count)
        let extra = facts == nil && explanation == nil ? nil : Extra(facts: facts, explanation: explanation)
        current.append(
            Pending(
                seq: seq, t: t, record: record, step: step, matched: matched, divergences: divergences, extra: extra))
    }

    mutating func finalize(previousGeneration: Bool, _ emit: (ReplayLine) throws -> Void) throws {
        guard hasModel else { return }
        // Moved out of self so emitting (which may throw) does not overlap an access to the generation.
        var lines: [Pending] = []
        if previousGeneration { swap(&lines, &previous) } else { swap(&lines, &current) }
        defer {
            lines.removeAll(keepingCapacity: true)
            if previousGeneration { swap(&lines, &previous) } else { swap(&lines, &current) }
        }
        for k in lines.indices {
            if recordsSentObservations {
                for (a, action) in lines[k].step.actions.enumerated()
                where !action.isRecognizerAction && !lines[k].matched[a] {
                    let model = self.model!
                    lines[k].divergences.append(
                        Divergence(
                            kind: .unobservedAction,
                            expected: .action(
                                action.action, target: action.target.map { model.id(of: $0) },
                                sender: action.sender.map { model.id(of: $0) }), observed: .null))
                }
            }
            lineCount += 1
            divergenceCount += lines[k].divergences.count
            if detail >= .trace {
                let model = self.model!
                var line = ReplayLine(
                    seq: lines[k].seq, t: lines[k].t, record: lines[k].record, step: model.resolve(lines[k].step),
                    divergences: lines[k].divergences, facts: lines[k].extra?.facts,
                    explanation: lines[k].extra?.explanation)
                if describeObjects { line.labels = Self.labels(lines[k].step, model) }
                try emit(line)
            }
            // Swapped out, not copied: the spare keeps its arrays' capacity without a second owner (no copy on write).
            var spare = Step()
            swap(&spare, &lines[k].step)
            spareSteps.append(spare)
        }
    }

    /// `id (Class, accessibility id or label)` for every view the step mentions.
    static func labels(_ s: Step, _ model: ResponderModel) -> [String: String] {
        var refs: [ObjectRef] = []
        refs.append(contentsOf: [s.view, s.hitTestView, s.firstResponder, s.keyInputReceiver].compactMap { $0 })
        for a in s.actions { refs.append(contentsOf: [a.target, a.sender].compactMap { $0 }) }
        for c in s.firstResponderChanges { refs.append(contentsOf: [c.from, c.to].compactMap { $0 }) }
        for c in s.cancellations { refs.append(c.view) }
        for d in s.delivered { refs.append(d.to) }
        var out: [String: String] = [:]
        for ref in refs {
            let id = model.id(of: ref)
            if out[id] != nil { continue }
            if let info = model.info(ref) {
                let name =
                    info.accessibilityIdentifier.map { "\"\($0)\"" } ?? info.accessibilityLabel.map { "\"\($0)\"" }
                out[id] = "\(id) (\(info.className)\(name.map { ", " + $0 } ?? ""))"
            } else {
                out[id] = model.label(ref)
            }
        }
        return out
    }

    mutating func warn(_ seq: Int, _ message: String) {
        warnings.append(ReplayWarning(seq: seq, message: message))
    }

    // MARK: observations

    mutating func observe(_ observation: Observation, seq: Int) {
        guard let model else { return }
        var divergence: Divergence?
        switch observation {
        case .firstResponder(let view, let window):
            var modelFR: ObjectRef? = model.firstResponder
            if let window {
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
            if expected != view {
                divergence = Divergence(
                    kind: .firstResponder, expected: .id(expected), observed: .id(view), observationSeq: seq)
            }
        case .keyboard(let phase, _):
            let shown: Bool
            switch phase {
            case "willShow", "didShow": shown = true
            case "willHide", "didHide": shown = false
            default: return  // willChangeFrame says nothing about visibility
            }
            if shown != model.keyboardVisible {
                divergence = Divergence(
                    kind: .keyboard, expected: .string(model.keyboardVisible ? "shown" : "hidden"),
                    observed: .string(phase), observationSeq: seq)
            }
        case .sent(let action, let target, let sender):
            divergence = matchSent(action: action, target: target, sender: sender, seq: seq)
        }
        guard let divergence else { return }
        if current.isEmpty && countsLatestLine {
            divergenceCount += 1
        } else if current.isEmpty {
            warn(seq, "\(divergence.summary) (before any input event)")
        } else {
            current[current.count - 1].divergences.append(divergence)
        }
    }

    /// Matches a `sent` observation with an unmatched action of the latest input event, else of the one before.
    /// A target or sender the observation leaves out (`nil`, not `.some(nil)`) matches whatever the model chose.
    mutating func matchSent(action: String, target: String??, sender: String??, seq: Int) -> Divergence? {
        guard let model else { return nil }
        var loose: (generation: Int, line: Int, index: Int)?
        for generation in 0..<2 {
            let lines = generation == 0 ? current : previous
            for (l, line) in lines.enumerated() {
                for (a, dispatched) in line.step.actions.enumerated()
                where !dispatched.isRecognizerAction && !line.matched[a] && dispatched.action == action {
                    let t = dispatched.target.map { model.id(of: $0) }
                    let s = dispatched.sender.map { model.id(of: $0) }
                    if target.map({ $0 == t }) ?? true, sender.map({ $0 == s }) ?? true {
                        markMatched(generation, l, a)
                        return nil
                    }
                    if loose == nil { loose = (generation, l, a) }
                }
            }
        }
        let observed = JSONValue.action(action, target: target ?? nil, sender: sender ?? nil)
        if let loose {
            markMatched(loose.generation, loose.line, loose.index)
            let lines = loose.generation == 0 ? current : previous
            let a = lines[loose.line].step.actions[loose.index]
            return Divergence(
                kind: .sent,
                expected: .action(
                    a.action, target: a.target.map { model.id(of: $0) }, sender: a.sender.map { model.id(of: $0) }),
                observed: observed, observationSeq: seq)
        }
        return Divergence(kind: .sent, expected: .null, observed: observed, observationSeq: seq)
    }

    mutating func markMatched(_ generation: Int, _ line: Int, _ index: Int) {
        if generation == 0 { current[line].matched[index] = true } else { previous[line].matched[index] = true }
    }

    static func divergence(_ d: Difference) -> Divergence {
        let kind: DivergenceKind
        switch d.kind {
        case .viewMissing: kind = .snapshotViewMissing
        case .viewExtra: kind = .snapshotViewExtra
        case .parent: kind = .snapshotParent
        case .field: kind = .snapshotField
        case .firstResponder: kind = .snapshotFirstResponder
        case .keyWindow: kind = .snapshotKeyWindow
        }
        return Divergence(kind: kind, expected: .id(d.model), observed: .id(d.snapshot), view: d.id, field: d.field)
    }

    // MARK: facts

    mutating func makeFacts(_ step: Step, record: RecordContent) -> StepFacts {
        guard let model else { return StepFacts() }
        var f = StepFacts()
        if let fr = step.firstResponder {
            f.firstResponder = model.id(of: fr)
            f.firstResponderHidden = model.isEffectivelyHidden(fr)
            f.firstResponderFrame = model.screenFrame(of: fr)
        }
        f.keyboardVisible = step.keyboardVisible
        f.keyInputReceiver = step.keyInputReceiver.map { model.id(of: $0) }
        f.keyInputReceiverHidden = step.keyInputReceiverHidden
        f.cancellationClasses = step.cancellations.map { model.info($0.view)?.uikitClass.rawValue ?? "UIView" }
        switch record {
        case .touch(let r) where r.phase == .began:
            let p = Point(r.x, r.y)
            f.point = p
            f.hitView = step.hitTestView.map { model.id(of: $0) }
            f.observedView = r.view
            if let observed = r.view, let ref = model.view(observed) {
                f.observedViewHidden = model.isEffectivelyHidden(ref)
            }
            for (control, frame, _) in controls() {
                guard let frame, frame.contains(p) else { continue }
                let answer = model.whyNotReached(screenPoint: p, view: control)
                if !answer.isReached { f.blockedControls.append(ControlReach(answer, control: control, model: model)) }
            }
        case .object(let o) where o["type"]?.stringValue == "snapshot":
            for (control, _, enabled) in controls() where enabled {
                if case .unreachable(let reason, _) = model.reachability(of: control) {
                    f.unreachableControls.append(ControlReach(reason, control: control, model: model))
                }
            }
        default:
            break
        }
        return f
    }

    /// The visible controls in the hierarchy with their screen frames and whether they are enabled, recomputed only
    /// after events that can change the hierarchy (touches and keys move no view).
    mutating func controls() -> [(ref: ObjectRef, frame: Rect?, enabled: Bool)] {
        if let controlsCache { return controlsCache }
        guard let model else { return [] }
        var list: [(ref: ObjectRef, frame: Rect?, enabled: Bool)] = []
        for ref in model.allViews {
            guard let info = model.info(ref), info.isControl, info.isInHierarchy, !info.isEffectivelyHidden else {
                continue
            }
            list.append((ref, model.screenFrame(of: ref), info.isEnabled))
        }
        controlsCache = list
        return list
    }
}
