import ResponderCore
import TouchlogFormat

/// One line of a session's timeline, shown beside a finding's picture.
public struct TimelineEntry: Sendable, Hashable {
    /// The record's line in the session.
    public var seq: Int
    public var t: Double
    /// What happened, for a person: "touch 2 began (311, 200.5) on promoCard".
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

    static func describe(_ record: Record) -> String {
        switch record {
        case .touch(let touch):
            var text =
                "touch \(touch.touch.jsonValue.serialized()) \(touch.phase.name) (\(number(touch.x)), \(number(touch.y)))"
            if let view = touch.view { text += " on \(view)" }
            if let taps = touch.tapCount, taps > 1 { text += ", tap \(taps)" }
            return text
        case .key(let key):
            return "key, \(key.length) character\(key.length == 1 ? "" : "s")"
        case .set(let set):
            let fields = set.patch.jsonMembers.map { "\($0.key) = \($0.value.serialized())" }
            return "set \(set.view) " + fields.joined(separator: ", ")
        case .insert(let insert):
            return "insert \(insert.view.id) into \(insert.parent ?? "no window")"
        case .remove(let remove):
            return "remove \(remove.view)"
        case .call(let call):
            return "call \(call.method.rawValue) on \(call.responder)"
        case .action(let action):
            return "action \(action.action) to \(target(action.target))"
        case .snapshot(let snapshot):
            let windows = snapshot.hierarchy.windows.count
            return "snapshot, \(windows) window\(windows == 1 ? "" : "s")"
        case .firstResponder(let observation):
            // Each window has its own first responder: say whose, when the record does.
            let whose = observation.window.map { " of \($0)" } ?? ""
            return "first responder\(whose) is now \(observation.view ?? "nothing")"
        case .keyboard(let keyboard):
            return "keyboard \(keyboard.phase.rawValue) \(keyboard.frame.json.serialized())"
        case .sent(let sent):
            return "sent \(sent.action) to \(target(sent.target.id))"
        case .time:
            return "time passes"
        case .keyWindow(let observation):
            return "key window is now \(observation.window ?? "none")"
        case .recognizer(let observation):
            return "recognizer \(observation.recognizer) is \(observation.state.rawValue)"
        case .targetForAction(let query):
            return "target(forAction: \(query.action)) from \(query.responder) is \(target(query.target))"
        case .session:
            return "session"
        case .dropped(let note):
            return note.summary
        case .unknown(let unknown):
            return "unknown record type \"\(unknown.type)\""
        }
    }

    private static func target(_ id: String?) -> String {
        id ?? "nil (responder chain)"
    }

    private static func number(_ value: Double) -> String {
        var out = ""
        JSONWriter.writeNumber(value, into: &out)
        return out
    }
}
