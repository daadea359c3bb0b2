import ResponderCore
import TouchlogFormat
import TouchlogReport

/// Test-only rules that exercise the framework while no real rule is registered: the example checker, the
/// engine, the rules document. They read records only (no replay). A target of their own, so that the report's
/// tests and the pipeline's (which need a store) share one copy.
public enum FixtureSessions {
    public static let header =
        #"{"type":"session","format":"touchlog/1","session":"example-1","startedAt":"2026-11-20T10:00:00.000Z","app":{"id":"com.example","version":"1.0","build":"1"},"device":{"model":"iPhone15,4","system":"iOS 17.5","screen":[393,852]}}"#
    public static let snapshot =
        #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,393,852],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,393,852],"subviews":[{"id":"f","class":"UITextField","frame":[10,100,200,40],"accessibilityIdentifier":"promo","isFirstResponder":true}]}]}]}"#

    /// Hides the field, then types two keys: seq 3 is the `set`, 4 and 5 the keys.
    public static let hiddenThenTyped =
        [
            header, snapshot, #"{"type":"set","t":1,"view":"f","isHidden":true}"#, #"{"type":"key","t":2,"length":1}"#,
            #"{"type":"key","t":2.5,"length":1}"#,
        ].joined(separator: "\n") + "\n"

    public static let hiddenOnly =
        [header, snapshot, #"{"type":"set","t":1,"view":"f","isHidden":true}"#].joined(separator: "\n") + "\n"

    public static let typedOnly =
        [header, snapshot, #"{"type":"key","t":2,"length":1}"#].joined(separator: "\n") + "\n"
}

/// Keys typed after the first responder was hidden (a simple stand-in for `hidden_first_responder`).
public final class FixtureHiddenFieldRule: Rule {
    public static let description = RuleDescription(
        identifier: "fixture_hidden_field", name: "Fixture: keys into a hidden field", severity: .warning,
        rationale: "A test-only rule: a `set` hides a view, and keys typed afterwards go into it.",
        triggeringExamples: [
            RuleExample(
                FixtureSessions.hiddenThenTyped,
                produces: [ExpectedFinding(severity: .error, records: [3, 4, 5], views: ["UITextField#promo"])]),
            RuleExample(FixtureSessions.hiddenOnly, produces: [ExpectedFinding(severity: .warning, records: [3])]),
        ],
        nonTriggeringExamples: [RuleExample(FixtureSessions.typedOnly)])

    /// Every hiding `set` so far, with the view it hid and the keys typed after it.
    private var hides: [(set: SessionRecord, view: ViewRef, keys: [SessionRecord])] = []

    public required init() {}

    public func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        switch input.record {
        case .set(let set) where set.patch.isHidden == true:
            let view = model.ref(for: set.view).flatMap { ViewRef(model: model, view: $0) }
            hides.append((input, view ?? ViewRef(id: set.view, className: "UIView"), []))
        case .key:
            for k in hides.indices { hides[k].keys.append(input) }
        default:
            break
        }
    }

    public func finish(build: FindingBuilder) -> [Finding] {
        hides.map { hide in
            Finding(
                ruleID: Self.id, severity: hide.keys.isEmpty ? .warning : .error,
                session: build.context.ref, span: TimeSpan(hide.set.t ?? 0, hide.keys.last?.t ?? hide.set.t ?? 0),
                records: [hide.set.seq] + hide.keys.map(\.seq), views: [hide.view],
                explanation:
                    "\(hide.view.displayName) was hidden while first responder; \(hide.keys.count) keys went into it.")
        }
    }
}

/// Claims records it does not produce: proves the example checker reports a wrong example.
public final class FixtureMiscountingRule: Rule {
    public static let description = RuleDescription(
        identifier: "fixture_miscounting", name: "Fixture: wrong example", severity: .warning,
        rationale: "A test-only rule whose example expects the wrong records.",
        triggeringExamples: [
            RuleExample(FixtureSessions.hiddenThenTyped, produces: [ExpectedFinding(severity: .error, records: [3])])
        ],
        nonTriggeringExamples: [RuleExample(FixtureSessions.hiddenOnly)])

    private let inner = FixtureHiddenFieldRule()

    public required init() {}

    public func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
        inner.replayed(input, step: step, model: model, build: build)
    }

    public func finish(build: FindingBuilder) -> [Finding] {
        inner.finish(build: build).map {
            var finding = $0
            finding.ruleID = Self.id
            return finding
        }
    }
}
