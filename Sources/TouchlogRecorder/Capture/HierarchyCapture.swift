import TouchlogSchema

/// Reads the app's windows into a `HierarchySpec`: the main thread's whole share of a snapshot.
///
/// It copies small values and gives ids, nothing more: diffing and encoding happen on the writer thread. Fields equal
/// to the default of the view's UIKit class are left out (`nil`), which is what keeps a 1,000-view snapshot short;
/// the format gives a missing field exactly that default. Privacy is applied here, so text never leaves the main
/// thread: a view's text is at most its length, a secure field's not even that, and labels are masked on request.
public struct HierarchyCapture {
    public var privacy: RecorderPrivacy
    /// What the app declared its recognizer actions do to the first responder, by action name.
    public var recognizerEffects: [String: RecognizerEffect]

    /// Reads targets and delegates that are not in the hierarchy; without it they are left out, as before the
    /// format could name plain objects.
    public var objectReader: (any RecordableObjectReader)?

    /// Actions the app asked `target(forAction:withSender:)` for (`Recorder.didAskTarget`), asked of responders
    /// besides the controls' and recognizers' actions: replay answers the question from their `implements`.
    public var askedActions: Set<String> = []

    public init(
        privacy: RecorderPrivacy = RecorderPrivacy(), recognizerEffects: [String: RecognizerEffect] = [:],
        objectReader: (any RecordableObjectReader)? = nil
    ) {
        self.privacy = privacy
        self.recognizerEffects = recognizerEffects
        self.objectReader = objectReader
    }

    /// The whole hierarchy of `windows` (back to front), their controllers and the application.
    ///
    /// Controllers and the application get their ids first, so that a control's target can name them. A target or
    /// delegate that is not a responder (a coordinator, a helper) is declared in `objects`, and a view in no window
    /// in `detachedViews`, and named by its id; one the recording still cannot name (a view later in the walk, a
    /// controller whose view is in no window) leaves its pair out rather than writing `null`, which would mean
    /// "nil-targeted".
    public func capture(
        windows: [any RecordableWindow], application: (any RecordableApplication)?, ids: inout ObjectIDs
    ) -> HierarchySpec {
        captureAll(windows: windows, application: application, ids: &ids).hierarchy
    }

