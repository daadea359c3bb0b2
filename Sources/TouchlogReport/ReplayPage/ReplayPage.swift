import ResponderCore
import TouchlogFormat
import TouchlogReplay

/// `touchlog replay SESSION --format html`: one self-contained page to scrub a session like a video, written as the
/// session replays.
///
/// The data comes from the replay stream the text timeline reads (``SessionReplay/replay(_:session:options:detail:presentation:observer:emit:)``):
/// every ``ReplayLine`` becomes one event of the page, and a ``ReplayObserver`` beside it reads the live model after
/// each record that can move, add, remove, hide or fade a view, to keep the screen's drawing (keyframes and deltas,
/// ``ReplayPageEncoder``). The report's rules watch the same replay (``SessionAnalysis``), so the page marks their
/// findings. Nothing of the session is held: events are encoded and written as they come, and what is kept is
/// bounded (the latest screen, the view ids and names, at most ``ReplayPageLimits/explanationBytes`` of hit-test
/// explanations, ``ReplayPageLimits/descriptionBytes`` of descriptions and ``ReplayPageLimits/findings`` findings).
///
/// ```swift
/// let summary = try ReplayPage.write(session, options: ReplayOptions()) { print($0, terminator: "") }
/// ```
public enum ReplayPage {
    /// What a page holds, for the command's messages and the tests.
    public struct Summary: Sendable {
        /// Input records replayed: the page's events.
        public var events: Int
        public var divergences: Int
        public var findings: Int
        /// Hit-test explanations on the page; the other new touches name the `touchlog explain` command instead.
        public var explanations: Int
        public var warnings: [ReplayWarning]
    }

    /// `replay-SESSION.html`: the name the HTML report links a finding's moment to (`#t=` after it) and
    /// `touchlog report --replay-pages` writes. Characters other than letters, digits, `.`, `_` and `-` become `_`,
    /// so that any session id makes one file name in the folder; an id that needed that also gets its own hash
    /// (`replay-a_b-1c2d3e4f.html`), so that `a/b`, `a:b` and `a_b` do not write one file over another.
    public static func fileName(session: String) -> String {
        var replaced = false
        let safe = session.unicodeScalars.map { scalar -> String in
            let ok =
                scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || ".-_".unicodeScalars.contains(scalar))
            if !ok { replaced = true }
            return ok ? String(scalar) : "_"
        }.joined()
        guard replaced else { return "replay-\(safe).html" }
        let hash = StableHash.hex(StableHash.fnv1a64(session.utf8)).suffix(8)
        return "replay-\(safe)-\(hash).html"
    }

    /// Replays `session` and writes its page to `write` in pieces as it goes. `rules` are the rules whose findings
    /// the timeline marks (the report's, with their defaults, unless a configuration says otherwise). Throws replay's
    /// error when the session cannot be replayed (nothing has been written but the page's head then).
    @discardableResult
    public static func write(
        _ session: ReportSession, options: ReplayOptions = ReplayOptions(),
        rules: [ConfiguredRule] = RuleRegistry.all.map { ConfiguredRule($0) },
        limits: ReplayPageLimits = ReplayPageLimits(), write: (String) -> Void
    ) throws -> Summary {
        try withoutActuallyEscaping(write) { write in
            try page(session, options: options, rules: rules, limits: limits, write: write)
        }
    }

    private static func page(
        _ session: ReportSession, options: ReplayOptions, rules: [ConfiguredRule], limits: ReplayPageLimits,
        write: @escaping (String) -> Void
    ) throws -> Summary {
        let screen = session.screen
        let context = SessionContext(ref: session.ref, screen: screen, wantsScenes: false, records: session.records)
        let watcher = PageWatcher(analysis: SessionAnalysis(rules: rules, context: context), screen: screen)
        var encoder = ReplayPageEncoder(limits: limits, write: write)
        write(ReplayPageAssets.head(session.ref))
        let replayer = try SessionReplay.replay(
            session.records, session: session.ref.id, options: options, detail: .trace,
            presentation: ReplayPresentation(describeObjects: false, explainTouches: true), observer: watcher
        ) { line in
            encoder.add(line, screen: watcher.take(line.seq), keyboardFrame: watcher.keyboardFrame)
        }
        encoder.finishEvents()
        let findings = watcher.analysis.findings()
        let meta = PageMeta(
            session: session.ref, screen: screen ?? watcher.screenSeen ?? Size(390, 844), options: options,
            events: encoder.eventCount, divergences: replayer.divergenceCount, warnings: replayer.warnings,
            findings: findings, limits: limits, explanationsKept: encoder.explanationsKept,
            explanationsLeftOut: encoder.explanationsLeftOut)
        write(ReplayPageAssets.tail(meta: meta.json(), strings: encoder.strings.json()))
        return Summary(
            events: encoder.eventCount, divergences: replayer.divergenceCount, findings: findings.count,
            explanations: encoder.explanationsKept, warnings: replayer.warnings)
    }
}

/// What keeps a page light whatever the session's length.
public struct ReplayPageLimits: Sendable, Hashable {
    /// Bytes of hit-test explanation text the page carries (the first new touches' in the session); a touch past
    /// it shows the `touchlog explain` command that prints its explanation.
    public var explanationBytes: Int
    /// Findings marked on the timeline and listed; the rest are counted.
    public var findings: Int
    /// A full drawing of the screen at least every this many changes, so that seeking applies few deltas.
    public var keyframeEvery: Int
    /// Bytes of distinct descriptions (of records, divergences, actions) the page names; past it a record is named
    /// by its type, a divergence by its kind, an action by its name.
    public var descriptionBytes: Int

