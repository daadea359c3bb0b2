/// The model of one app's UIKit state: windows, views, controllers, recognizers, first responders, keyboard and
/// touches in flight. Build it from a `HierarchySpec`, then feed it `InputEvent`s; each returns a `Step`.
///
/// ```swift
/// var model = ResponderModel(hierarchy: spec, policies: PolicySettings(session: [.dismissOnOutsideTouch]))
/// let step = model.dispatch(.touch(TouchInput(touch: "1", phase: .began, point: Point(10, 10))), at: 0.5)
/// print(model.id(of: step.view!))   // "background"
/// ```
/// It is a value type: copy it to branch a replay (e.g. with and without a policy). All walks over the hierarchy use
/// explicit stacks, so depth is limited only by memory.
public struct ResponderModel: Sendable {
    var views: [ViewNode] = []
    /// Per view handle, for windows: the view that is first responder in that window (-1: none). Kept apart from
    /// `views` so that a first-responder change writes one integer, not the whole array of view nodes (a copied model,
    /// a replay branch, would otherwise copy every node).
    var windowFirstResponder: [Int] = []
    /// Per view handle, for windows: the view controller that is first responder in that window (-1: none), the
    /// `inputAccessoryView` pattern. A window has one first responder: at most one of this and
    /// `windowFirstResponder` is set, so the many questions about a first responder *view* (is it hidden, is it under
    /// the touch, does an `endEditing` reach it) rightly find none while a controller holds the status.
    var windowControllerFirstResponder: [Int] = []
    var viewIndex: [String: Int] = [:]
    var controllers: [ControllerNode] = []
    var controllerIndex: [String: Int] = [:]
    var recognizers: [RecognizerNode] = []
    var recognizerIndex: [String: Int] = [:]
    /// Plain objects (not responders): explicit targets, senders, delegates.
    var objects: [ObjectNode] = []
    var objectIndex: [String: Int] = [:]
    /// Windows in recording order (back to front within a level).
    var windows: [Int] = []
    /// Windows in hit-testing order: level descending, later-listed first within a level (H10).
    var windowsFrontToBack: [Int] = []
    var keyWindow = -1
    var application = ApplicationSpec()
    /// The keyboard-dismiss policies in force.
    public var policies: PolicySettings
    var touches: [TouchState] = []
    var nextTouchSerial = 0
    var activeRecognizers: [Int] = []
    /// The time of the last event (seconds since session start).
    public internal(set) var now = 0.0
    var keyboardIsVisible = false
    /// Where the keyboard is on the screen, as the app was last told (a `keyboard` notification's end frame); nil until
    /// one is known. Interactive keyboard dismissal needs it (KD2).
    public internal(set) var keyboardFrame: Rect?
    /// The last touch-up inside a control (where and when, and its tap count), to count a repeated tap on it when the
    /// recording gives no `tapCount` (CT7).
    var lastControlTap: (view: Int, t: Double, point: Point, count: Int)?
    var keyboardOwner: ObjectRef? = nil
    /// Set when a recognizer changed state or a touch went away: only then can a recognizer need resetting.
    var recognizersNeedReset = false
    /// Each table and collection view's selection and highlighted cell, by the list's handle (part 2, LS1–LS4);
    /// absent: nothing selected or highlighted.
    var listSelections: [Int: ListSelection] = [:]
    /// Fill the steps' trace detail (`location`, `responderChain`, `sendEvent`): off on the hot path (report,
    /// benchmarks), on for a trace.
    public var recordsTraceDetail = false

    /// Builds the model from a first snapshot.
    public init(hierarchy: HierarchySpec, policies: PolicySettings = PolicySettings()) {
        self.policies = policies
        var scratch = Step()
        applySnapshot(hierarchy, step: &scratch)
        keyboardIsVisible = keyboardShouldBeVisible
        keyboardOwner = keyboardIsVisible ? firstResponderRef(ofWindow: keyWindow) : nil
    }

    // MARK: ids and handles

