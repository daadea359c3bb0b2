/// A touch phase as the log writes it.
public enum TouchPhase: String, Sendable {
    case began, moved, stationary, ended, cancelled
}

/// One `touch` record: one finger at one moment.
public struct TouchInput: Sendable, Equatable {
    /// The recorder's touch id (integers are passed as their decimal text).
    public var touch: String
    public var phase: TouchPhase
    /// Screen coordinates.
    public var point: Point
    /// The window the recorder says the touch is in; nil: the model hit-tests all windows (H10).
    public var window: String?
    /// UIKit's tap count as recorded; the model decides multi-taps itself (time and distance), replay may compare.
    public var tapCount: Int?
    /// Touches with the same `event` number belong to one UIEvent.
    public var event: Int?
    /// The view UIKit bound the touch to, as observed (the recording's `view`).
    public var observedView: String?
    /// `--trust observed`: bind a new touch to `observedView` instead of the model's hit test.
    public var bindToObservedView: Bool

    public init(
        touch: String, phase: TouchPhase, point: Point, window: String? = nil, tapCount: Int? = nil,
        event: Int? = nil, observedView: String? = nil, bindToObservedView: Bool = false
    ) {
        self.touch = touch
        self.phase = phase
        self.point = point
        self.window = window
        self.tapCount = tapCount
        self.event = event
        self.observedView = observedView
        self.bindToObservedView = bindToObservedView
    }
}

/// A programmatic first-responder call (`call` record); `makeKey` is `UIWindow.makeKey()` on a window.
public enum ResponderCall: String, Sendable, CaseIterable {
    case becomeFirstResponder, resignFirstResponder, endEditing, makeKey
}

/// A property change (`set` record): every field is optional, only those given change.
public struct ViewPatch: Sendable, Equatable {
    public var frame: Rect?
    public var bounds: Rect?
    public var center: Point?
    public var transform: AffineTransform?
    public var isHidden: Bool?
    public var alpha: Double?
    public var isUserInteractionEnabled: Bool?
    public var clipsToBounds: Bool?
    public var isMultipleTouchEnabled: Bool?
    public var isExclusiveTouch: Bool?
    public var isEnabled: Bool?
    public var canBecomeFirstResponder: Bool?
    public var canResignFirstResponder: Bool?
    public var overridesTouches: Bool?
    public var adoptsKeyInput: Bool?
    public var implements: [String]?
    public var refusesActions: [String]?
    public var actions: [ActionSpec]?
    public var gestureRecognizers: [RecognizerSpec]?
    public var keyboardDismissMode: KeyboardDismissMode?
    public var delaysContentTouches: Bool?
    public var canCancelContentTouches: Bool?
    public var accessibilityIdentifier: String?
    public var accessibilityLabel: String?
    public var delegate: String?
    public var text: String?
    /// The text's length when only that was recorded (redacted); outputs show it, the model ignores it.
    public var textLength: Int?
    /// `isFirstResponder` in a set record is an observation: it is ignored (replay compares it).
    public var isFirstResponder: Bool?
    /// Windows: `makeKey()` (true) or another window made key (false: then no window is key until one is).
    public var isKeyWindow: Bool?
    /// Windows: a new `windowLevel` re-sorts the windows front to back (H10).
    public var windowLevel: Double?

    public init(
        frame: Rect? = nil, bounds: Rect? = nil, center: Point? = nil, transform: AffineTransform? = nil,
        isHidden: Bool? = nil, alpha: Double? = nil, isUserInteractionEnabled: Bool? = nil,
        clipsToBounds: Bool? = nil, isMultipleTouchEnabled: Bool? = nil, isExclusiveTouch: Bool? = nil,
        isEnabled: Bool? = nil, canBecomeFirstResponder: Bool? = nil, canResignFirstResponder: Bool? = nil,
        overridesTouches: Bool? = nil, implements: [String]? = nil, refusesActions: [String]? = nil,
        actions: [ActionSpec]? = nil,
        gestureRecognizers: [RecognizerSpec]? = nil, keyboardDismissMode: KeyboardDismissMode? = nil,
        delaysContentTouches: Bool? = nil, canCancelContentTouches: Bool? = nil,
        accessibilityIdentifier: String? = nil, accessibilityLabel: String? = nil, delegate: String? = nil,
        text: String? = nil, textLength: Int? = nil, isFirstResponder: Bool? = nil, isKeyWindow: Bool? = nil,
        windowLevel: Double? = nil, adoptsKeyInput: Bool? = nil
    ) {
        self.frame = frame
        self.bounds = bounds
        self.center = center
        self.transform = transform
        self.isHidden = isHidden
        self.alpha = alpha
        self.isUserInteractionEnabled = isUserInteractionEnabled
        self.clipsToBounds = clipsToBounds
        self.isMultipleTouchEnabled = isMultipleTouchEnabled
        self.isExclusiveTouch = isExclusiveTouch
        self.isEnabled = isEnabled
        self.canBecomeFirstResponder = canBecomeFirstResponder
        self.canResignFirstResponder = canResignFirstResponder
        self.overridesTouches = overridesTouches
        self.adoptsKeyInput = adoptsKeyInput
        self.implements = implements
        self.refusesActions = refusesActions
        self.actions = actions
        self.gestureRecognizers = gestureRecognizers
        self.keyboardDismissMode = keyboardDismissMode
        self.delaysContentTouches = delaysContentTouches
        self.canCancelContentTouches = canCancelContentTouches
        self.accessibilityIdentifier = accessibilityIdentifier
        self.accessibilityLabel = accessibilityLabel
        self.delegate = delegate
        self.text = text
        self.textLength = textLength
        self.isFirstResponder = isFirstResponder
        self.isKeyWindow = isKeyWindow
        self.windowLevel = windowLevel
    }
}

/// An input record the model dispatches (log format section 4). Every one yields a `Step`.
public enum InputEvent: Sendable, Equatable {
    case touch(TouchInput)
    /// Text input of `length` characters to the key window's first responder.
    case key(length: Int)
    case set(view: String, patch: ViewPatch)
    /// `addSubview` (index nil: on top) / `insertSubview(at:)`, with the new view's subtree; parent nil: a view
    /// created and kept in no window.
    case insert(parent: String?, index: Int?, view: ViewSpec)
    case remove(view: String)
    case call(responder: String, method: ResponderCall, force: Bool)
    /// `UIApplication.sendAction(action, to: target, from: sender)`.
    case action(action: String, target: String?, sender: String?)
    /// Re-synchronisation: replaces the hierarchy (touches whose views still exist stay bound).
    case snapshot(HierarchySpec)
    /// Only lets time pass: fires recognizer timers due by then (long press, double-tap timeout, scroll delay).
    case advanceTime
}
