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
