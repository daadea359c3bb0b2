/// A programmatic first-responder call (`call` record); `makeKey` is `UIWindow.makeKey()` on a window.
public enum ResponderCall: String, Sendable, CaseIterable {
    case becomeFirstResponder, resignFirstResponder, endEditing, makeKey
}
