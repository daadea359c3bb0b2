/// TouchlogReplay: re-dispatches stored sessions through ResponderCore, compares the model with what was
/// observed, writes traces and stores replay runs. See docs/replay.md.
public enum TouchlogReplayInfo {
    /// The touchlog version stored with replay runs (a run made by another version is stale). Must equal
    /// `TouchlogCommand.version` (a CLI test checks it).
    public static let touchlogVersion = "0.1.0"
}
