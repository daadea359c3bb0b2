import ResponderCore
import TouchlogFormat

/// `touchlog replay --compare-policy NAME`: what changes between replaying without and with one policy.
public enum PolicyComparison {
    /// One difference, at one input record.
    public struct Change: Sendable, Hashable {
        public var seq: Int
        public var t: Double
        /// The record in the words of every timeline (``RecordDescriber``), e.g.
        /// `touch 2 began at (151.25, 331.5) hit loginRoot`.
        public var event: String
        /// E.g. `keyboard dismissed (was: stayed up)`.
        public var what: [String]

        public var text: String {
            "t=\(TimelineFormatter.time(t)) line \(seq) \(event): " + what.joined(separator: "; ")
        }
    }

    /// Replays `session` with `policy` removed and added, and lists the records whose effects differ.
    public static func compare(
        _ records: some SessionRecords, session: String, policy: DismissPolicy, trust: TrustMode
    ) throws -> [Change] {
        let without = try SessionReplay.lines(
            records, session: session, options: ReplayOptions(policies: PolicyChanges(removed: [policy]), trust: trust))
        let with = try SessionReplay.lines(
            records, session: session, options: ReplayOptions(policies: PolicyChanges(added: [policy]), trust: trust))
        return changes(without: without.lines, with: with.lines)
    }

    /// The records whose own effects differ (first-responder changes, keyboard transitions, actions).
    public static func changes(without: [ReplayLine], with: [ReplayLine]) -> [Change] {
        var out: [Change] = []
        var keyboardBefore = (without: false, with: false)
        for (a, b) in zip(without, with) where a.seq == b.seq {
            var what: [String] = []
            let kbA = (keyboardBefore.without, a.step.keyboardVisible)
            let kbB = (keyboardBefore.with, b.step.keyboardVisible)
            keyboardBefore = (a.step.keyboardVisible, b.step.keyboardVisible)
            // Only a record where one of the replays moves the keyboard says something (not the states after).
            if kbA != kbB && (kbA.0 != kbA.1 || kbB.0 != kbB.1) {
                what.append("keyboard \(transition(kbB)) (was: \(transition(kbA)))")
            }
            let frA = a.step.firstResponderChanges.map(frText)
            let frB = b.step.firstResponderChanges.map(frText)
            if frA != frB {
                what.append(
                    "first responder \(frB.isEmpty ? "unchanged" : frB.joined(separator: ", ")) (was: \(frA.isEmpty ? "unchanged" : frA.joined(separator: ", ")))"
                )
            }
            let acA = a.step.actions.map(actionText)
            let acB = b.step.actions.map(actionText)
            if acA != acB {
                what.append(
                    "actions \(acB.isEmpty ? "none" : acB.joined(separator: ", ")) (was: \(acA.isEmpty ? "none" : acA.joined(separator: ", ")))"
                )
            }
            if !what.isEmpty { out.append(Change(seq: b.seq, t: b.t, event: describe(b), what: what)) }
        }
        return out
    }

    static func transition(_ kb: (Bool, Bool)) -> String {
        switch kb {
        case (true, false): "dismissed"
        case (false, true): "shown"
        case (true, true): "stayed up"
        case (false, false): "stayed hidden"
        }
    }

    static func frText(_ c: ResolvedStep.FirstResponderChange) -> String {
        "\(c.from ?? "none") -> \(c.to ?? "none") (\(c.reason))"
    }

    static func actionText(_ a: ResolvedStep.Action) -> String { "\(a.action) -> \(a.target ?? "nobody")" }

    static func describe(_ line: ReplayLine) -> String {
        RecordDescriber.words(line.record, reading: ModelReading(line.step))
    }
}
