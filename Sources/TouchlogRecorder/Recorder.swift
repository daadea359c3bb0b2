// The recorder speaks the schema: a SessionInfo takes a Size, a configuration names RecognizerEffects. Re-exported so
// that an app writes `import TouchlogRecorder` and nothing more.
@_exported import TouchlogSchema

/// The recorder: what the adapter calls from UIKit's hooks, on the main thread (hence `@MainActor`).
///
/// Every call copies small values (a touch's phase and location, a hierarchy capture) and pushes them to the
/// writer thread, which diffs, encodes and writes. The decisions are here, so the adapter stays a list of reads:
///
/// - a snapshot at the start; then captures the writer turns into `set` / `insert` / `remove` records (or a snapshot
///   when that is shorter): before each event that begins or ends a touch, a path capture (the views along the touch
///   points read in full, the rest taken from the last capture); when the run loop goes idle after a touch sequence
///   ended or an event had effects, and before each key and each app-code action, a whole capture;
/// - touches with their session number, UIEvent number and the view UIKit bound them to (on `began`);
/// - first-responder changes, per window (each window keeps its own): an observation naming the window when UIKit's
///   own handling explains it (a tap on a field, a declared policy or recognizer effect), otherwise the app's own
///   call (`call` record) followed by the observation;
/// - actions: a control's action sent during a touch is only observed (`sent`: replay derives it), any other
///   `sendAction` is also input (`action`);
/// - keyboard notifications, and key presses as lengths.
///
/// ```swift
/// let recorder = Recorder(session: info, sink: try FileSink(directory: dir, name: info.sessionID), startUptime: now)
/// recorder.windows = { app.windows }      // the adapter's reads
/// recorder.start(at: now)
/// ```
@MainActor
public final class Recorder {
    public let configuration: RecorderConfiguration
    /// The app's windows, back to front: read at every capture.
    public var windows: @MainActor () -> [any RecordableWindow] = { [] }
    public var application: (any RecordableApplication)?
    /// Reads targets and delegates that are no responders, so that the snapshot declares them in `objects` (and
    /// `sent` names them); without it they are left out.
    public var objectReader: (any RecordableObjectReader)? {
        get { capture.objectReader }
        set { capture.objectReader = newValue }
    }

    private let pipeline: RecordingPipeline
    private let startUptime: Double
    private var capture: HierarchyCapture
    private var ids = ObjectIDs()
    /// The hierarchy last pushed, and the action names its last whole capture asked every responder about: what a
    /// path capture brings up to date.
    private var lastHierarchy: HierarchySpec?
    private var lastSelectors: Set<String> = []
    /// An event changed something, or a touch sequence ended, and no whole capture has read the hierarchy since:
    /// one is taken when the run loop goes idle (`runLoopWillWait`), or before the next record if that comes first.
    private var capturePending = false
    /// The event being dispatched wrote a record of its effects (an action sent, a first-responder change…).
    private var eventHadEffects = false
    private var lastT = 0.0
    private var started = false

    private final class WeakObject {
        weak var object: AnyObject?
        init(_ object: AnyObject?) { self.object = object }
    }

    /// A window's first responder as last written (held weakly, as every object the recorder keeps), with its id:
    /// the view may be gone by the next look, and its resign is still said by its id.
    private struct WrittenFirstResponder {
        let window: WeakObject
        var view: WeakObject
        var id: String?
    }

    /// Fingers down: the `UITouch` object and its number.
    private var touchNumbers: [ObjectIdentifier: (touch: WeakObject, number: Int64)] = [:]
    private var nextTouchNumber: Int64 = 1
    private var eventNumber = 0
    /// The views the touches of the current multi-touch sequence were bound to: a field among them that becomes
    /// first responder did so because it was tapped.
    private var touchedViews: [WeakObject] = []
    /// The table and collection view rows the touches of the current sequence began in, and whether each was
    /// selected then: what a selection notification of the list names (LS2).
    private var touchedCells: [(list: WeakObject, indexPath: ListIndexPath, wasSelected: Bool)] = []
    /// The first responder the recording last said each recording window has, by the window's identity: UIKit keeps
    /// one per window ("Asks UIKit to make this object the first responder in its window", Apple docs:
    /// UIResponder.becomeFirstResponder()), and so does the format (docs/log-format.md, "A first responder per
    /// window"). A window enters with the capture that first declares it and leaves with the first that does not.
    private var firstResponders: [ObjectIdentifier: WrittenFirstResponder] = [:]
    /// The window inside whose `sendEvent` the recorder is: changes then are the event's effects unless app code
    /// (an action) made them.
    private var dispatching: (any RecordableWindow)?
    /// The controls the current event's touches are bound to: their highlight is read after the event (CT5).
    private var eventControls: [any RecordableControl] = []
    /// The controls last written as highlighted, by identity; a control written dark leaves.
    private var highlightedControls: Set<ObjectIdentifier> = []
    /// Set for an event of moved or resting fingers only: its dispatch is not followed by a capture (too frequent
    /// to afford one; what it changes is caught before the next touch ends).
    private var dispatchingChangesNothing = false
    /// Set for an event in which a finger lifts or is cancelled.
    private var dispatchingEndsTouches = false
    /// Between `beginEvent` and the touches: keyboard records wait for the touches to be written.
    private var eventOpen = false
    private var heldKeyboard: [KeyboardRecord] = []
    /// Fingers bound at `began` to a sensitive view, with the point written for them instead of theirs (the view's
    /// centre, in the window's coordinates): `RecorderPrivacy.redactsSensitiveTouches`.
    private var redactedTouches: [ObjectIdentifier: Point] = [:]
    /// Text lengths last seen per view, to turn a text change into a key press's length.
    private var textLengths: [ObjectIdentifier: Int] = [:]

