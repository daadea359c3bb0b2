import TouchlogReport

/// A configuration and where each of its values came from.
struct LoadedConfiguration {
    var configuration: ReportConfiguration
    var provenance: ConfigurationProvenance

    /// The defaults: no file.
    init(rules: [any Rule.Type] = RuleRegistry.all) {
        configuration = ReportConfiguration(rules: rules)
        provenance = ConfigurationProvenance()
    }

    init(configuration: ReportConfiguration, provenance: ConfigurationProvenance) {
        self.configuration = configuration
        self.provenance = provenance
    }

    /// The command line's options over the file's values.
    mutating func apply(_ overrides: ConfigurationOverrides) {
        configuration.apply(overrides, provenance: &provenance)
    }
}
