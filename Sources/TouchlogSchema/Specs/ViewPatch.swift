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
