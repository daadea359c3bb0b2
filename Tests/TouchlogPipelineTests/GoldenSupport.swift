import Foundation
import Testing
import TouchlogTestSupport

/// The package root, found from this file (Tests/TouchlogPipelineTests/GoldenSupport.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Compares `actual` with `Golden/<name>` beside these tests (see ``Golden/expect(_:_:in:sourceLocation:)``).
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try Golden.expect(
        actual, name, in: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden"),
        sourceLocation: sourceLocation)
}
