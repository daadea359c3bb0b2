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
    var implements: [String] = []

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
            accessibilityIdentifier: accessibilityIdentifier, accessibilityLabel: accessibilityLabel, text: text)
    }

    func forEachRecordedSubview(_ body: (any RecordableView) -> Void) {
        for subview in subviews { body(subview) }
    }
    var recordedRecognizers: [any RecordableRecognizer] { recognizers }
    var recordedIsFirstResponder: Bool { isFirstResponder }
    func recordedImplements(_ selectors: [String]) -> [String] { selectors.filter(implements.contains) }
}

final class FakeControl: FakeView, RecordableControl {
    var isEnabled = true
    var actions: [ControlAction] = []

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

    init(_ className: String, actions: [(target: AnyObject?, action: String)]) {
        self.className = className
        self.actions = actions
    }

    func recordedFields() -> RecognizerFields {
        RecognizerFields(className: className, cancelsTouchesInView: cancelsTouchesInView, actions: actions)
    }
}

final class FakeController: RecordableController {
    var className: String
    var view: FakeView
    var implements: [String]

    init(_ className: String, view: FakeView, implements: [String] = []) {
        self.className = className
        self.view = view
        self.implements = implements
    }

    func recordedFields() -> ControllerFields { ControllerFields(className: className, view: view) }
    func recordedImplements(_ selectors: [String]) -> [String] { selectors.filter(implements.contains) }
}

final class FakeApplication: RecordableApplication {
    final class Delegate {}
    let delegate = Delegate()
    var recordedClassName: String { "UIApplication" }
    var recordedDelegate: (object: AnyObject, className: String, isResponder: Bool)? {
        (delegate, "Shop.AppDelegate", true)
    }
    func recordedImplements(_ selectors: [String]) -> (application: [String], delegate: [String]) { ([], []) }
}

/// A `UITouch`: one object for a finger's whole life.
final class FakeTouch {}
