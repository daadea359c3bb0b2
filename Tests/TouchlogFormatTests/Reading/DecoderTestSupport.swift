@testable import TouchlogFormat

/// Decodes a log given as text and keeps every event, for assertions.
struct DecodedLog {
    var events: [LogEvent] = []

    init(_ text: String, file: String = "test.jsonl", keepText: Bool = false, redactLabels: Bool = false) {
        var collected: [LogEvent] = []
        var decoder = LogDecoder(file: file, keepText: keepText, redactLabels: redactLabels) { collected.append($0) }
        decoder.readAll(text: text)
        events = collected
    }

    var records: [DecodedRecord] {
        events.compactMap { if case .record(let record) = $0 { record } else { nil } }
    }

    var diagnostics: [Diagnostic] {
        events.compactMap { if case .diagnostic(let diagnostic) = $0 { diagnostic } else { nil } }
    }

    /// Diagnostics as printed, one string each.
    var printed: [String] { diagnostics.map(\.description) }

    var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    var rejected: [RejectedLine] {
        events.compactMap { if case .rejected(let line, _) = $0 { line } else { nil } }
    }

    var summaries: [SessionSummary] {
        events.compactMap { if case .sessionEnded(let summary) = $0 { summary } else { nil } }
    }
}

/// Lines for building small sessions in tests.
enum Lines {
    static func header(_ id: String = "s1") -> String {
        #"{"type":"session","format":"touchlog/1","session":"\#(id)","startedAt":"2026-11-20T10:00:00.000Z","app":{"id":"com.example","version":"1.0","build":"7"},"device":{"model":"iPhone15,2","system":"iOS 17.4"}}"#
    }

    static let snapshot =
        #"{"type":"snapshot","t":0,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,393,852],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,393,852],"subviews":[{"id":"tf1","class":"UITextField","frame":[16,100,300,40],"text":"secret"},{"id":"btn","class":"UIButton","frame":[16,200,100,44]}]}]}],"controllers":[{"id":"vc1","class":"LoginViewController","view":"root"}]}"#

    static func touch(_ t: Double, phase: String = "began", id: Int = 1) -> String {
        #"{"type":"touch","t":\#(t),"touch":\#(id),"phase":"\#(phase)","x":20.5,"y":110,"window":"w1"}"#
    }

    /// A header, a snapshot, then `lines`, newline-terminated.
    static func session(_ lines: [String], id: String = "s1") -> String {
        ([header(id), snapshot] + lines).joined(separator: "\n") + "\n"
    }
}
