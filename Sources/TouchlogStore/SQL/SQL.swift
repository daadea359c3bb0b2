import TouchlogFormat

/// The two SQL dialects touchlog's stores speak.
enum SQLDialect: Sendable, Hashable, CaseIterable {
    /// An SQLite file (``TouchlogDatabase``).
    case sqlite
    /// A shared PostgreSQL database (``PostgresDatabase``).
    case postgres
}

/// A statement written once for both stores and rendered in either's dialect (``rendered(for:clock:)``).
///
/// Most of touchlog's SQL reads the same in SQLite and PostgreSQL: both accept `ON CONFLICT DO NOTHING`,
/// `RETURNING`, `LIMIT ?` and `EXISTS`. What differs is said by name, as a fragment of this type, rather than by a
/// second copy of the statement: the placeholders (`?` or `$1`), booleans, a session's start as an instant, matching
/// that ignores ASCII case, the clock of the job queue's leases, a list of ids and row locks. Interpolated values
/// become parameters, never text; `raw:` interpolates SQL that touchlog itself wrote (a column list).
///
/// ```swift
/// let statement: SQL = "SELECT id FROM session WHERE app_version = \(version) AND \(.startInstant) >= \(.instant(since))"
/// statement.rendered(for: .sqlite)    // ... app_version = ? AND julianday(started_at) >= julianday(?)
/// statement.rendered(for: .postgres)  // ... app_version = $1 AND started_ms >= $2
/// ```
///
/// What the stores do differently rather than say differently stays in each store, with the reason: reading a
/// session's records (raw statement handles in SQLite, pages of a merge in PostgreSQL), ingest's bulk rows (prepared
/// inserts, COPY), a worker's claim (one writer's lock, `FOR UPDATE SKIP LOCKED`), waiting for jobs (polling,
/// `LISTEN`), vacuum and migrations.
struct SQL: Sendable, ExpressibleByStringInterpolation {
    fileprivate enum Part: Sendable {
        case text(String)
        case value(SQLValue)
        case dialect(DialectPart)
    }

    /// What the dialects write differently.
    fileprivate enum DialectPart: Sendable {
        case startInstant
        case instant(Timestamp)
        case likeIgnoringASCIICase(expression: String, pattern: String)
        case containsIgnoringASCIICase(expression: String, text: String)
        case boolean(Bool)
        case now
        case later(seconds: Double)
        case isAnyOf([Int64])
        case lockingRows
    }

    fileprivate var parts: [Part]

    fileprivate init(_ parts: [Part]) { self.parts = parts }

    init(stringLiteral value: String) { parts = [.text(value)] }

