import ResponderCore
import TouchlogFormat

/// What a session's stored analysis depends on, as one short key: a result stored under another fingerprint is
/// never used, so a changed configuration, rebuilt rules or a new model never reads findings it would not make.
///
/// It covers ResponderCore's model version, the identity of the analysis's code (``AnalysisIdentity/current``: a
/// hash of the rule, replay, model and format sources made at build time), the rules that run in order with their
/// severities and every threshold (``ReportConfiguration``), and whether scenes are kept.
/// Nothing else of the configuration changes a session's findings: `excluded:` and baselines choose among sessions
/// and problems after the analysis, as the report's filters do.
///
/// ```swift
/// let fingerprint = AnalysisFingerprint(configuration: configuration, scenes: true)
/// fingerprint.key          // "a1f3…" (32 hex digits): what the store keys results by
/// fingerprint.description  // the text it is the hash of, for a person
/// ```
public struct AnalysisFingerprint: Sendable, Hashable, CustomStringConvertible {
    /// Every input, spelled out: `model=8 analysis=3f0c… scenes=kept rules=blocked_tap(severity=-,...);...`.
    public let description: String
    /// A 128-bit hash of ``description``, in hex: compact in every stored row.
    public let key: String

    /// Workers keep scenes: a stored result then serves every report format (one that shows no pictures drops
    /// them when it reads the result).
    public static let workerKeepsScenes = true

    public init(
        configuration: ReportConfiguration, rules: [any Rule.Type] = RuleRegistry.all, scenes: Bool,
        modelVersion: Int = ResponderCoreInfo.modelVersion, analysisIdentity: String = AnalysisIdentity.current
    ) {
        let ruleText = configuration.configured(rules).map { rule in
            let severity = rule.settings.severity?.rawValue ?? "-"
            // Shortest round-trip digits: two values print alike only when they are the same number.
            let parameters = rule.settings.parameters.values.map { "\($0.parameter.key)=\($0.value)" }
            return "\(rule.type.description.identifier)(severity=\(severity)"
                + parameters.map { ",\($0)" }.joined() + ")"
        }
        description =
            "model=\(modelVersion) analysis=\(analysisIdentity) scenes=\(scenes ? "kept" : "none") rules="
            + ruleText.joined(separator: ";")
        key = Self.hash(description)
    }

    /// ``StableHash/fnv1a128(_:)`` of the UTF-8 bytes: stable across runs and machines, and well spread. Not
    /// cryptographic: nobody forges a configuration.
    static func hash(_ text: String) -> String {
        let digest = StableHash.fnv1a128(text.utf8)
        return StableHash.hex(digest.high) + StableHash.hex(digest.low)
    }
}
