import ResponderCore
import TouchlogFormat

/// A stored record that cannot be turned into the core's input: what is wrong, where, and how to fix it.
public struct MappingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The record's line number in its session (1 = the header).
    public var seq: Int
    /// What is wrong, naming the field in quotes.
    public var message: String

    public init(seq: Int, _ message: String) {
        self.seq = seq
        self.message = message
    }

    public var description: String { "line \(seq): \(message)" }
}

/// Small readers of JSON members shared by the mapping files.
enum Field {
    static func rect(_ value: JSONValue?, _ name: String, seq: Int) throws -> Rect? {
        guard let value, !value.isNull else { return nil }
        guard let items = value.arrayValue, items.count == 4, let x = items[0].doubleValue,
            let y = items[1].doubleValue, let w = items[2].doubleValue, let h = items[3].doubleValue
        else { throw MappingError(seq: seq, "\"\(name)\" must be [x, y, width, height]; it is \(value.serialized())") }
        return Rect(x, y, w, h)
    }

    static func point(_ value: JSONValue?, _ name: String, seq: Int) throws -> Point? {
        guard let value, !value.isNull else { return nil }
        guard let items = value.arrayValue, items.count == 2, let x = items[0].doubleValue,
            let y = items[1].doubleValue
        else { throw MappingError(seq: seq, "\"\(name)\" must be [x, y]; it is \(value.serialized())") }
        return Point(x, y)
    }

    static func transform(_ value: JSONValue?, seq: Int) throws -> AffineTransform? {
        guard let value, !value.isNull else { return nil }
        guard let items = value.arrayValue?.compactMap(\.doubleValue), items.count == 6 else {
            throw MappingError(seq: seq, "\"transform\" must be [a, b, c, d, tx, ty]; it is \(value.serialized())")
        }
        return AffineTransform(a: items[0], b: items[1], c: items[2], d: items[3], tx: items[4], ty: items[5])
    }

    static func strings(_ value: JSONValue?) -> [String] {
        value?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// A string id, or nil for `null` / absent.
    static func id(_ value: JSONValue?) -> String? { value?.stringValue }
}
