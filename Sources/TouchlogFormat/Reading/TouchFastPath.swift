/// The fast path for `touch` lines: reads the fields straight into a ``TouchRecord`` without building a
/// JSON tree. It only accepts the common shape (`"type":"touch"` first, known members with the right types,
/// no escapes in names); anything else returns nil and the line goes through the general reader, which
/// produces the exact error or keeps the unusual members. Touches are ~85% of records, so this path sets
/// the ingest speed.
extension JSONReader {
    private static let touchPrefix: [UInt8] = Array(#"{"type":"touch""#.utf8)

    /// Whether the line starts like a touch record, before paying for anything else.
    static func looksLikeTouch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > touchPrefix.count else { return false }
        for index in 0..<touchPrefix.count where bytes[index] != touchPrefix[index] { return false }
        return true
    }

    /// Reads a touch line whose first member is `"type":"touch"`; nil when the line needs the general path.
    mutating func readTouchFast() -> TouchRecord? {
        pos = Self.touchPrefix.count
        var t = Double.nan
        var x = Double.nan
        var y = Double.nan
        var touch: TouchIdentifier?
        var phase: TouchPhase?
        var window: String?
        var view: String?
        var tapCount: Int?
        var event: Int?
        var seen: UInt16 = 0
        while true {
            skipWhitespace()
            guard pos < end else { return nil }
            if base[pos] == UInt8(ascii: "}") {
                pos += 1
                break
            }
            guard base[pos] == UInt8(ascii: ",") else { return nil }
            pos += 1
            skipWhitespace()
            guard pos < end, base[pos] == UInt8(ascii: "\"") else { return nil }
            let keyStart = pos + 1
            var keyEnd = keyStart
            while keyEnd < end, base[keyEnd] != UInt8(ascii: "\"") {
                if base[keyEnd] == UInt8(ascii: "\\") { return nil }
                keyEnd += 1
            }
            guard keyEnd < end else { return nil }
            pos = keyEnd + 1
            skipWhitespace()
            guard pos < end, base[pos] == UInt8(ascii: ":") else { return nil }
            pos += 1
            skipWhitespace()
            guard pos < end else { return nil }
            let field = Self.touchField(base + keyStart, keyEnd - keyStart)
            guard field != 0, seen & field == 0 else { return nil }
            seen |= field
            let first = base[pos]
            let isNumber = first == UInt8(ascii: "-") || isDigit(first)
            let isString = first == UInt8(ascii: "\"")
            switch field {
            case 1, 2, 4:  // t, x, y
                guard isNumber, let number = try? readNumber() else { return nil }
                if field == 1 { t = number } else if field == 2 { x = number } else { y = number }
            case 8:  // touch
                if isString {
                    guard let text = try? readString(), !text.utf8.contains(0) else { return nil }
                    touch = .string(text)
                } else {
                    guard isNumber, let number = try? readNumber(), let integer = Int64(exactly: number) else {
                        return nil
                    }
                    touch = .number(integer)
                }
            case 16:  // phase
                guard isString, let text = try? readString(), let parsed = TouchPhase(name: text) else { return nil }
                phase = parsed
            case 32, 256:  // window, view
                // A string holding U+0000 (written \u0000) is the parser's to refuse, with its place.
                guard isString, let text = try? readString(), !text.utf8.contains(0) else { return nil }
                if field == 32 { window = text } else { view = text }
            case 64, 128:  // tapCount, event
                guard isNumber, let number = try? readNumber(), let integer = Int(exactly: number) else { return nil }
                if field == 64, integer < 0 { return nil }  // the general path reports it
                if field == 64 { tapCount = integer } else { event = integer }
            default:
                return nil
            }
        }
        skipWhitespace()
        guard pos == end, let touch, let phase, seen & 0b11111 == 0b11111 else { return nil }
        guard t >= 0 else { return nil }
        return TouchRecord(
            t: t, touch: touch, phase: phase, x: x, y: y, window: window, tapCount: tapCount, event: event, view: view)
    }

    /// A bit per known touch member, 0 for any other name.
    @inline(__always) private static func touchField(_ key: UnsafePointer<UInt8>, _ count: Int) -> UInt16 {
        switch count {
        case 1:
            switch key[0] {
            case UInt8(ascii: "t"): return 1
            case UInt8(ascii: "x"): return 2
            case UInt8(ascii: "y"): return 4
            default: return 0
            }
        case 4:
            return matches(key, "view") ? 256 : 0
        case 5:
            if matches(key, "touch") { return 8 }
            if matches(key, "phase") { return 16 }
            if matches(key, "event") { return 128 }
            return 0
        case 6:
            return matches(key, "window") ? 32 : 0
        case 8:
            return matches(key, "tapCount") ? 64 : 0
        default:
            return 0
        }
    }

    @inline(__always) private static func matches(_ key: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
        let bytes = name.utf8Start
        for index in 0..<name.utf8CodeUnitCount where key[index] != bytes[index] { return false }
        return true
    }
}
