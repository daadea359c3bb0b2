/// One recorded view (log format section 3), the input the model is built from.
///
/// Optional fields left `nil` take the default of the view's UIKit class (`UIKitClass.resolve`).
/// ```swift
/// let field = ViewSpec(id: "tf1", className: "MyApp.LoginField", baseClass: "UITextField",
///                      frame: Rect(16, 100, 300, 40))
/// ```
public struct ViewSpec: Sendable, Equatable {
    public var id: String
    public var className: String
    public var baseClass: String?
    /// In the superview's bounds coordinates (screen coordinates for a window); nil when a transform makes it undefined.
    public var frame: Rect?
    public var bounds: Rect?
    /// Required when `frame` is nil.
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
    public var isFirstResponder: Bool?
    public var overridesTouches: Bool?
    /// The class adopts `UIKeyInput` (a PIN pad, a code entry view): the system keyboard shows while it is first
    /// responder. Default: true for text inputs (`UITextField` and `UITextView` adopt it), false otherwise.
    public var adoptsKeyInput: Bool?
    public var implements: [String]
    /// Actions it implements but its `canPerformAction(_:withSender:)` refuses (A3): skipped by
    /// `target(forAction:withSender:)` and by nil-targeted actions.
    public var refusesActions: [String]
    public var actions: [ActionSpec]
    public var gestureRecognizers: [RecognizerSpec]
    public var keyboardDismissMode: KeyboardDismissMode?
    /// Scroll views (H12): hold the content's `touchesBegan` until the scroll view knows whether the finger scrolls
    /// (true by default).
    public var delaysContentTouches: Bool?
    /// Scroll views (H12): a drag that starts scrolling cancels the content's touch (true by default); false: once
    /// the content view has begun tracking, the scroll view does not scroll.
    public var canCancelContentTouches: Bool?
    public var accessibilityIdentifier: String?
    public var accessibilityLabel: String?
    /// The id of the view's delegate (a text field's `UITextFieldDelegate`, a scroll view's), often a plain object.
    /// Its decisions are recorded as flags (`canBecomeFirstResponder`, `canResignFirstResponder`); the id says who
    /// made them.
    public var delegate: String?
    public var text: String?
    /// The text's length when the recording kept only that (typed text is redacted at ingest); the model has no use
    /// for it, outputs show it.
    public var textLength: Int?
    /// Back to front, as `UIView.subviews`.
    public var subviews: [ViewSpec]

    public init(
        id: String, className: String, baseClass: String? = nil, frame: Rect?, bounds: Rect? = nil,
        center: Point? = nil, transform: AffineTransform? = nil, isHidden: Bool? = nil, alpha: Double? = nil,
        isUserInteractionEnabled: Bool? = nil, clipsToBounds: Bool? = nil, isMultipleTouchEnabled: Bool? = nil,
        isExclusiveTouch: Bool? = nil, isEnabled: Bool? = nil, canBecomeFirstResponder: Bool? = nil,
        canResignFirstResponder: Bool? = nil, isFirstResponder: Bool? = nil, overridesTouches: Bool? = nil,
        implements: [String] = [], refusesActions: [String] = [], actions: [ActionSpec] = [],
        gestureRecognizers: [RecognizerSpec] = [], keyboardDismissMode: KeyboardDismissMode? = nil,
        delaysContentTouches: Bool? = nil, canCancelContentTouches: Bool? = nil, accessibilityIdentifier: String? = nil,
        accessibilityLabel: String? = nil, delegate: String? = nil, text: String? = nil, textLength: Int? = nil,
        adoptsKeyInput: Bool? = nil, subviews: [ViewSpec] = []
    ) {
        self.id = id
        self.className = className
        self.baseClass = baseClass
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
        self.isFirstResponder = isFirstResponder
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
        self.subviews = subviews
    }

    /// The nearest UIKit class, which supplies every default.
    public var uikitClass: UIKitClass { UIKitClass.resolve(className: className, baseClass: baseClass) }
}

/// A window: a view in screen coordinates plus the window-only fields.
public struct WindowSpec: Sendable, Equatable {
    /// The window's own view fields (class `UIWindow` or a subclass); `frame` is in screen coordinates.
    public var view: ViewSpec
    public var windowLevel: Double
    public var isKeyWindow: Bool
    /// Keyboard-dismiss policies attached to this window (log format section 5).
    public var policies: [DismissPolicy]

    public init(view: ViewSpec, windowLevel: Double = 0, isKeyWindow: Bool = false, policies: [DismissPolicy] = []) {
        self.view = view
        self.windowLevel = windowLevel
        self.isKeyWindow = isKeyWindow
        self.policies = policies
    }
}

/// `UIScrollView.keyboardDismissMode`.
public enum KeyboardDismissMode: String, Sendable, CaseIterable {
    case none, onDrag, interactive, interactiveWithAccessory
}

/// A control target–action (`{"events":["touchUpInside"],"target":"vc1"|null,"action":"save:"}`).
public struct ActionSpec: Sendable, Equatable {
    /// UIControl.Event names as the log writes them, e.g. `touchUpInside`, `valueChanged`, `editingDidBegin`.
    public var events: [String]
    /// nil: nil-targeted, dispatched through the responder chain (A2).
    public var target: String?
    public var action: String
    public init(events: [String], target: String?, action: String) {
        self.events = events
        self.target = target
        self.action = action
    }
}