    init(stringInterpolation: StringInterpolation) { parts = stringInterpolation.parts }

    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var parts: [Part] = []

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: String) { parts.append(.text(literal)) }

        /// A value, as a parameter.
        mutating func appendInterpolation<Value: SQLBindable>(_ value: Value) { parts.append(.value(value.sqlValue)) }

        /// A value or NULL, as a parameter.
        mutating func appendInterpolation<Value: SQLBindable>(_ value: Value?) {
            parts.append(.value(value?.sqlValue ?? .null))
        }

        /// A fragment: a dialect's words, or a clause built apart.
        mutating func appendInterpolation(_ fragment: SQL) { parts += fragment.parts }

        /// SQL touchlog wrote (a column list, a table name): never anything a user typed.
        mutating func appendInterpolation(raw text: String) { parts.append(.text(text)) }
    }

    /// Nothing: a clause left out.
    static let empty = SQL([])

    static func + (lhs: SQL, rhs: SQL) -> SQL { SQL(lhs.parts + rhs.parts) }

    // MARK: What the dialects write differently

    /// A session's start as an instant that compares and sorts: SQLite computes it from the text recorded
    /// (`julianday(started_at)`), PostgreSQL stores the one ingest parsed (`started_ms`). Null for a session without a
    /// start time (and, in SQLite, one whose text `julianday` cannot read).
    static let startInstant = SQL([.dialect(.startInstant)])

    /// `moment` as ``startInstant`` compares it: `julianday(?)` of its text in SQLite, milliseconds in PostgreSQL.
    static func instant(_ moment: Timestamp) -> SQL { SQL([.dialect(.instant(moment))]) }

    /// `expression LIKE pattern`, folding ASCII letters only (and `\` escaping): SQLite's LIKE does so by itself,
    /// PostgreSQL's folds every letter of the locale, so it compares both sides `translate`d. `É` matches only `É`.
    static func likeIgnoringASCIICase(_ expression: String, _ pattern: String) -> SQL {
        SQL([.dialect(.likeIgnoringASCIICase(expression: expression, pattern: pattern))])
    }

    /// Whether `expression` contains `text`, folding ASCII letters only. Not LIKE: what people type may hold a
    /// wildcard.
    static func containsIgnoringASCIICase(_ expression: String, _ text: String) -> SQL {
        SQL([.dialect(.containsIgnoringASCIICase(expression: expression, text: text))])
    }

    /// A boolean literal: SQLite has none and writes 1 and 0.
    static func boolean(_ value: Bool) -> SQL { SQL([.dialect(.boolean(value))]) }

    /// The time a lease is compared with: the store's ``LeaseClock`` in SQLite (seconds since 1970, as a parameter:
    /// one machine), the server's clock in PostgreSQL (`clock_timestamp()`: every machine's workers share it).
    static let now = SQL([.dialect(.now)])

    /// ``now`` plus `seconds`: when a lease taken or renewed now lapses.
    static func later(seconds: Double) -> SQL { SQL([.dialect(.later(seconds: seconds))]) }

    /// ` IN` the list `ids` (written after the expression): one parameter however many ids, as a JSON array that
    /// `json_each` reads in SQLite and as a `bigint[]` in PostgreSQL. A temporary table would be a write, which a
    /// reader may not make.
    static func isAnyOf(_ ids: [Int64]) -> SQL { SQL([.dialect(.isAnyOf(ids))]) }

    /// ` FOR UPDATE` in PostgreSQL, where transactions lock the rows they will change; nothing in SQLite, whose
    /// IMMEDIATE transaction holds the database's one write lock already.
    static let lockingRows = SQL([.dialect(.lockingRows)])

    /// `fragments` with `separator` between them.
    static func joined(_ fragments: [SQL], separator: String) -> SQL {
        var parts: [Part] = []
        for (index, fragment) in fragments.enumerated() {
            if index > 0 { parts.append(.text(separator)) }
            parts += fragment.parts
        }
        return SQL(parts)
    }

    // MARK: Rendering

    /// The statement in `dialect`'s words, with its parameters in order. `clock` is the time of ``now`` in SQLite
    /// (PostgreSQL reads its own).
    func rendered(for dialect: SQLDialect, clock: LeaseClock = .system) -> RenderedSQL {
        var rendered = RenderedSQL(dialect: dialect)
        // Read once, so that every lease time in one statement is counted from the same moment.
        var now: Double?
        for part in parts {
            switch part {
            case .text(let text): rendered.text += text
            case .value(let value): rendered.bind(value)
            case .dialect(let words):
                rendered.write(words) {
                    let moment = now ?? clock.now()
                    now = moment
                    return moment
                }
            }
        }
        return rendered
    }
}

/// A statement as one dialect writes it: its text, and the values of its parameters in order.
struct RenderedSQL: Sendable, Hashable, CustomStringConvertible {
    let dialect: SQLDialect
    var text = ""
    var arguments: [SQLValue] = []

    init(dialect: SQLDialect) { self.dialect = dialect }

    var description: String { "\(text) \(arguments)" }

    /// Appends a placeholder for `value`.
    fileprivate mutating func bind(_ value: SQLValue) {
        arguments.append(value)
        switch dialect {
        case .sqlite: text += "?"
        case .postgres: text += "$\(arguments.count)"
        }
    }

    private static let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

    /// `expression` with its ASCII capitals made small, as SQLite's `lower()` does (PostgreSQL's `lower()` folds
    /// every letter of the locale).
    private mutating func writeASCIILower(_ expression: String) {
        text += "translate(\(expression), '\(Self.upper)', '\(Self.upper.lowercased())')"
    }

    /// A placeholder for `value` with its ASCII capitals made small, as ``writeASCIILower(_:)`` writes a column.
    private mutating func bindASCIILower(_ value: String) {
        text += "translate("
        bind(.text(value))
        text += ", '\(Self.upper)', '\(Self.upper.lowercased())')"
    }

    fileprivate mutating func write(_ words: SQL.DialectPart, now: () -> Double) {
        switch (words, dialect) {
        case (.startInstant, .sqlite): text += "julianday(started_at)"
        case (.startInstant, .postgres): text += "started_ms"
        case (.instant(let moment), .sqlite):
            text += "julianday("
            bind(.text(moment.sqliteText))
            text += ")"
        case (.instant(let moment), .postgres): bind(.integer(moment.millisecondsSince1970))
        case (.likeIgnoringASCIICase(let expression, let pattern), .sqlite):
            text += "\(expression) LIKE "
            bind(.text(pattern))
            text += " ESCAPE '\\'"
        case (.likeIgnoringASCIICase(let expression, let pattern), .postgres):
            writeASCIILower(expression)
            text += " LIKE "
            bindASCIILower(pattern)
            text += " ESCAPE '\\'"
        case (.containsIgnoringASCIICase(let expression, let needle), .sqlite):
            text += "instr(lower(\(expression)), lower("
            bind(.text(needle))
            text += ")) > 0"
        case (.containsIgnoringASCIICase(let expression, let needle), .postgres):
            text += "strpos("
            writeASCIILower(expression)
            text += ", "
            bindASCIILower(needle)
            text += ") > 0"
        case (.boolean(let value), .sqlite): text += value ? "1" : "0"
        case (.boolean(let value), .postgres): text += value ? "true" : "false"
        case (.now, .sqlite): bind(.real(now()))
        case (.now, .postgres): text += "clock_timestamp()"
        case (.later(let seconds), .sqlite): bind(.real(now() + seconds))
        case (.later(let seconds), .postgres):
            text += "clock_timestamp() + make_interval(secs => "
            bind(.real(seconds))
            text += ")"
        case (.isAnyOf(let ids), .sqlite):
            text += " IN (SELECT value FROM json_each("
            bind(.text("[" + ids.map(String.init).joined(separator: ",") + "]"))
            text += "))"
        case (.isAnyOf(let ids), .postgres):
            text += " = ANY("
            bind(.integers(ids))
            text += ")"
        case (.lockingRows, .sqlite): break
        case (.lockingRows, .postgres): text += " FOR UPDATE"
        }
    }
}

