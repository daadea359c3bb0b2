/// TouchlogReplay: re-dispatches a session's typed records (from any source) through ResponderCore, compares the
/// model with what was observed, and writes traces. See docs/replay.md.
public enum TouchlogReplayInfo {
    /// touchlog's version: `touchlog --version` prints it and reports carry it. It lives here, the lowest module
    /// that needs it, so there is one to bump.
    public static let touchlogVersion = "0.1.0"
}
