import TouchlogSchema

/// A view as the recorder reads it. The adapter's `UIView` conforms; tests and benchmarks use plain classes.
///
/// Every read is a copy of small values, done on the main thread; nothing here keeps a reference to UIKit state
/// beyond the object's identity (for its id).
public protocol RecordableView: AnyObject {
    /// This view's own properties (not its subviews).
    func recordedFields() -> ViewFields
    /// Calls `body` with each of `subviews`, back to front. A visit rather than an array: turning `[UIView]` into
    /// an array of the protocol's type would allocate one per view of every capture.
    func forEachRecordedSubview(_ body: (any RecordableView) -> Void)
    /// `gestureRecognizers`, in the order they were added.
    var recordedRecognizers: [any RecordableRecognizer] { get }
    /// `isFirstResponder`: read alone by the first-responder search, which runs far more often than a snapshot.
    var recordedIsFirstResponder: Bool { get }
    /// Which of `selectors` the view responds to (`responds(to:)`), for `implements`.
    func recordedImplements(_ selectors: [String]) -> [String]
    /// The view's `delegate` (a text field's, a text view's, a scroll view's), nil when it has none or no such
    /// property: often a plain object, which the snapshot then declares in `objects`.
    var recordedDelegate: AnyObject? { get }
    /// `window != nil`. Read only of a view met as a target or delegate before the walk reached it: one in no window
    /// is declared in `detachedViews`.
    var recordedIsInWindow: Bool { get }
    /// Of `implemented` (actions it responds to), those its `canPerformAction(_:withSender:)` answers false to now,
    /// asked with a nil sender: `refusesActions`.
    func recordedRefuses(_ implemented: [String]) -> [String]
    /// The table or collection view cell this view is, or is inside, as its list holds it (nil: in no cell): read
    /// when a touch begins, so that a selection notification of that list can name the row (LS2).
    var recordedCell: RecordedCell? { get }
    /// Where the view is and whether it shows: all a path capture reads of a view off the touched path (six reads,
    /// where `recordedFields()` makes some 25 and converts the class name).
    var recordedGeometry: ViewGeometry { get }
}

extension RecordableView {
    public var recordedCell: RecordedCell? { nil }
    /// From the whole field set; an adapter reads the six properties alone.
    public var recordedGeometry: ViewGeometry { ViewGeometry(recordedFields().properties) }
}

/// A view's place and visibility as UIKit answers them: `frame` (nil when a non-identity transform makes it
/// undefined), `bounds` (its origin is a scroll view's offset), `center`, `transform`, `isHidden` and `alpha`.
public struct ViewGeometry: Sendable, Equatable {
    public var frame: Rect?
    public var bounds: Rect
    public var center: Point
    public var transform: AffineTransform
    public var isHidden: Bool
    public var alpha: Double

    public init(
        frame: Rect?, bounds: Rect, center: Point, transform: AffineTransform = .identity, isHidden: Bool = false,
        alpha: Double = 1
    ) {
        self.frame = frame
        self.bounds = bounds
        self.center = center
        self.transform = transform
        self.isHidden = isHidden
        self.alpha = alpha
    }

    /// The geometry fields of a field set as read (UIKit's values, defaults included).
    public init(_ properties: ViewProperties) {
        let size = properties.frame.map { Size($0.width, $0.height) } ?? Size(0, 0)
        self.init(
            frame: properties.frame, bounds: properties.bounds ?? Rect(0, 0, size.width, size.height),
            center: properties.center ?? Point(0, 0), transform: properties.transform ?? .identity,
            isHidden: properties.isHidden ?? false, alpha: properties.alpha ?? 1)
    }
}

/// A cell a touch began in: its list, its index path and whether the list had it selected then.
public struct RecordedCell {
    public var list: any RecordableView
    public var indexPath: ListIndexPath
    public var isSelected: Bool

    public init(list: any RecordableView, indexPath: ListIndexPath, isSelected: Bool) {
        self.list = list
        self.indexPath = indexPath
        self.isSelected = isSelected
    }
}

