import ResponderCore
import TouchlogFormat
import TouchlogReplay

/// One line of a session's timeline, shown beside a finding's picture.
public struct TimelineEntry: Sendable, Hashable {
    /// The record's line in the session.
    public var seq: Int
    public var t: Double
    /// What happened, for a person: "touch 2 began at (311, 200.5) on promoCard".
    public var text: String

    public init(seq: Int, t: Double, text: String) {
        self.seq = seq
        self.t = t
        self.text = text
    }
}

/// Describes a session's records one line each, from the recording alone.
public enum Timeline {
    /// The entries of the records within `radius` lines of any of `seqs`, read from `records` a stretch at a time:
    /// the context of findings, without reading the whole of a long session again.
    public static func around(_ seqs: [Int], in records: any SessionRecords, radius: Int = 6) throws
        -> [TimelineEntry]
    {
        var entries: [TimelineEntry] = []
        var ranges: [ClosedRange<Int>] = []
        for centre in Set(seqs).sorted() {
            let range = max(2, centre - radius)...(centre + radius)
            if let last = ranges.last, last.upperBound + 1 >= range.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else if range.lowerBound <= range.upperBound {
                ranges.append(range)
            }
        }
        for range in ranges {
            try records.forEachRecord(in: range) { record in
                guard record.seq > 1, let t = record.t else { return }
                entries.append(TimelineEntry(seq: record.seq, t: t, text: describe(record.record)))
            }
        }
        return entries
    }

    /// The entries within `radius` records of any of `seqs`, in order: the context of findings, without the
    /// whole of a long session.
    public static func around(_ seqs: [Int], in entries: [TimelineEntry], radius: Int = 6) -> [TimelineEntry] {
        let centres = Array(Set(seqs)).sorted()
        guard !centres.isEmpty else { return [] }
        var next = 0
        return entries.filter { entry in
            // Entries and centres both ascend: skip centres too far behind this entry.
            while next < centres.count, centres[next] + radius < entry.seq { next += 1 }
            return next < centres.count && centres[next] - radius <= entry.seq
        }
    }

    /// The cited records a finding's timeline is shown around: all of them up to ``shownCentres``, else the first
    /// ones and the last two. A finding may cite thousands (every key typed into a hidden field); the timeline of
    /// each would repeat the session, while the list of records beside it names them all.
    public static func centres(of cited: [Int]) -> [Int] {
        let sorted = Array(Set(cited)).sorted()
        guard sorted.count > shownCentres else { return sorted }
        return Array(sorted.prefix(shownCentres - 2)) + sorted.suffix(2)
    }

    /// How many cited records a timeline is centred on at most.
    public static let shownCentres = 8

    /// A record in the words of every timeline, from the recording alone (``RecordDescriber``).
    static func describe(_ record: Record) -> String { RecordDescriber.words(record) }
}