    /// The recorded id of any object the model knows (also for objects no longer in the hierarchy).
    public func id(of ref: ObjectRef) -> String {
        switch ref {
        case .view(let i): return views[i].id
        case .controller(let i): return controllers[i].id
        case .recognizer(let i): return recognizers[i].id
        case .application: return application.id
        case .applicationDelegate: return application.delegateID ?? "appDelegate"
        case .object(let o): return objects[o].id
        }
    }

    /// The handle of a live object by id: views and windows (also those in no window), controllers, recognizers, the
    /// application, its delegate, plain objects.
    public func ref(for id: String) -> ObjectRef? {
        if let v = viewIndex[id], views[v].alive || views[v].detached { return .view(v) }
        if let c = controllerIndex[id], controllers[c].alive { return .controller(c) }
        if let g = recognizerIndex[id], recognizers[g].alive { return .recognizer(g) }
        if id == application.id { return .application }
        if let d = application.delegateID, d == id { return .applicationDelegate }
        if let o = objectIndex[id], objects[o].alive { return .object(o) }
        return nil
    }

    /// The handle of a live view or window by id.
    public func view(_ id: String) -> ObjectRef? {
        if let v = viewIndex[id], views[v].alive { return .view(v) }
        return nil
    }

    func liveView(_ id: String) -> Int? {
        if let v = viewIndex[id], views[v].alive { return v }
        return nil
    }

    /// A view in a window or in no window (created and not added, removed and kept): one the app still holds.
    func existingView(_ id: String) -> Int? {
        if let v = viewIndex[id], views[v].alive || views[v].detached { return v }
        return nil
    }

    // MARK: building

    /// Replaces the hierarchy with a snapshot (re-synchronisation). Handles of ids present before are kept;
    /// touches whose views still exist stay bound; first responders and the key window come from the snapshot.
    mutating func applySnapshot(_ spec: HierarchySpec, step: inout Step) {
        let before = firstRespondersByWindow()
        for i in views.indices where views[i].alive || views[i].detached {
            views[i].alive = false
            views[i].detached = false
            views[i].children.removeAll()
        }
        for i in controllers.indices { controllers[i].alive = false }
        for i in recognizers.indices { recognizers[i].alive = false }
        for i in objects.indices { objects[i].alive = false }
        windows.removeAll()
        var flaggedKey = -1
        for (order, w) in spec.windows.enumerated() {
            let h = buildSubtree(w.view, parent: -1, at: nil)
            views[h].isWindow = true
            views[h].windowLevel = w.windowLevel
            views[h].windowOrder = order
            views[h].windowPolicies = w.policies
            windowFirstResponder[h] = -1
            windowControllerFirstResponder[h] = -1
            addWindowRecognizers(h)
            windows.append(h)
            if w.isKeyWindow { flaggedKey = h }
        }
        application = spec.application
        for d in spec.detachedViews { markDetached(buildSubtree(d, parent: -1, at: nil)) }
        for c in spec.controllers { _ = addController(c) }
        for o in spec.objects { addObject(o) }
        resolveControllerLinks()
        resolveRequirements()
        // A snapshot that flags no key window has none (docs/log-format.md, reading 7): key input and nil-targeted
        // actions without a sender then reach nobody.
        keyWindow = flaggedKey
        sortWindows()
        // First responders: the snapshot's isFirstResponder flags are authoritative.
        var stack: [Int] = windows
        while let v = stack.popLast() {
            if views[v].snapshotSaysFirstResponder {
                let w = windowOf(v)
                if w >= 0 { windowFirstResponder[w] = v }
            }
            stack.append(contentsOf: views[v].children)
        }
        // A controller flagged first responder holds its window's status unless a view there is flagged too (a
        // window has one first responder; the view, read from the hierarchy itself, wins).
        for c in controllers.indices where controllers[c].alive && controllers[c].snapshotSaysFirstResponder {
            let w = windowOfController(c)
            if w >= 0 && windowFirstResponder[w] < 0 { windowControllerFirstResponder[w] = c }
        }
        for w in windows {
            let old = before.first(where: { $0.window == w })?.responder
            let new = firstResponderRef(ofWindow: w)
            if old != new {
                step.firstResponderChanges.append(
                    FirstResponderChange(window: .view(w), from: old, to: new, reason: .snapshot))
            }
        }
        // Touches in flight: keep those whose view still exists.
        for t in touches.indices {
            if touches[t].view >= 0 && !views[touches[t].view].alive {
                step.notes.append(
                    StepNote(
                        "touch \"\(touches[t].key)\": its view \"\(views[touches[t].view].id)\" is not in the new snapshot; the touch is no longer bound"
                    ))
                touches[t].view = -1
            }
            touches[t].recognizers.removeAll(where: { !recognizers[$0].alive })
        }
        activeRecognizers.removeAll(where: { !recognizers[$0].alive })
    }