/// What the recorder reads of an object it meets only as a target or a delegate, which may be no view, controller
/// or application at all (a coordinator, a helper). The adapter answers from the object's runtime class.
public protocol RecordableObjectReader {
    /// The runtime class, module-qualified for app classes, and whether the object is a `UIResponder` (a responder
    /// is on the responder chain, so it cannot be declared as a plain object).
    func describe(_ object: AnyObject) -> (className: String, isResponder: Bool)
    /// Which of `selectors` the object responds to (`responds(to:)`), for its `implements`.
    func implements(_ object: AnyObject, _ selectors: [String]) -> [String]
}

/// A `UIControl`: a view with an enabled flag and target-action pairs.
public protocol RecordableControl: RecordableView {
    func recordedControlFields() -> ControlFields
    /// The control's target-action pairs and handlers as `recordedControlFields()` declares them, read with no side
    /// effect: asked while the control is sending an action (the control event it sent), when the adapter must not
    /// add anything to the control's handlers.
    func recordedActions() -> [ControlAction]
    /// `isHighlighted`: read after each event whose touches are bound to the control (CT5).
    var recordedIsHighlighted: Bool { get }
}

extension RecordableControl {
    public func recordedActions() -> [ControlAction] { recordedControlFields().actions }
}

/// A `UIWindow`: a view whose frame is in screen coordinates, with a level and the key flag.
public protocol RecordableWindow: RecordableView {
    var recordedWindowLevel: Double { get }
    var recordedIsKeyWindow: Bool { get }
    /// Keyboard-dismiss behaviours this window adds (a `sendEvent` override that resigns on outside touches).
    var recordedPolicies: [DismissPolicy] { get }
    /// `rootViewController`, from which the recorder finds every controller of the window.
    var recordedRootController: (any RecordableController)? { get }
    /// `frame.origin`: where the window's coordinates start in the recording's, read at every touch event.
    var recordedFrameOrigin: Point { get }
}

extension RecordableWindow {
    /// From the whole field set; an adapter reads the frame alone.
    public var recordedFrameOrigin: Point { recordedFields().frame.map { Point($0.x, $0.y) } ?? Point(0, 0) }
}

/// The `UIApplication` and its delegate: the end of the responder chain.
public protocol RecordableApplication: AnyObject {
    var recordedClassName: String { get }
    /// The delegate, its class name and whether it is a `UIResponder` (then it is in the responder chain).
    var recordedDelegate: (object: AnyObject, className: String, isResponder: Bool)? { get }
    /// Which of `selectors` the application and its delegate respond to.
    func recordedImplements(_ selectors: [String]) -> (application: [String], delegate: [String])
    /// Of the actions each implements, those its `canPerformAction(_:withSender:)` answers false to (nil sender); the
    /// delegate is asked only when it is a responder.
    func recordedRefuses(application: [String], delegate: [String]) -> (application: [String], delegate: [String])
}

/// Who attached a gesture recognizer, as far as the recorder can tell, which decides what is recorded of it.
public enum RecognizerOrigin: Sendable, Equatable {
    /// The app's (its own class, or a public UIKit class it made): declared in the snapshot, its actions observed.
    case app
    /// A scroll view's own pan (`UIScrollView.panGestureRecognizer`): the model gives every scroll view this
    /// recognizer itself (id `<scroll view>#pan`), built from the scroll view's recorded fields, so it is not
    /// declared again; the app's recognizers name it by that id in `simultaneousWith`.
    case scrollViewPan
    /// UIKit's own, of a class the app cannot name (a scroll view's pinch, text interaction), or SwiftUI's (the
    /// hosting view's gestures): the model knows nothing of it, so it is neither declared nor observed.
    case uikitPrivate
    /// The recording's own touch observer on a window it did not make (a SwiftUI app's): it never recognizes and
    /// takes nothing from the app, so it is no part of what replay models.
    case recording
}

