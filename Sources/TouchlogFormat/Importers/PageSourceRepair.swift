/// Makes a page source that is not well-formed XML into one that is, where the repair has one reading, and says
/// what it did at which line of the file.
///
/// Most page sources in bug reports are not what Appium returned: cut at a size limit, copied out of a browser's
/// XML view with its `-` collapse markers, pasted from a log with escaped quotes (`\"`), with a stray closing tag
/// at the start of a selection, or two sources one after another. XML parsers refuse them all; a person reads them
/// at a glance. The repair keeps every element whose start tag is whole and changes only what is unambiguous:
///
/// - escapes undone: a whole source quoted in JSON (`{"value":"<?xml …>\n<AppiumAUT>…"}`, WebDriver's `/source`
///   response) or a tag whose quotes are escaped (`type=\"XCUIElementTypeButton\"`);
/// - a browser's preamble ("This XML file does not appear to have any style information…") and its collapse
///   markers (`-`, `+`, `▼`, `▶` before a tag) set aside; an element shown collapsed (`+`) has its children hidden,
///   so it is closed where it starts and marked truncated;
/// - a closing tag that closes nothing open is dropped; one that closes an element further out closes the ones
///   inside it there (their frames are screen points, so where each view lands does not depend on it);
/// - a start tag cut by the end of the file (or by the next tag) is dropped, and the elements still open at the end
///   are closed there and marked truncated (what followed the cut is missing);
/// - several roots are read side by side under one wrapper, and a declaration repeated before a second source is
///   dropped; a bare `&` that starts no entity is read as `&amp;`.
///
/// Each repair is an ``ImportWarning`` at the line of the file where it was made. Nothing is guessed beyond that: a
/// tag with a broken attribute, say, still fails in the parser at its line.
struct PageSourceRepair {
    /// The XML to parse.
    var bytes: [UInt8] = []
    /// The file's line for each line of ``bytes`` (index 0 is line 1).
    var fileLines: [Int] = [1]
    /// Lines of ``bytes`` (1-based) where bytes were inserted or the text was unescaped: columns there are not the
    /// file's.
    var shiftedLines: Set<Int> = []
    /// What was repaired, in file order.
    var warnings: [ImportWarning] = []
    /// Ordinals (0-based, in document order, counting every element) of elements whose children are incomplete.
    var truncatedElements: Set<Int> = []
    /// Top-level elements, in order: several mean the file holds several roots.
    var rootNames: [String] = []
    /// Bytes of the file before the first byte of ``bytes`` on its line (blank space skipped before the source).
    var firstLineColumnOffset = 0
    /// Whether the file ended inside the source (a tag cut, or elements left open).
    var cutShort = false
    /// Whether a wrapper element was put around several roots (it is element 0).
    var wrapped = false

    /// The element that holds several roots, which the page-source reader passes through like `<AppiumAUT>`.
    static let wrapperName = "touchlog-page-sources"

    /// The file's column for a column on a line of ``bytes``, when it is known.
    func fileColumn(_ column: Int, line: Int) -> Int? {
        if shiftedLines.contains(line) { return nil }
        return max(1, line <= 1 ? column + firstLineColumnOffset : column)
    }

    /// The file's line for a line of ``bytes``.
    func fileLine(_ line: Int) -> Int {
        guard line >= 1 else { return fileLines.first ?? 1 }
        return line <= fileLines.count ? fileLines[line - 1] : (fileLines.last ?? 1)
    }

    init(_ input: [UInt8]) {
        let decoded = Decoded(input)
        var scanner = Scanner(decoded: decoded)
        scanner.run()
        self = scanner.result
        warnings = decoded.warnings + warnings
        if warnings.count > Self.warningLimit {
            // A file broken everywhere would bury the session under warnings: the first ones say where it starts.
            let more = warnings.count - Self.warningLimit
            let next = warnings[Self.warningLimit]
            warnings.removeSubrange(Self.warningLimit...)
            warnings.append(
                ImportWarning(
                    line: next.line, message: "\(more) more repair\(more == 1 ? "" : "s") from here on, not listed",
                    hint: "the page source is damaged in many places; take it again from Appium if you can"))
        }
    }

