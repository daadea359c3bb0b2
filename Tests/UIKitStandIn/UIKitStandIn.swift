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

    /// The window whose first responder this may be: a view's own, or a view controller's view's (a controller can be
    /// first responder: the `inputAccessoryView` pattern). Other responders are never first responder in the stand-in.
    private var standInWindow: UIWindow? {
        (self as? UIView)?.window ?? (self as? UIViewController)?.viewIfLoaded?.window
    }

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

    /// Shown by UIKit while this responder is first responder: a custom keyboard and the bar above it (nil: none).
    open var inputView: UIView? { nil }
    open var inputAccessoryView: UIView? { nil }

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
    /// An `NSNumber` with a Boolean: false when another app, visible beside this one, caused the change (iOS 9).
    nonisolated public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
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

// MARK: Coordinate spaces, screens and scenes

/// `UICoordinateSpace`: views and the screen convert points and rectangles between each other. The stand-in places
/// every space by its origin on the display (`standInOriginOnScreen`), which is all its conversions need (no
/// rotation, no transforms).
@MainActor
public protocol UICoordinateSpace: NSObjectProtocol {
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
    var bounds: CGRect { get }
    /// Where this space's origin lies on the display.
    var standInOriginOnScreen: CGPoint { get }
}

extension UICoordinateSpace {
    public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        let (from, to) = (standInOriginOnScreen, coordinateSpace.standInOriginOnScreen)
        return CGPoint(x: point.x + from.x - to.x, y: point.y + from.y - to.y)
    }
    public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        coordinateSpace.convert(point, to: self)
    }
    public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        CGRect(origin: convert(rect.origin, to: coordinateSpace), size: rect.size)
    }
    public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        coordinateSpace.convert(rect, to: self)
    }
}

/// `UIScreen`: the display. Its `coordinateSpace` is the display's, in which UIKit gives the keyboard's frame
/// (Apple docs: UIResponder.keyboardFrameEndUserInfoKey).
@MainActor
open class UIScreen: NSObject {
    open var bounds: CGRect
    open var scale: CGFloat
    /// "The current coordinate space of the screen": its bounds are the screen's.
    open var coordinateSpace: any UICoordinateSpace { StandInScreenSpace(bounds: bounds) }

    public init(standInBounds bounds: CGRect, scale: CGFloat = 3) {
        self.bounds = bounds
        self.scale = scale
    }

    /// An iPhone 15's screen, for windows no test places on another.
    public static let standInDefault = UIScreen(standInBounds: CGRect(x: 0, y: 0, width: 393, height: 852))
}

/// The screen's coordinate space: its origin is the display's.
final class StandInScreenSpace: NSObject, UICoordinateSpace {
    let bounds: CGRect
    init(bounds: CGRect) { self.bounds = bounds }
    var standInOriginOnScreen: CGPoint { .zero }
}

/// `UIScene`: one instance of the app's interface (iOS 13).
@MainActor
open class UIScene: UIResponder {}

/// `UIWindowScene`: a scene with windows, on a screen. In Split View, Slide Over and Stage Manager a scene covers part
/// of the screen: its windows' coordinates start at the scene's corner, the screen's at the display's
/// (`standInFrameOnScreen`).
@MainActor
open class UIWindowScene: UIScene {
    open var screen: UIScreen
    /// Where the scene lies on its screen (not UIKit's: the system places scenes).
    public var standInFrameOnScreen: CGRect
    fileprivate var standInWindows: [WeakWindow] = []
    fileprivate weak var standInKeyWindow: UIWindow?

    fileprivate final class WeakWindow {
        weak var window: UIWindow?
        init(_ window: UIWindow) { self.window = window }
    }

    public init(standInScreen screen: UIScreen, frameOnScreen: CGRect) {
        self.screen = screen
        standInFrameOnScreen = frameOnScreen
    }

    /// The scene's windows (iOS 13).
    open var windows: [UIWindow] { standInWindows.compactMap(\.window) }

    /// "The key window of its scene" (iOS 15): each scene has one.
    open var keyWindow: UIWindow? { standInKeyWindow }
}

