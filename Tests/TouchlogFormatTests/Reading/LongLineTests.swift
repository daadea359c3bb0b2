import Foundation
import Testing

@testable import TouchlogFormat

/// A line is never held past ``FormatLimits/maximumLineBytes``: the zero-filled tail of a preallocated file a crash
/// cut is read past and kept aside like any cut last line (issue 27, item 1).
@Suite struct LongLineTests {
    /// `bytes`, then `zeros` NUL bytes made as they are read (nothing holds them), then `after`; records the
    /// largest read it was asked for, which is the reader's buffer.
    final class ZeroTailSource: ByteSource {
        private let head: [UInt8]
        private let zeros: Int
        private let tail: [UInt8]
        private(set) var position = 0
        private(set) var largestRead = 0

        init(_ head: [UInt8], zeros: Int, then tail: [UInt8] = []) {
            self.head = head
            self.zeros = zeros
            self.tail = tail
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            largestRead = max(largestRead, buffer.count)
            var written = 0
            while written < buffer.count {
                let offset = position + written
                let room = buffer.count - written
                let count: Int
                if offset < head.count {
                    count = min(room, head.count - offset)
                    head.withUnsafeBytes {
                        (buffer.baseAddress! + written).copyMemory(from: $0.baseAddress! + offset, byteCount: count)
                    }
                } else if offset < head.count + zeros {
                    count = min(room, head.count + zeros - offset)
                    (buffer.baseAddress! + written).initializeMemory(as: UInt8.self, repeating: 0, count: count)
                } else if offset < head.count + zeros + tail.count {
                    let at = offset - head.count - zeros
                    count = min(room, tail.count - at)
                    tail.withUnsafeBytes {
                        (buffer.baseAddress! + written).copyMemory(from: $0.baseAddress! + at, byteCount: count)
                    }
                } else {
                    break
                }
                written += count
            }
            position += written
            return written
        }
    }

    static func decode(_ source: ZeroTailSource) throws -> DecodedLog {
        var events: [LogEvent] = []
        var decoder = LogDecoder(file: "crash.jsonl", keepText: false) { events.append($0) }
        try decoder.readAll(source: source)
        return DecodedLog(events: events)
    }

    @Test func aTailOfZerosLongerThanALineMayBeIsCutLikeACrashCutLineAndNeverHeld() throws {
        let written = Lines.session([Lines.touch(1), Lines.touch(1.1, phase: "ended")])
        let zeros = 3 * FormatLimits.maximumLineBytes
        let source = ZeroTailSource(Array(written.utf8), zeros: zeros)
        let log = try Self.decode(source)
        // Everything before the zeros is kept; the zeros are line 5, named, and the session is truncated.
        #expect(log.records.count == 4)
        #expect(log.errors.isEmpty)
        #expect(
            log.printed == [
                """
                crash.jsonl:5:1: warning: the last line is \(zeros) NUL bytes without a newline, more than the 64 MiB a line may take (the zero-filled tail of a file a crash cut); it is kept aside as a rejected line and the session is marked truncated
                    hint: the recording probably stopped mid-write (a crash); everything before this line is stored
                """
            ])
        #expect(log.summaries.map(\.truncated) == [true])
        #expect(log.rejected.map(\.line) == [5])
        #expect(log.rejected.map(\.isTruncatedLastLine) == [true])
        #expect(log.rejected.first?.text == "")
        // The reader's buffer never grew past the bound (today's reader doubled it to hold the whole line).
        #expect(source.largestRead <= FormatLimits.maximumLineBytes)
    }

    @Test func zerosAfterACutRecordKeepWhatWasWritten() throws {
        let text = Lines.session([Lines.touch(1)]) + #"{"type":"touch","t":2,"touch":1"#
        let log = DecodedLog(text + String(repeating: "\u{0}", count: 5000))
        #expect(log.errors.isEmpty)
        #expect(
            log.printed.first?.hasPrefix(
                "test.jsonl:4:32: warning: the last line ends in 5000 NUL bytes (the zero-filled tail of a file a crash cut)"
            )
                == true)
        #expect(log.summaries.map(\.truncated) == [true])
        #expect(log.rejected.map(\.text) == [#"{"type":"touch","t":2,"touch":1"#])
    }

    @Test func aShortRunOfZerosAtTheEndIsACutLineToo() {
        let log = DecodedLog(Lines.session([Lines.touch(1)]) + String(repeating: "\u{0}", count: 4096))
        #expect(log.errors.isEmpty)
        #expect(log.summaries.map(\.truncated) == [true])
        #expect(log.records.count == 3)
    }

    @Test func anOverlongLineWithLinesAfterItIsAnErrorNamingItAndTheRestIsRead() throws {
        let before = Lines.session([Lines.touch(1)])
        let after = "\n" + Lines.touch(2) + "\n" + Lines.touch(2.1, phase: "ended") + "\n"
        let source = ZeroTailSource(Array(before.utf8), zeros: 200_000, then: Array(after.utf8))
        var lines: [(Int, Int, ChunkedLineReader.Overlong?)] = []
        var reader = ChunkedLineReader(source: source, chunkSize: 4096, maximumLineBytes: 65536)
        try reader.forEachLine { lines.append(($0.number, $0.bytes.count, $0.overlong)) }
        #expect(lines.map(\.0) == [1, 2, 3, 4, 5, 6])
        #expect(lines[3].1 == ChunkedLineReader.overlongHeadBytes)
        #expect(lines[3].2 == ChunkedLineReader.Overlong(length: 200_000, restIsNUL: true))
        #expect(lines.map(\.2).filter { $0 != nil }.count == 1)
        #expect(source.largestRead <= 65536)

        var events: [LogEvent] = []
        var decoder = LogDecoder(file: "gap.jsonl", keepText: false) { events.append($0) }
        var again = ChunkedLineReader(
            source: ZeroTailSource(Array(before.utf8), zeros: 200_000, then: Array(after.utf8)), chunkSize: 4096,
            maximumLineBytes: 65536)
        try again.forEachLine { decoder.consume($0) }
        decoder.finish()
        let log = DecodedLog(events: events)
        #expect(log.errors.map(\.line) == [4])
        #expect(
            log.errors.first?.message
                == "line 4 is 200000 NUL bytes, more than the 64 MiB a line may take; it was read past, not held")
        #expect(log.records.count == 5)
        #expect(log.summaries.map(\.truncated) == [false])
    }

    @Test func linesUpToTheBoundAreReadWhole() throws {
        let long = #"{"type":"x","t":1,"pad":""# + String(repeating: "a", count: 60000) + #""}"#
        let text = Lines.session([long, Lines.touch(2)])
        var lengths: [Int] = []
        var reader = ChunkedLineReader(
            source: ZeroTailSource(Array(text.utf8), zeros: 0), chunkSize: 1024, maximumLineBytes: 65536)
        try reader.forEachLine {
            #expect($0.overlong == nil)
            lengths.append($0.bytes.count)
        }
        #expect(lengths[2] == long.utf8.count)
    }
}
