/// Privacy for the lines ingest sets aside (a crashed recording's cut last line, a line `--keep-going` rejects):
/// blanks the values of text-bearing members before the line is stored, even when the line is not JSON.
///
/// A set-aside line is often one ``JSONReader`` refused or could not finish: cut inside a string, a bad escape, invalid
/// UTF-8, a missing comma, unbalanced braces. There is no tree to redact then (``TextRedaction`` works on parsed
/// records), and storing the line as written would put what was typed into the database, which ingest promises never
/// to do without `--keep-text`. (A line that parsed but failed validation takes the same scan: one path for every
/// line set aside.) So this scan exists, and it is deliberately **not a JSON parser**: it decodes no values and accepts
/// anything between the structural bytes. It only follows the line's strings, brackets, colons and commas far enough
/// to know which bytes are the value of a member with one of the given names, at any depth, and replaces those bytes
/// by a marker that keeps their length:
///
/// ```
/// {"type":"key","t":99.0,"text":"SECRET        (cut off by a crash)
/// {"type":"key","t":99.0,"text":"<redacted 6 bytes, cut off>"
/// ```
///
/// A string is read to its closing quote, skipping whatever follows a backslash (so `"SEC\"RET"` is one value, and a
/// `"text":` inside another member's string is never taken for a member); a member name is compared after its escapes
/// are decoded, as the reader would (`"te\u0078t"` is `text`); a value may be a string, a bare token or a whole
/// object or array; a value the line ends inside is blanked to the end of the line.
///
/// Where the line stops following JSON's structure (a lost or stray quote, a missing comma, a stray byte between
/// members, a member name with an escape the reader refuses), the scan cannot know any more which bytes are inside
/// strings or which member a value belongs to, and it does not guess: everything from the break to the end of the line
/// is blanked, keeping only its length. The line's position, the column of its error and the bytes before the break
/// are what is kept of it then.
///
/// What it cannot see: a member whose name was damaged into another valid name (`"tex":`, or `"\text":`, which is a tab
/// and `ext`) is another member, for this scan as for the reader.
public enum RejectedLineRedaction {
    /// What is kept of a line.
    public struct Result: Sendable, Equatable {
        /// The line with each blanked range replaced by its marker; bytes that are not UTF-8 elsewhere in the line
        /// read as U+FFFD, as they would in the line stored without redaction, and so does a NUL byte, which
        /// PostgreSQL's text cannot hold (both stores keep the same text).
        public var text: String
        /// The byte ranges of the original line that were blanked.
        public var blanked: [Range<Int>]

        /// Whether byte `offset` of the original line was blanked.
        public func isBlanked(_ offset: Int) -> Bool { blanked.contains { $0.contains(offset) } }
    }

