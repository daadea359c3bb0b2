/// Errors of the touchlog database, each saying what is wrong and what to do.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The database records migrations this binary does not know: a newer touchlog wrote it.
    case newerDatabase(path: String, unknownMigrations: [String])
    case cannotOpen(path: String, reason: String)
    case sessionNotFound(String)
    case ambiguousSession(String, matches: [String])
    case noSnapshot(session: String, at: Double?)

    public var description: String {
        switch self {
        case .newerDatabase(let path, let unknown):
            "the database \"\(path)\" was written by a newer touchlog (it has migration\(unknown.count == 1 ? "" : "s") \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")), which this version does not know); upgrade touchlog, or use another database with --db"
        case .cannotOpen(let path, let reason):
            "cannot open the database \"\(path)\": \(reason); check the path, or choose another with --db PATH or TOUCHLOG_DB"
        case .sessionNotFound(let query):
            "no session matches \"\(query)\"; run `touchlog sessions` to list the stored sessions"
        case .ambiguousSession(let query, let matches):
            "\"\(query)\" matches \(matches.count) sessions (\(matches.prefix(5).map { "\"\($0)\"" }.joined(separator: ", "))\(matches.count > 5 ? ", …" : "")); give more of the session id"
        case .noSnapshot(let session, let at):
            if let at {
                "session \"\(session)\" has no snapshot at or before t=\(at); use a later --at, or leave it out for the first snapshot"
            } else {
                "session \"\(session)\" has no snapshot; was it stored with --keep-going after its snapshots were rejected?"
            }
        }
    }
}
