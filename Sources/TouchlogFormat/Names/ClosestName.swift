/// The known name a mistyped one was probably meant to be, for the "did you mean" of an error message (a
/// subcommand, a rule id, a policy name).
///
/// ```swift
/// ClosestName.to("sesions", among: ["ingest", "sessions", "show"])   // "sessions"
/// ClosestName.to("frobnicate", among: ["ingest", "sessions"])        // nil: nothing close
/// ```
public enum ClosestName {
    /// The name in `known` closest to `typed`, or nil when none is close enough to be worth suggesting.
    ///
    /// In order: the same name in another case; the only name that starts with what was typed (`del` for
    /// `delete`); the name at the smallest edit distance (insertions, deletions, substitutions and swaps of two
    /// neighbours, ignoring case) if that distance is at most a third of what was typed (at least 1), so a short
    /// word is not "corrected" into an unrelated one. Ties go to the first in `known`.
    public static func to(_ typed: String, among known: [String]) -> String? {
        let word = Array(typed.lowercased())
        guard !word.isEmpty else { return nil }
        let names = known.map { (name: $0, lowered: Array($0.lowercased())) }
        if let same = names.first(where: { $0.lowered == word }) { return same.name }
        let extending = names.filter { $0.lowered.starts(with: word) }
        if word.count >= 2, extending.count == 1 { return extending[0].name }
        let limit = max(1, word.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in names {
            let distance = editDistance(word, candidate.lowered)
            if distance <= limit, distance < best?.distance ?? .max { best = (candidate.name, distance) }
        }
        return best?.name
    }

    /// The optimal string alignment distance: Levenshtein's, plus a swap of two neighbours counted as one edit
    /// (the commonest typing slip: `hidden` typed `hdiden`).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
