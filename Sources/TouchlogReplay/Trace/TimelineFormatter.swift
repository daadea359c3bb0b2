import ResponderCore
import TouchlogFormat

/// The `--format text` timeline: what a QA engineer follows, one block per input record. Divergences start with
/// `!` so they stand out (and can be found with grep).
public enum TimelineFormatter {
    /// The heading of a session's timeline.
    public static func heading(session: String, options: ReplayOptions) -> String {
        let policies = options.policies.key.isEmpty ? "as recorded" : options.policies.key
        return "session \(session)  (policies: \(policies); trust: \(options.trust.rawValue))\n"
    }

    /// One input record's block, ending with a newline: each line fitted to `style`'s width (a continuation
    /// indented under the details), a divergence in red when `style` has colour.
    public static func block(_ line: ReplayLine, style: FormatOptions = FormatOptions()) -> String {
        let s = line.step
        func name(_ id: String?) -> String {
            guard let id else { return "nothing" }
            return line.labels[id] ?? id
        }
        let wrap = TextWrapper(width: style.width)
        var out = wrap.lines(
            "t=\(time(line.t))  line \(line.seq)  ",
            [.prose(RecordDescriber.words(line.record, reading: ModelReading(s) { line.labels[$0] ?? $0 }))],
            indent: 6)
        var details: [String] = []
        if case .touch = line.record {
            let receivers = s.delivered.map { "\($0.to).\($0.method)" }
            if !receivers.isEmpty { details.append("delivered: " + receivers.joined(separator: ", ")) }
        }
        if !s.gestures.isEmpty {
            details.append("recognizers: " + s.gestures.map { "\($0.id) \($0.state)" }.joined(separator: ", "))
        }
        for c in s.cancellations {
            details.append("touch \(c.touch) cancelled on \(name(c.view)) by \(c.cause)")
        }
        for a in s.actions {
            let target = a.target.map { name($0) } ?? "nobody (unhandled)"
            details.append("action \(a.action) from \(a.sender ?? "nil") -> \(target)")
        }
        for selection in s.selections {
            details.append("\(name(selection.list)) \(selection.call) \(selection.indexPath)")
        }
        for state in s.controlStates {
            // Short, as an action's sender is: the control's id, named in full on the touch's own line.
            details.append("highlight: \(state.view) \(state.isHighlighted ? "on" : "off")")
        }
        for e in s.policyEffects {
            details.append("policy \(e.policy): \(e.outcome) \(e.firstResponder)")
        }
        for c in s.firstResponderChanges {
            details.append("first responder: \(name(c.from)) -> \(name(c.to)) (\(c.reason))")
        }
        if let k = s.keyWindowChange { details.append("key window: \(name(k.from)) -> \(name(k.to))") }
        for r in s.refusals { details.append("refused: \(name(r.responder)) \(r.reason) (\(r.why))") }
        for visible in s.keyboardChanges { details.append(visible ? "keyboard shown" : "keyboard hidden") }
        for n in s.notes { details.append("note: \(n)") }
        for d in details { out += wrap.lines("      ", [.prose(d)], indent: 8) }
        if let explanation = line.explanation {
            for l in explanation.split(separator: "\n", omittingEmptySubsequences: false) {
                // The explanation is a tree indented by depth: its indentation is kept, and continues deeper.
                let body = l.drop { $0 == " " }
                let depth = l.count - body.count
                out += wrap.lines(
                    "      | " + String(repeating: " ", count: depth), [.prose(String(body))], indent: 12 + depth)
            }
        }
        for d in line.divergences {
            // Each line of a wrapped divergence painted on its own, so that no colour runs past a line's end.
            let text = wrap.lines("   !  ", [.prose(d.summary)], indent: 6)
            for l in text.split(separator: "\n") { out += style.paint(String(l), "1;31") + "\n" }
        }
        return out
    }

    /// The closing line of a session.
    public static func summary(lines: Int, divergences: Int, warnings: [ReplayWarning]) -> String {
        "\(lines) input record\(lines == 1 ? "" : "s") replayed, \(divergences) divergence\(divergences == 1 ? "" : "s"), \(warnings.count) warning\(warnings.count == 1 ? "" : "s")\n"
    }

    static func time(_ t: Double) -> String {
        let ms = Int((t * 1000).rounded())
        let frac = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }
}

/// Writes a session's timeline, folding runs of key presses into one line (typing 18 characters is one thing to a
/// QA engineer; a divergence, an action or a first-responder change always gets its own line).
public struct TimelineWriter {
    var keys: [ReplayLine] = []
    /// Width and colour (``TimelineFormatter/block(_:style:)``).
    var style: FormatOptions

    public init(style: FormatOptions = FormatOptions()) { self.style = style }

    /// The text to print for `line` now (may be empty while a run of keys continues).
    public mutating func add(_ line: ReplayLine) -> String {
        if isPlainKey(line) {
            if let first = keys.first,
                first.step.keyInputReceiver != line.step.keyInputReceiver
                    || first.step.keyInputReceiverHidden != line.step.keyInputReceiverHidden
            {
                let out = flush()
                keys = [line]
                return out
            }
            keys.append(line)
            return ""
        }
        return flush() + TimelineFormatter.block(line, style: style)
    }

    /// The text still held back (call at the end of the session).
    public mutating func finish() -> String { flush() }

    mutating func flush() -> String {
        defer { keys.removeAll() }
        guard let first = keys.first, let last = keys.last else { return "" }
        if keys.count == 1 { return TimelineFormatter.block(first, style: style) }
        let characters = keys.reduce(0) { n, line in
            if case .key(let key) = line.record { return n + key.length }
            return n
        }
        let receiver = first.step.keyInputReceiver.map { first.labels[$0] ?? $0 } ?? "nothing"
        let hidden = first.step.keyInputReceiverHidden ? " (hidden!)" : ""
        return TextWrapper(width: style.width).lines(
            "t=\(TimelineFormatter.time(first.t))..\(TimelineFormatter.time(last.t))  lines \(first.seq)-\(last.seq)  ",
            [.prose("\(keys.count) keys (\(characters) characters) to \(receiver)\(hidden)")], indent: 6)
    }

    func isPlainKey(_ line: ReplayLine) -> Bool {
        guard case .key = line.record else { return false }
        let s = line.step
        return line.divergences.isEmpty && s.actions.isEmpty && s.firstResponderChanges.isEmpty
            && s.keyboardChanges.isEmpty && s.notes.isEmpty && s.policyEffects.isEmpty && s.selections.isEmpty
    }
}
