import ResponderCore
import TouchlogFormat

/// One session as a report reads it: who it is (for citing and grouping) and where its typed records come from
/// (the store, a file, an importer, an example).
public struct ReportSession {
    public var ref: SessionRef
    /// `device.screen` from the header, for scenes.
    public var screen: Size?
    public var records: any SessionRecords

    public init(ref: SessionRef, screen: Size? = nil, records: any SessionRecords) {
        self.ref = ref
        self.screen = screen
        self.records = records
    }

    /// One touchlog/1 session as JSON Lines text, validated and decoded like ingest (rule examples, tests, a file
    /// read whole). Throws ``ReportError/invalidExample(rule:reason:)`` (with an empty rule) when the text is not
    /// exactly one valid session.
    public init(jsonLines text: String, source: String = "example.jsonl", keepText: Bool = true) throws {
        var header: SessionHeader?
        var headerLine: Int?
        var records: [SessionRecord] = []
        var problems: [String] = []
        var sessions = 0
        var decoder = LogDecoder(file: source, keepText: keepText) { event in
            switch event {
            case .sessionStarted(let started, let line):
                sessions += 1
                if header == nil {
                    header = started
                    headerLine = line
                }
            case .record(let decoded):
                guard sessions == 1 else { return }
                records.append(SessionRecord(seq: decoded.seq, record: decoded.record))
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
            ref: SessionRef(header: header, source: source, headerLine: headerLine), screen: header.screen,
            records: records)
    }
}

extension SessionRef {
    /// The session a header describes, read from `source` with the header at `headerLine`.
    public init(header: SessionHeader, source: String?, headerLine: Int?) {
        self.init(
            id: header.session, appID: header.appID, appVersion: header.appVersion, appBuild: header.appBuild,
            deviceModel: header.deviceModel, deviceSystem: header.deviceSystem, startedAt: header.startedAt,
            source: source, headerLine: headerLine)
    }
}
