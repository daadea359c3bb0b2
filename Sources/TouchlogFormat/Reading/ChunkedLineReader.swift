#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a byte source (a file, a pipe, a decompressed file) in fixed-size chunks and hands out its lines without
/// copying them, so memory
/// stays flat whatever the file size. Lines longer than a chunk grow the buffer to fit the longest line.
public struct ChunkedLineReader: ~Copyable {
    /// A line's bytes (without `\n` or a trailing `\r`), valid only during the callback.
    public struct Line {
        /// 1-based line number in the file.
        public var number: Int
        public var bytes: UnsafeBufferPointer<UInt8>
        /// False for a last line that the file ends without a newline.
        public var endsWithNewline: Bool
        /// Bytes read from the descriptor so far (for progress).
        public var bytesRead: Int = 0
    }

    public struct ReadError: Error, CustomStringConvertible {
        public var errno: Int32
        public init(errno: Int32) { self.errno = errno }
        public var description: String { String(cString: strerror(errno)) }
    }

    private let source: any ByteSource
    private var buffer: UnsafeMutableRawBufferPointer
    /// Bytes read so far, for progress.
    public private(set) var bytesRead: Int = 0

    /// Bytes that were read from the descriptor before the reader took over; they come first.
    private var initialFill = 0

    /// Reads `source` in chunks of `chunkSize` bytes. `prefix` holds bytes already read from it (ingest peeks at
    /// the start of a file to detect its format, and standard input cannot rewind).
    public init(source: any ByteSource, prefix: [UInt8] = [], chunkSize: Int = 1 << 20) {
        self.source = source
        var size = max(chunkSize, 16)
        while size <= prefix.count { size *= 2 }
        self.buffer = .allocate(byteCount: size, alignment: 16)
        if !prefix.isEmpty {
            prefix.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: prefix.count) }
            initialFill = prefix.count
            bytesRead = prefix.count
        }
    }

    deinit { buffer.deallocate() }

    /// Calls `body` for every line in order; the final line without a newline is passed too.
    public mutating func forEachLine(_ body: (Line) throws -> Void) throws {
        var filled = initialFill
        initialFill = 0
        // Bytes at the front of the buffer already searched for a newline (none there). A prefix is unsearched.
        var scanned = 0
        var lineNumber = 0
        while true {
            if filled == buffer.count {
                // One line fills the whole buffer: double it.
                let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
                bigger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                buffer.deallocate()
                buffer = bigger
            }
            let count = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            bytesRead += count
            let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let total = filled + count
            var start = 0
            var scanFrom = scanned
            while let newline = memchr(base + scanFrom, 0x0A, total - scanFrom) {
                let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                lineNumber += 1
                try body(
                    Line(
                        number: lineNumber, bytes: Self.trim(base + start, end - start), endsWithNewline: true,
                        bytesRead: bytesRead))
                start = end + 1
                scanFrom = start
            }
            if count == 0 {
                if total > start {
                    lineNumber += 1
                    try body(
                        Line(
                            number: lineNumber, bytes: Self.trim(base + start, total - start), endsWithNewline: false,
                            bytesRead: bytesRead))
                }
                return
            }
            // Keep the unfinished line at the front of the buffer for the next read.
            filled = total - start
            scanned = filled
            if start > 0, filled > 0 { memmove(base, base + start, filled) }
        }
    }

    private static func trim(_ start: UnsafeMutablePointer<UInt8>, _ count: Int) -> UnsafeBufferPointer<UInt8> {
        var count = count
        if count > 0, start[count - 1] == 0x0D { count -= 1 }
        return UnsafeBufferPointer(start: start, count: count)
    }
}
