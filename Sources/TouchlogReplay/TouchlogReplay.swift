/// TouchlogReplay: re-dispatches stored sessions through ResponderCore, compares the model with what was
/// observed, writes traces and stores replay runs. See docs/replay.md.
public enum TouchlogReplayInfo {
    /// touchlog's version: `touchlog --version` prints it, reports carry it, and replay runs store it (a run made by
    /// another version is stale). It lives here, the lowest module that needs it, so there is one to bump.
    public static let touchlogVersion = "0.1.0"
}
