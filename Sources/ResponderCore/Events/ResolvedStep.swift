/// A `Step` with every handle replaced by its recorded id: the fields of the replay trace (log format section 6),
/// ready to be written as JSON by replay. Build it right after the event with `ResponderModel.resolve(_:)`.
public struct ResolvedStep: Hashable, Sendable {
    public struct Delivered: Hashable, Sendable {
        public var to: String
        /// `touchesBegan`, `touchesMoved`, `touchesEnded`, `touchesCancelled`.
        public var method: String
    }
    public struct Gesture: Hashable, Sendable {
        public var id: String
        public var state: String
    }
    public struct Action: Hashable, Sendable {
        public var action: String
        /// nil when nobody handled it.
        public var target: String?
        public var sender: String?
    }
    public struct FirstResponderChange: Hashable, Sendable {
        public var window: String
        public var from: String?
        public var to: String?
        /// A short reason: `becomeFirstResponder`, `tap`, `policy:dismiss-on-outside-touch`, `removedFromWindow`, ...
        public var reason: String
    }
    public struct PolicyEffect: Hashable, Sendable {
        public var policy: String
        /// `resigned`, `refused` or `keptByTouchInFirstResponder`.
        public var outcome: String
        public var firstResponder: String
    }
    public struct Cancellation: Hashable, Sendable {
        public var touch: String
        public var view: String
        /// The recognizer id, `viewRemoved` or `recordedCancel`.
        public var cause: String
        public var viewHadBegun: Bool
    }

    public var view: String?
    public var window: String?
    public var hitTestView: String?
    public var delivered: [Delivered]
    public var gestures: [Gesture]
    public var actions: [Action]
    public var firstResponderChanges: [FirstResponderChange]
    public var keyboardChanges: [Bool]
    public var policyEffects: [PolicyEffect]
    public var cancellations: [Cancellation]
    public var keyInputReceiver: String?
    public var keyInputReceiverHidden: Bool
    public var notes: [String]
    public var firstResponder: String?
    public var keyboardVisible: Bool
    /// First-responder requests refused and why (`notInWindow`, `cannotBecome`, ...).
    public var refusals: [Refusal] = []
    /// Set when the event changed the key window: the windows' ids (nil: none).
    public var keyWindowChange: KeyWindow?
    /// Trace detail for touches (see `Step`): location in the bound view's coordinates, the responder chain at
    /// `began`, the UIEvent's touches as `UIWindow.sendEvent(_:)` sees them.
    public var location: Point?
    public var responderChain: [String] = []
    public var sendEvent: [SendEvent] = []
    /// Table and collection view delegate messages (`didHighlight`, `didUnhighlight`, `didSelect`, `didDeselect`).
    public var selections: [Selection] = []
    /// Controls' highlight changes: the control's id and its new `isHighlighted`.
    public var controlStates: [ControlState] = []

    public struct ControlState: Hashable, Sendable {
        public var view: String
        public var isHighlighted: Bool
    }

    public struct Selection: Hashable, Sendable {
        public var list: String
        public var call: String
        public var indexPath: ListIndexPath
    }

    public struct SendEvent: Hashable, Sendable {
        public var window: String?
        public var touch: String
        public var phase: String
        public var view: String?
    }

    public struct KeyWindow: Hashable, Sendable {
        public var from: String?
        public var to: String?
    }

    public struct Refusal: Hashable, Sendable {
        public var responder: String
        /// `notInWindow`, `cannotBecome`, `currentCannotResign`, `cannotResign` or `notFirstResponder`.
        public var why: String
        public var reason: String
    }
}

extension FirstResponderReason {
    /// A short, stable name for traces.
    public var name: String {
        switch self {
        case .becomeFirstResponderCall: return "becomeFirstResponder"
        case .resignFirstResponderCall: return "resignFirstResponder"
        case .endEditing(let forced): return forced ? "endEditing(force)" : "endEditing"
        case .tappedTextInput: return "tap"
        case .replacedBy: return "replaced"
        case .removedFromWindow: return "removedFromWindow"
        case .policy(let p): return "policy:" + p.rawValue
        case .recognizerAction: return "recognizerAction"
        case .resignAction: return "resignAction"
        case .snapshot: return "snapshot"
        }
    }
}

extension ResponderModel {
    /// Replaces the handles of a step by recorded ids (do it before the next event: a later snapshot may reuse ids).
    public func resolve(_ s: Step) -> ResolvedStep {
        func name(_ r: ObjectRef?) -> String? { r.map { id(of: $0) } }
        var resolved = ResolvedStep(
            view: name(s.view), window: name(s.window), hitTestView: name(s.hitTestView),
            delivered: s.delivered.map { .init(to: id(of: $0.to), method: $0.method.rawValue) },
            gestures: s.gestures.map { .init(id: id(of: $0.recognizer), state: $0.state.rawValue) },
            actions: s.actions.map { .init(action: $0.action, target: name($0.target), sender: name($0.sender)) },
            firstResponderChanges: s.firstResponderChanges.map {
                .init(window: id(of: $0.window), from: name($0.from), to: name($0.to), reason: $0.reason.name)
            },
            keyboardChanges: s.keyboardChanges.map(\.visible),
            policyEffects: s.policyEffects.map { e in
                switch e.outcome {
                case .resigned(let r):
                    return .init(policy: e.policy.rawValue, outcome: "resigned", firstResponder: id(of: r))
                case .refused(let r):
                    return .init(policy: e.policy.rawValue, outcome: "refused", firstResponder: id(of: r))
                case .keptByTouchInFirstResponder(let r):
                    return .init(
                        policy: e.policy.rawValue, outcome: "keptByTouchInFirstResponder", firstResponder: id(of: r))
                }
            },
            cancellations: s.cancellations.map { c in
                let cause: String
                switch c.cause {
                case .recognizer(let g): cause = id(of: g)
                case .viewRemoved: cause = "viewRemoved"
                case .recordedCancel: cause = "recordedCancel"
                }
                return .init(touch: c.touch, view: id(of: c.view), cause: cause, viewHadBegun: c.viewHadBegun)
            },
            keyInputReceiver: name(s.keyInputReceiver), keyInputReceiverHidden: s.keyInputReceiverHidden,
            notes: s.notes.map(\.message), firstResponder: name(s.firstResponder), keyboardVisible: s.keyboardVisible)
        resolved.refusals = s.refusals.map {
            .init(responder: id(of: $0.responder), why: $0.why.rawValue, reason: $0.reason.name)
        }
        resolved.keyWindowChange = s.keyWindowChange.map { .init(from: name($0.from), to: name($0.to)) }
        resolved.location = s.location
        resolved.selections = s.selections.map {
            .init(list: id(of: $0.list), call: $0.call.rawValue, indexPath: $0.indexPath)
        }
        resolved.controlStates = s.controlStates.map { .init(view: id(of: $0.view), isHighlighted: $0.isHighlighted) }
        resolved.responderChain = s.responderChain.map { id(of: $0) }
        resolved.sendEvent = s.sendEvent.map {
            .init(window: name($0.window), touch: $0.touch, phase: $0.phase.name, view: name($0.view))
        }
        return resolved
    }
}
