import TouchlogRecorder
import TouchlogSchema

#if canImport(UIKit)
    import UIKit
#else
    import Foundation
    import UIKitStandIn
#endif

// The adapter's whole job: UIKit's objects answer the recorder's reads. Every read here is a property of a public
// UIKit class; docs/recorder.md lists them for a reviewer with Xcode. UIKit's classes are main-actor isolated and the
// recorder reads them on the main thread: the conformances are `@preconcurrency`, which checks that at run time.

extension UIView: @preconcurrency RecordableView {
    public func recordedFields() -> ViewFields {
        let className = recordedClassName(of: self)
        let base = uikitBaseClass(of: self)
        var text = TextReading.none
        if let field = self as? UITextField {
            // Secure fields are not read at all; otherwise only the length leaves this line.
            text = field.isSecureTextEntry ? .secure : .length((field.text ?? "").utf16.count)
        } else if let textView = self as? UITextView {
            text = textView.isSecureTextEntry ? .secure : .length((textView.text ?? "").utf16.count)
        }
        let identity = transform.isIdentity
        let hostsSwiftUI = isSwiftUIHostingView(self)
        let scrollView = self as? UIScrollView
        let table = scrollView as? UITableView
        let collection = scrollView as? UICollectionView
        // LS3, LS7: the selection as the list holds it (nil from UIKit when nothing is selected).
        let selected =
            table.map { $0.indexPathsForSelectedRows ?? [] }
            ?? collection.map {
                $0.indexPathsForSelectedItems ?? []
            }
        return ViewFields(
            className: className, baseClass: base == className ? nil : base,
            properties: ViewProperties(
                frame: identity ? Rect(frame) : nil, bounds: Rect(bounds),
                center: Point(Double(center.x), Double(center.y)),
                transform: TouchlogSchema.AffineTransform(transform), isHidden: isHidden, alpha: Double(alpha),
                isUserInteractionEnabled: isUserInteractionEnabled, clipsToBounds: clipsToBounds,
                isMultipleTouchEnabled: isMultipleTouchEnabled, isExclusiveTouch: isExclusiveTouch,
                canBecomeFirstResponder: canBecomeFirstResponder, isFirstResponder: isFirstResponder,
                // UIKit shows the keyboard for any first responder that adopts UIKeyInput, text fields or not.
                adoptsKeyInput: self is UIKeyInput,
                keyboardDismissMode: scrollView.map { KeyboardDismissMode($0.keyboardDismissMode) },
                delaysContentTouches: scrollView?.delaysContentTouches,
                canCancelContentTouches: scrollView?.canCancelContentTouches,
                // SC6, SC7: what the class's `touchesShouldCancel(in:)` answers, asked once per class.
                touchesShouldCancel: scrollView.flatMap(recordedTouchesShouldCancel),
                // SC10-SC12: whether and along which axes a drag can scroll.
                isScrollEnabled: scrollView?.isScrollEnabled,
                contentSize: scrollView.map { Size(Double($0.contentSize.width), Double($0.contentSize.height)) },
                adjustedContentInset: scrollView.map {
                    EdgeInsets(
                        top: Double($0.adjustedContentInset.top), left: Double($0.adjustedContentInset.left),
                        bottom: Double($0.adjustedContentInset.bottom), right: Double($0.adjustedContentInset.right))
                },
                alwaysBounceVertical: scrollView?.alwaysBounceVertical,
                alwaysBounceHorizontal: scrollView?.alwaysBounceHorizontal,
                // CT9, CT11: whether the control sends valueChanged while the finger moves (true by default).
                isContinuous: (self as? UISlider)?.isContinuous ?? (self as? UIStepper)?.isContinuous,
                // SC1, GR10: a scroll view zooms (has its own pinch) when the maximum is above the minimum.
                minimumZoomScale: scrollView.map { Double($0.minimumZoomScale) },
                maximumZoomScale: scrollView.map { Double($0.maximumZoomScale) },
                indexPath: listIndexPath(), allowsSelection: table?.allowsSelection ?? collection?.allowsSelection,
                allowsMultipleSelection: table?.allowsMultipleSelection ?? collection?.allowsMultipleSelection,
                selectedIndexPaths: selected?.map { ListIndexPath($0.section, $0.item) },
                hostsSwiftUI: hostsSwiftUI,
                accessibilityIdentifier: accessibilityIdentifier, accessibilityLabel: accessibilityLabel,
                // LS12: what the view presents itself as (a custom view with the button trait is tappable to a user).
                accessibilityTraits: recordedTraitNames(accessibilityTraits),
                accessibilityElements: hostsSwiftUI ? recordedAccessibilityElements() : nil),
            text: text)
    }

