internal import NIOCore
internal import PostgresNIO

/// A PostgreSQL connection as an ``SQLConnection``: statements written once (``SQL``) rendered with numbered
/// parameters, bound with postgres-nio's types.
extension PostgresLink: SQLConnection {
    func rows(_ statement: SQL) throws -> [SQLRow] {
        try query(Self.query(statement)).map(SQLRow.init(postgres:))
    }

    @discardableResult
    func perform(_ statement: SQL) throws -> Int { try run(Self.query(statement)).affected }

    static func query(_ statement: SQL) -> PostgresQuery {
        let rendered = statement.rendered(for: .postgres)
        var binds = PostgresBindings()
        for value in rendered.arguments {
            switch value {
            case .null: binds.appendNull()
            case .integer(let number): binds.append(number)
            case .real(let number): binds.append(number)
            case .text(let text): binds.append(text)
            case .blob(let bytes): binds.append(ByteBuffer(bytes: bytes))
            case .bool(let flag): binds.append(flag)
            case .integers(let numbers): binds.append(numbers)
            }
        }
        return PostgresQuery(unsafeSQL: rendered.text, binds: binds)
    }
}

extension SQLRow {
    /// The row's cells as values, by the type the server says each has: what the statements written once read
    /// (session lists, counts, the queue), not the scan of records, which decodes its own columns.
    init(postgres row: PostgresRow) throws {
        self.init(
            try row.map { cell -> SQLValue in
                guard cell.bytes != nil else { return .null }
                switch cell.dataType {
                case .bool: return .bool(try cell.decode(Bool.self))
                case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
                case .float4, .float8: return .real(try cell.decode(Double.self))
                case .bytea: return .blob(Array(try cell.decode(ByteBuffer.self).readableBytesView))
                default: return .text(try cell.decode(String.self))
                }
            })
    }
}
