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

    public init(message: String, hint: String, offset: Int, isUnexpectedEnd: Bool = false) {
        self.message = message
        self.hint = hint
        self.offset = offset
        self.isUnexpectedEnd = isUnexpectedEnd
    }

    /// 1-based byte column.
    public var column: Int { offset + 1 }

    public var description: String { "column \(column): \(message)" }
}
