import TouchlogFormat
import TouchlogReport

/// Test-only rules that exercise the framework while no real rule is registered: the example checker, the
/// engine, the rules document. They read records only (no replay).
enum FixtureSessions {
    static let header =
        #"{"type":"session","format":"touchlog/1","session":"example-1","startedAt":"2026-11-20T10:00:00.000Z","app":{"id":"com.example","version":"1.0","build":"1"},"device":{"model":"iPhone15,4","system":"iOS 17.5","screen":[393,852]}}"#
    static let snapshot =
        #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,393,852],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,393,852],"subviews":[{"id":"f","class":"UITextField","frame":[10,100,200,40],"accessibilityIdentifier":"promo","isFirstResponder":true}]}]}]}"#

    /// Hides the field, then types two keys: seq 3 is the `set`, 4 and 5 the keys.
    static let hiddenThenTyped =
        [
            header, snapshot, #"{"type":"set","t":1,"view":"f","isHidden":true}"#, #"{"type":"key","t":2,"length":1}"#,
            #"{"type":"key","t":2.5,"length":1}"#,
        ].joined(separator: "\n") + "\n"

    static let hiddenOnly =
        [header, snapshot, #"{"type":"set","t":1,"view":"f","isHidden":true}"#].joined(separator: "\n") + "\n"

    static let typedOnly = [header, snapshot, #"{"type":"key","t":2,"length":1}"#].joined(separator: "\n") + "\n"
}

/// Keys typed after the first responder was hidden (a records-only stand-in for `hidden_first_responder`).
struct FixtureHiddenFieldRule: Rule {
    static let description = RuleDescription(
        identifier: "fixture_hidden_field", name: "Fixture: keys into a hidden field", severity: .warning,
        rationale: "A test-only rule: a `set` hides a view, and keys typed afterwards go into it.",
        triggeringExamples: [
            RuleExample(
                FixtureSessions.hiddenThenTyped,
                produces: [ExpectedFinding(severity: .error, records: [3, 4, 5], views: ["UITextField#promo"])]),
            RuleExample(FixtureSessions.hiddenOnly, produces: [ExpectedFinding(severity: .warning, records: [3])]),
        ],
        nonTriggeringExamples: [RuleExample(FixtureSessions.typedOnly)])

    func findings(in context: RuleContext) -> [Finding] {
        let session = context.session
        var found: [Finding] = []
        for (index, record) in session.records.enumerated() {
            guard case .object(let object) = record.content, record.type == "set",
                object["isHidden"]?.boolValue == true, let id = object["view"]?.stringValue
            else { continue }
            let keys = session.records[(index + 1)...].filter { $0.type == "key" }
            let view = FixtureViews.find(id, in: session) ?? ViewRef(id: id, className: "UIView")
            found.append(
                Finding(
                    ruleID: Self.description.identifier, severity: keys.isEmpty ? .warning : .error,
                    session: context.sessionRef, span: TimeSpan(record.t ?? 0, keys.last?.t ?? record.t ?? 0),
                    records: [record.seq] + keys.map(\.seq), views: [view],
                    explanation:
                        "\(view.displayName) was hidden while first responder; \(keys.count) keys went into it."))
        }
        return found
    }
}

/// Claims records it does not produce: proves the example checker reports a wrong example.
struct FixtureMiscountingRule: Rule {
    static let description = RuleDescription(
        identifier: "fixture_miscounting", name: "Fixture: wrong example", severity: .warning,
        rationale: "A test-only rule whose example expects the wrong records.",
        triggeringExamples: [
            RuleExample(FixtureSessions.hiddenThenTyped, produces: [ExpectedFinding(severity: .error, records: [3])])
        ],
        nonTriggeringExamples: [RuleExample(FixtureSessions.hiddenOnly)])

    func findings(in context: RuleContext) -> [Finding] {
        FixtureHiddenFieldRule().findings(in: context).map {
            var finding = $0
            finding.ruleID = Self.description.identifier
            return finding
        }
    }
}

/// Finds views in a session's first snapshot (fixture rules have no replay model to ask).
enum FixtureViews {
    static func find(_ id: String, in session: AnalyzedSession) -> ViewRef? {
        guard let snapshot = session.records.first(where: { $0.type == "snapshot" }),
            case .object(let object) = snapshot.content, let windows = object["windows"]?.arrayValue
        else { return nil }
        var stack: [(JSONValue, [ViewRef.PathElement])] = windows.map { ($0, []) }
        while let (view, parents) = stack.popLast() {
            let className = view["class"]?.stringValue ?? "UIView"
            let identifier = view["accessibilityIdentifier"]?.stringValue
            let path = parents + [ViewRef.PathElement(className, identifier)]
            if view["id"]?.stringValue == id {
                return ViewRef(
                    id: id, className: className, accessibilityIdentifier: identifier,
                    accessibilityLabel: view["accessibilityLabel"]?.stringValue, path: path)
            }
            for child in view["subviews"]?.arrayValue ?? [] { stack.append((child, path)) }
        }
        return nil
    }
}
