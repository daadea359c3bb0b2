import Foundation
import Testing

/// Issue 27, item 21: `make record-demo` wrote its replay trace as `replay.jsonl` beside the recordings, so
/// `touchlog ingest .build/record-demo/*.jsonl` failed on it. What the target writes that is not a recording goes to
/// another folder; read from `make -n`, which prints the commands without running them.
@Suite struct RecordDemoTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/make")))
    func recordDemoWritesNothingButRecordingsBesideThem() throws {
        let demo = "/nonexistent/record-demo"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        process.arguments = ["-n", "--no-print-directory", "record-demo", "RECORD_DEMO=\(demo)"]
        process.currentDirectoryURL = Touchlog.packageRoot
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let commands = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        // Every file a command writes: a redirection's target, a --db database.
        let written = commands.split(separator: "\n").flatMap { line -> [String] in
            let words = line.split(separator: " ").map(String.init)
            return zip(words, words.dropFirst()).compactMap { [">", "--db"].contains($0) ? $1 : nil }
        }
        #expect(written.count >= 2, "\(commands)")
        for file in written {
            #expect(
                (file as NSString).deletingLastPathComponent != demo,
                "\(file) is written beside the recordings, which `touchlog ingest \(demo)/*.jsonl` reads")
        }
        // And the recordings are still ingested from there.
        #expect(commands.contains(" \(demo)/*.jsonl"))
    }
}
