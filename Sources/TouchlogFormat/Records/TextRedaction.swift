/// Privacy: replaces typed text by its length before anything is stored.
///
/// - `key` records: `"text": "abc"` becomes `"length": 3` (in the same position).
/// - views (in `snapshot` windows, `insert` subtrees) and `set` records: `"text": "abc"` becomes
///   `"textLength": 3`.
///
/// Lengths count UTF-16 code units, as `NSString.length` does: UIKit measures text in UTF-16 (`NSRange`,
/// `UITextInput`), so a recorder that only writes `length` agrees with a redacted `text`.
public enum TextRedaction {
    /// The member that holds typed text, in `key` records and in views.
    public static let key = "text"

    /// Redacts `object` in place; returns whether anything changed.
    public static func redact(_ object: inout JSONObject, kind: RecordKind?) -> Bool {
        switch kind {
        case .key:
            return rename(&object, from: "text", to: "length")
        case .set:
            return rename(&object, from: "text", to: "textLength")
        case .snapshot, .insert:
            return RecordViews.rewrite(&object, kind: kind) { rename(&$0, from: "text", to: "textLength") }
        default:
            return false
        }
    }

    private static func rename(_ object: inout JSONObject, from key: String, to lengthKey: String) -> Bool {
        var changed = false
        var members: [JSONObject.Member] = []
        members.reserveCapacity(object.members.count)
        for member in object.members {
            if member.key == key, case .string(let text) = member.value {
                changed = true
                members.removeAll { $0.key == lengthKey }
                members.append(.init(key: lengthKey, value: .number(Double(text.utf16.count))))
            } else if member.key == lengthKey, changed {
                continue  // the length computed from the text wins over a recorded one
            } else {
                members.append(member)
            }
        }
        if changed { object.members = members }
        return changed
    }
}
