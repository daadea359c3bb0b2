/// Findings that are the same problem (same rule and signature) across sessions, with what triage needs:
/// how many sessions, first and last seen, app versions and devices affected.
public struct FindingGroup: Sendable, Hashable {
    public var ruleID: String
    /// The highest severity among its findings.
    public var severity: Severity
    /// ``Finding/signature``: rule plus the views' signatures.
    public var signature: String
    /// ``Signature/fingerprint(_:)`` of the signature.
    public var fingerprint: String
    /// Oldest session first, then by time within a session.
    public var findings: [Finding]

    /// The first occurrence: its explanation, views and scene stand for the group.
    public var representative: Finding { findings[0] }

    /// Distinct sessions, in order of first occurrence.
    public var sessions: [SessionRef] {
        var seen = Set<String>()
        return findings.map(\.session).filter { seen.insert($0.id).inserted }
    }

    /// The earliest `startedAt` among its sessions, nil when none recorded one.
    public var firstSeen: String? { findings.compactMap(\.session.startedAt).min() }
    public var lastSeen: String? { findings.compactMap(\.session.startedAt).max() }

    /// Distinct app versions with their builds ("5.2.0 (5207)"), sorted.
    public var appVersions: [String] { Array(Set(findings.map(\.session.versionDescription))).sorted() }
    /// Distinct devices ("iPhone15,4 iOS 17.5.1"), sorted.
    public var devices: [String] { Array(Set(findings.map(\.session.deviceDescription))).sorted() }
}

/// Groups findings into problems and orders them for triage.
public enum Triage {
    /// One group per rule + signature, ordered by severity (highest first), then sessions affected (most
    /// first), then rule and signature so the order never depends on input order.
    public static func group(_ findings: [Finding]) -> [FindingGroup] {
        var bySignature: [String: [Finding]] = [:]
        for finding in findings { bySignature[finding.signature, default: []].append(finding) }
        let groups = bySignature.map { signature, members -> FindingGroup in
            let ordered = members.sorted {
                ($0.session.startedAt ?? "", $0.session.id, $0.span.start, $0.records.first ?? 0)
                    < ($1.session.startedAt ?? "", $1.session.id, $1.span.start, $1.records.first ?? 0)
            }
            return FindingGroup(
                ruleID: ordered[0].ruleID, severity: ordered.map(\.severity).max() ?? .info, signature: signature,
                fingerprint: Signature.fingerprint(signature), findings: ordered)
        }
        return groups.sorted { a, b in
            if a.severity != b.severity { return a.severity > b.severity }
            let (sessionsA, sessionsB) = (a.sessions.count, b.sessions.count)
            if sessionsA != sessionsB { return sessionsA > sessionsB }
            return (a.ruleID, a.signature) < (b.ruleID, b.signature)
        }
    }
}