    /// Repairs listed one by one at most; the rest are counted in one warning.
    static let warningLimit = 50

    private init() {}

    // MARK: Escapes

    /// The input with escapes undone, and the file line of each of its lines.
    struct Decoded {
        var bytes: [UInt8] = []
        var fileLines: [Int] = [1]
        var unescaped = false
        var warnings: [ImportWarning] = []

        init(_ input: [UInt8]) {
            if let quote = Self.quotedSourceStart(input), !Self.startsWithMarkup(input) {
                // The whole source is a JSON (or log) string: undo its escapes; its lines are all the quote's line.
                let line = Self.lineNumber(of: quote, in: input)
                var index = quote + 1
                fileLines = [line]
                unescaped = true
                while index < input.count, input[index] != UInt8(ascii: "\"") {
                    let byte = input[index]
                    if byte == UInt8(ascii: "\\"), index + 1 < input.count {
                        appendEscape(input, at: &index, line: line)
                        continue
                    }
                    append(byte, line: line)
                    index += 1
                }
                // A WebDriver response quoted again in a log line (`Got response with status 200: "{\n  \"value\" :
                // \"<?xml version=\\\"1.0\\\"…`): the tags' quotes are still escaped once undone; undone again.
                let twice = ImportText.contains(bytes, "=\\\"")
                if twice {
                    let once = bytes
                    bytes = []
                    fileLines = [line]
                    var position = 0
                    while position < once.count {
                        if once[position] == UInt8(ascii: "\\"), position + 1 < once.count {
                            appendEscape(once, at: &position, line: line)
                            continue
                        }
                        append(once[position], line: line)
                        position += 1
                    }
                }
                warnings.append(
                    ImportWarning(
                        line: line,
                        message: "the page source is a quoted string (a WebDriver response or a log line); read with "
                            + "its escapes undone" + (twice ? ", twice (it was quoted inside a quoted string)" : ""),
                        hint: "positions below are the string's own lines, all on this line of the file"))
                return
            }
            // Quotes escaped in the tags, as a log prints the source (`type=\"XCUIElementTypeButton\"`).
            guard ImportText.contains(input, "=\\\"") else {
                bytes = input
                var line = 1
                fileLines = [1]
                for byte in input where byte == 0x0A {
                    line += 1
                    fileLines.append(line)
                }
                return
            }
            unescaped = true
            var line = 1
            var index = 0
            var warned = false
            while index < input.count {
                let byte = input[index]
                if byte == UInt8(ascii: "\\"), index + 1 < input.count {
                    if !warned {
                        warned = true
                        warnings.append(
                            ImportWarning(
                                line: line,
                                message: "the page source has escaped quotes (`\\\"`), as a log prints it; read with "
                                    + "its escapes undone"))
                    }
                    appendEscape(input, at: &index, line: line)
                    continue
                }
                if byte == 0x0A { line += 1 }
                append(byte, line: line)
                index += 1
            }
        }

        private mutating func append(_ byte: UInt8, line: Int) {
            bytes.append(byte)
            if byte == 0x0A { fileLines.append(line) }
        }

        /// `\"`, `\\`, `\/`, `\n`, `\t`, `\r`, `\uXXXX` at `index` (a backslash followed by a byte).
        private mutating func appendEscape(_ input: [UInt8], at index: inout Int, line: Int) {
            let next = input[index + 1]
            index += 2
            switch next {
            case UInt8(ascii: "n"): append(0x0A, line: line)
            case UInt8(ascii: "t"): append(0x09, line: line)
            case UInt8(ascii: "r"): append(0x0D, line: line)
            case UInt8(ascii: "u"):
                guard let scalar = EscapedDump.hexScalar(input, at: index) else {
                    append(next, line: line)
                    return
                }
                for byte in String(Character(scalar)).utf8 { append(byte, line: line) }
                index += 4
            default: append(next, line: line)
            }
        }

