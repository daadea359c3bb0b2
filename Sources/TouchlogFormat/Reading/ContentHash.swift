/// A fast 64-bit hash of a session's lines, to recognise content ingested before. Not cryptographic: it
/// guards against re-ingesting the same recording, not against an adversary. Eight bytes per step keeps it
/// far below the cost of parsing.
struct ContentHash {
    private(set) var value: UInt64 = 0x243F_6A88_85A3_08D3

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else {
            mix(0x0A)
            return
        }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            mix(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(base[index]) << shift
            shift += 8
            index += 1
        }
        // The length separates lines, so moving bytes between lines changes the hash.
        mix(tail ^ (UInt64(bytes.count) << 56) ^ 0x0A)
    }

    @inline(__always) private mutating func mix(_ word: UInt64) {
        value = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 31
    }
}
