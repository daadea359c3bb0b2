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

/// Describes a session's records one line each, from the recording alone (replay may supply richer lines).
public enum Timeline {
    /// The session's own lines, or one per record after the header.
    public static func entries(for session: AnalyzedSession) -> [TimelineEntry] {
        if let timeline = session.timeline { return timeline }
        return session.records.compactMap { record in
            guard record.seq > 1, let t = record.t else { return nil }
            return TimelineEntry(seq: record.seq, t: t, text: describe(record.content))
        }
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

    static func describe(_ content: RecordContent) -> String {
        switch content {
        case .touch(let touch):
            var text =
                "touch \(touch.touch.jsonValue.serialized()) \(touch.phase.name) (\(number(touch.x)), \(number(touch.y)))"
            if let view = touch.view { text += " on \(view)" }
            if let taps = touch.tapCount, taps > 1 { text += ", tap \(taps)" }
            return text
        case .object(let object):
            let type = object["type"]?.stringValue ?? "?"
            let view = object["view"]?.stringValue
            switch type {
            case "key":
                if let length = object["length"]?.intValue {
                    return "key, \(length) character\(length == 1 ? "" : "s")"
                }
                return "key"
            case "set":
                let fields = object.members.filter { !["type", "t", "view"].contains($0.key) }
                    .map { "\($0.key) = \($0.value.serialized())" }
                return "set \(view ?? "?") " + fields.joined(separator: ", ")
            case "insert":
                let child = object["view"]?["id"]?.stringValue ?? "?"
                return "insert \(child) into \(object["parent"]?.stringValue ?? "?")"
            case "remove":
                return "remove \(view ?? "?")"
            case "call":
                return "call \(object["method"]?.stringValue ?? "?") on \(view ?? "?")"
            case "action":
                return "action \(object["action"]?.stringValue ?? "?") to \(target(object["target"]))"
            case "snapshot":
                let windows = object["windows"]?.arrayValue?.count ?? 0
                return "snapshot, \(windows) window\(windows == 1 ? "" : "s")"
            case "firstResponder":
                return "first responder is now \(view ?? "nothing")"
            case "keyboard":
                var text = "keyboard \(object["phase"]?.stringValue ?? "?")"
                if let frame = object["frame"] { text += " \(frame.serialized())" }
                return text
            case "sent":
                return "sent \(object["action"]?.stringValue ?? "?") to \(target(object["target"]))"
            default:
                return "unknown record type \"\(type)\""
            }
        }
    }

    private static func target(_ value: JSONValue?) -> String {
        value?.stringValue ?? "nil (responder chain)"
    }

    private static func number(_ value: Double) -> String {
        var out = ""
        JSONWriter.writeNumber(value, into: &out)
        return out
    }
}
