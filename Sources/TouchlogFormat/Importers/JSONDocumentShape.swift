/// What detection decides a JSON input by: the shape of its top-level values (their kind and member names), read
/// from the whole input, never from a prefix. A Sentry crash report names its distinctive keys after hundreds of
/// kilobytes of binary images; a session-replay stream is an array of rrweb events.
///
/// Each JSON importer says which shapes it claims (`claims(_:)`); ``ImportFormat/detect(_:)`` asks them in turn.
///
/// ```swift
/// let shape = JSONDocumentShape(scanning: Array(#"{"report":{"id":"1"},"binary_images":[…],"crash":{}}"#.utf8))
/// shape.values.first?.keys    // ["report", "binary_images", "crash"]
/// ```
struct JSONDocumentShape: Equatable, Sendable {
    struct Value: Equatable, Sendable {
        /// The value is an array (else an object; other top-level values are not recorded).
        var isArray: Bool
        /// An object's member names; for an array, the member names of its object elements (the first 16).
        var keys: Set<String>
        /// For an object, the shape of each member named in ``wrapperNames`` that is an object or an array: what an
        /// envelope around the real content holds (a request dump's `body`, PostHog's `batch`).
        var wrapped: [String: Value] = [:]

        init(isArray: Bool, keys: Set<String>, wrapped: [String: Value] = [:]) {
            self.isArray = isArray
            self.keys = keys
            self.wrapped = wrapped
        }

        /// This value and the values it wraps, outermost first.
        var withWrapped: [Value] { [self] + wrapped.keys.sorted().compactMap { wrapped[$0] } }
    }

    /// Members that wrap the content a tool sent or logged: their values' shapes are recorded one level down.
    /// `user` and `sentry_sdk_scope` are the sections of a SentryCrash report that hold its scope: pasted alone, the
    /// breadcrumbs inside them are what says it is Sentry's.
    static let wrapperNames: Set<String> = [
        "body", "batch", "data", "events", "payload", "request", "json", "user", "sentry_sdk_scope", "elements",
    ]

    /// The top-level values in input order: one for a document, several for a Sentry envelope or JSON Lines.
    var values: [Value]
    /// Whether the scan read the values to the end of the input (or to ``valueLimit``) and stepped over no byte JSON
    /// never holds outside a string: false when it stopped at a byte that cannot continue JSON (the comma after an
    /// object in a list of code) or met a placeholder inside a value (`[ <wireframe> ]`).
    var readToEnd = true

    /// Top-level values recorded at most. Every claim is decided by the first few (an envelope's header and first
    /// item header, a document's one value); the bound keeps a large JSON Lines file from costing a set per line.
    static let valueLimit = 64
    /// Array elements whose member names are recorded: enough to tell what the elements are.
    static let elementLimit = 16

    init(values: [Value]) { self.values = values }

    /// Scans `bytes` once, without building the values: member names are read at the top level (and at an array's
    /// top-level elements), every nested value is stepped over by its brackets and strings. The scan stops quietly
    /// at the end of the input, inside a value cut short (which is recorded with the names read so far), or at the
    /// first byte that cannot continue JSON (an envelope's binary payload): the values before it are the shape.
    init(scanning bytes: [UInt8]) {
        var scanner = Scanner(bytes: bytes)
        values = scanner.topLevelValues()
        readToEnd = (scanner.position >= bytes.count || values.count >= Self.valueLimit) && !scanner.sawMarkup
    }

    /// A byte cursor over the input. Every loop advances `position`, so the scan is linear whatever the bytes; it
    /// never recurses, so no nesting depth can exhaust the stack.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        /// A `<` or `>` stepped over outside strings: markup or a placeholder, never JSON.
        var sawMarkup = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func topLevelValues() -> [Value] {
            var values: [Value] = []
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
            while values.count < JSONDocumentShape.valueLimit {
                skipSpace()
                guard position < bytes.count else { break }
                switch bytes[position] {
                case UInt8(ascii: "{"):
                    let (keys, wrapped, complete) = objectKeys(recordingWrapped: true)
                    values.append(Value(isArray: false, keys: keys, wrapped: wrapped))
                    if !complete { return values }
                case UInt8(ascii: "["):
                    let (keys, complete) = arrayElementKeys()
                    values.append(Value(isArray: true, keys: keys))
                    if !complete { return values }
                default:
                    // A scalar at the top level is stepped over unrecorded; anything else ends the shape.
                    guard skipValue() else { return values }
                }
            }
            return values
        }