    /// Takes a subtree out of the window trees while keeping it: it exists (calls and sets reach it) in no window.
    mutating func markDetached(_ root: Int) {
        var stack = [root]
        while let n = stack.popLast() {
            views[n].alive = false
            views[n].detached = true
            for g in views[n].recognizers { recognizers[g].alive = false }
            stack.append(contentsOf: views[n].children)
        }
    }

    func firstRespondersByWindow() -> [(window: Int, responder: ObjectRef?)] {
        windows.map { ($0, firstResponderRef(ofWindow: $0)) }
    }

    /// Creates or refreshes the nodes of a view subtree (explicit stack) and returns the root's handle.
    mutating func buildSubtree(_ spec: ViewSpec, parent: Int, at index: Int?) -> Int {
        var stack: [(spec: ViewSpec, parent: Int)] = [(spec, parent)]
        var root = -1
        while let (s, p) = stack.popLast() {
            let h = makeViewNode(s)
            views[h].parent = p
            if p >= 0 {
                if root == -1, let index, index >= 0, index < views[p].children.count {
                    views[p].children.insert(h, at: index)
                } else {
                    views[p].children.append(h)
                }
            }
            if root == -1 { root = h }
            for child in s.subviews.reversed() { stack.append((child, h)) }
        }
        return root
    }

    /// Creates (or revives, keeping the handle) a view node and sets every field from the spec and class defaults.
    mutating func makeViewNode(_ s: ViewSpec) -> Int {
        let kind = s.uikitClass
        // An existing node is replaced whole below; a new one is appended once built. A window's first responder is
        // kept apart (`windowFirstResponder`), so it survives the node's reset.
        let existing = viewIndex[s.id]
        let h = existing ?? views.count
        var n = ViewNode(id: s.id, className: s.className, kind: kind)
        var boxed = ViewNode.Properties(id: s.id, className: s.className)
        n.alive = true
        // Every stored field from the recording or the class default (the table's one list of defaults).
        for field in ViewNode.storedFields {
            if let value = s.properties.resolved(field, for: kind) { n.store(field, value, boxed: &boxed) }
        }
        n.properties = boxed
        // Geometry: frame gives center and bounds size; bounds gives size and origin (scroll offset).
        let b = s.bounds ?? Rect(0, 0, s.frame?.width ?? 0, s.frame?.height ?? 0)
        n.bounds = b
        n.transform = s.transform ?? .identity
        if let f = s.frame, n.transform.isIdentity {
            n.frameOrigin = Point(f.x, f.y)
            n.center = s.center ?? Point(f.x + f.width / 2, f.y + f.height / 2)
            if s.bounds == nil { n.bounds = Rect(0, 0, f.width, f.height) }
        } else {
            let c = s.center ?? (s.frame.map { Point($0.midX, $0.midY) } ?? .zero)
            n.center = c
            n.frameOrigin = Point(c.x - b.width / 2, c.y - b.height / 2)
        }
        n.frameWasNull = s.frame == nil
        n.snapshotSaysFirstResponder = s.isFirstResponder ?? false
        n.refreshDerived()
        if existing != nil {
            views[h] = n
        } else {
            views.append(n)
            windowFirstResponder.append(-1)
            windowControllerFirstResponder.append(-1)
            viewIndex[s.id] = h
        }
        if kind.isList { setSelection(of: h, s.properties.selectedIndexPaths ?? []) }
        setRecognizers(of: h, s.gestureRecognizers ?? [])
        return h
    }

