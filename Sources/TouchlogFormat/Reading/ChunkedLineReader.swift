#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a byte source (a file, a pipe, a decompressed file) in fixed-size chunks and hands out its lines without
/// copying them, so memory stays flat whatever the file size.
///
/// Lines longer than a chunk grow the buffer, up to ``FormatLimits/maximumLineBytes``: a longer line (the
/// zero-filled tail of a preallocated file a crash cut, a file that is not a recording) is read past, never held,
/// and handed out as its first bytes with its length (``Line/overlong``), so no input can make the reader hold more.
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
        /// Set when the line is longer than the reader's bound: `bytes` then holds only its first bytes.
        public var overlong: Overlong? = nil
    }

    /// A line longer than the reader holds: how long it was, and what the bytes not held were.
    public struct Overlong: Equatable, Sendable {
        /// The line's length in bytes, without its newline.
        public var length: Int
        /// Every byte past those handed out is NUL (0x00), as in the zero-filled tail of a preallocated file.
        public var restIsNUL: Bool
    }

    /// How many of an overlong line's first bytes are handed out (what is kept of it, and what its errors quote).
    public static let overlongHeadBytes = 4 << 10

    public struct ReadError: Error, CustomStringConvertible {
        public var errno: Int32
        public init(errno: Int32) { self.errno = errno }
        public var description: String { String(cString: strerror(errno)) }
    }

    private let source: any ByteSource
    private let chunkSize: Int
    /// The longest line held, newline included; longer ones are read past (``Line/overlong``).
    public let maximumLineBytes: Int
    private var buffer: UnsafeMutableRawBufferPointer
    /// Bytes read so far, for progress.
    public private(set) var bytesRead: Int = 0

    /// Bytes that were read from the descriptor before the reader took over; they come first.
    private var initialFill = 0

    /// Reads `source` in chunks of `chunkSize` bytes. `prefix` holds bytes already read from it (ingest peeks at
    /// the start of a file to detect its format, and standard input cannot rewind). A line may take at most
    /// `maximumLineBytes` bytes, newline included.
    public init(
        source: any ByteSource, prefix: [UInt8] = [], chunkSize: Int = 1 << 20,
        maximumLineBytes: Int = FormatLimits.maximumLineBytes
    ) {
        self.source = source
        self.chunkSize = max(chunkSize, 16)
        self.maximumLineBytes = max(maximumLineBytes, Self.overlongHeadBytes + 1)
        var size = max(chunkSize, 16)
        while size <= prefix.count { size *= 2 }
        self.buffer = UnsafeMutableRawBufferPointer(start: malloc(size)!, count: size)
        if !prefix.isEmpty {
            prefix.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: prefix.count) }
            initialFill = prefix.count
            bytesRead = prefix.count
        }
    }

    deinit { free(buffer.baseAddress) }

    /// Calls `body` for every line in order; the final line without a newline is passed too.
    public mutating func forEachLine(_ body: (Line) throws -> Void) throws {
        var filled = initialFill
        initialFill = 0
        // Bytes at the front of the buffer already searched for a newline (none there). A prefix is unsearched.
        var scanned = 0
        var lineNumber = 0
        while true {
            if filled == buffer.count {
                // One line fills the whole buffer: double it, up to the bound (below which `filled` stays).
                resize(to: min(buffer.count * 2, maximumLineBytes), keeping: filled)
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
            if filled >= maximumLineBytes {
                // The unfinished line reached the bound without a newline: read past the rest of it.
                lineNumber += 1
                guard let rest = try skipOverlongLine(filled: filled, number: lineNumber, body) else { return }
                filled = rest
                scanned = 0
            }
        }
    }

    /// Hands out the line that fills the first `filled` bytes of the buffer as an overlong one: keeps its first
    /// ``overlongHeadBytes``, reads past the rest into a buffer of one chunk, and calls `body` once its end is
    /// found. Returns how many bytes after its newline are at the front of the buffer, or nil at the end of input.
    private mutating func skipOverlongLine(filled: Int, number: Int, _ body: (Line) throws -> Void) throws -> Int? {
        let head = Self.overlongHeadBytes
        var length = filled
        var restIsNUL = Self.allNUL(UnsafeRawBufferPointer(rebasing: buffer[head..<filled]))
        // Give back what the long line took; a chunk is enough to read past it.
        resize(to: max(chunkSize, 2 * head), keeping: head)
        while true {
            let count = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[head...]))
            bytesRead += count
            let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let found = count == 0 ? nil : memchr(base + head, 0x0A, count)
            let end = found.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? head + count
            if restIsNUL { restIsNUL = Self.allNUL(UnsafeRawBufferPointer(rebasing: buffer[head..<end])) }
            length += end - head
            guard found != nil || count == 0 else { continue }
            try body(
                Line(
                    number: number, bytes: UnsafeBufferPointer(start: base, count: head),
                    endsWithNewline: found != nil, bytesRead: bytesRead,
                    overlong: Overlong(length: length, restIsNUL: restIsNUL)))
            guard found != nil else { return nil }
            let rest = head + count - (end + 1)
            if rest > 0 { memmove(base, base + end + 1, rest) }
            return rest
        }
    }

    /// Makes the buffer `size` bytes, keeping at least its first `count`. `realloc`, because a large buffer grows in
    /// place (the system remaps its pages), so a line near the bound is held once, not once more while it is copied.
    private mutating func resize(to size: Int, keeping count: Int) {
        precondition(count <= size)
        buffer = UnsafeMutableRawBufferPointer(start: realloc(buffer.baseAddress, size)!, count: size)
    }

    /// Whether every byte of `bytes` is 0, read a word at a time (an overlong line may be gigabytes of them).
    private static func allNUL(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let words = bytes.count / 8
        while index < words {
            if bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) != 0 { return false }
            index += 1
        }
        for offset in (words * 8)..<bytes.count where bytes[offset] != 0 { return false }
        return true
    }

    private static func trim(_ start: UnsafeMutablePointer<UInt8>, _ count: Int) -> UnsafeBufferPointer<UInt8> {
        var count = count
        if count > 0, start[count - 1] == 0x0D { count -= 1 }
        return UnsafeBufferPointer(start: start, count: count)
    }
}