        /// Whether the input starts (after blank space) with a tag: a page source as it is, not quoted.
        private static func startsWithMarkup(_ input: [UInt8]) -> Bool {
            var index = 0
            while index < input.count, [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(input[index]) {
                index += 1
            }
            return index < input.count && input[index] == UInt8(ascii: "<")
        }

        /// Where a page source quoted as a string starts (its opening `"`): in JSON (`{"value":"<?xml …`), or in a
        /// log line (`… getPageSource() result: "<?xml version=\"1.0\" …`), within the first 64 KiB.
        private static func quotedSourceStart(_ input: [UInt8]) -> Int? {
            var index = 0
            let limit = min(input.count, 65_536)
            while index + 1 < limit {
                if input[index] == UInt8(ascii: "\""), input[index + 1] == UInt8(ascii: "<") {
                    let rest = input[(index + 1)...]
                    if rest.starts(with: "<?xml".utf8) || rest.starts(with: "<AppiumAUT".utf8)
                        || rest.starts(with: "<XCUIElementType".utf8), escapesItsQuotes(input, from: index + 1)
                    {
                        return index
                    }
                }
                index += 1
            }
            return nil
        }

        /// Whether the string that opens before `start` escapes the quotes of the XML inside it (`version=\"1.0\"`),
        /// as a JSON or log string does: its first unescaped quote ends it. A quote right after `=` instead is an
        /// attribute's, so the `"` before the source only opened a multi-line literal of code (`xml = """<?xml …`,
        /// `xml = "<?xml version="1.0"…`), which leaves the XML as it is.
        private static func escapesItsQuotes(_ input: [UInt8], from start: Int) -> Bool {
            var index = start
            while index < input.count {
                switch input[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""): return index == start || input[index - 1] != UInt8(ascii: "=")
                default: index += 1
                }
            }
            return true
        }

        private static func lineNumber(of offset: Int, in input: [UInt8]) -> Int {
            var line = 1
            for byte in input[0..<offset] where byte == 0x0A { line += 1 }
            return line
        }
    }

    // MARK: Tags

    private struct Scanner {
        let input: [UInt8]
        let inputLines: [Int]
        let unescaped: Bool
        var result = PageSourceRepair()
        var index = 0
        /// Line in `input` (1-based) at `index`.
        var line = 1
        /// Open elements: name, ordinal, the input line of the start tag.
        var open: [(name: String, ordinal: Int, line: Int)] = []
        var ordinal = 0
        var sawDeclaration = false
        var sawElement = false
        /// Where the first top-level element starts in the output, for a wrapper when there are several.
        var firstRootOutput: Int?
        /// Lines of text outside every element (prose, a fence, code around the source), and the first one's text:
        /// said in one warning at the end, not one a line.
        var outsideLines: [Int] = []
        var firstOutsideText = ""

        init(decoded: Decoded) {
            input = decoded.bytes
            inputLines = decoded.fileLines
            unescaped = decoded.unescaped
            result.fileLines = []
        }

        var fileLine: Int { line <= inputLines.count ? inputLines[line - 1] : (inputLines.last ?? 1) }

        mutating func warn(_ message: String, hint: String? = nil, at fileLine: Int? = nil) {
            result.warnings.append(ImportWarning(line: fileLine ?? self.fileLine, message: message, hint: hint))
        }

        /// Appends input bytes `from..<to` to the output, keeping line numbers.
        mutating func copy(_ from: Int, _ to: Int) {
            for position in from..<to { emit(input[position]) }
        }

        mutating func emit(_ byte: UInt8) {
            if result.fileLines.isEmpty { result.fileLines.append(fileLine) }
            result.bytes.append(byte)
            if byte == 0x0A {
                line += 1
                result.fileLines.append(fileLine)
            }
        }

        /// Inserts text that is not in the input (no line breaks).
        mutating func insert(_ text: String) {
            if result.fileLines.isEmpty { result.fileLines.append(fileLine) }
            result.bytes += Array(text.utf8)
            result.shiftedLines.insert(result.fileLines.count)
        }