    public init(
        configuration: RecorderConfiguration = RecorderConfiguration(), session: SessionInfo,
        sink: any RecordingSink, startUptime: Double, background: Bool = true
    ) {
        self.configuration = configuration
        self.startUptime = startUptime
        capture = HierarchyCapture(
            privacy: configuration.privacy, recognizerEffects: configuration.recognizerEffects)
        let header = Self.header(session, configuration)
        pipeline = RecordingPipeline(
            writer: RecordWriter(sink: sink, header: header, maxFileBytes: configuration.maxFileBytes),
            capacity: configuration.bufferCapacity, mode: background ? .background : .manual)
        pipeline.push(.record(.session(header)))
    }

    /// Records the first snapshot. Called once the app's first window is up.
    public func start(at uptime: Double) {
        started = true
        // The snapshot carries each window's first responder (`isFirstResponder`); changes are recorded from here on.
        syncHierarchy(t: time(uptime), snapshot: true)
    }

    // MARK: Events

    /// `UIApplication.sendEvent(_:)`, before any window sees the event. Optional: with it, keyboard notifications
    /// posted before the recording window's `sendEvent` runs (by an override that resigns on an outside touch) are
    /// written after the touches, as the effects of the event they belong to.
    public func beginEvent() {
        eventOpen = true
    }

    /// `UIApplication.sendEvent(_:)` has returned.
    public func endEvent() { pushHeldObservations() }

    /// Writes what waited for the touches, at their time (notifications posted before them carry an earlier one).
    private func pushHeldObservations() {
        eventOpen = false
        for var keyboard in heldKeyboard {
            keyboard.t = max(keyboard.t, lastT)
            push(.keyboard(keyboard))
        }
        heldKeyboard = []
    }

    /// `UIWindow.sendEvent(_:)`, before the event is passed on: the touches of `window` in this event.
    public func willSendEvent(_ touches: [TouchReading], in window: any RecordableWindow) {
        guard started, let first = touches.first else { return }
        let t = time(first.timestamp)
        let hasBegan = touches.contains { $0.phase == .began }
        let changesTouches = touches.contains { $0.phase != .moved && $0.phase != .stationary }
        if changesTouches { syncAlong(touches, in: window, t: t) }
        // A `sendEvent` override that resigns on an outside touch runs before this one: with the policy declared,
        // its resign (of the key window's first responder, where replay's policy acts) is the event's effect and is
        // written after the touch, where replay predicts it. Other changes since the last look are the app's.
        // Only a touch that begins searches: one that ends comes after its own `began` looked, and a first responder
        // that appeared in between without a notification (app code on a timer) is found by the search after this
        // event, which every lift takes.
        let policyResign =
            !hasBegan && firstRespondersHold()
            ? false
            : syncFirstResponders(
                t: t, appCode: true,
                holdingKeyWindowResign: hasBegan && window.recordedPolicies.contains(.dismissOnOutsideTouch))
        if hasBegan && touchNumbers.isEmpty {
            eventNumber += 1
            touchedViews = []
            touchedCells = []
        }
        let windowID = ids.knownID(of: window)
        // The origin alone: building the window's whole field set at every move would read some 25 properties.
        let origin = window.recordedFrameOrigin
        for reading in touches {
            let key = ObjectIdentifier(reading.touch)
            var number: Int64
            if let known = touchNumbers[key], known.touch.object === reading.touch {
                number = known.number
            } else {
                number = nextTouchNumber
                nextTouchNumber += 1
                touchNumbers[key] = (WeakObject(reading.touch), number)
            }
            var view: String?
            if reading.phase == .began {
                // A field SwiftUI focuses on a tap in its content is not one replay's model focuses: not "touched".
                touchedViews.append(WeakObject(reading.inHostedContent ? nil : reading.view))
                if !reading.inHostedContent, let cell = reading.view?.recordedCell {
                    touchedCells.append((WeakObject(cell.list), cell.indexPath, cell.isSelected))
                }
                view = reading.view.flatMap { ids.knownID(of: $0) }
                redactedTouches[key] =
                    configuration.privacy.redactsSensitiveTouches ? reading.sensitiveViewCenter : nil
            }
            let redacted = redactedTouches[key]
            let ends = reading.phase == .ended || reading.phase == .cancelled
            if ends {
                touchNumbers[key] = nil
                redactedTouches[key] = nil
            }
            if let control = reading.view as? any RecordableControl,
                !eventControls.contains(where: { $0 === control })
            {
                eventControls.append(control)
            }
            // A sensitive finger's path is not its own to write: its moves say nothing the centre does not.
            if redacted != nil && reading.phase == .moved { continue }
            let location = redacted ?? reading.locationInWindow
            let record = TouchRecord(
                t: t, touch: .number(number), phase: reading.phase, x: location.x + origin.x, y: location.y + origin.y,
                window: windowID, tapCount: reading.tapCount, event: eventNumber, view: view)
            pipeline.push(redacted == nil ? .record(.touch(record)) : .redactedTouch(record))
        }
        dispatching = window
        eventHadEffects = false
        dispatchingEndsTouches = touches.contains { $0.phase == .ended || $0.phase == .cancelled }
        if policyResign { syncFirstResponders(t: t, appCode: false) }
        pushHeldObservations()
        if !changesTouches { dispatchingChangesNothing = true }
    }