        /// The member names of the object at `position`; `complete` is false when the object did not close. With
        /// `recordingWrapped`, the shapes of its wrapper members (``wrapperNames``) one level down.
        mutating func objectKeys(recordingWrapped: Bool = false) -> (
            keys: Set<String>, wrapped: [String: Value], complete: Bool
        ) {
            var keys: Set<String> = []
            var wrapped: [String: Value] = [:]
            position += 1  // {
            while true {
                skipSpace()
                guard position < bytes.count else { return (keys, wrapped, false) }
                switch bytes[position] {
                case UInt8(ascii: "}"):
                    position += 1
                    return (keys, wrapped, true)
                case UInt8(ascii: ","):
                    position += 1
                case UInt8(ascii: "\""):
                    guard let name = string() else { return (keys, wrapped, false) }
                    skipSpace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                        return (keys, wrapped, false)
                    }
                    position += 1
                    keys.insert(name)
                    skipSpace()
                    if recordingWrapped, JSONDocumentShape.wrapperNames.contains(name), position < bytes.count,
                        bytes[position] == UInt8(ascii: "{") || bytes[position] == UInt8(ascii: "[")
                    {
                        // One level only: the wrapped value's own members are stepped over, so the scan stays
                        // linear and without recursion.
                        if bytes[position] == UInt8(ascii: "{") {
                            let (inner, _, complete) = objectKeys()
                            wrapped[name] = Value(isArray: false, keys: inner)
                            guard complete else { return (keys, wrapped, false) }
                        } else {
                            let (inner, complete) = arrayElementKeys()
                            wrapped[name] = Value(isArray: true, keys: inner)
                            guard complete else { return (keys, wrapped, false) }
                        }
                        continue
                    }
                    guard skipValue() else { return (keys, wrapped, false) }
                default:
                    return (keys, wrapped, false)
                }
            }
        }

        /// The member names of the array's first object elements; `complete` is false when it did not close. With
        /// `descending`, an element that is an array adds its own object elements' names: a replay's segments
        /// fetched together are an array of arrays of events (one level only, so the scan stays without recursion
        /// past it).
        mutating func arrayElementKeys(descending: Bool = true) -> (keys: Set<String>, complete: Bool) {
            var keys: Set<String> = []
            var elements = 0
            position += 1  // [
            while true {
                skipSpace()
                guard position < bytes.count else { return (keys, false) }
                switch bytes[position] {
                case UInt8(ascii: "]"):
                    position += 1
                    return (keys, true)
                case UInt8(ascii: ","):
                    position += 1
                case UInt8(ascii: "{") where elements < JSONDocumentShape.elementLimit:
                    elements += 1
                    let (elementKeys, _, complete) = objectKeys()
                    keys.formUnion(elementKeys)
                    if !complete { return (keys, false) }
                case UInt8(ascii: "[") where descending && elements < JSONDocumentShape.elementLimit:
                    elements += 1
                    let (elementKeys, complete) = arrayElementKeys(descending: false)
                    keys.formUnion(elementKeys)
                    if !complete { return (keys, false) }
                default:
                    elements += 1
                    guard skipValue() else { return (keys, false) }
                }
            }
        }

        /// Steps over one value of any kind; false when the input ended inside it or it is not JSON.
        mutating func skipValue() -> Bool {
            skipSpace()
            guard position < bytes.count else { return false }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                return string(decoding: false) != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                return skipContainer()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"),
                UInt8(ascii: "n"):
                // Numbers and literals run to the next structural byte; their spelling is the importer's business.
                let start = position
                while position < bytes.count, !Self.endsScalar(bytes[position]) { position += 1 }
                return position > start
            default:
                return false
            }
        }

        /// Steps over a nested object or array by counting brackets outside strings.
        mutating func skipContainer() -> Bool {
            var depth = 0
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    guard string(decoding: false) != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        position += 1
                        return true
                    }
                case UInt8(ascii: "<"), UInt8(ascii: ">"):
                    sawMarkup = true
                default:
                    break
                }
                position += 1
            }
            return false
        }

        /// Reads the string at `position` (its opening quote) and moves past its closing quote; nil when the input
        /// ends first. Only member names are decoded (`decoding`); a name with escapes is unescaped, so `"w\u0069ndows"`
        /// is `windows` as a JSON parser would read it.
        mutating func string(decoding: Bool = true) -> String? {
            position += 1  // "
            let start = position
            var escaped = false
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    position += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    let content = bytes[start..<position]
                    position += 1
                    guard decoding else { return "" }
                    return escaped ? Self.unescaped(content) : String(decoding: content, as: UTF8.self)
                }
                position += 1
            }
            position = bytes.count
            return nil
        }

        mutating func skipSpace() {
            while position < bytes.count,
                bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0A
                    || bytes[position] == 0x0D
            {
                position += 1
            }
        }

        private static func endsScalar(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "{"),
                UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: ":"):
                true
            default:
                false
            }
        }

        /// The text of a string with escapes; a malformed escape becomes U+FFFD rather than failing detection.
        private static func unescaped(_ content: ArraySlice<UInt8>) -> String {
            var scalars = String.UnicodeScalarView()
            var utf8: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
                utf8.removeAll()
            }
            var index = content.startIndex
            func hex(at start: Int) -> UInt32? {
                guard start + 4 <= content.endIndex else { return nil }
                var value: UInt32 = 0
                for byte in content[start..<start + 4] {
                    guard let digit = Character(UnicodeScalar(byte)).hexDigitValue else { return nil }
                    value = value * 16 + UInt32(digit)
                }
                return value
            }
            while index < content.endIndex {
                let byte = content[index]
                guard byte == UInt8(ascii: "\\"), index + 1 < content.endIndex else {
                    utf8.append(byte)
                    index += 1
                    continue
                }
                flush()
                let escape = content[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "u"):
                    guard var code = hex(at: index) else {
                        scalars.append("\u{FFFD}")
                        continue
                    }
                    index += 4
                    if (0xD800..<0xDC00).contains(code), index + 1 < content.endIndex,
                        content[index] == UInt8(ascii: "\\"), content[index + 1] == UInt8(ascii: "u"),
                        let low = hex(at: index + 2), (0xDC00..<0xE000).contains(low)
                    {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                    scalars.append(UnicodeScalar(code) ?? "\u{FFFD}")
                default:
                    scalars.append(UnicodeScalar(escape))
                }
            }
            flush()
            return String(scalars)
        }
    }
}
