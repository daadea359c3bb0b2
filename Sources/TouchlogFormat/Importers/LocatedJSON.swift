/// A JSON value that remembers the line and column it started at, so importers can point at the spot when a
/// value is wrong ("line 14:18: `width` is a string"), which a plain JSONValue cannot.
///
/// The parser is small and total: RFC 8259 syntax, nesting bounded by ``maximumDepth``, any bytes either parse
/// or give a ``Failure`` with a position. Several values may follow one another (Sentry envelopes are a header
/// line, then items); ``parseSequence(_:skipPayload:)`` reads them in order.
struct LocatedJSON {
    indirect enum Kind {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([LocatedJSON])
        case object([(key: String, value: LocatedJSON)])
    }

    var line: Int
    var column: Int
    var kind: Kind
    /// The input ended before this array or object closed: it holds the members read so far. Sentry
    /// attachments cut at a size limit keep what they have instead of failing.
    var cut = false

    /// Deep enough for any Sentry hierarchy (each view level costs two: its object and its `children` array),
    /// shallow enough to stay clear of the stack limit when converting and freeing the tree.
    static let maximumDepth = 400

    struct Failure: Error {
        var line: Int
        var column: Int
        var reason: String
        /// The input ended mid-value: enclosing containers keep what they read and are marked ``cut``.
        var atEnd = false
    }

    subscript(key: String) -> LocatedJSON? {
        guard case .object(let members) = kind else { return nil }
        return members.last { $0.key == key }?.value
    }

    var string: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    var number: Double? {
        if case .number(let value) = kind { return value }
        return nil
    }