/// A `UIGestureRecognizer`.
public protocol RecordableRecognizer: AnyObject {
    /// Who attached it (`app` unless the adapter can tell otherwise).
    var recordedOrigin: RecognizerOrigin { get }
    func recordedFields() -> RecognizerFields
    /// Its delegate's `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` for `other` (false without one).
    func recordedRecognizesSimultaneously(with other: any RecordableRecognizer) -> Bool
    /// From now on, report each action the recognizer sends to `Recorder.recognizerDidSendAction` with the state it
    /// is in (UIKit: the recording adds itself with `addTarget(_:action:)`, which ignores a pair added before).
    /// Called once, when a capture first sees the recognizer.
    func recordedObserveStates()
}

extension RecordableRecognizer {
    public var recordedOrigin: RecognizerOrigin { .app }
}

extension RecordableController {
    public var recordedIsFirstResponder: Bool { recordedFields().isFirstResponder }
    public var recordedChildControllers: [any RecordableController] { recordedFields().children }
}

/// A `UIViewController`.
public protocol RecordableController: AnyObject {
    func recordedFields() -> ControllerFields
    /// `isFirstResponder`: read alone by the first-responder search (the `inputAccessoryView` pattern), which runs
    /// far more often than a capture.
    var recordedIsFirstResponder: Bool { get }
    /// `children` and the presented controller, read alone by the first-responder search.
    var recordedChildControllers: [any RecordableController] { get }
    func recordedImplements(_ selectors: [String]) -> [String]
    /// Of `implemented` (actions it responds to), those its `canPerformAction(_:withSender:)` answers false to now,
    /// asked with a nil sender: `refusesActions`.
    func recordedRefuses(_ implemented: [String]) -> [String]
}

/// The text a view shows, as far as the recorder may know it: typed text never leaves the device.
public enum TextReading: Sendable, Equatable {
    /// Not a text view, or no text.
    case none
    /// The text's length in UTF-16 code units (`NSString.length`); the text itself is never read into the recorder.
    case length(Int)
    /// `isSecureTextEntry`: not read at all, not even its length.
    case secure
}

/// One view as read from UIKit: its class, its format fields (`ViewProperties`) with the values UIKit gives,
/// defaults included (the capture leaves out what equals the class default), and its text as far as the recorder
/// may know it. Each field reads as a property of its own (`fields.transform`).
@dynamicMemberLookup
public struct ViewFields: Sendable {
    /// The runtime class, module-qualified for app classes (`Wallet.LoginField`).
    public var className: String
    /// The nearest public UIKit ancestor when `className` is not one (`UIButton` for `Chat.ReactionButton`).
    public var baseClass: String?
    /// What UIKit answered. `frame` is nil when a non-identity transform makes UIKit's `frame` undefined.
    public var properties: ViewProperties
    public var text: TextReading

    public init(className: String, baseClass: String? = nil, properties: ViewProperties, text: TextReading = .none) {
        self.className = className
        self.baseClass = baseClass
        self.properties = properties
        self.text = text
    }