    /// `capture`, also giving the action names every responder was asked about (`implements`): a path capture can
    /// reuse the answers only for these.
    func captureAll(
        windows: [any RecordableWindow], application: (any RecordableApplication)?, ids: inout ObjectIDs
    ) -> (hierarchy: HierarchySpec, selectors: Set<String>) {
        ids.beginCapture()
        var found: [(controller: any RecordableController, fields: ControllerFields, id: String)] = []
        var pending = windows.compactMap(\.recordedRootController)
        var seen: Set<ObjectIdentifier> = []
        while !pending.isEmpty {
            let controller = pending.removeFirst()
            guard seen.insert(ObjectIdentifier(controller)).inserted else { continue }
            let fields = controller.recordedFields()
            pending += fields.children
            guard fields.isViewInWindow, fields.view != nil else { continue }
            found.append((controller, fields, ids.captured(controller, className: fields.className)))
        }
        var spec = HierarchySpec(windows: [])
        var delegate: (object: AnyObject, className: String, isResponder: Bool)?
        if let application {
            delegate = application.recordedDelegate
            spec.application = ApplicationSpec(
                id: ids.captured(application, className: application.recordedClassName),
                className: application.recordedClassName,
                delegateID: delegate.map { ids.captured($0.object, className: $0.className) },
                delegateIsResponder: delegate?.isResponder ?? false)
        }
        var walk = Walk(privacy: privacy, recognizerEffects: recognizerEffects, objectReader: objectReader)
        for window in windows {
            spec.windows.append(
                WindowSpec(
                    view: walk.view(window, ids: &ids), windowLevel: window.recordedWindowLevel,
                    isKeyWindow: window.recordedIsKeyWindow, policies: window.recordedPolicies))
        }
        let asked = walk.actionNames.union(askedActions)
        let selectors = asked.sorted()
        for entry in found {
            guard let view = entry.fields.view, let viewID = ids.knownID(of: view) else { continue }
            let implements = selectors.isEmpty ? [] : entry.controller.recordedImplements(selectors)
            spec.controllers.append(
                ControllerSpec(
                    id: entry.id, className: entry.fields.className, view: viewID,
                    parent: entry.fields.parent.flatMap { ids.knownID(of: $0) },
                    presentingViewController: entry.fields.presenting.flatMap { ids.knownID(of: $0) },
                    modalPresentationStyle: entry.fields.modalPresentationStyle,
                    presentationContainer: entry.fields.presentationContainer.flatMap { ids.knownID(of: $0) },
                    implements: implements,
                    refusesActions: implements.isEmpty ? [] : entry.controller.recordedRefuses(implements),
                    canBecomeFirstResponder: entry.fields.canBecomeFirstResponder,
                    isFirstResponder: entry.fields.isFirstResponder, showsInputViews: entry.fields.showsInputViews))
        }
        if let application, !selectors.isEmpty {
            let answers = application.recordedImplements(selectors)
            spec.application.implements = answers.application
            if delegate != nil { spec.application.delegateImplements = answers.delegate }
            // Only an implemented action can be refused (`canPerformAction` of one not implemented is false anyway,
            // and the model never asks a responder that does not implement the action).
            if !answers.application.isEmpty || !answers.delegate.isEmpty {
                let refused = application.recordedRefuses(
                    application: answers.application, delegate: delegate?.isResponder == true ? answers.delegate : [])
                spec.application.refusesActions = refused.application
                spec.application.delegateRefusesActions = refused.delegate
            }
        }
        spec.detachedViews = walk.detachedViews
        for object in walk.objects {
            var declared = object.spec
            if let objectReader, !selectors.isEmpty {
                declared.implements = objectReader.implements(object.object, selectors)
            }
            spec.objects.append(declared)
        }
        Self.answerActions(selectors, walked: walk.views, windows: windows.indices.map { ($0, windows[$0]) }, in: &spec)
        return (spec, asked)
    }

    /// Every view (UIKit's own too: a text field implements `copy:` and `paste:`) may implement an action a
    /// nil-targeted action looks for on the responder chain; the model knows only what is recorded. Writes the
    /// answers of the views `walked` and of `windows` (by index in `spec.windows`) into `spec`.
    static func answerActions(
        _ selectors: [String], walked: [(view: any RecordableView, id: String, className: String)],
        windows: [(index: Int, window: any RecordableWindow)], in spec: inout HierarchySpec
    ) {
        guard !selectors.isEmpty else { return }
        let answers = actionAnswers(of: walked, selectors)
        if !answers.isEmpty {
            var left = answers.count
            for index in spec.windows.indices where left > 0 {
                apply(answers, to: &spec.windows[index].view, left: &left)
            }
            for index in spec.detachedViews.indices where left > 0 {
                apply(answers, to: &spec.detachedViews[index], left: &left)
            }
        }
        for (index, window) in windows {
            let implements = window.recordedImplements(selectors)
            // An empty list is left out, as every default is.
            spec.windows[index].view.implements = implements.isEmpty ? nil : implements
            let refused = implements.isEmpty ? [] : window.recordedRefuses(implements)
            spec.windows[index].view.refusesActions = refused.isEmpty ? nil : refused
        }
    }

