/// What the recorder keeps of what people typed and read. Typed text never leaves the device in any case (views get
/// at most `textLength`, key presses `length`; secure text entry fields are not read at all); labels are kept unless
/// `maskLabels` is set; where a finger touched a sensitive view is not kept unless `redactsSensitiveTouches` is off.
public struct RecorderPrivacy: Sendable {
    /// Replace every accessibility label by a token that is the same for the same label within the session
    /// (`label-3`), so triage can still tell "the same button" without the words on it.
    public var maskLabels: Bool

    /// Touches bound to a sensitive view (a secure text entry field, a view of the app's own that adopts `UIKeyInput`
    /// such as a PIN pad, a view the app marked sensitive, or a view inside one) are recorded with their phase and
    /// view only: the position written is the centre of the view they are bound to, their moves are left out, and the
    /// line says so (`"positionRedacted":true`). On a PIN pad drawn as one view, tap positions would spell the PIN.
    public var redactsSensitiveTouches: Bool

    /// Tokens given so far: the first distinct label is `label-1`. Main thread only, like the capture.
    private var tokens: Tokens

    public init(maskLabels: Bool = false, redactsSensitiveTouches: Bool = true) {
        self.maskLabels = maskLabels
        self.redactsSensitiveTouches = redactsSensitiveTouches
        tokens = Tokens()
    }

    /// The label as it may be recorded.
    func label(_ label: String) -> String {
        guard maskLabels else { return label }
        return tokens.token(for: label)
    }

    /// A reference type so that the capture, a value, shares one numbering for the whole session.
    private final class Tokens: @unchecked Sendable {
        var byLabel: [String: String] = [:]

        func token(for label: String) -> String {
            if let token = byLabel[label] { return token }
            let token = "label-\(byLabel.count + 1)"
            byLabel[label] = token
            return token
        }
    }
}
