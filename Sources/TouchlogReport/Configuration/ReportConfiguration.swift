/// The report's configuration in force: which rules run, each rule's severity and thresholds, the sessions left
/// out, and the baseline. Made from the defaults, then `.touchlog.yml`, then the command line, each later one
/// winning (docs/report.md, "Configuration"); TouchlogPipeline's `ReportRun` takes it whole, so the report never
/// reads a file or an option itself.
///
/// ```swift
/// var configuration = ReportConfiguration()                       // every rule, its defaults
/// configuration.selection = .allExcept([HitTestDivergenceRule.id])
/// try configuration.setParameter("minimum_hidden_time", to: 0.5, for: HiddenFirstResponderRule.self)
/// let outcome = try ReportRun(configuration: configuration, toolVersion: "1.0").run(database: store)
/// ```
public struct ReportConfiguration: Sendable, Hashable {
    /// Which rules run. Kept as it was said (only these, or all but these) rather than as a list of rules on:
    /// a rule added to touchlog later runs under `allExcept` and does not under `only`, as SwiftLint's
    /// `disabled_rules` and `only_rules` behave.
    /// (No `all` case: it would be a second way to say `allExcept([])`, and two equal selections must compare
    /// equal for a printed configuration to read back as the same.)
    public enum RuleSelection: Sendable, Hashable {
        /// `only_rules`, `--rule`.
        case only(Set<RuleID>)
        /// `disabled_rules`; every rule by default.
        case allExcept(Set<RuleID>)

        public func includes(_ id: RuleID) -> Bool {
            switch self {
            case .only(let ids): ids.contains(id)
            case .allExcept(let ids): !ids.contains(id)
            }
        }
    }

    public var selection = RuleSelection.allExcept([])
    /// Each known rule's settings; a rule the configuration was not made with has its defaults.
    public private(set) var rules: [RuleID: RuleSettings]
    /// Sessions left out of the report (`excluded:`).
    public var excluded = SessionExclusions()
    /// The baseline file whose problems are hidden (`baseline:`, `--baseline`), as a path the process can open:
    /// the file's `baseline` is resolved against the configuration file's folder when it is read.
    public var baseline: String?

    /// Every rule of `rules` with its defaults: all run, each finding with the severity its rule gives it.
    public init(rules: [any Rule.Type] = RuleRegistry.all) {
        self.rules = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0.defaultSettings) })
    }

    /// The settings `rule` runs with.
    public func settings(for rule: any Rule.Type) -> RuleSettings { rules[rule.id] ?? rule.defaultSettings }

    public func isEnabled(_ rule: any Rule.Type) -> Bool { selection.includes(rule.id) }

    /// nil: each finding keeps the severity its rule gives it.
    public mutating func setSeverity(_ severity: Severity?, for rule: any Rule.Type) {
        rules[rule.id, default: rule.defaultSettings].severity = severity
    }

    /// Sets one threshold by its key: the edge of a configuration file, where keys are text. Throws (and changes
    /// nothing) when the rule has no such parameter or the number is outside its unit's range.
    public mutating func setParameter(_ key: String, to number: Double, for rule: any Rule.Type)
        throws(ParameterProblem)
    {
        var settings = self.settings(for: rule)
        try settings.parameters.set(key, to: number)
        rules[rule.id] = settings
    }

    /// Sets a rule's parameters as its own type.
    public mutating func setParameters<R: Rule>(_ parameters: R.Parameters, for rule: R.Type) {
        rules[rule.id, default: rule.defaultSettings].parameters = ConfiguredParameters(parameters)
    }

    /// A rule's parameters as its own type.
    public func parameters<R: Rule>(for rule: R.Type) -> R.Parameters {
        settings(for: rule).parameters.typed(as: R.Parameters.self) ?? R.Parameters()
    }

    /// The rules of `rules` that run, in that order, each with its settings.
    public func configured(_ rules: [any Rule.Type]) -> [ConfiguredRule] {
        rules.filter(isEnabled).map { ConfiguredRule($0, settings: settings(for: $0)) }
    }
}

/// How one rule runs.
public struct RuleSettings: Sendable, Hashable {
    /// The severity of every finding of the rule; nil keeps the severity the rule gives each finding (its default
    /// severity, raised or lowered where its rationale says so). A configured severity replaces both: a team that
    /// says `severity: warning` means no finding of that rule fails `--fail-on error`.
    public var severity: Severity?
    /// The rule's thresholds.
    public internal(set) var parameters: ConfiguredParameters

    public init(severity: Severity? = nil, parameters: ConfiguredParameters) {
        self.severity = severity
        self.parameters = parameters
    }
}

/// A rule as a report runs it: its type and its settings.
public struct ConfiguredRule {
    public let type: any Rule.Type
    public let settings: RuleSettings

    public init(_ type: any Rule.Type, settings: RuleSettings? = nil) {
        self.type = type
        self.settings = settings ?? type.defaultSettings
    }

    /// A fresh instance for one session.
    func make() -> any Rule { type.make(with: settings.parameters) }

    /// The rule as the report lists it, with its configured severity.
    var summary: RuleSummary {
        var summary = RuleSummary(type.description)
        if let severity = settings.severity { summary.severity = severity }
        return summary
    }
}

extension Rule {
    /// No severity set, the default parameters.
    static var defaultSettings: RuleSettings {
        RuleSettings(parameters: ConfiguredParameters(defaultsOf: Parameters.self))
    }
}
