/// A gesture recognizer attached to a view (log format section 3).
public struct RecognizerSpec: Sendable, Equatable {
    public var id: String
    public var className: String
    /// Overrides the kind derived from `className` (custom subclasses whose name says nothing).
    public var kind: RecognizerKind?
    public var isEnabled: Bool
    public var cancelsTouchesInView: Bool
    public var delaysTouchesBegan: Bool
    public var delaysTouchesEnded: Bool
    public var numberOfTapsRequired: Int
    public var requireToFail: [String]
    /// A delegate whose `shouldReceive` refuses touches on UIControls.
    public var ignoresControls: Bool
    /// false: a delegate whose `gestureRecognizerShouldBegin` returns false (G8).
    public var shouldBegin: Bool
    public var actions: [RecognizerActionSpec]
    /// The id of its `UIGestureRecognizerDelegate`, often a plain object; the delegate's answers are the flags above
    /// (`ignoresControls`, `shouldBegin`).
    public var delegate: String?

    public init(
        id: String, className: String, kind: RecognizerKind? = nil, isEnabled: Bool = true,
        cancelsTouchesInView: Bool = true, delaysTouchesBegan: Bool = false, delaysTouchesEnded: Bool = true,
        numberOfTapsRequired: Int = 1, requireToFail: [String] = [], ignoresControls: Bool = false,
        shouldBegin: Bool = true, actions: [RecognizerActionSpec] = [], delegate: String? = nil
    ) {
        self.id = id
        self.className = className
        self.kind = kind
        self.isEnabled = isEnabled
        self.cancelsTouchesInView = cancelsTouchesInView
        self.delaysTouchesBegan = delaysTouchesBegan
        self.delaysTouchesEnded = delaysTouchesEnded
        self.numberOfTapsRequired = numberOfTapsRequired
        self.requireToFail = requireToFail
        self.ignoresControls = ignoresControls
        self.shouldBegin = shouldBegin
        self.actions = actions
        self.delegate = delegate
    }

    /// The behaviour the model gives this recognizer.
    public var resolvedKind: RecognizerKind { kind ?? RecognizerKind(className: className) }
}

/// A recognizer's target–action and what it does to the first responder.
public struct RecognizerActionSpec: Sendable, Equatable {
    public var target: String?
    public var action: String
    public var effect: RecognizerEffect?
    public init(target: String?, action: String, effect: RecognizerEffect? = nil) {
        self.target = target
        self.action = action
        self.effect = effect
    }
}

/// What a recognizer action does to the first responder, so replay can model it.
public enum RecognizerEffect: String, Sendable, CaseIterable {
    /// `view.endEditing(true)` in the action's target: a controller's root view, a target view, or without a known
    /// target the recognizer's window (the tap-to-dismiss policy).
    case endEditing
    /// `resignFirstResponder()` on the current first responder.
    case resignFirstResponder
}

/// The recognizer behaviours the model implements.
public enum RecognizerKind: String, Sendable {
    case tap, longPress, pan, other

    /// Derives the kind from a class name: `UITapGestureRecognizer`, `MyApp.DoubleTapGestureRecognizer`, ...
    public init(className: String) {
        if className.hasSuffix("TapGestureRecognizer") {
            self = .tap
        } else if className.hasSuffix("LongPressGestureRecognizer") {
            self = .longPress
        } else if className.hasSuffix("PanGestureRecognizer") {
            self = .pan
        } else {
            self = .other
        }
    }
}