    /// `UIWindow.sendEvent(_:)`, after the event was passed on (delivered, recognised, actions sent).
    public func didSendEvent(at uptime: Double) {
        guard started, dispatching != nil else { return }
        let t = time(uptime)
        if !eventControls.isEmpty { writeHighlights(t: t) }
        // A first responder that appeared during the event without a text notification or an action (a PIN pad an
        // override focuses at touch-up) takes the search; one that left, the one read per window. A view focused in
        // `touchesBegan` is written at the touch's end, as the app's call.
        if dispatchingEndsTouches || !firstRespondersHold() { syncFirstResponders(t: t, appCode: false) }
        dispatching = nil
        if dispatchingChangesNothing {
            dispatchingChangesNothing = false
            return
        }
        // What the event changed is read when the run loop goes idle, after UIKit has finished with it: once per
        // touch sequence, and after any event whose effects the recording wrote (an action, a first responder).
        if eventHadEffects || touchNumbers.isEmpty { capturePending = true }
    }

    /// The main run loop is about to wait for input (`CFRunLoopActivity.beforeWaiting`, after Core Animation's
    /// commit): the whole capture an event left pending is taken now, outside any event.
    public func runLoopWillWait(at uptime: Double) {
        guard started, capturePending, dispatching == nil, !eventOpen else { return }
        syncHierarchy(t: time(uptime))
    }

    /// `UITableView.selectionDidChangeNotification` from `list`: the user selected or deselected a row. UIKit posts
    /// it with the delegate's `didSelect` / `didDeselect` messages and never for selection made in code ("Calling
    /// this method doesn't cause the delegate to receive a tableView(_:willSelectRowAt:) or
    /// tableView(_:didSelectRowAt:) message, nor does it send selectionDidChangeNotification notifications to
    /// observers", Apple docs: selectRow(at:animated:scrollPosition:)), so it marks the delegate's message without
    /// touching the delegate. The row is the one a touch of the current sequence began in (LS2: selection follows
    /// the cell's touch-up). Which message: a row selected now was selected (`didSelect`); one not selected now was
    /// deselected when the list allows several and it was selected at touch-down, and otherwise was selected and
    /// then deselected by the delegate itself (Apple's own sample deselects in `didSelectRowAt`). A notification with
    /// no such row (selection by keyboard or focus) is not written.
    public func listSelectionDidChange(_ list: any RecordableView, at uptime: Double) {
        guard started, let index = touchedCells.lastIndex(where: { $0.list.object === list }),
            let id = ids.knownID(of: list)
        else { return }
        let cell = touchedCells[index]
        let fields = list.recordedFields()
        let selectedNow = fields.selectedIndexPaths?.contains(cell.indexPath) ?? false
        let deselected = !selectedNow && cell.wasSelected && fields.allowsMultipleSelection == true
        let call: SelectionCall = deselected ? .didDeselect : .didSelect
        touchedCells[index].wasSelected = !deselected
        push(.selection(SelectionRecord(t: time(uptime), list: id, call: call, indexPath: cell.indexPath)))
    }