    /// SwiftUI's content as public API shows it: the accessibility elements of this hosting view
    /// (`accessibilityElements`, else `accessibilityElementCount()` and `accessibilityElement(at:)`), leaves only,
    /// walked into containers, at most `maxAccessibilityElements` of them, each with its frame in the window's
    /// coordinates. SwiftUI may build them only while an assistive technology asks; then there are none to record.
    private func recordedAccessibilityElements() -> [AccessibilityElementSpec] {
        var found: [AccessibilityElementSpec] = []
        func visit(_ elements: [Any], depth: Int) {
            for element in elements where found.count < maxAccessibilityElements {
                guard let object = element as? AccessibilityObject else { continue }
                if object.isAccessibilityElement {
                    var frame = object.accessibilityFrame
                    // `accessibilityFrame` is in the screen's coordinates; the recording's views are in the window's.
                    if let window { frame = window.convert(frame, from: window.screen.coordinateSpace) }
                    found.append(
                        AccessibilityElementSpec(
                            frame: Rect(frame),
                            identifier: (element as? UIAccessibilityIdentification)?.accessibilityIdentifier,
                            label: object.accessibilityLabel, traits: recordedTraitNames(object.accessibilityTraits)))
                } else if depth < 8, let inner = object.accessibilityElements {
                    visit(inner, depth: depth + 1)
                }
            }
        }
        visit(
            accessibilityElements ?? (0..<max(0, accessibilityElementCount())).compactMap(accessibilityElement(at:)),
            depth: 0)
        return found
    }

    public var recordedCell: RecordedCell? {
        var view: UIView? = self
        while let current = view {
            if current is UITableView || current is UICollectionView { return nil }
            if current is UITableViewCell || current is UICollectionViewCell {
                guard let (list, path) = current.listPlace() else { return nil }
                let selected =
                    (list as? UITableView)?.indexPathsForSelectedRows
                    ?? (list as? UICollectionView)?.indexPathsForSelectedItems ?? []
                return RecordedCell(
                    list: list, indexPath: path,
                    isSelected: selected.contains { ListIndexPath($0.section, $0.item) == path })
            }
            view = current.superview
        }
        return nil
    }

    /// A table or collection view cell's index path, from the list it is in (LS1): what selections name. Only cells
    /// walk up to their list.
    private func listIndexPath() -> ListIndexPath? { listPlace()?.indexPath }

    /// A cell's list and index path in it.
    private func listPlace() -> (list: UIScrollView, indexPath: ListIndexPath)? {
        var list = superview
        if let cell = self as? UITableViewCell {
            while let view = list, !(view is UITableView) { list = view.superview }
            guard let table = list as? UITableView, let path = table.indexPath(for: cell) else { return nil }
            return (table, ListIndexPath(path.section, path.row))
        }
        if let cell = self as? UICollectionViewCell {
            while let view = list, !(view is UICollectionView) { list = view.superview }
            guard let collection = list as? UICollectionView, let path = collection.indexPath(for: cell) else {
                return nil
            }
            return (collection, ListIndexPath(path.section, path.item))
        }
        return nil
    }

    public func forEachRecordedSubview(_ body: (any RecordableView) -> Void) {
        for subview in subviews { body(subview) }
    }
    public var recordedRecognizers: [any RecordableRecognizer] { gestureRecognizers ?? [] }
    public var recordedIsFirstResponder: Bool { isFirstResponder }

