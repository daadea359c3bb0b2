import TouchlogFormat

/// The small codes the store writes for enums (a touch's phase, a session's status), read back strictly: a value this
/// touchlog does not define is an error that says so, never a guess. A guessed `began` for an unknown phase code
/// would start a touch the recording never started, and every finding after it would reason on that.
extension TouchPhase {
    public init(storedCode code: Int64, seq: Int) throws(StoreError) {
        guard let byte = UInt8(exactly: code), let phase = TouchPhase(rawValue: byte) else {
            throw StoreError.unknownStoredValue(
                what: "a touch phase code at record \(seq)", value: String(code),
                known: TouchPhase.allCases.map { "\($0.rawValue) (\($0.name))" })
        }
        self = phase
    }
}

extension SessionInfo.Status {
    public init(stored text: String) throws(StoreError) {
        guard let status = Self(rawValue: text) else {
            throw StoreError.unknownStoredValue(
                what: "a session status", value: text, known: Self.allCases.map(\.rawValue))
        }
        self = status
    }
}
