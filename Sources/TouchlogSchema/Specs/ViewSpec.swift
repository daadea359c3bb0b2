/// One recorded view (log format section 3), the input the model is built from: its identity (`id`, `className`,
/// `baseClass`), its fields (`properties`, defined once by `ViewField`) and its subviews.
///
/// Fields left `nil` take the default of the view's UIKit class (`ViewField.defaultValue(for:)`). Each field reads
/// and writes as a property of the view itself (`spec.isHidden`), through `properties`.
/// ```swift
/// let field = ViewSpec(id: "tf1", className: "MyApp.LoginField", baseClass: "UITextField",
///                      frame: Rect(16, 100, 300, 40))
/// ```
@dynamicMemberLookup
public struct ViewSpec: Sendable {
    public var id: String
    public var className: String
    public var baseClass: String?
    /// Everything recorded about the view but its identity and subviews. `frame` is in the superview's bounds
    /// coordinates (screen coordinates for a window), nil when a transform makes it undefined (then `center` is
    /// required).
    public var properties: ViewProperties
    /// Members the format does not define (an importer's `imported` object, `subviewsTruncated`, a newer
    /// recorder's field), kept as written and written back after the fields: touchlog ignores them, loses none.
    public var unknownMembers: [JSONObject.Member] = []
    /// Back to front, as `UIView.subviews`.
    public var subviews: [ViewSpec]

    public init(
        id: String, className: String, baseClass: String? = nil, frame: Rect?,
        properties: ViewProperties = ViewProperties(), subviews: [ViewSpec] = []
    ) {
        self.id = id
        self.className = className
        self.baseClass = baseClass
        self.properties = properties
        self.properties.frame = frame
        self.subviews = subviews
    }

    /// A field as a property of the view (`spec.isHidden`, `spec.actions = [...]`).
    @inlinable public subscript<Value>(dynamicMember field: WritableKeyPath<ViewProperties, Value>) -> Value {
        get { properties[keyPath: field] }
        set { properties[keyPath: field] = newValue }
    }

    /// The members of a View object that are not fields: its identity and its tree.
    public static let identityMembers: Set<String> = ["id", "class", "baseClass", "subviews"]

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
    /// A presented controller's `modalPresentationStyle` (nil: not recorded, or not presented).
    public var modalPresentationStyle: ModalPresentationStyle?
    /// A presented controller's presentation container (`presentationController?.containerView`): the view UIKit
    /// puts the presented view and the presentation's chrome (a sheet's dimming view) in, which covers the presenting
    /// screen on purpose.
    public var presentationContainer: String?
    public var implements: [String]
    /// Implemented actions its `canPerformAction(_:withSender:)` refuses (A3).
    public var refusesActions: [String]
    public var overridesTouches: Bool
    public var endsEditingOnTouchesBegan: Bool
    /// The class overrides `canBecomeFirstResponder` to answer true (UIResponder's default is false): the
    /// `inputAccessoryView` pattern, where a chat screen's controller keeps its input bar on screen as first responder.
    public var canBecomeFirstResponder: Bool
    /// The controller is its window's first responder when the snapshot is taken.
    public var isFirstResponder: Bool
    /// While it is first responder UIKit shows input views for it: it has an `inputView` or an `inputAccessoryView`,
    /// or adopts `UIKeyInput` (the keyboard). Its keyboard notifications then describe that bar.
    public var showsInputViews: Bool

    public init(
        id: String, className: String, view: String?, parent: String? = nil,
        presentingViewController: String? = nil, modalPresentationStyle: ModalPresentationStyle? = nil,
        presentationContainer: String? = nil, implements: [String] = [], refusesActions: [String] = [],
        overridesTouches: Bool = false, endsEditingOnTouchesBegan: Bool = false,
        canBecomeFirstResponder: Bool = false, isFirstResponder: Bool = false, showsInputViews: Bool = false
    ) {
        self.id = id
        self.className = className
        self.view = view
        self.parent = parent
        self.presentingViewController = presentingViewController
        self.modalPresentationStyle = modalPresentationStyle
        self.presentationContainer = presentationContainer
        self.implements = implements
        self.refusesActions = refusesActions
        self.overridesTouches = overridesTouches
        self.endsEditingOnTouchesBegan = endsEditingOnTouchesBegan
        self.canBecomeFirstResponder = canBecomeFirstResponder
        self.isFirstResponder = isFirstResponder
        self.showsInputViews = showsInputViews
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
    /// The application object as the snapshot records it; nil when it records none (the format makes it optional,
    /// and an importer's dump never shows it), which is written back as no `application` member.
    public var recordedApplication: ApplicationSpec?
    /// Plain objects (not responders) that targets, senders and delegates may name.
    public var objects: [ObjectSpec]
    /// Views the app holds that are in no window (created and not yet added, or removed and kept), each with its
    /// subtree: they exist as responders (calls reach them) but receive no touches and cannot become first responder.
    public var detachedViews: [ViewSpec]
    /// `application: nil` records none (the model then uses a plain `UIApplication`); the default records that one.
    public init(
        windows: [WindowSpec], controllers: [ControllerSpec] = [], application: ApplicationSpec? = ApplicationSpec(),
        objects: [ObjectSpec] = [], detachedViews: [ViewSpec] = []
    ) {
        self.windows = windows
        self.controllers = controllers
        self.recordedApplication = application
        self.objects = objects
        self.detachedViews = detachedViews
    }

    /// The application the model uses: the recorded one, else UIKit's `UIApplication` with no delegate.
    public var application: ApplicationSpec {
        get { recordedApplication ?? ApplicationSpec() }
        set { recordedApplication = newValue }
    }
}

extension ViewSpec: Equatable {
    /// Equality walking subviews with an explicit stack: a synthesized `==` would recurse once per level and could
    /// overflow the stack on a very deep recorded hierarchy.
    public static func == (lhs: ViewSpec, rhs: ViewSpec) -> Bool {
        var stack: [(ViewSpec, ViewSpec)] = [(lhs, rhs)]
        while let (a, b) = stack.popLast() {
            guard a.id == b.id, a.className == b.className, a.baseClass == b.baseClass,
                a.properties == b.properties, a.unknownMembers == b.unknownMembers,
                a.subviews.count == b.subviews.count
            else { return false }
            for k in a.subviews.indices { stack.append((a.subviews[k], b.subviews[k])) }
        }
        return true
    }
}

extension WindowSpec {
    /// The window a View object is when it is listed in `windows`: its window fields (`windowLevel`, `isKeyWindow`,
    /// `policies`), read with the View fields, belong to the window, not its view. Policy names touchlog does not
    /// model go to `unknownPolicies`. The parser and the importers (which fill a view's fields, window fields
    /// included) both make their windows here, so a window built in memory is the one its line reads back as.
    public init(reading view: ViewSpec, unknownPolicies: inout [String]) {
        var view = view
        var policies: [DismissPolicy] = []
        for name in view.policies ?? [] {
            if let policy = DismissPolicy(rawValue: name) {
                policies.append(policy)
            } else {
                unknownPolicies.append(name)
            }
        }
        let windowLevel = view.windowLevel ?? 0
        let isKeyWindow = view.isKeyWindow ?? false
        for field in ViewField.ordered where field.isWindowField { view.properties[field] = nil }
        self.init(view: view, windowLevel: windowLevel, isKeyWindow: isKeyWindow, policies: policies)
    }
}
