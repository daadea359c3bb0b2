import Foundation
internal import GRDB

/// A GRDB connection as an ``SQLConnection``: statements written once (``SQL``) rendered in SQLite's dialect, with
/// ``SQL/now`` read from the store's lease clock. What only SQLite does (the raw scan of a session's records, the
/// prepared inserts of ingest, a worker's claim) uses ``db`` directly.
struct SQLiteConnection: SQLConnection {
    let db: Database
    let clock: LeaseClock

    func rows(_ statement: SQL) throws -> [SQLRow] {
        let rendered = statement.rendered(for: .sqlite, clock: clock)
        return try Row.fetchAll(db, sql: rendered.text, arguments: Self.arguments(rendered.arguments)).map(
            Self.row)
    }

    @discardableResult
    func perform(_ statement: SQL) throws -> Int {
        let rendered = statement.rendered(for: .sqlite, clock: clock)
        try db.execute(sql: rendered.text, arguments: Self.arguments(rendered.arguments))
        return db.changesCount
    }

    static func arguments(_ values: [SQLValue]) -> StatementArguments {
        StatementArguments(values.map(databaseValue))
    }

    private static func databaseValue(_ value: SQLValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let bytes): Data(bytes).databaseValue
        case .bool(let flag): flag.databaseValue
        // SQL/isAnyOf renders a list as JSON text for SQLite; a list bound by hand is read the same way.
        case .integers(let numbers): ("[" + numbers.map(String.init).joined(separator: ",") + "]").databaseValue
        }
    }

    static func row(_ row: Row) -> SQLRow {
        SQLRow(
            row.databaseValues.map { value in
                switch value.storage {
                case .null: .null
                case .int64(let number): .integer(number)
                case .double(let number): .real(number)
                case .string(let text): .text(text)
                case .blob(let data): .blob([UInt8](data))
                }
            })
    }
}
