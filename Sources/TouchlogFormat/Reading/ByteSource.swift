#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a recording's bytes come from: a file or pipe (``DescriptorSource``), or the same decompressed
/// (``GzipSource``). ``ChunkedLineReader`` reads from one, a chunk at a time.
public protocol ByteSource: AnyObject {
    /// Fills the start of `buffer`; returns how many bytes it wrote, 0 at the end of the input.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// Bytes taken from the file so far (compressed bytes for a compressed input), for progress against its size.
    var position: Int { get }
    /// Once the input has ended: why its data stopped before its format says it does (a gzip file cut off), or nil.
    /// The bytes before the cut were handed out as usual, as a plain file cut at the same place hands out its own.
    var cutShort: String? { get }
}

extension ByteSource {
    /// A plain file or pipe has no format of its own to end early: nil.
    public var cutShort: String? { nil }
}

/// A file descriptor, read as it is (not closed here).
public final class DescriptorSource: ByteSource {
    public let descriptor: Int32
    public private(set) var position = 0

    public init(_ descriptor: Int32) { self.descriptor = descriptor }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress!, buffer.count)
            if count >= 0 {
                position += count
                return count
            }
            if errno != EINTR { throw ChunkedLineReader.ReadError(errno: errno) }
        }
    }
}

extension ByteSource {
    /// Reads until `count` bytes or the end of input, retrying short reads (pipes deliver in pieces).
    public func read(upTo count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        var filled = 0
        while filled < bytes.count {
            let got = try bytes.withUnsafeMutableBytes {
                try read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]))
            }
            if got == 0 { break }
            filled += got
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }
}

/// `read(2)`, named apart from ``ByteSource/read(into:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}
