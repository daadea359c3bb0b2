/// ResponderCore: a pure-Swift model of UIKit's touch handling and first-responder behaviour.
/// See docs/responder-model.md.
public enum ResponderCoreInfo {
    /// Bumped whenever the model's behaviour changes, so stored replay results can be recognised as stale.
    public static let modelVersion = 1
}