    /// Attaches the view's recognizers: UIKit's own first (scroll pan, text interaction), then the recorded ones.
    mutating func setRecognizers(of h: Int, _ specs: [RecognizerSpec]) {
        for g in views[h].recognizers where recognizers[g].view == h { recognizers[g].alive = false }
        var list: [Int] = []
        let kind = views[h].kind
        if kind.isScrollView {
            var pan = RecognizerSpec(
                id: views[h].id + "#pan", className: "UIScrollViewPanGestureRecognizer", kind: .pan)
            pan.delaysTouchesEnded = false
            // SC1, GR10: a scroll view that zooms has a pinch recognizer too ("the scroll view's built-in pinch
            // gesture recognizer", nil when zooming is off); a two-finger drag pans while it zooms, so they
            // recognize together.
            let zooms = views[h].properties.maximumZoomScale > views[h].properties.minimumZoomScale
            if zooms { pan.simultaneousWith = [views[h].id + "#pinch"] }
            list.append(makeRecognizer(pan, view: h, synthetic: .scrollPan))
            if zooms {
                var pinch = RecognizerSpec(
                    id: views[h].id + "#pinch", className: "UIScrollViewPinchGestureRecognizer", kind: .pinch)
                pinch.delaysTouchesEnded = false
                pinch.simultaneousWith = [views[h].id + "#pan"]
                list.append(makeRecognizer(pinch, view: h, synthetic: .scrollZoom))
            }
        }
        if kind.isTextInput {
            let tap = RecognizerSpec(
                id: views[h].id + "#textInteraction", className: "UITextInteractionTapRecognizer", kind: .tap)
            list.append(makeRecognizer(tap, view: h, synthetic: .textInteraction))
            // The loupe: holding a finger on a text input takes the touch after 0.5 s (so a resting finger stops
            // being "in" the field, D2) and editing begins when it lifts.
            let press = RecognizerSpec(
                id: views[h].id + "#textLongPress", className: "UITextInteractionLongPressRecognizer", kind: .longPress)
            list.append(makeRecognizer(press, view: h, synthetic: .textInteraction))
        }
        for s in specs { list.append(makeRecognizer(s, view: h, synthetic: .none)) }
        views[h].recognizers = list
    }

    /// Window-level recognizers added by policies (8.5 IQKeyboardManager; `+tap-to-dismiss`).
    mutating func addWindowRecognizers(_ w: Int) {
        var iq = RecognizerSpec(
            id: views[w].id + "#resignOnTouchOutside", className: "UITapGestureRecognizer", kind: .tap)
        iq.cancelsTouchesInView = false
        iq.ignoresControls = true
        let g = makeRecognizer(iq, view: w, synthetic: .resignOnTouchOutside)
        recognizers[g].ignoresNavigationBars = true
        views[w].recognizers.append(g)
        var tap = RecognizerSpec(id: views[w].id + "#tapToDismiss", className: "UITapGestureRecognizer", kind: .tap)
        tap.cancelsTouchesInView = false
        tap.actions = [RecognizerActionSpec(target: nil, action: "endEditing:", effect: .endEditing)]
        views[w].recognizers.append(makeRecognizer(tap, view: w, synthetic: .tapToDismissPolicy))
    }

    mutating func makeRecognizer(_ s: RecognizerSpec, view: Int, synthetic: SyntheticRecognizer) -> Int {
        let g: Int
        if let existing = recognizerIndex[s.id] {
            g = existing
        } else {
            g = recognizers.count
            recognizers.append(RecognizerNode(id: s.id, className: s.className, kind: s.resolvedKind))
            recognizerIndex[s.id] = g
        }
        // Runtime state survives a re-snapshot of the same recognizer; configuration comes from the spec.
        recognizers[g].properties = RecognizerNode.Properties(
            id: s.id, className: s.className, requireToFailIDs: s.requireToFail,
            simultaneousWithIDs: s.simultaneousWith, actions: s.actions, delegateID: s.delegate,
            touchesRequired: max(1, s.numberOfTouchesRequired), pressDuration: s.minimumPressDuration,
            allowableMovement: s.allowableMovement, directions: s.direction,
            minimumTouches: max(1, s.minimumNumberOfTouches),
            maximumTouches: max(max(1, s.minimumNumberOfTouches), s.maximumNumberOfTouches ?? Int.max))
        recognizers[g].kind = s.resolvedKind
        recognizers[g].synthetic = synthetic
        recognizers[g].alive = true
        recognizers[g].view = view
        recognizers[g].isEnabled = s.isEnabled
        recognizers[g].cancelsTouchesInView = s.cancelsTouchesInView
        recognizers[g].delaysTouchesBegan = s.delaysTouchesBegan
        recognizers[g].delaysTouchesEnded = s.delaysTouchesEnded
        recognizers[g].tapsRequired = max(1, s.numberOfTapsRequired)
        recognizers[g].ignoresControls = s.ignoresControls
        recognizers[g].shouldBegin = s.shouldBegin
        return g
    }

