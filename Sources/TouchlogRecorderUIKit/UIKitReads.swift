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
        let scrollView = self as? UIScrollView
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
                // SC10-SC12: whether and along which axes a drag can scroll. `touchesShouldCancel(in:)` is a method
                // an app overrides, which no property tells; it is left to its default.
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
                accessibilityIdentifier: accessibilityIdentifier, accessibilityLabel: accessibilityLabel),
            text: text)
    }

    public func forEachRecordedSubview(_ body: (any RecordableView) -> Void) {
        for subview in subviews { body(subview) }
    }
    public var recordedRecognizers: [any RecordableRecognizer] { gestureRecognizers ?? [] }
    public var recordedIsFirstResponder: Bool { isFirstResponder }

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
    public func recordedControlFields() -> ControlFields {
        var actions: [ControlAction] = []
        let events = allControlEvents
        for target in allTargets {
            // UIKit lists a nil target as NSNull.
            let object: AnyObject? = target.base is NSNull ? nil : target.base as AnyObject
            var byAction: [String: [String]] = [:]
            var order: [String] = []
            for (name, event) in controlEventNames where events.contains(event) {
                for action in self.actions(forTarget: object ?? NSNull(), forControlEvent: event) ?? [] {
                    if byAction[action] == nil { order.append(action) }
                    byAction[action, default: []].append(name)
                }
            }
            for action in order {
                actions.append(ControlAction(events: byAction[action]!, target: object, action: action))
            }
        }
        return ControlFields(isEnabled: isEnabled, actions: actions)
    }
}

extension UIWindow: @preconcurrency RecordableWindow {
    public var recordedWindowLevel: Double { Double(windowLevel.rawValue) }
    public var recordedIsKeyWindow: Bool { isKeyWindow }
    public var recordedPolicies: [DismissPolicy] { (self as? RecordingWindow)?.touchlogPolicies ?? [] }
    public var recordedRootController: (any RecordableController)? { rootViewController }
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
        var children: [any RecordableController] = self.children
        if let presented = presentedViewController { children.append(presented) }
        return ControllerFields(
            className: recordedClassName(of: self), view: viewIfLoaded, isViewInWindow: viewIfLoaded?.window != nil,
            parent: parent, presenting: presentingViewController, children: children)
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

/// The runtime class, module-qualified for app classes (`Wallet.LoginField`), bare for UIKit's (`UIButton`).
func recordedClassName(of object: AnyObject) -> String {
    #if canImport(UIKit)
        return NSStringFromClass(type(of: object))
    #else
        // The stand-in's classes play UIKit's: their module name is not part of a UIKit class name.
        let name = String(reflecting: type(of: object))
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
