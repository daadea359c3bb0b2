/// The views a record carries as JSON, for the rewrites made before a record is stored (typed text and labels
/// redacted): every window of a snapshot, the view of an insert, each with its subtree.
enum RecordViews {
    /// Applies `change` to each top-level view of `object` (a `snapshot`'s windows, an `insert`'s view) and
    /// writes back those that changed; returns whether any did. Other kinds carry no views.
    static func rewrite(_ object: inout JSONObject, kind: RecordKind?, _ change: (inout JSONValue) -> Bool) -> Bool {
        switch kind {
        case .snapshot:
            guard case .array(var windows)? = object["windows"] else { return false }
            var changed = false
            for index in windows.indices { changed = change(&windows[index]) || changed }
            if changed { object["windows"] = .array(windows) }
            return changed
        case .insert:
            guard var view = object["view"], change(&view) else { return false }
            object["view"] = view
            return true
        default:
            return false
        }
    }
}
