import Foundation
import Testing
import TouchlogFormat

/// The encoder is the decoder's inverse: every record of every sample log, encoded and decoded again, is the same
/// typed value. The recorder writes through this encoder, so this is what makes its lines mean what it meant.
@Suite struct RecordEncodingTests {
    static let samples: [URL] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("sample-logs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { folder.appendingPathComponent($0) }
    }()

    @Test func theSamplesAreFound() { #expect(Self.samples.count >= 12) }

    @Test(arguments: samples)
    func everySampleRecordRoundTrips(_ url: URL) throws {
        var records: [Record] = []
        var decoder = LogDecoder(file: url.lastPathComponent, keepText: true) { event in
            if case .record(let decoded) = event { records.append(decoded.record) }
        }
        decoder.readAll(text: try String(contentsOf: url, encoding: .utf8))
        #expect(records.count > 3)
        for record in records {
            var line = ""
            record.writeLine(into: &line)
            #expect(line.hasSuffix("\n") && line.dropLast().firstIndex(of: "\n") == nil)
            guard let object = try JSONReader.parse(String(line.dropLast())).objectValue else {
                Issue.record("not an object: \(line)")
                continue
            }
            var expected = record
            // Window policies touchlog does not know are kept beside the hierarchy, not in it; the encoder writes
            // the hierarchy.
            if case .snapshot(var snapshot) = expected {
                snapshot.unknownPolicies = []
                expected = .snapshot(snapshot)
            }
            #expect(try Record(decoding: object) == expected, "\(url.lastPathComponent): \(line)")
            // Snapshots are written straight to bytes: the same bytes as their JSON value.
            if case .snapshot(let snapshot) = record {
                #expect(line == JSONValue.object(snapshot.jsonObject).serialized() + "\n")
            }
        }
    }

    @Test func aTouchLineIsItsJSONObjectInTheCanonicalOrder() {
        let touch = TouchRecord(
            t: 1.25, touch: .number(3), phase: .began, x: 301.5, y: 212, window: "w", tapCount: 1, event: 2, view: "v")
        var line = ""
        Record.touch(touch).writeLine(into: &line)
        #expect(line == JSONValue.object(touch.jsonObject).serialized() + "\n")
        let bare = TouchRecord(t: 0.001, touch: .string("a\"b"), phase: .moved, x: -1, y: 1e20)
        var bareLine = ""
        Record.touch(bare).writeLine(into: &bareLine)
        #expect(bareLine == JSONValue.object(bare.jsonObject).serialized() + "\n")
        #expect(
            line
                == #"{"type":"touch","t":1.25,"touch":3,"phase":"began","x":301.5,"y":212,"window":"w","tapCount":1,"event":2,"view":"v"}"#
                + "\n")
    }
}