/// A parameter's value, or a column's as read: one type for both stores, so that a statement written once is bound
/// and read the same way from either.
enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    /// PostgreSQL's `boolean`. SQLite has none: it stores 1 or 0, and reads back an integer.
    case bool(Bool)
    /// A PostgreSQL `bigint[]` (``SQL/isAnyOf(_:)``; SQLite reads a list as JSON text instead).
    case integers([Int64])
}

/// A Swift value a statement takes as a parameter.
protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension Int64: SQLBindable {
    var sqlValue: SQLValue { .integer(self) }
}

extension Int: SQLBindable {
    var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Double: SQLBindable {
    var sqlValue: SQLValue { .real(self) }
}

extension String: SQLBindable {
    var sqlValue: SQLValue { .text(self) }
}

extension Bool: SQLBindable {
    var sqlValue: SQLValue { .bool(self) }
}

extension Array: SQLBindable where Element == UInt8 {
    var sqlValue: SQLValue { .blob(self) }
}

/// A row as either store reads it, its columns in the statement's order.
struct SQLRow: Sendable, Hashable {
    var values: [SQLValue]

    init(_ values: [SQLValue]) { self.values = values }

    /// A column holding something other than the type asked for: the statement and its reader disagree, a bug.
    struct Mismatch: Error, CustomStringConvertible {
        var column: Int
        var expected: String
        var found: SQLValue
        var description: String { "column \(column) holds \(found), not \(expected)" }
    }

    private func mismatch(_ column: Int, _ expected: String) -> Mismatch {
        Mismatch(column: column, expected: expected, found: values[column])
    }

    func isNull(_ column: Int) -> Bool { values[column] == .null }

    func int64(_ column: Int) throws -> Int64 {
        guard case .integer(let value) = values[column] else { throw mismatch(column, "an integer") }
        return value
    }

    func int(_ column: Int) throws -> Int { Int(try int64(column)) }

    func optionalInt(_ column: Int) throws -> Int? { isNull(column) ? nil : try int(column) }

    /// A number: SQLite may hand back a REAL column's whole number as an integer.
    func double(_ column: Int) throws -> Double {
        switch values[column] {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw mismatch(column, "a number")
        }
    }

    func optionalDouble(_ column: Int) throws -> Double? { isNull(column) ? nil : try double(column) }

    func string(_ column: Int) throws -> String {
        guard case .text(let value) = values[column] else { throw mismatch(column, "text") }
        return value
    }

    func optionalString(_ column: Int) throws -> String? { isNull(column) ? nil : try string(column) }

    /// A boolean: PostgreSQL's, or SQLite's 1 or 0.
    func bool(_ column: Int) throws -> Bool {
        switch values[column] {
        case .bool(let value): return value
        case .integer(let value): return value != 0
        default: throw mismatch(column, "a boolean")
        }
    }

    func optionalBytes(_ column: Int) throws -> [UInt8]? {
        switch values[column] {
        case .null: return nil
        case .blob(let bytes): return bytes
        default: throw mismatch(column, "bytes")
        }
    }
}

/// A connection a statement written once runs on, in whichever store: an SQLite connection
/// (``SQLiteConnection``) or a PostgreSQL one (``PostgresLink``). Transactions, locks and errors stay the store's:
/// code that takes one of these runs inside whatever the store opened around it.
protocol SQLConnection {
    /// The rows `statement` reads.
    func rows(_ statement: SQL) throws -> [SQLRow]
    /// Runs `statement`, and says how many rows it changed.
    @discardableResult
    func perform(_ statement: SQL) throws -> Int
}

extension SQLConnection {
    /// The first row `statement` reads, if any.
    func row(_ statement: SQL) throws -> SQLRow? { try rows(statement).first }
}
