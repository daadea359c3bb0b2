import TouchlogFormat

/// Indented JSON (2 spaces, members in stored order, `[]`/`{}` when empty), ending with a newline: for files
/// people diff (baselines, reports), built on the deterministic ``JSONWriter``.
enum PrettyJSON {
    static func string(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        let inner = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch value {
        case .array(let elements) where !elements.isEmpty:
            // Arrays of scalars stay on one line: record lists and frames read better that way.
            if elements.allSatisfy({
                if case .array = $0 { return false } else if case .object = $0 { return false } else { return true }
            }) {
                JSONWriter.write(value, into: &out)
                return
            }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += inner
                write(element, indent: indent + 1, into: &out)
                out += index + 1 < elements.count ? ",\n" : "\n"
            }
            out += closing + "]"
        case .object(let object) where !object.isEmpty:
            out += "{\n"
            for (index, member) in object.members.enumerated() {
                out += inner
                JSONWriter.writeString(member.key, into: &out)
                out += ": "
                write(member.value, indent: indent + 1, into: &out)
                out += index + 1 < object.members.count ? ",\n" : "\n"
            }
            out += closing + "}"
        default:
            JSONWriter.write(value, into: &out)
        }
    }
}
