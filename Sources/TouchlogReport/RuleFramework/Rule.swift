import ResponderCore
import TouchlogFormat

/// A check over one session that produces findings: one type per file under `Rules/`, registered in
/// ``RuleRegistry``, carrying its own documentation and examples (the examples are its tests, and
/// `docs/rules.md` is generated from the descriptions).
///
/// A rule is a fold over one streaming pass: the replay calls it after every input record with what the model did
/// (`Step`, typed) and the live model, and with every other record as it comes; the rule keeps only the state it
/// needs (a stretch in progress, groups of findings) and hands its findings over when the session ends. A fresh
/// instance serves each session.
///
/// ```swift
/// final class UnhandledActionRule: Rule {
///     static let description = RuleDescription(identifier: "unhandled_action", …)
///     private var findings: [Finding] = []
///     func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {
///         for action in step.actions where action.target == nil { findings.append(…) }
///     }
///     func finish(build: FindingBuilder) -> [Finding] { findings }
/// }
/// ```
public protocol Rule: AnyObject {
    /// The thresholds a configuration may change (``RuleParameters``); none by default.
    associatedtype Parameters: RuleParameters = NoParameters

    /// Identifier, name, default severity, rationale and examples.
    static var description: RuleDescription { get }

    /// With the default parameters: what the examples run with.
    init()

    /// With the parameters a configuration gives (their defaults unless `.touchlog.yml` changes them).
    init(parameters: Parameters)

    /// Whether the rule follows the input records itself (`replayed`): false for a rule that reads only what the
    /// session's context follows for it (the taps, the blocked taps, the keyboard agreement), which is then not
    /// called for every record. True unless a rule says otherwise.
    static var followsRecords: Bool { get }

    /// After each input record: what the model did for it, and the model right after it (only when the rule
    /// ``followsRecords``).
    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder)

    /// Every record that is not an input (the header, observations, unknown types), in order; `model` is nil before
    /// the first snapshot.
    func recorded(_ record: SessionRecord, model: ResponderModel?, build: FindingBuilder)

    /// Just before the model dispatches a UIEvent holding a touch that begins, with the state the touch finds.
    func willBegin(_ touch: SessionRecord, model: ResponderModel, build: FindingBuilder)

    /// The session ended (replayed to its last record): every finding, in the order they happened.
    func finish(build: FindingBuilder) -> [Finding]
}

extension Rule {
    public static var followsRecords: Bool { true }
    public func replayed(_ input: SessionRecord, step: Step, model: ResponderModel, build: FindingBuilder) {}
    public func recorded(_ record: SessionRecord, model: ResponderModel?, build: FindingBuilder) {}
    public func willBegin(_ touch: SessionRecord, model: ResponderModel, build: FindingBuilder) {}

    /// The identifier as a configuration keys rules.
    public static var id: RuleID { RuleID(description) }

    /// The description with its parameters documented (from ``Parameters``): what `--list-rules` and
    /// `docs/rules.md` show.
    public static var documentation: RuleDescription {
        var description = self.description
        description.parameters = Parameters.fields.map(\.documentation)
        return description
    }

    /// An instance with `parameters`, which ``ReportConfiguration`` only ever makes from this rule's own
    /// ``Parameters`` type.
    static func make(with parameters: ConfiguredParameters) -> any Rule {
        guard let typed = parameters.typed(as: Parameters.self) else {
            preconditionFailure("\(description.identifier) was given another rule's parameters")
        }
        return Self(parameters: typed)
    }
}

extension Rule where Parameters == NoParameters {
    public init(parameters: NoParameters) { self.init() }
}

/// What a rule is and why it exists, with examples that are also its tests.
public struct RuleDescription: Sendable {
    /// snake_case, stable: baselines, SARIF rule ids and `--rule` use it.
    public var identifier: String
    /// A few words for people ("Hidden first responder").
    public var name: String
    /// The default severity; a rule may raise or lower it per finding (and says when in its rationale).
    public var severity: Severity
    /// Why this is a problem, in UIKit's terms, for the person deciding whether to fix it.
    public var rationale: String
    /// Sessions that must produce exactly the findings listed.
    public var triggeringExamples: [RuleExample]
    /// Sessions that must produce no finding of this rule.
    public var nonTriggeringExamples: [RuleExample]
    /// The thresholds a configuration may change, with their defaults; filled from the rule's ``Rule/Parameters``
    /// by ``Rule/documentation`` (a rule does not list them twice).
    public var parameters: [RuleParameterDescription] = []

    /// Every severity the rule's findings may have, lowest first: the default, and those its triggering examples
    /// show it raising or lowering a finding to (an example is a test, so each one listed is one the rule gives).
    /// `--list-rules` and docs/rules.md show them all, so a list never calls a rule a warning whose findings print
    /// as errors.
    public var severities: [Severity] {
        Set([severity] + triggeringExamples.flatMap { $0.expected.map(\.severity) }).sorted()
    }

    /// The severities as a list shows them: "warning", or "warning/error" for a rule that decides per finding.
    public var severitySummary: String { severities.map(\.rawValue).joined(separator: "/") }

    public init(
        identifier: String, name: String, severity: Severity, rationale: String,
        triggeringExamples: [RuleExample] = [], nonTriggeringExamples: [RuleExample] = []
    ) {
        self.identifier = identifier
        self.name = name
        self.severity = severity
        self.rationale = rationale
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

/// A tiny touchlog/1 session (JSON Lines) and the findings the rule must produce from it.
public struct RuleExample: Sendable {
    /// The session, header first, one record per line.
    public var session: String
    /// Empty for a non-triggering example.
    public var expected: [ExpectedFinding]
    /// Where the example is written, so a failing example points at its source.
    public var file: String
    public var line: Int

    public init(
        _ session: String, produces expected: [ExpectedFinding] = [], file: String = #filePath, line: Int = #line
    ) {
        self.session = session
        self.expected = expected
        self.file = file
        self.line = line
    }
}

/// The parts of a finding an example pins: severity, proving record lines and the views' signatures.
/// The explanation's wording is free to improve without rewriting every example.
public struct ExpectedFinding: Sendable, Hashable, CustomStringConvertible {
    public var severity: Severity
    /// The `seq` of every record the finding cites, ascending.
    public var records: [Int]
    /// ``Signature/of(view:)`` of each view, in the finding's order; nil does not check views.
    public var views: [String]?

    public init(severity: Severity, records: [Int], views: [String]? = nil) {
        self.severity = severity
        self.records = records.sorted()
        self.views = views
    }

    /// Whether `finding` is this one.
    public func matches(_ finding: Finding) -> Bool {
        finding.severity == severity && finding.records == records
            && (views == nil || views == finding.views.map(Signature.of(view:)))
    }

    public var description: String {
        var text = "\(severity.rawValue) at records \(records.map(String.init).joined(separator: ", "))"
        if let views { text += " on " + views.joined(separator: ", ") }
        return text
    }
}