    var bool: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }

    var array: [LocatedJSON]? {
        if case .array(let value) = kind { return value }
        return nil
    }

    var members: [(key: String, value: LocatedJSON)]? {
        if case .object(let value) = kind { return value }
        return nil
    }

    var typeDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value without positions, members in written order.
    var plain: JSONValue {
        switch kind {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .array(let elements): .array(elements.map(\.plain))
        case .object(let members):
            .object(JSONObject(members.map { JSONObject.Member(key: $0.key, value: $0.value.plain) }))
        }
    }

    /// Every top-level value in `bytes`, separated by whitespace. After each value, `skipPayload` may name a
    /// byte count to skip past the next newline (an envelope item whose payload is not JSON), or a negative
    /// count to skip the whole next line (an item without a `length`).
    static func parseSequence(_ bytes: [UInt8], skipPayload: (LocatedJSON) -> Int?) -> Result<
        [LocatedJSON], Failure
    > {
        var parser = Parser(bytes: bytes)
        var values: [LocatedJSON] = []
        parser.skipBOM()
        while true {
            parser.skipWhitespace()
            if parser.atEnd { break }
            switch parser.value(depth: 0) {
            case .success(let value):
                values.append(value)
                if let count = skipPayload(value) { parser.skipPayload(count) }
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(values)
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }
        var column: Int { index - lineStart + 1 }

        func fail(_ reason: String) -> Failure {
            Failure(line: line, column: column, reason: reason, atEnd: index >= bytes.count)
        }

        mutating func skipBOM() {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0D: index += 1
                case 0x0A:
                    index += 1
                    line &+= 1
                    lineStart = index
                default: return
                }
            }
        }

        /// Skips the rest of the current line, then `count` bytes (counting the lines they cover).
        mutating func skipPayload(_ count: Int) {
            skipLine()
            if count < 0 {
                skipLine()
                return
            }
            let end = count > bytes.count - index ? bytes.count : index + max(0, count)
            while index < end {
                if bytes[index] == 0x0A {
                    line &+= 1
                    lineStart = index + 1
                }
                index += 1
            }
        }

        private mutating func skipLine() {
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            if index < bytes.count {
                index += 1
                line &+= 1
                lineStart = index
            }
        }

        mutating func value(depth: Int) -> Result<LocatedJSON, Failure> {
            skipWhitespace()
            guard index < bytes.count else {
                return .failure(fail("the JSON ends where a value should be"))
            }
            guard depth < LocatedJSON.maximumDepth else {
                return .failure(fail("JSON nests deeper than \(LocatedJSON.maximumDepth) levels"))
            }
            let (startLine, startColumn) = (line, column)
            func located(_ kind: Kind, cut: Bool = false) -> LocatedJSON {
                LocatedJSON(line: startLine, column: startColumn, kind: kind, cut: cut)
            }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: LocatedJSON)] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .success(located(.object(members)))
                }
                while true {
                    skipWhitespace()
                    if index >= bytes.count { return .success(located(.object(members), cut: true)) }
                    guard bytes[index] == UInt8(ascii: "\"") else {
                        return .failure(fail("expected a member name in quotes"))
                    }
                    let key: String
                    switch string() {
                    case .success(let text): key = text
                    case .failure(let failure):
                        if failure.atEnd { return .success(located(.object(members), cut: true)) }
                        return .failure(failure)
                    }
                    skipWhitespace()
                    if index >= bytes.count { return .success(located(.object(members), cut: true)) }
                    guard bytes[index] == UInt8(ascii: ":") else {
                        return .failure(fail("expected ':' after the member name \"\(key.prefix(40))\""))
                    }
                    index += 1
                    switch value(depth: depth + 1) {
                    case .success(let member):
                        members.append((key, member))
                        if member.cut { return .success(located(.object(members), cut: true)) }
                    case .failure(let failure):
                        if failure.atEnd { return .success(located(.object(members), cut: true)) }
                        return .failure(failure)
                    }
                    skipWhitespace()
                    if index >= bytes.count { return .success(located(.object(members), cut: true)) }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        return .success(located(.object(members)))
                    }
                    return .failure(fail("expected ',' or '}' in an object"))
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [LocatedJSON] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .success(located(.array(elements)))
                }
                while true {
                    switch value(depth: depth + 1) {
                    case .success(let element):
                        elements.append(element)
                        if element.cut { return .success(located(.array(elements), cut: true)) }
                    case .failure(let failure):
                        if failure.atEnd { return .success(located(.array(elements), cut: true)) }
                        return .failure(failure)
                    }
                    skipWhitespace()
                    if index >= bytes.count { return .success(located(.array(elements), cut: true)) }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    if bytes[index] == UInt8(ascii: "]") {
                        index += 1
                        return .success(located(.array(elements)))
                    }
                    return .failure(fail("expected ',' or ']' in an array"))
                }
            case UInt8(ascii: "\""):
                return string().map { located(.string($0)) }
            case UInt8(ascii: "t"): return literal("true", located(.bool(true)))
            case UInt8(ascii: "f"): return literal("false", located(.bool(false)))
            case UInt8(ascii: "n"): return literal("null", located(.null))
            default:
                return number().map { located(.number($0)) }
            }
        }

        mutating func literal(_ word: String, _ result: LocatedJSON) -> Result<LocatedJSON, Failure> {
            let expected = Array(word.utf8)
            if bytes.count - index < expected.count, expected.starts(with: bytes[index...]) {
                return .failure(
                    Failure(line: line, column: column, reason: "the JSON ends inside '\(word)'", atEnd: true))
            }
            guard bytes[index...].starts(with: expected) else {
                return .failure(
                    fail("unexpected '\(ImportText.string(bytes[index...].prefix(12)))': not a JSON value"))
            }
            index += expected.count
            return .success(result)
        }

        mutating func number() -> Result<Double, Failure> {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integerStart = index
            while index < bytes.count, ImportText.isDigit(bytes[index]) { index += 1 }
            guard index > integerStart else {
                index = start
                return .failure(
                    fail("unexpected '\(ImportText.string(bytes[start...].prefix(12)))': not a JSON value"))
            }
            if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
                index = start
                return .failure(fail("a JSON number cannot start with 0"))
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let fractionStart = index
                while index < bytes.count, ImportText.isDigit(bytes[index]) { index += 1 }
                guard index > fractionStart else { return .failure(fail("expected digits after '.'")) }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count,
                    bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
                {
                    index += 1
                }
                let exponentStart = index
                while index < bytes.count, ImportText.isDigit(bytes[index]) { index += 1 }
                guard index > exponentStart else {
                    return .failure(fail("expected digits in the exponent"))
                }
            }
            guard let value = Double(ImportText.string(bytes[start..<index])), value.isFinite else {
                return .failure(
                    Failure(
                        line: line, column: start - lineStart + 1,
                        reason: "the number is too large for a double"))
            }
            return .success(value)
        }

        /// A string starting at the opening quote; escapes decoded, invalid UTF-8 repaired, lone surrogates
        /// refused.
        mutating func string() -> Result<String, Failure> {
            index += 1
            var scalars: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return .success(ImportText.string(scalars))
                }
                if byte < 0x20 {
                    return .failure(fail("a control character (or line break) inside a JSON string"))
                }
                if byte != UInt8(ascii: "\\") {
                    scalars.append(byte)
                    index += 1
                    continue
                }
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    guard var code = hex4() else {
                        return .failure(fail("expected four hex digits after '\\u'"))
                    }
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { return .failure(fail("a high surrogate '\\u' escape without its low half")) }
                        index += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else {
                            return .failure(fail("a high surrogate '\\u' escape without its low half"))
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        return .failure(fail("a low surrogate '\\u' escape without its high half"))
                    }
                    guard let scalar = Unicode.Scalar(code) else {
                        return .failure(fail("an invalid '\\u' escape"))
                    }
                    scalars += Array(String(Character(scalar)).utf8)
                default:
                    return .failure(
                        fail("an invalid escape '\\\(ImportText.string([escape]))' in a JSON string"))
                }
            }
            return .failure(fail("the JSON ends inside a string"))
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var code: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x37)
                case 0x61...0x66: digit = UInt32(byte - 0x57)
                default: return nil
                }
                code = code << 4 | digit
                index += 1
            }
            return code
        }
    }
}