        /// Leaves input bytes out, as spaces: lines and columns stay the file's, and blank space between elements is
        /// nothing to XML.
        mutating func drop(_ from: Int, _ to: Int) {
            for position in from..<to { emit(input[position] == 0x0A ? 0x0A : 0x20) }
        }

        mutating func run() {
            if unescaped { result.shiftedLines.formUnion(1...max(1, inputLines.count)) }
            // XML allows nothing before its declaration: blank lines (and a byte order mark) before the source, and
            // a browser's preamble, are skipped without being passed on; the lines after keep their numbers through
            // `fileLines`, and the first line its columns through `firstLineColumnOffset`.
            skipBlank()
            if input[index...].starts(with: "This XML file does not appear".utf8) {
                while index < input.count, input[index] != 0x0A { index += 1 }
                skipBlank()
            }
            while index < input.count {
                let byte = input[index]
                let blank = ImportText.isSpace(byte) || byte == 0x0A || byte == 0x0D
                if byte == UInt8(ascii: "<") {
                    tag()
                } else if byte == UInt8(ascii: "&") {
                    ampersand()
                } else if !blank, let marker = collapseMarker(at: index) {
                    // Kept as spaces, so that columns stay the file's.
                    for _ in 0..<marker.length { emit(0x20) }
                    index += marker.length
                    tag(collapsed: marker.collapsed)
                } else if !blank, open.isEmpty {
                    outsideText()
                } else {
                    emit(byte)
                    index += 1
                }
            }
            closeAtEnd()
            if let first = outsideLines.first {
                warn(
                    "text outside the page source's elements, '\(firstOutsideText.prefix(60))', is not part of it: "
                        + "\(outsideLines.count) line(s) left out (line " + ImportWarning.lineList(outsideLines) + ")",
                    at: first)
            }
            if result.fileLines.isEmpty { result.fileLines = [1] }
            if result.rootNames.count > 1, let at = firstRootOutput {
                // Several roots: one wrapper around them all (after the declaration), so the parser reads each.
                let opening = Array("<\(PageSourceRepair.wrapperName)>".utf8)
                result.bytes.insert(contentsOf: opening, at: at)
                result.bytes += Array("</\(PageSourceRepair.wrapperName)>".utf8)
                var lineOfInsert = 1
                for byte in result.bytes[0..<at] where byte == 0x0A { lineOfInsert += 1 }
                result.shiftedLines.insert(lineOfInsert)
                result.wrapped = true
                result.truncatedElements = Set(result.truncatedElements.map { $0 + 1 })
            }
        }

