import TouchlogFormat

/// Findings that are the same problem (same rule and signature) across sessions, with what triage needs:
/// how many findings and sessions, first and last seen, app versions and devices affected, and the first findings
/// in full.
///
/// A problem seen in ten thousand sessions does not carry ten thousand findings: it keeps the first
/// ``Triage/examplesPerProblem`` in full and counts the rest, so a report stays proportionate to the number of
/// problems, not to the size of the input.
public struct FindingGroup: Sendable, Hashable {
    public var ruleID: RuleID
    /// The highest severity among its findings.
    public var severity: Severity
    /// ``Finding/signature``: rule plus the views' signatures.
    public var signature: String
    /// ``Signature/fingerprint(_:)`` of the signature.
    public var fingerprint: String
    /// The first findings, oldest session first, then by time within a session; at most
    /// ``Triage/examplesPerProblem``.
    public var findings: [Finding]
    /// How many findings the problem has in all.
    public var findingCount: Int
    /// The ids of the distinct sessions it was found in (all of them, listed or not): which sessions a problem
    /// fails (JUnit's test case per session).
    public var sessionIDs: Set<String>
    /// How many distinct sessions it was found in.
    public var sessionCount: Int { sessionIDs.count }
    /// The earliest and latest `startedAt` among its sessions, nil when none recorded one.
    public var firstSeen: String?
    public var lastSeen: String?
    /// Distinct app versions with their builds ("5.2.0 (5207)"), sorted.
    public var appVersions: [String]
    /// Distinct devices ("iPhone15,4 iOS 17.5.1"), sorted.
    public var devices: [String]

    /// The first occurrence: its explanation, views and scene stand for the group.
    public var representative: Finding { findings[0] }

    /// Findings counted but not listed.
    public var omittedFindings: Int { findingCount - findings.count }
}

/// Groups findings into problems and orders them for triage.
public enum Triage {
    /// How many findings of a problem are kept in full; the others are counted.
    public static let examplesPerProblem = 20

    /// One group per rule + signature, ordered by severity (highest first), then sessions affected (most
    /// first), then rule and signature so the order never depends on input order.
    public static func group(_ findings: [Finding]) -> [FindingGroup] {
        var accumulator = Accumulator()
        for finding in findings { accumulator.add(finding) }
        return accumulator.groups()
    }

    /// A rule whose problem is another rule's when both name the same views, with the rules it yields to in order.
    /// `unreachable_control` (a control no tap can reach, seen in a snapshot) yields to `blocked_tap` (users tapped
    /// it and missed, because of the same view): within a session the rule itself leaves such a control out; across
    /// sessions, the sessions where nobody tapped the covered control count in the blocked tap's problem, so a report
    /// shows one problem, not the same button and toast twice. `rage_tap` yields to the finding that says why the
    /// taps did nothing (a blocked, swallowed or dead tap, an unhandled action, a tap that failed to dismiss the
    /// keyboard): a rage tap names the same views as
    /// its cause, so the frustration counts in the cause's problem, and a rage tap without a known cause stays a
    /// problem of its own.
    static let yieldingRules: [RuleID: [RuleID]] = [
        UnreachableControlRule.id: [BlockedTapRule.id],
        RageTapRule.id: [
            BlockedTapRule.id, SwallowedTapRule.id, UnhandledActionRule.id, DeadTapRule.id, TapFailedToDismissRule.id,
        ],
    ]

    /// Moves the findings of each yielding rule's problem into the problem of the first rule it yields to that has
    /// one with the same views. The owner's findings come first among the examples: they are the proof, and the
    /// first example stands for the problem.
    fileprivate static func foldYieldingRules(_ partials: inout [String: Accumulator.Partial]) {
        // In signature order, so the result never depends on the dictionary's.
        for signature in partials.keys.sorted() {
            guard let partial = partials[signature], let owners = yieldingRules[partial.ruleID] else { continue }
            let views = signature.dropFirst(partial.ruleID.rawValue.count)
            guard let ownerSignature = owners.map({ $0.rawValue + views }).first(where: { partials[$0] != nil }),
                var target = partials[ownerSignature]
            else { continue }
            target.absorb(partial)
            partials[ownerSignature] = target
            partials[signature] = nil
        }
    }

    /// Groups findings as they come, in memory that grows with the number of problems (and distinct sessions),
    /// not with the number of findings.
    public struct Accumulator: Sendable {
        private var partials: [String: Partial] = [:]