    /// Writes a `controlState` for each control of the event whose `isHighlighted` is not what the recording last
    /// said (false until written): one property read per touched control, moves included, since a finger that slides
    /// off a button darkens it on a move (CT5).
    private func writeHighlights(t: Double) {
        for control in eventControls {
            let key = ObjectIdentifier(control)
            let lit = control.recordedIsHighlighted
            guard lit != highlightedControls.contains(key), let id = ids.knownID(of: control) else { continue }
            if lit { highlightedControls.insert(key) } else { highlightedControls.remove(key) }
            push(.controlState(ControlStateRecord(t: t, view: id, isHighlighted: lit)))
        }
        eventControls.removeAll(keepingCapacity: true)
    }

    /// Whether every first responder last written is still first responder: one read per window, where the search
    /// reads every view. Events of moving fingers look only this far (a move at 120 Hz cannot afford the search on a
    /// large screen): a first responder that resigns during a drag (a scroll view's `onDrag` dismissal) is caught
    /// here, and one that appears is a text input, which posts a notification the recording looks at (or a view of
    /// the app's own, seen at the next touch that begins or ends).
    private func firstRespondersHold() -> Bool {
        firstResponders.values.allSatisfy { entry in
            guard entry.window.object != nil else { return false }
            guard let responder = entry.view.object else { return entry.id == nil }
            return Self.isFirstResponder(responder)
        }
    }

    /// `UIApplication.sendAction(_:to:from:for:)` has run. `target` is the object that received it (for a
    /// nil-targeted action, the one the responder chain found), nil when nobody handled it.
    public func didSendAction(
        _ action: String, target: AnyObject?, sender: AnyObject?, handled: Bool, at uptime: Double
    ) {
        sent(action, named: action, target: target, sender: sender, handled: handled, at: uptime)
    }

    /// An action sent: `action` as the recording names it, `declared` as the sender's handler table names it.
    private func sent(
        _ action: String, named declared: String, target: AnyObject?, sender: AnyObject?, handled: Bool,
        at uptime: Double
    ) {
        guard started else { return }
        let t = time(uptime)
        let fromControl = sender is any RecordableControl
        let targetReference: ObservedReference
        if !handled || target == nil {
            targetReference = .nobody
        } else if let id = ids.knownID(of: target!) {
            targetReference = .object(id)
        } else {
            targetReference = .unrecorded  // an object the recording cannot name yet
        }
        let senderID = sender.flatMap { ids.knownID(of: $0) }
        if dispatching == nil || !fromControl {
            // App code sending an action is input replay must apply; a control's touch-driven action is derived.
            push(.action(ActionRecord(t: t, action: action, target: targetReference.id, sender: senderID)))
        }
        // During a touch, the control event the action was sent for, when the control's table leaves no doubt.
        let event =
            dispatching != nil ? (sender as? any RecordableControl).flatMap { Self.soleEvent(of: declared, $0) } : nil
        push(
            .sent(
                SentRecord(
                    t: t, action: action, target: targetReference, sender: senderID.map { .object($0) } ?? .nobody,
                    event: event)))
        // What the action's code did to the first responder is the app's doing.
        syncFirstResponders(t: t, appCode: true)
    }

    /// A control ran one of its UIAction handlers (`UIControl.sendAction(_:)`), named `name` (its title, or its
    /// identifier): recorded as an action to the control itself, as the capture declares the handler, so a handler
    /// sent during a touch is only observed (replay derives it from the control's actions) and one the app sent by
    /// code (`sendActions(for:)` outside an event) is also input. With masked labels the name is tokenised as a label
    /// is, since a UIAction's title is what the screen shows.
    public func didSendHandler(_ name: String, of control: AnyObject, at uptime: Double) {
        sent(capture.privacy.label(name), named: name, target: control, sender: control, handled: true, at: uptime)
    }

    /// The `UIControl.Event` a control sent `action` for, read off its own handlers: UIKit tells
    /// `sendAction(_:to:from:for:)` the `UIEvent`, never the control event, but when exactly one of the control's
    /// target-action pairs or UIAction handlers has that action, for exactly one event, that event it was (a pair
    /// registered for several events, or an action registered twice, leaves `event` out, as before).
    private static func soleEvent(of action: String, _ control: any RecordableControl) -> String? {
        var found: String?
        for handler in control.recordedActions() where handler.action == action {
            guard found == nil, handler.events.count == 1 else { return nil }
            found = handler.events[0]
        }
        return found
    }

