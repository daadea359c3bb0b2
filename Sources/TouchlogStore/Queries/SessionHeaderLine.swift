import GRDB

extension TouchlogDatabase {
    /// The line of the session's header in the file it was ingested from (`session.header_line`), so a report
    /// can point at `file:line` for every record it cites; nil for an unknown session.
    public func headerLine(sessionRowID: Int64) throws -> Int? {
        try writer.read { db in
            try Int.fetchOne(db, sql: "SELECT header_line FROM session WHERE id = ?", arguments: [sessionRowID])
        }
    }
}
