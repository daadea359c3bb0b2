/// A readable outline of a `snapshot`: the view tree with each view's class, id, frame and notable flags,
/// and the controllers. `touchlog show` prints it.
public struct SnapshotOutline: Sendable, Hashable {
    public struct View: Sendable, Hashable {
        public var id: String
        public var className: String
        public var accessibilityIdentifier: String?
        public var accessibilityLabel: String?
        /// `[x, y, w, h]` in its superview's coordinates (a window's on screen), nil when the recorder wrote
        /// `null` (a transformed view).
        public var frame: [Double]?
        /// Notable state, e.g. `hidden`, `alpha 0.5`, `interaction off`, `first responder`, in a fixed order.
        public var flags: [String]
        public var subviews: [View]

        /// As every output names a view (``ViewName``), with its recorded id.
        public var name: String {
            ViewName.text(
                className: className, accessibilityIdentifier: accessibilityIdentifier,
                accessibilityLabel: accessibilityLabel, id: id)
        }
    }

    public struct Controller: Sendable, Hashable {
        public var id: String
        public var className: String
        public var view: String?
        public var parent: String?
        public var presenting: String?
    }

    public var windows: [View]
    public var controllers: [Controller]

    /// Builds the outline from a snapshot record's JSON object (missing fields take their defaults).
    public init(snapshot: JSONObject) {
        windows = (snapshot["windows"]?.arrayValue ?? []).compactMap(Self.view)
        controllers = (snapshot["controllers"]?.arrayValue ?? []).compactMap { value in
            guard let object = value.objectValue, let id = object["id"]?.stringValue else { return nil }
            return Controller(
                id: id, className: object["class"]?.stringValue ?? "?", view: object["view"]?.stringValue,
                parent: object["parent"]?.stringValue, presenting: object["presentingViewController"]?.stringValue)
        }
    }

    /// Classes whose `isUserInteractionEnabled` defaults to false.
    static let interactionOffByDefault: Set<String> = ["UILabel", "UIImageView"]

    private static func view(_ value: JSONValue) -> View? {
        guard let object = value.objectValue, let id = object["id"]?.stringValue else { return nil }
        let className = object["class"]?.stringValue ?? "?"
        let base = object["baseClass"]?.stringValue ?? className
        var flags: [String] = []
        if object["isKeyWindow"]?.boolValue == true { flags.append("key window") }
        if let level = object["windowLevel"]?.doubleValue, level != 0 {
            flags.append("level \(JSONValue.number(level).serialized())")
        }
        if object["isHidden"]?.boolValue == true { flags.append("hidden") }
        if let alpha = object["alpha"]?.doubleValue, alpha < 1 {
            flags.append("alpha \(JSONValue.number(alpha).serialized())")
        }
        let interaction = object["isUserInteractionEnabled"]?.boolValue ?? !interactionOffByDefault.contains(base)
        if !interaction { flags.append("interaction off") }
        if object["isEnabled"]?.boolValue == false { flags.append("disabled") }
        if object["isFirstResponder"]?.boolValue == true { flags.append("first responder") }
        if object["canResignFirstResponder"]?.boolValue == false { flags.append("cannot resign") }
        if object["clipsToBounds"]?.boolValue == true { flags.append("clips") }
        if object["isExclusiveTouch"]?.boolValue == true { flags.append("exclusive touch") }
        if object["transform"] != nil { flags.append("transformed") }
        if let textLength = object["textLength"]?.intValue { flags.append("text \(textLength) chars (redacted)") }
        if let recognizers = object["gestureRecognizers"]?.arrayValue, !recognizers.isEmpty {
            let ids = recognizers.compactMap { $0["id"]?.stringValue }
            flags.append("recognizers \(ids.joined(separator: ","))")
        }
        let frame = object["frame"]?.arrayValue?.compactMap(\.doubleValue)
        return View(
            id: id, className: className, accessibilityIdentifier: object["accessibilityIdentifier"]?.stringValue,
            accessibilityLabel: object["accessibilityLabel"]?.stringValue, frame: frame?.count == 4 ? frame : nil,
            flags: flags,
            subviews: (object["subviews"]?.arrayValue ?? []).compactMap(Self.view))
    }
}
