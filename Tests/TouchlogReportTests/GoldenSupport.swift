import Foundation
import Testing

/// The package root, found from this file (Tests/TouchlogReportTests/GoldenSupport.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Compares `actual` with `Golden/<name>` beside the tests; `TOUCHLOG_RECORD=1` re-records it and fails the test,
/// so CI never records silently.
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
    if ProcessInfo.processInfo.environment["TOUCHLOG_RECORD"] == "1" {
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
