/// A view's fields (`ViewField`), each optional: nil means "not recorded", so the class default applies in a view
/// and nothing changes in a `set` record. A `ViewSpec` holds one for its own fields; a `set` record is one.
///
/// One stored property per `ViewField` case, reached by name through `subscript(field:)`, which is what the
/// encoder, decoder, validator, recorder diff and model walk. The typed properties are for code that means one
/// field (`spec.isHidden`).
public struct ViewProperties: Sendable, Equatable {
    public var frame: Rect?
    public var bounds: Rect?
    public var center: Point?
    public var transform: AffineTransform?
    public var isHidden: Bool?
    public var alpha: Double?
    public var isUserInteractionEnabled: Bool?
    public var clipsToBounds: Bool?
    public var isMultipleTouchEnabled: Bool?
    public var isExclusiveTouch: Bool?
    public var isEnabled: Bool?
    public var canBecomeFirstResponder: Bool?
    public var canResignFirstResponder: Bool?
    /// An observation: in a snapshot replay compares it with the model; in a `set` it is ignored (first-responder
    /// changes have their own records).
    public var isFirstResponder: Bool?
    public var overridesTouches: Bool?
    /// The class adopts `UIKeyInput` (a PIN pad, a code entry view): the system keyboard shows while it is first
    /// responder.
    public var adoptsKeyInput: Bool?
    public var implements: [String]?
    /// Actions it implements but its `canPerformAction(_:withSender:)` refuses (A3): skipped by
    /// `target(forAction:withSender:)` and by nil-targeted actions.
    public var refusesActions: [String]?
    public var actions: [ActionSpec]?
    public var gestureRecognizers: [RecognizerSpec]?
    public var keyboardDismissMode: KeyboardDismissMode?
    /// Scroll views (H12): hold the content's `touchesBegan` until the scroll view knows whether the finger scrolls.
    public var delaysContentTouches: Bool?
    /// Scroll views (H12): a drag that starts scrolling cancels the content's touch; false: once the content view
    /// has begun tracking, the scroll view does not scroll.
    public var canCancelContentTouches: Bool?
    /// Scroll views (SC5–SC7): the answer of a `touchesShouldCancel(in:)` override.
    public var touchesShouldCancel: TouchesShouldCancel?
    /// Scroll views (SC10): false, the scroll view does not scroll and forwards its touches up the responder chain.
    public var isScrollEnabled: Bool?
    /// Scroll views (SC11, SC12): with the bounds and insets, which axes a drag can scroll along.
    public var contentSize: Size?
    public var adjustedContentInset: EdgeInsets?
    public var alwaysBounceVertical: Bool?
    public var alwaysBounceHorizontal: Bool?
    /// Sliders and steppers (CT9, CT11): send `valueChanged` as the value changes during the touch; false: once, when
    /// the finger lifts.
    public var isContinuous: Bool?
    /// Scroll views (SC1, GR10): a scroll view zooms (its own pinch recognizer takes two-finger pinches) when its
    /// maximum zoom scale is above its minimum.
    public var minimumZoomScale: Double?
    public var maximumZoomScale: Double?
    /// Table and collection view cells (LS1): the cell's index path, what selection observations name.
    public var indexPath: ListIndexPath?
    /// Table and collection views (LS3–LS5): whether a tap selects, and whether it adds to the selection.
    public var allowsSelection: Bool?
    public var allowsMultipleSelection: Bool?
    /// Table and collection views: `indexPathsForSelectedRows` / `indexPathsForSelectedItems` (LS3, LS7), which app
    /// code changes without delegate messages (a `set` says so).
    public var selectedIndexPaths: [ListIndexPath]?
    /// The view hosts SwiftUI content (a `UIHostingController`'s view): what happens inside it is SwiftUI's, which
    /// draws and hit-tests its content without UIKit views the model could see, so the model treats the view as one
    /// opaque region (hit testing stops at it) and reports nothing it would have to know SwiftUI's content for.
    public var hostsSwiftUI: Bool?
    public var accessibilityIdentifier: String?
    public var accessibilityLabel: String?
    /// `UIAccessibilityTraits` by name (`button`, `link`, `selected`, `adjustable`, `notEnabled`; part 2, LS12): what
    /// the view says it is to VoiceOver, and so to a person, such as a plain view that presents itself as a button.
    public var accessibilityTraits: [String]?
    /// A view hosting SwiftUI content: the accessibility elements inside it (`accessibilityElements`, else
    /// `accessibilityElementCount()` / `accessibilityElement(at:)`), with their frames in the window's coordinates
    /// and their identifiers, labels and traits. What SwiftUI's content is, as far as public API tells.
    public var accessibilityElements: [AccessibilityElementSpec]?
    /// The id of the view's delegate (a text field's `UITextFieldDelegate`, a scroll view's), often a plain object.
    /// Its decisions are recorded as flags (`canBecomeFirstResponder`, `canResignFirstResponder`); the id says who
    /// made them.
    public var delegate: String?
    public var text: String?
    /// The text's length when the recording kept only that (typed text is redacted at ingest); the model has no use
    /// for it, outputs show it.
    public var textLength: Int?
    /// Windows: a new `windowLevel` re-sorts the windows front to back (H10).
    public var windowLevel: Double?
    /// Windows: `makeKey()` (true) or another window made key (false: then no window is key until one is).
    public var isKeyWindow: Bool?
    /// Windows: keyboard-dismiss policy names, as written (log format section 5).
    public var policies: [String]?

