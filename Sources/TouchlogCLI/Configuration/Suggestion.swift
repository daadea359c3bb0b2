/// "Did you mean …?" for a key or a name that is not known: the closest known one, when it is close enough to be
/// a slip (a letter off, a missing `s`, a prefix) rather than another word.
enum Suggestion {
    /// The candidate nearest to `text`, or nil when none is near.
    static func closest(to text: String, among candidates: [String]) -> String? {
        let lowered = text.lowercased()
        // A shortened or partial word ("warn" for "warning", "versions" for "app_versions") before a near one.
        if lowered.count >= 3, let containing = candidates.first(where: { $0.lowercased().contains(lowered) }) {
            return containing
        }
        let typed = Array(lowered)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.lowercased()))
            if distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, typed.count / 3) else { return nil }
        return best.candidate
    }

    /// `; did you mean "x"?` to end a message with, or nothing.
    static func clause(for text: String, among candidates: [String]) -> String {
        closest(to: text, among: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
