import ResponderCore
import TouchlogFormat

/// How much a replay computes for each input record.
public enum ReplayDetail: Int, Sendable, Comparable {
    /// Dispatch and compare only: divergences are counted, no lines are produced (the benchmark's "replay", and the
    /// report, whose rules watch the replay through a ``ReplayObserver``).
    case divergences = 0
    /// Also a ``ReplayLine`` per input record, with the resolved step (the trace).
    case trace = 1

    public static func < (l: ReplayDetail, r: ReplayDetail) -> Bool { l.rawValue < r.rawValue }
}

/// One replayed input record: one line of the trace (log format section 6).
public struct ReplayLine: Sendable, Equatable {
    /// The record's line number in its session (1 = the header).
    public var seq: Int
    public var t: Double
    /// The input record.
    public var record: Record
    /// What the model did, with recorded ids.
    public var step: ResolvedStep
    public var divergences: [Divergence]
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
/// Records come from anywhere (the store's scan, a file, an importer, a recorder): the replayer only sees typed
/// ``SessionRecord``s in `seq` order.
///
/// ```swift
/// var replayer = SessionReplayer(session: "3F2A", options: ReplayOptions(), detail: .trace)
/// for record in records { try replayer.feed(record) { line in print(TraceWriter.line(line)) } }
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
    /// Sees every record as it is replayed, with the live model (the report's rules).
    public var observer: (any ReplayObserver)?
    /// The model, from the first snapshot on.
    public var model: ResponderModel? { hasModel ? live : nil }
    /// The model itself, valid while `hasModel`: kept out of an optional because every use of an optional's payload
    /// (`model!`) copied the whole model, retaining each of its buffers, several times per touch.
    var live: ResponderModel
    public internal(set) var lineCount = 0
    public internal(set) var divergenceCount = 0
    public internal(set) var warnings: [ReplayWarning] = []

    var touchBuffer: [(seq: Int, record: TouchRecord)] = []
    var current: [Pending] = []
    var previous: [Pending] = []
    var spareSteps: [Step] = []
    /// The step single touches are dispatched into; swapped into a line only when the line must be kept.
    var scratch = Step()
    /// `model != nil`, kept apart: testing the optional model on the per-record path copied it.
    var hasModel = false
    /// The latest input was only counted (divergences-only mode, no actions): observations after it are counted too.
    var countsLatestLine = false
    var lastTime = 0.0
    var lastTouchID: TouchIdentifier?
    var lastTouchText = ""
    var sessionPolicies: [DismissPolicy] = []
    /// The states each recognizer reached in the model since a `recognizer` observation last matched one of them,
    /// oldest first, at most `recentRecognizerStatesKept` each: what the next observation of it is matched with.
    var recentRecognizerStates: [ObjectRef: [RecognizerState]] = [:]
    static let recentRecognizerStatesKept = 8
    /// The list delegate messages the model sent since a `selection` observation last matched one, oldest first (at
    /// most `recentRecognizerStatesKept` times four): what the next observation is matched with.
    var recentSelections: [SelectionChange] = []

    struct Pending {
        var seq: Int
        var t: Double
        var record: Record
        var step: Step
        var matched: [Bool]
        var divergences: [Divergence]
        /// Only set with `--explain`.
        var explanation: String?
    }

    public init(session: String, options: ReplayOptions, detail: ReplayDetail, recordsSentObservations: Bool = true) {
        self.init(
            session: session, options: options, detail: detail, recordsSentObservations: recordsSentObservations,
            live: Self.noModel, hasModel: false)
    }

    /// A replay that goes on from `model` as it stands (a branch of another replay, e.g. with a policy added at a
    /// moment): no snapshot needed, every later record applies to it.
    public init(session: String, continuingFrom model: ResponderModel, options: ReplayOptions = ReplayOptions()) {
        self.init(
            session: session, options: options, detail: .divergences, recordsSentObservations: false, live: model,
            hasModel: true)
    }

    private init(
        session: String, options: ReplayOptions, detail: ReplayDetail, recordsSentObservations: Bool,
        live: ResponderModel, hasModel: Bool
    ) {
        self.session = session
        self.options = options
        self.detail = detail
        self.recordsSentObservations = recordsSentObservations
        self.live = live
        self.hasModel = hasModel
    }

    /// What `live` holds before the first snapshot, built once: the report starts a replay for every policy it tries
    /// on a tap, and building an empty model for each (only to replace it) cost more than replaying the tap.
    private static let noModel = ResponderModel(hierarchy: HierarchySpec(windows: []))

