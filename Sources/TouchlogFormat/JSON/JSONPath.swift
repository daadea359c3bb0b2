/// A step into a JSON value: a member name or an array index.
public enum JSONPathComponent: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral
{
    case key(String)
    case index(Int)

    public init(stringLiteral value: String) { self = .key(value) }
    public init(integerLiteral value: Int) { self = .index(value) }

    public var description: String {
        switch self {
        case .key(let key): ".\(key)"
        case .index(let index): "[\(index)]"
        }
    }
}

extension Array where Element == JSONPathComponent {
    /// `windows[0].subviews[2].frame`, for messages.
    public var pathDescription: String {
        var text = ""
        for component in self {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}

/// Finds where a value sits in a JSON text, so a validation error about `windows[0].frame` can name its
/// column. Only used on the error path: it re-reads the line.
public enum JSONLocator {
    /// The byte offset of the value at `path` in `bytes`; if a step is missing, the offset of the innermost
    /// value that exists (the object that lacks the member). nil when the text is not valid JSON.
    public static func offset(of path: [JSONPathComponent], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var reader = JSONReader(bytes)
        reader.skipWhitespace()
        return locate(path[...], reader: &reader)
    }

    /// The same for a string.
    public static func offset(of path: [JSONPathComponent], in text: String) -> Int? {
        var copy = text
        return copy.withUTF8 { offset(of: path, in: $0) }
    }

    private static func locate(_ path: ArraySlice<JSONPathComponent>, reader: inout JSONReader) -> Int? {
        let here = reader.offset
        guard let step = path.first else { return here }
        guard here < reader.end else { return nil }
        switch (step, reader.base[here]) {
        case (.key(let wanted), UInt8(ascii: "{")):
            reader.pos += 1
            reader.skipWhitespace()
            if reader.pos < reader.end, reader.base[reader.pos] == UInt8(ascii: "}") { return here }
            while reader.pos < reader.end {
                guard let key = try? reader.readString() else { return nil }
                reader.skipWhitespace()
                guard reader.pos < reader.end, reader.base[reader.pos] == UInt8(ascii: ":") else { return nil }
                reader.pos += 1
                reader.skipWhitespace()
                if key == wanted { return locate(path.dropFirst(), reader: &reader) }
                guard (try? reader.readValue()) != nil else { return nil }
                reader.skipWhitespace()
                guard reader.pos < reader.end, reader.base[reader.pos] == UInt8(ascii: ",") else { return here }
                reader.pos += 1
                reader.skipWhitespace()
            }
            return here
        case (.index(let wanted), UInt8(ascii: "[")):
            reader.pos += 1
            reader.skipWhitespace()
            var index = 0
            while reader.pos < reader.end, reader.base[reader.pos] != UInt8(ascii: "]") {
                if index == wanted { return locate(path.dropFirst(), reader: &reader) }
                guard (try? reader.readValue()) != nil else { return nil }
                reader.skipWhitespace()
                guard reader.pos < reader.end, reader.base[reader.pos] == UInt8(ascii: ",") else { return here }
                reader.pos += 1
                reader.skipWhitespace()
                index += 1
            }
            return here
        default:
            return here
        }
    }
}
