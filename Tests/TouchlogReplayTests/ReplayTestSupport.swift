import Foundation
import Testing
import TouchlogFormat
import TouchlogReplay
import TouchlogStore
import TouchlogTestSupport

/// Sample logs and small sessions ingested into in-memory databases.
enum Samples {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var names: [String] {
        let dir = packageRoot.appendingPathComponent("sample-logs")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return files.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
    }

    /// A fresh in-memory database holding one sample log.
    static func database(_ name: String) throws -> TouchlogDatabase {
        try ingest(path: packageRoot.appendingPathComponent("sample-logs/\(name).jsonl").path)
    }

    static func ingest(path: String) throws -> TouchlogDatabase {
        let database = try TouchlogDatabase.inMemory()
        let report = Ingestor(database: database).ingest(.file(path))
        #expect(report.succeeded, "ingest of \(path) failed")
        return database
    }

    /// A database holding a session made of `lines` (header and records as JSON Lines).
    static func session(_ lines: [String]) throws -> TouchlogDatabase {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchlog-replay-\(UUID().uuidString).jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try ingest(path: url.path)
    }

    /// The jsonl trace of every session in the database, in session order.
    static func trace(_ database: TouchlogDatabase, options: ReplayOptions = ReplayOptions()) throws -> String {
        var out = ""
        for info in try database.sessions() {
            try SessionReplay.replay(database.records(of: info), session: info.key, options: options) {
                out += TraceWriter.line($0) + "\n"
            }
        }
        return out
    }

    /// Lines of every session, parsed back.
    static func lines(_ database: TouchlogDatabase, options: ReplayOptions = ReplayOptions()) throws -> [[ReplayLine]] {
        try database.sessions().map {
            try SessionReplay.lines(database.records(of: $0), session: $0.key, options: options).lines
        }
    }
}

/// Compares `actual` with `Golden/<name>` beside these tests (see ``Golden/expect(_:_:in:sourceLocation:)``).
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try Golden.expect(
        actual, name, in: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden"),
        sourceLocation: sourceLocation)
}

extension ReplayLine {
    var type: String { record.typeName }
    var touchPhase: String? {
        if case .touch(let r) = record { return r.phase.name }
        return nil
    }
}
