/// A rule's tunable thresholds, as one typed value the rule is created with: `.touchlog.yml` sets them by their
/// keys (`hidden_first_responder: {minimum_hidden_time: 0.5}`), and the rule reads typed numbers with units.
///
/// ```swift
/// struct Parameters: RuleParameters {
///     var minimumHiddenTime = Seconds(0)
///     static var fields: [RuleParameter<Self>] {
///         [RuleParameter("minimum_hidden_time", \.minimumHiddenTime, "Shorter stretches are not reported.")]
///     }
/// }
/// ```
public protocol RuleParameters: Sendable, Hashable {
    /// The defaults: what the rule does when nothing is configured.
    init()
    /// Every parameter, in documentation order. Computed: key paths are not `Sendable`, so they are not kept in a
    /// global.
    static var fields: [RuleParameter<Self>] { get }
}

/// The parameters of a rule that has none.
public struct NoParameters: RuleParameters {
    public init() {}
    public static var fields: [RuleParameter<NoParameters>] { [] }
}

/// One parameter of a rule: its key in `.touchlog.yml`, its unit and where the rule keeps it. The key is the only
/// string; the value is a typed number (``Seconds``, ``Alpha``, ``Fraction``) once it is inside.
public struct RuleParameter<Parameters: RuleParameters> {
    /// snake_case, the key under the rule's section of `.touchlog.yml`.
    public let key: String
    public let unit: ThresholdUnit
    /// What it changes, for `docs/rules.md` and `--print-config`.
    public let summary: String
    private let read: (Parameters) -> Double
    private let write: (inout Parameters, Double) -> Bool

    public init<Value: ThresholdValue>(
        _ key: String, _ path: WritableKeyPath<Parameters, Value>, _ summary: String
    ) {
        self.key = key
        unit = Value.unit
        self.summary = summary
        read = { $0[keyPath: path].value }
        write = { parameters, number in
            guard let value = Value(checking: number) else { return false }
            parameters[keyPath: path] = value
            return true
        }
    }

    /// The value in `parameters`, as a number in ``unit``.
    public func value(in parameters: Parameters) -> Double { read(parameters) }

    /// Sets the value; false (and nothing changed) when `number` is outside the unit's range.
    public func set(_ number: Double, in parameters: inout Parameters) -> Bool { write(&parameters, number) }

    /// Key, unit, default and summary, without the type.
    public var documentation: RuleParameterDescription {
        RuleParameterDescription(key: key, unit: unit, defaultValue: read(Parameters()), summary: summary)
    }
}

/// A parameter as documentation and the configuration's edges see it: key, unit, default, summary.
public struct RuleParameterDescription: Sendable, Hashable {
    public var key: String
    public var unit: ThresholdUnit
    public var defaultValue: Double
    public var summary: String

    public init(key: String, unit: ThresholdUnit, defaultValue: Double, summary: String) {
        self.key = key
        self.unit = unit
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// One rule's parameters in a configuration, whatever the rule: a configuration holds one per rule, and only the
/// rule's own `Parameters` type goes in (``ReportConfiguration`` makes them from the rule type), so the rule gets
/// back exactly the type it declared.
public struct ConfiguredParameters: Sendable, Hashable {
    private var storage: any RuleParameters

    /// The defaults of `type`.
    public init<P: RuleParameters>(defaultsOf type: P.Type) { storage = P() }

    public init<P: RuleParameters>(_ parameters: P) { storage = parameters }

    /// The parameters, when they are of type `P`.
    public func typed<P: RuleParameters>(as type: P.Type = P.self) -> P? { storage as? P }

    /// Every parameter with its documentation and current value, in the rule's order.
    public var values: [(parameter: RuleParameterDescription, value: Double)] {
        func list<P: RuleParameters>(_ parameters: P) -> [(parameter: RuleParameterDescription, value: Double)] {
            P.fields.map { ($0.documentation, $0.value(in: parameters)) }
        }
        return list(storage)
    }

    /// The value of the parameter `key`, nil when the rule has no such parameter.
    public func value(of key: String) -> Double? { values.first { $0.parameter.key == key }?.value }

    /// Sets the parameter `key` to `number`. Throws when the rule has no such parameter or the number is outside
    /// its unit's range, and changes nothing then.
    public mutating func set(_ key: String, to number: Double) throws(ParameterProblem) {
        func setting<P: RuleParameters>(_ parameters: P) throws(ParameterProblem) -> any RuleParameters {
            guard let field = P.fields.first(where: { $0.key == key }) else {
                throw .unknownParameter(key, known: P.fields.map(\.key))
            }
            var copy = parameters
            guard field.set(number, in: &copy) else {
                throw .outOfRange(key, field.unit.problem(with: number) ?? "out of range")
            }
            return copy
        }
        storage = try setting(storage)
    }

    public static func == (lhs: ConfiguredParameters, rhs: ConfiguredParameters) -> Bool {
        AnyHashable(lhs.storage) == AnyHashable(rhs.storage)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(storage)) }
}

/// Why a parameter could not be set.
public enum ParameterProblem: Error, Sendable, Hashable {
    /// The rule has no parameter by this key; `known` lists the ones it has.
    case unknownParameter(String, known: [String])
    /// The number is outside the parameter's unit's range; the text says why.
    case outOfRange(String, String)
}
