import ResponderCore
import TouchlogFormat

/// Why a session cannot be replayed, each saying what is wrong and how to fix it.
public enum ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `--policy` names no known policy.
    case unknownPolicy(String)
    /// The same policy is both added and removed.
    case conflictingPolicy(String)
    /// The session has no snapshot, so there is no hierarchy to replay against.
    case noSnapshot(session: String)
    /// `explain --at T`: no snapshot at or before T, so there is no hierarchy yet.
    case noSnapshotBefore(session: String, t: Double)
    /// An event or observation comes before the first snapshot.
    case eventBeforeSnapshot(session: String, seq: Int, type: String)
    /// A record cannot be mapped onto the model's input.
    case badRecord(session: String, seq: Int, message: String)

    public var description: String {
        switch self {
        case .unknownPolicy(let name):
            let valid = DismissPolicyNames.all.joined(separator: ", ")
            let guess = ClosestName.to(name, among: DismissPolicyNames.all).map { "did you mean \"\($0)\"? " } ?? ""
            return
                "unknown policy \"\(name)\"; \(guess)valid policies are \(valid) (write +NAME to add one, -NAME to remove it)"
        case .conflictingPolicy(let name):
            return "policy \"\(name)\" is both added and removed; give it once, as +\(name) or -\(name)"
        case .noSnapshot(let session):
            return
                "session \"\(session)\" has no snapshot, so there is no view hierarchy to replay against; a recording needs one before its first event (a recorder writes one of every window), and a session `touchlog sessions` marks partial had its snapshot line rejected at ingest: ingest the file again to see why"
        case .noSnapshotBefore(let session, let t):
            return
                "session \"\(session)\" has no snapshot at or before t=\(t); use a later --at, or leave it out for the first snapshot"
        case .eventBeforeSnapshot(let session, let seq, let type):
            return
                "session \"\(session)\" line \(seq): a \"\(type)\" record comes before the first snapshot; a recorder must write a snapshot first"
        case .badRecord(let session, let seq, let message):
            return "session \"\(session)\" line \(seq): \(message)"
        }
    }

    /// What went wrong, without the particulars: what a report sorts and a tool reading its JSON, SARIF or JUnit
    /// switches on. The raw values are stable and snake_case, like rule identifiers.
    /// The kinds a session's records can cause come first: those are the ones a report meets.
    public enum Kind: String, CaseIterable, Sendable {
        case noSnapshot = "no_snapshot"
        case eventBeforeSnapshot = "event_before_snapshot"
        case badRecord = "bad_record"
        case noSnapshotBefore = "no_snapshot_before"
        case unknownPolicy = "unknown_policy"
        case conflictingPolicy = "conflicting_policy"
    }

    public var kind: Kind {
        switch self {
        case .unknownPolicy: .unknownPolicy
        case .conflictingPolicy: .conflictingPolicy
        case .noSnapshot: .noSnapshot
        case .noSnapshotBefore: .noSnapshotBefore
        case .eventBeforeSnapshot: .eventBeforeSnapshot
        case .badRecord: .badRecord
        }
    }
}

/// The valid `--policy` names, for messages and help.
public enum DismissPolicyNames {
    public static var all: [String] { DismissPolicy.allCases.map(\.rawValue) }
}