        /// Skips blank space without passing it on, counting the bytes skipped on the line where it stops.
        mutating func skipBlank() {
            while index < input.count, [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(input[index]) {
                if input[index] == 0x0A {
                    line += 1
                    result.firstLineColumnOffset = 0
                } else {
                    result.firstLineColumnOffset += 1
                }
                index += 1
            }
        }

        /// Text outside every element: chatter around the source.
        mutating func outsideText() {
            let start = index
            while index < input.count, input[index] != UInt8(ascii: "<"), input[index] != 0x0A { index += 1 }
            if outsideLines.isEmpty { firstOutsideText = ImportText.string(ImportText.trimmed(input[start..<index])) }
            if outsideLines.last != fileLine { outsideLines.append(fileLine) }
            drop(start, index)
        }

        /// `-`, `+`, `▼` or `▶` followed by spaces and a `<`: a browser's collapse marker; the length of marker and
        /// spaces, and whether the element is shown collapsed.
        func collapseMarker(at position: Int) -> (length: Int, collapsed: Bool)? {
            var end = position
            var collapsed = false
            if input[end] == UInt8(ascii: "-") {
                end += 1
            } else if input[end] == UInt8(ascii: "+") {
                end += 1
                collapsed = true
            } else if input[end...].starts(with: [0xE2, 0x96, 0xBC]) {
                end += 3
            } else if input[end...].starts(with: [0xE2, 0x96, 0xB6]) {
                end += 3
                collapsed = true
            } else {
                return nil
            }
            // Only at the start of a line (after indentation).
            var back = position - 1
            while back >= 0, ImportText.isSpace(input[back]) { back -= 1 }
            guard back < 0 || input[back] == 0x0A || input[back] == 0x0D else { return nil }
            while end < input.count, ImportText.isSpace(input[end]) { end += 1 }
            guard end + 1 < input.count, input[end] == UInt8(ascii: "<"), input[end + 1] != UInt8(ascii: "/")
            else { return nil }
            return (end - position, collapsed)
        }

        /// Copies a start tag, reading a bare `&` in an attribute value as `&amp;`, and typographic quotes around a
        /// value (`name=“app”`, typed by a person hiding a name, or by a word processor) as `"`.
        mutating func copyTag(_ from: Int, _ to: Int) {
            var position = from
            while position < to {
                if input[position] == UInt8(ascii: "&"), entityLength(at: position) == nil {
                    warn("a bare '&' is not XML: read as '&amp;'")
                    insert("&amp;")
                } else if let quote = typographicQuote(at: position, before: to) {
                    // Three bytes become a quote and two spaces, which XML allows beside `=` and between attributes:
                    // the columns stay the file's.
                    if quote.opens { warn("typographic quotes around an attribute value (“…”) read as \"…\"") }
                    for byte in quote.opens ? Array("  \"".utf8) : Array("\"  ".utf8) { emit(byte) }
                    position += 3
                    continue
                } else {
                    emit(input[position])
                }
                position += 1
            }
        }

        /// `“` right after `=` (spaces allowed) opens a value, `”` before a space, `/`, `>` or the tag's end closes
        /// one; anywhere else they are the value's own text.
        func typographicQuote(at position: Int, before end: Int) -> (opens: Bool, Void)? {
            guard position + 2 < end || position + 3 == end, input[position] == 0xE2, input[position + 1] == 0x80 else {
                return nil
            }
            if input[position + 2] == 0x9C {
                var back = position - 1
                while back >= 0, ImportText.isSpace(input[back]) { back -= 1 }
                return back >= 0 && input[back] == UInt8(ascii: "=") ? (true, ()) : nil
            }
            if input[position + 2] == 0x9D {
                let after = position + 3
                guard after < end else { return (false, ()) }
                let next = input[after]
                return ImportText.isSpace(next) || next == 0x0A || next == UInt8(ascii: "/")
                    || next == UInt8(ascii: ">")
                    ? (false, ()) : nil
            }
            return nil
        }

        /// The length of `&name;` or `&#…;` at `position`, if one is there.
        func entityLength(at position: Int) -> Int? {
            var end = position + 1
            if end < input.count, input[end] == UInt8(ascii: "#") { end += 1 }
            let nameStart = end
            while end < input.count, end - nameStart < 10, isNameByte(input[end]) { end += 1 }
            guard end > nameStart, end < input.count, input[end] == UInt8(ascii: ";") else { return nil }
            return end + 1 - position
        }

        mutating func ampersand() {
            if let length = entityLength(at: index) {
                copy(index, index + length)
                index += length
                return
            }
            warn("a bare '&' is not XML: read as '&amp;'")
            insert("&amp;")
            index += 1
        }

        /// A tag at `index` (a `<`).
        mutating func tag(collapsed: Bool = false) {
            let start = index
            let tagLine = fileLine
            if input[start...].starts(with: "<!--".utf8) {
                let end = ImportText.firstIndex(of: Array("-->".utf8), in: input, from: start + 4)
                let stop = end.map { $0 + 3 } ?? input.count
                copy(start, stop)
                if end == nil { insert("-->") }
                index = stop
                return
            }
            if input[start...].starts(with: "<?".utf8) {
                let end = ImportText.firstIndex(of: Array("?>".utf8), in: input, from: start + 2)
                let stop = end.map { $0 + 2 } ?? input.count
                // The declaration says nothing the importer needs (the bytes are UTF-8, checked before), and XML
                // allows it only at the very start, before which a repair may have left blanks: it is left out.
                drop(start, stop)
                if sawDeclaration || sawElement {
                    warn("a second `<?xml …?>` declaration: another page source follows", at: tagLine)
                }
                sawDeclaration = true
                index = stop
                return
            }
            let closing = start + 1 < input.count && input[start + 1] == UInt8(ascii: "/")
            var position = start + (closing ? 2 : 1)
            let nameStart = position
            while position < input.count, isNameByte(input[position]) { position += 1 }
            let name = ImportText.string(input[nameStart..<position])
            // The end of the tag: the first `>` outside quotes, unless a `<` (never part of a tag, not even in a
            // quoted value) or the end of the input comes first.
            var quote: UInt8?
            var end: Int?
            while position < input.count {
                let byte = input[position]
                if byte == UInt8(ascii: "<") { break }
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    end = position
                    break
                }
                position += 1
            }
            guard let end, !name.isEmpty else {
                if position < input.count || name.isEmpty {
                    // Broken, not cut: a quote or '>' missing has more than one reading. Passed on as it is, so
                    // the parser fails there.
                    copy(start, position)
                    index = position
                    return
                }
                // Cut by the end of the file: the tag is left out.
                drop(start, position)
                index = position
                result.cutShort = true
                warn(
                    "the tag `<\(closing ? "/" : "")\(name)` is cut off before its '>': left out",
                    hint: "the page source ends here; take it again whole to see what followed", at: tagLine)
                return
            }
            index = end + 1
            if closing {
                closeTag(name, from: start, to: end + 1, line: tagLine)
                return
            }
            let selfClosing = input[end - 1] == UInt8(ascii: "/")
            if open.isEmpty {
                if let first = result.rootNames.first {
                    warn(
                        result.rootNames.count == 1
                            ? "a second root element `<\(name)>` after `<\(first)>`: each root is read (page sources "
                                + "one after another are a snapshot each, fragments side by side one snapshot)"
                            : "another root element `<\(name)>`", at: tagLine)
                }
                result.rootNames.append(name)
                if firstRootOutput == nil { firstRootOutput = result.bytes.count }
            }
            sawElement = true
            copyTag(start, end + 1)
            let elementOrdinal = ordinal
            ordinal += 1
            if selfClosing { return }
            if collapsed {
                // A browser hides a collapsed element's children and its closing tag.
                insert("</\(name)>")
                result.truncatedElements.insert(elementOrdinal)
                warn("the element `<\(name)>` was copied collapsed ('+'): its children are not in the file")
                return
            }
            open.append((name, elementOrdinal, tagLine))
        }