    /// Six reads, with no class name: what a path capture asks of a view off the touched path.
    public var recordedGeometry: ViewGeometry {
        let identity = transform.isIdentity
        return ViewGeometry(
            frame: identity ? Rect(frame) : nil, bounds: Rect(bounds),
            center: Point(Double(center.x), Double(center.y)),
            transform: TouchlogSchema.AffineTransform(transform), isHidden: isHidden, alpha: Double(alpha))
    }

    public func recordedImplements(_ selectors: [String]) -> [String] {
        selectors.filter { responds(to: Selector($0)) }
    }

    public var recordedDelegate: AnyObject? {
        switch self {
        case let field as UITextField: field.delegate
        // A text view's delegate is its scroll view's, typed `UITextViewDelegate`.
        case let scrollView as UIScrollView: scrollView.delegate
        default: nil
        }
    }

    public func recordedRefuses(_ implemented: [String]) -> [String] {
        implemented.filter { !canPerformAction(Selector($0), withSender: nil) }
    }

    public var recordedIsInWindow: Bool { window != nil }
}

extension UIControl: @preconcurrency RecordableControl {
    public var recordedIsHighlighted: Bool { isHighlighted }

    /// Every handler UIKit reports (`enumerateEventHandlers(_:)`, iOS 14): target-action pairs, grouped by target and
    /// action with the events each is sent for, and UIAction handlers (`UIButton(primaryAction:)`,
    /// `addAction(_:for:)`), each with the control as its target. A UIAction handler runs through the control's
    /// `sendAction(_:)`, never through `UIApplication.sendAction`, so the recording adds an observing UIAction of its
    /// own for the same events (once: UIActions are uniqued by identifier) that reports each send.
    public func recordedControlFields() -> ControlFields {
        let read = readHandlers()
        for (handler, events) in read.unobserved { ActionHandlerObserver.observe(handler, of: self, for: events) }
        return ControlFields(isEnabled: isEnabled, actions: read.actions)
    }

    /// The handlers as declared, with nothing added to the control: safe while UIKit is sending its actions.
    public func recordedActions() -> [ControlAction] { readHandlers().actions }

    /// The control's handlers as `enumerateEventHandlers(_:)` reports them (the recording's own observers left out),
    /// and the app's UIAction handlers that no observer of the recording's watches yet.
    private func readHandlers() -> (actions: [ControlAction], unobserved: [(UIAction, UIControl.Event)]) {
        var pairs: [(target: AnyObject?, action: String, events: UIControl.Event)] = []
        var handlers: [(action: UIAction, events: UIControl.Event)] = []
        var observed: Set<String> = []
        enumerateEventHandlers { handler, targetAction, events, _ in
            if let handler {
                if let app = ActionHandlerObserver.observedIdentifier(handler) {
                    observed.insert(app)
                } else {
                    handlers.append((handler, events))
                }
            } else if let (target, selector) = targetAction {
                // A nil target is nil-targeted (sent along the responder chain); should UIKit hand it over as NSNull,
                // as `allTargets` lists it, it is read the same.
                let object = (target as AnyObject?).flatMap { $0 is NSNull ? nil : $0 }
                let action = NSStringFromSelector(selector)
                if let index = pairs.firstIndex(where: { $0.target === object && $0.action == action }) {
                    pairs[index].events.formUnion(events)
                } else {
                    pairs.append((object, action, events))
                }
            }
        }
        var actions = pairs.map { pair in
            ControlAction(events: Self.eventNames(pair.events), target: pair.target, action: pair.action)
        }
        var unobserved: [(UIAction, UIControl.Event)] = []
        for (handler, events) in handlers {
            actions.append(
                ControlAction(
                    events: Self.eventNames(events), target: self, action: ActionHandlerObserver.name(of: handler),
                    isHandler: true))
            if !observed.contains(handler.identifier.rawValue) { unobserved.append((handler, events)) }
        }
        return (actions, unobserved)
    }

    private static func eventNames(_ events: UIControl.Event) -> [String] {
        controlEventNames.filter { events.contains($0.1) }.map(\.0)
    }
}

