/// The one definition of a recorded view's fields (log format section 3, View and Window tables).
///
/// Every place that handles a view field goes through this table: `ViewProperties` stores them (`subscript`), the
/// encoder writes them in this order, the format's decoder and validator read them by `type`, the recorder leaves
/// out `defaultValue`s and diffs them into `set` records, the model resolves and applies them, and a test holds
/// docs/touchlog-1.schema.json and docs/log-format.md to `jsonSchema` and the names. Adding a view field is a case
/// here and a stored property in `ViewProperties` (the `switch`es over this enum then refuse to build until each
/// place decides what the field means), plus its docs and tests.
///
/// `id`, `class`, `baseClass` and `subviews` are the view's identity and tree, not fields: `ViewSpec` holds them.
public enum ViewField: String, CaseIterable, Sendable {
    // The order is the format's View table order, which is the order the encoder writes.
    case frame, bounds, center, transform, isHidden, alpha, isUserInteractionEnabled, clipsToBounds
    case isMultipleTouchEnabled, isExclusiveTouch, isEnabled, canBecomeFirstResponder, canResignFirstResponder
    case isFirstResponder, overridesTouches, adoptsKeyInput, implements, refusesActions, actions, gestureRecognizers
    case keyboardDismissMode, delaysContentTouches, canCancelContentTouches, touchesShouldCancel, isScrollEnabled
    case contentSize, adjustedContentInset, alwaysBounceVertical, alwaysBounceHorizontal, isContinuous
    case minimumZoomScale, maximumZoomScale
    case indexPath, allowsSelection, allowsMultipleSelection, selectedIndexPaths
    case hostsSwiftUI
    case accessibilityIdentifier
    case accessibilityLabel, accessibilityTraits, accessibilityElements, delegate, text, textLength
    // Window fields (the format's Window table): a snapshot keeps them in `WindowSpec`, a `set` in its properties.
    case windowLevel, isKeyWindow, policies

    /// Every field in the table's order, built once: the encoder, decoder and model walk it for every view, and
    /// the synthesized `allCases` makes a new array at each call.
    public static let ordered: [ViewField] = allCases

    /// The JSON member name.
    @inlinable public var name: String { rawValue }

    /// What the member holds.
    public var type: ViewFieldType {
        switch self {
        case .frame, .bounds: .rect
        case .center: .point
        case .transform: .transform
        case .isHidden, .isUserInteractionEnabled, .clipsToBounds, .isMultipleTouchEnabled, .isExclusiveTouch,
            .isEnabled, .canBecomeFirstResponder, .canResignFirstResponder, .isFirstResponder, .overridesTouches,
            .adoptsKeyInput, .delaysContentTouches, .canCancelContentTouches, .isScrollEnabled, .alwaysBounceVertical,
            .alwaysBounceHorizontal, .isContinuous, .allowsSelection, .allowsMultipleSelection, .isKeyWindow,
            .hostsSwiftUI:
            .bool
        case .indexPath: .indexPath
        case .selectedIndexPaths: .indexPaths
        case .contentSize: .size
        case .adjustedContentInset: .insets
        case .touchesShouldCancel: .touchesShouldCancel
        case .alpha: .opacity
        case .windowLevel, .minimumZoomScale, .maximumZoomScale: .number
        case .textLength: .count
        case .implements, .refusesActions: .selectors
        case .actions: .controlActions
        case .gestureRecognizers: .recognizers
        case .keyboardDismissMode: .keyboardDismissMode
        case .accessibilityIdentifier, .accessibilityLabel, .text: .string
        case .delegate: .objectID
        case .policies: .policyNames
        case .accessibilityTraits: .traitNames
        case .accessibilityElements: .accessibilityElements
        }
    }

    /// Whether only a window has the field (in a snapshot it sits on the Window object beside the View fields).
    public var isWindowField: Bool {
        switch self {
        case .windowLevel, .isKeyWindow, .policies: true
        default: false
        }
    }