        mutating func closeTag(_ name: String, from start: Int, to end: Int, line tagLine: Int) {
            guard let depth = open.lastIndex(where: { $0.name == name }) else {
                drop(start, end)
                warn("the closing tag `</\(name)>` closes no open element: left out", at: tagLine)
                return
            }
            if depth < open.count - 1 {
                let inner = open[(depth + 1)...]
                let lines = inner.map { String($0.line) }.joined(separator: ", ")
                warn(
                    "`</\(name)>` closes \(inner.count == 1 ? "an element" : "\(inner.count) elements") left open "
                        + "(opened at line \(lines)): closed there",
                    at: tagLine)
                for element in inner.reversed() { insert("</\(element.name)>") }
                open.removeSubrange((depth + 1)...)
            }
            copy(start, end)
            open.removeLast()
        }

        mutating func closeAtEnd() {
            guard !open.isEmpty else { return }
            result.cutShort = true
            let lines = open.map { String($0.line) }.joined(separator: ", ")
            warn(
                "the page source ends inside \(open.count) open element\(open.count == 1 ? "" : "s") (opened at "
                    + "line\(open.count == 1 ? "" : "s") \(lines)): closed at the end and marked truncated",
                hint: "the file was cut; what followed is missing, so take the page source again to see it whole")
            for element in open.reversed() {
                insert("</\(element.name)>")
                result.truncatedElements.insert(element.ordinal)
            }
            open.removeAll()
        }

        func isNameByte(_ byte: UInt8) -> Bool {
            ImportText.isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: ":") || byte >= 0x80
        }
    }
}
