import Foundation
import TouchlogTestSupport

extension RecordingCheck {
    /// The folder of golden recordings beside these tests.
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")
}
