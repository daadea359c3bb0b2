import TouchlogFormat

/// `--format sarif`: SARIF 2.1.0, one run; the rules that ran in `tool.driver.rules`, one result per finding
/// with a location in the recording (file, and line when the header's line is known), and the problem's
/// signature in `partialFingerprints` so code-scanning tools track it across runs.
///
/// Each rule carries `help` (its rationale as text and as Markdown, which code-scanning pages show beside an alert)
/// and, with `--rules-url`, `helpUri`: the published `docs/rules.md` at the rule's own section (its heading's
/// anchor, `#blocked_tap`).
///
/// What the report could not check is a tool execution notification of level `error` in the run's invocation
/// (SARIF 2.1.0 §3.20.21, and Appendix I: such a notification tells a consumer the results are not complete):
/// one per session replay refused, located at its recording, and one when no session was analysed at all. Their
/// descriptors are in `tool.driver.notifications`.
enum SARIFFormatter {
    static let fingerprintKey = "touchlogSignature/v1"

    /// The notifications touchlog writes, in `tool.driver.notifications` order (a notification's
    /// `descriptor.index`).
    enum Notification: String, CaseIterable {
        case unanalysedSession = "unanalysed_session"
        case nothingAnalysed = "nothing_analysed"

        var descriptor: JSONValue {
            let (short, full): (String, String) =
                switch self {
                case .unanalysedSession:
                    (
                        "A session the report could not analyse",
                        "Replay refused the session's records (no snapshot, an event before the first snapshot), so no rule judged it."
                    )
                case .nothingAnalysed:
                    (
                        "No session was analysed",
                        "The store held no session, the filter matched none, or none could be replayed: no rule judged any session."
                    )
                }
            return [
                "id": .string(rawValue), "name": .string(pascalCase(rawValue)),
                "shortDescription": ["text": .string(short)],
                "fullDescription": ["text": .string(full)], "defaultConfiguration": ["level": "error"],
            ]
        }

        var reference: JSONValue {
            ["id": .string(rawValue), "index": .number(Double(Self.allCases.firstIndex(of: self) ?? 0))]
        }
    }