/// A view controller (log format section 3).
public struct ControllerSpec: Sendable, Equatable {
    public var id: String
    public var className: String
    /// Root view id: the controller becomes that view's next responder (C1).
    public var view: String?
    public var parent: String?
    public var presentingViewController: String?
    public var implements: [String]
    /// Implemented actions its `canPerformAction(_:withSender:)` refuses (A3).
    public var refusesActions: [String]
    public var overridesTouches: Bool
    public var endsEditingOnTouchesBegan: Bool

    public init(
        id: String, className: String, view: String?, parent: String? = nil,
        presentingViewController: String? = nil, implements: [String] = [], refusesActions: [String] = [],
        overridesTouches: Bool = false, endsEditingOnTouchesBegan: Bool = false
    ) {
        self.id = id
        self.className = className
        self.view = view
        self.parent = parent
        self.presentingViewController = presentingViewController
        self.implements = implements
        self.refusesActions = refusesActions
        self.overridesTouches = overridesTouches
        self.endsEditingOnTouchesBegan = endsEditingOnTouchesBegan
    }
}

/// The application object and its delegate (log format section 3; optional in a snapshot).
public struct ApplicationSpec: Sendable, Equatable {
    public var id: String
    public var className: String
    public var implements: [String]
    /// Implemented actions the application's `canPerformAction(_:withSender:)` refuses (A3).
    public var refusesActions: [String]
    public var delegateID: String?
    /// Whether the delegate is a UIResponder (then it ends the responder chain, C4).
    public var delegateIsResponder: Bool
    public var delegateImplements: [String]
    public var delegateRefusesActions: [String]

    public init(
        id: String = "application", className: String = "UIApplication", implements: [String] = [],
        refusesActions: [String] = [], delegateID: String? = nil, delegateIsResponder: Bool = false,
        delegateImplements: [String] = [], delegateRefusesActions: [String] = []
    ) {
        self.id = id
        self.className = className
        self.implements = implements
        self.refusesActions = refusesActions
        self.delegateID = delegateID
        self.delegateIsResponder = delegateIsResponder
        self.delegateImplements = delegateImplements
        self.delegateRefusesActions = delegateRefusesActions
    }
}

/// An object of the app that is not a UIResponder (log format, "Object"): a coordinator or helper that owns a
/// control's or a recognizer's action, or a delegate. UIKit calls an explicit target directly (A1), so such an object
/// can receive actions, but only responders are on the chain a nil-targeted action walks (A2, C1–C5).
public struct ObjectSpec: Sendable, Equatable {
    public var id: String
    public var className: String
    /// The action selectors it implements (informative: an explicit target is called whether or not it does).
    public var implements: [String]

    public init(id: String, className: String, implements: [String] = []) {
        self.id = id
        self.className = className
        self.implements = implements
    }
}

/// A complete hierarchy: the content of a `snapshot` record.
public struct HierarchySpec: Sendable, Equatable {
    /// In the order the recording lists them (back to front within a level, like `UIApplication.windows`).
    public var windows: [WindowSpec]
    public var controllers: [ControllerSpec]
    public var application: ApplicationSpec
    /// Plain objects (not responders) that targets, senders and delegates may name.
    public var objects: [ObjectSpec]
    /// Views the app holds that are in no window (created and not yet added, or removed and kept), each with its
    /// subtree: they exist as responders (calls reach them) but receive no touches and cannot become first responder.
    public var detachedViews: [ViewSpec]
    public init(
        windows: [WindowSpec], controllers: [ControllerSpec] = [], application: ApplicationSpec = ApplicationSpec(),
        objects: [ObjectSpec] = [], detachedViews: [ViewSpec] = []
    ) {
        self.windows = windows
        self.controllers = controllers
        self.application = application
        self.objects = objects
        self.detachedViews = detachedViews
    }
}

extension ViewSpec {
    /// Field-by-field equality, walking subviews with an explicit stack: a synthesized `==` would recurse once per
    /// level and could overflow the stack on a very deep recorded hierarchy.
    public static func == (lhs: ViewSpec, rhs: ViewSpec) -> Bool {
        var stack: [(ViewSpec, ViewSpec)] = [(lhs, rhs)]
        while let (a, b) = stack.popLast() {
            guard a.sameOwnFields(as: b), a.subviews.count == b.subviews.count else { return false }
            for k in a.subviews.indices { stack.append((a.subviews[k], b.subviews[k])) }
        }
        return true
    }

    /// Equality of everything but `subviews`.
    func sameOwnFields(as o: ViewSpec) -> Bool {
        id == o.id && className == o.className && baseClass == o.baseClass && frame == o.frame && bounds == o.bounds
            && center == o.center && transform == o.transform && isHidden == o.isHidden && alpha == o.alpha
            && isUserInteractionEnabled == o.isUserInteractionEnabled && clipsToBounds == o.clipsToBounds
            && isMultipleTouchEnabled == o.isMultipleTouchEnabled && isExclusiveTouch == o.isExclusiveTouch
            && isEnabled == o.isEnabled && canBecomeFirstResponder == o.canBecomeFirstResponder
            && canResignFirstResponder == o.canResignFirstResponder && isFirstResponder == o.isFirstResponder
            && overridesTouches == o.overridesTouches && adoptsKeyInput == o.adoptsKeyInput
            && implements == o.implements
            && refusesActions == o.refusesActions && actions == o.actions
            && gestureRecognizers == o.gestureRecognizers && keyboardDismissMode == o.keyboardDismissMode
            && delaysContentTouches == o.delaysContentTouches && canCancelContentTouches == o.canCancelContentTouches
            && accessibilityIdentifier == o.accessibilityIdentifier && accessibilityLabel == o.accessibilityLabel
            && delegate == o.delegate && text == o.text && textLength == o.textLength
    }
}
