/// Why a dump could not be imported: the line (and column, when it helps) in the input, what is wrong there,
/// and how to fix it.
///
/// ```swift
/// do { _ = try ImportFormat.recursiveDescription.convert(bytes, sourceName: "dump.txt") }
/// catch { print(error.message(file: "dump.txt")) }
/// // dump.txt:12:31: error: "frame" value '(0 0 393 852)' is not a rectangle; expected `frame = (x y; w h)`
/// ```
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The importer that refused the input.
    public var format: ImportFormat
    /// 1-based line in the input.
    public var line: Int
    /// 1-based column (in bytes) when the position within the line is meaningful.
    public var column: Int?
    /// What is wrong, naming the offending text in quotes.
    public var reason: String
    /// How to fix it, or what the importer expected.
    public var hint: String?

    public init(
        format: ImportFormat, line: Int, column: Int? = nil, reason: String, hint: String? = nil
    ) {
        self.format = format
        self.line = line
        self.column = column
        self.reason = reason
        self.hint = hint
    }

    /// `line 12:31: reason; hint`, for callers that print the file name elsewhere.
    public var description: String { "line \(location): \(detail)" }

    /// `file:12:31: error: reason; hint`, the shape compilers use, so editors can jump to the spot.
    public func message(file: String) -> String { "\(file):\(location): error: \(detail)" }

    private var location: String { column.map { "\(line):\($0)" } ?? "\(line)" }
    private var detail: String {
        let what = "\(reason) (reading it as \(format.displayName))"
        return hint.map { "\(what); \($0)" } ?? what
    }
}