    // MARK: Key window

    /// The app called `makeKey()` (or `makeKeyAndVisible()`) on a recording window that is not key: a `call`
    /// (`makeKey`), an input replay applies, after a capture so that what changed before the call is written first.
    public func willMakeKey(_ window: any RecordableWindow, at uptime: Double) {
        guard started, !window.recordedIsKeyWindow else { return }
        let t = time(uptime)
        syncHierarchy(t: t)
        guard let id = ids.knownID(of: window) else { return }
        push(.call(CallRecord(t: t, responder: id, method: .makeKey)))
    }

    /// `UIWindow.didBecomeKeyNotification`: `window` is the key window now. A capture first writes the windows'
    /// `isKeyWindow` changes (a `set` when no `makeKey` call explains them: UIKit's own doing); then the
    /// observation, naming the window, or null for a window the recording does not record (an alert's).
    public func keyWindowDidChange(to window: AnyObject?, at uptime: Double) {
        guard started else { return }
        let t = time(uptime)
        syncHierarchy(t: t)
        push(.keyWindow(KeyWindowRecord(t: t, window: window.flatMap { ids.knownID(of: $0) })))
    }

    // MARK: Recognizers

    /// A gesture recognizer sent its action to the recorder (added as its target when first captured), in `state`.
    /// UIKit sends actions only on a discrete recognizer's recognition and on a continuous one's began, changed,
    /// ended and cancelled, never on failure, so those are the states recorded. Outside an event (a long press that
    /// began while the finger rested) time passed with no input: a `time` record comes first, so replay fires the
    /// model's timers at that moment and its recognizer has the state the observation is compared with.
    public func recognizerDidSendAction(
        _ recognizer: any RecordableRecognizer, state: ObservedRecognizerState, at uptime: Double
    ) {
        guard started, let id = ids.knownID(of: recognizer) else { return }
        let t = time(uptime)
        if dispatching == nil && !eventOpen { push(.time(TimeRecord(t: t))) }
        push(.recognizer(RecognizerRecord(t: t, recognizer: id, state: state)))
    }

    // MARK: Keyboard and text

    /// A keyboard notification (`keyboardWillShowNotification`…) with its end frame in screen coordinates.
    public func keyboard(_ phase: KeyboardPhase, frame: Rect, at uptime: Double) {
        guard started else { return }
        let t = time(uptime)
        if eventOpen {
            heldKeyboard.append(KeyboardRecord(t: t, phase: phase, frame: frame))
            return
        }
        // UIKit posts willShow from inside becomeFirstResponder: the change it follows is written first.
        syncFirstResponders(t: t, appCode: dispatching == nil)
        push(.keyboard(KeyboardRecord(t: t, phase: phase, frame: frame)))
    }

    /// A keyboard notification about another app's keyboard (`keyboardIsLocalUserInfoKey` false: with Split View or
    /// Slide Over every visible app is told): not this app's keyboard, so nothing about its first responders is
    /// looked at; written as the recorder's note, which replay and the rules leave alone and a trace shows.
    public func otherAppKeyboard(_ phase: KeyboardPhase, frame: Rect, at uptime: Double) {
        guard started else { return }
        push(.otherAppKeyboard(KeyboardRecord(t: time(uptime), phase: phase, frame: frame)))
    }

    /// A text view's text changed (`UITextField.textDidChangeNotification`…): a key press, written as the number
    /// of UTF-16 code units it added (0 for a deletion). A secure field's text is never read: each change counts 1.
    public func textDidChange(in view: any RecordableView, text: TextReading, at uptime: Double) {
        guard started else { return }
        let t = time(uptime)
        syncFirstResponders(t: t, appCode: dispatching == nil)
        syncHierarchy(t: t)
        let key = ObjectIdentifier(view)
        let length: Int
        switch text {
        case .none:
            length = 0
            textLengths[key] = 0
        case .secure:
            length = 1
        case .length(let now):
            length = max(0, now - (textLengths[key] ?? 0))
            textLengths[key] = now
        }
        push(.key(KeyRecord(t: t, length: length)))
    }

    // MARK: Calls the app makes

    // Two things only swizzling could observe on its own: the app reports them where they happen, as it declares its
    // recognizers' targets (`TouchlogRecording.keyInput(in:inserted:)`, `TouchlogRecording.target(forAction:…)`).