// MARK: Views

@MainActor
open class UIView: UIResponder, UICoordinateSpace {
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
    /// UIKit's own controls answer their traits (a button `.button`); a plain view none until the app sets some.
    open var accessibilityTraits: UIAccessibilityTraits = []
    /// UIAccessibilityContainer (an informal protocol on NSObject): the elements inside the view that are no
    /// subviews, such as a SwiftUI hosting view's content. Nil: the view is no container (UIKit's default).
    open var accessibilityElements: [Any]?
    open func accessibilityElementCount() -> Int { accessibilityElements?.count ?? 0 }
    open func accessibilityElement(at index: Int) -> Any? {
        guard let elements = accessibilityElements, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
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

    /// The view's origin on the display: its frame in each superview's bounds, up to its window, whose frame is in
    /// its scene's coordinates.
    public var standInOriginOnScreen: CGPoint {
        var point = CGPoint.zero
        var view: UIView = self
        while !(view is UIWindow), let parent = view.superview {
            point.x += view.frame.minX - parent.bounds.minX
            point.y += view.frame.minY - parent.bounds.minY
            view = parent
        }
        if let window = view as? UIWindow {
            let scene = window.windowScene?.standInFrameOnScreen.origin ?? .zero
            point.x += window.frame.minX + scene.x
            point.y += window.frame.minY + scene.y
        }
        return point
    }

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

    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizers?.removeAll { $0 === gestureRecognizer }
        if gestureRecognizer.view === self { gestureRecognizer.view = nil }
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

    /// UIKit's answer (SC6): "The default returned value is true if view isn't a UIControl object; otherwise, it
    /// returns false." Apps override it to let a drag that starts on a button scroll.
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

    /// "The underlying gesture recognizer for pan gestures" (iOS 5): UIKit's own, attached to the scroll view.
    public let panGestureRecognizer: UIPanGestureRecognizer
    /// The underlying recognizer for pinch gestures: nil while zooming is not enabled (`maximumZoomScale` not above
    /// `minimumZoomScale`), UIKit's own once it is.
    open private(set) var pinchGestureRecognizer: UIPinchGestureRecognizer?
    open var minimumZoomScale: CGFloat = 1 {
        didSet { standInUpdatePinch() }
    }
    open var maximumZoomScale: CGFloat = 1 {
        didSet { standInUpdatePinch() }
    }

    public override init(frame: CGRect) {
        panGestureRecognizer = UIScrollViewPanGestureRecognizer(target: nil, action: nil)
        super.init(frame: frame)
        clipsToBounds = true
        addGestureRecognizer(panGestureRecognizer)
    }

    private func standInUpdatePinch() {
        guard maximumZoomScale > minimumZoomScale, pinchGestureRecognizer == nil else { return }
        let pinch = UIScrollViewPinchGestureRecognizer(target: nil, action: nil)
        pinchGestureRecognizer = pinch
        addGestureRecognizer(pinch)
    }
}

/// UIKit's own recognizer classes of a scroll view, which the app cannot name (their names are not documented).
final class UIScrollViewPanGestureRecognizer: UIPanGestureRecognizer {}
final class UIScrollViewPinchGestureRecognizer: UIPinchGestureRecognizer {}

/// UIKit's `IndexPath` additions for lists (`row` of a table, `item` of a collection view, both the second index).
extension IndexPath {
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    public var section: Int { self[0] }
    public var row: Int { self[1] }
    public var item: Int { self[1] }
}

/// What UIKit's table and collection views share here: whether taps select, the selection, and each visible cell's
/// index path (UIKit's data source gives it; a test places cells with `standInPlace(_:at:)`).
@MainActor
open class StandInList: UIScrollView {
    open var allowsSelection = true
    open var allowsMultipleSelection = false
    var standInSelection: [IndexPath] = []
    private var standInPlaces: [ObjectIdentifier: IndexPath] = [:]