    /// Blanks the values of members named one of `keys` (ASCII names such as `text`) in `line`.
    public static func redact(_ line: [UInt8], keys: [String]) -> Result {
        var result: Result
        if keys.isEmpty {
            result = Result(text: String(decoding: line, as: UTF8.self), blanked: [])
        } else {
            var scan = Scan(bytes: line, keys: keys.map { Array($0.utf8) })
            scan.run()
            result = scan.result()
        }
        if result.text.utf8.contains(0) {
            result.text = String(
                String.UnicodeScalarView(result.text.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
        }
        return result
    }

    /// A blanked part of the line.
    private enum Blank {
        /// A member's whole value: a string with its quotes, an object or array, or a bare token.
        case value(Range<Int>, quoted: Bool)
        /// A value the line ends inside.
        case cutValue(from: Int, quoted: Bool)
        /// Everything after a break in the line's structure.
        case rest(from: Int)
    }

    private enum Expect {
        /// The line's one value.
        case value
        /// A member name or `}`: after `{`, or after `,` in an object (a trailing comma breaks nothing here).
        case name
        /// The `:` after a member name.
        case colon
        /// An array element or `]`.
        case element
        /// `,` or the closing bracket of the innermost container; nothing at all after the line's value.
        case separator
    }

    private struct Scan {
        let bytes: [UInt8]
        let keys: [[UInt8]]
        var blanks: [Blank] = []
        /// The open containers, `{` or `[`.
        var stack: [UInt8] = []
        var expect = Expect.value
        /// The value about to be read belongs to a member to blank.
        var valueIsBlanked = false
        /// A blanked object or array being read: where it began and how many containers were open outside it.
        var blankedContainer: (start: Int, depth: Int)?

        mutating func run() {
            var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while true {
                while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { return finish() }
                let byte = bytes[index]
                switch expect {
                case .value, .element:
                    if byte == .quote {
                        let (end, closed) = string(from: index)
                        if takeBlankedValue() {
                            blanks.append(
                                closed ? .value(index..<end, quoted: true) : .cutValue(from: index, quoted: true))
                        }
                        guard closed else { return finish() }
                        index = end
                        expect = .separator
                    } else if byte == .openBrace || byte == .openBracket {
                        if takeBlankedValue() { blankedContainer = (index, stack.count) }
                        stack.append(byte)
                        expect = byte == .openBrace ? .name : .element
                        index += 1
                    } else if byte == .closeBracket, expect == .element {
                        close(at: index)
                        index += 1
                    } else if Self.isBare(byte) {
                        var end = index
                        while end < bytes.count, Self.isBare(bytes[end]) { end += 1 }
                        if takeBlankedValue() { blanks.append(.value(index..<end, quoted: false)) }
                        index = end
                        expect = .separator
                    } else {
                        return broke(at: index)
                    }
                case .name:
                    if byte == .quote {
                        let (end, closed) = string(from: index)
                        guard closed else { return finish() }  // cut inside a member name: no value of its own follows
                        guard let name = memberName(index + 1..<end - 1) else { return broke(at: index) }
                        valueIsBlanked = keys.contains(name)
                        expect = .colon
                        index = end
                    } else if byte == .closeBrace {
                        close(at: index)
                        index += 1
                    } else {
                        return broke(at: index)
                    }
                case .colon:
                    guard byte == .colon else { return broke(at: index) }
                    expect = .value
                    index += 1
                case .separator:
                    guard let open = stack.last else { return broke(at: index) }
                    if byte == .comma {
                        expect = open == .openBrace ? .name : .element
                        index += 1
                    } else if byte == (open == .openBrace ? .closeBrace : .closeBracket) {
                        close(at: index)
                        index += 1
                    } else {
                        return broke(at: index)
                    }
                }
            }
        }

        /// Whether the value being started is blanked; a value inside a blanked container is not blanked again.
        mutating func takeBlankedValue() -> Bool {
            defer { valueIsBlanked = false }
            return valueIsBlanked && blankedContainer == nil
        }

        /// The container closed by the bracket at `index`; the value it ends is read.
        mutating func close(at index: Int) {
            stack.removeLast()
            if let container = blankedContainer, container.depth == stack.count {
                blanks.append(.value(container.start..<index + 1, quoted: false))
                blankedContainer = nil
            }
            expect = .separator
        }

        /// The line ended: a blanked container left open was cut off.
        mutating func finish() {
            if let container = blankedContainer { blanks.append(.cutValue(from: container.start, quoted: false)) }
        }

        /// The line stops following JSON's structure at `index`: the rest is blanked, from the start of a blanked
        /// container being read if there is one.
        mutating func broke(at index: Int) {
            blanks.append(.rest(from: blankedContainer?.start ?? index))
        }

        /// The end of the string opening at `start` (after its closing quote), or the end of the line.
        func string(from start: Int) -> (end: Int, closed: Bool) {
            var index = start + 1
            while index < bytes.count {
                switch bytes[index] {
                case .backslash: index += 2
                case .quote: return (index + 1, true)
                default: index += 1
                }
            }
            return (bytes.count, false)
        }

        /// The member name written in `range` (inside its quotes) with its escapes decoded, as the reader would
        /// decode it; nil when an escape is invalid, so that the reader could not tell which member it is either.
        /// The keys are ASCII: a character beyond ASCII decodes to a byte no key holds.
        func memberName(_ range: Range<Int>) -> [UInt8]? {
            var name: [UInt8] = []
            var index = range.lowerBound
            while index < range.upperBound {
                let byte = bytes[index]
                guard byte == .backslash else {
                    name.append(byte)
                    index += 1
                    continue
                }
                guard index + 1 < range.upperBound else { return nil }
                switch bytes[index + 1] {
                case .quote, .backslash, .slash: name.append(bytes[index + 1])
                case UInt8(ascii: "b"): name.append(0x08)
                case UInt8(ascii: "f"): name.append(0x0C)
                case UInt8(ascii: "n"): name.append(0x0A)
                case UInt8(ascii: "r"): name.append(0x0D)
                case UInt8(ascii: "t"): name.append(0x09)
                case UInt8(ascii: "u"):
                    guard index + 6 <= range.upperBound else { return nil }
                    var unit = 0
                    for digit in bytes[index + 2..<index + 6] {
                        guard let value = Self.hexValue(digit) else { return nil }
                        unit = unit << 4 | value
                    }
                    name.append(unit < 0x80 ? UInt8(unit) : 0xFF)
                    index += 4
                default: return nil
                }
                index += 2
            }
            return name
        }

        func result() -> RejectedLineRedaction.Result {
            var text: [UInt8] = []
            text.reserveCapacity(bytes.count)
            var blanked: [Range<Int>] = []
            var kept = 0
            for blank in blanks {
                let range: Range<Int>
                let marker: String
                switch blank {
                case .value(let value, let quoted):
                    range = value
                    marker = "\"<redacted \(Self.bytes(value.count - (quoted ? 2 : 0)))>\""
                case .cutValue(let start, let quoted):
                    range = start..<bytes.count
                    marker = "\"<redacted \(Self.bytes(range.count - (quoted ? 1 : 0))), cut off>\""
                case .rest(let start):
                    range = start..<bytes.count
                    marker = "<redacted \(Self.bytes(range.count)) from a break in the JSON>"
                }
                text += bytes[kept..<range.lowerBound]
                text += Array(marker.utf8)
                kept = range.upperBound
                blanked.append(range)
            }
            text += bytes[kept...]
            return .init(text: String(decoding: text, as: UTF8.self), blanked: blanked)
        }

        static func hexValue(_ byte: UInt8) -> Int? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
            default: nil
            }
        }

        static func bytes(_ count: Int) -> String { count == 1 ? "1 byte" : "\(count) bytes" }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        /// A byte of a number, a literal, or anything else that is not structure: one bare token.
        static func isBare(_ byte: UInt8) -> Bool {
            !isSpace(byte)
                && byte != .quote && byte != .openBrace && byte != .closeBrace && byte != .openBracket
                && byte != .closeBracket && byte != .colon && byte != .comma
        }
    }
}

extension UInt8 {
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let slash = UInt8(ascii: "/")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let closeBrace = UInt8(ascii: "}")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let comma = UInt8(ascii: ",")
}
