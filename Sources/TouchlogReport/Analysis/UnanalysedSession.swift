import TouchlogReplay

/// A session the report covered but could not analyse, and why: replay refused its records (no snapshot, an event
/// before the first snapshot), so no rule judged it.
///
/// A report carries these beside the sessions it analysed and every format names them, and `--fail-on` fails on
/// them: a session nobody checked must not pass for a clean one.
public struct UnanalysedSession: Sendable, Hashable {
    public var session: SessionRef
    /// Replay's error as it was thrown: its ``ReplayError/kind`` is what tools switch on, its description the
    /// sentence a person reads (what is wrong and how to fix it).
    public var reason: ReplayError

    public init(session: SessionRef, reason: ReplayError) {
        self.session = session
        self.reason = reason
    }

    public var kind: ReplayError.Kind { reason.kind }

    /// What is wrong and how to fix it, in replay's words.
    public var message: String { reason.description }
}
