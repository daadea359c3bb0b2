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
    /// Fingers a tap, long press or swipe needs (`numberOfTouchesRequired`, 1).
    public var numberOfTouchesRequired: Int
    /// Long press: how long the fingers must rest before it begins (`minimumPressDuration`, 0.5 s) and how far they may
    /// move before that (`allowableMovement`, 10 pt; GR6).
    public var minimumPressDuration: Double
    public var allowableMovement: Double
    /// Swipe: the directions it recognizes (`direction`, right; GR7).
    public var direction: Set<SwipeDirection>
    /// Pan: the fingers it needs to begin and the most it tracks (`minimumNumberOfTouches` 1,
    /// `maximumNumberOfTouches` unlimited; GR8).
    public var minimumNumberOfTouches: Int
    public var maximumNumberOfTouches: Int?
    /// Ids of the recognizers its delegate lets it recognize with at the same time
    /// (`gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` answering true; GR2), UIKit's own included, such as
    /// a scroll view's `<scrollview>#pan`.
    public var simultaneousWith: [String]
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
        numberOfTapsRequired: Int = 1, numberOfTouchesRequired: Int = 1,
        minimumPressDuration: Double = RecognizerSpec.defaultPressDuration,
        allowableMovement: Double = RecognizerSpec.defaultAllowableMovement, direction: Set<SwipeDirection> = [.right],
        minimumNumberOfTouches: Int = 1, maximumNumberOfTouches: Int? = nil, simultaneousWith: [String] = [],
        requireToFail: [String] = [], ignoresControls: Bool = false, shouldBegin: Bool = true,
        actions: [RecognizerActionSpec] = [], delegate: String? = nil
    ) {
        self.id = id
        self.className = className
        self.kind = kind
        self.isEnabled = isEnabled
        self.cancelsTouchesInView = cancelsTouchesInView
        self.delaysTouchesBegan = delaysTouchesBegan
        self.delaysTouchesEnded = delaysTouchesEnded
        self.numberOfTapsRequired = numberOfTapsRequired
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.minimumPressDuration = minimumPressDuration
        self.allowableMovement = allowableMovement
        self.direction = direction
        self.minimumNumberOfTouches = minimumNumberOfTouches
        self.maximumNumberOfTouches = maximumNumberOfTouches
        self.simultaneousWith = simultaneousWith
        self.requireToFail = requireToFail
        self.ignoresControls = ignoresControls
        self.shouldBegin = shouldBegin
        self.actions = actions
        self.delegate = delegate
    }

    /// "The default duration is 0.5 seconds." (Apple docs: UILongPressGestureRecognizer.minimumPressDuration)
    public static let defaultPressDuration = 0.5
    /// "The default distance is 10 points." (Apple docs: UILongPressGestureRecognizer.allowableMovement)
    public static let defaultAllowableMovement = 10.0

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

/// The recognizer behaviours the model implements (part 2, GR6–GR11); `other` never recognizes.
public enum RecognizerKind: String, Sendable {
    case tap, longPress, pan, swipe, pinch, rotation, other

    /// Derives the kind from a class name: `UITapGestureRecognizer`, `MyApp.DoubleTapGestureRecognizer`,
    /// `UIScreenEdgePanGestureRecognizer` (a pan), ...
    public init(className: String) {
        if className.hasSuffix("TapGestureRecognizer") {
            self = .tap
        } else if className.hasSuffix("LongPressGestureRecognizer") {
            self = .longPress
        } else if className.hasSuffix("PanGestureRecognizer") {
            self = .pan
        } else if className.hasSuffix("SwipeGestureRecognizer") {
            self = .swipe
        } else if className.hasSuffix("PinchGestureRecognizer") {
            self = .pinch
        } else if className.hasSuffix("RotationGestureRecognizer") {
            self = .rotation
        } else {
            self = .other
        }
    }
}

/// A direction a swipe recognizer accepts (`UISwipeGestureRecognizer.Direction`).
public enum SwipeDirection: String, Sendable, CaseIterable {
    case right, left, up, down
}
