import CZlib

/// A worker's result as the stores keep it: zlib-compressed, after a 4-byte little-endian length of the text.
///
/// Results are JSON whose scenes name the same classes and identifiers over and over; compressed they take about a
/// third of the space (the samples' results: 18 KB to 5 KB), and a shared database keeps one per session and
/// configuration. The stores compress on the way in and expand on the way out, so the text the report reads is the
/// text the worker stored.
enum StoredText {
    /// The compressed form of `text`.
    static func pack(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        let length = UInt32(bytes.count)
        var capacity = compressBound(uLong(bytes.count))
        var packed = [UInt8](repeating: 0, count: 4 + Int(capacity))
        for k in 0..<4 { packed[k] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(k))) }
        let status = packed.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress! + 4, &capacity, input.baseAddress, uLong(input.count), 6)
            }
        }
        // compress2 fails only without memory or with a buffer below compressBound, which this is not.
        precondition(status == Z_OK, "zlib compress2 failed (\(status))")
        packed.removeSubrange((4 + Int(capacity))...)
        return packed
    }

    /// The text `pack` compressed, or nil when `packed` is not such a text (damaged in the database).
    static func unpack(_ packed: [UInt8]) -> String? {
        guard packed.count >= 4 else { return nil }
        let length = (0..<4).reduce(0) { $0 | Int(packed[$1]) << (8 * $1) }
        // A result is a session's findings: far below this, so a larger length means damage, not a result.
        guard length <= 1 << 30 else { return nil }
        if length == 0 { return "" }
        var text = [UInt8](repeating: 0, count: length)
        var written = uLongf(length)
        let status = text.withUnsafeMutableBufferPointer { out in
            packed.withUnsafeBufferPointer { input in
                uncompress(out.baseAddress, &written, input.baseAddress! + 4, uLong(input.count - 4))
            }
        }
        guard status == Z_OK, written == length else { return nil }
        return String(validating: text, as: UTF8.self)
    }
}
