/// What the model does with each recorded view field (`ViewField`): one exhaustive `switch`, so a field added to
/// the table does not build until the model says what it means.
extension ViewNode {
    /// How the model applies a field.
    enum FieldRole {
        /// A plain value of the node: `store` sets it.
        case stored
        /// `frame`, `bounds`, `center`, `transform`: derived from one another, applied together in UIKit's order.
        case geometry
        /// Changes more than the node (recognizers are nodes of their own; a window's level re-sorts the windows,
        /// its key status moves the key window; its policies are read from snapshots).
        case withEffects
        /// `isFirstResponder`: what the app saw, which replay compares with the model's own first responder.
        case observation
        /// Kept by the recording for people (`textLength`); the model has no use for it.
        case ignored
    }

    /// The `.stored` fields, in the table's order: what building a node walks.
    static let storedFields = ViewField.ordered.filter { role(of: $0) == .stored }

    static func role(of field: ViewField) -> FieldRole {
        switch field {
        case .frame, .bounds, .center, .transform: .geometry
        case .gestureRecognizers, .windowLevel, .isKeyWindow, .policies, .selectedIndexPaths: .withEffects
        case .isFirstResponder: .observation
        // For people and reports: SwiftUI's content stays opaque to dispatch.
        case .textLength, .accessibilityElements: .ignored
        case .isHidden, .alpha, .isUserInteractionEnabled, .clipsToBounds, .isMultipleTouchEnabled, .isExclusiveTouch,
            .isEnabled, .canBecomeFirstResponder, .canResignFirstResponder, .overridesTouches, .adoptsKeyInput,
            .keyboardDismissMode, .delaysContentTouches, .canCancelContentTouches, .touchesShouldCancel,
            .isScrollEnabled, .contentSize, .adjustedContentInset, .alwaysBounceVertical, .alwaysBounceHorizontal,
            .isContinuous, .minimumZoomScale, .maximumZoomScale, .indexPath, .allowsSelection,
            .allowsMultipleSelection, .hostsSwiftUI, .implements,
            .refusesActions,
            .actions, .accessibilityIdentifier, .accessibilityLabel, .accessibilityTraits, .delegate, .text:
            .stored
        }
    }

    /// Sets a `.stored` field; the strings and arrays go to `boxed`, which the caller puts in the node's box once
    /// for all of them. Fields of other roles are the caller's.
    mutating func store(_ field: ViewField, _ value: ViewFieldValue, boxed: inout Properties) {
        switch field {
        case .isHidden: isHidden = value.bool ?? isHidden
        case .alpha: alpha = value.number ?? alpha
        case .isUserInteractionEnabled: isUserInteractionEnabled = value.bool ?? isUserInteractionEnabled
        case .clipsToBounds: clipsToBounds = value.bool ?? clipsToBounds
        case .isMultipleTouchEnabled: isMultipleTouchEnabled = value.bool ?? isMultipleTouchEnabled
        case .isExclusiveTouch: isExclusiveTouch = value.bool ?? isExclusiveTouch
        case .isEnabled: isEnabled = value.bool ?? isEnabled
        case .canBecomeFirstResponder: canBecomeFirstResponder = value.bool ?? canBecomeFirstResponder
        case .canResignFirstResponder: canResignFirstResponder = value.bool ?? canResignFirstResponder
        case .overridesTouches: overridesTouches = value.bool ?? overridesTouches
        case .adoptsKeyInput: adoptsKeyInput = value.bool ?? adoptsKeyInput
        case .keyboardDismissMode: keyboardDismissMode = value.keyboardDismissMode ?? keyboardDismissMode
        case .delaysContentTouches: delaysContentTouches = value.bool ?? delaysContentTouches
        case .canCancelContentTouches: canCancelContentTouches = value.bool ?? canCancelContentTouches
        case .touchesShouldCancel: boxed.touchesShouldCancel = value.touchesShouldCancel ?? boxed.touchesShouldCancel
        case .isScrollEnabled: boxed.isScrollEnabled = value.bool ?? boxed.isScrollEnabled
        case .contentSize: boxed.contentSize = value.size
        case .adjustedContentInset: boxed.adjustedContentInset = value.insets ?? boxed.adjustedContentInset
        case .alwaysBounceVertical: boxed.alwaysBounceVertical = value.bool ?? boxed.alwaysBounceVertical
        case .alwaysBounceHorizontal: boxed.alwaysBounceHorizontal = value.bool ?? boxed.alwaysBounceHorizontal
        case .isContinuous: isContinuous = value.bool ?? isContinuous
        case .hostsSwiftUI: hostsSwiftUI = value.bool ?? hostsSwiftUI
        case .minimumZoomScale: boxed.minimumZoomScale = value.number ?? boxed.minimumZoomScale
        case .maximumZoomScale: boxed.maximumZoomScale = value.number ?? boxed.maximumZoomScale
        case .indexPath: boxed.indexPath = value.indexPath
        case .allowsSelection: boxed.allowsSelection = value.bool ?? boxed.allowsSelection
        case .allowsMultipleSelection: boxed.allowsMultipleSelection = value.bool ?? boxed.allowsMultipleSelection
        case .implements: boxed.implements = value.strings ?? boxed.implements
        case .refusesActions: boxed.refusesActions = value.strings ?? boxed.refusesActions
        case .actions: boxed.actions = value.actions ?? boxed.actions
        case .accessibilityIdentifier: boxed.accessibilityIdentifier = value.string
        case .accessibilityLabel: boxed.accessibilityLabel = value.string
        case .accessibilityTraits: boxed.accessibilityTraits = value.strings ?? boxed.accessibilityTraits
        case .delegate: boxed.delegateID = value.string
        case .text: boxed.text = value.string
        case .frame, .bounds, .center, .transform, .gestureRecognizers, .windowLevel, .isKeyWindow, .policies,
            .isFirstResponder, .textLength, .selectedIndexPaths, .accessibilityElements:
            break
        }
    }

    /// Whether `field` is stored in the node's shared box (setting it means a new box).
    static func isBoxed(_ field: ViewField) -> Bool {
        switch field {
        case .implements, .refusesActions, .actions, .accessibilityIdentifier, .accessibilityLabel,
            .accessibilityTraits, .delegate, .text, .touchesShouldCancel, .isScrollEnabled, .contentSize,
            .adjustedContentInset, .alwaysBounceVertical,
            .alwaysBounceHorizontal, .indexPath, .allowsSelection, .allowsMultipleSelection, .minimumZoomScale,
            .maximumZoomScale:
            true
        default: false
        }
    }
}
