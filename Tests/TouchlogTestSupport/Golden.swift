import Foundation
import Testing

/// Golden files for every test target: one comparison and one recording rule, so they cannot drift apart.
public enum Golden {
    /// Whether this run re-records golden files (`TOUCHLOG_RECORD=1`).
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["TOUCHLOG_RECORD"] == "1" }

    /// Compares `actual` with the file `name` in `folder`. With `TOUCHLOG_RECORD=1` it writes the file instead and
    /// fails the test, so CI never records silently; a missing file fails with how to record it.
    public static func expect(
        _ actual: String, _ name: String, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = folder.appendingPathComponent(name)
        if isRecording {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            Issue.record("recorded Golden/\(name); run again without TOUCHLOG_RECORD", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "missing golden file Golden/\(name); run with TOUCHLOG_RECORD=1 to record it",
                sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "differs from Golden/\(name)", sourceLocation: sourceLocation)
    }
}
