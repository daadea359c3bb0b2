/// A key press on a custom `UIKeyInput` view, as the adapter reads it from the app's call: typed text never reaches
/// the recorder, only how long the insertion was, and not even that for a secure view.
public enum KeyInputReading: Sendable, Equatable {
    /// `insertText(_:)`: the inserted text's length in UTF-16 code units (`NSString.length`).
    case inserted(length: Int)
    /// `deleteBackward()`.
    case deleted
    /// Either, on a view whose `isSecureTextEntry` is true: the text is not read at all, and an insertion is not told
    /// from a deletion (which would say how long the secret is).
    case secure
}
