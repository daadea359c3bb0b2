import CZlib

/// A gzip-compressed input, decompressed as it is read (zlib's inflate), so a compressed recording streams in
/// flat memory like a plain one. Files made of several gzip members (`cat a.gz b.gz`, what `gzip` itself accepts)
/// are read to the end. A file cut off inside its compressed data (a crash while writing it, a copy that stopped)
/// ends where its data does: what decompressed is handed out, and ``cutShort`` says so, as a plain file cut at the
/// same place would end; damaged data throws.
public final class GzipSource: ByteSource {
    /// Why the compressed data could not be read.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        /// The data is damaged: zlib's reason, and how far into the file.
        case corrupt(reason: String, atByte: Int)
        /// The file ends before its compressed data does: cut off while copying or downloading.
        case truncated(atByte: Int)

        public var description: String {
            switch self {
            case .corrupt(let reason, let offset):
                "the gzip data is damaged near byte \(offset) of the file (\(reason))"
            case .truncated(let offset):
                "the gzip file ends after \(offset) bytes, before its compressed data does (cut off while copying?)"
            }
        }
    }

    /// gzip's magic number, the first two bytes of every gzip file.
    public static func isGzip(_ prefix: some Collection<UInt8>) -> Bool { prefix.starts(with: [0x1F, 0x8B]) }

    private let input: any ByteSource
    private var stream = z_stream()
    private let chunk: UnsafeMutableRawBufferPointer
    /// Compressed bytes already read from the input before this source took over (the format detection's peek).
    private var pending: [UInt8]
    private var inputEnded = false
    /// The compressed bytes handed to zlib so far, for error positions.
    private var consumed = 0
    private var finished = false
    /// Set when the input ended inside a member: the file was cut off.
    public private(set) var truncation: Failure?

    public var cutShort: String? { truncation?.description }

    public var position: Int { input.position }

    /// Decompresses `prefix` (compressed bytes already read from `input`), then the rest of `input`.
    public init(input: any ByteSource, prefix: [UInt8] = []) throws {
        self.input = input
        self.pending = prefix
        chunk = .allocate(byteCount: 64 << 10, alignment: 16)
        // 16 + 15: a gzip wrapper around a deflate stream with zlib's largest window.
        let status = inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            chunk.deallocate()
            throw Failure.corrupt(reason: "zlib could not start (\(status))", atByte: 0)
        }
    }

    deinit {
        inflateEnd(&stream)
        chunk.deallocate()
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !finished, buffer.count > 0 else { return 0 }
        stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = UInt32(min(buffer.count, Int(UInt32.max)))
        while stream.avail_out > 0 {
            if stream.avail_in == 0, try !refill() { break }
            let before = stream.avail_in
            let status = inflate(&stream, Z_NO_FLUSH)
            consumed += Int(before - stream.avail_in)
            switch status {
            case Z_OK, Z_BUF_ERROR:
                continue
            case Z_STREAM_END:
                // Another member may follow; anything else after the last member is what gzip calls trailing
                // garbage, and is ignored as gzip ignores it.
                if stream.avail_in == 0, try !refill() {
                    finished = true
                    return written(buffer)
                }
                guard stream.avail_in >= 2, stream.next_in[0] == 0x1F, stream.next_in[1] == 0x8B else {
                    finished = true
                    return written(buffer)
                }
                inflateReset(&stream)
            default:
                let reason = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                throw Failure.corrupt(reason: reason, atByte: consumed)
            }
        }
        let count = written(buffer)
        if count == 0, inputEnded, stream.avail_in == 0 {
            // The input ended inside a member: the end of what can be read, and said.
            truncation = .truncated(atByte: consumed)
            finished = true
        }
        return count
    }

    private func written(_ buffer: UnsafeMutableRawBufferPointer) -> Int { buffer.count - Int(stream.avail_out) }

    /// Gives zlib the next compressed bytes; false at the end of the input.
    private func refill() throws -> Bool {
        if !pending.isEmpty {
            let count = min(pending.count, chunk.count)
            pending.withUnsafeBytes { chunk.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: count) }
            pending.removeFirst(count)
            return give(count)
        }
        guard !inputEnded else { return false }
        let count = try input.read(into: chunk)
        if count == 0 {
            inputEnded = true
            return false
        }
        return give(count)
    }

    private func give(_ count: Int) -> Bool {
        stream.next_in = chunk.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_in = UInt32(count)
        return true
    }
}
