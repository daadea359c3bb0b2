import ResponderCore
import TouchlogRecorder

/// Plain objects standing for UIKit's, with the properties the recorder reads: the core's tests build small apps
/// from them and change them the way app code would.
class FakeView: RecordableView {
    var className: String
    var baseClass: String?
    var frame: Rect
    var bounds: Rect?
    var isHidden = false
    var alpha = 1.0
    var isUserInteractionEnabled = true
    var canBecomeFirstResponder = false
    var isFirstResponder = false
    var accessibilityIdentifier: String?
    var accessibilityLabel: String?
    var text: TextReading = .none
    var subviews: [FakeView] = []
    var recognizers: [FakeRecognizer] = []
    weak var superview: FakeView?
    /// What `responds(to:)` answers. UIKit answers it from the class, so views of one class name must agree.
    var implements: [String] = []
    /// How many times the recorder asked `implements` (`recordedImplements`).
    var implementsAsked = 0
    /// Implemented actions whose `canPerformAction` says no.
    var refuses: [String] = []
    var delegate: AnyObject?
    /// Scroll views only.
    var delaysContentTouches: Bool?
    var canCancelContentTouches: Bool?

    init(_ className: String, baseClass: String? = nil, frame: Rect, label: String? = nil) {
        self.className = className
        self.baseClass = baseClass
        self.frame = frame
        self.accessibilityLabel = label
        let kind = UIKitClass.resolve(className: className, baseClass: baseClass)
        isUserInteractionEnabled = kind.defaultUserInteractionEnabled
        canBecomeFirstResponder = kind.defaultCanBecomeFirstResponder
    }

    @discardableResult
    func add(_ view: FakeView) -> FakeView {
        subviews.append(view)
        view.superview = self
        return view
    }

    func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }

    func recordedFields() -> ViewFields {
        ViewFields(
            className: className, baseClass: baseClass, frame: frame, bounds: bounds, isHidden: isHidden,
            alpha: alpha, isUserInteractionEnabled: isUserInteractionEnabled,
            clipsToBounds: UIKitClass.resolve(className: className, baseClass: baseClass).defaultClipsToBounds,
            canBecomeFirstResponder: canBecomeFirstResponder, isFirstResponder: isFirstResponder,
            accessibilityIdentifier: accessibilityIdentifier, accessibilityLabel: accessibilityLabel,
            delaysContentTouches: delaysContentTouches, canCancelContentTouches: canCancelContentTouches, text: text)
    }

    func forEachRecordedSubview(_ body: (any RecordableView) -> Void) {
        for subview in subviews { body(subview) }
    }
    var recordedRecognizers: [any RecordableRecognizer] { recognizers }
    var recordedIsFirstResponder: Bool { isFirstResponder }
    /// The geometry alone, as the adapter reads it (a subclass counts the reads).
    var recordedGeometry: ViewGeometry {
        ViewGeometry(
            frame: frame, bounds: bounds ?? Rect(0, 0, frame.width, frame.height),
            center: Point(frame.x + frame.width / 2, frame.y + frame.height / 2), isHidden: isHidden, alpha: alpha)
    }
    func recordedImplements(_ selectors: [String]) -> [String] {
        implementsAsked += 1
        return selectors.filter(implements.contains)
    }
    var recordedDelegate: AnyObject? { delegate }
    var recordedIsInWindow: Bool {
        var view: FakeView? = self
        while let current = view {
            if current is FakeWindow { return true }
            view = current.superview
        }
        return false
    }
    func recordedRefuses(_ implemented: [String]) -> [String] { implemented.filter(refuses.contains) }
}

final class FakeControl: FakeView, RecordableControl {
    var isEnabled = true
    var actions: [ControlAction] = []
    var isHighlighted = false
    var recordedIsHighlighted: Bool { isHighlighted }

    func recordedControlFields() -> ControlFields { ControlFields(isEnabled: isEnabled, actions: actions) }
}

final class FakeWindow: FakeView, RecordableWindow {
    var windowLevel = 0.0
    var isKeyWindow = true
    var policies: [DismissPolicy] = []
    var rootController: FakeController?

    init(frame: Rect) { super.init("UIWindow", frame: frame) }

    var recordedWindowLevel: Double { windowLevel }
    var recordedIsKeyWindow: Bool { isKeyWindow }
    var recordedPolicies: [DismissPolicy] { policies }
    var recordedRootController: (any RecordableController)? { rootController }
}

final class FakeRecognizer: RecordableRecognizer {
    var className: String
    var cancelsTouchesInView = true
    var actions: [(target: AnyObject?, action: String)]
    var delegate: AnyObject?
    /// How many times the recorder asked to observe this recognizer's states (it must ask once).
    var observeRequests = 0

    init(_ className: String, actions: [(target: AnyObject?, action: String)]) {
        self.className = className
        self.actions = actions
    }

    func recordedFields() -> RecognizerFields {
        RecognizerFields(
            className: className, cancelsTouchesInView: cancelsTouchesInView, actions: actions, delegate: delegate)
    }

    func recordedObserveStates() { observeRequests += 1 }
    /// The recognizers its delegate lets it recognize with at the same time.
    var simultaneousWith: [FakeRecognizer] = []
    func recordedRecognizesSimultaneously(with other: any RecordableRecognizer) -> Bool {
        simultaneousWith.contains { $0 === other }
    }
}

final class FakeController: RecordableController {
    var className: String
    var view: FakeView
    var implements: [String]
    var refuses: [String] = []

    init(_ className: String, view: FakeView, implements: [String] = []) {
        self.className = className
        self.view = view
        self.implements = implements
    }

    func recordedFields() -> ControllerFields { ControllerFields(className: className, view: view) }
    func recordedImplements(_ selectors: [String]) -> [String] { selectors.filter(implements.contains) }
    func recordedRefuses(_ implemented: [String]) -> [String] { implemented.filter(refuses.contains) }
}

final class FakeApplication: RecordableApplication {
    final class Delegate {}
    let delegate = Delegate()
    var recordedClassName: String { "UIApplication" }
    var recordedDelegate: (object: AnyObject, className: String, isResponder: Bool)? {
        (delegate, "Shop.AppDelegate", true)
    }
    var implements: [String] = []
    var refuses: [String] = []
    func recordedImplements(_ selectors: [String]) -> (application: [String], delegate: [String]) {
        (selectors.filter(implements.contains), [])
    }
    func recordedRefuses(application: [String], delegate: [String]) -> (application: [String], delegate: [String]) {
        (application.filter(refuses.contains), [])
    }
}

/// An object of the app that is no responder: a coordinator owning a button's action, a delegate.
final class FakePlainObject {
    let className: String
    let implements: [String]

    init(_ className: String, implements: [String] = []) {
        self.className = className
        self.implements = implements
    }
}

/// The adapter's reads of objects met as targets and delegates: the fakes' classes and answers.
struct FakeObjectReader: RecordableObjectReader {
    func describe(_ object: AnyObject) -> (className: String, isResponder: Bool) {
        if let plain = object as? FakePlainObject { return (plain.className, false) }
        if let view = object as? FakeView { return (view.className, true) }
        if let controller = object as? FakeController { return (controller.className, true) }
        return ("Unknown", true)
    }

    func implements(_ object: AnyObject, _ selectors: [String]) -> [String] {
        (object as? FakePlainObject).map { plain in selectors.filter(plain.implements.contains) } ?? []
    }
}

/// A `UITouch`: one object for a finger's whole life.
final class FakeTouch {}