        public init() {}

        fileprivate struct Partial: Sendable {
            var ruleID: RuleID
            var severity: Severity
            var examples: [Finding] = []
            /// Each example's place in the order (``Order``), beside it, so a new finding is placed without
            /// copying the examples it passes.
            var exampleOrder: [Order] = []
            var count = 0
            var sessions = Set<String>()
            var firstSeen: Timestamp?
            var lastSeen: Timestamp?
            var appVersions = Set<String>()
            var devices = Set<String>()
        }

        /// The order of findings within a problem: oldest session first, then by time within a session.
        fileprivate struct Order: Sendable {
            var started: Int64
            var session: String
            var start: Double
            var record: Int

            init(_ finding: Finding) {
                started = finding.session.started?.millisecondsSince1970 ?? .min
                session = finding.session.id
                start = finding.span.start
                record = finding.records.first ?? 0
            }

            func precedes(_ other: Order) -> Bool {
                (started, session, start, record) < (other.started, other.session, other.start, other.record)
            }
        }

        public mutating func add(_ finding: Finding) {
            let signature = finding.signature
            var partial = partials[signature] ?? Partial(ruleID: finding.ruleID, severity: finding.severity)
            partials[signature] = nil  // edited out of the dictionary, so its arrays are not copied
            partial.severity = max(partial.severity, finding.severity)
            partial.count += 1
            partial.sessions.insert(finding.session.id)
            if let started = finding.session.started {
                partial.firstSeen = min(partial.firstSeen ?? started, started)
                partial.lastSeen = max(partial.lastSeen ?? started, started)
            }
            partial.appVersions.insert(finding.session.versionDescription)
            partial.devices.insert(finding.session.deviceDescription)
            // Keep the first examples in order: insert where it belongs, drop the last when over the limit. Only the
            // first keeps its scene: it is the picture of the problem, and scenes are most of a finding's size.
            // Sessions arrive in order, so once the examples are full a finding usually comes after all of them.
            let order = Order(finding)
            let full = partial.examples.count >= Triage.examplesPerProblem
            if !full || order.precedes(partial.exampleOrder[partial.exampleOrder.count - 1]) {
                let position =
                    partial.exampleOrder.firstIndex { order.precedes($0) } ?? partial.exampleOrder.count
                partial.examples.insert(finding, at: position)
                partial.exampleOrder.insert(order, at: position)
                if partial.examples.count > Triage.examplesPerProblem {
                    partial.examples.removeLast()
                    partial.exampleOrder.removeLast()
                }
                if partial.examples.count > 1 { partial.examples[position == 0 ? 1 : position].scene = nil }
            }
            partials[signature] = partial
        }

        /// The problems so far, in triage order.
        public func groups() -> [FindingGroup] {
            var partials = self.partials
            Triage.foldYieldingRules(&partials)
            let groups = partials.map { signature, partial in
                FindingGroup(
                    ruleID: partial.ruleID, severity: partial.severity, signature: signature,
                    fingerprint: Signature.fingerprint(signature), findings: partial.examples,
                    findingCount: partial.count, sessionIDs: partial.sessions,
                    firstSeen: partial.firstSeen?.description,
                    lastSeen: partial.lastSeen?.description, appVersions: partial.appVersions.sorted(),
                    devices: partial.devices.sorted())
            }
            return groups.sorted { a, b in
                if a.severity != b.severity { return a.severity > b.severity }
                if a.sessionCount != b.sessionCount { return a.sessionCount > b.sessionCount }
                return (a.ruleID, a.signature) < (b.ruleID, b.signature)
            }
        }
    }
}

extension Triage.Accumulator.Partial {
    /// Takes another problem's findings and what it counted: its examples after this one's (up to the limit,
    /// without scenes: the first example's is the picture), its sessions, seen dates, versions and devices.
    fileprivate mutating func absorb(_ other: Self) {
        severity = max(severity, other.severity)
        count += other.count
        sessions.formUnion(other.sessions)
        if let first = other.firstSeen { firstSeen = min(firstSeen ?? first, first) }
        if let last = other.lastSeen { lastSeen = max(lastSeen ?? last, last) }
        appVersions.formUnion(other.appVersions)
        devices.formUnion(other.devices)
        for (example, order) in zip(other.examples, other.exampleOrder) where examples.count < Triage.examplesPerProblem
        {
            var example = example
            example.scene = nil
            examples.append(example)
            exampleOrder.append(order)
        }
    }
}