    /// A custom `UIKeyInput` view's `insertText(_:)` or `deleteBackward()` ran, reported by the view itself: a `key`
    /// record with the length inserted (0 for a deletion, 1 for any press on a secure view), as `textDidChange` writes
    /// for text fields. Only while the view is first responder: the format delivers a key to the first responder, and
    /// a call on another view is the app's own (an on-screen keypad's code filling a view), not typed input. Text
    /// fields and text views are left out: their text notification is their key record already.
    public func keyInput(_ press: KeyInputReading, in view: any RecordableView, at uptime: Double) {
        guard started else { return }
        guard !Self.isTextInput(view) else { return }
        let t = time(uptime)
        // A view that took focus by the app's own call posts no notification: the change is written first.
        syncFirstResponders(t: t, appCode: dispatching == nil)
        guard view.recordedIsFirstResponder else { return }
        syncHierarchy(t: t)
        let length: Int
        switch press {
        case .inserted(let inserted): length = inserted
        case .deleted: length = 0
        case .secure: length = 1
        }
        push(.key(KeyRecord(t: t, length: length)))
    }

    /// The app asked `responder.target(forAction:withSender:)` (through `TouchlogRecording.target(forAction:…)`) and
    /// UIKit answered `target` (nil: no responder on the chain can perform it): a `targetForAction` observation.
    ///
    /// Replay answers the question from the capture's `implements` and `refusesActions`, so the action joins the
    /// names every capture asks responders about, and a capture now records the answers of this moment (a `paste:`
    /// refused until the pasteboard filled). Nothing is written when the record could not name its objects: a
    /// responder or a target the capture does not see (a controller whose view is in no window), or a target that is
    /// no responder (an override's answer; the format's target is a responder).
    public func didAskTarget(
        forAction action: String, responder: AnyObject, sender: AnyObject?, target: AnyObject?, at uptime: Double
    ) {
        guard started else { return }
        let t = time(uptime)
        capture.askedActions.insert(action)
        let hierarchy = capture.capture(windows: windows(), application: application, ids: &ids)
        pipeline.push(.hierarchy(hierarchy, t: t, snapshot: false))
        let plainObjects = Set(hierarchy.objects.map(\.id))
        guard let responderID = ids.knownID(of: responder), !plainObjects.contains(responderID) else { return }
        var targetID: String?
        if let target {
            guard let known = ids.knownID(of: target), !plainObjects.contains(known) else { return }
            targetID = known
        }
        push(
            .targetForAction(
                TargetForActionRecord(
                    t: t, responder: responderID, action: action, sender: sender.flatMap { ids.knownID(of: $0) },
                    target: targetID)))
    }

    /// Editing began or ended (`UITextField.textDidBeginEditingNotification`…): the first responder may have changed.
    public func editingDidChange(at uptime: Double) {
        // Before the touches of an open event: the window will look when it records them.
        guard started, !eventOpen else { return }
        syncFirstResponders(t: time(uptime), appCode: dispatching == nil)
    }

    /// The app may have changed its hierarchy outside any event (a timer, a network response): a capture now.
    public func hierarchyMayHaveChanged(at uptime: Double) {
        guard started else { return }
        syncHierarchy(t: time(uptime))
    }

    /// The app is leaving the foreground or the recording stops: time passed up to now, so replay fires the timers
    /// due by then (a double tap's timeout, held touches) before the session ends. Nothing inside an event.
    public func timePassed(at uptime: Double) {
        guard started, dispatching == nil, !eventOpen else { return }
        push(.time(TimeRecord(t: time(uptime))))
    }

    // MARK: Writing

    /// Writes everything recorded so far and syncs the file (the app is going to the background, a test is done).
    public func flush() {
        takePendingCapture()
        pipeline.flush()
    }

    /// Flushes and stops the writer; nothing is recorded afterwards.
    public func stop() {
        takePendingCapture()
        started = false
        pipeline.stop()
    }

    /// Why the recording stopped growing, if it did (a full disk).
    public var failure: (any Error)? { pipeline.failure }

    // MARK: Decisions

    /// Seconds since the session started, to the microsecond, never less than the last record's.
    private func time(_ uptime: Double) -> Double {
        let t = ((uptime - startUptime) * 1_000_000).rounded() / 1_000_000
        lastT = max(lastT, t)
        return lastT
    }

    /// Pushes a record, after the whole capture an event left pending: what the event changed comes before anything
    /// that follows it, as when the capture was taken at the event's end.
    private func push(_ record: Record) {
        takePendingCapture()
        if dispatching != nil {
            switch record {
            // A control's highlight is UIKit's own doing at every touch on it, not an effect worth a capture.
            case .controlState: break
            default: eventHadEffects = true
            }
        }
        pipeline.push(.record(record))
    }

    private func takePendingCapture() {
        if started && capturePending { syncHierarchy(t: lastT) }
    }