    /// The value a view of class `kind` has when the recording leaves the field out, as the format's tables say.
    /// nil: the field has no default value (`frame`; `bounds` and `center` derive from `frame`; the strings and the
    /// delegate are simply absent).
    public func defaultValue(for kind: UIKitClass) -> ViewFieldValue? {
        switch self {
        case .frame, .bounds, .center: nil
        case .transform: .transform(.identity)
        case .isHidden, .isMultipleTouchEnabled, .isExclusiveTouch, .isFirstResponder, .isKeyWindow,
            .alwaysBounceVertical, .alwaysBounceHorizontal, .allowsMultipleSelection, .hostsSwiftUI:
            .bool(false)
        case .alpha: .number(1)
        case .isUserInteractionEnabled: .bool(kind.defaultUserInteractionEnabled)
        case .clipsToBounds: .bool(kind.defaultClipsToBounds)
        case .isEnabled, .canResignFirstResponder, .delaysContentTouches, .canCancelContentTouches, .isScrollEnabled,
            .isContinuous, .allowsSelection:
            .bool(true)
        // A cell's place in its list is unknown unless recorded; a list starts with nothing selected.
        case .indexPath: nil
        case .selectedIndexPaths: .indexPaths([])
        // Unknown unless recorded: without it replay lets a scroll view drag along both axes.
        case .contentSize: nil
        case .adjustedContentInset: .insets(.zero)
        case .touchesShouldCancel: .touchesShouldCancel(.default)
        case .canBecomeFirstResponder: .bool(kind.defaultCanBecomeFirstResponder)
        case .overridesTouches: .bool(kind.defaultOverridesTouches)
        case .adoptsKeyInput: .bool(kind.defaultAdoptsKeyInput)
        case .implements, .refusesActions, .policies: .strings([])
        case .actions: .actions([])
        case .gestureRecognizers: .recognizers([])
        case .keyboardDismissMode: .keyboardDismissMode(.none)
        case .windowLevel: .number(0)
        // UIKit's defaults: 1 and 1, so a scroll view does not zoom unless the app sets them apart.
        case .minimumZoomScale, .maximumZoomScale: .number(1)
        case .accessibilityIdentifier, .accessibilityLabel, .delegate, .text, .textLength: nil
        // UIKit gives some classes traits of their own (a UIButton's `button`); unknown unless recorded.
        case .accessibilityTraits: nil
        case .accessibilityElements: .accessibilityElements([])
        }
    }

    /// The field's JSON Schema (docs/touchlog-1.schema.json, `ViewFields` and `WindowFields`).
    public var jsonSchema: JSONValue {
        switch type {
        case .bool: ["type": "boolean"]
        case .number: ["type": "number"]
        case .opacity: ["type": "number", "minimum": 0, "maximum": 1]
        case .count: ["type": "integer", "minimum": 0]
        case .string: ["type": "string"]
        case .objectID: ["$ref": "#/$defs/Id"]
        case .rect where self == .frame: ["anyOf": [["$ref": "#/$defs/Rect"], ["type": "null"]]]
        case .rect: ["$ref": "#/$defs/Rect"]
        case .point: ["$ref": "#/$defs/Point"]
        case .size: ["$ref": "#/$defs/Size"]
        case .insets: ["$ref": "#/$defs/Insets"]
        case .touchesShouldCancel: ["enum": .array(TouchesShouldCancel.allCases.map { .string($0.rawValue) })]
        case .indexPath: ["$ref": "#/$defs/IndexPath"]
        case .indexPaths: ["type": "array", "items": ["$ref": "#/$defs/IndexPath"]]
        case .transform: ["$ref": "#/$defs/Transform"]
        case .selectors: ["$ref": "#/$defs/Selectors"]
        case .controlActions: ["type": "array", "items": ["$ref": "#/$defs/ControlAction"]]
        case .recognizers: ["type": "array", "items": ["$ref": "#/$defs/Recognizer"]]
        case .keyboardDismissMode: ["enum": .array(KeyboardDismissMode.allCases.map { .string($0.rawValue) })]
        case .policyNames: ["$ref": "#/$defs/Policies"]
        case .traitNames: ["type": "array", "items": ["type": "string", "minLength": 1]]
        case .accessibilityElements: ["type": "array", "items": ["$ref": "#/$defs/AccessibilityElement"]]
        }
    }

    /// The field whose JSON name is `name`: one hash lookup for every member a decoder or validator reads (the
    /// synthesized `init(rawValue:)` compares the name with each case in turn).
    public init?(name: String) {
        guard let field = Self.byName[name] else { return nil }
        self = field
    }

    private static let byName: [String: ViewField] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}

