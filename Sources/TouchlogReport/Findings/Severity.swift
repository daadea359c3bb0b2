/// How bad a finding is; ordered, so `--min-severity` and `--fail-on` compare with `>=`.
public enum Severity: String, CaseIterable, Comparable, Sendable, Hashable {
    /// Context for people reading other findings (e.g. an app override of hit testing).
    case info
    /// Likely a bug a user can notice.
    case warning
    /// A bug a user hits: input lost, a control that cannot be reached.
    case error

    /// info < warning < error.
    public var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