    /// Feeds the next record of the session (in `seq` order); `emit` receives lines that are complete.
    public mutating func feed(_ record: SessionRecord, emit: (ReplayLine) throws -> Void) throws {
        if case .touch(let touch) = record.record {
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
        let t = record.t ?? lastTime
        lastTime = t
        switch record.record {
        case .session(let header):
            sessionPolicies = header.policies
            for name in header.unknownPolicies {
                warn(record.seq, "the header's policy \"\(name)\" is not one touchlog models; it is kept, not applied")
            }
            observer?.recorded(record, model: model)
        case .snapshot(let snapshot):
            for name in snapshot.unknownPolicies {
                warn(record.seq, "window policy \"\(name)\" is not one touchlog models; it is kept, not applied")
            }
            var step = takeStep()
            var divergences: [Divergence] = []
            if !hasModel {
                let policies = PolicySettings(
                    session: sessionPolicies, added: options.policies.added, removed: options.policies.removed)
                live = ResponderModel(hierarchy: snapshot.hierarchy, policies: policies)
                live.recordsTraceDetail = detail >= .trace
                hasModel = true
                step.reset()
                step.firstResponder = live.firstResponder
                step.keyboardVisible = live.keyboardVisible
            } else {
                divergences = live.responderDifferences(from: snapshot.hierarchy).compactMap(Self.divergence)
                live.dispatch(.snapshot(snapshot.hierarchy), at: t, into: &step)
            }
            try rotate(emit)
            append(record, t: t, step: step, divergences: divergences)
        case .key(let key):
            try dispatch(record, .key(length: key.length), at: t, emit)
        case .set(let set):
            try dispatch(record, .set(view: set.view, patch: set.patch), at: t, emit)
        case .insert(let insert):
            try dispatch(record, .insert(parent: insert.parent, index: insert.index, view: insert.view), at: t, emit)
        case .remove(let remove):
            try dispatch(record, .remove(view: remove.view), at: t, emit)
        case .call(let call):
            try dispatch(record, .call(responder: call.responder, method: call.method, force: call.force), at: t, emit)
        case .action(let action):
            try dispatch(
                record, .action(action: action.action, target: action.target, sender: action.sender), at: t, emit)
        case .firstResponder(let observation):
            try requireModel(record)
            observeFirstResponder(observation, seq: record.seq)
            observer?.recorded(record, model: model)
        case .keyboard(let observation):
            try requireModel(record)
            observeKeyboard(observation, seq: record.seq)
            live.noteKeyboardFrame(observation.frame)
            observer?.recorded(record, model: model)
        case .sent(let observation):
            try requireModel(record)
            observeSent(observation, seq: record.seq)
            observer?.recorded(record, model: model)
        case .selection(let observation):
            try requireModel(record)
            observeSelection(observation, seq: record.seq)
            observer?.recorded(record, model: model)
        case .controlState(let observation):
            try requireModel(record)
            observeControlState(observation, seq: record.seq)
            observer?.recorded(record, model: model)
        case .time:
            try dispatch(record, .advanceTime, at: t, emit)
        case .keyWindow(let observation):
            try requireModel(record)
            observeKeyWindow(observation, seq: record.seq)
            observer?.recorded(record, model: model)
        case .targetForAction(let observation):
            try requireModel(record)
            observeTargetForAction(observation, seq: record.seq)
            observer?.recorded(record, model: model)
        case .recognizer(let observation):
            try requireModel(record)
            observeRecognizer(observation, seq: record.seq)
            observer?.recorded(record, model: model)
        case .dropped(let note):
            // Not an event: the recorder says what it could not write, so a divergence after it has a known cause.
            warn(
                record.seq,
                note.summary + " (its buffer was full); the replay may diverge from here because of it"
            )
            observer?.recorded(record, model: model)
        case .otherAppKeyboard:
            // Another app's keyboard (multitasking): not this app's, so it moves nothing the model knows of.
            observer?.recorded(record, model: model)
        case .unknown:
            observer?.recorded(record, model: model)
        case .touch:
            break  // handled above
        }
    }

    /// Ends the session: hands out the last lines. Throws when the session had no snapshot.
    public mutating func finish(emit: (ReplayLine) throws -> Void) throws {
        try flushTouches(emit)
        guard hasModel else { throw ReplayError.noSnapshot(session: session) }
        try finalize(previousGeneration: true, emit)
        try finalize(previousGeneration: false, emit)
    }

    func requireModel(_ record: SessionRecord) throws {
        guard hasModel else {
            throw ReplayError.eventBeforeSnapshot(session: session, seq: record.seq, type: record.record.typeName)
        }
    }

    mutating func dispatch(
        _ record: SessionRecord, _ event: InputEvent, at t: Double, _ emit: (ReplayLine) throws -> Void
    ) throws {
        try requireModel(record)
        var step = takeStep()
        live.dispatch(event, at: t, into: &step)
        try rotate(emit)
        append(record, t: t, step: step, divergences: [])
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
        if let observer {
            for touch in touchBuffer where touch.record.phase == .began {
                observer.willBegin(SessionRecord(seq: touch.seq, record: .touch(touch.record)), model: live)
            }
        }
        let inputs = touchBuffer.map { touchInput($0.record, bind: bind) }
        let steps = live.dispatchTouchEvent(inputs, at: t)
        try rotate(emit)
        for (k, step) in steps.enumerated() {
            var divergences: [Divergence] = []
            let r = touchBuffer[k].record
            if r.phase == .began, let observed = r.view {
                hitViewDivergence(step, observed: observed, into: &divergences)
            }
            append(
                SessionRecord(seq: touchBuffer[k].seq, record: .touch(r)), t: t, step: step, divergences: divergences)
        }
        touchBuffer.removeAll(keepingCapacity: true)
    }

    /// One touch record that is a UIEvent by itself: no per-record arrays, and in counting-only mode a step without
    /// actions is dispatched into the reused scratch step and never moved.
    mutating func dispatchSingleTouch(seq: Int, _ record: TouchRecord, _ emit: (ReplayLine) throws -> Void) throws {
        if record.phase == .began, let observer {
            observer.willBegin(SessionRecord(seq: seq, record: .touch(record)), model: live)
        }
        let input = touchInput(record, bind: options.trust == .observed)
        live.dispatch(.touch(input), at: record.t, into: &scratch)
        var divergences: [Divergence] = []
        if record.phase == .began, let observed = record.view {
            hitViewDivergence(scratch, observed: observed, into: &divergences)
        }
        try rotate(emit)
        if detail == .divergences && scratch.actions.isEmpty && scratch.notes.isEmpty {
            noteRecognizerStates(scratch)
            noteSelections(scratch)
            observer?.replayed(SessionRecord(seq: seq, record: .touch(record)), step: scratch, model: live)
            lineCount += 1
            divergenceCount += divergences.count
            countsLatestLine = true
            return
        }
        var step = takeStep()
        swap(&step, &scratch)
        append(SessionRecord(seq: seq, record: .touch(record)), t: record.t, step: step, divergences: divergences)
    }

    func hitViewDivergence(_ step: Step, observed: String, into divergences: inout [Divergence]) {
        let modelHit = step.hitTestView.map { live.id(of: $0) }
        if modelHit != observed {
            // The model hit-tests no deeper than a view hosting SwiftUI content; which view inside that region UIKit
            // bound the touch to is SwiftUI's doing, which the model cannot know.
            if let hit = step.hitTestView, let bound = live.view(observed), live.inSameHostedContent(hit, bound) {
                return
            }
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
            touch: lastTouchText, phase: r.phase, point: Point(r.x, r.y), window: r.window,
            tapCount: r.tapCount, event: r.event, observedView: r.view, bindToObservedView: bind)
    }

    // MARK: lines

    mutating func takeStep() -> Step { spareSteps.popLast() ?? Step() }

    /// A new input event starts: the lines two events back can no longer change and are handed out.
    mutating func rotate(_ emit: (ReplayLine) throws -> Void) throws {
        if !previous.isEmpty { try finalize(previousGeneration: true, emit) }
        swap(&previous, &current)
    }

    mutating func append(_ record: SessionRecord, t: Double, step: consuming Step, divergences: [Divergence]) {
        for note in step.notes { warn(record.seq, note.message) }
        noteRecognizerStates(step)
        noteSelections(step)
        observer?.replayed(record, step: step, model: live)
        if detail == .divergences && step.actions.isEmpty {
            // Nothing will be emitted and no `sent` can match this step: count it and recycle the step at once.
            lineCount += 1
            divergenceCount += divergences.count
            countsLatestLine = true
            spareSteps.append(step)
            return
        }
        countsLatestLine = false
        var explanation: String?
        if explainTouches, case .touch(let r) = record.record, r.phase == .began, let model {
            let window = r.window.flatMap { model.view($0) }
            explanation = model.describe(model.explainHitTest(screenPoint: Point(r.x, r.y), window: window))
        }
        let matched = step.actions.isEmpty ? [] : [Bool](repeating: false, count: step.actions.count)
        current.append(
            Pending(
                seq: record.seq, t: t, record: record.record, step: step, matched: matched, divergences: divergences,
                explanation: explanation))
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
                    let model = self.live
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
                let model = self.live
                var line = ReplayLine(
                    seq: lines[k].seq, t: lines[k].t, record: lines[k].record, step: model.resolve(lines[k].step),
                    divergences: lines[k].divergences, explanation: lines[k].explanation)
                if describeObjects { line.labels = Self.labels(lines[k].step, model) }
                try emit(line)
            }
            // Swapped out, not copied: the spare keeps its arrays' capacity without a second owner (no copy on write).
            var spare = Step()
            swap(&spare, &lines[k].step)
            spareSteps.append(spare)
        }
    }

    mutating func warn(_ seq: Int, _ message: String) {
        warnings.append(ReplayWarning(seq: seq, message: message))
    }
}