/// The recording's own UIAction beside each of the app's UIAction handlers: UIKit runs handlers through
/// `UIControl.sendAction(_:)`, which no application or window hook sees, so the recording registers one of its own
/// for the same events (`addAction(_:for:)`, no swizzling) and reports a `sent` each time the control sends them.
@MainActor
enum ActionHandlerObserver {
    /// The recording's observers are named by this prefix and the identifier of the app's handler they observe.
    static let prefix = "TouchlogRecorder.observes."

    /// The app's handler identifier an observer of the recording's watches; nil for the app's own handlers.
    static func observedIdentifier(_ action: UIAction) -> String? {
        let identifier = action.identifier.rawValue
        guard identifier.hasPrefix(prefix) else { return nil }
        return String(identifier.dropFirst(prefix.count))
    }

    /// What the recording calls the handler: its title, or its identifier when it has none (an image-only button).
    static func name(of action: UIAction) -> String {
        action.title.isEmpty ? action.identifier.rawValue : action.title
    }

    static func observe(_ handler: UIAction, of control: UIControl, for events: UIControl.Event) {
        let observed = handler.identifier
        let name = name(of: handler)
        let observer = UIAction(identifier: UIAction.Identifier(prefix + observed.rawValue)) { [weak control] _ in
            // A `sent` is written only where the recording sees every action sent: with `RecordingApplication`, which
            // sees the target-action ones. Without it (a SwiftUI app) a recording with some `sent` would make replay
            // take every action nobody observed for one that went missing.
            guard let control, let recording = TouchlogRecording.current, UIApplication.shared is RecordingApplication
            else { return }
            // The app may have removed its handler since (UIKit keeps the observer): a send only while it is there.
            var present = false
            control.enumerateEventHandlers { action, _, _, stop in
                if action?.identifier == observed {
                    present = true
                    stop = true
                }
            }
            guard present else { return }
            recording.recorder.didSendHandler(name, of: control, at: recording.uptime())
        }
        control.addAction(observer, for: events)
    }
}

extension UIWindow: @preconcurrency RecordableWindow {
    public var recordedWindowLevel: Double { Double(windowLevel.rawValue) }
    /// Of the scenes' key windows, the one the person works in (`TouchlogRecording.isRecordedKey`).
    public var recordedIsKeyWindow: Bool { TouchlogRecording.current?.isRecordedKey(self) ?? isKeyWindow }
    public var recordedPolicies: [DismissPolicy] { (self as? RecordingWindow)?.touchlogPolicies ?? [] }
    public var recordedRootController: (any RecordableController)? { rootViewController }
    public var recordedFrameOrigin: Point { Point(Double(frame.minX), Double(frame.minY)) }
}

extension UIGestureRecognizer: @preconcurrency RecordableRecognizer {
    public func recordedFields() -> RecognizerFields {
        let className = recordedClassName(of: self)
        var fields = RecognizerFields(
            className: className, isEnabled: isEnabled, cancelsTouchesInView: cancelsTouchesInView,
            delaysTouchesBegan: delaysTouchesBegan, delaysTouchesEnded: delaysTouchesEnded,
            // UIKit has no public list of a recognizer's targets: the app declares them (TouchlogRecording).
            actions: TouchlogRecording.declaredActions(of: self), delegate: delegate)
        // The UIKit class it derives from decides the model's behaviour, and its kind properties (part 2, GR6–GR8);
        // a custom subclass's name says nothing, so the base class is written when it differs.
        let base: RecognizerKind
        if let tap = self as? UITapGestureRecognizer {
            base = .tap
            fields.numberOfTapsRequired = tap.numberOfTapsRequired
            fields.numberOfTouchesRequired = tap.numberOfTouchesRequired
        } else if let press = self as? UILongPressGestureRecognizer {
            base = .longPress
            fields.numberOfTouchesRequired = press.numberOfTouchesRequired
            fields.minimumPressDuration = press.minimumPressDuration
            fields.allowableMovement = Double(press.allowableMovement)
        } else if let pan = self as? UIPanGestureRecognizer {
            base = .pan
            fields.minimumNumberOfTouches = pan.minimumNumberOfTouches
            // "The default value is NSUIntegerMax": no maximum.
            fields.maximumNumberOfTouches = pan.maximumNumberOfTouches == Int.max ? nil : pan.maximumNumberOfTouches
        } else if let swipe = self as? UISwipeGestureRecognizer {
            base = .swipe
            fields.numberOfTouchesRequired = swipe.numberOfTouchesRequired
            fields.direction = swipe.recordedDirections
        } else if self is UIPinchGestureRecognizer {
            base = .pinch
        } else if self is UIRotationGestureRecognizer {
            base = .rotation
        } else {
            return fields
        }
        if RecognizerKind(className: className) != base { fields.baseClass = base.uikitClassName }
        return fields
    }

