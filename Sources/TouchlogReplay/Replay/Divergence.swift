import TouchlogFormat

/// The kinds of disagreement between the recording and the model (documented in docs/replay.md).
public enum DivergenceKind: String, Sendable, Hashable, CaseIterable {
    /// A touch's recorded `view` differs from the model's hit test (an app override of `hitTest`).
    case hitView
    /// A `firstResponder` observation names another first responder than the model has.
    case firstResponder
    /// A keyboard show/hide notification disagrees with the model's keyboard.
    case keyboard
    /// A `sent` observation the model did not dispatch (or dispatched to another target / from another sender).
    case sent
    /// The model dispatched a control action the session (which records `sent`) never observed.
    case unobservedAction
    /// A `keyWindow` observation names another key window than the model has.
    case keyWindow
    /// A `recognizer` observation: the model did not bring that recognizer to the observed state (`view` names the
    /// recognizer).
    case recognizer
    /// A `selection` observation: the model did not send that delegate message for that list and index path since
    /// the last matched one (`view` names the list).
    case selection
    /// A `controlState` observation: the control's highlight in the model differs from the recorded one (`view`
    /// names the control).
    case controlState
    /// A `targetForAction` observation: the app's `target(forAction:withSender:)` answered another target.
    case targetForAction
    /// A later snapshot names another first responder for a window.
    case snapshotFirstResponder
    /// A later snapshot names another key window.
    case snapshotKeyWindow
}

/// One place where an observation disagrees with the model: `{kind, expected, observed}` in the trace, where
/// `expected` is what the model predicts and `observed` what the recording says.
public struct Divergence: Sendable, Hashable {
    public var kind: DivergenceKind
    /// The model's value (`null`: nothing).
    public var expected: JSONValue
    /// The recording's value (`null`: nothing).
    public var observed: JSONValue
    /// The view concerned: the list of a `selection`, the recognizer of a `recognizer`, the window of a snapshot's
    /// first responder.
    public var view: String?
    /// The line of the observation record, when one caused it.
    public var observationSeq: Int?

    public init(
        kind: DivergenceKind, expected: JSONValue, observed: JSONValue, view: String? = nil, observationSeq: Int? = nil
    ) {
        self.kind = kind
        self.expected = expected
        self.observed = observed
        self.view = view
        self.observationSeq = observationSeq
    }

    /// The trace's form: `kind`, `expected`, `observed`, then `view` and `observationSeq` when present.
    public var json: JSONValue {
        var o: JSONObject = ["kind": .string(kind.rawValue), "expected": expected, "observed": observed]
        if let view { o["view"] = .string(view) }
        if let observationSeq { o["observationSeq"] = .number(Double(observationSeq)) }
        return .object(o)
    }

    /// One line for people: `hitView: model null, recorded "reactionBar"`.
    public var summary: String {
        var subject = ""
        if let view { subject += " \"\(view)\"" }
        return "\(kind.rawValue)\(subject): model \(expected.serialized()), recorded \(observed.serialized())"
    }
}

extension JSONValue {
    /// A string or `null`.
    static func id(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }

    /// `{"action","target","sender"}` as the trace writes actions.
    /// `event` (a control's `UIControl.Event`) only when given: a divergence shows it when the observation has one.
    static func action(_ action: String, target: String?, sender: String?, event: String? = nil) -> JSONValue {
        var o: JSONObject = ["action": .string(action), "target": .id(target), "sender": .id(sender)]
        if let event { o["event"] = .string(event) }
        return .object(o)
    }
}