    /// The data source put `cell` at `indexPath` (and added it).
    public func standInPlace(_ cell: UIView, at indexPath: IndexPath) {
        standInPlaces[ObjectIdentifier(cell)] = indexPath
        if cell.superview !== self { addSubview(cell) }
    }

    func standInIndexPath(of cell: UIView) -> IndexPath? { standInPlaces[ObjectIdentifier(cell)] }

    /// `selectRow(at:animated:scrollPosition:)` / `selectItem(at:animated:scrollPosition:)`: no delegate message.
    public func standInSelect(_ indexPath: IndexPath) {
        if !allowsMultipleSelection { standInSelection = [] }
        if !standInSelection.contains(indexPath) { standInSelection.append(indexPath) }
    }

    public func standInDeselect(_ indexPath: IndexPath) { standInSelection.removeAll { $0 == indexPath } }
}

@MainActor
open class UITableView: StandInList {
    /// Posted when the user's selection changes, with the delegate's messages (never for `selectRow`).
    nonisolated public static let selectionDidChangeNotification = Notification.Name(
        "UITableViewSelectionDidChangeNotification")
    /// nil when no row is selected (Apple docs: UITableView.indexPathsForSelectedRows).
    open var indexPathsForSelectedRows: [IndexPath]? { standInSelection.isEmpty ? nil : standInSelection }
    /// nil for a cell the table does not show.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? { standInIndexPath(of: cell) }
    public enum ScrollPosition: Int, Sendable {
        case none, top, middle, bottom
    }

    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        if let indexPath { standInSelect(indexPath) }
    }
    open func deselectRow(at indexPath: IndexPath, animated: Bool) { standInDeselect(indexPath) }
}
@MainActor
open class UITableViewCell: UIView {}

@MainActor
open class UICollectionView: StandInList {
    open var indexPathsForSelectedItems: [IndexPath]? { standInSelection.isEmpty ? nil : standInSelection }
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { standInIndexPath(of: cell) }
}
@MainActor
open class UICollectionViewCell: UIView {}

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

    /// One registered handler: a target-action pair or a `UIAction`, with the events it was added for.
    private enum StandInHandler {
        case targetAction(target: AnyObject?, action: Selector)
        case action(UIAction)
    }
    private var standInHandlers: [(handler: StandInHandler, events: Event)] = []
    open var isEnabled = true
    /// UIKit sets it while it tracks a touch (CT5); stories script it (`SimulatedApp.tap(highlights:)`).
    open var isHighlighted = false

    open func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) {
        standInHandlers.append((.targetAction(target: target as AnyObject?, action: action), controlEvents))
    }

    /// "UIActions are uniqued based on their identifier, and subsequent actions with the same identifier replace
    /// previously added actions" (Apple docs: UIControl.addAction(_:for:)).
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        if let index = standInHandlers.firstIndex(where: {
            if case .action(let added) = $0.handler { return added.identifier == action.identifier }
            return false
        }) {
            standInHandlers[index] = (.action(action), controlEvents)
        } else {
            standInHandlers.append((.action(action), controlEvents))
        }
    }

    /// Every handler, UIAction handlers and target-action pairs alike, with the events it was added for (iOS 14).
    open func enumerateEventHandlers(
        _ iterator: (UIAction?, (Any?, Selector)?, UIControl.Event, inout Bool) -> Void
    ) {
        var stop = false
        for entry in standInHandlers {
            switch entry.handler {
            case .targetAction(let target, let action): iterator(nil, (target, action), entry.events, &stop)
            case .action(let action): iterator(action, nil, entry.events, &stop)
            }
            if stop { return }
        }
    }

    /// "Calls the action methods associated with the specified events": UIAction handlers through `sendAction(_:)`,
    /// target-action pairs through `sendAction(_:to:for:)`, which forwards them to the application.
    open func sendActions(for controlEvents: UIControl.Event) {
        for entry in standInHandlers where !entry.events.isDisjoint(with: controlEvents) {
            switch entry.handler {
            case .targetAction(let target, let action): sendAction(action, to: target, for: nil)
            case .action(let action): sendAction(action)
            }
        }
    }

    /// Runs the UIAction's handler, with the control as its `sender` meanwhile (iOS 14).
    open func sendAction(_ action: UIAction) {
        action.standInSender = self
        action.standInHandler(action)
        action.standInSender = nil
    }

    /// Forwards the action to the application object for dispatching (Apple docs: UIControl.sendAction(_:to:for:)).
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        UIApplication.shared.sendAction(action, to: target, from: self, for: event)
    }
}

