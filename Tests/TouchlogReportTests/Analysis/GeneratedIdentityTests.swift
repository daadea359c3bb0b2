import Foundation
import Testing

@testable import TouchlogReport

/// The analysis identity the AnalysisIdentity plugin generates: present, what the default fingerprint uses, and
/// made by a tool whose hash depends on the analysis's sources and on nothing else (not the checkout folder, not the
/// order it is given the files in).
@Suite struct GeneratedIdentityTests {
    @Test func theGeneratedIdentityIsWhatTheDefaultFingerprintUses() {
        let identity = AnalysisIdentity.current
        #expect(identity.count == 32 && identity.allSatisfy(\.isHexDigit), "\(identity)")
        // The report's own sources and those of replay, the model and the format, not just this module's.
        #expect(GeneratedAnalysisIdentity.sourceFiles > 100)
        let fingerprint = AnalysisFingerprint(configuration: ReportConfiguration(), scenes: true)
        #expect(fingerprint.description.contains(" analysis=\(identity) "))
        #expect(
            fingerprint
                == AnalysisFingerprint(configuration: ReportConfiguration(), scenes: true, analysisIdentity: identity))
        #expect(
            fingerprint.key
                != AnalysisFingerprint(configuration: ReportConfiguration(), scenes: true, analysisIdentity: "other")
                .key)
    }

    /// The plugin's tool, built beside these tests.
    static let tool: URL = {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return products.appendingPathComponent("touchlog-analysis-identity")
    }()

    /// Writes `files` (relative path: contents) under a new folder and returns the tool's hash of them, the paths
    /// given in reverse order when `reversed`.
    static func hash(_ files: [String: String], reversed: Bool = false) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var paths: [String] = []
        for (name, contents) in files.sorted(by: { $0.key < $1.key }) {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let output = root.appendingPathComponent("Generated.swift")
        let process = Process()
        process.executableURL = tool
        process.arguments = [output.path, root.path] + (reversed ? paths.reversed() : paths)
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let text = try String(contentsOf: output, encoding: .utf8)
        return String(try #require(text.firstMatch(of: /sourceHash = "([0-9a-f]{32})"/)).output.1)
    }

    @Test func theToolsHashFollowsTheSourcesAndNothingElse() throws {
        let files = ["Sources/M/A.swift": "let a = 1\n", "Sources/N/B.swift": "let b = 2\n"]
        let base = try Self.hash(files)
        // Another checkout folder, the files in another order: the same identity, so workers share results.
        #expect(try Self.hash(files) == base)
        #expect(try Self.hash(files, reversed: true) == base)
        // A byte changed, a file renamed or moved to another module, text moved from one file to the next, a file
        // added: another identity.
        #expect(try Self.hash(files.merging(["Sources/M/A.swift": "let a = 3\n"]) { $1 }) != base)
        #expect(try Self.hash(["Sources/M/C.swift": "let a = 1\n", "Sources/N/B.swift": "let b = 2\n"]) != base)
        #expect(try Self.hash(["Sources/N/A.swift": "let a = 1\n", "Sources/N/B.swift": "let b = 2\n"]) != base)
        #expect(try Self.hash(["Sources/M/A.swift": "let a = 1\nlet", "Sources/N/B.swift": " b = 2\n"]) != base)
        #expect(try Self.hash(files.merging(["Sources/M/D.swift": ""]) { $1 }) != base)
    }
}
