import Foundation
import GRDB

/// A session offered when a prefix matches several: enough to tell them apart and type more of the right id.
extension SessionInfo {
    /// The one session a prefix query matched, from the first `matches` (in id order) and how many matched in all:
    /// none is "not found", several is "ambiguous" with the candidates to choose from. Both stores decide alike.
    static func uniquePrefixMatch(_ query: String, matches: [SessionInfo], total: Int) throws -> SessionInfo {
        switch (total, matches.first) {
        case (1, let only?):
            return only
        case (_, nil):
            throw StoreError.sessionNotFound(query)
        default:
            throw StoreError.ambiguousSession(
                query,
                candidates: matches.map {
                    SessionCandidate(key: $0.key, startedAt: $0.startedAt, appVersion: $0.appVersion)
                },
                total: total)
        }
    }
}

public struct SessionCandidate: Sendable, Hashable {
    public var key: String
    public var startedAt: String?
    public var appVersion: String?

    public init(key: String, startedAt: String? = nil, appVersion: String? = nil) {
        self.key = key
        self.startedAt = startedAt
        self.appVersion = appVersion
    }
}

extension TouchlogDatabase {
    /// How many candidates an ambiguous prefix lists; the error gives the count of the rest.
    public static let candidateLimit = 10

    /// The session whose id is `query`, or starts with it (a unique prefix), ignoring the case of ASCII letters:
    /// session ids are mostly hexadecimal UUIDs, which recorders write in either case and people copy from
    /// anywhere. Throws ``StoreError/sessionNotFound(_:)``, or ``StoreError/ambiguousSession(_:candidates:total:)``
    /// listing the first ``candidateLimit`` candidates and how many there are.
    ///
    /// An id typed whole is never ambiguous: exactly as stored wins, then the one id equal to it but for case, over
    /// longer ids it is also a prefix of.
    public func session(matching query: String) throws -> SessionInfo {
        try writer.read { db in try Self.session(matching: query, db) }
    }

    /// ``session(matching:)`` inside a transaction of the caller's (a deletion resolves its ids and deletes in one).
    static func session(matching query: String, _ db: Database) throws -> SessionInfo {
        guard !query.isEmpty else { throw StoreError.sessionNotFound(query) }
        if let exact = try SessionInfo.fetchOne(
            db, sql: "SELECT \(SessionInfo.columns) FROM session WHERE session_key = ?", arguments: [query])
        {
            return exact
        }
        // SQLite's LIKE ignores the case of ASCII letters (and only theirs): the rule the documentation states.
        let literal = likeEscaped(query)
        let sameButCase = try SessionInfo.fetchAll(
            db,
            sql: "SELECT \(SessionInfo.columns) FROM session WHERE session_key LIKE ? ESCAPE '\\' LIMIT 2",
            arguments: [literal])
        if sameButCase.count == 1 { return sameButCase[0] }
        let pattern = literal + "%"
        let total =
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM session WHERE session_key LIKE ? ESCAPE '\\'", arguments: [pattern])
            ?? 0
        let matches = try SessionInfo.fetchAll(
            db,
            sql:
                "SELECT \(SessionInfo.columns) FROM session WHERE session_key LIKE ? ESCAPE '\\' ORDER BY session_key LIMIT ?",
            arguments: [pattern, candidateLimit])
        return try SessionInfo.uniquePrefixMatch(query, matches: matches, total: total)
    }

    /// Session ids that start with `prefix`, ignoring ASCII case as ``session(matching:)`` does, in id order, at
    /// most `limit` of them: what shell completion offers.
    public func sessionKeys(startingWith prefix: String, limit: Int) throws -> [String] {
        try writer.read { db in
            try String.fetchAll(
                db,
                sql:
                    "SELECT session_key FROM session WHERE session_key LIKE ? ESCAPE '\\' ORDER BY session_key LIMIT ?",
                arguments: [Self.likeEscaped(prefix) + "%", limit])
        }
    }

    /// `text` as a LIKE pattern that matches only itself (but for ASCII case).
    static func likeEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }
}