/// `UIActionHandler`: what a UIAction runs.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// `UIAction` (iOS 13), with the members the adapter reads; UIKit's initializer also takes an image, a
/// discoverability title, attributes and a state, which the stand-in leaves out.
@MainActor
open class UIAction: NSObject {
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public let title: String
    public let identifier: UIAction.Identifier
    /// "If available, the object on behalf of which the actionHandler is called" (iOS 14).
    open var sender: Any? { standInSender }
    var standInSender: Any?
    let standInHandler: UIActionHandler

    /// Without an identifier UIKit makes one (its form is not documented; the stand-in's is a UUID).
    public init(
        title: String = "", identifier: UIAction.Identifier? = nil, handler: @escaping UIActionHandler
    ) {
        self.title = title
        self.identifier = identifier ?? Identifier(rawValue: UUID().uuidString)
        standInHandler = handler
    }
}

@MainActor
open class UIButton: UIControl {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        accessibilityTraits = .button
    }

    /// The button registers `primaryAction` for `.primaryActionTriggered` (Apple docs: UIButton.init(frame:primaryAction:),
    /// iOS 14); UIKit also takes its title and image, which the stand-in does not draw.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }
}
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
    /// The key window the keyboard types into: the one last made key, in whichever scene (each scene has a key
    /// window of its own since iOS 15; the keyboard serves the scene the person works in).
    public private(set) static weak var standInKeyWindow: UIWindow?
    /// This window's first responder (each window keeps its own).
    public internal(set) weak var standInFirstResponder: UIResponder?

    public override init(frame: CGRect) { super.init(frame: frame) }

    /// A window in `windowScene`, covering it (iOS 13: the way a scene-based app makes its windows).
    public init(windowScene: UIWindowScene) {
        super.init(frame: CGRect(origin: .zero, size: windowScene.standInFrameOnScreen.size))
        self.windowScene = windowScene
        windowScene.standInWindows.append(UIWindowScene.WeakWindow(self))
    }

    /// The scene the window belongs to; nil for a window made with `init(frame:)` and given none.
    open weak var windowScene: UIWindowScene? {
        didSet {
            oldValue?.standInWindows.removeAll { $0.window === self || $0.window == nil }
            if let windowScene, !windowScene.windows.contains(where: { $0 === self }) {
                windowScene.standInWindows.append(UIWindowScene.WeakWindow(self))
            }
        }
    }

    private var standInScreen: UIScreen?
    /// The screen that displays the window: its scene's.
    open var screen: UIScreen {
        get { standInScreen ?? windowScene?.screen ?? UIScreen.standInDefault }
        set { standInScreen = newValue }
    }

    open var windowLevel: UIWindow.Level = .normal
    /// "The key window of its scene" since iOS 15; a window in no scene is key when it is the app's.
    open var isKeyWindow: Bool {
        if let windowScene { return windowScene.keyWindow === self }
        return UIWindow.standInKeyWindow === self
    }
    open var rootViewController: UIViewController? {
        didSet {
            if let view = rootViewController?.view { addSubview(view) }
        }
    }

    /// As UIKit may, it goes through `makeKey()` (undocumented either way: the recording window must not record
    /// the request twice).
    open func makeKeyAndVisible() { makeKey() }

    /// Key in its scene (another scene's key window stays key there), and where the keyboard now types.
    open func makeKey() { standInBecomeKey() }

    /// The system makes the window key, with no call of the app's (the person taps into another scene): key in its
    /// scene and where the keyboard types. The test posts `didBecomeKeyNotification`, as UIKit would.
    public func standInBecomeKey() {
        windowScene?.standInKeyWindow = self
        UIWindow.standInKeyWindow = self
    }

    nonisolated public static let didBecomeKeyNotification = Notification.Name("UIWindowDidBecomeKeyNotification")
    nonisolated public static let didBecomeVisibleNotification = Notification.Name(
        "UIWindowDidBecomeVisibleNotification")

    /// The recognizers see the event's touches first ("A window delivers touch events to a gesture recognizer before
    /// it delivers them to the hit-tested view attached to the gesture recognizer", Apple docs: UIGestureRecognizer),
    /// then UIKit delivers it as the test scripts (`standInDelivery`); once every finger has lifted, recognizers
    /// that left `possible` are reset.
    open func sendEvent(_ event: UIEvent) {
        let recognizers = standInRecognizers(of: event)
        let touches = event.touches(for: self) ?? []
        for recognizer in recognizers where [.possible, .began, .changed].contains(recognizer.state) {
            let seen = touches.filter { touch in
                var view = touch.view
                while let current = view, current !== recognizer.view { view = current.superview }
                return view != nil
            }
            for phase in [UITouch.Phase.began, .moved, .ended, .cancelled] {
                let inPhase = seen.filter { $0.phase == phase }
                guard !inPhase.isEmpty else { continue }
                switch phase {
                case .began: recognizer.touchesBegan(inPhase, with: event)
                case .moved: recognizer.touchesMoved(inPhase, with: event)
                case .ended: recognizer.touchesEnded(inPhase, with: event)
                default: recognizer.touchesCancelled(inPhase, with: event)
                }
            }
        }
        standInDelivery?(event)
        if touches.allSatisfy({ $0.phase == .ended || $0.phase == .cancelled }) {
            for recognizer in recognizers where recognizer.state != .possible {
                recognizer.state = .possible
                recognizer.reset()
            }
        }
    }

    /// The enabled recognizers of the touched views and their ancestors, the window's included.
    private func standInRecognizers(of event: UIEvent) -> [UIGestureRecognizer] {
        var found: [UIGestureRecognizer] = []
        for touch in event.touches(for: self) ?? [] {
            var view = touch.view
            while let current = view {
                for recognizer in current.gestureRecognizers ?? []
                where recognizer.isEnabled && !found.contains(where: { $0 === recognizer }) {
                    found.append(recognizer)
                }
                view = current.superview
            }
        }
        return found
    }

    open override var next: UIResponder? { UIApplication.shared }
}

