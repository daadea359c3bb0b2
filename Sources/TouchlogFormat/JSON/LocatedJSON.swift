/// A JSON value that remembers the line and column it started at, so importers can point at the spot when a
/// value is wrong ("line 14:18: `width` is a string"), which a plain JSONValue cannot.
///
/// ``JSONReader`` makes them: ``JSONReader/readLocatedSequence(_:depthLimit:options:after:)`` reads every value of
/// a file in turn (Sentry envelopes are a header line, then items), with the importers' forgiving options.
struct LocatedJSON {
    indirect enum Kind {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([LocatedJSON])
        case object([(key: String, value: LocatedJSON)])
    }

    var line: Int
    var column: Int
    var kind: Kind
    /// The input ended before this array or object closed: it holds the members read so far. Sentry
    /// attachments cut at a size limit keep what they have instead of failing.
    var cut = false

    subscript(key: String) -> LocatedJSON? {
        guard case .object(let members) = kind else { return nil }
        return members.last { $0.key == key }?.value
    }

    var string: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    var number: Double? {
        if case .number(let value) = kind { return value }
        return nil
    }

    var bool: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }

    var array: [LocatedJSON]? {
        if case .array(let value) = kind { return value }
        return nil
    }

    var members: [(key: String, value: LocatedJSON)]? {
        if case .object(let value) = kind { return value }
        return nil
    }

    var typeDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value without positions, members in written order.
    var plain: JSONValue {
        switch kind {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .array(let elements): .array(elements.map(\.plain))
        case .object(let members):
            .object(JSONObject(members.map { JSONObject.Member(key: $0.key, value: $0.value.plain) }))
        }
    }
}

extension JSONReader {
    /// What follows a value in a sequence, as the value itself says (a Sentry envelope item header gives the length
    /// of the payload after it, which need not be JSON).
    enum Continuation: Equatable {
        /// Another value, or the end.
        case value
        /// The rest of the value's line, then a payload of this many bytes (or what is left of the input).
        case payload(byteCount: Int)
        /// The rest of the value's line, then a payload that fills the next line.
        case payloadLine
    }

    /// Every value in `bytes` in turn, with its line and column, skipping whitespace between them and a leading
    /// UTF-8 byte order mark. After each value, `after` says whether a payload to skip follows it.
    ///
    /// Lines and columns count every line feed before the value (in skipped payloads too) and bytes from the start of
    /// its line, 1-based. With ``Options/keepsCutContainers`` a value cut by the end of the input comes back marked
    /// ``LocatedJSON/cut`` if it is an array or object; a cut string, number or literal is still an error.
    static func readLocatedSequence(
        _ bytes: UnsafeBufferPointer<UInt8>, depthLimit: Int = defaultDepthLimit, options: Options = [],
        after: (LocatedJSON) -> Continuation = { _ in .value }
    ) throws(JSONSyntaxError) -> [LocatedJSON] {
        var reader = JSONReader(bytes, depthLimit: depthLimit, options: options)
        var builder = LocatingBuilder(JSONLineCounter(bytes))
        if reader.end >= 3, reader.base[0] == 0xEF, reader.base[1] == 0xBB, reader.base[2] == 0xBF { reader.pos = 3 }
        var values: [LocatedJSON] = []
        while true {
            reader.skipWhitespace()
            if reader.pos >= reader.end { break }
            let value = try reader.readValue(into: &builder)
            values.append(value)
            switch after(value) {
            case .value: continue
            case .payload(let count):
                reader.skipLine()
                reader.pos += min(max(0, count), reader.end - reader.pos)
            case .payloadLine:
                reader.skipLine()
                reader.skipLine()
            }
        }
        return values
    }

    /// The same over an array.
    static func readLocatedSequence(
        _ bytes: [UInt8], depthLimit: Int = defaultDepthLimit, options: Options = [],
        after: (LocatedJSON) -> Continuation = { _ in .value }
    ) throws(JSONSyntaxError) -> [LocatedJSON] {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) -> [LocatedJSON] in
                try readLocatedSequence(buffer, depthLimit: depthLimit, options: options, after: after)
            }
        }
        return try result.get()
    }

    /// Moves past the next line feed, or to the end.
    private mutating func skipLine() {
        while pos < end, base[pos] != 0x0A { pos += 1 }
        if pos < end { pos += 1 }
    }
}

/// Line and column of byte offsets in a text: lines are counted by line feeds, columns in bytes from 1.
struct JSONLineCounter {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Every byte before this offset is counted.
    private var counted = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The position of `offset`. Offsets asked in increasing order cost one pass over the text in all; a smaller one
    /// than before starts the count again.
    mutating func position(of offset: Int) -> (line: Int, column: Int) {
        if offset < counted { self = JSONLineCounter(bytes) }
        let stop = min(offset, bytes.count)
        while counted < stop {
            if bytes[counted] == 0x0A {
                line &+= 1
                lineStart = counted + 1
            }
            counted += 1
        }
        return (line, offset - lineStart + 1)
    }

    /// The position of `offset` in `bytes`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        bytes.withUnsafeBufferPointer { buffer in
            var counter = JSONLineCounter(buffer)
            return counter.position(of: offset)
        }
    }
}

/// Builds ``LocatedJSON``: the reader announces each value's first byte in document order, so counting lines up to
/// it as it goes costs one pass over the text.
struct LocatingBuilder: JSONTreeBuilder {
    var counter: JSONLineCounter

    init(_ counter: JSONLineCounter) { self.counter = counter }

    mutating func start(at offset: Int) -> (line: Int, column: Int) { counter.position(of: offset) }

    func null(start: (line: Int, column: Int)) -> LocatedJSON { located(.null, start) }
    func bool(_ value: Bool, start: (line: Int, column: Int)) -> LocatedJSON { located(.bool(value), start) }
    func number(_ value: Double, start: (line: Int, column: Int)) -> LocatedJSON { located(.number(value), start) }
    func string(_ value: String, start: (line: Int, column: Int)) -> LocatedJSON { located(.string(value), start) }

    func array(_ elements: [LocatedJSON], cut: Bool, start: (line: Int, column: Int)) -> LocatedJSON {
        located(.array(elements), start, cut: cut)
    }

    func member(_ key: String, _ value: LocatedJSON) -> (key: String, value: LocatedJSON) { (key, value) }

    func object(
        _ members: [(key: String, value: LocatedJSON)], cut: Bool, start: (line: Int, column: Int)
    ) -> LocatedJSON {
        located(.object(members), start, cut: cut)
    }

    private func located(_ kind: LocatedJSON.Kind, _ start: (line: Int, column: Int), cut: Bool = false) -> LocatedJSON
    {
        LocatedJSON(line: start.line, column: start.column, kind: kind, cut: cut)
    }
}