    public func recordedObserveStates() {
        addTarget(RecognizerObserver.shared, action: RecognizerObserver.action)
    }

    /// A scroll view's own pan (`panGestureRecognizer`) is the model's; another recognizer of a class UIKit declares
    /// but does not make public (a scroll view's pinch, text interaction) is UIKit's private one; anything else (the
    /// app's classes, and the public classes the app makes) is the app's. UIKit documents no list of the recognizers
    /// it attaches itself: an instance of a public class UIKit attached would be taken for the app's.
    public var recordedOrigin: RecognizerOrigin {
        if self is WindowTouchObserver { return .recording }
        if let scrollView = view as? UIScrollView, scrollView.panGestureRecognizer === self { return .scrollViewPan }
        return recognizerClassIsPrivate(type(of: self)) ? .uikitPrivate : .app
    }

    public func recordedRecognizesSimultaneously(with other: any RecordableRecognizer) -> Bool {
        guard let other = other as? UIGestureRecognizer else { return false }
        #if canImport(UIKit)
            return delegate?.gestureRecognizer?(self, shouldRecognizeSimultaneouslyWith: other) ?? false
        #else
            // The stand-in has no optional protocol methods (no Objective-C runtime here): a default answers nil.
            return delegate?.standInShouldRecognizeSimultaneously(self, with: other) ?? false
        #endif
    }
}

extension UISwipeGestureRecognizer {
    var recordedDirections: Set<SwipeDirection> {
        var directions: Set<SwipeDirection> = []
        if direction.contains(.right) { directions.insert(.right) }
        if direction.contains(.left) { directions.insert(.left) }
        if direction.contains(.up) { directions.insert(.up) }
        if direction.contains(.down) { directions.insert(.down) }
        return directions
    }
}

extension UIViewController: @preconcurrency RecordableController {
    public func recordedFields() -> ControllerFields {
        // Only a presented controller has a presentation worth naming (every controller answers the property).
        let presented = presentingViewController != nil
        return ControllerFields(
            className: recordedClassName(of: self), view: viewIfLoaded, isViewInWindow: viewIfLoaded?.window != nil,
            parent: parent, presenting: presentingViewController, children: recordedChildControllers,
            modalPresentationStyle: presented ? ModalPresentationStyle(modalPresentationStyle) : nil,
            presentationContainer: presented ? presentationController?.containerView : nil,
            canBecomeFirstResponder: canBecomeFirstResponder, isFirstResponder: isFirstResponder,
            // What UIKit shows while it is first responder: its input views, or the keyboard for a UIKeyInput.
            showsInputViews: inputView != nil || inputAccessoryView != nil || self is UIKeyInput)
    }

    public var recordedIsFirstResponder: Bool { isFirstResponder }

    public var recordedChildControllers: [any RecordableController] {
        var children: [any RecordableController] = self.children
        if let presented = presentedViewController { children.append(presented) }
        return children
    }

    public func recordedImplements(_ selectors: [String]) -> [String] {
        selectors.filter { responds(to: Selector($0)) }
    }

    public func recordedRefuses(_ implemented: [String]) -> [String] {
        implemented.filter { !canPerformAction(Selector($0), withSender: nil) }
    }
}

extension UIApplication: @preconcurrency RecordableApplication {
    public var recordedClassName: String { TouchlogRecorderUIKit.recordedClassName(of: self) }

    public var recordedDelegate: (object: AnyObject, className: String, isResponder: Bool)? {
        guard let delegate else { return nil }
        return (delegate, TouchlogRecorderUIKit.recordedClassName(of: delegate), delegate is UIResponder)
    }