/// The window UIKit makes for the keyboard (private): not the app's.
@MainActor
open class UIRemoteKeyboardWindow: UIWindow {}

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

    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    open internal(set) var presentationController: UIPresentationController?

    /// UIKit's presentation as the stand-in models it: the presenter keeps its screen (a sheet or an "over" style
    /// leaves it on screen), and a container view (`presentationController.containerView`) holding a dimming view
    /// and the presented controller's view is added to `context` (the window, or the presenting context's view for
    /// the current-context styles).
    public func standInPresent(_ presented: UIViewController, in context: UIView, dimming: Bool = true) {
        presentedViewController = presented
        presented.presentingViewController = self
        let container = UIView(frame: context.bounds)
        if dimming { container.addSubview(UIView(frame: context.bounds)) }
        container.addSubview(presented.view)
        context.addSubview(container)
        presented.presentationController = UIPresentationController(containerView: container)
    }
}

@MainActor
open class UIPresentationController {
    open private(set) var containerView: UIView?
    init(containerView: UIView) { self.containerView = containerView }
}

public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    case pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case none = -1
    case automatic = -2
}

@MainActor
public protocol UIApplicationDelegate: AnyObject {}

@MainActor
open class UIApplication: UIResponder {
    /// The application object: UIKit's is the instance of the class `UIApplicationMain` was given; a stand-in test
    /// sets its own (`standInShared`).
    public static var shared: UIApplication { standInShared ?? standInDefault }
    public static var standInShared: UIApplication?
    private static let standInDefault = UIApplication()
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

    // UIGestureRecognizerSubclass.h: what a subclass overrides (calling super) to follow touches.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func reset() {}
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }

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

