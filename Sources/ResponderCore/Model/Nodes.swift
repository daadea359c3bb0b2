/// Storage records of the model. Internal: callers see `ObjectRef` handles and query methods.

/// A value in a box that never changes (its one field is a `let`): copies of a node share it without copy-on-write
/// checks, and writing a field means making a new box.
final class Frozen<Value: Sendable>: Sendable {
    let properties: Value
    init(_ properties: Value) { self.properties = properties }
}

/// The recorded fields a node keeps in its ``Frozen`` box, which always name the object.
protocol NodeProperties: Sendable {
    var id: String { get }
    var className: String { get }
}

/// A node (a view, a recognizer) whose recorded fields sit in a shared ``Frozen`` box: reads go through the box, and
/// writing any of them replaces the box (one allocation for any number of fields changed).
protocol FrozenPropertiesNode {
    associatedtype Properties: NodeProperties
    var shared: Frozen<Properties> { get set }
}

extension FrozenPropertiesNode {
    /// The boxed fields as one value; setting it replaces the box.
    var properties: Properties {
        get { shared.properties }
        set { shared = Frozen(newValue) }
    }

    var id: String { shared.properties.id }
    var className: String { shared.properties.className }
}

/// A view (or window) as the model holds it: UIKit's primary geometry (center, bounds, transform) plus flags.
///
/// Its strings and arrays of strings and specs sit in one immutable shared ``SharedProperties`` box (the structure's arrays,
/// `children` and `recognizers`, stay inline): copying a node retains three references instead of a dozen. A model
/// copied to branch a replay copies its whole array of nodes at the first write to either copy, so that is what every
/// branch (a counterfactual replay of a tap with a policy added) pays per view. Writing one of the boxed fields
/// replaces the box, so a copy never sees another's writes.
struct ViewNode: FrozenPropertiesNode {
    /// What the recording says of a view that the model's own dispatch never changes: only a snapshot, a `set` or an
    /// `insert` does.
    struct Properties: NodeProperties {
        var id: String
        var className: String
        var windowPolicies: [DismissPolicy] = []
        var implements: [String] = []
        var refusesActions: [String] = []
        var actions: [ActionSpec] = []
        var accessibilityIdentifier: String? = nil
        var accessibilityLabel: String? = nil
        /// `UIAccessibilityTraits` by name (part 2, LS12): nothing in dispatch reads them; the report does (a view
        /// that presents itself as a `button` or `link`).
        var accessibilityTraits: [String] = []
        /// The delegate's recorded id (resolved on demand: it may be declared after the view).
        var delegateID: String? = nil
        var text: String? = nil
        /// Scroll views (part 2, SC7, SC10–SC12), read only when a scroll view's pan takes a touch or would begin:
        /// boxed, so that every node of every copied model does not carry them.
        var touchesShouldCancel = TouchesShouldCancel.default
        var isScrollEnabled = true
        /// nil when not recorded: a drag may then scroll along either axis.
        var contentSize: Size? = nil
        var adjustedContentInset = EdgeInsets.zero
        var alwaysBounceVertical = false
        var alwaysBounceHorizontal = false
        /// Table and collection views (part 2, LS1–LS5): a cell's index path, and what a list lets a tap select.
        /// What is selected changes with taps, so it lives in the model (`ResponderModel.listSelections`).
        var indexPath: ListIndexPath? = nil
        var allowsSelection = true
        /// Scroll views: zooming (their own pinch) when the maximum is above the minimum (SC1, GR10).
        var minimumZoomScale = 1.0
        var maximumZoomScale = 1.0
        var allowsMultipleSelection = false
    }

    typealias SharedProperties = Frozen<Properties>

    var shared: SharedProperties
    var kind: UIKitClass
    /// In a window's tree. A view in no window is not alive; see `detached`.
    var alive = true
    /// Exists in no window (created and not added, or removed and kept): calls and `set` reach it, touches never.
    var detached = false
    var parent = -1
    var children: [Int] = []
    var controller = -1  // the controller whose root view this is (C1)

    var isWindow = false
    var windowLevel = 0.0
    var windowOrder = 0

    var center = Point.zero
    var bounds = Rect(0, 0, 0, 0)
    var transform = AffineTransform.identity
    var hasTransform = false
    var inverse: AffineTransform? = nil
    /// Valid when `hasTransform` is false; kept separately so `p - frame.origin + bounds.origin` is exact (H8).
    var frameOrigin = Point.zero

