/// What ``JSONReader`` makes of the values it reads.
///
/// The grammar is the reader's alone; a builder only decides the shape of the tree: plain ``JSONValue``s for ingest,
/// ``LocatedJSON`` with lines and columns for the importers. The reader is generic over its builder, so each shape
/// gets a reader specialised for it, and the plain one carries no trace of positions.
protocol JSONTreeBuilder {
    associatedtype Value
    associatedtype Member
    /// What the builder keeps of where a value began, between its first byte and its last.
    associatedtype Start

    /// Called at the first byte of every value, in document order, before the value is read.
    mutating func start(at offset: Int) -> Start
    func null(start: Start) -> Value
    func bool(_ value: Bool, start: Start) -> Value
    func number(_ value: Double, start: Start) -> Value
    func string(_ value: String, start: Start) -> Value
    /// `cut`: the input ended before the array closed (only when the reader keeps cut containers).
    func array(_ elements: [Value], cut: Bool, start: Start) -> Value
    func member(_ key: String, _ value: Value) -> Member
    func object(_ members: [Member], cut: Bool, start: Start) -> Value
}

/// Builds plain ``JSONValue``s: the ingest path. Every method is a bare enum case, so the specialised reader is the
/// reader that builds JSONValues directly.
struct PlainJSONBuilder: JSONTreeBuilder {
    @inline(__always) func start(at offset: Int) {}
    @inline(__always) func null(start: Void) -> JSONValue { .null }
    @inline(__always) func bool(_ value: Bool, start: Void) -> JSONValue { .bool(value) }
    @inline(__always) func number(_ value: Double, start: Void) -> JSONValue { .number(value) }
    @inline(__always) func string(_ value: String, start: Void) -> JSONValue { .string(value) }
    @inline(__always) func array(_ elements: [JSONValue], cut: Bool, start: Void) -> JSONValue { .array(elements) }
    @inline(__always) func member(_ key: String, _ value: JSONValue) -> JSONObject.Member {
        JSONObject.Member(key: key, value: value)
    }
    @inline(__always) func object(_ members: [JSONObject.Member], cut: Bool, start: Void) -> JSONValue {
        .object(JSONObject(members))
    }
}
