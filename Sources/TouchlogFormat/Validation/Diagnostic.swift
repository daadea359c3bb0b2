/// One problem found in a log, located like a compiler error.
///
/// Printed as `FILE:LINE:COLUMN: error: MESSAGE` followed by an indented `hint:` line saying what to do.
/// Columns count bytes from 1.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    public var severity: Severity
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public var hint: String?

    public init(severity: Severity, file: String, line: Int, column: Int, message: String, hint: String? = nil) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    public var description: String {
        // Line 0 is a problem with the whole file (cannot open it, read failed): no position to give. Column 0 is
        // a problem with a whole line (an importer's warning about an element it left out): `FILE:LINE:`, as
        // compilers write a position without a column.
        let position = line <= 0 ? "" : column > 0 ? ":\(line):\(column)" : ":\(line)"
        var text = "\(file)\(position): \(severity.rawValue): \(message)"
        if let hint { text += "\n    hint: \(hint)" }
        return text
    }
}

/// A problem with one record, located by a path inside the record; the reader turns it into a
/// ``Diagnostic`` by finding the path's column in the line.
public struct RecordIssue: Sendable, Hashable {
    public var severity: Diagnostic.Severity
    public var path: [JSONPathComponent]
    public var message: String
    public var hint: String
    /// Set for issues that follow from an earlier one rather than from the line itself, so that a reader can say
    /// the cause once and count the rest.
    public var consequence: Consequence?

    public enum Consequence: Sendable, Hashable {
        /// An event before the session's first snapshot: every event after a rejected (or missing) snapshot.
        case beforeFirstSnapshot
    }

    public init(_ severity: Diagnostic.Severity, at path: [JSONPathComponent], _ message: String, hint: String) {
        self.severity = severity
        self.path = path
        self.message = message
        self.hint = hint
    }

    public static func error(_ path: [JSONPathComponent], _ message: String, hint: String) -> RecordIssue {
        RecordIssue(.error, at: path, message, hint: hint)
    }

    public static func warning(_ path: [JSONPathComponent], _ message: String, hint: String) -> RecordIssue {
        RecordIssue(.warning, at: path, message, hint: hint)
    }
}
