/// The keyboard-dismiss behaviours of log format section 5, each switchable per replay.
public enum DismissPolicy: String, Sendable, CaseIterable, Comparable {
    /// The `UIWindow.sendEvent` override (8.1): at touch-down, outside the first responder, on a non-responder.
    case dismissOnOutsideTouch = "dismiss-on-outside-touch"
    /// `view.endEditing(true)` in a controller's `touchesBegan` (8.2).
    case endEditingOnTouchesBegan = "end-editing-on-touches-began"
    /// A tap recognizer whose action ends editing (8.3).
    case tapToDismiss = "tap-to-dismiss"
    /// IQKeyboardManager's `resignOnTouchOutside` (8.5).
    case resignOnTouchOutside = "resign-on-touch-outside"
    /// The fix for the hidden-first-responder leak: hiding the first responder (or an ancestor) resigns it.
    case resignOnHide = "resign-on-hide"
    /// Scroll views' `keyboardDismissMode` (8.4); named here so replay can switch it like the others.
    case keyboardDismissMode = "keyboard-dismiss-mode"

    public static func < (lhs: DismissPolicy, rhs: DismissPolicy) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

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
