/// ResponderCore: a pure-Swift model of UIKit's touch handling and first-responder behaviour.
/// See docs/responder-model.md.
public enum ResponderCoreInfo {
    /// Bumped whenever the model's behaviour changes, so stored replay results can be recognised as stale.
    ///
    /// Any change to what a dispatched event produces — a rule, a class default, a tolerance, a documented choice in
    /// docs/responder-model.md — must bump this number in the same commit.
    public static let modelVersion = 8
}
