/// The views a record carries as JSON, for the rewrites made before a record is stored (typed text and labels
/// redacted): every window of a snapshot, the view of an insert, each with its whole subtree.
enum RecordViews {
    /// Applies `change` to the members of every view of `object` (a `snapshot`'s windows, an `insert`'s view, and
    /// each of their subviews), and to the `imported` object an importer keeps beside a view's members (what a dump
    /// printed, such as recursiveDescription's second `text = '…'`). Writes back what changed; returns whether
    /// anything did. Other kinds carry no views.
    static func rewrite(
        _ object: inout JSONObject, kind: RecordKind?, members change: (inout JSONObject) -> Bool
    ) -> Bool {
        switch kind {
        case .snapshot:
            guard case .array(var windows)? = object["windows"] else { return false }
            var changed = false
            for index in windows.indices { changed = rewrite(&windows[index], change) || changed }
            if changed { object["windows"] = .array(windows) }
            return changed
        case .insert:
            guard var view = object["view"], rewrite(&view, change) else { return false }
            object["view"] = view
            return true
        default:
            return false
        }
    }

    /// One view and its subtree. Views nest at most ``FormatLimits/maximumViewDepth`` levels, so the recursion is
    /// bounded (and runs on the reading thread, whose stack is sized for that depth).
    private static func rewrite(_ view: inout JSONValue, _ change: (inout JSONObject) -> Bool) -> Bool {
        guard case .object(var object) = view else { return false }
        var changed = change(&object)
        if case .object(var imported)? = object["imported"], change(&imported) {
            object["imported"] = .object(imported)
            changed = true
        }
        if case .array(var subviews)? = object["subviews"] {
            var subChanged = false
            for index in subviews.indices { subChanged = rewrite(&subviews[index], change) || subChanged }
            if subChanged {
                object["subviews"] = .array(subviews)
                changed = true
            }
        }
        if changed { view = .object(object) }
        return changed
    }
}
