/// The record types of touchlog/1. A record whose `type` is not one of these is kept as an unknown record.
public enum RecordKind: String, CaseIterable, Sendable {
    case session, snapshot, touch, key, set, insert, remove, call, action, firstResponder, keyboard, sent
    case targetForAction, keyWindow, time, recognizer, selection, controlState
    /// A recorder's note that its buffer lost records (docs/log-format.md, Recorder notes).
    case dropped
    /// A recorder's note that another app's keyboard moved (docs/log-format.md, Recorder notes).
    case otherAppKeyboard

    /// Input events that replay dispatches (format section 4).
    public var isInputEvent: Bool {
        switch self {
        case .touch, .key, .set, .insert, .remove, .call, .action, .snapshot, .time: true
        case .session, .firstResponder, .keyboard, .sent, .targetForAction, .keyWindow, .recognizer, .selection,
            .controlState, .dropped, .otherAppKeyboard:
            false
        }
    }
}

/// A touch phase, stored as its small integer code (the `touch_phase` table in the database names them).
public enum TouchPhase: UInt8, CaseIterable, Sendable {
    case began = 0
    case moved = 1
    case stationary = 2
    case ended = 3
    case cancelled = 4

    /// The name used in the log, e.g. `began`.
    public var name: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }

    public init?(name: String) {
        guard let phase = TouchPhase.allCases.first(where: { $0.name == name }) else { return nil }
        self = phase
    }
}

/// A touch's identity within its session: the format allows an integer or a string.
public enum TouchIdentifier: Hashable, Sendable, CustomStringConvertible {
    case number(Int64)
    case string(String)

    public var description: String {
        switch self {
        case .number(let number): String(number)
        case .string(let string): string
        }
    }

    public var jsonValue: JSONValue {
        switch self {
        case .number(let number): .number(Double(number))
        case .string(let string): .string(string)
        }
    }
}
