import ResponderCore
import TouchlogFormat

/// `touchlog explain`: the hierarchy as replay left it at time T, the hit test of a point with why each view on
/// the way was passed over, and the responder chain from the hit view.
public enum SessionExplainer {
    /// Replays the records up to and including `t` and explains `point`, as text.
    public static func explain(
        _ records: some SessionRecords, session: String, at t: Double, point: Point,
        options: ReplayOptions = ReplayOptions()
    ) throws -> String {
        try explanation(records, session: session, at: t, point: point, options: options).text
    }

    /// Replays the records up to and including `t` and explains `point`: what the text and the JSON both print.
    public static func explanation(
        _ records: some SessionRecords, session: String, at t: Double, point: Point,
        options: ReplayOptions = ReplayOptions()
    ) throws -> SessionExplanation {
        let moment = try ReplayedMoment.replay(records, session: session, at: t, options: options)
        return SessionExplanation(
            moment: moment, point: point, hitTest: moment.model.explainHitTest(screenPoint: point))
    }
}

/// The model as replay left it at a moment of a session (every record with t at or before it), and the facts
/// about it that `explain` and `show --at` print.
public struct ReplayedMoment: Sendable {
    public var session: String
    public var t: Double
    /// The last record replayed.
    public var throughLine: Int
    public var model: ResponderModel

    /// Replays `records` up to and including `t`. A moment past the session's end, or before (or without) its
    /// first snapshot, is thrown: there is no hierarchy to show.
    public static func replay(
        _ records: some SessionRecords, session: String, at t: Double, options: ReplayOptions = ReplayOptions()
    ) throws -> ReplayedMoment {
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
        return ReplayedMoment(session: session, t: t, throughLine: lastSeq, model: model)
    }

    /// One view of the hierarchy as replay left it.
    public struct View: Sendable {
        public var ref: ObjectRef
        /// 0 for a window.
        public var depth: Int
        /// In screen coordinates; nil for a view outside every window.
        public var screenFrame: Rect?
        /// Notable state: hidden, alpha, interaction off, disabled, first responder, key window.
        public var flags: [String]
    }

    /// Every live view, windows first, each followed by its subviews.
    public var views: [View] {
        model.allViews.compactMap { ref -> View? in
            guard let info = model.info(ref) else { return nil }
            var flags: [String] = []
            if info.isHidden { flags.append("hidden") }
            if info.alpha < 1 { flags.append("alpha \(formatNumber(info.alpha))") }
            if !info.isUserInteractionEnabled { flags.append("interaction off") }
            if info.isControl && !info.isEnabled { flags.append("disabled") }
            if model.firstResponder == ref { flags.append("first responder") }
            if model.keyWindowRef == ref { flags.append("key window") }
            return View(
                ref: ref, depth: model.path(of: ref).count - 1, screenFrame: model.screenFrame(of: ref), flags: flags)
        }
    }

    /// "first responder: UITextField "Email" #login.email (email); keyboard up at (0, 516, 393, 336) (screen)".
    public var responderLine: String {
        var line = "first responder: \(model.firstResponder.map { model.label($0) } ?? "none"); keyboard "
        if model.keyboardVisible {
            line += "up" + (model.keyboardFrame.map { " at \($0) (screen)" } ?? "")
        } else {
            line += "hidden"
        }
        return line
    }

    /// The view tree, one view per line, indented by depth, with its screen frame and notable flags.
    public var hierarchyText: String {
        var out = ""
        for view in views {
            let frame = view.screenFrame.map { " \($0)" } ?? ""
            out += String(repeating: "  ", count: view.depth + 1) + model.label(view.ref) + frame
            out += view.flags.isEmpty ? "\n" : "  [" + view.flags.joined(separator: ", ") + "]\n"
        }
        return out
    }
}

/// What `touchlog explain` found at a moment and a point: ``text`` for people, ``json`` for tools, made from the
/// same facts.
public struct SessionExplanation: Sendable {
    public var moment: ReplayedMoment
    /// In screen points.
    public var point: Point
    public var hitTest: HitTestExplanation

    public var text: String {
        let model = moment.model
        var out =
            "session \(moment.session) at t=\(formatNumber(moment.t)) (replayed through line \(moment.throughLine))\n\n"
        out += "hierarchy (frames in screen coordinates):\n" + moment.hierarchyText
        out += "\n" + moment.responderLine + "\n\n"
        out += model.describe(hitTest) + "\n"
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
