import ResponderCore
import TouchlogFormat

/// Watches a replay as it happens, with the live model: how rules see a session in one streaming pass.
///
/// The replayer calls it in record order. Every call gets the model as it is at that moment, so an observer names
/// views, measures frames or draws a scene right then, and keeps nothing of the session it does not need.
///
/// ```swift
/// final class TapCounter: ReplayObserver {
///     var taps = 0
///     func replayed(_ input: SessionRecord, step: Step, model: ResponderModel) {
///         if case .touch(let touch) = input.record, touch.phase == .began { taps += 1 }
///     }
/// }
/// ```
public protocol ReplayObserver: AnyObject {
    /// After an input record was dispatched; `model` is the state right after it (for a UIEvent of several touch
    /// records, after the whole event). `step` is what the model did for this record; its handles are valid in
    /// `model`.
    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel)
    /// A record that is not an input (the header, an observation, an unknown type), in record order; `model` is nil
    /// before the first snapshot.
    func recorded(_ record: SessionRecord, model: ResponderModel?)
    /// Just before the model dispatches the UIEvent holding a touch that begins: the state the touch finds (a
    /// rule copies the model here to replay the same touch with a policy added).
    func willBegin(_ touch: SessionRecord, model: ResponderModel)
}

extension ReplayObserver {
    public func recorded(_ record: SessionRecord, model: ResponderModel?) {}
    public func willBegin(_ touch: SessionRecord, model: ResponderModel) {}
}