    public func recordedImplements(_ selectors: [String]) -> (application: [String], delegate: [String]) {
        let mine = selectors.filter { responds(to: Selector($0)) }
        let delegates = (delegate as? UIResponder).map { d in selectors.filter { d.responds(to: Selector($0)) } } ?? []
        return (mine, delegates)
    }

    public func recordedRefuses(application: [String], delegate: [String]) -> (
        application: [String], delegate: [String]
    ) {
        let mine = application.filter { !canPerformAction(Selector($0), withSender: nil) }
        let responder = self.delegate as? UIResponder
        let delegates = responder.map { d in delegate.filter { !d.canPerformAction(Selector($0), withSender: nil) } }
        return (mine, delegates ?? [])
    }
}

/// A key press the app reported from its `UIKeyInput` view (`inserted` nil: `deleteBackward()`). A secure view's
/// text is not read at all, not even counted.
@MainActor
func keyInputReading(of view: some UIView & UIKeyInput, inserted text: String?) -> KeyInputReading {
    // `isSecureTextEntry` is an optional requirement of UITextInputTraits (read through the protocol it is a
    // `Bool?`, nil when the view does not implement it: not secure); the optional chain reads alike on both.
    let traits: (any UITextInputTraits)? = view
    if traits?.isSecureTextEntry ?? false { return .secure }
    guard let text else { return .deleted }
    return .inserted(length: text.utf16.count)
}

/// Targets and delegates that are no responders (coordinators, helpers): their class and the actions they answer
/// `responds(to:)` for, which is all `NSObjectProtocol` says of an object.
@MainActor
public struct UIKitObjectReader: @preconcurrency RecordableObjectReader {
    public init() {}

    public func describe(_ object: AnyObject) -> (className: String, isResponder: Bool) {
        (recordedClassName(of: object), object is UIResponder)
    }

    public func implements(_ object: AnyObject, _ selectors: [String]) -> [String] {
        #if canImport(UIKit)
            guard let object = object as? any NSObjectProtocol else { return [] }
        #else
            guard let object = object as? any StandInSelectorAnswering else { return [] }
        #endif
        return selectors.filter { object.responds(to: Selector($0)) }
    }
}

/// The `UIControl.Event` names of the format, with their values.
private let controlEventNames: [(String, UIControl.Event)] = [
    ("touchDown", .touchDown), ("touchDownRepeat", .touchDownRepeat), ("touchDragInside", .touchDragInside),
    ("touchDragOutside", .touchDragOutside), ("touchDragEnter", .touchDragEnter), ("touchDragExit", .touchDragExit),
    ("touchUpInside", .touchUpInside), ("touchUpOutside", .touchUpOutside), ("touchCancel", .touchCancel),
    ("valueChanged", .valueChanged), ("primaryActionTriggered", .primaryActionTriggered),
    ("editingDidBegin", .editingDidBegin), ("editingChanged", .editingChanged), ("editingDidEnd", .editingDidEnd),
    ("editingDidEndOnExit", .editingDidEndOnExit),
]

/// UIKit's public recognizer classes: an instance of one may be the app's.
private let publicRecognizerClasses: Set<String> = [
    "UIGestureRecognizer", "UITapGestureRecognizer", "UILongPressGestureRecognizer", "UIPanGestureRecognizer",
    "UIScreenEdgePanGestureRecognizer", "UISwipeGestureRecognizer", "UIPinchGestureRecognizer",
    "UIRotationGestureRecognizer", "UIHoverGestureRecognizer",
]

/// Answers by class, once per class: captures ask for every recognizer.
@MainActor private var privateRecognizerClasses: [ObjectIdentifier: Bool] = [:]

/// Whether a recognizer class is the system's and not public: declared in a system framework (UIKit, or SwiftUI, whose
/// hosting views carry recognizers of their own; the app's classes are not) and not among UIKit's public classes.
@MainActor
private func recognizerClassIsPrivate(_ type: UIGestureRecognizer.Type) -> Bool {
    let key = ObjectIdentifier(type)
    if let known = privateRecognizerClasses[key] { return known }
    // The system's (UIKit's, or SwiftUI's on a hosting view), not the app's.
    let isSystems = !TouchlogRecording.isAppClass(type)
    let answer = isSystems && !publicRecognizerClasses.contains(recordedClassName(ofClass: type))
    privateRecognizerClasses[key] = answer
    return answer
}

