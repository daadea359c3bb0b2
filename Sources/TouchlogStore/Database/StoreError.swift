/// Errors of the touchlog database, each saying what is wrong and what to do.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The database records migrations this binary does not know: a newer touchlog wrote it.
    case newerDatabase(path: String, unknownMigrations: [String])
    case cannotOpen(path: String, reason: String)
    /// The file is not an SQLite database at all.
    case notADatabase(path: String)
    /// An SQLite database of another application (see ``DatabaseIdentity``): touchlog adds nothing to it.
    case foreignDatabase(path: String, applicationID: Int32, tables: [String])
    /// Opened read-only, the database needs migrations that only a writer can apply.
    case needsUpgrade(path: String, migrations: [String])
    case sessionNotFound(String)
    /// A prefix that several sessions start with: the first few of them (``SessionCandidate/limit``) and
    /// how many there are.
    case ambiguousSession(String, candidates: [SessionCandidate], total: Int)
    /// A change to the database could not be made (`delete`, `prune`, `vacuum`); nothing was changed.
    case cannotChange(path: String, reason: String)
    /// The work was stopped (Ctrl-C, SIGTERM) before it committed: nothing was changed.
    case interrupted
    case noSnapshot(session: String, at: Double?)
    /// There is no database file at the path a command that needs one was given.
    case noDatabase(path: String)
    /// `--db` looks like a PostgreSQL URL but cannot be read as one.
    case badLocation(String)
    /// `sslmode` (or `PGSSLMODE`) is not one of libpq's modes.
    case badSSLMode(String)
    /// TLS could not be set up: a file (`sslrootcert`, `sslcert`, `sslkey`) missing or unreadable, a mode that checks
    /// the server's certificate with no root certificate to check it against, or a certificate the check refused.
    case tlsFailed(location: String, reason: String)
    /// The PostgreSQL server at `address` (`host:port`, or the socket folder) could not be reached, or refused the
    /// connection (authentication, no such database).
    case cannotConnect(location: String, address: String, failure: ConnectionFailure)
    /// `--db` is a URL of a kind of database touchlog does not use (`mysql://`).
    case unsupportedScheme(location: String, scheme: String)
    /// The folder that would hold the SQLite file does not exist.
    case missingFolder(path: String, folder: String)
    /// The PostgreSQL database holds no touchlog tables yet, and the command only reads.
    case emptyDatabase(location: String)
    /// The connection to the PostgreSQL server failed while working: nothing of the unfinished work was stored.
    case connectionLost(location: String, reason: String)
    /// A stored code (a touch's phase, a session's status) that this touchlog does not define: the row was written
    /// by another touchlog, or changed by hand.
    case unknownStoredValue(what: String, value: String, known: [String])
    /// A stored text that no longer reads as what ingest stored (a session header): written by another touchlog,
    /// or changed by hand.
    case unreadableStoredText(what: String, reason: String)

    public var description: String {
        switch self {
        case .newerDatabase(let path, let unknown):
            "the database \"\(path)\" was written by a newer touchlog (it has migration\(unknown.count == 1 ? "" : "s") \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")), which this version does not know); upgrade touchlog, or use another database with --db"
        case .cannotOpen(let path, let reason):
            "cannot open the database \"\(path)\": \(reason); check the path, or choose another with --db PATH or TOUCHLOG_DB"
        case .notADatabase(let path):
            "\"\(path)\" is not an SQLite database; point --db or TOUCHLOG_DB at a touchlog database, or at a new file to create one"
        case .foreignDatabase(let path, let id, let tables):
            "\"\(path)\" is another application's SQLite database (\(id == 0 ? "" : String(format: "application_id 0x%08X, ", id))tables \(tables.map { "\"\($0)\"" }.joined(separator: ", "))), not touchlog's; touchlog adds nothing to it. Point --db or TOUCHLOG_DB at a touchlog database, or at a new file to create one"
        case .needsUpgrade(let path, let migrations):
            "the database \"\(path)\" was written by an older touchlog and needs upgrading (\(migrations.count) migration\(migrations.count == 1 ? "" : "s")), which needs write access; run any touchlog command on it once with write access to the file (e.g. `touchlog sessions` as its owner), or work on a writable copy"
        case .sessionNotFound(let query):
            "no session matches \"\(query)\"; run `touchlog sessions` to list the stored sessions"
        case .ambiguousSession(let query, let candidates, let total):
            Self.ambiguity(query, candidates: candidates, total: total)
        case .cannotChange(let path, let reason):
            "cannot change the database \"\(path)\": \(reason); nothing was changed"
        case .interrupted:
            "interrupted; nothing was changed"
        case .noDatabase(let path):
            "there is no database at \"\(path)\"; ingest a recording first (`touchlog ingest FILE`) or point --db or TOUCHLOG_DB at an existing database"
        case .badLocation(let value):
            "\"\(value)\" is not a PostgreSQL URL touchlog reads; write postgres://USER@HOST:PORT/DATABASE (a socket folder as the host percent-encoded, e.g. postgres://me@%2Ftmp/touchlog), with PGHOST, PGPORT, PGUSER, PGDATABASE and PGPASSWORD for what it leaves out; of libpq's query parameters only sslmode, sslrootcert, sslcert and sslkey are read"
        case .badSSLMode(let value):
            "\"\(value)\" is not an sslmode; use one of \(PostgresTLS.Mode.allCases.map(\.rawValue).joined(separator: ", ")) (in the URL's ?sslmode= or PGSSLMODE)"
        case .tlsFailed(let location, let reason):
            "could not connect to PostgreSQL at \"\(location)\" with TLS: \(reason); check sslmode, sslrootcert, sslcert and sslkey in the URL (or PGSSLMODE, PGSSLROOTCERT, PGSSLCERT, PGSSLKEY)"
        case .cannotConnect(let location, let address, let failure):
            "could not connect to PostgreSQL at \(address) (\"\(location)\"): \(failure.explanation)"
        case .unsupportedScheme(let location, let scheme):
            "\"\(location)\" is a \(scheme):// URL, and touchlog does not use \(scheme) databases; give --db (or TOUCHLOG_DB) either the path of an SQLite file (./touchlog.sqlite, created by `touchlog ingest` if missing) or a PostgreSQL URL, postgres://USER@HOST:PORT/DATABASE (postgresql:// too)"
        case .missingFolder(let path, let folder):
            "there is no folder \"\(folder)\" for the database \"\(path)\"; create the folder first (mkdir -p \"\(folder)\"), or point --db or TOUCHLOG_DB at a file in a folder that exists"
        case .emptyDatabase(let location):
            "the database \"\(location)\" holds no touchlog sessions yet; ingest a recording first (`touchlog ingest FILE`) or point --db or TOUCHLOG_DB at another database"
        case .connectionLost(let location, let reason):
            "the connection to the database \"\(location)\" failed: \(reason); nothing unfinished was stored"
        case .unknownStoredValue(let what, let value, let known):
            "the database holds \(what) \"\(value)\", which this touchlog does not define (it knows \(known.joined(separator: ", "))); the row was written by another touchlog or changed by hand: upgrade touchlog, or delete the session and ingest it again"
        case .unreadableStoredText(let what, let reason):
            "the database holds \(what) that does not read back (\(reason)); it was written by another touchlog or changed by hand: delete the session and ingest it again"
        case .noSnapshot(let session, let at):
            if let at {
                "session \"\(session)\" has no snapshot at or before t=\(at); use a later --at, or leave it out for the first snapshot"
            } else {
                "session \"\(session)\" has no snapshot; a recording needs one before its first event (a recorder writes one of every window), and a session `touchlog sessions` marks partial had its snapshot line rejected at ingest: ingest the file again to see why"
            }
        }
    }

    /// The candidates one a line, with what tells them apart when the ids look alike.
    private static func ambiguity(_ query: String, candidates: [SessionCandidate], total: Int) -> String {
        let keyWidth = candidates.map(\.key.count).max() ?? 0
        let versionWidth = candidates.map { ($0.appVersion ?? "-").count }.max() ?? 0
        let lines = candidates.map { candidate in
            let version = candidate.appVersion ?? "-"
            return "  " + candidate.key + String(repeating: " ", count: keyWidth - candidate.key.count) + "  "
                + version + String(repeating: " ", count: versionWidth - version.count) + "  "
                + (candidate.startedAt ?? "-")
        }
        let more =
            total > candidates.count
            ? ["  … and \(total - candidates.count) more; `touchlog sessions` lists them all"] : []
        return (["\"\(query)\" matches \(total) sessions; give more of the session id:"] + lines + more)
            .joined(separator: "\n")
    }
}
