/// A byte-level RFC 8259 JSON reader over a buffer of UTF-8 bytes.
///
/// It reads exactly one value with optional surrounding whitespace and refuses anything after it; errors carry
/// the byte offset (see ``JSONSyntaxError``). It is written for the ingest hot path: no Foundation, no
/// intermediate tokens, ASCII strings without escapes are copied once, and most numbers convert without a
/// string round trip.
///
/// The same grammar serves the importers, which read dumps rather than recordings: values with their line and
/// column, several values in a row, input cut off at a size limit (``Options``, ``LocatedJSON``,
/// ``readLocatedSequence(_:depthLimit:options:after:)``). The tree a read builds is chosen by a
/// ``JSONTreeBuilder``, and the forgiving options are only looked at on error paths, so the plain reader pays for
/// none of it.
///
/// ```swift
/// let value = try JSONReader.parse(#"{"type":"key","t":1.5,"length":3}"#)
/// value["length"]?.intValue   // 3
/// ```
public struct JSONReader: ~Copyable {
    /// Objects and arrays may nest this deep: a record at the format's deepest view hierarchy fits (see
    /// ``FormatLimits/maximumJSONDepth``), so deeper input is corrupt or hostile, and refusing it keeps the recursive
    /// reader's stack bounded.
    public static let defaultDepthLimit = FormatLimits.maximumJSONDepth

    @usableFromInline let base: UnsafePointer<UInt8>
    @usableFromInline let end: Int
    @usableFromInline var pos: Int = 0
    @usableFromInline var depth: Int = 0
    @usableFromInline let depthLimit: Int
    let options: Options

    /// Ways of reading input that is not one valid JSON text; none by default. Only error paths look at them.
    struct Options: OptionSet, Sendable {
        let rawValue: UInt8

        /// Input that ends inside an array or object gives the container with what was read of it, marked cut,
        /// instead of an error. Crash reporters cut attachments at a size limit, and most of a hierarchy beats none.
        static let keepsCutContainers = Options(rawValue: 1)
        /// Bytes that are not UTF-8 in a string become U+FFFD instead of an error: a dump from a bug report is read
        /// as well as it can be, where a recording must be exact.
        static let repairsInvalidUTF8 = Options(rawValue: 2)
    }

