// A test-only stand-in for the part of UIKit that TouchlogRecorderUIKit uses, so the adapter compiles and its tests
// run on Linux. Like UIKit's, its classes are `@MainActor`. Every declaration copies the signature Apple documents (docs/recorder.md lists them, line by line);
// members whose names start with `standIn` are not UIKit: they let tests drive what UIKit would do.
import Foundation

// MARK: CoreGraphics

/// `CGAffineTransform` (CoreGraphics, re-exported by UIKit).
public struct CGAffineTransform: Equatable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public var isIdentity: Bool { self == .identity }
}

extension NSValue {
    /// UIKit's `NSValue.cgRectValue`.
    public var cgRectValue: CGRect { rectValue }
}

/// The Objective-C selector type, which Linux's Foundation lacks.
public struct Selector: Hashable, Sendable {
    let name: String
    public init(_ name: String) { self.name = name }
}

/// `NSStringFromSelector(_:)`.
public func NSStringFromSelector(_ aSelector: Selector) -> String { aSelector.name }

// MARK: Responders

/// `NSObject.responds(to:)` for the stand-in: Foundation's `NSObject` on Linux has no selectors, so responders and
/// the tests' plain objects answer from the selectors they declare.
@MainActor
public protocol StandInSelectorAnswering: AnyObject {
    func responds(to aSelector: Selector!) -> Bool
}

/// An `NSObject` of the app that is no responder (a coordinator, a delegate), with the selectors it implements.
open class StandInObject: NSObject, StandInSelectorAnswering {
    public var standInImplements: Set<String> = []
    open func responds(to aSelector: Selector!) -> Bool { standInImplements.contains(aSelector.name) }
}

@MainActor
open class UIResponder: NSObject, StandInSelectorAnswering {
    /// The key window's first responder, where key input and nil-targeted actions go. Each window keeps its own
    /// (`UIWindow.standInFirstResponder`), as in UIKit: "Asks UIKit to make this object the first responder in its
    /// window" (Apple docs: UIResponder.becomeFirstResponder()).
    public static var standInFirstResponder: UIResponder? { UIWindow.standInKeyWindow?.standInFirstResponder }
    /// The selectors this object's class implements: what `responds(to:)` answers from on Apple platforms.
    public var standInImplements: Set<String> = []

    open var canBecomeFirstResponder: Bool { false }
    open var isFirstResponder: Bool { standInWindow?.standInFirstResponder === self }

    /// The window whose first responder this may be: a view's own (other responders are never first responder in
    /// the stand-in).
    private var standInWindow: UIWindow? { (self as? UIView)?.window }

    /// A responder in no window does not become first responder; one in a window replaces that window's only.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = standInWindow else { return false }
        window.standInFirstResponder = self
        return true
    }

    @discardableResult
    open func resignFirstResponder() -> Bool {
        if isFirstResponder { standInWindow?.standInFirstResponder = nil }
        return true
    }

    open var next: UIResponder? { nil }

    /// Implemented selectors `canPerformAction(_:withSender:)` answers false to (a `paste:` with nothing to paste).
    public var standInRefuses: Set<String> = []

    /// `NSObject.responds(to:)`.
    open func responds(to aSelector: Selector!) -> Bool { standInImplements.contains(aSelector.name) }

    /// UIKit's default: true when the class implements the action; an override may refuse.
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        responds(to: action) && !standInRefuses.contains(action.name)
    }

    open func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        var responder: UIResponder? = self
        while let current = responder {
            if current.canPerformAction(action, withSender: sender) { return current }
            responder = current.next
        }
        return nil
    }

    nonisolated public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    nonisolated public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    nonisolated public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    nonisolated public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name(
        "UIKeyboardWillChangeFrameNotification")
    nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
}

// MARK: Text input

/// `UITextInputTraits`. Apple declares `isSecureTextEntry` an optional requirement (`optional var isSecureTextEntry:
/// Bool { get set }`, false by default), which Swift has only for `@objc` protocols: the stand-in requires it and
/// gives it its documented default in an extension, which is what a class that does not implement it answers.
@MainActor
public protocol UITextInputTraits: NSObjectProtocol {
    var isSecureTextEntry: Bool { get set }
}

extension UITextInputTraits {
    public var isSecureTextEntry: Bool {
        get { false }
        set {}
    }
}