    /// A whole capture: every window, view, controller and target read.
    private func syncHierarchy(t: Double, snapshot: Bool = false) {
        let windows = windows()
        let (hierarchy, selectors) = capture.captureAll(windows: windows, application: application, ids: &ids)
        pipeline.push(.hierarchy(hierarchy, t: t, snapshot: snapshot))
        lastHierarchy = hierarchy
        lastSelectors = selectors
        capturePending = false
        trackFirstResponders(of: windows)
    }

    /// The hierarchy before an event whose touches begin or end: a path capture along the touch points
    /// (`HierarchyCapture.pathCapture`), or a whole one when a path capture cannot say enough (a whole capture is
    /// pending, the windows changed, or a touch is bound to a view the path did not reach, a view of the app's own
    /// whose `hitTest` answers outside its frame).
    private func syncAlong(_ touches: [TouchReading], in window: any RecordableWindow, t: Double) {
        guard !capturePending, let previous = lastHierarchy,
            let hierarchy = capture.pathCapture(
                windows: windows(), touched: window, points: touches.map(\.locationInWindow), previous: previous,
                selectors: lastSelectors, ids: &ids)
        else { return syncHierarchy(t: t) }
        let unreached = touches.contains { touch in
            touch.phase == .began && touch.view.map { ids.knownID(of: $0) == nil } == true
        }
        guard !unreached else { return syncHierarchy(t: t) }
        pipeline.push(.hierarchy(hierarchy, t: t, snapshot: false))
        lastHierarchy = hierarchy
    }

    /// Keeps `firstResponders` to the windows a capture just saw. A window new to the recording (at the start, or
    /// one added, which the writer declares in a whole snapshot) enters with the first responder the capture read
    /// as its `isFirstResponder`: replay takes that from the snapshot, so it is no change to write. A window gone is
    /// forgotten (its snapshot took its first responder with it).
    private func trackFirstResponders(of windows: [any RecordableWindow]) {
        let same =
            windows.count == firstResponders.count
            && windows.allSatisfy { firstResponders[ObjectIdentifier($0)]?.window.object === $0 }
        guard !same else { return }
        var kept: [ObjectIdentifier: WrittenFirstResponder] = [:]
        for window in windows {
            let key = ObjectIdentifier(window)
            if let entry = firstResponders[key], entry.window.object === window {
                kept[key] = entry
            } else {
                let view = Self.firstResponder(in: window)
                kept[key] = WrittenFirstResponder(
                    window: WeakObject(window), view: WeakObject(view), id: view.flatMap { ids.knownID(of: $0) })
            }
        }
        firstResponders = kept
    }

    /// The recursive first-responder search, one pass over the recording windows: each window's walk stops at its
    /// first responder, and every window is looked at, since each keeps its own.
    private static func firstResponders(in windows: [any RecordableWindow]) -> [AnyObject?] {
        windows.map { firstResponder(in: $0) }
    }

    /// A window's first responder: a view in it, else one of its controllers (the `inputAccessoryView` pattern: a
    /// chat screen's controller keeps its message bar on screen by being first responder while no field is).
    private static func firstResponder(in window: any RecordableWindow) -> AnyObject? {
        if let view = firstResponderView(in: window) { return view }
        var pending = window.recordedRootController.map { [$0] } ?? []
        var seen: Set<ObjectIdentifier> = []
        while let controller = pending.popLast() {
            guard seen.insert(ObjectIdentifier(controller)).inserted else { continue }
            if controller.recordedIsFirstResponder { return controller }
            pending += controller.recordedChildControllers
        }
        return nil
    }

    private static func firstResponderView(in view: any RecordableView) -> (any RecordableView)? {
        if view.recordedIsFirstResponder { return view }
        var found: (any RecordableView)?
        view.forEachRecordedSubview { subview in
            if found == nil { found = firstResponderView(in: subview) }
        }
        return found
    }

    /// Whether `responder`, a view or a controller the search found, is still first responder: one read.
    private static func isFirstResponder(_ responder: AnyObject) -> Bool {
        (responder as? any RecordableView)?.recordedIsFirstResponder
            ?? (responder as? any RecordableController)?.recordedIsFirstResponder ?? false
    }

