/// Compact, deterministic JSON text: members in stored order, no spaces, shortest round-trip numbers,
/// integers without a fraction. The same value always gives the same bytes, which golden files rely on.
extension JSONValue {
    public func serialized() -> String {
        var out = ""
        JSONWriter.write(self, into: &out)
        return out
    }
}

public enum JSONWriter {
    public static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): writeNumber(number, into: &out)
        case .string(let string): writeString(string, into: &out)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                write(element, into: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { out += "," }
                writeString(member.key, into: &out)
                out += ":"
                write(member.value, into: &out)
            }
            out += "}"
        }
    }

    /// Integers in the exactly representable range print without ".0"; other finite numbers use Swift's
    /// shortest round-trip description. JSON has no NaN or infinity; validation rejects them before they
    /// get here, and `null` is the only honest spelling if one slips through.
    public static func writeNumber(_ number: Double, into out: inout String) {
        guard number.isFinite else {
            out += "null"
            return
        }
        if number == number.rounded(.towardZero), abs(number) < 1e15 {
            if number == 0 && number.sign == .minus {
                out += "0"
            } else {
                out += String(Int64(number))
            }
        } else {
            out += "\(number)"
        }
    }

    public static func writeString(_ string: String, into out: inout String) {
        // Ids and names rarely need escaping: such a string is appended whole (replay writes one trace line per
        // record, and going scalar by scalar cost more than the rest of the line).
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) {
            out += "\""
            out += string
            out += "\""
            return
        }
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    out += "\\u00"
                    let hex = String(scalar.value, radix: 16)
                    if hex.count < 2 { out += "0" }
                    out += hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
