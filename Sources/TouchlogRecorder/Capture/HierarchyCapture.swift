import ResponderCore

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

    public init(privacy: RecorderPrivacy = RecorderPrivacy(), recognizerEffects: [String: RecognizerEffect] = [:]) {
        self.privacy = privacy
        self.recognizerEffects = recognizerEffects
    }

    /// The whole hierarchy of `windows` (back to front), their controllers and the application.
    ///
    /// Controllers and the application get their ids first, so that a control's target can name them; a target
    /// the recording cannot name (a plain object, a view later in the walk) leaves its pair out rather than writing
    /// `null`, which would mean "nil-targeted".
    public func capture(
        windows: [any RecordableWindow], application: (any RecordableApplication)?, ids: inout ObjectIDs
    ) -> HierarchySpec {
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
        var walk = Walk(privacy: privacy, recognizerEffects: recognizerEffects)
        for window in windows {
            spec.windows.append(
                WindowSpec(
                    view: walk.view(window, ids: &ids), windowLevel: window.recordedWindowLevel,
                    isKeyWindow: window.recordedIsKeyWindow, policies: window.recordedPolicies))
        }
        let selectors = walk.actionNames.sorted()
        for entry in found {
            guard let view = entry.fields.view, let viewID = ids.knownID(of: view) else { continue }
            spec.controllers.append(
                ControllerSpec(
                    id: entry.id, className: entry.fields.className, view: viewID,
                    parent: entry.fields.parent.flatMap { ids.knownID(of: $0) },
                    presentingViewController: entry.fields.presenting.flatMap { ids.knownID(of: $0) },
                    implements: selectors.isEmpty ? [] : entry.controller.recordedImplements(selectors)))
        }
        if let application, !selectors.isEmpty {
            let answers = application.recordedImplements(selectors)
            spec.application.implements = answers.application
            if delegate != nil { spec.application.delegateImplements = answers.delegate }
        }
        for index in spec.windows.indices where !selectors.isEmpty {
            spec.windows[index].view.implements = windows[index].recordedImplements(selectors)
        }
        return spec
    }

    /// One capture's walk over the view tree.
    private struct Walk {
        var privacy: RecorderPrivacy
        var recognizerEffects: [String: RecognizerEffect]
        /// Every action name met (controls and recognizers), asked of controllers and the application afterwards.
        var actionNames: Set<String> = []
        /// Resolved classes by name: resolving compares the name with every UIKit class the model knows.
        var classes: [String: UIKitClass] = [:]

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

        /// The view and its subtree. Recursion is bounded by UIKit's own view depth (the format allows 250 levels).
        mutating func view(_ view: any RecordableView, ids: inout ObjectIDs) -> ViewSpec {
            let fields = view.recordedFields()
            let id = ids.captured(view, className: fields.className)
            let kind = uikitClass(fields.className, fields.baseClass)
            let identity = fields.transform == .identity
            var spec = ViewSpec(
                id: id, className: fields.className, baseClass: fields.baseClass,
                frame: identity ? fields.frame : nil,
                bounds: identity && fields.bounds.x == 0 && fields.bounds.y == 0 ? nil : fields.bounds,
                center: identity ? nil : fields.center, transform: identity ? nil : fields.transform,
                isHidden: fields.isHidden ? true : nil, alpha: fields.alpha == 1 ? nil : fields.alpha,
                isUserInteractionEnabled: Self.unlessDefault(
                    fields.isUserInteractionEnabled, kind.defaultUserInteractionEnabled),
                clipsToBounds: Self.unlessDefault(fields.clipsToBounds, kind.defaultClipsToBounds),
                isMultipleTouchEnabled: fields.isMultipleTouchEnabled ? true : nil,
                isExclusiveTouch: fields.isExclusiveTouch ? true : nil,
                canBecomeFirstResponder: Self.unlessDefault(
                    fields.canBecomeFirstResponder, kind.defaultCanBecomeFirstResponder),
                isFirstResponder: fields.isFirstResponder ? true : nil,
                keyboardDismissMode: fields.keyboardDismissMode == KeyboardDismissMode.none
                    ? nil : fields.keyboardDismissMode,
                accessibilityIdentifier: fields.accessibilityIdentifier,
                accessibilityLabel: fields.accessibilityLabel.map { privacy.label($0) })
            switch fields.text {
            case .none, .secure: break
            case .length(let length): spec.textLength = length
            }
            if let control = view as? any RecordableControl {
                let controlFields = control.recordedControlFields()
                if !controlFields.isEnabled { spec.isEnabled = false }
                for action in controlFields.actions {
                    actionNames.insert(action.action)
                    // A target the recording does not name (a plain object) cannot be written yet: leaving the
                    // pair out is better than writing `null`, which would mean "nil-targeted".
                    var target: String?
                    if let object = action.target {
                        guard let known = ids.knownID(of: object) else { continue }
                        target = known
                    }
                    spec.actions.append(ActionSpec(events: action.events, target: target, action: action.action))
                }
            }
            for recognizer in view.recordedRecognizers {
                spec.gestureRecognizers.append(self.recognizer(recognizer, ids: &ids))
            }
            view.forEachRecordedSubview { subview in spec.subviews.append(self.view(subview, ids: &ids)) }
            return spec
        }

        mutating func recognizer(_ recognizer: any RecordableRecognizer, ids: inout ObjectIDs) -> RecognizerSpec {
            let fields = recognizer.recordedFields()
            var actions: [RecognizerActionSpec] = []
            for action in fields.actions {
                actionNames.insert(action.action)
                var target: String?
                if let object = action.target {
                    guard let known = ids.knownID(of: object) else { continue }
                    target = known
                }
                actions.append(
                    RecognizerActionSpec(
                        target: target, action: action.action, effect: recognizerEffects[action.action]))
            }
            return RecognizerSpec(
                id: ids.captured(recognizer, className: fields.className), className: fields.className,
                kind: fields.baseClass.map { RecognizerKind(className: $0) }, isEnabled: fields.isEnabled,
                cancelsTouchesInView: fields.cancelsTouchesInView, delaysTouchesBegan: fields.delaysTouchesBegan,
                delaysTouchesEnded: fields.delaysTouchesEnded, numberOfTapsRequired: fields.numberOfTapsRequired,
                actions: actions)
        }

        private static func unlessDefault(_ value: Bool, _ classDefault: Bool) -> Bool? {
            value == classDefault ? nil : value
        }
    }
}