    var isHidden = false
    var alpha = 1.0
    var isUserInteractionEnabled = true
    var clipsToBounds = false
    var isMultipleTouchEnabled = false
    var isExclusiveTouch = false
    var isEnabled = true
    var canBecomeFirstResponder = false
    var canResignFirstResponder = true
    var overridesTouches = false
    var adoptsKeyInput = false
    var recognizers: [Int] = []
    var keyboardDismissMode = KeyboardDismissMode.none
    var delaysContentTouches = true
    var canCancelContentTouches = true
    var isContinuous = true
    /// A control's `isHighlighted` as the model's tracking set it (part 2, CT5); never recorded as a field.
    var isHighlighted = false
    /// Hosts SwiftUI content: hit testing stops here (the region is opaque to the model).
    var hostsSwiftUI = false
    /// `isFirstResponder` as the last snapshot said (the model's own state lives on the window).
    var snapshotSaysFirstResponder = false
    var frameWasNull = false

    /// Precomputed `passReason != nil`, so the hit-test hot path tests one flag.
    var hitBlocked = false

    init(id: String, className: String, kind: UIKitClass) {
        self.init(Properties(id: id, className: className), kind: kind)
    }

    init(_ properties: Properties, kind: UIKitClass) {
        shared = SharedProperties(properties)
        self.kind = kind
    }

    var windowPolicies: [DismissPolicy] {
        get { shared.properties.windowPolicies }
        set { properties.windowPolicies = newValue }
    }
    var implements: [String] { shared.properties.implements }
    var refusesActions: [String] { shared.properties.refusesActions }
    var actions: [ActionSpec] { shared.properties.actions }
    var accessibilityIdentifier: String? { shared.properties.accessibilityIdentifier }
    var accessibilityLabel: String? { shared.properties.accessibilityLabel }
    var accessibilityTraits: [String] { shared.properties.accessibilityTraits }
    var delegateID: String? { shared.properties.delegateID }
    var touchesShouldCancel: TouchesShouldCancel { shared.properties.touchesShouldCancel }
    var isScrollEnabled: Bool { shared.properties.isScrollEnabled }
    var contentSize: Size? { shared.properties.contentSize }
    var adjustedContentInset: EdgeInsets { shared.properties.adjustedContentInset }
    var alwaysBounceVertical: Bool { shared.properties.alwaysBounceVertical }
    var alwaysBounceHorizontal: Bool { shared.properties.alwaysBounceHorizontal }
    var text: String? { shared.properties.text }

    /// Why hit testing skips this view by its own flags (H2, H3, H4, H11), or nil.
    var passReason: PassReason? {
        if isHidden { return .hidden }
        if Double(Float(alpha)) < 0.01 { return .alphaBelowThreshold }
        if !isUserInteractionEnabled { return .userInteractionDisabled }
        if kind.isControl && !isEnabled { return .disabledControl }
        return nil
    }

    mutating func refreshDerived() {
        hitBlocked = passReason != nil
        hasTransform = !transform.isIdentity
        inverse = hasTransform ? transform.inverted : nil
    }

    /// The frame in the superview's coordinates (bounding box when transformed, as UIKit reports it).
    var frame: Rect {
        if !hasTransform { return Rect(frameOrigin.x, frameOrigin.y, bounds.width, bounds.height) }
        let hw = bounds.width / 2
        let hh = bounds.height / 2
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for (dx, dy) in [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)] {
            let q = transform.apply(Point(dx, dy))
            minX = Swift.min(minX, q.x + center.x)
            maxX = Swift.max(maxX, q.x + center.x)
            minY = Swift.min(minY, q.y + center.y)
            maxY = Swift.max(maxY, q.y + center.y)
        }
        return Rect(minX, minY, maxX - minX, maxY - minY)
    }

    /// Converts a point from the superview's bounds space (screen for a window) into this view's bounds space.
    @inline(__always)
    func toLocal(_ p: Point) -> Point {
        if !hasTransform {
            return Point((p.x - frameOrigin.x) + bounds.x, (p.y - frameOrigin.y) + bounds.y)
        }
        guard let inv = inverse else { return Point(.nan, .nan) }  // singular: nothing inside
        let q = inv.apply(Point(p.x - center.x, p.y - center.y))
        return Point(q.x + bounds.midX, q.y + bounds.midY)
    }

    /// The affine map from this view's bounds space to its superview's (screen for a window).
    var localToParent: AffineTransform {
        if !hasTransform {
            return AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: frameOrigin.x - bounds.x, ty: frameOrigin.y - bounds.y)
        }
        // p ↦ T(p − boundsMid) + center
        let t = transform
        let mx = bounds.midX
        let my = bounds.midY
        return AffineTransform(
            a: t.a, b: t.b, c: t.c, d: t.d,
            tx: t.tx - (t.a * mx + t.c * my) + center.x, ty: t.ty - (t.b * mx + t.d * my) + center.y)
    }

    /// The bounding box of this view's bounds mapped by `m` (its local-to-screen map).
    func boundingBox(under m: AffineTransform) -> Rect {
        // Corner by corner, without an array: reachability maps every view on screen this way.
        let b = bounds
        let first = m.apply(Point(b.minX, b.minY))
        var minX = first.x
        var maxX = first.x
        var minY = first.y
        var maxY = first.y
        func include(_ c: Point) {
            minX = Swift.min(minX, c.x)
            maxX = Swift.max(maxX, c.x)
            minY = Swift.min(minY, c.y)
            maxY = Swift.max(maxY, c.y)
        }
        include(m.apply(Point(b.maxX, b.minY)))
        include(m.apply(Point(b.maxX, b.maxY)))
        include(m.apply(Point(b.minX, b.maxY)))
        return Rect(minX, minY, maxX - minX, maxY - minY)
    }

    /// Converts a point from this view's bounds space into the superview's (inverse of `toLocal`).
    func toParent(_ p: Point) -> Point {
        if !hasTransform { return Point((p.x - bounds.x) + frameOrigin.x, (p.y - bounds.y) + frameOrigin.y) }
        let q = transform.apply(Point(p.x - bounds.midX, p.y - bounds.midY))
        return Point(q.x + center.x, q.y + center.y)
    }
}

