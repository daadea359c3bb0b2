import ResponderCore
import Synchronization
import TouchlogFormat
import TouchlogReplay
import TouchlogStore

/// What a rule reads: one analysed session. THE SEAM where replay plugs in, see ``AnalyzedSession``.
public struct RuleContext: Sendable {
    public var session: AnalyzedSession

    public init(session: AnalyzedSession) { self.session = session }

    /// The session a finding should cite.
    public var sessionRef: SessionRef { session.ref }
}

/// A session ready for the rules: its metadata, its records in order, and its replay results.
///
/// Two adapters fill it: ``SessionLoader`` for stored sessions (``replay`` from the session's stored replay run,
/// replayed first when there is none or a stale one) and ``init(jsonLines:source:)`` for rule examples (replayed in
/// memory from the same records), so rules and their examples see the same thing. Rules must not reach around
/// this struct to the database.
public struct AnalyzedSession: Sendable {
    /// Session id, app, device, start and source file.
    public var ref: SessionRef
    /// `device.screen` from the header, for scenes.
    public var screen: Size?
    /// The header's keyboard-dismiss `policies`.
    public var policies: [String]
    /// Every record in `seq` order, the header (seq 1) included.
    public var records: [SessionRecord]
    /// Replay results for this session; nil when replay could not run (e.g. no snapshot).
    public var replay: ReplayFacts?
    /// Human-readable lines for the timeline beside a finding's picture; nil uses ``Timeline/entries(for:)``,
    /// which describes the records themselves. Replay may supply richer lines (what each touch hit, …).
    public var timeline: [TimelineEntry]?

    public init(
        ref: SessionRef, screen: Size? = nil, policies: [String] = [], records: [SessionRecord],
        replay: ReplayFacts? = nil, timeline: [TimelineEntry]? = nil
    ) {
        self.ref = ref
        self.screen = screen
        self.policies = policies
        self.records = records
        self.replay = replay
        self.timeline = timeline
    }

    /// Adapter for stored sessions (``SessionLoader`` calls it).
    public init(info: SessionInfo, records: [StoredRecord], headerLine: Int? = nil, replay: ReplayFacts? = nil) {
        let header = SessionHeader(json: (try? JSONReader.parse(info.headerJSON))?.objectValue ?? [:])
        self.init(
            ref: SessionRef(
                id: info.key, appID: info.appID, appVersion: info.appVersion, appBuild: info.appBuild,
                deviceModel: info.deviceModel, deviceSystem: info.deviceSystem, startedAt: info.startedAt,
                source: info.source, headerLine: headerLine),
            screen: Self.screen(of: header), policies: header.policies,
            records: records.map { SessionRecord(seq: $0.seq, content: $0.content) }, replay: replay)
    }

    /// Adapter for rule examples and tests: one touchlog/1 session as JSON Lines text, validated like ingest.
    /// Throws ``ReportError/invalidExample(rule:reason:)`` (with an empty rule) when the text is not exactly one
    /// valid session.
    public init(jsonLines text: String, source: String = "example.jsonl") throws {
        var header: SessionHeader?
        var headerLine: Int?
        var records: [SessionRecord] = []
        var problems: [String] = []
        var sessions = 0
        var decoder = LogDecoder(file: source, keepText: true) { event in
            switch event {
            case .sessionStarted(let started, let line):
                sessions += 1
                if header == nil {
                    header = started
                    headerLine = line
                }
            case .record(let record):
                if sessions == 1 { records.append(SessionRecord(seq: record.seq, content: record.content)) }
            case .rejected(let line, _):
                if !line.isTruncatedLastLine { problems.append("line \(line.line):\(line.column): \(line.reason)") }
            case .sessionEnded, .diagnostic:
                break
            }
        }
        decoder.readAll(text: text)
        guard let header, problems.isEmpty, sessions == 1 else {
            let reason =
                !problems.isEmpty
                ? problems.joined(separator: "; ")
                : sessions == 0 ? "it has no session header" : "it holds \(sessions) sessions, an example is one"
            throw ReportError.invalidExample(rule: "", reason: reason)
        }
        self.init(
            ref: SessionRef(
                id: header.session, appID: header.appID, appVersion: header.appVersion, appBuild: header.appBuild,
                deviceModel: header.deviceModel, deviceSystem: header.deviceSystem, startedAt: header.startedAt,
                source: source, headerLine: headerLine),
            screen: Self.screen(of: header), policies: header.policies, records: records)
        // Replayed in memory from the same records a stored run is made from; a session replay refuses (no
        // snapshot) gets no facts, like a stored one.
        replay = try? ReplayFacts(replaying: records, session: header.session)
    }

    private static func screen(of header: SessionHeader) -> Size? {
        guard let pair = header.json["device"]?["screen"]?.arrayValue, pair.count == 2,
            let width = pair[0].doubleValue, let height = pair[1].doubleValue
        else { return nil }
        return Size(width, height)
    }

    /// The record with line number `seq`, if any (records are in `seq` order, so this is a binary search).
    public func record(seq: Int) -> SessionRecord? {
        var low = 0
        var high = records.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if records[middle].seq == seq { return records[middle] }
            if records[middle].seq < seq { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }
}

/// One record of an analysed session.
public struct SessionRecord: Sendable, Hashable {
    /// Line number within the session (1 = the header).
    public var seq: Int
    public var content: RecordContent

