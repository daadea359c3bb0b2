/// `touchlog ingest --redact-labels`: replaces the labels people read on screen by stable tokens before anything is
/// stored, for teams whose labels carry personal data (a contact's name on a cell, an amount on a button).
///
/// A label becomes `label#` and eight hex digits of a hash of its text: `"accessibilityLabel":"Call Ann Smith"` is
/// stored as `"accessibilityLabel":"label#…"`, with the same eight digits wherever that text appears. The token is
/// the same for the same text in every session, file and run, because the report groups findings by view signature
/// and a view without an accessibility identifier is signed by its label: a stable token keeps one view's findings
/// together across sessions (and baselines matching), where a length or a blank would merge different views.
///
/// The token is a pseudonym, not a secret: an unkeyed hash, so whoever guesses a label can confirm the guess. It keeps
/// labels out of plain sight in the database, not from someone who knows what to look for.
///
/// - views (in `snapshot` windows and `insert` subtrees) and `set` records: the string values of ``keys``, and of the
///   same names in a view's `imported` object (where importers keep what a dump printed that the format has no field
///   for, such as XCUITest's `value` and `placeholderValue`), and the `label` of each of a view's
///   `accessibilityElements`. Empty strings stay empty: they say nothing.
public enum LabelRedaction {
    /// The members whose string values are labels: the format's `accessibilityLabel`, UIKit's other accessibility
    /// strings, and the titles, values and placeholders of controls as recorders and importers write them.
    public static let keys = [
        "accessibilityLabel", "accessibilityValue", "accessibilityHint", "label", "value", "title", "placeholder",
    ]

    /// The token stored for `label`: `label#` and eight lowercase hex digits of its FNV-1a hash (64 bits folded to
    /// 32). Thirty-two bits keep two different labels of one app apart (a clash needs tens of thousands of them)
    /// while staying short enough to read in a report.
    public static func token(for label: String) -> String {
        let hash = StableHash.fnv1a64(label.utf8)
        let folded = String(UInt32(truncatingIfNeeded: hash ^ (hash >> 32)), radix: 16)
        return "label#" + String(repeating: "0", count: 8 - folded.count) + folded
    }

    /// Redacts `object` in place; returns whether anything changed.
    public static func redact(_ object: inout JSONObject, kind: RecordKind?) -> Bool {
        switch kind {
        case .set:
            return redactMembers(&object)
        case .snapshot, .insert:
            return RecordViews.rewrite(&object, kind: kind, members: redactMembers)
        default:
            return false
        }
    }

    private static func redactMembers(_ object: inout JSONObject) -> Bool {
        var changed = false
        for index in object.members.indices {
            let key = object.members[index].key
            // A hosting view's accessibility elements carry the labels SwiftUI's content shows.
            if key == ViewField.accessibilityElements.name, case .array(var elements) = object.members[index].value {
                var elementsChanged = false
                for k in elements.indices {
                    guard case .object(var element) = elements[k], redactMembers(&element) else { continue }
                    elements[k] = .object(element)
                    elementsChanged = true
                }
                if elementsChanged {
                    object.members[index].value = .array(elements)
                    changed = true
                }
                continue
            }
            guard keys.contains(key), case .string(let label) = object.members[index].value, !label.isEmpty
            else { continue }
            object.members[index].value = .string(token(for: label))
            changed = true
        }
        return changed
    }
}
