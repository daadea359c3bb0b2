import Foundation
import Testing

@testable import TouchlogFormat

/// Compressed recordings are read as they are, streamed, with a clear error for a damaged or cut-off file.
@Suite struct GzipSourceTests {
    /// `bytes` compressed by the system's gzip.
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain")
        try Data(bytes).write(to: plain)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-n", plain.path]
        try process.run()
        process.waitUntilExit()
        return Array(try Data(contentsOf: folder.appendingPathComponent("plain.gz")))
    }

    static func readAll(_ source: any ByteSource, chunk: Int = 1000) throws -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            if count == 0 { return out }
            out += buffer[..<count]
        }
    }

    static let text = Array((0..<5000).map { "line \($0): {\"type\":\"key\",\"t\":\($0)}\n" }.joined().utf8)

    @Test func decompressesWhatGzipWroteInSmallReadsAndAcrossInputPieces() throws {
        let compressed = try Self.gzip(Self.text)
        // The detection's peek (a prefix) comes first, the rest from the input in odd-sized pieces.
        let source = try GzipSource(
            input: BytesSource(Array(compressed[10...]), step: 333), prefix: Array(compressed[..<10]))
        #expect(try Self.readAll(source, chunk: 997) == Self.text)
        #expect(GzipSource.isGzip(compressed))
        #expect(!GzipSource.isGzip(Self.text))
    }

    @Test func readsEveryMemberOfAConcatenatedFile() throws {
        let first = Array("first member\n".utf8)
        let second = Array("second member\n".utf8)
        let both = try Self.gzip(first) + Self.gzip(second)
        #expect(try Self.readAll(GzipSource(input: BytesSource(both))) == first + second)
    }

    /// A file cut off ends where its data does, as a plain file cut there ends, and says why (issue 27, item 3).
    @Test func aCutOffFileEndsWhereItsDataDoesAndSaysSo() throws {
        let compressed = try Self.gzip(Self.text)
        let cut = Array(compressed[..<(compressed.count / 2)])
        let source = try GzipSource(input: BytesSource(cut, step: 4096))
        let read = try Self.readAll(source)
        #expect(read.count > Self.text.count / 4 && Self.text.starts(with: read))
        #expect(source.truncation == .truncated(atByte: cut.count))
        #expect(source.cutShort?.hasPrefix("the gzip file ends after \(cut.count) bytes") == true)
        #expect(try Self.readAll(source).isEmpty)
    }

    /// A cut-off compressed recording decodes like the plain text it held up to the cut: the same records, the
    /// session truncated, the cut line kept aside; one warning more says the gzip file was cut.
    @Test func aCutOffCompressedRecordingDecodesLikeThePlainTextCutThere() throws {
        let lines = (0..<400).map { Lines.touch(1 + Double($0) / 100, phase: $0 == 0 ? "began" : "moved") }
        let compressed = try Self.gzip(Array(Lines.session(lines).utf8))
        let cut = Array(compressed[..<(compressed.count * 2 / 3)])
        let plain = try Self.readAll(GzipSource(input: BytesSource(cut, step: 4096)))
        let fromPlain = DecodedLog(String(decoding: plain, as: UTF8.self))
        var events: [LogEvent] = []
        var decoder = LogDecoder(file: "test.jsonl", keepText: false) { events.append($0) }
        try decoder.readAll(source: GzipSource(input: BytesSource(cut, step: 4096)))
        let fromGzip = DecodedLog(events: events)
        #expect(fromGzip.records.count > 3)
        #expect(fromGzip.records.map(\.line) == fromPlain.records.map(\.line))
        #expect(fromGzip.summaries.map(\.truncated) == [true])
        #expect(fromGzip.rejected.map(\.line) == fromPlain.rejected.map(\.line))
        #expect(fromGzip.errors.isEmpty)
        #expect(Array(fromGzip.printed.dropLast()) == fromPlain.printed)
        #expect(
            fromGzip.printed.last?.hasPrefix(
                "test.jsonl: warning: the gzip file ends after \(cut.count) bytes, before its compressed data does")
                == true)
    }

    @Test func damagedDataSaysWhereAndWhy() throws {
        var compressed = try Self.gzip(Self.text)
        for k in 40..<60 { compressed[k] ^= 0xA5 }
        #expect {
            try Self.readAll(GzipSource(input: BytesSource(compressed, step: 4096)))
        } throws: { error in
            guard case .corrupt(let reason, let offset)? = error as? GzipSource.Failure else { return false }
            return !reason.isEmpty && offset > 0 && offset <= compressed.count
        }
    }

    @Test func aCompressedRecordingDecodesLikeThePlainOne() throws {
        let text = Lines.session([Lines.touch(1), Lines.touch(1.1, phase: "ended")])
        var plain: [LogEvent] = []
        var decoder = LogDecoder(file: "a", keepText: false) { plain.append($0) }
        try decoder.readAll(source: BytesSource(Array(text.utf8)))
        var unzipped: [LogEvent] = []
        var second = LogDecoder(file: "a", keepText: false) { unzipped.append($0) }
        try second.readAll(source: GzipSource(input: BytesSource(try Self.gzip(Array(text.utf8)))))
        #expect(DecodedLog(events: unzipped).records.count == 4)
        #expect(
            DecodedLog(events: unzipped).summaries.map(\.contentHash)
                == DecodedLog(events: plain).summaries.map(\.contentHash))
    }
}