    /// `implements` and `refusesActions` of each view that implements one of `selectors`, by id. `responds(to:)`
    /// answers from the class's methods, so it is asked once per class per capture: a view costs a lookup, not a
    /// question per action. `canPerformAction` depends on the instance's state (a field that is not editing
    /// refuses `paste:`), so each implementing view is asked itself.
    static func actionAnswers(
        of views: [(view: any RecordableView, id: String, className: String)], _ selectors: [String]
    ) -> [String: (implements: [String], refuses: [String])] {
        var implementsByClass: [String: [String]] = [:]
        var answers: [String: (implements: [String], refuses: [String])] = [:]
        for entry in views {
            let implements: [String]
            if let known = implementsByClass[entry.className] {
                implements = known
            } else {
                implements = entry.view.recordedImplements(selectors)
                implementsByClass[entry.className] = implements
            }
            guard !implements.isEmpty else { continue }
            answers[entry.id] = (implements, entry.view.recordedRefuses(implements))
        }
        return answers
    }

    /// Writes `answers` into the views of the tree they name; `left` counts those not met yet, so the walk stops
    /// once all are written.
    private static func apply(
        _ answers: [String: (implements: [String], refuses: [String])], to view: inout ViewSpec, left: inout Int
    ) {
        if let answer = answers[view.id] {
            view.implements = answer.implements.isEmpty ? nil : answer.implements
            view.refusesActions = answer.refuses.isEmpty ? nil : answer.refuses
            left -= 1
        }
        for index in view.subviews.indices where left > 0 {
            apply(answers, to: &view.subviews[index], left: &left)
        }
    }

    /// One capture's walk over the view tree.
    struct Walk {
        var privacy: RecorderPrivacy
        var recognizerEffects: [String: RecognizerEffect]
        /// Every action name met (controls and recognizers), asked of controllers and the application afterwards.
        var actionNames: Set<String> = []
        var objectReader: (any RecordableObjectReader)?
        /// Resolved classes by name: resolving compares the name with every UIKit class the model knows.
        var classes: [String: UIKitClass] = [:]
        /// `ViewProperties.defaults(for:)` per class met, so a capture computes each class's defaults once.
        var defaultsByClass: [UIKitClass: ViewProperties] = [:]
        /// Views in no window met as targets or delegates, each with its subtree, in the order met.
        var detachedViews: [ViewSpec] = []
        /// The plain objects met as targets or delegates, in the order met, each declared once.
        var objects: [(object: AnyObject, spec: ObjectSpec)] = []
        private var declaredObjects: Set<String> = []
        /// How many views above the current one the walk is (0: a window, or a view in no window).
        var depth = 0
        /// The recognizers of the views above the one being captured (and its own, while its subviews are), which a
        /// touch on it reaches too.
        private var ancestorRecognizers: [(object: any RecordableRecognizer, id: String)] = []
        /// The views (not windows), in a window or in no window, with their id and class, asked `implements` once
        /// the capture knows the session's action names.
        var views: [(view: any RecordableView, id: String, className: String)] = []
        /// How deep the walk is inside views in no window met as targets or delegates.
        private var walkingDetached = 0

        init(
            privacy: RecorderPrivacy, recognizerEffects: [String: RecognizerEffect],
            objectReader: (any RecordableObjectReader)?
        ) {
            self.privacy = privacy
            self.recognizerEffects = recognizerEffects
            self.objectReader = objectReader
        }

        /// The id a target or delegate is named by: its id when this capture saw it (a view before it in the walk, a
        /// controller, the application or its delegate, a plain object met before); else a view in no window, walked
        /// into `detachedViews`; else, when it is no responder, a new entry of `objects`. nil: a responder the
        /// recording does not name (a view later in the walk, a controller whose view is in no window), which the
        /// caller leaves out.
        mutating func reference(to object: AnyObject, ids: inout ObjectIDs) -> String? {
            if let known = ids.knownID(of: object) { return known }
            // A view the app keeps in no window (created and not yet added, or removed and kept): a responder the
            // format declares in `detachedViews`, so it can be named without being put on screen.
            if let view = object as? any RecordableView, !view.recordedIsInWindow {
                let windowDepth = depth
                depth = 0
                walkingDetached += 1
                let detached = self.view(view, ids: &ids)
                walkingDetached -= 1
                depth = windowDepth
                detachedViews.append(detached)
                return detached.id
            }
            guard let objectReader else { return nil }
            let description = objectReader.describe(object)
            // A responder is not a plain object: declaring it as one would take it off the responder chain.
            guard !description.isResponder else { return nil }
            let id = ids.captured(object, className: description.className)
            if declaredObjects.insert(id).inserted {
                objects.append((object, ObjectSpec(id: id, className: description.className)))
            }
            return id
        }