    /// Reads over `bytes`, which must stay alive while the reader is used.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, depthLimit: Int = JSONReader.defaultDepthLimit) {
        self.init(bytes, depthLimit: depthLimit, options: [])
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, depthLimit: Int, options: Options) {
        // An empty buffer may have a nil base; point at a static byte so reads stay in bounds (end is 0).
        self.base = bytes.baseAddress ?? JSONReader.emptyBase
        self.end = bytes.count
        self.depthLimit = depthLimit
        self.options = options
    }

    nonisolated(unsafe) private static let emptyBase: UnsafePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return UnsafePointer(pointer)
    }()

    /// Parses one complete JSON text.
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, depthLimit: Int = defaultDepthLimit
    ) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes, depthLimit: depthLimit)
        return try reader.readDocument()
    }

    /// Parses one complete JSON text given as a string (tests, small inputs).
    public static func parse(_ text: String, depthLimit: Int = defaultDepthLimit) throws(JSONSyntaxError) -> JSONValue {
        var copy = text
        let result: Result<JSONValue, JSONSyntaxError> = copy.withUTF8 { buffer in
            Result { () throws(JSONSyntaxError) -> JSONValue in try parse(buffer, depthLimit: depthLimit) }
        }
        return try result.get()
    }

    /// Reads a value, then requires that only whitespace follows.
    public mutating func readDocument() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let value = try readValue()
        try expectEnd()
        return value
    }

    /// Requires that only whitespace remains.
    public mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        if pos < end {
            throw JSONSyntaxError(
                .init(problem: .trailingContent, start: pos, stop: pos),
                message: "unexpected \(describe(base[pos])) after the end of the JSON value",
                hint: "each line must hold exactly one JSON object; split concatenated records onto their own lines",
                offset: pos)
        }
    }

    // MARK: - Values

    /// Reads any value at the current position (whitespace already skipped).
    public mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        var builder = PlainJSONBuilder()
        return try readValue(into: &builder)
    }

    /// Reads an object; the current byte is `{`.
    public mutating func readObject() throws(JSONSyntaxError) -> JSONObject {
        var builder = PlainJSONBuilder()
        return JSONObject(try readMembers(into: &builder).members)
    }

    /// Reads an array; the current byte is `[`.
    public mutating func readArray() throws(JSONSyntaxError) -> [JSONValue] {
        var builder = PlainJSONBuilder()
        return try readElements(into: &builder).elements
    }

    /// Reads any value at the current position (whitespace already skipped) into the tree `builder` makes.
    mutating func readValue<Builder: JSONTreeBuilder>(
        into builder: inout Builder
    ) throws(JSONSyntaxError) -> Builder.Value {
        guard pos < end else { throw unexpectedEnd(.value) }
        let start = builder.start(at: pos)
        switch base[pos] {
        case UInt8(ascii: "{"):
            let (members, cut) = try readMembers(into: &builder)
            return builder.object(members, cut: cut, start: start)
        case UInt8(ascii: "["):
            let (elements, cut) = try readElements(into: &builder)
            return builder.array(elements, cut: cut, start: start)
        case UInt8(ascii: "\""): return builder.string(try readString(), start: start)
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return builder.bool(true, start: start)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return builder.bool(false, start: start)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return builder.null(start: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return builder.number(try readNumber(), start: start)
        default:
            throw JSONSyntaxError(
                .init(problem: .unexpected(.value), start: pos, stop: pos),
                message: "expected a value but found \(describe(base[pos]))",
                hint: "values are objects, arrays, strings in double quotes, numbers, true, false or null",
                offset: pos)
        }
    }

    @usableFromInline mutating func enterNesting() throws(JSONSyntaxError) {
        depth += 1
        if depth > depthLimit {
            throw JSONSyntaxError(
                .init(problem: .tooDeep(limit: depthLimit), start: pos, stop: pos),
                message: "nesting deeper than \(depthLimit) levels",
                hint: "flatten the record; a touchlog record never needs this depth", offset: pos)
        }
    }

    /// Reads an object's members; the current byte is `{`. `cut` when the input ended inside the object and the
    /// reader keeps cut containers.
    mutating func readMembers<Builder: JSONTreeBuilder>(
        into builder: inout Builder
    ) throws(JSONSyntaxError) -> (members: [Builder.Member], cut: Bool) {
        try enterNesting()
        let open = pos
        pos += 1
        var members: [Builder.Member] = []
        do throws(JSONSyntaxError) {
            skipWhitespace()
            if pos < end && base[pos] == UInt8(ascii: "}") {
                pos += 1
                depth -= 1
                return (members, false)
            }
            while true {
                guard pos < end else { throw unexpectedEnd(.memberName, open: open) }
                guard base[pos] == UInt8(ascii: "\"") else {
                    throw JSONSyntaxError(
                        .init(problem: .unexpected(.memberName), start: pos, stop: pos),
                        message: "expected a member name in double quotes but found \(describe(base[pos]))",
                        hint: "write object keys as \"name\"; JSON allows no trailing comma", offset: pos)
                }
                // The name is pointed at by its offset, never copied into an error: holding it for one costs every
                // member a retain and a release.
                let keyStart = pos
                let key = try readString()
                skipWhitespace()
                guard pos < end else { throw unexpectedEnd(.colon, open: open) }
                guard base[pos] == UInt8(ascii: ":") else {
                    throw JSONSyntaxError(
                        .init(problem: .unexpected(.colon), start: keyStart, stop: pos),
                        message: "expected ':' after the member name but found \(describe(base[pos]))",
                        hint: "objects are written {\"name\": value, ...}", offset: pos)
                }
                pos += 1
                skipWhitespace()
                // Built straight from the value read: naming the value first costs a copy of it.
                members.append(builder.member(key, try readValue(into: &builder)))
                skipWhitespace()
                guard pos < end else { throw unexpectedEnd(.commaOrBrace, open: open) }
                let byte = base[pos]
                pos += 1
                if byte == UInt8(ascii: ",") {
                    skipWhitespace()
                    continue
                }
                if byte == UInt8(ascii: "}") { break }
                pos -= 1
                throw JSONSyntaxError(
                    .init(problem: .unexpected(.commaOrBrace), start: pos, stop: pos),
                    message: "expected ',' or '}' in the object but found \(describe(byte))",
                    hint: "separate members with commas and close the object with '}'", offset: pos)
            }
        } catch {
            // The input ran out inside this object (or a value in it): keep what was read, when asked to. Nothing
            // after the cut can be read, so the reader is done, wherever the value it was reading stopped.
            guard error.isUnexpectedEnd, options.contains(.keepsCutContainers) else { throw error }
            depth -= 1
            pos = end
            return (members, true)
        }
        depth -= 1
        return (members, false)
    }

    /// Reads an array's elements; the current byte is `[`. `cut` as for ``readMembers(into:)``.
    mutating func readElements<Builder: JSONTreeBuilder>(
        into builder: inout Builder
    ) throws(JSONSyntaxError) -> (elements: [Builder.Value], cut: Bool) {
        try enterNesting()
        let open = pos
        pos += 1
        var elements: [Builder.Value] = []
        do throws(JSONSyntaxError) {
            skipWhitespace()
            if pos < end && base[pos] == UInt8(ascii: "]") {
                pos += 1
                depth -= 1
                return (elements, false)
            }
            while true {
                guard pos < end else { throw unexpectedEnd(.value, open: open) }
                elements.append(try readValue(into: &builder))
                skipWhitespace()
                guard pos < end else { throw unexpectedEnd(.commaOrBracket, open: open) }
                let byte = base[pos]
                pos += 1
                if byte == UInt8(ascii: ",") {
                    skipWhitespace()
                    continue
                }
                if byte == UInt8(ascii: "]") { break }
                pos -= 1
                throw JSONSyntaxError(
                    .init(problem: .unexpected(.commaOrBracket), start: pos, stop: pos),
                    message: "expected ',' or ']' in the array but found \(describe(byte))",
                    hint: "separate elements with commas and close the array with ']'", offset: pos)
            }
        } catch {
            guard error.isUnexpectedEnd, options.contains(.keepsCutContainers) else { throw error }
            depth -= 1
            pos = end
            return (elements, true)
        }
        depth -= 1
        return (elements, false)
    }

    @usableFromInline mutating func readLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let start = pos
        let bytes = word.utf8Start
        for index in 0..<word.utf8CodeUnitCount {
            guard pos < end else { throw unexpectedEnd(.literal("\(word)"), start: start) }
            guard base[pos] == bytes[index] else {
                throw JSONSyntaxError(
                    .init(problem: .unexpected(.literal("\(word)")), start: start, stop: pos),
                    message: "invalid literal starting at \(describe(base[start])); expected '\(word)'",
                    hint: "JSON literals are true, false and null, in lower case; strings need double quotes",
                    offset: pos)
            }
            pos += 1
        }
    }

    // MARK: - Strings

    /// Reads a string; the current byte is `"`. Validates UTF-8 and every escape, including surrogate pairs.
    public mutating func readString() throws(JSONSyntaxError) -> String {
        let open = pos
        pos += 1
        let start = pos
        var nonASCII: UInt8 = 0
        // Fast scan: most strings are short ASCII without escapes and become one copy.
        while pos < end {
            let byte = base[pos]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(start: base + start, count: pos - start)
                pos += 1
                if nonASCII & 0x80 == 0 { return String(decoding: slice, as: UTF8.self) }
                guard let text = String(validating: slice, as: UTF8.self) else {
                    return try repairedUTF8(slice, start: start, open: open)
                }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacter(byte, open: open) }
            nonASCII |= byte
            pos += 1
        }
        guard pos < end else { throw unexpectedEnd(.closingQuote, start: open, open: open) }
        // Slow path: escapes. Collect bytes, then validate once.
        var bytes = [UInt8](UnsafeBufferPointer(start: base + start, count: pos - start))
        while pos < end {
            let byte = base[pos]
            if byte == UInt8(ascii: "\"") {
                pos += 1
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    return try bytes.withUnsafeBufferPointer { (unescaped) throws(JSONSyntaxError) -> String in
                        try repairedUTF8(unescaped, start: start, open: open, counting: pos - 1 - start)
                    }
                }
                return text
            }
            if byte < 0x20 { throw controlCharacter(byte, open: open) }
            if byte != UInt8(ascii: "\\") {
                bytes.append(byte)
                pos += 1
                continue
            }
            let escapeStart = pos
            pos += 1
            guard pos < end else { throw unexpectedEnd(.escapedCharacter, start: escapeStart, open: open) }
            let escaped = base[pos]
            pos += 1
            switch escaped {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                let unit = try readHex4(escapeStart: escapeStart)
                var scalarValue = UInt32(unit)
                if (0xD800...0xDBFF).contains(unit) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard pos + 1 < end, base[pos] == UInt8(ascii: "\\"), base[pos + 1] == UInt8(ascii: "u") else {
                        // Input that stops before the low half could begin is cut, not wrong: the pair of an
                        // emoji is often split so.
                        if pos == end || (pos + 1 == end && base[pos] == UInt8(ascii: "\\")) {
                            throw unexpectedEnd(.lowSurrogate, start: escapeStart, open: open)
                        }
                        throw loneSurrogate(unit, at: escapeStart, stop: pos)
                    }
                    let lowStart = pos
                    pos += 2
                    let low = try readHex4(escapeStart: lowStart, lowHalf: true)
                    guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(unit, at: escapeStart, stop: pos) }
                    scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    throw loneSurrogate(unit, at: escapeStart, stop: pos)
                }
                // Every value left here is a valid scalar: surrogates were paired or refused above.
                let scalar = Unicode.Scalar(scalarValue)!
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            default:
                throw JSONSyntaxError(
                    .init(problem: .invalidEscape, start: escapeStart, stop: escapeStart + 1),
                    message: "invalid escape '\\\(Unicode.Scalar(escaped))' in a string",
                    hint: #"the escapes JSON allows are \" \\ \/ \b \f \n \r \t and \uXXXX"#, offset: escapeStart)
            }
        }
        throw unexpectedEnd(.closingQuote, start: open, open: open)
    }

    /// Reads the four hex digits after `\u`; `lowHalf` when they are the second escape of a surrogate pair.
    @usableFromInline mutating func readHex4(escapeStart: Int, lowHalf: Bool = false) throws(JSONSyntaxError) -> UInt16
    {
        // pos is just after "\u".
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard pos < end else { throw unexpectedEnd(.hexDigits(lowHalf: lowHalf), start: escapeStart) }
            let byte = base[pos]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw JSONSyntaxError(
                    .init(problem: .unexpected(.hexDigits(lowHalf: lowHalf)), start: escapeStart, stop: pos),
                    message: "'\\u' must be followed by four hex digits, found \(describe(byte))",
                    hint: "write a UTF-16 code unit as \\u00e9, or the character itself in UTF-8", offset: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            pos += 1
        }
        return value
    }

    // MARK: - Numbers

    /// Powers of ten that a Double holds exactly: with a mantissa below 2^53 one multiply or divide by them
    /// gives the correctly rounded result (Clinger's fast path), so only unusual numbers need strtod.
    @usableFromInline static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// Reads a number per the RFC 8259 grammar; refuses values that overflow a Double (JSON cannot spell
    /// infinity, and storing one would break every later computation).
    public mutating func readNumber() throws(JSONSyntaxError) -> Double {
        let start = pos
        var negative = false
        if base[pos] == UInt8(ascii: "-") {
            negative = true
            pos += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        guard pos < end else { throw unexpectedEnd(.digitAfterMinus, start: start) }
        let first = base[pos]
        if first == UInt8(ascii: "0") {
            pos += 1
            if pos < end, isDigit(base[pos]) {
                throw JSONSyntaxError(
                    .init(problem: .leadingZero, start: start, stop: pos),
                    message: "numbers cannot have leading zeros", hint: "write 7 rather than 07", offset: start)
            }
        } else if isDigit(first) {
            while pos < end, isDigit(base[pos]) {
                accumulate(base[pos], into: &mantissa, digits: &significantDigits, exponent: &exponent)
                pos += 1
            }
        } else {
            throw JSONSyntaxError(
                .init(problem: .unexpected(.digitAfterMinus), start: start, stop: pos),
                message: "expected a digit after '-' but found \(describe(first))",
                hint: "JSON numbers look like -12, 0.5 or 1e-3", offset: pos)
        }
        if pos < end, base[pos] == UInt8(ascii: ".") {
            pos += 1
            guard pos < end else { throw unexpectedEnd(.digitAfterPoint, start: start) }
            guard isDigit(base[pos]) else {
                throw JSONSyntaxError(
                    .init(problem: .unexpected(.digitAfterPoint), start: start, stop: pos),
                    message: "expected a digit after the decimal point but found \(describe(base[pos]))",
                    hint: "write 1.0 or 1, not 1.", offset: pos)
            }
            while pos < end, isDigit(base[pos]) {
                accumulate(base[pos], into: &mantissa, digits: &significantDigits, exponent: &exponent)
                exponent -= 1
                pos += 1
            }
        }
        var slow = significantDigits > 15
        if pos < end, base[pos] | 0x20 == UInt8(ascii: "e") {
            pos += 1
            var exponentNegative = false
            if pos < end, base[pos] == UInt8(ascii: "+") || base[pos] == UInt8(ascii: "-") {
                exponentNegative = base[pos] == UInt8(ascii: "-")
                pos += 1
            }
            guard pos < end else { throw unexpectedEnd(.exponentDigit, start: start) }
            guard isDigit(base[pos]) else {
                throw JSONSyntaxError(
                    .init(problem: .unexpected(.exponentDigit), start: start, stop: pos),
                    message: "expected a digit in the exponent but found \(describe(base[pos]))",
                    hint: "write exponents as 1e5, 1E+5 or 1e-5", offset: pos)
            }
            var written = 0
            while pos < end, isDigit(base[pos]) {
                // Cap the magnitude: anything this large over- or underflows either way.
                if written < 100_000 { written = written * 10 + Int(base[pos] - UInt8(ascii: "0")) }
                pos += 1
            }
            exponent += exponentNegative ? -written : written
        }
        var value: Double
        if !slow, exponent >= -22, exponent <= 22 {
            value = Double(mantissa)
            value = exponent < 0 ? value / Self.exactPowersOfTen[-exponent] : value * Self.exactPowersOfTen[exponent]
            if negative { value = -value }
        } else {
            slow = true
            let text = String(decoding: UnsafeBufferPointer(start: base + start, count: pos - start), as: UTF8.self)
            value = Double(text) ?? .nan
        }
        guard value.isFinite else {
            let text = String(decoding: UnsafeBufferPointer(start: base + start, count: pos - start), as: UTF8.self)
            throw JSONSyntaxError(
                .init(problem: .numberTooLarge, start: start, stop: pos),
                message: "number \(text) is too large to represent (it overflows a 64-bit double)",
                hint: "record finite values; a recorder must not write an infinite or overflowing number",
                offset: start)
        }
        return value
    }

    @inline(__always) @usableFromInline func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Adds a digit to the mantissa while it stays exact; further digits only scale the exponent (and send
    /// the number down the slow path, which re-reads the text).
    @inline(__always) @usableFromInline func accumulate(
        _ byte: UInt8, into mantissa: inout UInt64, digits: inout Int, exponent: inout Int
    ) {
        if mantissa == 0 && byte == UInt8(ascii: "0") { return }
        digits += 1
        if digits <= 19 {
            mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
        } else {
            exponent += 1
        }
    }

    // MARK: - Helpers

    @inline(__always) public mutating func skipWhitespace() {
        while pos < end {
            let byte = base[pos]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            pos += 1
        }
    }

    /// The current byte offset.
    public var offset: Int { pos }

    func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// The input ran out where `expected` was due. `start` is where the value being read began (the current offset
    /// when none), `open` the container or string left open, for the hint.
    func unexpectedEnd(_ expected: JSONSyntaxError.Expected, start: Int? = nil, open: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(
            .init(problem: .ended(expected), start: start ?? pos, stop: pos),
            message: "the line ends where \(expected.phrase) was expected",
            hint: open.map { "the value opened at column \($0 + 1) is not closed; the line may have been cut" }
                ?? "the line may have been cut; complete the JSON value",
            offset: pos)
    }

    func controlCharacter(_ byte: UInt8, open: Int) -> JSONSyntaxError {
        JSONSyntaxError(
            .init(problem: .controlCharacter, start: open, stop: pos),
            message: "unescaped control character \(describe(byte)) in a string",
            hint: "escape control characters in strings, e.g. \\n or \\u0001", offset: pos)
    }

    /// The string of `bytes` (read from `start`, after escapes) that did not validate: repaired when the reader
    /// repairs, else the error at the first byte that does not decode. `counting` is how many input bytes it spans.
    func repairedUTF8(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, open: Int, counting: Int? = nil
    ) throws(JSONSyntaxError) -> String {
        if options.contains(.repairsInvalidUTF8) { return String(decoding: bytes, as: UTF8.self) }
        var offset = start
        // Point at the first byte that does not decode: the error is easier to find that way.
        var iterator = UnsafeBufferPointer(start: base + start, count: counting ?? bytes.count).makeIterator()
        var decoder = UTF8()
        var consumed = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): consumed += UTF8.width(scalar)
            case .emptyInput: break loop
            case .error:
                offset = start + consumed
                break loop
            }
        }
        throw JSONSyntaxError(
            .init(problem: .invalidUTF8, start: open, stop: offset),
            message: "string is not valid UTF-8", hint: "a touchlog file must be encoded in UTF-8", offset: offset)
    }

    func loneSurrogate(_ unit: UInt16, at offset: Int, stop: Int) -> JSONSyntaxError {
        let hex = String(unit, radix: 16, uppercase: true)
        return JSONSyntaxError(
            .init(problem: .loneSurrogate(low: (0xDC00...0xDFFF).contains(unit)), start: offset, stop: stop),
            message: "lone UTF-16 surrogate \\u\(hex) in a string",
            hint: "a high surrogate \\uD800-\\uDBFF must be followed by a low surrogate \\uDC00-\\uDFFF",
            offset: offset)
    }
}

extension JSONSyntaxError.Expected {
    /// How the reader's messages name what was due: "the line ends where \(phrase) was expected".
    var phrase: String {
        switch self {
        case .value: "a value"
        case .memberName: "a member name"
        case .colon: "':' after the member name"
        case .commaOrBrace: "',' or '}'"
        case .commaOrBracket: "',' or ']'"
        case .literal(let word): "'\(word)'"
        case .digitAfterMinus: "a digit"
        case .digitAfterPoint: "a digit after the decimal point"
        case .exponentDigit: "a digit in the exponent"
        case .closingQuote: "the closing '\"' of the string"
        case .escapedCharacter: "an escape character"
        case .hexDigits: "four hex digits after '\\u'"
        case .lowSurrogate: "the low surrogate '\\uDC00'-'\\uDFFF' of a pair"
        }
    }
}
