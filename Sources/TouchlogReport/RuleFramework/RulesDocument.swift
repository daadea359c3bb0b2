import TouchlogFormat

/// `touchlog report --list-rules`: the rules as text, JSON, or the Markdown of `docs/rules.md`.
public enum RulesDocument {
    /// `docs/rules.md`, generated (`make rules-doc`); a test fails when the file differs from this.
    public static func markdown(_ rules: [RuleDescription]) -> String {
        var out = """
            # touchlog rules

            <!-- Generated from the rules' descriptions by `make rules-doc` (`touchlog report --list-rules --format \
            markdown`). Do not edit: a test fails when this file is stale. -->

            `touchlog report` runs these rules over every analysed session. Each rule's examples below are also its \
            tests: the triggering ones must produce exactly the findings listed, the others none. See \
            [report.md](report.md) for the report's formats, triage and exit codes.


            """
        if rules.isEmpty {
            out += """
                No rules are registered yet. Until they are, `touchlog report` says so and exits with status 3 \
                instead of printing a report that checked nothing.

                """
            return out
        }
        out += "| Rule | Name | Severity |\n| --- | --- | --- |\n"
        for rule in rules {
            out +=
                "| [`\(rule.identifier)`](#\(rule.identifier)) | \(MarkdownText.escape(rule.name)) | \(rule.severitySummary) |\n"
        }
        for rule in rules {
            out += "\n## \(rule.identifier)\n\n"
            out += "**\(MarkdownText.escape(rule.name))**, default severity **\(rule.severity.rawValue)**"
            let others = rule.severities.filter { $0 != rule.severity }
            if !others.isEmpty {
                out += "; \(others.map { "**\($0.rawValue)**" }.joined(separator: " or ")) for some findings, as below"
            }
            out += ".\n\n"
            out += rule.rationale + "\n"
            out += parametersSection(rule)
            out += examplesSection("Triggering examples", rule.triggeringExamples)
            out += examplesSection("Non-triggering examples", rule.nonTriggeringExamples)
        }
        return out
    }

    /// The rule's section of `.touchlog.yml`: its severity and each threshold with its unit and default.
    private static func parametersSection(_ rule: RuleDescription) -> String {
        var out = "\n### Configuration\n\n"
        out += "In `.touchlog.yml`, under `\(rule.identifier):` ([report.md](report.md#configuration)):\n\n"
        out += "| Key | Unit | Default | Meaning |\n| --- | --- | --- | --- |\n"
        out +=
            "| `severity` | `info`, `warning` or `error` | \(rule.severity.rawValue), the rule's own per finding | every finding of the rule gets this severity instead |\n"
        for parameter in rule.parameters {
            out +=
                "| `\(parameter.key)` | \(parameter.unit.summary) | \(ThresholdUnit.format(parameter.defaultValue)) | \(parameter.summary) |\n"
        }
        return out
    }

    private static func examplesSection(_ title: String, _ examples: [RuleExample]) -> String {
        guard !examples.isEmpty else { return "" }
        var out = "\n### \(title)\n"
        for (index, example) in examples.enumerated() {
            out += "\n\(index + 1). "
            if example.expected.isEmpty {
                out += "No finding.\n"
            } else {
                out += "Produces " + example.expected.map { "\($0.description)" }.joined(separator: "; ") + ".\n"
            }
            let text = example.session.hasSuffix("\n") ? example.session : example.session + "\n"
            // A fence longer than any backtick run in the example, so the block cannot be closed early.
            var fence = "```"
            while text.contains(fence) { fence += "`" }
            out += "\n   \(fence)jsonl\n"
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                out += line.isEmpty ? "\n" : "   \(line)\n"
            }
            out += "   \(fence)\n"
        }
        return out
    }

    /// One line per rule: identifier, severities (every one its findings may have: "warning/error"), name.
    public static func text(_ rules: [RuleDescription]) -> String {
        let width = rules.map(\.identifier.count).max() ?? 0
        let severityWidth = max(rules.map(\.severitySummary.count).max() ?? 0, Severity.warning.rawValue.count)
        return rules.map { rule in
            rule.identifier.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + rule.severitySummary.padding(toLength: severityWidth + 2, withPad: " ", startingAt: 0) + rule.name
        }.map { $0 + "\n" }.joined()
    }

    /// `{"version":1,"rules":[{"id","name","severity" (the default),"severities" (every one),"rationale","parameters":[{"key","unit","default","summary"}],
    /// "examples":{"triggering","nonTriggering"}}]}`.
    public static func json(_ rules: [RuleDescription]) -> String {
        let list: [JSONValue] = rules.map { rule in
            [
                "id": .string(rule.identifier), "name": .string(rule.name), "severity": .string(rule.severity.rawValue),
                "severities": .array(rule.severities.map { .string($0.rawValue) }),
                "rationale": .string(rule.rationale),
                "parameters": .array(
                    rule.parameters.map {
                        [
                            "key": .string($0.key), "unit": .string($0.unit.rawValue),
                            "default": .number($0.defaultValue), "summary": .string($0.summary),
                        ]
                    }),
                "examples": [
                    "triggering": .number(Double(rule.triggeringExamples.count)),
                    "nonTriggering": .number(Double(rule.nonTriggeringExamples.count)),
                ],
            ]
        }
        return JSONValue.object(["version": .number(Double(TouchlogReportInfo.formatVersion)), "rules": .array(list)])
            .serializedIndented()
    }
}
