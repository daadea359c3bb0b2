import ResponderCore
import TouchlogFormat

/// `--format json`: the whole report as stable JSON, version 1 (schema in docs/report.md). Members keep the
/// order written here; new members may be added, none renamed; absent values are null.
enum JSONFormatter {
    static func format(_ report: Report) -> String {
        let bySeverity = JSONObject(report.countsBySeverity.map { .init(key: $0.0.rawValue, value: number($0.1)) })
        let root: JSONValue = [
            "version": number(TouchlogReportInfo.formatVersion),
            "tool": ["name": "touchlog", "version": .string(report.toolVersion)],
            "failOn": report.failOn.map { .string($0.rawValue) } ?? .null,
            "exitStatus": number(Int(report.exitStatus)),
            "summary": [
                "sessions": number(report.sessions.count), "unanalysed": number(report.unanalysed.count),
                "storedSessions": report.storedSessions.map(number) ?? .null,
                "problems": number(report.groups.count), "findings": number(report.findingCount),
                "hiddenByBaseline": number(report.hiddenByBaseline), "bySeverity": .object(bySeverity),
                "partialSessions": number(report.partialSessions.count),
            ],
            "rules": .array(report.rules.map(rule)),
            "sessions": .array(report.sessions.map(session)),
            "unanalysed": .array(
                report.unanalysed.map { skipped in
                    [
                        "session": session(skipped.session), "kind": .string(skipped.kind.rawValue),
                        "reason": .string(skipped.message),
                    ]
                }),
            "problems": .array(report.groups.map { group(report, $0) }),
        ]
        return root.serializedIndented()
    }

    static func number(_ value: Int) -> JSONValue { .number(Double(value)) }
    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    static func rule(_ rule: RuleSummary) -> JSONValue {
        [
            "id": .string(rule.identifier.rawValue), "name": .string(rule.name),
            "severity": .string(rule.severity.rawValue),
            "rationale": .string(rule.rationale),
        ]
    }

    static func session(_ session: SessionRef) -> JSONValue {
        [
            "id": .string(session.id), "appID": optional(session.appID), "appVersion": optional(session.appVersion),
            "appBuild": optional(session.appBuild), "deviceModel": optional(session.deviceModel),
            "deviceSystem": optional(session.deviceSystem), "startedAt": optional(session.startedAt),
            "source": optional(session.source), "headerLine": session.headerLine.map(number) ?? .null,
            "partial": session.gaps.isPartial
                ? [
                    "truncated": .bool(session.gaps.truncated), "linesSetAside": number(session.gaps.linesSetAside),
                    "description": optional(session.gaps.description),
                ] : .null,
        ]
    }

    static func group(_ report: Report, _ group: FindingGroup) -> JSONValue {
        [
            "rule": .string(group.ruleID.rawValue), "severity": .string(group.severity.rawValue),
            "failing": .bool(report.isFailing(group)), "signature": .string(group.signature),
            "fingerprint": .string(group.fingerprint), "sessions": number(group.sessionCount),
            "firstSeen": optional(group.firstSeen), "lastSeen": optional(group.lastSeen),
            "appVersions": .array(group.appVersions.map(JSONValue.string)),
            "devices": .array(group.devices.map(JSONValue.string)),
            "explanation": .string(group.representative.explanation),
            "findingCount": number(group.findingCount),
            "findings": .array(group.findings.map(finding)),
        ]
    }

    static func finding(_ finding: Finding) -> JSONValue {
        [
            "session": .string(finding.session.id), "rule": .string(finding.ruleID.rawValue),
            "severity": .string(finding.severity.rawValue),
            "span": ["start": .number(finding.span.start), "end": .number(finding.span.end)],
            "records": .array(finding.records.map(number)),
            "lines": finding.session.headerLine == nil
                ? .null : .array(finding.records.compactMap(finding.session.fileLine(ofSeq:)).map(number)),
            "views": .array(finding.views.map(view)), "explanation": .string(finding.explanation),
            "scene": finding.scene.map(scene) ?? .null,
        ]
    }

    static func view(_ view: ViewRef) -> JSONValue {
        [
            "id": .string(view.id), "class": .string(view.className),
            "accessibilityIdentifier": optional(view.accessibilityIdentifier),
            "accessibilityLabel": optional(view.accessibilityLabel), "path": .string(view.pathDescription),
            "role": optional(view.role), "signature": .string(Signature.of(view: view)),
        ]
    }

    static func rect(_ rect: Rect) -> JSONValue {
        [.number(rect.x), .number(rect.y), .number(rect.width), .number(rect.height)]
    }

    static func scene(_ scene: Scene) -> JSONValue {
        [
            "t": .number(scene.t), "screen": [.number(scene.screen.width), .number(scene.screen.height)],
            "views": .array(
                scene.views.map { view in
                    [
                        "id": .string(view.id), "class": .string(view.className), "label": optional(view.label),
                        "frame": rect(view.frame), "isHidden": .bool(view.isHidden), "alpha": .number(view.alpha),
                        "isUserInteractionEnabled": .bool(view.isUserInteractionEnabled),
                        "isEnabled": .bool(view.isEnabled), "depth": number(view.depth),
                    ]
                }),
            "touches": .array(scene.touches.map { [.number($0.x), .number($0.y)] }),
            "hitView": optional(scene.hitView), "expectedView": optional(scene.expectedView),
            "firstResponder": optional(scene.firstResponder),
            "keyboardFrame": scene.keyboardFrame.map(rect) ?? .null,
            "cause": scene.cause.map(cause) ?? .null,
        ]
    }

    /// The view to blame: its id, how it is to blame (a stable name) and, for a recognizer, its class.
    private static func cause(_ cause: SceneCause) -> JSONValue {
        var recognizer: JSONValue = .null
        if case .recognizer(let className) = cause.kind { recognizer = .string(className) }
        return ["view": .string(cause.view), "kind": .string(cause.kind.name.rawValue), "recognizer": recognizer]
    }
}
