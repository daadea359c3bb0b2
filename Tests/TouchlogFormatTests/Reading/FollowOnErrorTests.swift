import Testing

@testable import TouchlogFormat

/// One bad snapshot used to produce an error for every later event ("record before the session's first
/// snapshot"): the cause is said once, its consequences are counted.
@Suite struct FollowOnErrorTests {
    /// A session whose snapshot line holds one byte that is not UTF-8, followed by `events` touch records.
    static func sessionWithUnreadableSnapshot(events: Int) -> String {
        let snapshot = Lines.snapshot.replacingOccurrences(of: "UIWindow", with: "UIWin\u{FFFD}dow")
        let touches = (0..<events).map {
            Lines.touch(1 + Double($0) / 10, phase: $0 % 2 == 0 ? "began" : "ended", id: $0 / 2)
        }
        return ([Lines.header(), snapshot] + touches).joined(separator: "\n") + "\n"
    }

    @Test func anUnreadableSnapshotIsReportedOnceAndItsConsequencesCounted() {
        // The replacement character stands in for the invalid byte: the decoder sees the bytes below.
        var bytes = Array(Self.sessionWithUnreadableSnapshot(events: 27).utf8)
        let marker: [UInt8] = [0xEF, 0xBF, 0xBD]
        let at = (0..<bytes.count - 2).first { Array(bytes[$0..<$0 + 3]) == marker }!
        bytes.replaceSubrange(at..<at + 3, with: [0xFF])
        let log = DecodedLog(bytes: bytes)
        #expect(log.errors.count == 2, "\(log.printed)")
        #expect(log.errors[0].line == 2)
        #expect(log.errors[0].message.contains("UTF-8"))
        #expect(
            log.errors[1].message
                == "27 records before the session's first snapshot (lines 3-29, not listed one by one): they follow from line 2, which was rejected (a snapshot that could not be read?)"
        )
        // Every refused line is still kept aside (for --keep-going), the suppressed ones included.
        #expect(log.rejected.count == 28)
        #expect(log.summaries.first?.rejected == 28)
    }

    @Test func aMissingSnapshotIsSaidOnTheFirstEventAndTheRestCounted() {
        let text =
            ([Lines.header()]
            + (0..<5).map { Lines.touch(Double($0), phase: $0 % 2 == 0 ? "began" : "ended", id: $0 / 2) })
            .joined(separator: "\n") + "\n"
        let log = DecodedLog(text)
        #expect(log.errors.map(\.line) == [2, 3])
        #expect(log.errors[0].message == "\"touch\" record before the session's first snapshot")
        #expect(log.errors[1].message.hasPrefix("4 more records before the session's first snapshot (lines 3-6"))
        #expect(log.errors[1].message.hasSuffix("the session has no snapshot before them"))
    }

    @Test func otherErrorsAfterARejectedLineAreStillListed() {
        // Only the errors that follow from the missing snapshot are counted; a different error is its own.
        let text = Lines.session([
            Lines.touch(1), #"{"type":"touch","t":2,"touch":1,"phase":"sideways","x":1,"y":1,"window":"w1"}"#,
            #"{"type":"key","t":"soon","length":1}"#,
        ])
        let log = DecodedLog(text)
        #expect(log.errors.count == 2, "\(log.printed)")
    }
}

extension DecodedLog {
    /// Decodes raw bytes (which may not be UTF-8), as a file's would be.
    init(bytes: [UInt8], file: String = "test.jsonl") {
        var collected: [LogEvent] = []
        var decoder = LogDecoder(file: file, keepText: false) { collected.append($0) }
        let source = BytesSource(bytes)
        try! decoder.readAll(source: source)
        self.init(events: collected)
    }

    init(events: [LogEvent]) { self.events = events }
}

/// Bytes in memory as a ``ByteSource``, handed out a few at a time to cross chunk boundaries.
final class BytesSource: ByteSource {
    private let bytes: [UInt8]
    private let step: Int
    private(set) var position = 0

    init(_ bytes: [UInt8], step: Int = 7) {
        self.bytes = bytes
        self.step = step
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(step, buffer.count, bytes.count - position)
        bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + position, byteCount: count) }
        position += count
        return count
    }
}
