extension ImportError {
    /// The error for a dump that is not JSON where JSON was due, in the words and at the spot the importers have
    /// always used: people search for these messages, and they point into the user's own file.
    ///
    /// ``JSONReader`` words its errors for one line of a recording (`column 12: expected ',' or '}' in the object but
    /// found '"'`); an importer reads a whole file, so it takes the reader's account of the error (``JSONSyntaxError``'s
    /// cause) and phrases it itself. Some spots differ from the reader's on purpose: a bad value is pointed at where it
    /// starts, a bad escape just after it.
    init(json error: JSONSyntaxError, in bytes: [UInt8], format: ImportFormat, hint: String) {
        var codeNote = ""
        let (offset, reason) = Self.spotAndReason(error, bytes, codeNote: &codeNote)
        var position = JSONLineCounter.position(of: offset, in: bytes)
        // A bad escape is pointed at just after the escaped character, on that character's line (a line feed too).
        if case .invalidEscape = error.cause?.problem { position.column += 1 }
        // A paste that is code (a Python dict, a JavaScript object) was neither cut nor corrupted: say how to make
        // it JSON instead of asking whether it was.
        self.init(
            format: format, line: position.line, column: position.column, reason: reason,
            hint: !codeNote.isEmpty
                ? "write the value out as JSON where it is built (`json.dumps`, `JSON.stringify`, "
                    + "`JSONSerialization`) and import that"
                : hint)
    }

    private static let codeNotJSON = "the paste is code, not JSON"

    /// What a value written in a language instead of JSON is, and how JSON writes it (`True` → `true`): a paste of
    /// a test's fixture fails at its first such word, and the word says why.
    private static func codeWord(at offset: Int, in bytes: [UInt8]) -> String {
        let words: [(word: String, language: String, json: String)] = [
            ("True", "Python's", "true"), ("False", "Python's", "false"), ("None", "Python's", "null"),
            ("NSNull()", "Swift's", "null"), ("nil", "Swift's", "null"), ("undefined", "JavaScript's", "null"),
        ]
        let rest = bytes[min(offset, bytes.count)...]
        for entry in words where rest.starts(with: entry.word.utf8) {
            let after = rest.dropFirst(entry.word.utf8.count).first
            guard after.map({ !ImportText.isLetter($0) && !ImportText.isDigit($0) }) ?? true else { continue }
            return " (`\(entry.word)` is \(entry.language); JSON writes `\(entry.json)`: \(codeNotJSON))"
        }
        if let variable = ImportText.shellVariable(rest, at: rest.startIndex) {
            return " (`\(variable)` is a variable of the script the JSON was built in, filled in when it runs: "
                + "\(codeNotJSON))"
        }
        return ""
    }

    /// A comma right before a closing `}` or `]` (blanks between): code (Python, JavaScript, Swift) allows it, JSON
    /// does not.
    /// The spot is the closer (a member name was due) or the comma (a value was due).
    private static func trailingComma(before offset: Int, in bytes: [UInt8]) -> String {
        func blank(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(byte) }
        guard offset < bytes.count else { return "" }
        let closer: UInt8? =
            bytes[offset] == UInt8(ascii: ",")
            ? bytes[(offset + 1)...].first(where: { !blank($0) })
            : bytes[..<offset].last(where: { !blank($0) }) == UInt8(ascii: ",") ? bytes[offset] : nil
        guard let closer, closer == UInt8(ascii: "}") || closer == UInt8(ascii: "]") else { return "" }
        return " (a comma before `\(Character(Unicode.Scalar(closer)))`: code allows one there, JSON does not; "
            + "\(codeNotJSON))"
    }

    /// `codeNote` is what the reason says when the bytes are code rather than JSON (empty otherwise).
    private static func spotAndReason(_ error: JSONSyntaxError, _ bytes: [UInt8], codeNote: inout String) -> (
        offset: Int, reason: String
    ) {
        guard let cause = error.cause else { return (error.offset, error.message) }
        let start = cause.start
        let stop = cause.stop
        let highWithoutLow = "a high surrogate '\\u' escape without its low half"
        // Quoted text is shown with its line breaks and tabs escaped, so that the message stays one line.
        func text(_ range: Range<Int>) -> String {
            let shown = bytes[max(0, min(range.lowerBound, bytes.count))..<min(range.upperBound, bytes.count)]
            return ImportText.string(
                shown.flatMap { byte -> [UInt8] in
                    switch byte {
                    case 0x0A: Array("\\n".utf8)
                    case 0x0D: Array("\\r".utf8)
                    case 0x09: Array("\\t".utf8)
                    default: [byte]
                    }
                })
        }
        switch cause.problem {
        case .unexpected(.value), .unexpected(.literal), .unexpected(.digitAfterMinus), .ended(.digitAfterMinus):
            codeNote = codeWord(at: start, in: bytes) + trailingComma(before: start, in: bytes)
            return (start, "unexpected '\(text(start..<start + 12))': not a JSON value" + codeNote)
        case .ended(.literal(let word)):
            return (start, "the JSON ends inside '\(word)'")
        case .tooDeep(let limit):
            return (start, "JSON nests deeper than \(limit) levels")
        case .unexpected(.memberName):
            codeNote = trailingComma(before: stop, in: bytes)
            return (stop, "expected a member name in quotes" + codeNote)
        case .unexpected(.colon):
            return (stop, "expected ':' after the member name \"\(memberName(at: start, in: bytes).prefix(40))\"")
        case .unexpected(.commaOrBrace):
            return (stop, "expected ',' or '}' in an object")
        case .unexpected(.commaOrBracket):
            return (stop, "expected ',' or ']' in an array")
        case .leadingZero:
            return (start, "a JSON number cannot start with 0")
        case .unexpected(.digitAfterPoint), .ended(.digitAfterPoint):
            return (stop, "expected digits after '.'")
        case .unexpected(.exponentDigit), .ended(.exponentDigit):
            return (stop, "expected digits in the exponent")
        case .numberTooLarge:
            return (start, "the number is too large for a double")
        case .controlCharacter:
            return (stop, "a control character (or line break) inside a JSON string")
        case .invalidEscape:
            return (start + 1, "an invalid escape '\\\(text(start + 1..<start + 2))' in a JSON string")
        case .unexpected(.hexDigits(let lowHalf)), .ended(.hexDigits(let lowHalf)):
            // With fewer than four bytes after `\u`, the spot is just after it; else the first byte that is no digit.
            let offset = start + 6 > bytes.count ? start + 2 : stop
            return (offset, lowHalf ? highWithoutLow : "expected four hex digits after '\\u'")
        case .loneSurrogate(low: false), .ended(.lowSurrogate):
            return (stop, highWithoutLow)
        case .loneSurrogate(low: true):
            return (stop, "a low surrogate '\\u' escape without its high half")
        case .ended(.closingQuote), .ended(.escapedCharacter):
            return (stop, "the JSON ends inside a string")
        case .ended:
            // The input ended between the parts of an array or object. A reader that keeps cut containers, as the
            // importers' does, never reports it; this is the wording for one that does not.
            return (stop, "the JSON ends where a value should be")
        case .invalidUTF8, .trailingContent, .unexpected:
            // Not reported by a reader that repairs UTF-8 and reads values in sequence, as the importers' does.
            return (error.offset, error.message)
        }
    }

    /// The member name whose string starts at `offset`, read as the importer read it.
    private static func memberName(at offset: Int, in bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer, depthLimit: 1, options: .repairsInvalidUTF8)
            reader.pos = offset
            return (try? reader.readString()) ?? ""
        }
    }
}
