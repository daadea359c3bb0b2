/// Compact, deterministic JSON text: members in stored order, no spaces, shortest round-trip numbers,
/// integers without a fraction. The same value always gives the same bytes, which golden files rely on.
extension JSONValue {
    public func serialized() -> String {
        var out = ""
        JSONWriter.write(self, into: &out)
        return out
    }

    /// The same value indented for files people read and diff (reports, baselines, the rules' list): 2 spaces,
    /// members in stored order, `[]` and `{}` when empty, arrays of scalars on one line (record lists and frames read
    /// better so), ending with a newline. Scalars are written by the compact writer, so both agree on every number and
    /// string.
    public func serializedIndented() -> String {
        var bytes: [UInt8] = []
        JSONWriter.writeIndented(self, depth: 0, into: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The one JSON writer. It writes UTF-8 bytes (`[UInt8]`), which is what files and the recorder want and costs a
/// few nanoseconds per byte; the `String` entry points write the same bytes and append them in one go (appending to
/// a `String` piece by piece cost more than the rest of a replay trace line, and would put a touch record far over
/// the recorder's 1 µs budget).
public enum JSONWriter {
    public static func write(_ value: JSONValue, into out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        write(value, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    public static func writeNumber(_ number: Double, into out: inout String) {
        var bytes: [UInt8] = []
        writeNumber(number, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    public static func writeString(_ string: String, into out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 2)
        writeString(string, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    static func writeIndented(_ value: JSONValue, depth: Int, into out: inout [UInt8]) {
        func newline(_ depth: Int) {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        }
        switch value {
        case .array(let elements) where elements.contains(where: \.isContainer):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                writeIndented(element, depth: depth + 1, into: &out)
            }
            newline(depth)
            out.append(UInt8(ascii: "]"))
        case .object(let object) where !object.isEmpty:
            out.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                writeString(member.key, into: &out)
                out.append(contentsOf: ": ".utf8)
                writeIndented(member.value, depth: depth + 1, into: &out)
            }
            newline(depth)
            out.append(UInt8(ascii: "}"))
        default:
            // Scalars, empty containers and arrays of scalars: one line, as the compact writer has them.
            write(value, into: &out)
        }
    }

    public static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .number(let number): writeNumber(number, into: &out)
        case .string(let string): writeString(string, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Integers in the exactly representable range print without ".0"; other finite numbers use Swift's
    /// shortest round-trip description. JSON has no NaN or infinity; validation rejects them before they
    /// get here, and `null` is the only honest spelling if one slips through.
    ///
    /// A number that is the double nearest to a decimal with at most six fraction digits (times and coordinates:
    /// `1.874`, `331.5`) is written digit by digit: those digits are then exactly Swift's shortest round-trip
    /// description, without making a `String` (a test compares the two over many numbers).
    public static func writeNumber(_ number: Double, into out: inout [UInt8]) {
        guard number.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        let magnitude = abs(number)
        if number == number.rounded(.towardZero), magnitude < 1e15 {
            writeInteger(number == 0 ? 0 : Int64(number), into: &out)
            return
        }
        if magnitude >= 1e-4, magnitude < 1e9 {
            let scaled = (magnitude * 1_000_000).rounded()
            if scaled / 1_000_000 == magnitude {
                var fraction = Int64(scaled) % 1_000_000
                var digits = 6
                while fraction % 10 == 0 {
                    fraction /= 10
                    digits -= 1
                }
                if number < 0 { out.append(UInt8(ascii: "-")) }
                writeInteger(Int64(scaled) / 1_000_000, into: &out)
                out.append(UInt8(ascii: "."))
                var divisor: Int64 = 1
                for _ in 1..<digits { divisor *= 10 }
                while divisor > 0 {
                    out.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
                    divisor /= 10
                }
                return
            }
        }
        out.append(contentsOf: "\(number)".utf8)
    }

    /// Appends ASCII text known at compile time (keys with their punctuation) with one copy.
    public static func writeRaw(_ text: StaticString, into out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the decimal digits of `value` (and its sign), without making a `String`.
    public static func writeInteger(_ value: Int64, into out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            out.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
        }
    }

    public static func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Ids and names rarely need escaping: such a string is appended whole.
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) {
            out.append(contentsOf: string.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case 0x22: out.append(contentsOf: #"\""#.utf8)
            case 0x5C: out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
