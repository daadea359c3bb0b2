/// How every output names a view, so that a view found in the report is recognised in `show`, `explain` and the
/// replay trace (issue 27, item 9: `show` printed `UIButton path:0/0/2` where the report said
/// `UIButton #pdp.addToCart`).
///
/// ```swift
/// ViewName.text(className: "UIButton", accessibilityIdentifier: "pdp.addToCart", accessibilityLabel: "Add")
/// // UIButton "Add" #pdp.addToCart
/// ViewName.text(className: "UIButton", accessibilityIdentifier: nil, accessibilityLabel: nil, id: "path:0/0/2")
/// // UIButton (path:0/0/2)
/// ```
public enum ViewName {
    /// The class, then the accessibility label in quotes and the identifier after `#`, each when it has one; then,
    /// when given, the recorded id in parentheses: outputs that point into a recording (show, explain, replay) give
    /// it, the report does not (recorders make ids from memory addresses, so they differ in every session).
    public static func text(
        className: String, accessibilityIdentifier: String?, accessibilityLabel: String?, id: String? = nil
    ) -> String {
        var text = className
        if let label = accessibilityLabel, !label.isEmpty { text += " \"\(label)\"" }
        if let identifier = accessibilityIdentifier, !identifier.isEmpty { text += " #\(identifier)" }
        if let id { text += " (\(id))" }
        return text
    }
}
