/// FNV-1a over bytes: a hash that is the same on every platform, run and machine (Swift's `Hasher` is seeded per
/// process), for ids and keys that must not change between runs: imported sessions' ids, redacted labels' tokens,
/// problem fingerprints, analysis fingerprints. Not cryptographic: nothing here needs to resist a forger.
public enum StableHash {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// FNV-1a, 64 bits.
    public static func fnv1a64<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    /// 128 bits: two FNV-1a passes in one loop, the second from another offset basis over bytes xor 0x5A, so the
    /// halves do not move together.
    public static func fnv1a128<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> (high: UInt64, low: UInt64) {
        var high = offsetBasis
        var low: UInt64 = 0x6c62_272e_07bb_0142
        for byte in bytes {
            high = (high ^ UInt64(byte)) &* prime
            low = (low ^ UInt64(byte ^ 0x5A)) &* prime
        }
        return (high, low)
    }

    /// `value` as 16 hex digits, zero-padded.
    public static func hex(_ value: UInt64, uppercase: Bool = false) -> String {
        let digits = String(value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