/// `UIAccessibilityIdentification`: what has a developer's identifier (views, and accessibility elements).
@MainActor
public protocol UIAccessibilityIdentification: NSObjectProtocol {
    var accessibilityIdentifier: String? { get set }
}

extension UIView: UIAccessibilityIdentification {}

/// `UIAccessibilityElement`: an element of a container that is no view. UIKit declares the reads on NSObject
/// (UIAccessibility, an informal protocol) and any object can answer them, as SwiftUI's private elements do; the
/// stand-in, without an Objective-C runtime, declares them here, and SwiftUI's stand-in elements are of this class.
@MainActor
open class UIAccessibilityElement: NSObject, UIAccessibilityIdentification {
    public init(accessibilityContainer container: Any) {}
    open var isAccessibilityElement = true
    /// In the screen's coordinates.
    open var accessibilityFrame = CGRect.zero
    open var accessibilityLabel: String?
    open var accessibilityTraits: UIAccessibilityTraits = []
    open var accessibilityIdentifier: String?
    /// A container element's own elements (UIAccessibilityContainer).
    open var accessibilityElements: [Any]?
}

/// The accessibility traits a view presents (Apple docs: UIAccessibilityTraits), the ones the recorder names.
public struct UIAccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 28)
}

// MARK: SwiftUI

/// How the Objective-C runtime names a class that Swift's reflection names otherwise: `NSStringFromClass` gives
/// SwiftUI's generic private classes their mangled names (`_TtGC7SwiftUI14_UIHostingViewV4Shop8CartView_`). Not
/// UIKit: the stand-in's SwiftUI classes answer it, and the adapter reads it where it would call `NSStringFromClass`.
public protocol StandInRuntimeNamed: AnyObject {
    static var standInRuntimeName: String { get }
}

/// The name a SwiftUI view type has in a mangled class name: `V` and each part of `Shop.CartView` with its length.
func standInMangled(_ content: String) -> String {
    "V" + content.split(separator: ".").map { "\($0.count)\($0)" }.joined() + "_"
}

/// SwiftUI's hosting view (`_UIHostingView<Content>`, private): the view of a `UIHostingController`, in which SwiftUI
/// draws its content and hit-tests it itself. `Content` stands for the app's root SwiftUI view type.
@MainActor
open class _UIHostingView<Content: StandInSwiftUIView>: UIView, StandInRuntimeNamed {
    nonisolated public static var standInRuntimeName: String {
        "_TtGC7SwiftUI14_UIHostingView" + standInMangled(Content.standInTypeName)
    }
}

/// A SwiftUI view type of the app, by its module-qualified name (`Shop.CartView`).
public protocol StandInSwiftUIView {
    static var standInTypeName: String { get }
}

/// `UIHostingController<Content>` (SwiftUI, public): a view controller whose view hosts SwiftUI content. SwiftUI's
/// `WindowGroup` makes one as its window's root view controller.
@MainActor
open class UIHostingController<Content: StandInSwiftUIView>: UIViewController, StandInRuntimeNamed {
    nonisolated public static var standInRuntimeName: String {
        "_TtGC7SwiftUI19UIHostingController" + standInMangled(Content.standInTypeName)
    }

    public init(standInFrame frame: CGRect) {
        super.init()
        view = _UIHostingView<Content>(frame: frame)
    }
}

/// A view SwiftUI makes inside a hosting view to hit-test a shape it draws (private, not generic).
@MainActor
open class StandInSwiftUIShapeView: UIView, StandInRuntimeNamed {
    nonisolated public static var standInRuntimeName: String { "_TtC7SwiftUI21_UIShapeHitTestingView" }
}

/// A gesture recognizer SwiftUI attaches to its hosting view to run its gestures (private).
@MainActor
open class StandInSwiftUIGestureRecognizer: UIGestureRecognizer, StandInRuntimeNamed {
    nonisolated public static var standInRuntimeName: String { "_TtC7SwiftUI24UIKitGestureRecognizer" }
}
