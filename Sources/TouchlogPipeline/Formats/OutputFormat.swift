/// `--format text|json` for commands that print results.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned, for people.
    case text
    /// Stable JSON, for scripts (documented in each command's --help).
    case json
}