    /// Writes each window's first-responder change since the last look, window by window (back to front): the
    /// app's `call` where UIKit's handling of the current event does not explain it, then the observation naming the
    /// window. A call acts in its own window only (the model's become and resign, F3), so each observation compares
    /// with the model as its own window's call left it, whatever the other windows' records around it.
    ///
    /// With `holdingKeyWindowResign`, a resign of the key window's first responder is left for a later look (a
    /// window policy's, written after the touch); returns whether one was.
    @discardableResult
    private func syncFirstResponders(t: Double, appCode: Bool, holdingKeyWindowResign: Bool = false) -> Bool {
        var windows = windows()
        var found = Self.firstResponders(in: windows)
        func tracked(_ index: Int) -> WrittenFirstResponder? {
            guard let entry = firstResponders[ObjectIdentifier(windows[index])], entry.window.object === windows[index]
            else { return nil }
            return entry
        }
        func changed(_ index: Int) -> Bool {
            guard let entry = tracked(index) else { return true }
            return found[index] !== entry.view.object || (found[index] == nil && entry.id != nil)
        }
        guard windows.indices.contains(where: changed) else { return false }
        // A window no capture has seen yet (it enters with the capture), or a first responder that appeared since
        // the last capture (and focused at once): capture first, so the records can name them.
        let unnamed = windows.indices.contains { index in
            tracked(index) == nil || (changed(index) && found[index].map { ids.knownID(of: $0) == nil } == true)
        }
        if unnamed {
            syncHierarchy(t: t)
            windows = self.windows()
            found = Self.firstResponders(in: windows)
        }
        var held = false
        for index in windows.indices where changed(index) {
            guard let entry = tracked(index) else { continue }
            let window = windows[index]
            let view = found[index]
            if holdingKeyWindowResign && window.recordedIsKeyWindow && view == nil && entry.view.object != nil {
                held = true
                continue
            }
            let newID = view.flatMap { ids.knownID(of: $0) }
            let explained = !appCode && explainedByUIKit(newFirstResponder: view)
            if !explained {
                if let newID {
                    push(.call(CallRecord(t: t, responder: newID, method: .becomeFirstResponder)))
                } else if let oldID = entry.id, let old = entry.view.object, ids.knownID(of: old) == oldID {
                    push(.call(CallRecord(t: t, responder: oldID, method: .resignFirstResponder)))
                }
            }
            push(.firstResponder(FirstResponderRecord(t: t, view: newID, window: ids.knownID(of: window))))
            firstResponders[ObjectIdentifier(window)] = WrittenFirstResponder(
                window: entry.window, view: WeakObject(view), id: newID)
        }
        return held
    }

    /// Whether UIKit's handling of the current event (as replay models it) explains the change: a tapped view
    /// taking focus, or a resign that a declared policy or recognizer effect performs.
    private func explainedByUIKit(newFirstResponder: AnyObject?) -> Bool {
        guard let dispatching else { return false }
        if let responder = newFirstResponder {
            // A controller becomes first responder only by the app's own call (UIKit focuses no controller on a tap).
            guard let view = responder as? any RecordableView else { return false }
            // UIKit focuses a tapped text input itself, as replay models it. A tapped view of another class (a PIN pad
            // adopting `UIKeyInput`) becomes first responder by the app's own call, from its `touchesEnded` or a
            // recognizer's action, which replay must be given.
            return touchedViews.contains { $0.object === view } && Self.isTextInput(view)
        }
        return !dispatching.recordedPolicies.isEmpty || !configuration.policies.isEmpty
            || !configuration.recognizerEffects.isEmpty
    }

    /// A text field, search field or text view (or a subclass): the class UIKit focuses on a tap and whose text
    /// notifications are its key records.
    private static func isTextInput(_ view: any RecordableView) -> Bool {
        let fields = view.recordedFields()
        return UIKitClass.resolve(className: fields.className, baseClass: fields.baseClass).isTextInput
    }

    private static func header(_ info: SessionInfo, _ configuration: RecorderConfiguration) -> SessionHeader {
        var json: JSONObject = [
            "type": "session", "format": .string(SessionHeader.supportedFormat), "session": .string(info.sessionID),
        ]
        if let startedAt = info.startedAt { json["startedAt"] = .string(startedAt) }
        var app = JSONObject()
        if let id = info.appID { app["id"] = .string(id) }
        if let version = info.appVersion { app["version"] = .string(version) }
        if let build = info.appBuild { app["build"] = .string(build) }
        if !app.isEmpty { json["app"] = .object(app) }
        var device = JSONObject()
        if let model = info.deviceModel { device["model"] = .string(model) }
        if let system = info.system { device["system"] = .string(system) }
        if let screen = info.screen { device["screen"] = .array([.number(screen.width), .number(screen.height)]) }
        if let scale = info.scale { device["scale"] = .number(scale) }
        if !device.isEmpty { json["device"] = .object(device) }
        json["recorder"] = ["name": "TouchlogRecorder", "version": .string(Self.version)]
        if !configuration.policies.isEmpty {
            json["policies"] = .array(configuration.policies.map { .string($0.rawValue) })
        }
        return SessionHeader(session: info.sessionID, members: json)
    }

    /// The recorder's version, written in every header.
    public static let version = "0.1.0"
}
