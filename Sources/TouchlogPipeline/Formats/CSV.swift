import Foundation
import TouchlogFormat

/// Comma-separated values as RFC 4180 writes them: a header row, fields quoted when they hold a comma, a double
/// quote or a line break (quotes doubled inside), and CRLF at the end of every row, which is what spreadsheets,
/// Python's `csv` module and `sqlite3 -csv` write and read.
enum CSV {
    /// The rows of `objects`, flat objects whose members are the columns (in the first object's order); a nested
    /// object's members become columns named `parent.member`, so CSV and JSON share one vocabulary.
    static func table(_ objects: [JSONValue], header: [String]) -> String {
        var out = row(header)
        for object in objects {
            let cells = Dictionary(flatten(object, prefix: ""), uniquingKeysWith: { _, last in last })
            out += row(header.map { cells[$0] ?? "" })
        }
        return out
    }

    /// The column names of `object`, as ``table(_:header:)`` flattens it.
    static func header(of object: JSONValue) -> [String] { flatten(object, prefix: "").map(\.0) }

    static func row(_ fields: [String]) -> String { fields.map(field).joined(separator: ",") + "\r\n" }

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Leaf members as (column, text): strings as they are, numbers and booleans as JSON writes them, null empty.
    private static func flatten(_ value: JSONValue, prefix: String) -> [(String, String)] {
        switch value {
        case .object(let object):
            return object.members.flatMap { flatten($0.value, prefix: prefix.isEmpty ? $0.key : prefix + "." + $0.key) }
        case .null: return [(prefix, "")]
        case .string(let text): return [(prefix, text)]
        case .bool, .number, .array: return [(prefix, value.serialized())]
        }
    }
}
