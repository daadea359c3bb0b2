import ResponderCore

/// The screen at the moment of a finding, flat, for pictures: every view's frame on screen back to front, the
/// touches, and who was what (hit view, the view that should have received the touch, first responder, keyboard).
///
/// Rules fill it from replay's model (`screenFrame(of:)`, `info(_:)`); the HTML format draws it as an SVG
/// wireframe. Ids in it are recorded view ids, only used to link views within the scene.
public struct Scene: Sendable, Hashable {
    /// The screen size in points (the session header's `device.screen`).
    public var screen: Size
    /// When, in seconds since the session started.
    public var t: Double
    /// Views back to front (windows first, then depth-first in subview order), frames in screen coordinates.
    public var views: [SceneView]
    /// The finger(s) at that moment, in screen points.
    public var touches: [Point]
    /// The view the touch was bound to (observed, else the model's hit view).
    public var hitView: String?
    /// The view that should have received it (e.g. the blocked control).
    public var expectedView: String?
    public var firstResponder: String?
    /// The keyboard's frame on screen when it was up.
    public var keyboardFrame: Rect?
    /// What caused the problem, when a rule knows it: the view to outline and name besides the roles above.
    public var cause: SceneCause?

    public init(
        screen: Size, t: Double, views: [SceneView], touches: [Point] = [], hitView: String? = nil,
        expectedView: String? = nil, firstResponder: String? = nil, keyboardFrame: Rect? = nil,
        cause: SceneCause? = nil
    ) {
        self.screen = screen
        self.t = t
        self.views = views
        self.touches = touches
        self.hitView = hitView
        self.expectedView = expectedView
        self.firstResponder = firstResponder
        self.keyboardFrame = keyboardFrame
        self.cause = cause
    }

    public func view(_ id: String?) -> SceneView? {
        guard let id else { return nil }
        return views.first { $0.id == id }
    }
}

/// One view of a ``Scene``.
public struct SceneView: Sendable, Hashable {
    /// The recorded id.
    public var id: String
    public var className: String
    /// The accessibility identifier or label, whichever says more to a person.
    public var label: String?
    /// On screen (after transforms: the bounding box).
    public var frame: Rect
    /// Hidden itself or through an ancestor.
    public var isHidden: Bool
    /// Its own alpha (a view below 0.01 is skipped by hit testing).
    public var alpha: Double
    public var isUserInteractionEnabled: Bool
    /// `UIControl.isEnabled`; true for other views.
    public var isEnabled: Bool
    /// 0 for a window, 1 for its direct subviews, …
    public var depth: Int

    public init(
        id: String, className: String, label: String? = nil, frame: Rect, isHidden: Bool = false, alpha: Double = 1,
        isUserInteractionEnabled: Bool = true, isEnabled: Bool = true, depth: Int
    ) {
        self.id = id
        self.className = className
        self.label = label
        self.frame = frame
        self.isHidden = isHidden
        self.alpha = alpha
        self.isUserInteractionEnabled = isUserInteractionEnabled
        self.isEnabled = isEnabled
        self.depth = depth
    }
}

/// The view a rule blames for a finding, and how it is to blame: drawn and named in the finding's picture.
public struct SceneCause: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The view a gesture recognizer (its class name) is attached to: it cancelled the touch.
        case recognizer(className: String)
        /// A view or window in front that took the touch.
        case inFront
        /// An ancestor whose bounds the point lies outside: hit testing never looks at its subviews there.
        case clipsBounds
        /// An ancestor (or the view itself) hidden, below alpha 0.01, with user interaction off, or a disabled
        /// control: hit testing passes it over.
        case hidden
        case transparent
        case interactionOff
        case disabled

        /// The stable snake_case names the JSON report and the workers' stored results write: spelled once here,
        /// so the writers and the reader cannot drift apart.
        public enum Name: String, Sendable {
            case recognizer
            case inFront = "in_front"
            case clipsBounds = "clips_bounds"
            case hidden
            case transparent
            case interactionOff = "interaction_off"
            case disabled
        }

        public var name: Name {
            switch self {
            case .recognizer: .recognizer
            case .inFront: .inFront
            case .clipsBounds: .clipsBounds
            case .hidden: .hidden
            case .transparent: .transparent
            case .interactionOff: .interactionOff
            case .disabled: .disabled
            }
        }

        /// The kind `name` stands for; a recognizer's needs the recognizer's class name (nil without one).
        public init?(_ name: Name, recognizerClass: String?) {
            switch name {
            case .recognizer:
                guard let recognizerClass else { return nil }
                self = .recognizer(className: recognizerClass)
            case .inFront: self = .inFront
            case .clipsBounds: self = .clipsBounds
            case .hidden: self = .hidden
            case .transparent: self = .transparent
            case .interactionOff: self = .interactionOff
            case .disabled: self = .disabled
            }
        }
    }

    /// The recorded id of the view.
    public var view: String
    public var kind: Kind

    public init(view: String, kind: Kind) {
        self.view = view
        self.kind = kind
    }
}
