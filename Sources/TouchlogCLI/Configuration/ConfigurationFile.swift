import Foundation
import TouchlogReport
import Yams

/// `.touchlog.yml`, read into the report's typed ``ReportConfiguration``: the one place where the configuration is
/// text. Rule names become rules through the registry, severities the `Severity` enum, thresholds numbers in their
/// rule's units, patterns ``SessionPattern``s; anything else is an error at its line and column.
///
/// It lives in the CLI and not in TouchlogReport because YAML is an input format, like the command line: the
/// report library takes a typed value and stays free of Yams (the benchmark and the tests make configurations in
/// code), and the file's place in the file system (found by walking up, a `baseline` relative to it) is the
/// command's business.
///
/// ```yaml
/// disabled_rules: [hit_test_divergence]
/// hidden_first_responder:
///   severity: error
///   minimum_hidden_time: 0.5
/// excluded:
///   app_versions: ["5.1.*"]
/// baseline: touchlog-baseline.json
/// ```
enum ConfigurationFile {
    static let name = ".touchlog.yml"

    /// The keys at the top of the file, besides the rules' ids (SwiftLint's names where they fit).
    enum Key: String, CaseIterable {
        case disabledRules = "disabled_rules"
        case onlyRules = "only_rules"
        /// SwiftLint's, recognised to say why touchlog has none.
        case optInRules = "opt_in_rules"
        case excluded
        case baseline
    }

    /// The keys under `excluded:`: the report's fields, named as the file names them.
    typealias ExcludedKey = SessionExclusions.Field

    /// The key of a rule's section besides its parameters.
    static let severityKey = "severity"

    /// Reads the file at `path`. A relative `baseline` in it is taken from the file's folder.
    static func load(
        path: String, rules: [any Rule.Type] = RuleRegistry.all,
        currentFolder: String = FileManager.default.currentDirectoryPath
    ) throws -> LoadedConfiguration {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            let reason =
                !exists ? "there is no such file" : isFolder.boolValue ? "it is a folder" : "it is not UTF-8 text"
            throw ConfigurationError(
                file: path, at: nil, "cannot read the configuration file: \(reason)",
                hint:
                    "give --config a \(name) file, or drop --config to use the \(name) found from the current folder (--no-config uses none)"
            )
        }
        return try parse(text, path: path, rules: rules, currentFolder: currentFolder)
    }

    /// Reads `text` as the file at `path`.
    static func parse(
        _ text: String, path: String, rules: [any Rule.Type] = RuleRegistry.all,
        currentFolder: String = FileManager.default.currentDirectoryPath
    ) throws -> LoadedConfiguration {
        var reader = Reader(path: path, rules: rules, currentFolder: currentFolder)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw reader.syntaxError(error, in: text)
        }
        if let root { try reader.readRoot(root) }
        return LoadedConfiguration(configuration: reader.configuration, provenance: reader.provenance)
    }
}

extension SessionExclusions.Field {
    /// For messages: an exact value and a prefix of what the key matches.
    var examples: (exact: String, prefix: String) {
        switch self {
        case .appVersions: ("5.2.0", "5.1.*")
        case .devices: ("iPhone15,4", "iPhone8,*")
        case .sessions: ("E7A21C94-3D5F-4B08-9A61-0C2F8E4D7B3A", "E7A21C94*")
        }
    }

    /// How a pattern of this key matches, for a warning about one that matched nothing.
    var matchingRule: String {
        switch self {
        case .appVersions: "an app version matches exactly, or by a prefix ending in *"
        case .devices: "a device matches any part of the model, ignoring case and spaces"
        case .sessions: "a session matches a prefix of its id, in any case"
        }
    }
}

/// One pass over the file's nodes, filling a configuration from the defaults.
private struct Reader {
    let path: String
    let rules: [any Rule.Type]
    let currentFolder: String
    var configuration: ReportConfiguration
    var provenance: ConfigurationProvenance
    /// Where `only_rules` or `disabled_rules` was given, to refuse the other one.
    private var selectionKey: (key: ConfigurationFile.Key, mark: Mark?)?

    init(path: String, rules: [any Rule.Type], currentFolder: String) {
        self.path = path
        self.rules = rules
        self.currentFolder = currentFolder
        configuration = ReportConfiguration(rules: rules)
        provenance = ConfigurationProvenance(file: path)
    }

