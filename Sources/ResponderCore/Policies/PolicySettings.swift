/// Which policies are in force for one replay.
///
/// A policy is on where the recording attaches it (window/session `policies`, a controller's
/// `endsEditingOnTouchesBegan`, a recognizer action with `effect: endEditing`, a scroll view's `keyboardDismissMode`),
/// unless `removed` names it; `added` turns it on everywhere it can apply:
/// `dismissOnOutsideTouch` on every window, `endEditingOnTouchesBegan` on every controller, `tapToDismiss` as a tap
/// recognizer (cancelsTouchesInView false) on every window, `resignOnTouchOutside` and `resignOnHide` app-wide,
/// `keyboardDismissMode` as `onDrag` on every scroll view.
public struct PolicySettings: Sendable, Equatable {
    /// The session header's `policies` (apply to every window or app-wide).
    public var session: [DismissPolicy]
    public var added: [DismissPolicy]
    public var removed: [DismissPolicy]

    public init(session: [DismissPolicy] = [], added: [DismissPolicy] = [], removed: [DismissPolicy] = []) {
        self.session = session
        self.added = added
        self.removed = removed
    }

    /// Whether `policy` acts at a place where the recording says it is attached (`recorded`) or not.
    @inline(__always)
    public func isOn(_ policy: DismissPolicy, recorded: Bool) -> Bool {
        if removed.contains(policy) { return false }
        return recorded || added.contains(policy) || session.contains(policy)
    }
}
