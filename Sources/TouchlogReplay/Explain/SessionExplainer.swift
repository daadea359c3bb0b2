import ResponderCore
import TouchlogFormat

/// `touchlog explain`: the hierarchy as replay left it at time T, the hit test of a point with why each view on
/// the way was passed over, and the responder chain from the hit view.
public enum SessionExplainer {
    /// Replays the records up to and including `t` and explains `point`.
    public static func explain(
        _ records: some SessionRecords, session: String, at t: Double, point: Point,
        options: ReplayOptions = ReplayOptions()
    ) throws -> String {
        var replayer = SessionReplayer(session: session, options: options, detail: .divergences)
        var lastSeq = 0
        var sawSnapshot = false
        var end: Double?
        var hasSnapshot = false
        try records.forEachRecord { record in
            if case .snapshot = record.record { hasSnapshot = true }
            guard let rt = record.t else {
                try replayer.feed(record) { _ in }
                return
            }
            end = max(end ?? rt, rt)
            guard rt <= t else { return }
            lastSeq = record.seq
            if case .snapshot = record.record { sawSnapshot = true }
            try replayer.feed(record) { _ in }
        }
        // Past the last record nothing was recorded: explaining the final state as that moment's would mislead.
        if let end, t > end { throw ExplainError.pastEnd(session: session, t: t, end: end) }
        // A session without any snapshot has no moment with a hierarchy: no later --at would help.
        guard hasSnapshot else { throw ReplayError.noSnapshot(session: session) }
        // Before the first snapshot there is no hierarchy to explain.
        guard sawSnapshot else { throw ReplayError.noSnapshotBefore(session: session, t: t) }
        try replayer.finish { _ in }
        guard let model = replayer.model else { throw ReplayError.noSnapshot(session: session) }
        var out = "session \(session) at t=\(formatNumber(t)) (replayed through line \(lastSeq))\n\n"
        out += "hierarchy:\n" + hierarchy(model)
        out +=
            "\nfirst responder: \(model.firstResponder.map { model.label($0) } ?? "none"); keyboard \(model.keyboardVisible ? "up" : "hidden")\n\n"
        let explanation = model.explainHitTest(screenPoint: point)
        out += model.describe(explanation) + "\n"
        return out
    }

    /// The view tree, one view per line, indented by depth, with its screen frame and notable flags.
    static func hierarchy(_ model: ResponderModel) -> String {
        var out = ""
        for ref in model.allViews {
            guard let info = model.info(ref) else { continue }
            let depth = model.path(of: ref).count - 1
            var flags: [String] = []
            if info.isHidden { flags.append("hidden") }
            if info.alpha < 1 { flags.append("alpha \(formatNumber(info.alpha))") }
            if !info.isUserInteractionEnabled { flags.append("interaction off") }
            if info.isControl && !info.isEnabled { flags.append("disabled") }
            if model.firstResponder == ref { flags.append("first responder") }
            if model.keyWindowRef == ref { flags.append("key window") }
            let frame = model.screenFrame(of: ref).map { " \($0)" } ?? ""
            out += String(repeating: "  ", count: depth + 1) + model.label(ref) + frame
            out += flags.isEmpty ? "\n" : "  [" + flags.joined(separator: ", ") + "]\n"
        }
        return out
    }
}

/// Why `explain` cannot explain the moment asked for.
public enum ExplainError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--at` is later than the session's last record.
    case pastEnd(session: String, t: Double, end: Double)

    public var description: String {
        switch self {
        case .pastEnd(let session, let t, let end):
            "session \"\(session)\" ends at t=\(formatNumber(end)) (its last record), and --at \(formatNumber(t)) is past its end, where nothing was recorded; give a moment from 0 to \(formatNumber(end))"
        }
    }
}