    public init(
        frame: Rect? = nil, bounds: Rect? = nil, center: Point? = nil, transform: AffineTransform? = nil,
        isHidden: Bool? = nil, alpha: Double? = nil, isUserInteractionEnabled: Bool? = nil,
        clipsToBounds: Bool? = nil, isMultipleTouchEnabled: Bool? = nil, isExclusiveTouch: Bool? = nil,
        isEnabled: Bool? = nil, canBecomeFirstResponder: Bool? = nil, canResignFirstResponder: Bool? = nil,
        isFirstResponder: Bool? = nil, overridesTouches: Bool? = nil, adoptsKeyInput: Bool? = nil,
        implements: [String]? = nil, refusesActions: [String]? = nil, actions: [ActionSpec]? = nil,
        gestureRecognizers: [RecognizerSpec]? = nil, keyboardDismissMode: KeyboardDismissMode? = nil,
        delaysContentTouches: Bool? = nil, canCancelContentTouches: Bool? = nil,
        touchesShouldCancel: TouchesShouldCancel? = nil, isScrollEnabled: Bool? = nil, contentSize: Size? = nil,
        adjustedContentInset: EdgeInsets? = nil, alwaysBounceVertical: Bool? = nil, alwaysBounceHorizontal: Bool? = nil,
        isContinuous: Bool? = nil, minimumZoomScale: Double? = nil, maximumZoomScale: Double? = nil,
        indexPath: ListIndexPath? = nil, allowsSelection: Bool? = nil,
        allowsMultipleSelection: Bool? = nil, selectedIndexPaths: [ListIndexPath]? = nil, hostsSwiftUI: Bool? = nil,
        accessibilityIdentifier: String? = nil, accessibilityLabel: String? = nil, accessibilityTraits: [String]? = nil,
        accessibilityElements: [AccessibilityElementSpec]? = nil,
        delegate: String? = nil,
        text: String? = nil, textLength: Int? = nil, windowLevel: Double? = nil, isKeyWindow: Bool? = nil,
        policies: [String]? = nil
    ) {
        self.frame = frame
        self.bounds = bounds
        self.center = center
        self.transform = transform
        self.isHidden = isHidden
        self.alpha = alpha
        self.isUserInteractionEnabled = isUserInteractionEnabled
        self.clipsToBounds = clipsToBounds
        self.isMultipleTouchEnabled = isMultipleTouchEnabled
        self.isExclusiveTouch = isExclusiveTouch
        self.isEnabled = isEnabled
        self.canBecomeFirstResponder = canBecomeFirstResponder
        self.canResignFirstResponder = canResignFirstResponder
        self.isFirstResponder = isFirstResponder
        self.overridesTouches = overridesTouches
        self.adoptsKeyInput = adoptsKeyInput
        self.implements = implements
        self.refusesActions = refusesActions
        self.actions = actions
        self.gestureRecognizers = gestureRecognizers
        self.keyboardDismissMode = keyboardDismissMode
        self.delaysContentTouches = delaysContentTouches
        self.canCancelContentTouches = canCancelContentTouches
        self.touchesShouldCancel = touchesShouldCancel
        self.isScrollEnabled = isScrollEnabled
        self.contentSize = contentSize
        self.adjustedContentInset = adjustedContentInset
        self.alwaysBounceVertical = alwaysBounceVertical
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.isContinuous = isContinuous
        self.minimumZoomScale = minimumZoomScale
        self.maximumZoomScale = maximumZoomScale
        self.indexPath = indexPath
        self.allowsSelection = allowsSelection
        self.allowsMultipleSelection = allowsMultipleSelection
        self.selectedIndexPaths = selectedIndexPaths
        self.hostsSwiftUI = hostsSwiftUI
        self.accessibilityIdentifier = accessibilityIdentifier
        self.accessibilityLabel = accessibilityLabel
        self.accessibilityTraits = accessibilityTraits
        self.accessibilityElements = accessibilityElements
        self.delegate = delegate
        self.text = text
        self.textLength = textLength
        self.windowLevel = windowLevel
        self.isKeyWindow = isKeyWindow
        self.policies = policies
    }