    static func format(_ report: Report, options: FormatOptions) -> String {
        var ruleIDs = report.rules.map(\.identifier)
        for group in report.groups where !ruleIDs.contains(group.ruleID) { ruleIDs.append(group.ruleID) }
        let rules: [JSONValue] = ruleIDs.map { id in
            let rule = report.rules.first { $0.identifier == id }
            var descriptor: JSONObject = [
                "id": .string(id.rawValue), "name": .string(pascalCase(id.rawValue)),
                "shortDescription": ["text": .string(rule?.name ?? id.rawValue)],
                "fullDescription": ["text": .string(rule?.rationale ?? "")],
                "defaultConfiguration": ["level": .string(level(rule?.severity ?? .warning))],
            ]
            let url = options.rulesURL.map { helpURI($0, rule: id) }
            if let url { descriptor["helpUri"] = .string(url) }
            if let rule { descriptor["help"] = help(rule, url: url) }
            return .object(descriptor)
        }
        var results: [JSONValue] = []
        for group in report.groups {
            for finding in group.findings {
                var result: JSONObject = [
                    "ruleId": .string(finding.ruleID.rawValue),
                    "ruleIndex": .number(Double(ruleIDs.firstIndex(of: finding.ruleID) ?? 0)),
                    "level": .string(level(finding.severity)),
                    "message": ["text": .string(finding.explanation)],
                ]
                if let location = location(finding.session, seq: finding.records.first, basePath: options.basePath) {
                    result["locations"] = [location]
                }
                result["partialFingerprints"] = .object(
                    JSONObject([.init(key: Self.fingerprintKey, value: .string(group.fingerprint))]))
                result["properties"] = [
                    "signature": .string(group.signature), "session": .string(finding.session.id),
                    "appVersion": JSONFormatter.optional(finding.session.appVersion),
                    "appBuild": JSONFormatter.optional(finding.session.appBuild),
                    "device": .string(finding.session.deviceDescription),
                    "records": .array(finding.records.map { .number(Double($0)) }),
                    "views": .array(finding.views.map { .string($0.pathDescription) }),
                ]
                results.append(.object(result))
            }
        }
        let root: JSONValue = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                [
                    "tool": [
                        "driver": [
                            "name": "touchlog", "version": .string(report.toolVersion), "rules": .array(rules),
                            "notifications": .array(Notification.allCases.map(\.descriptor)),
                        ]
                    ],
                    // touchlog ran to its end: what it could not check is said by the notifications, not here.
                    "invocations": [
                        [
                            "executionSuccessful": true,
                            "toolExecutionNotifications": .array(notifications(report, basePath: options.basePath)),
                        ]
                    ],
                    "results": .array(results),
                ]
            ],
        ]
        return root.serializedIndented()
    }

    /// One error per session the report could not analyse, at its recording, and one when nothing was analysed.
    static func notifications(_ report: Report, basePath: String?) -> [JSONValue] {
        var out: [JSONValue] = report.unanalysed.map { skipped in
            var notification: JSONObject = [
                "level": "error", "message": ["text": .string(skipped.message)],
                "descriptor": Notification.unanalysedSession.reference,
            ]
            if let location = location(skipped.session, seq: 1, basePath: basePath) {
                notification["locations"] = [location]
            }
            notification["properties"] = [
                "session": .string(skipped.session.id), "kind": .string(skipped.kind.rawValue),
                "appVersion": JSONFormatter.optional(skipped.session.appVersion),
                "appBuild": JSONFormatter.optional(skipped.session.appBuild),
                "device": .string(skipped.session.deviceDescription),
            ]
            return .object(notification)
        }
        if let nothing = report.nothingAnalysed {
            out.append(
                [
                    "level": "error", "message": ["text": .string(CoverageText.nothingAnalysed(nothing))],
                    "descriptor": Notification.nothingAnalysed.reference,
                    "properties": ["kind": .string(nothing.identifier)],
                ])
        }
        return out
    }

    /// A location in the session's recording at record `seq` (its line when the header's line is known).
    static func location(_ session: SessionRef, seq: Int?, basePath: String?) -> JSONValue? {
        guard let source = RecordingLocation.path(of: session, basePath: basePath) else { return nil }
        var physical: JSONObject = ["artifactLocation": ["uri": .string(uri(source))]]
        if let line = seq.flatMap(session.fileLine(ofSeq:)) {
            physical["region"] = ["startLine": .number(Double(line))]
        }
        return ["physicalLocation": .object(physical)]
    }

    /// The published rules document at the rule's section: `docs/rules.md` gives each rule a heading of its
    /// identifier, whose anchor is the identifier itself (GitHub's and most renderers' slug of `## blocked_tap`).
    static func helpURI(_ rulesURL: String, rule: RuleID) -> String {
        let page = rulesURL.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return "\(page)#\(rule.rawValue)"
    }

    /// SARIF's `help` (§3.49.13): the rule's rationale, as plain text and as the Markdown it is written in (what
    /// docs/rules.md prints), with a link to the rule's section when its URL is known.
    static func help(_ rule: RuleSummary, url: String?) -> JSONValue {
        var markdown = "**\(MarkdownText.escape(rule.name))** (default severity \(rule.severity.rawValue))\n\n"
        markdown += rule.rationale
        var text = "\(rule.name) (default severity \(rule.severity.rawValue)). "
        text += rule.rationale.filter { $0 != "`" }
        if let url {
            markdown += "\n\n[Examples and configuration](\(url))"
            text += " Examples and configuration: \(url)"
        }
        return ["text": .string(text), "markdown": .string(markdown)]
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// `hidden_first_responder` → `HiddenFirstResponder` (SARIF's reportingDescriptor name).
    static func pascalCase(_ id: String) -> String {
        id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative path stays relative (resolved against the repository by the consumer), with URI escaping;
    /// an absolute one becomes a file URI.
    static func uri(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            let char = Character(Unicode.Scalar(byte))
            if char.isASCII && (char.isLetter || char.isNumber || "/-._~".contains(char)) {
                out.append(char)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count < 2 ? "0" : "") + hex
            }
        }
        return out
    }
}
