/// A moment given on the command line (`sessions --since`, `prune --before`), compared with a session's start as an
/// instant, not as text.
///
/// Recorders write `startedAt` in ISO 8601 with a zone (`2026-11-20T10:00:00.000Z`, `2024-06-11T14:02:40+02:00`), so
/// comparing text would put a `+02:00` start two hours off. The store compares with SQLite's `julianday()`, which
/// reads both forms; ``sqliteText`` is this moment in UTC in a form it reads. It lives in the format, not the store,
/// because the report's filter compares a session's `startedAt` with `--since` too, and the rules know no database.
///
/// ```swift
/// let day = try Timestamp(parsing: "2026-11-20")                 // midnight UTC
/// let moment = try Timestamp(parsing: "2026-11-20T12:30:00+01:00")
/// moment.sqliteText                                               // "2026-11-20T11:30:00.000Z"
/// ```
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z (SQLite's own precision for `julianday()`).
    public let millisecondsSince1970: Int64
    /// The text as given, for messages (nil for a moment made in code).
    private let given: String?

    /// Why a text is not a moment touchlog accepts.
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        /// Not shaped like `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS[.fff]]ZONE`.
        case notADate(String)
        /// Shaped right, but no such day or time (`2026-02-30`, `25:00`).
        case noSuchDate(String, problem: String)
        /// A time of day without `Z` or an offset: local time would depend on the machine running touchlog.
        case missingZone(String)

        public var description: String {
            let forms = "use YYYY-MM-DD (midnight UTC) or an ISO 8601 time with a zone, such as 2026-11-19T12:00:00Z"
            switch self {
            case .notADate(let text):
                return "\"\(text)\" is not a date; \(forms)"
            case .noSuchDate(let text, let problem):
                return "\"\(text)\" is not a date: \(problem); \(forms)"
            case .missingZone(let text):
                return
                    "\"\(text)\" has a time but no zone; add Z for UTC (\(text)Z) or an offset such as +02:00, or give the date alone"
            }
        }
    }

    /// Parses `YYYY-MM-DD` (midnight UTC) or an ISO 8601 date and time with a zone: `YYYY-MM-DDTHH:MM`, optional
    /// `:SS` and fraction (kept to the millisecond), then `Z` or `±HH:MM` (or `±HHMM`). A space may stand for `T`.
    public init(parsing text: String) throws(ParseError) {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.take("-"), let month = scanner.digits(2), scanner.take("-"),
            let day = scanner.digits(2)
        else { throw .notADate(text) }
        guard (1...12).contains(month) else { throw .noSuchDate(text, problem: "there is no month \(month)") }
        guard (1...Self.daysIn(month: month, year: year)).contains(day) else {
            throw .noSuchDate(text, problem: "month \(month) of \(year) has no day \(day)")
        }
        var milliseconds = Int64(CivilDays.since1970(year: year, month: month, day: day)) * 86_400_000
        if scanner.isAtEnd {
            self.init(millisecondsSince1970: milliseconds, given: text)
            return
        }
        guard scanner.take("T") || scanner.take("t") || scanner.take(" "), let hour = scanner.digits(2),
            scanner.take(":"), let minute = scanner.digits(2)
        else { throw .notADate(text) }
        var second = 0
        var fraction = 0
        if scanner.take(":") {
            guard let seconds = scanner.digits(2) else { throw .notADate(text) }
            second = seconds
            if scanner.take(".") || scanner.take(",") {
                guard let (value, count) = scanner.fraction() else { throw .notADate(text) }
                fraction = value * [100, 10, 1][count - 1]
            }
        }
        guard hour < 24, minute < 60, second < 60 else {
            let time = [hour, minute, second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
            throw .noSuchDate(text, problem: "\(time) is not a time of day")
        }
        milliseconds += Int64(((hour * 60 + minute) * 60 + second) * 1000 + fraction)
        if scanner.isAtEnd { throw .missingZone(text) }
        if scanner.take("Z") || scanner.take("z") {
            // UTC.
        } else {
            let sign: Int64
            if scanner.take("+") {
                sign = 1
            } else if scanner.take("-") {
                sign = -1
            } else {
                throw .notADate(text)
            }
            guard let offsetHours = scanner.digits(2) else { throw .notADate(text) }
            _ = scanner.take(":")
            guard let offsetMinutes = scanner.digits(2), offsetHours < 24, offsetMinutes < 60 else {
                throw .notADate(text)
            }
            // 12:00+02:00 is 10:00 UTC.
            milliseconds -= sign * Int64((offsetHours * 60 + offsetMinutes) * 60_000)
        }
        guard scanner.isAtEnd else { throw .notADate(text) }
        self.init(millisecondsSince1970: milliseconds, given: text)
    }

    public init(millisecondsSince1970: Int64) {
        self.init(millisecondsSince1970: millisecondsSince1970, given: nil)
    }

    private init(millisecondsSince1970: Int64, given: String?) {
        self.millisecondsSince1970 = millisecondsSince1970
        self.given = given
    }

    /// This moment in UTC as `YYYY-MM-DDTHH:MM:SS.fffZ`, which SQLite's date functions read.
    public var sqliteText: String {
        let days = Int(millisecondsSince1970.floorDivided(by: 86_400_000))
        let inDay = Int(millisecondsSince1970 - Int64(days) * 86_400_000)
        let (year, month, day) = CivilDays.date(daysSince1970: days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return
            "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(inDay / 3_600_000, 2)):\(pad(inDay / 60_000 % 60, 2)):\(pad(inDay / 1000 % 60, 2)).\(pad(inDay % 1000, 3))Z"
    }

    /// The text it was parsed from, else ``sqliteText``.
    public var description: String { given ?? sqliteText }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    // Equal moments are equal whatever text named them.
    public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 == rhs.millisecondsSince1970
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(millisecondsSince1970) }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Reads ASCII digits and punctuation from the given text.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` digits, as a number.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// One or more digits of a fraction: the first three as a number, and how many of those there were.
        mutating func fraction() -> (value: Int, count: Int)? {
            var value = 0
            var count = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                if count < 3 { value = value * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                count += 1
                index += 1
            }
            return count == 0 ? nil : (value, min(count, 3))
        }
    }
}

extension Int64 {
    /// Division rounding towards minus infinity, so moments before 1970 land on the right day.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