/// The kinds of value a view field holds; each decodes, validates and encodes one way.
public enum ViewFieldType: Sendable {
    case bool
    /// Any number (`windowLevel`).
    case number
    /// A number in 0...1 (`alpha`); UIKit clamps, so a value outside is a warning, kept as written.
    case opacity
    /// A non-negative integer (`textLength`).
    case count
    case string
    /// The id of another object of the session.
    case objectID
    /// `[x, y, width, height]` with a non-negative size.
    case rect
    /// `[x, y]`.
    case point
    /// `[width, height]`, not negative.
    case size
    /// `[top, left, bottom, right]`.
    case insets
    case touchesShouldCancel
    /// `[section, item]`, both non-negative integers (a table's row is its item).
    case indexPath
    /// A list of `[section, item]`.
    case indexPaths
    /// `[a, b, c, d, tx, ty]`.
    case transform
    /// Action selector names.
    case selectors
    case controlActions
    case recognizers
    case keyboardDismissMode
    /// Keyboard-dismiss policy names (kept as written: an unknown name is reported, not applied).
    case policyNames
    /// `UIAccessibilityTraits` by name (`button`, `link`, `selected`, `notEnabled`), kept as written.
    case traitNames
    /// Accessibility elements that are no views (`AccessibilityElementSpec`).
    case accessibilityElements
}

/// One field's value, typed by `ViewFieldType`.
public enum ViewFieldValue: Sendable, Equatable {
    case bool(Bool)
    case number(Double)
    case count(Int)
    case string(String)
    case rect(Rect)
    case point(Point)
    case size(Size)
    case insets(EdgeInsets)
    case touchesShouldCancel(TouchesShouldCancel)
    case indexPath(ListIndexPath)
    case indexPaths([ListIndexPath])
    case transform(AffineTransform)
    case strings([String])
    case actions([ActionSpec])
    case recognizers([RecognizerSpec])
    case keyboardDismissMode(KeyboardDismissMode)
    case accessibilityElements([AccessibilityElementSpec])
}

/// An accessibility element a view exposes that is no view, such as the buttons and texts of SwiftUI content inside
/// a hosting view (`accessibilityElements`): where it is and how it names itself, which is all public API tells of
/// SwiftUI's content. For people and reports; hit testing never reads it (the region stays opaque).
public struct AccessibilityElementSpec: Sendable, Equatable {
    /// `accessibilityFrame` converted to its window's coordinates (UIKit gives it in the screen's).
    public var frame: Rect
    /// `accessibilityIdentifier` (`UIAccessibilityIdentification`), the developer's name (`.accessibilityIdentifier`
    /// in SwiftUI).
    public var identifier: String?
    public var label: String?
    /// `UIAccessibilityTraits` by name, as a view's `accessibilityTraits`.
    public var traits: [String]?

    public init(frame: Rect, identifier: String? = nil, label: String? = nil, traits: [String]? = nil) {
        self.frame = frame
        self.identifier = identifier
        self.label = label
        self.traits = traits
    }
}

/// What a scroll view's `touchesShouldCancel(in:)` answers for the view tracking a touch when a drag would scroll
/// (part 2, SC5–SC7): `default` is UIKit's ("true if view is not a UIControl object; otherwise, it returns false",
/// Apple docs: UIScrollView.touchesShouldCancel(in:)); `always` is the usual override that lets a drag starting on a
/// button scroll; `never` keeps every tracking view's touch.
public enum TouchesShouldCancel: String, CaseIterable, Sendable {
    case `default`, always, never
}

/// A cell's place in its table or collection view (`IndexPath` with a section and a row or item; part 2, LS1).
public struct ListIndexPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var section: Int
    /// The row of a table view, the item of a collection view.
    public var item: Int

    public init(_ section: Int, _ item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (a: ListIndexPath, b: ListIndexPath) -> Bool { (a.section, a.item) < (b.section, b.item) }

    /// As the log writes it: `[0, 2]`.
    public var description: String { "[\(section), \(item)]" }
}

/// The `UIAccessibilityTraits` touchlog knows by name (log format, `accessibilityTraits`; part 2, LS12): what the
/// recorder writes and what the reports ask about. A recording may hold other names; they are kept as written.
public enum AccessibilityTrait: String, CaseIterable, Sendable {
    case button, link, image, selected, staticText, notEnabled, searchField, adjustable, header, tabBar
}