        mutating func classDefaults(_ kind: UIKitClass) -> ViewProperties {
            if let known = defaultsByClass[kind] { return known }
            let defaults = ViewProperties.defaults(for: kind)
            defaultsByClass[kind] = defaults
            return defaults
        }

        /// `UIKitClass.resolve`, remembered: `baseClass` when it is a known class, else `className`, else UIView.
        mutating func uikitClass(_ className: String, _ baseClass: String?) -> UIKitClass {
            if let baseClass, let known = classes[baseClass] ?? UIKitClass(rawValue: baseClass) {
                classes[baseClass] = known
                return known
            }
            if let known = classes[className] { return known }
            let resolved = UIKitClass(rawValue: className) ?? .view
            classes[className] = resolved
            return resolved
        }

        /// A transformed view has no frame: its center and transform place it. An untransformed one is placed by its
        /// frame, with bounds only when their origin is not zero (a scroll offset). The other of each is left out.
        static func keepPlacingFields(_ properties: inout ViewProperties) {
            if (properties.transform ?? .identity) == .identity {
                properties.center = nil
                if let bounds = properties.bounds, bounds.x == 0, bounds.y == 0 { properties.bounds = nil }
            } else {
                properties.frame = nil
            }
        }

        /// The view and its subtree. Recursion is bounded by UIKit's own view depth (the format allows 250 levels).
        mutating func view(
            _ view: any RecordableView, ids: inout ObjectIDs, subviews: Subviews = .all
        ) -> ViewSpec {
            let fields = view.recordedFields()
            let id = ids.captured(view, className: fields.className)
            let kind = uikitClass(fields.className, fields.baseClass)
            var properties = fields.properties
            Self.keepPlacingFields(&properties)
            properties.accessibilityLabel = properties.accessibilityLabel.map { privacy.label($0) }
            properties.accessibilityElements = properties.accessibilityElements.map { elements in
                elements.map { element in
                    var masked = element
                    masked.label = element.label.map { privacy.label($0) }
                    return masked
                }
            }
            // What equals the class default is left out: every reader of the format restores it.
            properties.removeValues(equalTo: classDefaults(kind))
            var spec = ViewSpec(
                id: id, className: fields.className, baseClass: fields.baseClass, frame: properties.frame,
                properties: properties)
            switch fields.text {
            case .none, .secure: break
            case .length(let length): spec.textLength = length
            }
            if let control = view as? any RecordableControl {
                let controlFields = control.recordedControlFields()
                if !controlFields.isEnabled { spec.isEnabled = false }
                for action in controlFields.actions {
                    // A UIAction's name is no selector: no responder is asked whether it implements it.
                    if !action.isHandler { actionNames.insert(action.action) }
                    // A target the recording cannot name is left out: `null` would mean "nil-targeted".
                    var target: String?
                    if let object = action.target {
                        guard let known = reference(to: object, ids: &ids) else { continue }
                        target = known
                    }
                    // A UIAction's title is what the screen shows: masked as labels are.
                    let name = action.isHandler ? privacy.label(action.action) : action.action
                    spec.actions =
                        (spec.actions ?? []) + [ActionSpec(events: action.events, target: target, action: name)]
                }
            }
            if let delegate = view.recordedDelegate { spec.delegate = reference(to: delegate, ids: &ids) }
            let outer = ancestorRecognizers.count
            defer { ancestorRecognizers.removeSubrange(outer...) }
            var objects = view.recordedRecognizers
            if !objects.isEmpty {
                // Only the app's recognizers are declared and observed. A scroll view's own pan is the model's
                // `<id>#pan`, made from the scroll view's fields: it joins the recognizers a touch below reaches (the
                // app's may recognize with it) under that id, and nothing else is written of it. UIKit's private ones
                // are left out: the model knows nothing of them.
                objects.removeAll { object in
                    switch object.recordedOrigin {
                    case .app: return false
                    case .scrollViewPan:
                        ancestorRecognizers.append((object, id + "#pan"))
                        return true
                    case .uikitPrivate, .recording: return true
                    }
                }
            }
            var recognizers = objects.map { self.recognizer($0, ids: &ids) }
            if !recognizers.isEmpty {
                markSimultaneity(objects, &recognizers)
                spec.gestureRecognizers = recognizers
                for (object, recognizer) in zip(objects, recognizers) {
                    ancestorRecognizers.append((object, recognizer.id))
                }
            }
            // A window is asked as a window (`RecordableWindow`), after the walk.
            if walkingDetached > 0 || depth > 0 { views.append((view, id, fields.className)) }
            depth += 1
            switch subviews {
            case .all:
                view.forEachRecordedSubview { subview in spec.subviews.append(self.view(subview, ids: &ids)) }
            case .along(let points, let previous):
                spec.subviews = pathSubviews(of: view, points: points, previous: previous, ids: &ids)
            }
            depth -= 1
            return spec
        }