    public init(
        explanationBytes: Int = 3_000_000, findings: Int = 500, keyframeEvery: Int = 32,
        descriptionBytes: Int = 2_000_000
    ) {
        self.explanationBytes = explanationBytes
        self.findings = findings
        self.keyframeEvery = keyframeEvery
        self.descriptionBytes = descriptionBytes
    }
}

/// The screen's views after a record that changed them, as the page draws them (the report's ``SceneView``s).
struct ScreenChange {
    var views: [SceneView]
}

/// Watches the replay beside the rules: after each record that can change what the screen shows (everything but
/// touches and keys, which move no view in the model), reads the model's views as the report's pictures do
/// (``Scene/init(model:screen:t:touches:hitView:expectedView:keyboardFrame:)``) and keeps them until the record's
/// line is written (two input events later at most).
final class PageWatcher: ReplayObserver {
    let analysis: SessionAnalysis
    let screen: Size?
    /// The screen of a recording without `device.screen`, from its windows.
    var screenSeen: Size?
    /// The keyboard's frame as the latest keyboard notification gave it (kept when it hides: the next show is
    /// drawn there until a notification says otherwise).
    var keyboardFrame: Rect?
    private var pending: [(seq: Int, change: ScreenChange)] = []

    init(analysis: SessionAnalysis, screen: Size?) {
        self.analysis = analysis
        self.screen = screen
    }

    /// The screen change recorded for the line `seq`, if any; drops what is older.
    func take(_ seq: Int) -> ScreenChange? {
        var found: ScreenChange?
        pending.removeAll { entry in
            if entry.seq == seq { found = entry.change }
            return entry.seq <= seq
        }
        return found
    }

    func replayed(_ input: SessionRecord, step: Step, model: ResponderModel) {
        analysis.replayed(input, step: step, model: model)
        switch input.record {
        case .touch, .key:
            return
        case .session, .snapshot, .set, .insert, .remove, .call, .action, .firstResponder, .keyboard, .sent,
            .targetForAction, .keyWindow, .recognizer, .selection, .controlState, .time, .dropped, .otherAppKeyboard,
            .unknown:
            break
        }
        if screen == nil && screenSeen == nil { screenSeen = Scene.screen(of: model) }
        let scene = Scene(model: model, screen: screen ?? screenSeen ?? Size(390, 844), t: input.t ?? 0)
        pending.append((input.seq, ScreenChange(views: scene.views)))
    }

    func recorded(_ record: SessionRecord, model: ResponderModel?) {
        analysis.recorded(record, model: model)
        if case .keyboard(let keyboard) = record.record, keyboard.phase.visibility != false {
            keyboardFrame = keyboard.frame
        }
    }

    func willBegin(_ touch: SessionRecord, model: ResponderModel) {
        analysis.willBegin(touch, model: model)
    }
}

/// The page's facts that are known only at the end: the session, the findings, the counts.
struct PageMeta {
    var session: SessionRef
    var screen: Size
    var options: ReplayOptions
    var events: Int
    var divergences: Int
    var warnings: [ReplayWarning]
    var findings: [Finding]
    var limits: ReplayPageLimits
    var explanationsKept: Int
    var explanationsLeftOut: Int

    func json() -> String {
        let j = PageStrings.json
        let n = NumberText.format
        var out = "{\"session\":\(j(session.id)),\"app\":\(j(session.versionDescription)),"
        out += "\"device\":\(j(session.deviceDescription)),\"started\":\(j(session.startedAt ?? "")),"
        out += "\"recording\":\(j(CoverageText.location(session) ?? "")),"
        out += "\"screen\":[\(n(screen.width)),\(n(screen.height))],\"events\":\(events),"
        out += "\"divergences\":\(divergences),\"warnings\":\(warnings.count),"
        out += "\"explanations\":\(explanationsKept),\"explanationsLeftOut\":\(explanationsLeftOut),"
        var policy = ""
        if !options.policyKey.isEmpty {
            policy = " " + options.policies.added.map { "--policy +\($0.rawValue)" }.joined(separator: " ")
            policy += options.policies.removed.map { " --policy -\($0.rawValue)" }.joined()
        }
        if options.trust == .observed { policy += " --trust observed" }
        out += "\"options\":\(j(policy.trimmingLeadingSpace)),"
        out += "\"findingCount\":\(findings.count),\"findings\":["
        for (k, finding) in findings.prefix(limits.findings).enumerated() {
            if k > 0 { out += "," }
            let views = finding.views.map { view -> String in
                let role = view.role.map { "\($0): " } ?? ""
                return role + view.displayName
            }
            out += "{\"rule\":\(j(finding.ruleID.rawValue)),\"severity\":\(j(finding.severity.rawValue)),"
            out += "\"start\":\(n(finding.span.start)),\"end\":\(n(finding.span.end)),"
            out += "\"records\":\(j(NumberText.ranges(finding.records))),"
            out += "\"fingerprint\":\(j(Signature.fingerprint(finding.signature))),"
            out += "\"explanation\":\(j(finding.explanation)),"
            out += "\"views\":[\(views.map(j).joined(separator: ","))]}"
        }
        out += "]}"
        return out
    }
}

extension String {
    fileprivate var trimmingLeadingSpace: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        return String(text)
    }
}
