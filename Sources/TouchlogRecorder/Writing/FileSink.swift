#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Writes a recording to `<directory>/<name>.jsonl`, and its continuations to `<name>-2.jsonl`, `<name>-3.jsonl`…
///
/// POSIX `write` of whole batches of lines, with no buffering of its own: what the writer hands over is in the
/// kernel when `write` returns, so a crash of the app (not of the device) loses nothing written, and a cut can only
/// fall inside the batch being written.
public final class FileSink: RecordingSink, @unchecked Sendable {
    public let directory: String
    public let name: String
    private var descriptor: Int32 = -1

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init(directory: String, name: String) throws {
        self.directory = directory
        self.name = name
        try open(path(part: 1))
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The file of part `part`.
    public func path(part: Int) -> String {
        part == 1 ? "\(directory)/\(name).jsonl" : "\(directory)/\(name)-\(part).jsonl"
    }

    public func write(_ lines: [UInt8]) throws {
        try lines.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Failure(description: "cannot write the recording \(name): errno \(errno)")
                }
                offset += written
            }
        }
    }

    public func synchronize() throws {
        if fsync(descriptor) != 0 { throw Failure(description: "cannot sync the recording \(name): errno \(errno)") }
    }

    public func startFile(part: Int) throws {
        close(descriptor)
        descriptor = -1
        try open(path(part: part))
    }

    private func open(_ path: String) throws {
        descriptor = systemOpen(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644)
        if descriptor < 0 { throw Failure(description: "cannot create \(path): errno \(errno)") }
    }
}

/// The C library's `write` and `open`, named apart from the methods of the same names.
private func systemWrite(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(fd, bytes, count)
}

private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