    private var ruleIDs: [String] { rules.map { $0.description.identifier } }

    // MARK: Errors

    func error(_ node: Node?, _ message: String, hint: String) -> ConfigurationError {
        ConfigurationError(file: path, at: node?.mark, message, hint: hint)
    }

    func syntaxError(_ error: any Error, in text: String) -> ConfigurationError {
        let hint = "fix the YAML at this point: check the indentation, and quote text holding \": \" or \"#\""
        // libyaml says only "found character that cannot start any token" for a tab that indents a line: name it.
        if case .scanner(_, _, let mark, _) = error as? YamlError,
            let column = Self.tabInIndentation(of: mark.line, in: text)
        {
            return ConfigurationError(
                file: path, line: mark.line, column: column,
                "a tab in the indentation: YAML indents with spaces only",
                hint: "replace the tab with spaces (two for each level, as `excluded:` then `  sessions: [...]`)")
        }
        switch error as? YamlError {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let around = context.map { " (\($0.text) at line \($0.mark.line))" } ?? ""
            // `excluded: app_versions: 5.1.0`: a mapping nested on one line, which YAML does not read.
            let nested =
                problem == "mapping values are not allowed in this context"
                ? "a key's value cannot be another `key: value` on the same line: put the inner key on a line of its own, indented under the outer one (`excluded:`, then `  app_versions: [\"5.1.*\"]` on the next line)"
                : nil
            return ConfigurationError(
                file: path, at: mark, "not valid YAML: \(problem)\(around)", hint: nested ?? hint)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "\"\($0)\"" }.joined(separator: ", ")
            return ConfigurationError(
                file: path, at: context.mark, "the mapping that starts here has the key \(keys) more than once",
                hint: "keep one of them: which one wins is not something to leave to the YAML reader")
        case .reader(let problem, _, _, _):
            return ConfigurationError(
                file: path, at: nil, "cannot read the file as text: \(problem)", hint: "save it as UTF-8")
        case .no, .memory, .writer, .emitter, .representer, .dataCouldNotBeDecoded, nil:
            return ConfigurationError(file: path, at: nil, "cannot read the file as YAML: \(error)", hint: hint)
        }
    }

    /// The column (from 1) of the first tab among the spaces and tabs that start `line` (from 1) of `text`, if any.
    static func tabInIndentation(of line: Int, in text: String) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return nil }
        let indentation = lines[line - 1].prefix { $0 == " " || $0 == "\t" }
        return indentation.firstIndex(of: "\t").map { indentation.distance(from: indentation.startIndex, to: $0) + 1 }
    }

    /// What a node is, for a message about a value of the wrong type: "a list", "the text \"x\"".
    func kind(of node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            if isNull(node) { return "nothing" }
            if scalar.style == .plain || scalar.style == .any, number(node) != nil {
                return "the number \(scalar.string)"
            }
            return "the text \"\(scalar.string)\""
        }
    }

    func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return false }
        return node.tag.description == Tag.Name.null.rawValue
    }

    /// An unquoted number (an int or a float to YAML, or anything Swift reads as one: `1e-05`).
    func number(_ node: Node) -> Double? {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return nil }
        return node.float ?? Double(scalar.string)
    }

    /// A key of a mapping: always text.
    func keyText(_ node: Node) throws -> String {
        guard case .scalar(let scalar) = node, !isNull(node) else {
            throw error(node, "a key must be a word, not \(kind(of: node))", hint: "write `key: value`")
        }
        return scalar.string
    }

    /// A scalar's text, as written: `5.10` stays "5.10", which a version is, though YAML reads a number.
    func text(_ node: Node, for what: String, example: String) throws -> String {
        guard case .scalar(let scalar) = node, !isNull(node) else {
            throw error(node, "\(what) takes text, not \(kind(of: node))", hint: "write it as \(example)")
        }
        return scalar.string
    }

    /// The items of a list.
    func list(_ node: Node, for what: String, example: String) throws -> [Node] {
        guard case .sequence(let sequence) = node else {
            throw error(node, "\(what) takes a list, not \(kind(of: node))", hint: "write it as \(example)")
        }
        return Array(sequence)
    }

    func mapping(_ node: Node, for what: String, example: String) throws -> Node.Mapping {
        guard case .mapping(let mapping) = node else {
            throw error(node, "\(what) takes a mapping of keys, not \(kind(of: node))", hint: "write it as \(example)")
        }
        return mapping
    }

    func source(_ node: Node) -> ConfigurationProvenance.Source {
        .file(path: path, line: node.mark?.line ?? 0)
    }

    // MARK: The file

    mutating func readRoot(_ root: Node) throws {
        if isNull(root) { return }  // a file of comments only
        let top = try mapping(root, for: "the configuration", example: "`disabled_rules: [hit_test_divergence]`")
        for (keyNode, value) in top {
            let name = try keyText(keyNode)
            if let key = ConfigurationFile.Key(rawValue: name) {
                try read(key, keyNode, value)
            } else if let rule = RuleRegistry.rule(named: name, among: rules) {
                try readRule(rule, value)
            } else {
                let keys = ConfigurationFile.Key.allCases.filter { $0 != .optInRules }.map(\.rawValue)
                throw error(
                    keyNode,
                    "unknown key \"\(name)\"\(Suggestion.clause(for: name, among: ConfigurationFile.Key.allCases.map(\.rawValue) + ruleIDs))",
                    hint:
                        "the keys are \(keys.joined(separator: ", ")) and the rules' ids (touchlog report --list-rules)"
                )
            }
        }
        try checkSomeRuleRuns()
    }

    private mutating func read(_ key: ConfigurationFile.Key, _ keyNode: Node, _ value: Node) throws {
        switch key {
        case .disabledRules, .onlyRules:
            if let other = selectionKey {
                throw error(
                    keyNode,
                    "use just one of only_rules or disabled_rules (\(other.key.rawValue) is at line \(other.mark?.line ?? 0))",
                    hint:
                        "only_rules runs the rules it lists; disabled_rules runs all the others: say which rules run one way"
                )
            }
            selectionKey = (key, keyNode.mark)
            let ids = try ruleList(value, for: key.rawValue)
            configuration.selection = key == .onlyRules ? .only(Set(ids)) : .allExcept(Set(ids))
            provenance[.ruleSelection] = source(keyNode)
        case .optInRules:
            throw error(
                keyNode, "touchlog has no opt-in rules: every rule runs unless disabled_rules turns it off",
                hint: "use disabled_rules to turn rules off, or only_rules to run only the rules it lists")
        case .excluded:
            try readExcluded(value)
        case .baseline:
            let text = try text(value, for: "baseline", example: "`baseline: touchlog-baseline.json`")
            configuration.baseline = resolve(text)
            provenance[.baseline] = source(value)
        }
    }

    /// Rule ids, each checked against the registry where it is written.
    private func ruleList(_ node: Node, for key: String) throws -> [RuleID] {
        let example = "`\(key): [hit_test_divergence]` or one `- rule_id` per line"
        return try list(node, for: key, example: example).map { item in
            let name = try text(item, for: "each item of \(key)", example: "a rule's id")
            guard let rule = RuleRegistry.rule(named: name, among: rules) else {
                throw error(
                    item, "unknown rule \"\(name)\"\(Suggestion.clause(for: name, among: ruleIDs))",
                    hint: "the rules are \(ruleIDs.joined(separator: ", ")) (touchlog report --list-rules)")
            }
            return rule.id
        }
    }

    /// A rule's section: `severity` and its parameters, or a severity alone (`blocked_tap: warning`).
    private mutating func readRule(_ rule: any Rule.Type, _ value: Node) throws {
        if isNull(value) { return }
        if case .scalar = value {
            try readSeverity(rule, value)
            return
        }
        let id = rule.description.identifier
        let parameters = rule.documentation.parameters
        let section = try mapping(value, for: id, example: "`\(id): {severity: warning}`")
        for (keyNode, setting) in section {
            let key = try keyText(keyNode)
            if key == ConfigurationFile.severityKey {
                try readSeverity(rule, setting)
            } else if let parameter = parameters.first(where: { $0.key == key }) {
                try readParameter(rule, parameter, setting)
            } else {
                let known = [ConfigurationFile.severityKey] + parameters.map(\.key)
                throw error(
                    keyNode, "\(id) has no setting \"\(key)\"\(Suggestion.clause(for: key, among: known))",
                    hint: "its settings are \(known.joined(separator: ", ")) (docs/rules.md#\(id))")
            }
        }
    }

    private mutating func readSeverity(_ rule: any Rule.Type, _ node: Node) throws {
        let id = rule.description.identifier
        let names = Severity.allCases.map(\.rawValue)
        let name = try text(node, for: "\(id).severity", example: "`severity: warning`")
        guard let severity = Severity(rawValue: name) else {
            throw error(
                node, "\"\(name)\" is not a severity\(Suggestion.clause(for: name, among: names))",
                hint: "use info, warning or error: every finding of \(id) gets it")
        }
        configuration.setSeverity(severity, for: rule)
        provenance[.severity(rule.id)] = source(node)
    }

    private mutating func readParameter(
        _ rule: any Rule.Type, _ parameter: RuleParameterDescription, _ node: Node
    ) throws {
        let name = "\(rule.description.identifier).\(parameter.key)"
        let example = "`\(parameter.key): \(ThresholdUnit.format(parameter.defaultValue))` (the default)"
        guard let value = number(node) else {
            throw error(
                node, "\(name) takes a number (\(parameter.unit.summary)), not \(kind(of: node))",
                hint: "write it without quotes, as \(example)")
        }
        do {
            try configuration.setParameter(parameter.key, to: value, for: rule)
        } catch .outOfRange(_, let problem) {
            throw error(node, "\(name): \(problem)", hint: "use a number in \(parameter.unit.summary), as \(example)")
        } catch .unknownParameter {
            // The key came from the rule's own list of parameters.
            preconditionFailure("\(name) is in the rule's parameters")
        }
        provenance[.parameter(rule.id, parameter.key)] = source(node)
    }

    private mutating func readExcluded(_ value: Node) throws {
        let keys = ConfigurationFile.ExcludedKey.allCases.map(\.rawValue)
        let section = try mapping(value, for: "excluded", example: "`excluded: {app_versions: [\"5.1.*\"]}`")
        for (keyNode, list) in section {
            let name = try keyText(keyNode)
            guard let key = ConfigurationFile.ExcludedKey(rawValue: name) else {
                throw error(
                    keyNode, "excluded has no key \"\(name)\"\(Suggestion.clause(for: name, among: keys))",
                    hint: "its keys are \(keys.joined(separator: ", ")), each a list of values or prefixes ending in *"
                )
            }
            let patterns = try patternList(list, for: key)
            switch key {
            case .appVersions:
                configuration.excluded.appVersions = patterns
                provenance[.excludedAppVersions] = source(keyNode)
            case .devices:
                configuration.excluded.devices = patterns
                provenance[.excludedDevices] = source(keyNode)
            case .sessions:
                configuration.excluded.sessions = patterns
                provenance[.excludedSessions] = source(keyNode)
            }
        }
    }

    private func patternList(_ node: Node, for field: ConfigurationFile.ExcludedKey) throws -> [SessionPattern] {
        let key = "excluded.\(field.rawValue)"
        let examples = field.examples
        // The example is the line as it goes in the file, under `excluded:`: a dotted key is how messages name the
        // setting, and written into the file it would be refused as an unknown key.
        let example = "`\(field.rawValue): [\"\(examples.exact)\", \"\(examples.prefix)\"]` under `excluded:`"
        let either = "an exact value (\"\(examples.exact)\") or a prefix ending in * (\"\(examples.prefix)\")"
        return try list(node, for: key, example: example).map { item in
            let text = try text(item, for: "each item of \(key)", example: either)
            guard let pattern = SessionPattern(text) else {
                throw error(
                    item, "\(key): \(SessionPattern.problem(with: text) ?? "not a pattern")", hint: "write \(either)")
            }
            return pattern
        }
    }

    /// A rule selection that leaves nothing to run would make every report say "No problems found" having
    /// looked at nothing.
    private func checkSomeRuleRuns() throws {
        guard let selectionKey, !rules.isEmpty, !rules.contains(where: configuration.isEnabled) else { return }
        throw ConfigurationError(
            file: path, at: selectionKey.mark, "\(selectionKey.key.rawValue) leaves no rule to run",
            hint: "a report that runs no rule finds nothing; name at least one rule to run")
    }

    /// A path in the file is relative to the file's folder, so the file means the same from any folder; it is
    /// made absolute so that `--print-config` prints a path that works from anywhere.
    private func resolve(_ text: String) -> String {
        let folder = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentFolder, isDirectory: true))
            .deletingLastPathComponent()
        return URL(fileURLWithPath: text, relativeTo: folder).standardizedFileURL.path
    }
}