/// The runtime class, module-qualified for app classes (`Wallet.LoginField`), bare for UIKit's (`UIButton`).
func recordedClassName(of object: AnyObject) -> String { recordedClassName(ofClass: type(of: object)) }

func recordedClassName(ofClass type: AnyClass) -> String {
    #if canImport(UIKit)
        return NSStringFromClass(type)
    #else
        // SwiftUI's stand-in classes answer as the Objective-C runtime names SwiftUI's generic classes (mangled).
        if let named = type as? any StandInRuntimeNamed.Type { return named.standInRuntimeName }
        // The stand-in's classes play UIKit's: their module name is not part of a UIKit class name.
        let name = String(reflecting: type)
        return name.hasPrefix("UIKitStandIn.") ? String(name.dropFirst("UIKitStandIn.".count)) : name
    #endif
}

/// The nearest public UIKit class the format knows, which decides the view's defaults.
private func uikitBaseClass(of view: UIView) -> String {
    switch view {
    case is UIWindow: "UIWindow"
    case is UITextField: "UITextField"
    case is UITextView: "UITextView"
    case is UITableView: "UITableView"
    case is UIScrollView: "UIScrollView"
    case is UIButton: "UIButton"
    case is UIControl: "UIControl"
    case is UILabel: "UILabel"
    case is UIImageView: "UIImageView"
    case is UITableViewCell: "UITableViewCell"
    default: "UIView"
    }
}

extension Rect {
    init(_ rect: CGRect) {
        self.init(Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
    }
}

extension TouchlogSchema.AffineTransform {
    init(_ t: CGAffineTransform) {
        self.init(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty))
    }
}

extension KeyboardDismissMode {
    init(_ mode: UIScrollView.KeyboardDismissMode) {
        switch mode {
        case .none: self = .none
        case .onDrag, .onDragWithAccessory: self = .onDrag
        case .interactive: self = .interactive
        case .interactiveWithAccessory: self = .interactiveWithAccessory
        #if canImport(UIKit)
            @unknown default: self = .none
        #endif
        }
    }
}

/// At most this many accessibility elements are read of one hosting view per capture: a long SwiftUI list exposes
/// one per row, and a capture must stay cheap.
private let maxAccessibilityElements = 200

/// What an accessibility element is read as: every `NSObject` answers the UIAccessibility reads (an informal protocol
/// on NSObject); the stand-in, with no Objective-C runtime, declares them on `UIAccessibilityElement`.
#if canImport(UIKit)
    private typealias AccessibilityObject = NSObject
#else
    private typealias AccessibilityObject = UIAccessibilityElement
#endif

/// The traits' names as the format writes them; nil for none (the common case, left out).
@MainActor
private func recordedTraitNames(_ traits: UIAccessibilityTraits) -> [String]? {
    let names = recordedTraits.filter { traits.contains($0.trait) }.map(\.name)
    return names.isEmpty ? nil : names
}

/// The accessibility traits the recording names (docs/log-format.md, `accessibilityTraits`).
@MainActor private let recordedTraits: [(name: String, trait: UIAccessibilityTraits)] = AccessibilityTrait.allCases.map
{
    trait in
    let uikit: UIAccessibilityTraits
    switch trait {
    case .button: uikit = .button
    case .link: uikit = .link
    case .image: uikit = .image
    case .selected: uikit = .selected
    case .staticText: uikit = .staticText
    case .notEnabled: uikit = .notEnabled
    case .searchField: uikit = .searchField
    case .adjustable: uikit = .adjustable
    case .header: uikit = .header
    case .tabBar: uikit = .tabBar
    }
    return (trait.rawValue, uikit)
}

