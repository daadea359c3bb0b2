import TouchlogFormat
import Yams

/// A configuration file that cannot be used, located like a compiler error and saying what to do:
/// `.touchlog.yml:4:3: error: MESSAGE` and an indented `hint:` line (the same shape as ingest's errors). The
/// report stops with status 2 (the job could not be done) rather than run with a configuration nobody meant.
struct ConfigurationError: Error, CustomStringConvertible {
    var diagnostic: Diagnostic

    /// At `mark` (line and column from 1; libyaml counts columns in Unicode scalars), or the whole file without one.
    init(file: String, at mark: Mark?, _ message: String, hint: String) {
        diagnostic = Diagnostic(
            severity: .error, file: file, line: mark?.line ?? 0, column: mark?.column ?? 0, message: message,
            hint: hint)
    }

    /// At `line` and `column` (from 1), for a place the YAML reader gave no mark of its own.
    init(file: String, line: Int, column: Int, _ message: String, hint: String) {
        diagnostic = Diagnostic(
            severity: .error, file: file, line: line, column: column, message: message, hint: hint)
    }

    var line: Int { diagnostic.line }
    var column: Int { diagnostic.column }
    var message: String { diagnostic.message }
    var hint: String? { diagnostic.hint }

    var description: String { diagnostic.description }
}