/// `UIKeyInput`: "Adopt this protocol in a subclass of UIResponder to support text entry" (Apple docs).
@MainActor
public protocol UIKeyInput: UITextInputTraits {
    var hasText: Bool { get }
    func insertText(_ text: String)
    func deleteBackward()
}

// MARK: Views

@MainActor
open class UIView: UIResponder {
    public init(frame: CGRect) {
        self.frame = frame
        bounds = CGRect(origin: .zero, size: frame.size)
        center = CGPoint(x: frame.midX, y: frame.midY)
    }

    open var frame: CGRect {
        didSet {
            bounds.size = frame.size
            center = CGPoint(x: frame.midX, y: frame.midY)
        }
    }
    open var bounds: CGRect
    open var center: CGPoint
    open var transform: CGAffineTransform = .identity
    open var isHidden = false
    open var alpha: CGFloat = 1
    open var isUserInteractionEnabled = true
    open var clipsToBounds = false
    open var isMultipleTouchEnabled = false
    open var isExclusiveTouch = false
    open var accessibilityIdentifier: String?
    open var accessibilityLabel: String?
    open var gestureRecognizers: [UIGestureRecognizer]?
    open private(set) var subviews: [UIView] = []
    open private(set) weak var superview: UIView?
    /// The controller whose root view this is (UIKit's next responder of a root view).
    weak var standInController: UIViewController?

    open var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superview
        }
        return nil
    }

    open override var next: UIResponder? { standInController ?? superview }

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    open func removeFromSuperview() {
        if isFirstResponder { resignFirstResponder() }
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }

    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizers = (gestureRecognizers ?? []) + [gestureRecognizer]
        gestureRecognizer.view = self
    }
}

@MainActor
open class UILabel: UIView {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
}

@MainActor
open class UIImageView: UIView {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
}

public protocol UIScrollViewDelegate: AnyObject {}
public protocol UITextFieldDelegate: AnyObject {}
/// UIKit's is an Objective-C protocol whose methods are optional; the stand-in's default answers as a missing method
/// does (nil), so a delegate that implements it answers.
@MainActor public protocol UIGestureRecognizerDelegate: AnyObject {
    func standInShouldRecognizeSimultaneously(
        _ gestureRecognizer: UIGestureRecognizer, with otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool?
}

extension UIGestureRecognizerDelegate {
    public func standInShouldRecognizeSimultaneously(
        _ gestureRecognizer: UIGestureRecognizer, with otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool? { nil }
}

public struct UIEdgeInsets: Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

@MainActor
open class UIScrollView: UIView {
    public enum KeyboardDismissMode: Int, Sendable {
        case none, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
    }
    open var keyboardDismissMode: KeyboardDismissMode = .none
    open weak var delegate: (any UIScrollViewDelegate)?
    open var delaysContentTouches = true
    open var canCancelContentTouches = true
    open var isScrollEnabled = true
    open var contentSize = CGSize.zero
    /// UIKit's is read-only (the safe area and `contentInset` make it); the stand-in lets a test set it.
    open var adjustedContentInset = UIEdgeInsets()
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
    }
}

@MainActor
open class UITableView: UIScrollView {}
@MainActor
open class UITableViewCell: UIView {}

@MainActor
open class UIControl: UIView {
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
    }

    private var standInActions: [(target: AnyObject?, action: Selector, events: Event)] = []
    open var isEnabled = true

    open func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) {
        standInActions.append((target as AnyObject?, action, controlEvents))
    }

    /// `NSNull` stands for a nil target, as in UIKit.
    open var allTargets: Set<AnyHashable> {
        Set(standInActions.map { ($0.target as? NSObject).map(AnyHashable.init) ?? AnyHashable(NSNull()) })
    }

    open var allControlEvents: UIControl.Event { standInActions.reduce([]) { $0.union($1.events) } }

    open func actions(forTarget target: Any?, forControlEvent controlEvent: UIControl.Event) -> [String]? {
        let object = target as AnyObject?
        let names = standInActions.filter {
            $0.events.contains(controlEvent) && ($0.target === object || ($0.target == nil && object is NSNull))
        }.map(\.action.name)
        return names.isEmpty ? nil : names
    }
}

@MainActor
open class UIButton: UIControl {}
@MainActor
open class UISlider: UIControl {
    /// UIKit's default: `valueChanged` as the thumb moves.
    open var isContinuous = true
}
@MainActor
open class UIStepper: UIControl {
    open var isContinuous = true
}

