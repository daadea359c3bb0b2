/// Something an importer imported but wants the user to know: the input held less than it seemed to (an empty page
/// source, touches with no hierarchy to replay them against), so a quiet report does not mean a clean session.
/// Ingest prints it as a warning at the position in the input.
///
/// ```swift
/// let records = try ImportFormat.xcuitest.convert(bytes, sourceName: "tree.txt") { warning in
///     print(warning.message(file: "tree.txt"))    // tree.txt:3: warning: …
/// }
/// ```
public struct ImportWarning: Equatable, Sendable, CustomStringConvertible {
    /// 1-based line in the input.
    public var line: Int
    /// 1-based column (in bytes) when the position within the line is meaningful.
    public var column: Int?
    /// What was found.
    public var message: String
    /// What it means for the session, or what to do.
    public var hint: String?

    public init(line: Int, column: Int? = nil, message: String, hint: String? = nil) {
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    /// The lines a warning names, as its message lists them: `3, 5, 9`, the first eight, then `…` for the rest.
    static func lineList(_ numbers: [Int]) -> String {
        numbers.prefix(8).map(String.init).joined(separator: ", ") + (numbers.count > 8 ? ", …" : "")
    }

    /// Blocks of lines as a message lists them: `4-7, 12-15`.
    static func rangeList(_ ranges: [ClosedRange<Int>]) -> String {
        ranges.map { "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ", ")
    }

    public var description: String {
        let location = column.map { "\(line):\($0)" } ?? "\(line)"
        return "line \(location): \(hint.map { "\(message); \($0)" } ?? message)"
    }
}
