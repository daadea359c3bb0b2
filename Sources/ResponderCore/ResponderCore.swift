// The model is built from the recorded spec types (views, windows, recognizers, patches, geometry), which live in
// TouchlogSchema so that the recorder can write them without linking the model. Re-exported because they are this
// module's vocabulary: a client of the model names `ViewSpec` and `Point` as it always did (NIOPosix re-exports
// NIOCore the same way).
@_exported import TouchlogSchema

/// ResponderCore: a pure-Swift model of UIKit's touch handling and first-responder behaviour.
/// See docs/responder-model.md.
public enum ResponderCoreInfo {
    /// Bumped whenever the model's behaviour changes: it names the change in a stored fingerprint's description.
    ///
    /// Any change to what a dispatched event produces — a rule, a class default, a tolerance, a documented choice in
    /// docs/responder-model.md — bumps this number in the same commit. Staleness no longer rests on it: stored results
    /// are keyed by the analysis identity (a build-time hash of these sources too), which changes with any edit.
    public static let modelVersion = 8
}
