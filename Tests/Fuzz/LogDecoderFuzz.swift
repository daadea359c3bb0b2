// libFuzzer harness for the touchlog/1 JSON Lines reader and validator (LogDecoder: the line reader, the JSON
// reader with the touch fast path, the validator, redaction of set-aside lines). Not a SwiftPM target:
// Tests/Fuzz/run-fuzzers.sh compiles it into the TouchlogFormat module (ResponderCore beside it).
//
// Besides "no crash, no hang", every input checks what the decoder promises: a record it accepts decodes into
// its typed form (validation and decoding agree), what it stores for a record is JSON it can read back, every
// diagnostic names a line that exists, and decoding the same bytes again gives the same sessions.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes: [UInt8] =
        if let data, size > 0 { Array(UnsafeBufferPointer(start: data, count: size)) } else { [] }
    let lineCount = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    let events = decode(bytes)
    for event in events {
        switch event {
        case .record(let record):
            if let json = record.json {
                let back = try? JSONReader.parse(json).objectValue.map { try Record(decoding: $0) }
                precondition(back == record.record, "line \(record.line) is stored as text that reads back otherwise")
            }
            precondition(record.line >= 1 && record.line <= lineCount, "record line \(record.line) of \(lineCount)")
        case .diagnostic(let diagnostic):
            precondition(
                diagnostic.line >= 0 && diagnostic.line <= lineCount,
                "diagnostic names line \(diagnostic.line) of \(lineCount)")
            precondition(!diagnostic.message.isEmpty, "diagnostic without a message")
        case .rejected(let line, _):
            precondition(line.line >= 1 && line.line <= lineCount, "rejected line \(line.line) of \(lineCount)")
        case .sessionStarted, .sessionEnded:
            break
        }
    }
    let hashes = events.compactMap { if case .sessionEnded(let s) = $0 { s.contentHash } else { nil } }
    let again = decode(bytes).compactMap { if case .sessionEnded(let s) = $0 { s.contentHash } else { nil } }
    precondition(hashes == again, "a second decoding gave other sessions")
    return 0
}

/// The decoder's events for `bytes`, read in small pieces so that lines cross the reader's chunks.
private func decode(_ bytes: [UInt8]) -> [LogEvent] {
    var events: [LogEvent] = []
    var decoder = LogDecoder(file: "fuzz", keepText: false) { events.append($0) }
    try? decoder.readAll(source: FuzzBytes(bytes))
    return events
}

private final class FuzzBytes: ByteSource {
    private let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(61, buffer.count, bytes.count - position)
        bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + position, byteCount: count) }
        position += count
        return count
    }
}