    /// The field's value, nil when it is not recorded. Setting a value of another type than the field's
    /// `ViewFieldType` is a programming error (the table decides the type; a test sets every field).
    public subscript(field: ViewField) -> ViewFieldValue? {
        get {
            switch field {
            case .frame: frame.map(ViewFieldValue.rect)
            case .bounds: bounds.map(ViewFieldValue.rect)
            case .center: center.map(ViewFieldValue.point)
            case .transform: transform.map(ViewFieldValue.transform)
            case .isHidden: isHidden.map(ViewFieldValue.bool)
            case .alpha: alpha.map(ViewFieldValue.number)
            case .isUserInteractionEnabled: isUserInteractionEnabled.map(ViewFieldValue.bool)
            case .clipsToBounds: clipsToBounds.map(ViewFieldValue.bool)
            case .isMultipleTouchEnabled: isMultipleTouchEnabled.map(ViewFieldValue.bool)
            case .isExclusiveTouch: isExclusiveTouch.map(ViewFieldValue.bool)
            case .isEnabled: isEnabled.map(ViewFieldValue.bool)
            case .canBecomeFirstResponder: canBecomeFirstResponder.map(ViewFieldValue.bool)
            case .canResignFirstResponder: canResignFirstResponder.map(ViewFieldValue.bool)
            case .isFirstResponder: isFirstResponder.map(ViewFieldValue.bool)
            case .overridesTouches: overridesTouches.map(ViewFieldValue.bool)
            case .adoptsKeyInput: adoptsKeyInput.map(ViewFieldValue.bool)
            case .implements: implements.map(ViewFieldValue.strings)
            case .refusesActions: refusesActions.map(ViewFieldValue.strings)
            case .actions: actions.map(ViewFieldValue.actions)
            case .gestureRecognizers: gestureRecognizers.map(ViewFieldValue.recognizers)
            case .keyboardDismissMode: keyboardDismissMode.map(ViewFieldValue.keyboardDismissMode)
            case .delaysContentTouches: delaysContentTouches.map(ViewFieldValue.bool)
            case .canCancelContentTouches: canCancelContentTouches.map(ViewFieldValue.bool)
            case .touchesShouldCancel: touchesShouldCancel.map(ViewFieldValue.touchesShouldCancel)
            case .isScrollEnabled: isScrollEnabled.map(ViewFieldValue.bool)
            case .contentSize: contentSize.map(ViewFieldValue.size)
            case .adjustedContentInset: adjustedContentInset.map(ViewFieldValue.insets)
            case .alwaysBounceVertical: alwaysBounceVertical.map(ViewFieldValue.bool)
            case .alwaysBounceHorizontal: alwaysBounceHorizontal.map(ViewFieldValue.bool)
            case .isContinuous: isContinuous.map(ViewFieldValue.bool)
            case .minimumZoomScale: minimumZoomScale.map(ViewFieldValue.number)
            case .maximumZoomScale: maximumZoomScale.map(ViewFieldValue.number)
            case .indexPath: indexPath.map(ViewFieldValue.indexPath)
            case .allowsSelection: allowsSelection.map(ViewFieldValue.bool)
            case .allowsMultipleSelection: allowsMultipleSelection.map(ViewFieldValue.bool)
            case .selectedIndexPaths: selectedIndexPaths.map(ViewFieldValue.indexPaths)
            case .hostsSwiftUI: hostsSwiftUI.map(ViewFieldValue.bool)
            case .accessibilityIdentifier: accessibilityIdentifier.map(ViewFieldValue.string)
            case .accessibilityLabel: accessibilityLabel.map(ViewFieldValue.string)
            case .accessibilityTraits: accessibilityTraits.map(ViewFieldValue.strings)
            case .accessibilityElements: accessibilityElements.map(ViewFieldValue.accessibilityElements)
            case .delegate: delegate.map(ViewFieldValue.string)
            case .text: text.map(ViewFieldValue.string)
            case .textLength: textLength.map(ViewFieldValue.count)
            case .windowLevel: windowLevel.map(ViewFieldValue.number)
            case .isKeyWindow: isKeyWindow.map(ViewFieldValue.bool)
            case .policies: policies.map(ViewFieldValue.strings)
            }
        }
        set {
            switch field {
            case .frame: frame = newValue?.rect
            case .bounds: bounds = newValue?.rect
            case .center: center = newValue?.point
            case .transform: transform = newValue?.transform
            case .isHidden: isHidden = newValue?.bool
            case .alpha: alpha = newValue?.number
            case .isUserInteractionEnabled: isUserInteractionEnabled = newValue?.bool
            case .clipsToBounds: clipsToBounds = newValue?.bool
            case .isMultipleTouchEnabled: isMultipleTouchEnabled = newValue?.bool
            case .isExclusiveTouch: isExclusiveTouch = newValue?.bool
            case .isEnabled: isEnabled = newValue?.bool
            case .canBecomeFirstResponder: canBecomeFirstResponder = newValue?.bool
            case .canResignFirstResponder: canResignFirstResponder = newValue?.bool
            case .isFirstResponder: isFirstResponder = newValue?.bool
            case .overridesTouches: overridesTouches = newValue?.bool
            case .adoptsKeyInput: adoptsKeyInput = newValue?.bool
            case .implements: implements = newValue?.strings
            case .refusesActions: refusesActions = newValue?.strings
            case .actions: actions = newValue?.actions
            case .gestureRecognizers: gestureRecognizers = newValue?.recognizers
            case .keyboardDismissMode: keyboardDismissMode = newValue?.keyboardDismissMode
            case .delaysContentTouches: delaysContentTouches = newValue?.bool
            case .canCancelContentTouches: canCancelContentTouches = newValue?.bool
            case .touchesShouldCancel: touchesShouldCancel = newValue?.touchesShouldCancel
            case .isScrollEnabled: isScrollEnabled = newValue?.bool
            case .contentSize: contentSize = newValue?.size
            case .adjustedContentInset: adjustedContentInset = newValue?.insets
            case .alwaysBounceVertical: alwaysBounceVertical = newValue?.bool
            case .alwaysBounceHorizontal: alwaysBounceHorizontal = newValue?.bool
            case .isContinuous: isContinuous = newValue?.bool
            case .minimumZoomScale: minimumZoomScale = newValue?.number
            case .maximumZoomScale: maximumZoomScale = newValue?.number
            case .indexPath: indexPath = newValue?.indexPath
            case .allowsSelection: allowsSelection = newValue?.bool
            case .allowsMultipleSelection: allowsMultipleSelection = newValue?.bool
            case .selectedIndexPaths: selectedIndexPaths = newValue?.indexPaths
            case .hostsSwiftUI: hostsSwiftUI = newValue?.bool
            case .accessibilityIdentifier: accessibilityIdentifier = newValue?.string
            case .accessibilityLabel: accessibilityLabel = newValue?.string
            case .accessibilityTraits: accessibilityTraits = newValue?.strings
            case .accessibilityElements: accessibilityElements = newValue?.accessibilityElements
            case .delegate: delegate = newValue?.string
            case .text: text = newValue?.string
            case .textLength: textLength = newValue?.count
            case .windowLevel: windowLevel = newValue?.number
            case .isKeyWindow: isKeyWindow = newValue?.bool
            case .policies: policies = newValue?.strings
            }
        }
    }