    /// The reads of a plain view with UIKit's usual values, for adapters that know a few of them (the stand-in,
    /// tests, benchmarks). `bounds` and `center` follow from `frame` when not given, as in UIKit.
    public init(
        className: String, baseClass: String? = nil, frame: Rect?, bounds: Rect? = nil, center: Point? = nil,
        transform: AffineTransform = .identity, isHidden: Bool = false, alpha: Double = 1,
        isUserInteractionEnabled: Bool = true, clipsToBounds: Bool = false, isMultipleTouchEnabled: Bool = false,
        isExclusiveTouch: Bool = false, canBecomeFirstResponder: Bool = false, isFirstResponder: Bool = false,
        accessibilityIdentifier: String? = nil, accessibilityLabel: String? = nil,
        keyboardDismissMode: KeyboardDismissMode? = nil, delaysContentTouches: Bool? = nil,
        canCancelContentTouches: Bool? = nil, isContinuous: Bool? = nil, text: TextReading = .none,
        adoptsKeyInput: Bool? = nil, hostsSwiftUI: Bool? = nil
    ) {
        let size = frame.map { Size($0.width, $0.height) } ?? Size(0, 0)
        self.init(
            className: className, baseClass: baseClass,
            properties: ViewProperties(
                frame: frame, bounds: bounds ?? Rect(0, 0, size.width, size.height),
                center: center ?? frame.map { Point($0.x + $0.width / 2, $0.y + $0.height / 2) } ?? Point(0, 0),
                transform: transform, isHidden: isHidden, alpha: alpha,
                isUserInteractionEnabled: isUserInteractionEnabled, clipsToBounds: clipsToBounds,
                isMultipleTouchEnabled: isMultipleTouchEnabled, isExclusiveTouch: isExclusiveTouch,
                canBecomeFirstResponder: canBecomeFirstResponder, isFirstResponder: isFirstResponder,
                adoptsKeyInput: adoptsKeyInput, keyboardDismissMode: keyboardDismissMode,
                delaysContentTouches: delaysContentTouches, canCancelContentTouches: canCancelContentTouches,
                isContinuous: isContinuous, hostsSwiftUI: hostsSwiftUI,
                accessibilityIdentifier: accessibilityIdentifier,
                accessibilityLabel: accessibilityLabel),
            text: text)
    }

    public subscript<Value>(dynamicMember field: KeyPath<ViewProperties, Value>) -> Value { properties[keyPath: field] }
}

/// A control's enabled flag and its handlers: target-action pairs and UIAction handlers alike
/// (`enumerateEventHandlers(_:)`).
public struct ControlFields {
    public var isEnabled: Bool
    public var actions: [ControlAction]

    public init(isEnabled: Bool, actions: [ControlAction]) {
        self.isEnabled = isEnabled
        self.actions = actions
    }
}

/// One handler of a control: a target-action pair (`target` nil: nil-targeted, sent along the responder chain), or
/// a UIAction handler (`isHandler`), whose closure UIKit runs through the control's own `sendAction(_:)`: recorded
/// with the control itself as its target and the UIAction's name as its action, so replay sends it to the control,
/// never along the responder chain.
public struct ControlAction {
    public var events: [String]
    public var target: AnyObject?
    public var action: String
    /// A UIAction handler: its name is no selector, so responders are not asked whether they implement it.
    public var isHandler: Bool

    public init(events: [String], target: AnyObject?, action: String, isHandler: Bool = false) {
        self.events = events
        self.target = target
        self.action = action
        self.isHandler = isHandler
    }
}

/// A gesture recognizer's flags and targets.
public struct RecognizerFields {
    public var className: String
    /// The UIKit recognizer class a custom one derives from, which decides its behaviour.
    public var baseClass: String?
    public var isEnabled: Bool
    public var cancelsTouchesInView: Bool
    public var delaysTouchesBegan: Bool
    public var delaysTouchesEnded: Bool
    /// Tap recognizers only.
    public var numberOfTapsRequired: Int
    /// Taps, long presses and swipes.
    public var numberOfTouchesRequired: Int
    /// Long presses.
    public var minimumPressDuration: Double
    public var allowableMovement: Double
    /// Swipes.
    public var direction: Set<SwipeDirection>
    /// Pans; `nil` for UIKit's `NSUIntegerMax` (no maximum).
    public var minimumNumberOfTouches: Int
    public var maximumNumberOfTouches: Int?
    public var actions: [(target: AnyObject?, action: String)]
    /// The recognizer's `delegate` (`UIGestureRecognizerDelegate`), often a plain object.
    public var delegate: AnyObject?

    public init(
        className: String, baseClass: String? = nil, isEnabled: Bool = true, cancelsTouchesInView: Bool = true,
        delaysTouchesBegan: Bool = false, delaysTouchesEnded: Bool = true, numberOfTapsRequired: Int = 1,
        numberOfTouchesRequired: Int = 1, minimumPressDuration: Double = RecognizerSpec.defaultPressDuration,
        allowableMovement: Double = RecognizerSpec.defaultAllowableMovement, direction: Set<SwipeDirection> = [.right],
        minimumNumberOfTouches: Int = 1, maximumNumberOfTouches: Int? = nil,
        actions: [(target: AnyObject?, action: String)] = [], delegate: AnyObject? = nil
    ) {
        self.delegate = delegate
        self.className = className
        self.baseClass = baseClass
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
        self.actions = actions
    }
}

