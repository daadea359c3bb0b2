/// Session ids shortened as `git log --oneline` shortens commits: the first ``minimumLength`` characters, or more
/// where another stored id starts the same way. Every command takes a unique prefix of an id, in any ASCII case
/// (``SessionReading/session(matching:)``), so a shortened id is as good as the whole one wherever an id is asked
/// for.
public enum SessionIDAbbreviation {
    /// 8 characters: a recorder's UUID shortened to its first group, which is what people read out anyway, and
    /// long enough that two sessions among thousands rarely share it.
    public static let minimumLength = 8

    /// An id this long or shorter stays whole: it is short already, and cut by a character or two
    /// (`0B6D-ipad` to `0B6D-ipa`) it would read as a typo.
    public static let longestKeptWhole = 12

    /// The shortest prefix of each of `ids` that no other of `ids` starts with (ignoring ASCII case, as matching
    /// does), at least ``minimumLength`` characters; an id of at most ``longestKeptWhole`` characters, or that is
    /// itself the start of another, stays whole (an exact id always matches).
    public static func abbreviations(of ids: [String]) -> [String: String] {
        let sorted = ids.map { (id: $0, folded: Array(Self.folded($0))) }.sorted {
            $0.folded.lexicographicallyPrecedes($1.folded)
        }
        var out: [String: String] = [:]
        for (index, entry) in sorted.enumerated() {
            var shared = 0
            if index > 0 { shared = max(shared, commonPrefix(entry.folded, sorted[index - 1].folded)) }
            if index + 1 < sorted.count { shared = max(shared, commonPrefix(entry.folded, sorted[index + 1].folded)) }
            let length =
                entry.folded.count <= longestKeptWhole
                ? entry.folded.count : min(entry.folded.count, max(minimumLength, shared + 1))
            out[entry.id] = String(entry.id.prefix(length))
        }
        return out
    }

    /// Lowercased in ASCII only, character by character, so that prefix lengths count the id's own characters.
    private static func folded(_ id: String) -> [Character] {
        id.map { $0.isASCII ? Character($0.lowercased()) : $0 }
    }

    private static func commonPrefix(_ a: [Character], _ b: [Character]) -> Int {
        var n = 0
        while n < a.count, n < b.count, a[n] == b[n] { n += 1 }
        return n
    }
}
