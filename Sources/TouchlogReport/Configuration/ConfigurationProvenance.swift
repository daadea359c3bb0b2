/// Where each value of a ``ReportConfiguration`` came from: `--print-config` says it beside the value, so a person
/// can tell a default from a line of `.touchlog.yml` from an option. Kept beside the configuration, not in it: the
/// report does not care where a threshold came from, and two configurations with the same values are the same.
public struct ConfigurationProvenance: Sendable, Hashable {
    /// One value of the configuration.
    public enum Setting: Sendable, Hashable {
        /// Which rules run (`only_rules`, `disabled_rules`, `--rule`).
        case ruleSelection
        case severity(RuleID)
        /// A rule's threshold, by its key.
        case parameter(RuleID, String)
        case excludedAppVersions
        case excludedDevices
        case excludedSessions
        case baseline
    }

    /// Where a value came from.
    public enum Source: Sendable, Hashable {
        /// Nothing set it.
        case defaultValue
        /// A line of the configuration file.
        case file(path: String, line: Int)
        /// A command-line option (`--rule`, `--baseline`, `--write-baseline`).
        case option(String)
    }

    /// The configuration file read, if any.
    public var file: String?
    private var sources: [Setting: Source] = [:]

    public init(file: String? = nil) { self.file = file }

    public subscript(setting: Setting) -> Source {
        get { sources[setting] ?? .defaultValue }
        set { sources[setting] = newValue }
    }
}

/// What the command line says about the configuration. Options win over the file, which wins over the defaults:
/// an option is the run at hand, the file the team's standing choice.
public struct ConfigurationOverrides: Sendable, Hashable {
    /// `--rule` (repeatable): only these rules run, whatever the file's `only_rules` or `disabled_rules` say.
    public var rules: [RuleID]
    /// `--baseline FILE`, instead of the file's `baseline`.
    public var baseline: String?
    /// `--write-baseline`: the report is written whole to a new baseline, so no baseline is read.
    public var writesBaseline: Bool

    public init(rules: [RuleID] = [], baseline: String? = nil, writesBaseline: Bool = false) {
        self.rules = rules
        self.baseline = baseline
        self.writesBaseline = writesBaseline
    }
}

extension ReportConfiguration {
    /// Applies the command line's options over this configuration, noting where each value changed came from.
    public mutating func apply(_ overrides: ConfigurationOverrides, provenance: inout ConfigurationProvenance) {
        if !overrides.rules.isEmpty {
            selection = .only(Set(overrides.rules))
            provenance[.ruleSelection] = .option("--rule")
        }
        if overrides.writesBaseline {
            baseline = nil
            provenance[.baseline] = .option("--write-baseline")
        } else if let path = overrides.baseline {
            baseline = path
            provenance[.baseline] = .option("--baseline")
        }
    }
}