/// A view controller's place: its root view, its parent and the controller that presented it.
public struct ControllerFields {
    public var className: String
    public var view: (any RecordableView)?
    /// `viewIfLoaded?.window != nil`: only such a controller can be named (its `view` must be in the snapshot).
    public var isViewInWindow: Bool
    public var parent: (any RecordableController)?
    public var presenting: (any RecordableController)?
    /// Children and the presented controller, so the whole tree is found from each window's root.
    public var children: [any RecordableController]
    /// A presented controller's `modalPresentationStyle` (nil for one not presented).
    public var modalPresentationStyle: ModalPresentationStyle?
    /// A presented controller's `presentationController?.containerView`.
    public var presentationContainer: (any RecordableView)?
    /// `canBecomeFirstResponder`, `isFirstResponder`, and whether UIKit shows input views for it as first responder
    /// (`inputView` or `inputAccessoryView` set, or `UIKeyInput` adopted): the `inputAccessoryView` pattern.
    public var canBecomeFirstResponder: Bool
    public var isFirstResponder: Bool
    public var showsInputViews: Bool

    public init(
        className: String, view: (any RecordableView)?, isViewInWindow: Bool = true,
        parent: (any RecordableController)? = nil,
        presenting: (any RecordableController)? = nil, children: [any RecordableController] = [],
        modalPresentationStyle: ModalPresentationStyle? = nil, presentationContainer: (any RecordableView)? = nil,
        canBecomeFirstResponder: Bool = false, isFirstResponder: Bool = false, showsInputViews: Bool = false
    ) {
        self.className = className
        self.view = view
        self.isViewInWindow = isViewInWindow
        self.parent = parent
        self.presenting = presenting
        self.children = children
        self.modalPresentationStyle = modalPresentationStyle
        self.presentationContainer = presentationContainer
        self.canBecomeFirstResponder = canBecomeFirstResponder
        self.isFirstResponder = isFirstResponder
        self.showsInputViews = showsInputViews
    }
}

/// One `UITouch` of an event, read in `UIWindow.sendEvent(_:)` before the event is passed on.
public struct TouchReading {
    /// The `UITouch` object: the same object for a finger's whole life, which gives it its number.
    public var touch: AnyObject
    public var phase: TouchPhase
    /// `location(in: nil)`: in the window's coordinates.
    public var locationInWindow: Point
    /// `timestamp`, seconds of system uptime.
    public var timestamp: Double
    public var tapCount: Int
    /// `view`: already hit-tested when the window receives the event.
    public var view: (any RecordableView)?
    /// On `began`, when `view` is sensitive (secure text entry, a `UIKeyInput` view of the app's own, marked by the
    /// app, or inside such a view): the centre of `view` in the window's coordinates, written instead of the finger's
    /// position while `RecorderPrivacy.redactsSensitiveTouches` is on. Nil otherwise.
    public var sensitiveViewCenter: Point?
    /// On `began`: `view` is, or is inside, a view hosting SwiftUI content. UIKit focusing a tapped text field there
    /// is SwiftUI's doing (its `TextField` is a UIKit field it focuses itself), which replay's model does not play:
    /// the recording writes such a change as a call.
    public var inHostedContent: Bool

    public init(
        touch: AnyObject, phase: TouchPhase, locationInWindow: Point, timestamp: Double,
        tapCount: Int = 1,
        view: (any RecordableView)?, sensitiveViewCenter: Point? = nil, inHostedContent: Bool = false
    ) {
        self.touch = touch
        self.phase = phase
        self.locationInWindow = locationInWindow
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.view = view
        self.sensitiveViewCenter = sensitiveViewCenter
        self.inHostedContent = inHostedContent
    }
}