    /// Declares (or revives, keeping the handle) a plain object.
    mutating func addObject(_ o: ObjectSpec) {
        if let existing = objectIndex[o.id] {
            objects[existing] = ObjectNode(id: o.id, className: o.className, implements: o.implements)
        } else {
            objectIndex[o.id] = objects.count
            objects.append(ObjectNode(id: o.id, className: o.className, implements: o.implements))
        }
    }

    mutating func addController(_ c: ControllerSpec) -> Int {
        let h: Int
        if let existing = controllerIndex[c.id] {
            h = existing
        } else {
            h = controllers.count
            controllers.append(ControllerNode(id: c.id, className: c.className))
            controllerIndex[c.id] = h
        }
        var n = ControllerNode(id: c.id, className: c.className)
        n.viewID = c.view
        n.parentID = c.parent
        n.presentingID = c.presentingViewController
        n.modalPresentationStyle = c.modalPresentationStyle
        n.presentationContainerID = c.presentationContainer
        n.implements = c.implements
        n.refusesActions = c.refusesActions
        n.overridesTouches = c.overridesTouches
        n.endsEditingOnTouchesBegan = c.endsEditingOnTouchesBegan
        n.canBecomeFirstResponder = c.canBecomeFirstResponder
        n.showsInputViews = c.showsInputViews
        n.snapshotSaysFirstResponder = c.isFirstResponder
        controllers[h] = n
        return h
    }

    /// Links controllers to their root views, parents and presenters by id (again after structural changes).
    mutating func resolveControllerLinks() {
        for i in views.indices { views[i].controller = -1 }
        for c in controllers.indices where controllers[c].alive {
            let v = controllers[c].viewID.flatMap { liveView($0) } ?? -1
            controllers[c].view = v
            if v >= 0 { views[v].controller = c }
            controllers[c].parent =
                controllers[c].parentID.flatMap { id in
                    controllerIndex[id].flatMap { controllers[$0].alive ? $0 : nil }
                } ?? -1
            controllers[c].presenting =
                controllers[c].presentingID.flatMap { id in
                    controllerIndex[id].flatMap { controllers[$0].alive ? $0 : nil }
                } ?? -1
        }
    }

    mutating func resolveRequirements() {
        for g in recognizers.indices where recognizers[g].alive {
            recognizers[g].requireToFail = recognizers[g].requireToFailIDs.compactMap { id in
                if let o = recognizerIndex[id], recognizers[o].alive { return o }
                return nil
            }
        }
    }

    mutating func sortWindows() {
        var list = windows
        list.sort { l, r in
            if views[l].windowLevel != views[r].windowLevel { return views[l].windowLevel > views[r].windowLevel }
            return views[l].windowOrder > views[r].windowOrder
        }
        windowsFrontToBack = list
    }

    // MARK: structure queries

    /// The window containing a view (the view itself for a window), or -1 when detached.
    func windowOf(_ v: Int) -> Int {
        var cur = v
        while cur >= 0 {
            if views[cur].isWindow { return views[cur].alive ? cur : -1 }
            cur = views[cur].parent
        }
        return -1
    }

    /// Whether `v` is `ancestor` or one of its descendants (walks up, no recursion).
    func isDescendant(_ v: Int, of ancestor: Int) -> Bool {
        var cur = v
        while cur >= 0 {
            if cur == ancestor { return true }
            cur = views[cur].parent
        }
        return false
    }
}
