/// The UIKit base classes whose defaults and behaviour the model knows.
///
/// A view's behaviour comes from its nearest UIKit class: `baseClass` when the recording gives one, else `class`.
/// Custom classes (`MyApp.LoginField`) without a known base fall back to `UIView`.
public enum UIKitClass: String, Sendable, CaseIterable {
    case view = "UIView"
    case window = "UIWindow"
    case label = "UILabel"
    case imageView = "UIImageView"
    case control = "UIControl"
    case button = "UIButton"
    case `switch` = "UISwitch"
    case stepper = "UIStepper"
    case segmentedControl = "UISegmentedControl"
    case pageControl = "UIPageControl"
    case slider = "UISlider"
    case datePicker = "UIDatePicker"
    case colorWell = "UIColorWell"
    case textField = "UITextField"
    case searchTextField = "UISearchTextField"
    case textView = "UITextView"
    case scrollView = "UIScrollView"
    case tableView = "UITableView"
    case collectionView = "UICollectionView"
    case tableViewCell = "UITableViewCell"
    case collectionViewCell = "UICollectionViewCell"
    case navigationBar = "UINavigationBar"
    case stackView = "UIStackView"

    /// Resolves the nearest known UIKit class for a recorded view.
    public static func resolve(className: String, baseClass: String?) -> UIKitClass {
        if let b = baseClass, let k = UIKitClass(rawValue: b) { return k }
        if let k = UIKitClass(rawValue: className) { return k }
        return .view
    }

    /// UIControl and its subclasses: hit-testing treats `isEnabled == false` like interaction off (H11),
    /// and they handle their own touches instead of forwarding them (D7).
    public var isControl: Bool {
        switch self {
        case .control, .button, .switch, .stepper, .segmentedControl, .pageControl, .slider, .datePicker,
            .colorWell, .textField, .searchTextField:
            return true
        default: return false
        }
    }

    /// UIScrollView and its subclasses: clip by default, own a pan recognizer, delay content touches (H12).
    /// UITextView is a scroll view in UIKit, but the model does not give it a pan: its content size is unknown
    /// and its own text interaction decides what a touch does (documented in docs/responder-model.md).
    /// Table and collection view cells: selected by the taps their content receives (part 2, LS1).
    public var isListCell: Bool { self == .tableViewCell || self == .collectionViewCell }

    /// Table and collection views: they keep a selection of their cells (LS3).
    public var isList: Bool { self == .tableView || self == .collectionView }

    public var isScrollView: Bool {
        switch self {
        case .scrollView, .tableView, .collectionView: return true
        default: return false
        }
    }

    /// Text inputs: can become first responder by default, show the keyboard, start editing on tap (F7).
    public var isTextInput: Bool {
        switch self {
        case .textField, .searchTextField, .textView: return true
        default: return false
        }
    }

    /// Controls that win a single-finger single tap over an ancestor's recognizer (G9).
    public var winsSingleTapOverAncestorRecognizers: Bool {
        switch self {
        case .button, .switch, .stepper, .segmentedControl, .pageControl: return true
        default: return false
        }
    }

    /// Controls that win a single-finger pan/swipe on their knob over an ancestor's recognizer (G9).
    /// The knob's geometry is not recorded, so the whole control counts as knob.
    public var winsPanOverAncestorRecognizers: Bool { self == .slider || self == .switch }

    /// UIKit's default for `isUserInteractionEnabled` (H4).
    public var defaultUserInteractionEnabled: Bool { !(self == .label || self == .imageView) }
    /// UIKit's default for `clipsToBounds` (drawing only; never used by hit testing, H7).
    public var defaultClipsToBounds: Bool { isScrollView || self == .textView }
    /// UIKit's default for `canBecomeFirstResponder`.
    public var defaultCanBecomeFirstResponder: Bool { isTextInput }
    /// The log format's default for `adoptsKeyInput`: text inputs adopt `UIKeyInput` (through `UITextInput`).
    public var defaultAdoptsKeyInput: Bool { isTextInput }
    /// Whether the class handles touches itself rather than forwarding them up the chain (log format default).
    public var defaultOverridesTouches: Bool { isControl }
    /// Classes whose `valueChanged` fires when a tap completes (model approximation, see docs).
    public var sendsValueChangedOnTap: Bool {
        switch self {
        case .switch, .stepper, .segmentedControl, .pageControl, .datePicker: return true
        default: return false
        }
    }
}
