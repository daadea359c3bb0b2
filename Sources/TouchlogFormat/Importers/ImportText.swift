/// Byte-level helpers shared by the text importers: lines, prefixes, numbers, digests, timestamps.
///
/// Everything works on `[UInt8]` with bounds-checked indexing and no force unwraps, so malformed input can only
/// produce an error, never a trap.
enum ImportText {
    /// One input line without its terminator; `number` is 1-based.
    struct Line {
        var number: Int
        var bytes: ArraySlice<UInt8>
    }

    /// Splits on `\n`, dropping a trailing `\r` and a leading UTF-8 byte order mark.
    static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var number = 1
        var index = start
        while index <= bytes.count {
            if index == bytes.count || bytes[index] == 0x0A {
                var end = index
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                if !(index == bytes.count && start == index && number > 1) {
                    result.append(Line(number: number, bytes: bytes[start..<end]))
                }
                number &+= 1
                start = index + 1
            }
            index += 1
        }
        return result
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    /// An ASCII letter.
    static func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }
    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }

    static func hasPrefix<C: Collection>(_ bytes: C, _ prefix: String) -> Bool
    where C.Element == UInt8 {
        bytes.starts(with: prefix.utf8)
    }

    /// Whether `needle` occurs in `bytes`. Naive search: callers pass short needles and bounded inputs.
    static func contains<C: Collection>(_ bytes: C, _ needle: String) -> Bool
    where C.Element == UInt8 {
        firstIndex(of: Array(needle.utf8), in: Array(bytes)) != nil
    }

    static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from: Int = 0) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, from >= 0 else { return nil }
        var index = from
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] {
                var matched = true
                for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    /// `//`, `///` or `>` (repeated, as nested quotes print them), or a JSDoc block comment's `*`, each followed by at
    /// most one space, at `index`: their length. What a dump or JSON is pasted behind in a Swift, Rust or JavaScript
    /// comment or a Markdown blockquote; no tree line and no JSON line starts with `/`, `>` or `* `.
    static func leaderLength(_ bytes: [UInt8], at index: Int) -> Int {
        var end = index
        while end < bytes.count {
            if bytes[end] == UInt8(ascii: ">") {
                end += 1
            } else if bytes[end] == UInt8(ascii: "*"), end == index,
                end + 1 == bytes.count || bytes[end + 1] == 0x20 || bytes[end + 1] == 0x0D
            {
                // ` * ` (a JSDoc or Javadoc block's line), alone: `**` is Markdown's bold, `*<` an autolayout trace.
                end += 1
            } else if bytes[end] == UInt8(ascii: "/"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "/") {
                end += 2
                while end < bytes.count, bytes[end] == UInt8(ascii: "/") { end += 1 }
            } else {
                break
            }
            if end < bytes.count, bytes[end] == 0x20 { end += 1 }
        }
        return end - index
    }

    /// JSON pasted inside what a writer wraps it in: the same bytes with the wrapper blanked to spaces, so a JSON
    /// reader sees only the JSON and every position in it keeps its line and column.
    struct UnwrappedJSON {
        var bytes: [UInt8]
        /// The first line with text after the JSON's closing fence, blanked too (prose after the paste).
        var textAfterLine: Int?
        /// The lines whose string literal held the JSON escaped (`"{\"windows\": …}"`), read unescaped.
        var escapedLines: [Int] = []
    }

    /// Sets aside, in turn: a comment leader every line with text starts with (`///`, `//`, `>`: JSON in a doc
    /// comment or a blockquote); then the prose before the first Markdown fence (```` ```json ````) whose next line
    /// with text opens JSON (or one of the next four, after the command and the tool's chatter), the fence, and
    /// its closing fence with what follows; or, with `proseBefore` and no such
    /// fence, the prose lines before the first line that opens JSON (`@someone` / `` `idb ui describe-all `` then
    /// `[{…`). Nil when there is no wrapper to set aside or no `{` or `[` line after it.
    static func unwrappedJSON(_ bytes: [UInt8], proseBefore: Bool = false) -> UnwrappedJSON? {
        let uncommented = uncommented(bytes)
        var result = uncommented ?? bytes
        let changed = uncommented != nil
        func blank(_ line: Line) {
            for index in line.bytes.indices where result[index] != 0x0D { result[index] = 0x20 }
        }
        let all = lines(result)
        func opensJSON(_ line: Line) -> Bool {
            guard let first = trimmed(line.bytes).first else { return false }
            return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        }
        let nonBlank = all.filter { !trimmed($0.bytes).isEmpty }
        guard let firstLine = nonBlank.first else { return nil }
        if opensJSON(firstLine) { return changed ? UnwrappedJSON(bytes: result) : nil }
        if let literals = oneLineLiteralsJSON(result, lines: all) { return literals }
        if let properties = propertyLinesJSON(result, lines: all) { return properties }
        if let literal = stringLiteralJSON(result, lines: nonBlank, proseBefore: proseBefore) { return literal }
        if let escaped = escapedStringJSON(result, lines: all) { return escaped }
        var textAfterLine: Int?
        // The fence's JSON may come after the command that printed it and the tool's chatter, inside the fence
        // (`$ idb ui describe-all`, `objc[56872]: Class FBProcess is implemented in both …`): a few such lines.
        func jsonAfterFence(_ position: Int) -> Int? {
            guard hasPrefix(trimmed(nonBlank[position].bytes), "```") else { return nil }
            for body in (position + 1)..<min(nonBlank.count, position + 5) {
                if opensJSON(nonBlank[body]) { return body }
                if hasPrefix(trimmed(nonBlank[body].bytes), "```") { return nil }
            }
            return nil
        }
        if let fence = nonBlank.indices.first(where: { jsonAfterFence($0) != nil }), let start = jsonAfterFence(fence) {
            let body = nonBlank[start]
            for line in all where line.number < body.number { blank(line) }
            if let closing = nonBlank.first(where: {
                $0.number > body.number && hasPrefix(trimmed($0.bytes), "```")
            }) {
                for line in all where line.number >= closing.number {
                    if line.number > closing.number, textAfterLine == nil, !trimmed(line.bytes).isEmpty {
                        textAfterLine = line.number
                    }
                    blank(line)
                }
            }
            return UnwrappedJSON(bytes: result, textAfterLine: textAfterLine)
        }
        guard proseBefore, let body = nonBlank.first(where: opensJSON) else { return nil }
        for line in all where line.number < body.number { blank(line) }
        return UnwrappedJSON(bytes: result)
    }

    /// A paste inside source comments, with the comments set aside: a block comment's own lines (`/**`, `/*`, `*/`)
    /// blanked, and the leader every other line with text starts with (`///`, `//`, `>`, a JSDoc ` * `) blanked too,
    /// only when every such line has one, so a `//` inside a dump's prose stays. Blanked, not removed: positions keep
    /// their line and column, and the indentation after a leader is the paste's own. Nil when there is no comment.
    static func uncommented(_ bytes: [UInt8]) -> [UInt8]? {
        var result = bytes
        var changed = false
        let withText = lines(bytes).filter { !trimmed($0.bytes).isEmpty }
        var commented: [(line: Line, lead: Int, length: Int)] = []
        for line in withText {
            if isBlockCommentMark(trimmed(line.bytes)) {
                for index in line.bytes.indices where result[index] != 0x0D { result[index] = 0x20 }
                changed = true
                continue
            }
            let text = Array(line.bytes)
            var lead = 0
            while lead < text.count, isSpace(text[lead]) { lead += 1 }
            commented.append((line, lead, leaderLength(text, at: lead)))
        }
        if !commented.isEmpty, commented.allSatisfy({ $0.length > 0 }) {
            for (line, lead, length) in commented {
                let start = line.bytes.startIndex + lead
                for index in start..<(start + length) { result[index] = 0x20 }
            }
            changed = true
        }
        return changed ? result : nil
    }

    /// A dump kept in source code as an array of string literals, one per line (`'<UIWindow: …>',` in a JavaScript
    /// fixture, `"    Window (Main), …",`, Python's `f"…",`, Objective-C's `@"…",`): each such line without its
    /// quotes, the string's prefix and the comma after them, its `\'`, `\"`, `\\` and Unicode (`\u2192`, `\u{2192}`)
    /// escapes undone, an f-string's doubled braces made single (a `{name}` it fills in stays as written); every
    /// other line (`const RAW = [`, `].join('\n')`) as it was, so line numbers hold. The
    /// opening quote becomes a space, so the indentation inside the literal stays the tree's. Nil with fewer than two
    /// such lines.
    static func unquotedLines(_ bytes: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var quotedLines = 0
        var position = 0
        for line in lines(bytes) {
            result += bytes[position..<line.bytes.startIndex]
            position = line.bytes.endIndex
            let text = Array(line.bytes)
            var lead = 0
            while lead < text.count, isSpace(text[lead]) { lead += 1 }
            var end = text.count
            while end > lead, isSpace(text[end - 1]) || text[end - 1] == 0x0D { end -= 1 }
            if end > lead, text[end - 1] == UInt8(ascii: ",") { end -= 1 }
            let prefix = stringPrefixLength(text, at: lead)
            let open = lead + prefix
            // A Python f-string doubles the braces it prints (`f"{{{{0.0, 0.0}}, …}}"` prints `{{0.0, 0.0}, …}`).
            let formatted = text[lead..<open].contains { $0 | 0x20 == UInt8(ascii: "f") }
            guard end - open >= 2, let quote = text.indices.contains(open) ? text[open] : nil,
                quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\""), text[end - 1] == quote
            else {
                result += text
                continue
            }
            quotedLines += 1
            result += text[0..<lead]
            // The prefix and the quote become one space, so the text inside every literal starts in the same column
            // whether or not its line has a prefix (`"    Other, …",` beside `f"    Other, …",`).
            result.append(0x20)
            var index = open + 1
            while index < end - 1 {
                if text[index] == UInt8(ascii: "\\"), index + 1 < end - 1 {
                    let escaped = text[index + 1]
                    if escaped == UInt8(ascii: "'") || escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") {
                        index += 1
                    } else if escaped == UInt8(ascii: "u"), let (scalar, length) = unicodeEscape(text, at: index + 2) {
                        result += Array(String(Character(scalar)).utf8)
                        index += 2 + length
                        continue
                    }
                }
                if formatted, text[index] == UInt8(ascii: "{") || text[index] == UInt8(ascii: "}"),
                    index + 1 < end - 1, text[index + 1] == text[index]
                {
                    index += 1
                }
                result.append(text[index])
                index += 1
            }
        }
        result += bytes[position...]
        return quotedLines >= 2 ? result : nil
    }

    /// The letters before a string literal's quote that say what kind of string it is: Python's `f`, `r`, `b`,
    /// `u` (or two of them, `rf`), Objective-C's `@`. Zero when no quote follows them.
    private static func stringPrefixLength(_ text: [UInt8], at index: Int) -> Int {
        var length = 0
        if index < text.count, text[index] == UInt8(ascii: "@") {
            length = 1
        } else {
            while length < 2, index + length < text.count,
                "fFrRbBuU".utf8.contains(text[index + length])
            {
                length += 1
            }
        }
        guard length > 0, index + length < text.count,
            text[index + length] == UInt8(ascii: "\"") || text[index + length] == UInt8(ascii: "'")
        else { return 0 }
        return length
    }

    /// `2192` or `{2192}` at `index` (after `\u`): the scalar and how many bytes spell it.
    private static func unicodeEscape(_ text: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        if index < text.count, text[index] == UInt8(ascii: "{") {
            var value: UInt32 = 0
            var end = index + 1
            while end < text.count, end - index <= 7, isHexDigit(text[end]) {
                value = value &* 16 &+ UInt32(hexValue(text[end]))
                end += 1
            }
            guard end > index + 1, end < text.count, text[end] == UInt8(ascii: "}"),
                let scalar = Unicode.Scalar(value)
            else { return nil }
            return (scalar, end + 1 - index)
        }
        guard let scalar = EscapedDump.hexScalar(text, at: index) else { return nil }
        return (scalar, 4)
    }

    /// The value of a hex digit (`0`-`9`, `a`-`f`, `A`-`F`).
    static func hexValue(_ byte: UInt8) -> UInt8 {
        isDigit(byte) ? byte - 0x30 : (byte | 0x20) - UInt8(ascii: "a") + 10
    }

    /// `/**`, `/*` or `*/` alone on a line: a block comment's opening or closing.
    private static func isBlockCommentMark(_ text: ArraySlice<UInt8>) -> Bool {
        text.elementsEqual("/**".utf8) || text.elementsEqual("/*".utf8) || text.elementsEqual("*/".utf8)
    }

    /// The string literals source code holds a pasted JSON in: a JavaScript template literal or a Go raw string
    /// (`` ` ``), a Python or Swift multi-line string (`"""`, `'''`).
    /// How source code opens and closes a string that spans lines: Python's and Swift's triple quotes, JavaScript's
    /// and Go's backticks, Rust's raw strings (`r#"…"#`, `r##"…"##`, which JSON's quotes cannot end) and Swift's
    /// (`#"…"#`), asked after Rust's, whose opening holds Swift's.
    private static let literalDelimiters: [(open: [UInt8], close: [UInt8])] =
        [
            (Array("\"\"\"".utf8), Array("\"\"\"".utf8)), (Array("'''".utf8), Array("'''".utf8)),
            (Array("`".utf8), Array("`".utf8)), (Array("r##\"".utf8), Array("\"##".utf8)),
            (Array("r#\"".utf8), Array("\"#".utf8)), (Array("#\"".utf8), Array("\"#".utf8)),
        ] + curlDataDelimiters

    /// The body a `curl` command sends (`curl -X POST … -d '{…}'`): single quotes in a shell, which hold JSON as it
    /// is (a shell escapes nothing inside them).
    private static let curlDataDelimiters: [(open: [UInt8], close: [UInt8])] = [
        " -d '", " --data '", " --data-raw '", " --data-binary '",
    ].map { (Array($0.utf8), Array("'".utf8)) }

    /// JSON inside a string literal of source code, `const crashEvent = \`{…}\``, `X = """[` … `]"""`,
    /// `[]byte(\`[` … `]\`)`: what comes before the delimiter that opens it, the delimiter, and from the last
    /// delimiter after the JSON to the end, blanked. The JSON starts right after the opening delimiter, or (with
    /// `proseBefore`, a template literal opened on a line of prose: `` `Running on <UDID> ``) on the next line with
    /// text. The closing delimiter is the last one, and only code may follow it on its line (`;`, `)`,
    /// `.trimIndent()`: no quote or bracket), so a backtick inside a JSON string is never taken for it. Nil when no
    /// such literal holds JSON.
    private static func stringLiteralJSON(_ bytes: [UInt8], lines: [Line], proseBefore: Bool) -> UnwrappedJSON? {
        for (position, line) in lines.enumerated() {
            let text = Array(line.bytes)
            // A Markdown fence is the fence's business, not a template literal.
            if hasPrefix(trimmed(line.bytes), "```") { continue }
            // SQL's dollar quoting (`$json${…}$json$::jsonb`, `$${…}$$`) opens and closes with the same tag.
            let dollarQuote = dollarQuoteTag(text).map { [(open: $0, close: $0)] } ?? []
            for (delimiter, closer) in literalDelimiters + dollarQuote {
                guard let at = firstIndex(of: delimiter, in: text) else { continue }
                var after = at + delimiter.count
                while after < text.count, isSpace(text[after]) { after += 1 }
                let opensHere =
                    after < text.count && (text[after] == UInt8(ascii: "{") || text[after] == UInt8(ascii: "["))
                let opensNext =
                    proseBefore && !opensHere && position + 1 < lines.count
                    && [UInt8(ascii: "{"), UInt8(ascii: "[")].contains(trimmed(lines[position + 1].bytes).first ?? 0)
                guard opensHere || opensNext else { continue }
                let start = line.bytes.startIndex + (opensHere ? at + delimiter.count : text.count)
                // The literal closes right after the JSON it holds when that JSON is whole (a test's next literal
                // may follow, `r#"{…}"#` twice in one Rust test); else at the last closer.
                func closerAfterJSON() -> Int? {
                    guard let open = bytes[start...].firstIndex(where: { !isSpace($0) && $0 != 0x0A && $0 != 0x0D }),
                        var after = balancedJSONEnd(bytes, from: open)
                    else { return nil }
                    while after < bytes.count, isSpace(bytes[after]) || bytes[after] == 0x0A || bytes[after] == 0x0D {
                        after += 1
                    }
                    return bytes[after...].starts(with: closer) ? after : nil
                }
                // What follows the closing delimiter on its line is code (`;`, `)`, Kotlin's `.trimIndent()`,
                // Swift's `.data(using: .utf8)!`), never JSON: a delimiter inside a JSON string has quotes or
                // brackets after it.
                guard let close = closerAfterJSON() ?? lastIndex(of: closer, in: bytes, from: start),
                    !bytes[(close + closer.count)...].prefix(while: { $0 != 0x0A }).contains(where: {
                        [
                            UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["),
                            UInt8(ascii: "]"),
                        ]
                        .contains($0)
                    })
                else { continue }
                var result = bytes
                for index in 0..<start where result[index] != 0x0A && result[index] != 0x0D { result[index] = 0x20 }
                for index in close..<result.count where result[index] != 0x0A && result[index] != 0x0D {
                    result[index] = 0x20
                }
                blankEscapedBreaks(&result, in: start..<close)
                return UnwrappedJSON(bytes: result)
            }
        }
        return nil
    }

    /// JSON in string literals that open and close on one line each (Go's `` raw := `[{…}]` ``, JavaScript's
    /// `parse('[{…}]')`, Swift's `#"{…}"#`), one or several: each literal's JSON kept where it is, everything else
    /// blanked; several are several values, one after another. The JSON must close (brackets balanced, strings
    /// closed) right before the literal's closing delimiter. Nil when none is found, or when a line opens a literal
    /// that does not close on it (one that spans lines: `stringLiteralJSON` reads it).
    private static func oneLineLiteralsJSON(_ bytes: [UInt8], lines: [Line]) -> UnwrappedJSON? {
        // Backticks and raw strings, not triple quotes (which open strings that span lines), and single quotes,
        // which open JavaScript's and Python's one-line strings.
        let pairs =
            literalDelimiters.filter { $0.open.count == 1 || $0.open.last != $0.open.first }
            + [(open: Array("'".utf8), close: Array("'".utf8))]
        var keep: [Range<Int>] = []
        for line in lines {
            let text = Array(line.bytes)
            if hasPrefix(trimmed(line.bytes), "```") { continue }
            for (open, close) in pairs {
                guard let at = firstIndex(of: open, in: text), at + open.count < text.count,
                    text[at + open.count] == UInt8(ascii: "{") || text[at + open.count] == UInt8(ascii: "[")
                else { continue }
                guard let end = balancedJSONEnd(text, from: at + open.count),
                    text[end...].starts(with: close)
                else { return nil }
                let start = line.bytes.startIndex
                keep.append((start + at + open.count)..<(start + end))
                break
            }
        }
        guard !keep.isEmpty else { return nil }
        return UnwrappedJSON(bytes: blanked(bytes, except: keep))
    }

    /// JSON as the value of `NAME=` lines of a properties file (Sentry Android's ongoing replay segment keeps
    /// `$SEGMENT_KEY_REPLAY_RECORDING={}[{"type":3,…}]`, a test writes it in a string): the values kept where they
    /// are, one or several in a row, everything else blanked. A value must close on its line with nothing after it;
    /// lines whose value is no JSON (`KEY_WIDTH=416`) are blanked. Nil when no line holds JSON so.
    private static func propertyLinesJSON(_ bytes: [UInt8], lines: [Line]) -> UnwrappedJSON? {
        var keep: [Range<Int>] = []
        for line in lines {
            let text = Array(line.bytes)
            var index = 0
            while index < text.count, isSpace(text[index]) { index += 1 }
            if index < text.count, text[index] == UInt8(ascii: "$") { index += 1 }
            let name = index
            while index < text.count,
                isLetter(text[index]) || isDigit(text[index]) || text[index] == UInt8(ascii: "_")
                    || text[index] == UInt8(ascii: ".")
            {
                index += 1
            }
            guard index > name, isLetter(text[name]) || text[name] == UInt8(ascii: "_"), index < text.count,
                text[index] == UInt8(ascii: "=")
            else { continue }
            var values: [Range<Int>] = []
            var cursor = index + 1
            while cursor < text.count, text[cursor] == UInt8(ascii: "{") || text[cursor] == UInt8(ascii: "["),
                let end = balancedJSONEnd(text, from: cursor)
            {
                values.append(cursor..<end)
                cursor = end
            }
            guard !values.isEmpty, text[cursor...].allSatisfy({ isSpace($0) || $0 == 0x0D }) else { continue }
            keep += values.map { (line.bytes.startIndex + $0.lowerBound)..<(line.bytes.startIndex + $0.upperBound) }
        }
        guard !keep.isEmpty else { return nil }
        return UnwrappedJSON(bytes: blanked(bytes, except: keep))
    }

    /// `bytes` with everything outside `keep` (ranges in order, apart) blanked to spaces, line breaks kept.
    private static func blanked(_ bytes: [UInt8], except keep: [Range<Int>]) -> [UInt8] {
        var result = bytes
        var position = 0
        for range in keep + [bytes.count..<bytes.count] {
            for index in position..<range.lowerBound where result[index] != 0x0A && result[index] != 0x0D {
                result[index] = 0x20
            }
            position = range.upperBound
        }
        return result
    }

    /// The index right after the JSON value that opens at `start` (a `{` or `[`) closes, strings and their escapes
    /// respected; nil when it does not close on the line.
    private static func balancedJSONEnd(_ text: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var strings = JSONStrings()
        var index = start
        while index < text.count {
            let byte = text[index]
            if let step = strings.step(over: byte) {
                index += step
                continue
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The tag of a PostgreSQL dollar-quoted string that opens JSON on the line (`$json$` in `$json${"a": 1}$json$`,
    /// `$$`): a `$`, letters or `_`, a `$`, then `{` or `[` after any spaces. Nil when there is none.
    private static func dollarQuoteTag(_ text: [UInt8]) -> [UInt8]? {
        var index = 0
        while let open = text[index...].firstIndex(of: UInt8(ascii: "$")) {
            var end = open + 1
            while end < text.count, isLetter(text[end]) || text[end] == UInt8(ascii: "_") { end += 1 }
            if end < text.count, text[end] == UInt8(ascii: "$") {
                var after = end + 1
                while after < text.count, isSpace(text[after]) { after += 1 }
                if after == text.count || text[after] == UInt8(ascii: "{") || text[after] == UInt8(ascii: "[") {
                    return Array(text[open...end])
                }
            }
            index = open + 1
        }
        return nil
    }

    /// JSON escaped into one-line string literals of source code, every quote behind a backslash
    /// (`let expected = "{\"windows\":[{\"type\":\"UIWindow\", …}]}"`): each literal's content unescaped in place of its
    /// line (padded with spaces to the line's length, so the lines after it keep their numbers and columns), every
    /// other line blanked. Several literals are several JSON values, one after another. Nil when no line holds one.
    private static func escapedStringJSON(_ bytes: [UInt8], lines: [Line]) -> UnwrappedJSON? {
        var literals: [(line: Line, json: [UInt8])] = []
        for line in lines {
            let text = Array(line.bytes)
            guard let open = escapedJSONStart(text) else { continue }
            var inner: [UInt8] = []
            var index = open + 1
            var closed = false
            while index < text.count {
                let byte = text[index]
                if byte == UInt8(ascii: "\"") {
                    closed = true
                    break
                }
                if byte == UInt8(ascii: "\\"), index + 1 < text.count {
                    let next = text[index + 1]
                    switch next {
                    case UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"): inner.append(0x20)
                    case UInt8(ascii: "u"): inner += [byte, next]  // a JSON escape once unescaped: kept
                    default: inner.append(next)
                    }
                    index += 2
                    continue
                }
                inner.append(byte)
                index += 1
            }
            if closed, let last = trimmed(inner[...]).last, last == UInt8(ascii: "}") || last == UInt8(ascii: "]") {
                literals.append((line, inner))
            }
        }
        guard !literals.isEmpty else { return nil }
        // Every line blanked, then each literal's JSON written over the start of its own.
        var result = bytes
        for line in lines {
            for index in line.bytes.indices where result[index] != 0x0D { result[index] = 0x20 }
        }
        for (line, json) in literals {
            for (offset, byte) in json.enumerated() { result[line.bytes.startIndex + offset] = byte }
        }
        return UnwrappedJSON(bytes: result, escapedLines: literals.map(\.line.number))
    }

    /// Where a string literal holding escaped JSON opens on a line: a `"` followed by `{\"` or `[{\"`.
    private static func escapedJSONStart(_ text: [UInt8]) -> Int? {
        for marker in [Array("\"{\\\"".utf8), Array("\"[{\\\"".utf8)] {
            if let at = firstIndex(of: marker, in: text) { return at }
        }
        return nil
    }

    /// JSON Lines kept in a one-line string literal separate their values with escaped line breaks
    /// (`` `{"type":"Button",…}\n{"type":"Text",…}` ``): outside JSON strings, where JSON allows no backslash, a `\n`,
    /// `\r` or `\t` is blanked to spaces, so the values read one after another. Inside strings nothing changes.
    private static func blankEscapedBreaks(_ bytes: inout [UInt8], in range: Range<Int>) {
        var strings = JSONStrings()
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if let step = strings.step(over: byte) {
                index += step
                continue
            } else if byte == UInt8(ascii: "\\"), index + 1 < range.upperBound,
                [UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t")].contains(bytes[index + 1])
            {
                bytes[index] = 0x20
                bytes[index + 1] = 0x20
                index += 2
                continue
            }
            index += 1
        }
    }

    /// Where a walk over JSON text is: inside a string or not, a string's escapes stepped over whole.
    private struct JSONStrings {
        private var inside = false

        /// How far to step when `byte` is a string's (its quotes, its content, a `\` with the byte it escapes);
        /// nil when it is outside every string, for the caller to read.
        mutating func step(over byte: UInt8) -> Int? {
            if inside {
                if byte == UInt8(ascii: "\\") { return 2 }
                if byte == UInt8(ascii: "\"") { inside = false }
                return 1
            }
            guard byte == UInt8(ascii: "\"") else { return nil }
            inside = true
            return 1
        }
    }

    private static func firstIndex(of needle: [UInt8], in text: [UInt8]) -> Int? {
        guard text.count >= needle.count else { return nil }
        return (0...(text.count - needle.count)).first { text[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The last occurrence of `needle` at or after `start`.
    private static func lastIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count - start >= needle.count else { return nil }
        return stride(from: bytes.count - needle.count, through: start, by: -1).first {
            bytes[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }

    /// JSON cut short by its writer: the bytes before the first line that is only an elision (`...` or `…`: no JSON
    /// line is), and without the blank space at the end, so a string cut at the end of its line is cut, not broken
    /// by a line break. A reader that keeps cut containers then reads what came before. `elision` is that line.
    static func cutAtElision(_ bytes: [UInt8]) -> (bytes: [UInt8], elision: Line?) {
        var end = bytes.count
        var elision: Line?
        for line in lines(bytes) {
            let text = trimmed(line.bytes)
            if text.elementsEqual("...".utf8) || text.elementsEqual([0xE2, 0x80, 0xA6]) {
                elision = line
                end = line.bytes.startIndex
                break
            }
        }
        while end > 0, isSpace(bytes[end - 1]) || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return (Array(bytes[0..<end]), elision)
    }

    /// The shell variable at `offset` (a `$`): `$name` or `${NAME}`, a name of letters, digits and `_` that starts
    /// with a letter or `_`. Nil for anything else there (`$5`, a template's `${now - 9000}`).
    static func shellVariable(_ text: ArraySlice<UInt8>, at offset: Int) -> String? {
        func isNameByte(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") }
        guard offset < text.endIndex, text[offset] == UInt8(ascii: "$"), offset + 1 < text.endIndex else {
            return nil
        }
        let braced = text[offset + 1] == UInt8(ascii: "{")
        let nameStart = offset + (braced ? 2 : 1)
        guard nameStart < text.endIndex, isLetter(text[nameStart]) || text[nameStart] == UInt8(ascii: "_") else {
            return nil
        }
        var end = nameStart
        while end < text.endIndex, isNameByte(text[end]) { end += 1 }
        if braced {
            guard end < text.endIndex, text[end] == UInt8(ascii: "}") else { return nil }
            end += 1
        }
        return string(text[offset..<end])
    }

    /// Removes spaces and tabs at both ends.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isSpace(last) { slice = slice.dropLast() }
        return slice
    }

    static func string<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        String(decoding: bytes, as: UTF8.self)
    }

    /// A decimal (or `inf`/`nan`, which callers treat as "unknown") number as UIKit prints it. Anything
    /// longer than 64 bytes is not a number UIKit prints, and refusing it keeps parsing linear.
    static func number<C: Collection>(_ bytes: C) -> Double? where C.Element == UInt8 {
        let text = trimmed(ArraySlice(bytes))
        guard !text.isEmpty, text.count <= 64 else { return nil }
        for byte in text {
            let allowed =
                isDigit(byte) || byte == 0x2D || byte == 0x2B || byte == 0x2E || byte == 0x65
                || byte == 0x45
                || byte == 0x69 || byte == 0x6E || byte == 0x66 || byte == 0x61  // i n f a (inf, nan)
            if !allowed { return nil }
        }
        return Double(string(text))
    }

    /// A 128-bit digest of `bytes` shaped like a UUID, so re-importing the same file gives the same session id.
    /// ``StableHash/fnv1a128(_:)``: not cryptographic, only stable and well spread.
    static func digestID(_ bytes: [UInt8], salt: String) -> String {
        let digest = StableHash.fnv1a128(Array(salt.utf8) + [0] + bytes)
        let chars = Array(
            StableHash.hex(digest.high, uppercase: true) + StableHash.hex(digest.low, uppercase: true))
        func part(_ from: Int, _ to: Int) -> String { String(chars[from..<to]) }
        return "\(part(0, 8))-\(part(8, 12))-\(part(12, 16))-\(part(16, 20))-\(part(20, 32))"
    }

    /// Seconds since 1970 for `YYYY-MM-DD[T ]HH:MM:SS[.fff][Z|±HH[:]MM]`, the shapes NSLog, os_log and Sentry
    /// print; `nil` for anything else. Without a zone the time is taken as UTC: only differences are used then.
    static func timestamp<C: Collection>(_ input: C) -> (seconds: Double, length: Int)?
    where C.Element == UInt8 {
        let bytes = Array(input.prefix(40))
        func digits(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= bytes.count else { return nil }
            var value = 0
            for index in at..<(at + count) {
                guard isDigit(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        guard let year = digits(0, 4), bytes.count > 4, bytes[4] == 0x2D, let month = digits(5, 2),
            bytes.count > 7, bytes[7] == 0x2D, let day = digits(8, 2), bytes.count > 10,
            bytes[10] == 0x54 || bytes[10] == 0x20, let hour = digits(11, 2), bytes.count > 13,
            bytes[13] == 0x3A,
            let minute = digits(14, 2), bytes.count > 16, bytes[16] == 0x3A, let second = digits(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            var scale = 0.1
            while index < bytes.count, isDigit(bytes[index]) {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
        }
        var offset = 0
        if index < bytes.count, bytes[index] == 0x5A {
            index += 1
        } else if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
            let sign = bytes[index] == 0x2D ? -1 : 1
            if let zoneHour = digits(index + 1, 2) {
                var next = index + 3
                if next < bytes.count, bytes[next] == 0x3A { next += 1 }
                if let zoneMinute = digits(next, 2) {
                    offset = sign * (zoneHour * 3600 + zoneMinute * 60)
                    index = next + 2
                }
            }
        }
        let days = CivilDays.since1970(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
        return (seconds, index)
    }
}
