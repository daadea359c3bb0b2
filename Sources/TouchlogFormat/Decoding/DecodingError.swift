import ResponderCore

/// A stored record that cannot be decoded into its typed form: the parser's first error (``RecordParser``), naming
/// the member in quotes.
///
/// Ingest parses every record with the same parser and refuses such a line with file, line and column, so this only
/// reaches a user for a database edited by hand or written by a broken tool; the message still says what to fix.
public struct RecordDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The record's line number in its session (1 = the header), when known.
    public var seq: Int?
    public var message: String

    public init(seq: Int? = nil, _ message: String) {
        self.seq = seq
        self.message = message
    }

    public var description: String { seq.map { "line \($0): \(message)" } ?? message }
}