    /// Every field's class default for a view of class `kind` (`ViewField.defaultValue(for:)`); nil where the
    /// field has none.
    public static func defaults(for kind: UIKitClass) -> ViewProperties {
        var defaults = ViewProperties()
        for field in ViewField.ordered { defaults[field] = field.defaultValue(for: kind) }
        return defaults
    }

    /// Leaves out every field equal to its value in `defaults` (what a writer omits, since every reader restores
    /// it). Typed comparisons, field by field: the recorder runs this for every view of every capture, where
    /// going through `ViewFieldValue` would box each field twice.
    public mutating func removeValues(equalTo defaults: ViewProperties) {
        for field in ViewField.ordered {
            switch field {
            case .frame: if frame == defaults.frame { frame = nil }
            case .bounds: if bounds == defaults.bounds { bounds = nil }
            case .center: if center == defaults.center { center = nil }
            case .transform: if transform == defaults.transform { transform = nil }
            case .isHidden: if isHidden == defaults.isHidden { isHidden = nil }
            case .alpha: if alpha == defaults.alpha { alpha = nil }
            case .isUserInteractionEnabled:
                if isUserInteractionEnabled == defaults.isUserInteractionEnabled { isUserInteractionEnabled = nil }
            case .clipsToBounds: if clipsToBounds == defaults.clipsToBounds { clipsToBounds = nil }
            case .isMultipleTouchEnabled:
                if isMultipleTouchEnabled == defaults.isMultipleTouchEnabled { isMultipleTouchEnabled = nil }
            case .isExclusiveTouch: if isExclusiveTouch == defaults.isExclusiveTouch { isExclusiveTouch = nil }
            case .isEnabled: if isEnabled == defaults.isEnabled { isEnabled = nil }
            case .canBecomeFirstResponder:
                if canBecomeFirstResponder == defaults.canBecomeFirstResponder { canBecomeFirstResponder = nil }
            case .canResignFirstResponder:
                if canResignFirstResponder == defaults.canResignFirstResponder { canResignFirstResponder = nil }
            case .isFirstResponder: if isFirstResponder == defaults.isFirstResponder { isFirstResponder = nil }
            case .overridesTouches: if overridesTouches == defaults.overridesTouches { overridesTouches = nil }
            case .adoptsKeyInput: if adoptsKeyInput == defaults.adoptsKeyInput { adoptsKeyInput = nil }
            case .implements: if implements == defaults.implements { implements = nil }
            case .refusesActions: if refusesActions == defaults.refusesActions { refusesActions = nil }
            case .actions: if actions == defaults.actions { actions = nil }
            case .gestureRecognizers: if gestureRecognizers == defaults.gestureRecognizers { gestureRecognizers = nil }
            case .keyboardDismissMode:
                if keyboardDismissMode == defaults.keyboardDismissMode { keyboardDismissMode = nil }
            case .delaysContentTouches:
                if delaysContentTouches == defaults.delaysContentTouches { delaysContentTouches = nil }
            case .canCancelContentTouches:
                if canCancelContentTouches == defaults.canCancelContentTouches { canCancelContentTouches = nil }
            case .touchesShouldCancel:
                if touchesShouldCancel == defaults.touchesShouldCancel { touchesShouldCancel = nil }
            case .isScrollEnabled: if isScrollEnabled == defaults.isScrollEnabled { isScrollEnabled = nil }
            case .contentSize: if contentSize == defaults.contentSize { contentSize = nil }
            case .adjustedContentInset:
                if adjustedContentInset == defaults.adjustedContentInset { adjustedContentInset = nil }
            case .alwaysBounceVertical:
                if alwaysBounceVertical == defaults.alwaysBounceVertical { alwaysBounceVertical = nil }
            case .alwaysBounceHorizontal:
                if alwaysBounceHorizontal == defaults.alwaysBounceHorizontal { alwaysBounceHorizontal = nil }
            case .isContinuous:
                if isContinuous == defaults.isContinuous { isContinuous = nil }
            case .minimumZoomScale: if minimumZoomScale == defaults.minimumZoomScale { minimumZoomScale = nil }
            case .maximumZoomScale: if maximumZoomScale == defaults.maximumZoomScale { maximumZoomScale = nil }
            case .indexPath: if indexPath == defaults.indexPath { indexPath = nil }
            case .allowsSelection: if allowsSelection == defaults.allowsSelection { allowsSelection = nil }
            case .allowsMultipleSelection:
                if allowsMultipleSelection == defaults.allowsMultipleSelection { allowsMultipleSelection = nil }
            case .selectedIndexPaths:
                if selectedIndexPaths == defaults.selectedIndexPaths { selectedIndexPaths = nil }
            case .hostsSwiftUI: if hostsSwiftUI == defaults.hostsSwiftUI { hostsSwiftUI = nil }
            case .accessibilityIdentifier:
                if accessibilityIdentifier == defaults.accessibilityIdentifier { accessibilityIdentifier = nil }
            case .accessibilityLabel:
                if accessibilityLabel == defaults.accessibilityLabel { accessibilityLabel = nil }
            case .accessibilityTraits:
                if accessibilityTraits == defaults.accessibilityTraits { accessibilityTraits = nil }
            case .accessibilityElements:
                if accessibilityElements == defaults.accessibilityElements { accessibilityElements = nil }
            case .delegate: if delegate == defaults.delegate { delegate = nil }
            case .text: if text == defaults.text { text = nil }
            case .textLength: if textLength == defaults.textLength { textLength = nil }
            case .windowLevel: if windowLevel == defaults.windowLevel { windowLevel = nil }
            case .isKeyWindow: if isKeyWindow == defaults.isKeyWindow { isKeyWindow = nil }
            case .policies: if policies == defaults.policies { policies = nil }
            }
        }
    }

