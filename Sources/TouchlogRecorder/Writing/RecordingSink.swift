/// Where the writer's bytes go: a file on the device, memory in tests. The writer decides what and when (whole
/// lines, rotation); a sink only stores.
public protocol RecordingSink: AnyObject {
    /// Appends whole lines. One call per batch, so a crash cuts at most the last line.
    func write(_ lines: [UInt8]) throws
    /// Makes what was written durable (`fsync`): on demand, e.g. when the app goes to the background.
    func synchronize() throws
    /// Closes the current file and opens the next (`part` counts from 1, the first file).
    func startFile(part: Int) throws
}

/// Keeps every file in memory: tests and benchmarks.
public final class MemorySink: RecordingSink, @unchecked Sendable {
    /// The files written, in order; the last one is being written.
    public private(set) var files: [String] = [""]
    public private(set) var synchronizations = 0

    public init() {}

    public func write(_ lines: [UInt8]) throws { files[files.count - 1] += String(decoding: lines, as: UTF8.self) }
    public func synchronize() throws { synchronizations += 1 }
    public func startFile(part: Int) throws { files.append("") }
}