/// Why hit testing passed over a view.
public enum PassReason: String, Sendable {
    case hidden
    /// `Double(Float(alpha)) < 0.01` (H3).
    case alphaBelowThreshold
    case userInteractionDisabled
    /// A UIControl with `isEnabled == false` (H11).
    case disabledControl
    /// The point is outside the view's bounds (half-open, H6); its subviews are never searched (H7).
    case outsideBounds
}

struct ControllerNode {
    var id: String
    let className: String
    /// IQKeyboardManager's `resignOnTouchOutside` leaves alone the editing inside these controllers (8.5): decided
    /// once from the class name, since the touch path asks it for every touch.
    private(set) var holdsKeyboardResignExemption: Bool
    var alive = true
    var view = -1
    var parent = -1
    var presenting = -1
    var viewID: String? = nil
    var parentID: String? = nil
    var presentingID: String? = nil
    var modalPresentationStyle: ModalPresentationStyle? = nil
    var presentationContainerID: String? = nil
    var implements: [String] = []
    var refusesActions: [String] = []
    var overridesTouches = false
    var endsEditingOnTouchesBegan = false
    /// The `inputAccessoryView` pattern: the class answers `canBecomeFirstResponder` true.
    var canBecomeFirstResponder = false
    /// UIKit shows input views (a keyboard or an accessory bar) while it is first responder.
    var showsInputViews = false
    var snapshotSaysFirstResponder = false

    init(id: String, className: String) {
        self.id = id
        self.className = className
        holdsKeyboardResignExemption = Self.isResignOnTouchOutsideExempt(className)
    }

    /// The controller classes IQKeyboardManager ignores: alerts and input view controllers (subclasses included:
    /// the name, module-qualified or not, contains theirs).
    static func isResignOnTouchOutsideExempt(_ className: String) -> Bool {
        contains(className, "UIAlertController") || contains(className, "UIInputViewController")
    }

    /// Whether `name` contains `part`, byte by byte: the standard library's `String.contains(_:)` compares by
    /// grapheme and costs some 70,000 instructions a call here, and every controller of every snapshot asks.
    static func contains(_ name: String, _ part: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: part.utf8Start, count: part.utf8CodeUnitCount)
        var name = name
        return name.withUTF8 { hay in
            guard hay.count >= needle.count else { return false }
            search: for start in 0...(hay.count - needle.count) {
                for offset in 0..<needle.count where hay[start + offset] != needle[offset] { continue search }
                return true
            }
            return false
        }
    }
}

/// A plain object (`ObjectSpec`): not a responder, so it has no next responder and never becomes first responder.
struct ObjectNode {
    var id: String
    var className: String
    var implements: [String] = []
    var alive = true
}

/// Recognizers the model adds on its own, mirroring UIKit internals and policies.
enum SyntheticRecognizer {
    case none
    /// UIScrollView's pan recognizer, with the content-touch delay (H12).
    case scrollPan
    /// UIScrollView's pinch recognizer, present when the scroll view zooms (SC1, GR10): it takes two-finger pinches
    /// from the content and zooms (which the model does not draw).
    case scrollZoom
    /// A text input's own tap and long-press (loupe) handling: takes the touch (touchCancel) and begins editing
    /// when the finger lifts (F7).
    case textInteraction
    /// IQKeyboardManager's window tap recognizer (8.5).
    case resignOnTouchOutside
    /// The tap-to-dismiss recognizer added by `--policy +tap-to-dismiss`.
    case tapToDismissPolicy
}

