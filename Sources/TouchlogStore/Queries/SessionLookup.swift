/// A session offered when a prefix matches several: enough to tell them apart and type more of the right id.
public struct SessionCandidate: Sendable, Hashable {
    public var key: String
    public var startedAt: String?
    public var appVersion: String?

    public init(key: String, startedAt: String? = nil, appVersion: String? = nil) {
        self.key = key
        self.startedAt = startedAt
        self.appVersion = appVersion
    }

    /// How many candidates an ambiguous prefix lists; the error gives the count of the rest.
    public static let limit = 10
}

extension SessionInfo {
    /// The one session a prefix query matched, from the first `matches` (in id order) and how many matched in all:
    /// none is "not found", several is "ambiguous" with the candidates to choose from.
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
