import ResponderCore

/// A record that cannot be decoded into its typed form: what is wrong, naming the field in quotes.
///
/// Validation (`SessionValidator`) rejects such records at ingest with file, line and column, so this only reaches a
/// user for a database edited by hand or written by a broken tool; the message still says what to fix.
public struct RecordDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The record's line number in its session (1 = the header), when known.
    public var seq: Int?
    public var message: String

    public init(seq: Int? = nil, _ message: String) {
        self.seq = seq
        self.message = message
    }

    public var description: String { seq.map { "line \($0): \(message)" } ?? message }
}

/// Small readers of JSON members shared by the decoding files.
enum Field {
    static func rect(_ value: JSONValue?, _ name: String) throws(RecordDecodingError) -> Rect? {
        guard let value, !value.isNull else { return nil }
        guard let items = value.arrayValue, items.count == 4, let x = items[0].doubleValue,
            let y = items[1].doubleValue, let w = items[2].doubleValue, let h = items[3].doubleValue
        else { throw RecordDecodingError("\"\(name)\" must be [x, y, width, height]; it is \(value.serialized())") }
        return Rect(x, y, w, h)
    }

    static func point(_ value: JSONValue?, _ name: String) throws(RecordDecodingError) -> Point? {
        guard let value, !value.isNull else { return nil }
        guard let items = value.arrayValue, items.count == 2, let x = items[0].doubleValue,
            let y = items[1].doubleValue
        else { throw RecordDecodingError("\"\(name)\" must be [x, y]; it is \(value.serialized())") }
        return Point(x, y)
    }

    static func transform(_ value: JSONValue?) throws(RecordDecodingError) -> AffineTransform? {
        guard let value, !value.isNull else { return nil }
        guard let items = value.arrayValue?.compactMap(\.doubleValue), items.count == 6 else {
            throw RecordDecodingError("\"transform\" must be [a, b, c, d, tx, ty]; it is \(value.serialized())")
        }
        return AffineTransform(a: items[0], b: items[1], c: items[2], d: items[3], tx: items[4], ty: items[5])
    }

    static func strings(_ value: JSONValue?) -> [String] {
        value?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// A string id, or nil for `null` / absent.
    static func id(_ value: JSONValue?) -> String? { value?.stringValue }

    static func string(_ o: JSONObject, _ name: String) throws(RecordDecodingError) -> String {
        guard let s = o[name]?.stringValue else {
            throw RecordDecodingError("\"\(o["type"]?.stringValue ?? "?")\" record needs a string \"\(name)\"")
        }
        return s
    }

    static func time(_ o: JSONObject) throws(RecordDecodingError) -> Double {
        guard let t = o["t"]?.doubleValue else {
            throw RecordDecodingError("\"\(o["type"]?.stringValue ?? "?")\" record needs a number \"t\"")
        }
        return t
    }
}
