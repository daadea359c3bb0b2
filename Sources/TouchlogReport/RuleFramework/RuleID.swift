/// A rule's identifier, known to name a rule: it is made from the rule type (``Rule/id``), never from text, so a
/// configuration keyed by it cannot hold a misspelt rule. Text from a file or a command line becomes one through
/// ``RuleRegistry/rule(named:among:)``, which is where an unknown name is caught.
public struct RuleID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The snake_case identifier (`hidden_first_responder`).
    public let rawValue: String

    init(_ description: RuleDescription) { rawValue = description.identifier }

    public var description: String { rawValue }

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}
