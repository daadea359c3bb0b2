import TouchlogReport

/// `touchlog report --print-config`: the configuration in force as YAML that reads back as the same
/// configuration, so it can be saved as `.touchlog.yml`. Every rule is listed with its severity and thresholds, and
/// every value is followed by a comment saying where it came from (`# default`, `# .touchlog.yml:7`, `# --rule`).
///
/// Written by hand rather than by Yams' emitter, which drops comments; strings are double-quoted with escapes, so
/// a version such as `5.10` stays text.
enum ConfigurationPrinter {
    static func yaml(
        _ configuration: ReportConfiguration, provenance: ConfigurationProvenance,
        rules: [any Rule.Type] = RuleRegistry.all
    ) -> String {
        var out = "# The configuration touchlog report runs with (touchlog report --print-config).\n"
        if let file = provenance.file {
            out += "# Read from the defaults, then \(file), then the command line; each later one wins.\n"
        } else {
            out += "# No configuration file: the defaults, then the command line.\n"
        }
        out += "# Saved as .touchlog.yml it gives the same configuration. After each value: where it came from.\n"
        out += "# A commented-out severity is the rule's own, which some rules raise or lower per finding; set one,\n"
        out += "# and every finding of the rule gets it.\n\n"
        out += selection(configuration, provenance: provenance, rules: rules)
        for rule in rules {
            out += section(rule, configuration, provenance: provenance)
        }
        out += "\nexcluded:\n"
        let excluded = configuration.excluded
        out += patterns("app_versions", excluded.appVersions, provenance[.excludedAppVersions])
        out += patterns("devices", excluded.devices, provenance[.excludedDevices])
        out += patterns("sessions", excluded.sessions, provenance[.excludedSessions])
        out += "\n"
        if let baseline = configuration.baseline {
            out += "baseline: \(quoted(baseline)) # \(describe(provenance[.baseline]))\n"
        } else {
            out += "# baseline: none # \(describe(provenance[.baseline]))\n"
        }
        return out
    }

    /// `only_rules` or `disabled_rules`, as the selection was said.
    private static func selection(
        _ configuration: ReportConfiguration, provenance: ConfigurationProvenance, rules: [any Rule.Type]
    ) -> String {
        let source = describe(provenance[.ruleSelection])
        let (key, ids): (String, Set<RuleID>)
        switch configuration.selection {
        case .only(let only): (key, ids) = ("only_rules", only)
        case .allExcept(let disabled): (key, ids) = ("disabled_rules", disabled)
        }
        // In the registry's order, the order of the sections below.
        let listed = rules.map { $0.id }.filter(ids.contains)
        if listed.isEmpty { return "\(key): [] # \(source)\n" }
        return "\(key): # \(source)\n" + listed.map { "  - \($0)\n" }.joined()
    }

    private static func section(
        _ rule: any Rule.Type, _ configuration: ReportConfiguration, provenance: ConfigurationProvenance
    ) -> String {
        let id = rule.id
        let settings = configuration.settings(for: rule)
        var out = "\n\(id):"
        out += configuration.isEnabled(rule) ? "\n" : " # not run (\(describe(provenance[.ruleSelection])))\n"
        if let severity = settings.severity {
            out += "  severity: \(severity.rawValue) # \(describe(provenance[.severity(id)]))\n"
        } else {
            // Commented out: set, it would replace the severity the rule gives each finding (which is not always
            // its default), so printing it would change the configuration.
            out += "  # severity: \(rule.description.severity.rawValue) # default: the rule's own\n"
        }
        for (parameter, value) in settings.parameters.values {
            out +=
                "  \(parameter.key): \(ThresholdUnit.format(value)) # \(parameter.unit.summary); \(describe(provenance[.parameter(id, parameter.key)]))\n"
        }
        return out
    }

    private static func patterns(
        _ key: String, _ patterns: [SessionPattern], _ source: ConfigurationProvenance.Source
    ) -> String {
        if patterns.isEmpty { return "  \(key): [] # \(describe(source))\n" }
        return "  \(key): # \(describe(source))\n" + patterns.map { "    - \(quoted($0.description))\n" }.joined()
    }

    static func describe(_ source: ConfigurationProvenance.Source) -> String {
        switch source {
        case .defaultValue: "default"
        case .file(let path, let line): "\(path):\(line)"
        case .option(let option): option
        }
    }

    /// A YAML double-quoted string: backslash, quote and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