/// A recognizer as the model holds it. As for ``ViewNode``, its strings and arrays from the recording sit in one
/// immutable shared box, so copying the model's array of recognizers (a replay branch's first dispatch) retains three
/// references per recognizer, not seven.
struct RecognizerNode: FrozenPropertiesNode {
    /// The recording's configuration of a recognizer that dispatch never changes (a snapshot or `set` replaces it).
    struct Properties: NodeProperties {
        var id: String
        var className: String
        var requireToFailIDs: [String] = []
        /// GR2: the recognizers its delegate lets it recognize with at the same time.
        var simultaneousWithIDs: [String] = []
        var actions: [RecognizerActionSpec] = []
        var delegateID: String? = nil
        /// Kind properties (GR6–GR8): fingers a tap, long press or swipe needs; a long press's duration and
        /// allowance; a swipe's directions; a pan's fewest and most fingers. Boxed with the rest of the configuration,
        /// so that a copied model's recognizers stay small.
        var touchesRequired = 1
        var pressDuration = RecognizerSpec.defaultPressDuration
        var allowableMovement = RecognizerSpec.defaultAllowableMovement
        var directions: Set<SwipeDirection> = [.right]
        var minimumTouches = 1
        var maximumTouches = Int.max
    }

    typealias SharedProperties = Frozen<Properties>

    var shared: SharedProperties
    var kind: RecognizerKind
    var synthetic = SyntheticRecognizer.none
    var alive = true
    var view = -1
    var isEnabled = true
    var cancelsTouchesInView = true
    var delaysTouchesBegan = false
    var delaysTouchesEnded = true
    var tapsRequired = 1
    var requireToFail: [Int] = []
    var ignoresControls = false
    var ignoresNavigationBars = false
    var shouldBegin = true

    // Runtime state.
    var state = RecognizerState.possible
    var touches: [Int] = []  // touch serials it tracks
    /// Where the gesture started, moved along when a finger joins or leaves so that the translation does not jump
    /// (GR9; section 23 #13).
    var start = Point.zero
    /// The gesture's location now: the centroid of its touches on the screen (GR9), or where the last one lifted
    /// (screen coordinates).
    var lastPoint = Point.zero
    /// How many of its touches were on the screen at its last update, and the most at once in this gesture.
    var liveTouches = 0
    var peakTouches = 0
    /// Pinch and rotation: the vector between the first two fingers when both were down (GR10, GR11).
    var pairStart: Point? = nil
    /// A scroll pan whose finger has entered the keyboard in an interactive `keyboardDismissMode`: the keyboard follows.
    var followsKeyboard = false
    var tapsSoFar = 0
    var lastTapPoint = Point.zero
    /// Time at which a timer fires: long press begins, multi-tap fails, scroll delay releases began.
    var deadline = Double.infinity
    /// Scroll views: content touches' began phase is held until this time (delaysContentTouches, H12).
    var delayUntil = -Double.infinity
    /// Waiting for a recognizer it requires to fail (G7).
    var waitingToRecognize = false
    var active = false

    init(id: String, className: String, kind: RecognizerKind) {
        shared = SharedProperties(Properties(id: id, className: className))
        self.kind = kind
    }

    var requireToFailIDs: [String] { shared.properties.requireToFailIDs }
    var actions: [RecognizerActionSpec] { shared.properties.actions }
    var simultaneousWithIDs: [String] { shared.properties.simultaneousWithIDs }
    var touchesRequired: Int { shared.properties.touchesRequired }
    var pressDuration: Double { shared.properties.pressDuration }
    var allowableMovement: Double { shared.properties.allowableMovement }
    var directions: Set<SwipeDirection> { shared.properties.directions }
    var minimumTouches: Int { shared.properties.minimumTouches }
    var maximumTouches: Int { shared.properties.maximumTouches }
    var delegateID: String? { shared.properties.delegateID }
}

/// A touch in flight.
struct TouchState {
    var key: String
    var serial: Int
    var window: Int
    /// `touch.view`: nil (-1) after a recognizer takes it (D2).
    var view: Int
    /// The view bound at `began`, kept after a recognizer takes the touch (the trace's `location` is in its
    /// coordinates).
    var boundView = -1
    var start: Point
    var last: Point
    var finished = false  // ended or cancelled phase seen
    var recordedCancel = false
    var viewBegan = false  // touchesBegan delivered to the view
    var pendingBegan = false
    var pendingEnded = false
    var viewDone = false  // no more view deliveries
    var withheld = false  // D5 / D6
    /// UIKit's tap count as recorded on `began` (nil: the model derives it for controls, CT7).
    var tapCount: Int? = nil
    /// Whether the finger was inside the control it tracks (its bounds and UIKit's gutter) at the last move (CT2).
    var insideControl = true
    var recognizers: [Int] = []
}