        /// GR2: a touch on a view reaches its recognizers and its ancestors', so those are the pairs that can compete.
        /// Each recognizer names those of its ancestors and the earlier ones of its own view that either delegate lets it
        /// recognize with ("returning true is guaranteed to allow simultaneous recognition", Apple docs:
        /// gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)); one side of a pair is enough for replay.
        func markSimultaneity(_ objects: [any RecordableRecognizer], _ specs: inout [RecognizerSpec]) {
            func either(_ a: any RecordableRecognizer, _ b: any RecordableRecognizer) -> Bool {
                a.recordedRecognizesSimultaneously(with: b) || b.recordedRecognizesSimultaneously(with: a)
            }
            // Walked in place: this runs on the main thread at every capture, so no list of pairs is built.
            for index in objects.indices {
                for (other, otherID) in ancestorRecognizers where either(objects[index], other) {
                    specs[index].simultaneousWith.append(otherID)
                }
                for earlier in 0..<index where either(objects[index], objects[earlier]) {
                    specs[index].simultaneousWith.append(specs[earlier].id)
                }
            }
        }

        mutating func recognizer(_ recognizer: any RecordableRecognizer, ids: inout ObjectIDs) -> RecognizerSpec {
            let fields = recognizer.recordedFields()
            var actions: [RecognizerActionSpec] = []
            for action in fields.actions {
                actionNames.insert(action.action)
                var target: String?
                if let object = action.target {
                    guard let known = reference(to: object, ids: &ids) else { continue }
                    target = known
                }
                actions.append(
                    RecognizerActionSpec(
                        target: target, action: action.action, effect: recognizerEffects[action.action]))
            }
            let (id, isNew) = ids.capturedFirstSight(recognizer, className: fields.className)
            if isNew { recognizer.recordedObserveStates() }
            return RecognizerSpec(
                id: id, className: fields.className,
                kind: fields.baseClass.map { RecognizerKind(className: $0) }, isEnabled: fields.isEnabled,
                cancelsTouchesInView: fields.cancelsTouchesInView, delaysTouchesBegan: fields.delaysTouchesBegan,
                delaysTouchesEnded: fields.delaysTouchesEnded, numberOfTapsRequired: fields.numberOfTapsRequired,
                numberOfTouchesRequired: fields.numberOfTouchesRequired,
                minimumPressDuration: fields.minimumPressDuration, allowableMovement: fields.allowableMovement,
                direction: fields.direction, minimumNumberOfTouches: fields.minimumNumberOfTouches,
                maximumNumberOfTouches: fields.maximumNumberOfTouches, actions: actions,
                delegate: fields.delegate.flatMap { reference(to: $0, ids: &ids) })
        }
    }
}
