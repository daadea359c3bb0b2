import ResponderCore
import TouchlogFormat
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
/// **Seam for replay.** Everything here except ``replay`` comes from the store or a rule example's text and is
/// filled today. ``replay`` is nil until TouchlogReplay lands: the integration replaces ``ReplayFacts`` with (or
/// fills it from) replay's stored run for the session, replaying first when there is none or a stale one, in the
/// two adapters below (``SessionLoader`` for stored sessions, ``init(jsonLines:source:)`` for rule examples), so
/// rules and their examples see the same thing. Rules must not reach around this struct to the database.
public struct AnalyzedSession: Sendable {
    /// Session id, app, device, start and source file.
    public var ref: SessionRef
    /// `device.screen` from the header, for scenes.
    public var screen: Size?
    /// The header's keyboard-dismiss `policies`.
    public var policies: [String]
    /// Every record in `seq` order, the header (seq 1) included.
    public var records: [SessionRecord]
    /// Replay results for this session; nil until replay is wired in (or when replay could not run).
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

/// Replay's results for one session, as rules read them. **Placeholder of the replay seam**: empty until
/// TouchlogReplay lands; the integration gives it replay's per-event facts (hit views, deliveries, first
/// responder and keyboard after each event, divergences, the model for scenes) or replaces it with replay's
/// own type.
public struct ReplayFacts: Sendable {
    public init() {}
}