@MainActor
open class UITextField: UIControl {
    open var text: String?
    open var isSecureTextEntry = false
    open weak var delegate: (any UITextFieldDelegate)?
    open override var canBecomeFirstResponder: Bool { true }

    /// UIResponderStandardEditActions a text field implements, as `UITextField` answers `responds(to:)`.
    static let standInEditActions: Set<String> = ["cut:", "copy:", "paste:", "select:", "selectAll:", "delete:"]

    public override init(frame: CGRect) {
        super.init(frame: frame)
        standInImplements = Self.standInEditActions
    }

    /// The edit actions work on the text being edited: a field that is not first responder refuses them.
    open override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        if Self.standInEditActions.contains(action.name) && !isFirstResponder { return false }
        return super.canPerformAction(action, withSender: sender)
    }

    nonisolated public static let textDidBeginEditingNotification = Notification.Name(
        "UITextFieldTextDidBeginEditingNotification")
    nonisolated public static let textDidEndEditingNotification = Notification.Name(
        "UITextFieldTextDidEndEditingNotification")
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
}

@MainActor
open class UITextView: UIScrollView {
    open var text: String! = ""
    open var isSecureTextEntry = false
    open override var canBecomeFirstResponder: Bool { true }

    nonisolated public static let textDidBeginEditingNotification = Notification.Name(
        "UITextViewTextDidBeginEditingNotification")
    nonisolated public static let textDidEndEditingNotification = Notification.Name(
        "UITextViewTextDidEndEditingNotification")
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
}

/// `UITextField` and `UITextView` adopt `UITextInput`, which refines `UIKeyInput`.
extension UITextField: UIKeyInput {
    public var hasText: Bool { !(text ?? "").isEmpty }
    public func insertText(_ text: String) { self.text = (self.text ?? "") + text }
    public func deleteBackward() { text = text.map { String($0.dropLast()) } }
}

extension UITextView: UIKeyInput {
    public var hasText: Bool { !text.isEmpty }
    public func insertText(_ text: String) { self.text += text }
    public func deleteBackward() { text = String(text.dropLast()) }
}

// MARK: Windows, controllers, the application

@MainActor
open class UIWindow: UIView {
    public struct Level: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = Level(rawValue: 0)
        public static let statusBar = Level(rawValue: 1000)
        public static let alert = Level(rawValue: 2000)
    }

    /// What UIKit does with an event once the window passes it on: the tests' simulated UIKit.
    public var standInDelivery: ((UIEvent) -> Void)?
    /// The stand-in app's key window (UIKit has one at a time).
    public private(set) static weak var standInKeyWindow: UIWindow?
    /// This window's first responder (each window keeps its own).
    public internal(set) weak var standInFirstResponder: UIResponder?

    open var windowLevel: UIWindow.Level = .normal
    open var isKeyWindow: Bool { UIWindow.standInKeyWindow === self }
    open var rootViewController: UIViewController? {
        didSet {
            if let view = rootViewController?.view { addSubview(view) }
        }
    }

    /// As UIKit may, it goes through `makeKey()` (undocumented either way: the recording window must not record
    /// the request twice).
    open func makeKeyAndVisible() { makeKey() }

    open func makeKey() { UIWindow.standInKeyWindow = self }

    nonisolated public static let didBecomeKeyNotification = Notification.Name("UIWindowDidBecomeKeyNotification")

    open func sendEvent(_ event: UIEvent) { standInDelivery?(event) }

    open override var next: UIResponder? { UIApplication.shared }
}

@MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    open private(set) var children: [UIViewController] = []
    open private(set) weak var parent: UIViewController?
    open internal(set) weak var presentingViewController: UIViewController?
    open internal(set) var presentedViewController: UIViewController?

    public override init() {}

    open var view: UIView! {
        get {
            if loadedView == nil {
                loadedView = UIView(frame: .zero)
                loadedView?.standInController = self
            }
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.standInController = self
        }
    }

    open var viewIfLoaded: UIView? { loadedView }

    open func addChild(_ childController: UIViewController) {
        children.append(childController)
        childController.parent = self
    }

    open override var next: UIResponder? { presentingViewController ?? loadedView?.superview }
}