    /// Whether no field is recorded.
    public var isEmpty: Bool { ViewField.ordered.allSatisfy { self[$0] == nil } }

    /// The recorded fields with their values, in the table's order.
    public var recordedFields: [(field: ViewField, value: ViewFieldValue)] {
        ViewField.ordered.compactMap { field in self[field].map { (field, $0) } }
    }

    /// The field's value for a view of class `kind`: the recorded one, else the class default.
    public func resolved(_ field: ViewField, for kind: UIKitClass) -> ViewFieldValue? {
        self[field] ?? field.defaultValue(for: kind)
    }

    /// A boolean field's value for a view of class `kind` (every boolean field has a default).
    public func resolvedFlag(_ field: ViewField, for kind: UIKitClass) -> Bool {
        resolved(field, for: kind)?.bool ?? false
    }
}

extension ViewFieldValue {
    // The payload when the value has that type; nil otherwise (the table's types make a mismatch a bug).
    @inlinable public var bool: Bool? { if case .bool(let x) = self { x } else { nil } }
    @inlinable public var number: Double? { if case .number(let x) = self { x } else { nil } }
    @inlinable public var count: Int? { if case .count(let x) = self { x } else { nil } }
    @inlinable public var string: String? { if case .string(let x) = self { x } else { nil } }
    @inlinable public var rect: Rect? { if case .rect(let x) = self { x } else { nil } }
    @inlinable public var point: Point? { if case .point(let x) = self { x } else { nil } }
    @inlinable public var size: Size? { if case .size(let x) = self { x } else { nil } }
    @inlinable public var insets: EdgeInsets? { if case .insets(let x) = self { x } else { nil } }
    @inlinable public var touchesShouldCancel: TouchesShouldCancel? {
        if case .touchesShouldCancel(let x) = self { x } else { nil }
    }
    @inlinable public var transform: AffineTransform? { if case .transform(let x) = self { x } else { nil } }
    @inlinable public var indexPath: ListIndexPath? { if case .indexPath(let x) = self { x } else { nil } }
    @inlinable public var indexPaths: [ListIndexPath]? { if case .indexPaths(let x) = self { x } else { nil } }
    @inlinable public var strings: [String]? { if case .strings(let x) = self { x } else { nil } }
    @inlinable public var actions: [ActionSpec]? { if case .actions(let x) = self { x } else { nil } }
    @inlinable public var recognizers: [RecognizerSpec]? { if case .recognizers(let x) = self { x } else { nil } }
    @inlinable public var keyboardDismissMode: KeyboardDismissMode? {
        if case .keyboardDismissMode(let x) = self { x } else { nil }
    }
    @inlinable public var accessibilityElements: [AccessibilityElementSpec]? {
        if case .accessibilityElements(let x) = self { x } else { nil }
    }
}
