import TouchlogFormat

/// `--format sarif`: SARIF 2.1.0, one run; the rules that ran in `tool.driver.rules`, one result per finding
/// with a location in the recording (file, and line when the header's line is known), and the problem's
/// signature in `partialFingerprints` so code-scanning tools track it across runs.
enum SARIFFormatter {
    static let fingerprintKey = "touchlogSignature/v1"

    static func format(_ report: Report) -> String {
        var ruleIDs = report.rules.map(\.identifier)
        for group in report.groups where !ruleIDs.contains(group.ruleID) { ruleIDs.append(group.ruleID) }
        let rules: [JSONValue] = ruleIDs.map { id in
            let rule = report.rules.first { $0.identifier == id }
            return [
                "id": .string(id), "name": .string(pascalCase(id)),
                "shortDescription": ["text": .string(rule?.name ?? id)],
                "fullDescription": ["text": .string(rule?.rationale ?? "")],
                "defaultConfiguration": ["level": .string(level(rule?.severity ?? .warning))],
            ]
        }
        var results: [JSONValue] = []
        for group in report.groups {
            for finding in group.findings {
                var result: JSONObject = [
                    "ruleId": .string(finding.ruleID),
                    "ruleIndex": .number(Double(ruleIDs.firstIndex(of: finding.ruleID) ?? 0)),
                    "level": .string(level(finding.severity)),
                    "message": ["text": .string(finding.explanation)],
                ]
                if let source = finding.session.source {
                    var physical: JSONObject = ["artifactLocation": ["uri": .string(uri(source))]]
                    if let line = finding.records.first.flatMap(finding.session.fileLine(ofSeq:)) {
                        physical["region"] = ["startLine": .number(Double(line))]
                    }
                    result["locations"] = [["physicalLocation": .object(physical)]]
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
                        ]
                    ],
                    "results": .array(results),
                ]
            ],
        ]
        return PrettyJSON.string(root)
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
