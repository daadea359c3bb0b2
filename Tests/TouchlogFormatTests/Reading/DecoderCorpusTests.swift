import Foundation
import Testing

@testable import TouchlogFormat

/// Replays the corpus the JSON Lines fuzzer found (Tests/Fuzz/run-fuzzers.sh jsonl, minimised): for every input,
/// what the decoder promises holds: an accepted record decodes into its typed form, what is stored for it is JSON
/// that reads back, every diagnostic names a line of the input, and a second decoding gives the same sessions.
@Suite struct DecoderCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    static let corpus: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    static func events(_ bytes: [UInt8]) -> [LogEvent] {
        var events: [LogEvent] = []
        var decoder = LogDecoder(file: "corpus", keepText: false) { events.append($0) }
        try? decoder.readAll(source: BytesSource(bytes, step: 61))
        return events
    }

    @Test(arguments: corpus)
    func keepsItsPromises(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let events = Self.events(bytes)
        for event in events {
            switch event {
            case .record(let record):
                // What is stored reads back as the record the decoder made of the line.
                if let json = record.json {
                    let back = try? JSONReader.parse(json).objectValue.map { try Record(decoding: $0) }
                    #expect(back == record.record, "line \(record.line)")
                }
            case .diagnostic(let diagnostic):
                #expect(diagnostic.line >= 0 && diagnostic.line <= lines)
            case .rejected(let line, _):
                #expect(line.line >= 1 && line.line <= lines)
            case .sessionStarted, .sessionEnded:
                break
            }
        }
        let hashes = { (events: [LogEvent]) in
            events.compactMap { if case .sessionEnded(let s) = $0 { s.contentHash } else { nil } }
        }
        #expect(hashes(Self.events(bytes)) == hashes(events))
    }

    @Test func theCorpusIsCheckedIn() {
        #expect(Self.corpus.count >= 50, "run UPDATE_CORPUS=1 Tests/Fuzz/run-fuzzers.sh SECONDS jsonl")
    }
}
