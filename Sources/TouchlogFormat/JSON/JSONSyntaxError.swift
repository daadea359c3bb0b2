/// A JSON text that is not valid RFC 8259, with the byte offset where reading stopped.
///
/// The offset is within the text given to the reader (one line of a log), so callers turn it into
/// `line:column` by adding the line number they know: column = offset + 1, counted in bytes.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. `unterminated string`.
    public var message: String
    /// How to fix it, for the hint line of a diagnostic.
    public var hint: String
    /// 0-based byte offset of the offending byte.
    public var offset: Int
    /// True when the text ended in the middle of a value: a cut line rather than a wrong one.
    public var isUnexpectedEnd: Bool
    /// The reader's account of the error as data, for callers that word errors for their own readers (the Sentry
    /// importer keeps the wording its users know). Nil for errors made outside ``JSONReader``.
    var cause: Cause? { causeBox?.cause }
    /// Boxed so the error stays small: every throwing call keeps room for one on the stack, and the reader
    /// recurses once per nesting level.
    private var causeBox: CauseBox?

    public init(message: String, hint: String, offset: Int, isUnexpectedEnd: Bool = false) {
        self.message = message
        self.hint = hint
        self.offset = offset
        self.isUnexpectedEnd = isUnexpectedEnd
    }

    init(_ cause: Cause, message: String, hint: String, offset: Int) {
        self.init(message: message, hint: hint, offset: offset, isUnexpectedEnd: cause.problem.isEnd)
        self.causeBox = CauseBox(cause)
    }

    /// 1-based byte column.
    public var column: Int { offset + 1 }

    public var description: String { "column \(column): \(message)" }

    /// What is wrong, worded without quoting a byte of the input. A rejected line whose offending byte lies in text
    /// that was blanked before storing (``RejectedLineRedaction``) is stored with this reason, not ``message``, which
    /// may quote that byte ("invalid escape '\q'", "found 'h'").
    public var messageQuotingNothing: String {
        guard let problem = cause?.problem else { return "the line is not valid JSON" }
        switch problem {
        case .ended, .leadingZero, .invalidUTF8, .tooDeep: return message
        case .unexpected(let expected): return "expected \(expected.phrase) here"
        case .numberTooLarge: return "a number is too large to represent (it overflows a 64-bit double)"
        case .controlCharacter: return "unescaped control character in a string"
        case .invalidEscape: return "invalid escape in a string"
        case .loneSurrogate: return "lone UTF-16 surrogate in a string"
        case .trailingContent: return "unexpected content after the end of the JSON value"
        }
    }

    final class CauseBox: Sendable, Equatable {
        let cause: Cause
        init(_ cause: Cause) { self.cause = cause }
        static func == (left: CauseBox, right: CauseBox) -> Bool { left.cause == right.cause }
    }

    /// What went wrong and where, in the input's terms rather than in words.
    struct Cause: Equatable, Sendable {
        var problem: Problem
        /// Where the thing being read began: the first byte of a number or literal, the backslash of an escape,
        /// the bracket of an array or object, the quote of the member name a `:` should follow. For problems
        /// between values, where reading stopped.
        var start: Int
        /// Where reading stopped: the byte that breaks the grammar, or the end of the input.
        var stop: Int
    }

    enum Problem: Equatable, Sendable {
        /// The input ended where this was due.
        case ended(Expected)
        /// Another byte stood where this was due.
        case unexpected(Expected)
        case leadingZero
        case numberTooLarge
        case controlCharacter
        case invalidUTF8
        /// A backslash followed by a character that is no escape.
        case invalidEscape
        /// A UTF-16 surrogate escape without its other half; `low` for a low half without its high one.
        case loneSurrogate(low: Bool)
        case tooDeep(limit: Int)
        case trailingContent

        var isEnd: Bool {
            if case .ended = self { return true }
            return false
        }
    }

    enum Expected: Equatable, Sendable {
        case value
        case memberName
        /// The `:` after a member name.
        case colon
        case commaOrBrace
        case commaOrBracket
        /// The rest of `true`, `false` or `null`.
        case literal(String)
        case digitAfterMinus
        case digitAfterPoint
        case exponentDigit
        case closingQuote
        case escapedCharacter
        /// Four hex digits after `\u`; `lowHalf` when they are the second escape of a surrogate pair.
        case hexDigits(lowHalf: Bool)
        /// The `\u` escape of the low half that must follow a high surrogate.
        case lowSurrogate
    }
}
