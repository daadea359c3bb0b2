import ResponderCore

/// Which view a new touch is bound to when the recording names one (`--trust`).
public enum TrustMode: String, Sendable, Hashable, CaseIterable {
    /// The model's own hit test decides; a different recorded `view` is a `hitView` divergence.
    case model
    /// The recorded `view` decides (`TouchInput.bindToObservedView`), so one app `hitTest` override does not derail
    /// the rest of the session; the divergence is still reported.
    case observed
}

/// Keyboard-dismiss policies added (`--policy +NAME`) or removed (`--policy -NAME`) for one replay.
public struct PolicyChanges: Sendable, Hashable {
    public var added: [DismissPolicy]
    public var removed: [DismissPolicy]

    public init(added: [DismissPolicy] = [], removed: [DismissPolicy] = []) {
        self.added = Array(Set(added)).sorted()
        self.removed = Array(Set(removed)).sorted()
    }

    /// Parses `+NAME` / `-NAME` arguments; a bare `NAME` means `+NAME`.
    public init(arguments: [String]) throws {
        var added: [DismissPolicy] = []
        var removed: [DismissPolicy] = []
        for argument in arguments {
            var name = Substring(argument)
            var remove = false
            if name.hasPrefix("+") {
                name = name.dropFirst()
            } else if name.hasPrefix("-") {
                name = name.dropFirst()
                remove = true
            }
            guard let policy = DismissPolicy(rawValue: String(name)) else {
                throw ReplayError.unknownPolicy(String(name))
            }
            if remove { removed.append(policy) } else { added.append(policy) }
        }
        if let both = Set(added).intersection(removed).sorted().first {
            throw ReplayError.conflictingPolicy(both.rawValue)
        }
        self.init(added: added, removed: removed)
    }

    /// A canonical text, e.g. `+resign-on-hide -tap-to-dismiss` (empty: as recorded). Stored with a run.
    public var key: String {
        (added.map { "+" + $0.rawValue } + removed.map { "-" + $0.rawValue }).joined(separator: " ")
    }
}

/// How to replay a session: policies and trust. Stored runs are kept per distinct `key`.
public struct ReplayOptions: Sendable, Hashable {
    public var policies: PolicyChanges
    public var trust: TrustMode

    public init(policies: PolicyChanges = PolicyChanges(), trust: TrustMode = .model) {
        self.policies = policies
        self.trust = trust
    }

    /// The policy changes as stored in `replay_run.policies`.
    public var policyKey: String { policies.key }
}