extension ModalPresentationStyle {
    /// UIKit's style by its name; nil for one this format does not name (a future case, or tvOS's blur).
    init?(_ style: UIModalPresentationStyle) {
        switch style {
        case .automatic: self = .automatic
        case .fullScreen: self = .fullScreen
        case .pageSheet: self = .pageSheet
        case .formSheet: self = .formSheet
        case .currentContext: self = .currentContext
        case .custom: self = .custom
        case .overFullScreen: self = .overFullScreen
        case .overCurrentContext: self = .overCurrentContext
        case .popover: self = .popover
        case .none: self = .none
        #if canImport(UIKit)
            default: return nil
        #endif
        }
    }
}

// MARK: SwiftUI

/// Answers by class, once per class: every capture asks of every view.
@MainActor private var swiftUIClasses: [ObjectIdentifier: Bool] = [:]

/// Whether a class is SwiftUI's own (its hosting view, the views it makes inside). SwiftUI's classes are private and
/// their names mangled (`NSStringFromClass` gives `_TtGC7SwiftUI14_UIHostingView…` for `_UIHostingView<Content>`),
/// so the test is the module SwiftUI's mangled prefix `7SwiftUI` (or a demangled `SwiftUI.`) in the class's name, and,
/// on a device, the class's bundle: SwiftUI's framework (SwiftUICore's since iOS 18).
@MainActor
func isSwiftUIClass(_ type: AnyClass) -> Bool {
    let key = ObjectIdentifier(type)
    if let known = swiftUIClasses[key] { return known }
    let name = recordedClassName(ofClass: type)
    var answer = name.hasPrefix("SwiftUI.") || name.hasPrefix("SwiftUICore.") || name.contains("7SwiftUI")
    #if canImport(UIKit)
        answer = answer || (Bundle(for: type).bundleIdentifier?.hasPrefix("com.apple.SwiftUI") ?? false)
    #endif
    swiftUIClasses[key] = answer
    return answer
}

/// A view that hosts SwiftUI content: SwiftUI's, in a view that is not (a `UIHostingController`'s view in the app's
/// window or in a UIKit screen). SwiftUI's views inside it are part of its region, not regions of their own.
@MainActor
func isSwiftUIHostingView(_ view: UIView) -> Bool {
    guard !(view is UIWindow), isSwiftUIClass(type(of: view)) else { return false }
    // A window is no content, whoever made it (SwiftUI may make its windows of a class of its own).
    guard let superview = view.superview, !(superview is UIWindow) else { return true }
    return !isSwiftUIClass(type(of: superview))
}

/// Whether `view` is, or is inside, a view hosting SwiftUI content (below its window).
@MainActor
func isInSwiftUIContent(_ view: UIView) -> Bool {
    var current: UIView? = view
    while let candidate = current, !(candidate is UIWindow) {
        if isSwiftUIClass(type(of: candidate)) { return true }
        current = candidate.superview
    }
    return false
}

// MARK: Scroll views

/// The answers of each scroll view class's `touchesShouldCancel(in:)`, asked once per class (nil: UIKit's default).
@MainActor private var touchesShouldCancelAnswers: [ObjectIdentifier: TouchesShouldCancel?] = [:]

/// What `scrollView`'s class answers `touchesShouldCancel(in:)` (SC6, SC7), by asking it of a button and a plain view
/// made for the question: UIKit's own answer is true for a view and false for a control (`default`, left out), and
/// an app's override is usually `return true` (a drag that starts on a button scrolls: `always`) or `false`
/// (`never`). No property tells it, and the override is asked nothing else: it is called with views of no window,
/// once per class. An override that tells a button from another control, or answers for a control and not a view,
/// says no one of these and is left out.
@MainActor
func recordedTouchesShouldCancel(_ scrollView: UIScrollView) -> TouchesShouldCancel? {
    let key = ObjectIdentifier(type(of: scrollView))
    if let known = touchesShouldCancelAnswers[key] { return known }
    let control = scrollView.touchesShouldCancel(in: UIButton(frame: .zero))
    let plain = scrollView.touchesShouldCancel(in: UIView(frame: .zero))
    let answer: TouchesShouldCancel? =
        switch (control, plain) {
        case (true, true): .always
        case (false, false): .never
        case (false, true), (true, false): nil
        }
    touchesShouldCancelAnswers[key] = answer
    return answer
}
