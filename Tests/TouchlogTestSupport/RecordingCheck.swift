import Foundation
import Testing
import TouchlogFormat

/// Every recording a test makes goes through touchlog's own reader: the `LogDecoder` with its `SessionValidator`
/// (the recorder's tests and its end-to-end stories).
public enum RecordingCheck {
    /// The records of `text`, after checking that no line was rejected and that every record decodes to a type.
    @discardableResult
    public static func records(
        _ text: String, file: String = "recording.jsonl", sourceLocation: SourceLocation = #_sourceLocation
    ) -> [Record] {
        var records: [Record] = []
        var problems: [String] = []
        var decoder = LogDecoder(file: file, keepText: true) { event in
            switch event {
            case .record(let decoded):
                records.append(decoded.record)
            case .rejected(let line, _): problems.append("line \(line.line): \(line.reason)")
            case .diagnostic(let diagnostic): problems.append("\(diagnostic)")
            case .sessionStarted, .sessionEnded: break
            }
        }
        decoder.readAll(text: text)
        #expect(problems.isEmpty, "touchlog refuses the recording: \(problems)", sourceLocation: sourceLocation)
        return records
    }

    /// The snapshot a recording opens with (the record after the header), or a recorded issue.
    public static func openingSnapshot(
        _ records: [Record], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SnapshotRecord {
        let second = records.dropFirst().first
        guard case .snapshot(let snapshot) = second else {
            Issue.record(
                "the recording does not open with a snapshot: \(String(describing: second))",
                sourceLocation: sourceLocation)
            throw OpeningSnapshotMissing()
        }
        return snapshot
    }

    struct OpeningSnapshotMissing: Error {}
}
