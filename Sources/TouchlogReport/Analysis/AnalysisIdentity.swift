/// Which code computed a session's findings: part of every ``AnalysisFingerprint``, so results stored by a worker
/// built from other rules are never served.
///
/// It is a hash of the source files of TouchlogReport and of every module it depends on (the rules, replay,
/// ResponderCore's model, the format), made at build time by the AnalysisIdentity plugin (`Plugins/AnalysisIdentity`)
/// into `GeneratedAnalysisIdentity`. A hash of the sources rather than an identity of the build (a version string, a
/// commit, a build time):
/// - only a change to what computes findings invalidates stored results: a release that changed the CLI, the store
///   or the recorder keeps every result, and one that changed a rule, by however little, drops them all, with no
///   version for anybody to remember to bump (the constant "0.1.0" kept stale findings through dozens of rule
///   changes);
/// - it is deterministic: the same sources give the same identity on every machine, compiler and checkout folder
///   (paths are relative to the package), so workers built separately from one commit share their results, which a
///   build time or a compiler-dependent binary hash would not allow.
///
/// It is conservative where the module boundary is coarse: a change to an output format in TouchlogReport also
/// re-analyses, which costs time, never correctness.
public enum AnalysisIdentity {
    /// The identity of this build's analysis: 32 hex digits.
    public static let current = GeneratedAnalysisIdentity.sourceHash
}
