/// Why a report analysed no session. Each case is a different mistake to fix (nothing ingested, a filter that
/// names a version or date no recording has, recordings that cannot be replayed), so the report names it instead
/// of printing "No problems found", and `--fail-on` fails on all three.
public enum NothingAnalysed: Sendable, Hashable {
    /// The store holds no session (or the report was given none).
    case noSessionStored
    /// Sessions are stored, but the filter's session options (`--session`, `--app-version`, `--since`) matched
    /// none of them; `stored` is how many there are, when known.
    case filterMatchedNone(ReportFilter, stored: Int?)
    /// Sessions were covered, but none of them could be analysed (each is in ``Report/unanalysed``).
    case noneAnalysable(Int)
}

extension NothingAnalysed {
    /// A stable snake_case name of the case, for tools (JUnit's error type, a SARIF notification's properties).
    public var identifier: String {
        switch self {
        case .noSessionStored: "no_session_stored"
        case .filterMatchedNone: "filter_matched_none"
        case .noneAnalysable: "none_analysable"
        }
    }
}