    public init(seq: Int, content: RecordContent) {
        self.seq = seq
        self.content = content
    }

    public var type: String { content.type }
    public var t: Double? { content.t }
}

/// Replay's results for one session, as rules read them: one ``ReplayStepRow`` per input record (first responder
/// and whether it is hidden, its screen frame, keyboard, key receiver, hit and recorded views, blocked and
/// unreachable controls, cancellations, actions, divergences), plus the model at a moment for pictures and
/// replays with a keyboard-dismiss policy added, both computed on demand from the session's records.
///
/// Stored sessions get their steps from the stored replay run (``SessionLoader``), rule examples from an
/// in-memory replay of the same records (``AnalyzedSession/init(jsonLines:source:)``): the rows are the same.
public struct ReplayFacts: Sendable {
    /// One row per replayed input record, in `seq` order.
    public let steps: [ReplayStepRow]
    private let onDemand: OnDemand

    /// `records` are the session's, used only for ``model(before:)`` and ``steps(adding:)``.
    public init(session: String, steps: [ReplayStepRow], records: [SessionRecord]) {
        self.steps = steps
        onDemand = OnDemand(session: session, records: records)
    }

    /// Replays `records` in memory: the facts a rule example sees. Throws replay's error when the records cannot
    /// be replayed (no snapshot, an event before the first one).
    public init(replaying records: [SessionRecord], session: String) throws {
        let stored = records.map { StoredRecord(seq: $0.seq, content: $0.content) }
        self.init(session: session, steps: try RecordsReplay.steps(session: session, records: stored), records: records)
    }

    /// The step of the input record `seq` (binary search), if it was replayed.
    public func step(seq: Int) -> ReplayStepRow? {
        var low = 0
        var high = steps.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if steps[middle].seq == seq { return steps[middle] }
            if steps[middle].seq < seq { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }

    /// The latest step before record `seq` (the state a record after it finds), if any.
    public func step(before seq: Int) -> ReplayStepRow? {
        var low = 0
        var high = steps.count - 1
        var found: ReplayStepRow?
        while low <= high {
            let middle = (low + high) / 2
            if steps[middle].seq < seq {
                found = steps[middle]
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return found
    }

    /// The model just before record `seq`, replayed from the records (for views' classes, paths and scenes).
    public func model(before seq: Int) -> ResponderModel? { onDemand.model(before: seq) }

    /// The steps of a replay with `policy` added (as `touchlog replay --policy +NAME`), of the records up to
    /// `through` (all by default), cached; nil when the session cannot be replayed. Their rows carry the steps'
    /// outcome (first responder, keyboard, key receiver, actions), not the report facts.
    public func steps(adding policy: DismissPolicy, through seq: Int = .max) -> [ReplayStepRow]? {
        onDemand.steps(adding: policy, through: seq)
    }

    /// Caches what is computed on demand; a report analyses one session at a time, the lock only keeps it sound.
    private final class OnDemand: Sendable {
        let session: String
        let records: [StoredRecord]
        let state = Mutex(State())

        struct State {
            var models: [Int: ResponderModel] = [:]
            var policies: [PolicyReplay: [ReplayStepRow]?] = [:]
            /// A replay moving forward through the records, so rules asking for models at ascending moments cost
            /// one pass, not one per question; a question about an earlier moment starts it again.
            var cursor: SessionReplayer?
            var next = 0
            var failed = false
        }

        init(session: String, records: [SessionRecord]) {
            self.session = session
            self.records = records.map { StoredRecord(seq: $0.seq, content: $0.content) }
        }

        func model(before seq: Int) -> ResponderModel? {
            state.withLock { state in
                if let model = state.models[seq] { return model }
                if state.cursor == nil || (state.next > 0 && records[state.next - 1].seq >= seq) {
                    state.cursor = SessionReplayer(session: session, options: ReplayOptions(), detail: .divergences)
                    state.next = 0
                    state.failed = false
                }
                while !state.failed, state.next < records.count, records[state.next].seq < seq {
                    do { try state.cursor!.feed(records[state.next]) { _ in } } catch { state.failed = true }
                    state.next += 1
                }
                guard !state.failed, let model = state.cursor?.model else { return nil }
                // Bounded: a long session asked about many moments keeps only recent answers.
                if state.models.count >= 64 { state.models.removeAll(keepingCapacity: true) }
                state.models[seq] = model
                return model
            }
        }

        struct PolicyReplay: Hashable {
            var policy: DismissPolicy
            var through: Int
        }

        func steps(adding policy: DismissPolicy, through seq: Int) -> [ReplayStepRow]? {
            let key = PolicyReplay(policy: policy, through: seq)
            if let steps = state.withLock({ $0.policies[key] }) { return steps }
            let end = records.firstIndex { $0.seq > seq } ?? records.count
            let steps = try? RecordsReplay.steps(
                session: session, records: Array(records[..<end]),
                options: ReplayOptions(policies: PolicyChanges(added: [policy])), detail: .trace)
            state.withLock { $0.policies[key] = .some(steps) }
            return steps
        }
    }
}