@MainActor
public protocol UIApplicationDelegate: AnyObject {}

@MainActor
open class UIApplication: UIResponder {
    public static let shared = UIApplication()
    /// Who receives an action the stand-in sends: the tests' simulated target-action.
    public var standInPerform: ((Selector, AnyObject) -> Void)?

    open weak var delegate: (any UIApplicationDelegate)?

    open override var next: UIResponder? { delegate as? UIResponder }

    @discardableResult
    open func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        let start = UIResponder.standInFirstResponder ?? (sender as? UIResponder)
        guard
            let receiver = (target as AnyObject?)
                ?? (start?.target(forAction: action, withSender: sender) as AnyObject?)
        else { return false }
        standInPerform?(action, receiver)
        return true
    }

    /// Passes a touch event to the windows of its touches, as UIKit does before any window sees it.
    open func sendEvent(_ event: UIEvent) {
        var windows: [UIWindow] = []
        for touch in event.allTouches ?? [] {
            if let window = touch.window, !windows.contains(where: { $0 === window }) { windows.append(window) }
        }
        for window in windows { window.sendEvent(event) }
    }

    nonisolated public static let didEnterBackgroundNotification = Notification.Name(
        "UIApplicationDidEnterBackgroundNotification")
}

// MARK: Events

/// What UIKit does when a recognizer sends an action (`perform(_:with:)`, which Linux's Foundation lacks): the
/// stand-in calls targets that adopt this.
@MainActor
public protocol StandInActionTarget: AnyObject {
    func standInPerform(_ action: Selector, with sender: Any?)
}

@MainActor
open class UIGestureRecognizer: NSObject {
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static var recognized: UIGestureRecognizer.State { .ended }
    }

    private final class Target {
        weak var object: AnyObject?
        let action: Selector
        init(_ object: AnyObject, _ action: Selector) {
            self.object = object
            self.action = action
        }
    }
    private var targets: [Target] = []

    public init(target: Any?, action: Selector?) {}
    open var state: UIGestureRecognizer.State = .possible

    /// "if you request to add a target-action pair that has already been added, then the request is ignored"
    open func addTarget(_ target: Any, action: Selector) {
        let object = target as AnyObject
        guard !targets.contains(where: { $0.object === object && $0.action == action }) else { return }
        targets.append(Target(object, action))
    }

    /// The recognizer enters `state` and, as UIKit does for the states that send actions, calls its targets.
    public func standInSendActions(in state: UIGestureRecognizer.State) {
        self.state = state
        for target in targets {
            (target.object as? StandInActionTarget)?.standInPerform(target.action, with: self)
        }
    }

    open var isEnabled = true
    open var cancelsTouchesInView = true
    open var delaysTouchesBegan = false
    open var delaysTouchesEnded = true
    open weak var delegate: (any UIGestureRecognizerDelegate)?
    open internal(set) weak var view: UIView?
}

@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1
}

@MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    open var numberOfTouchesRequired = 1
    open var minimumPressDuration: TimeInterval = 0.5
    open var allowableMovement: CGFloat = 10
}

@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max
}

@MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }
    open var direction: Direction = .right
    open var numberOfTouchesRequired = 1
}

@MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {}

@MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {}

@MainActor
open class UITouch: NSObject {
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }

    open var phase: UITouch.Phase = .began
    open var timestamp: TimeInterval = 0
    open var tapCount = 1
    open var view: UIView?
    open var window: UIWindow?
    /// The touch's point in its window's coordinates.
    public var standInLocation = CGPoint.zero

    public override init() {}

    open func location(in view: UIView?) -> CGPoint {
        guard let view, view !== window else { return standInLocation }
        var point = standInLocation
        var current: UIView? = view
        while let ancestor = current, ancestor !== window {
            point.x -= ancestor.frame.minX - ancestor.bounds.minX
            point.y -= ancestor.frame.minY - ancestor.bounds.minY
            current = ancestor.superview
        }
        return point
    }
}

@MainActor
open class UIEvent: NSObject {
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses
    }

    open var type: UIEvent.EventType { .touches }
    open var timestamp: TimeInterval = 0
    public var standInTouches: Set<UITouch> = []

    public override init() {}

    open var allTouches: Set<UITouch>? { standInTouches }

    open func touches(for window: UIWindow) -> Set<UITouch>? { standInTouches.filter { $0.window === window } }
}
