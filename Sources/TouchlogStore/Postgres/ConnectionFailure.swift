/// Why a PostgreSQL server could not be reached or refused touchlog, in the terms a user acts on: whether a server
/// runs there, whether the host exists, whether the user and password are right. NIO's and postgres-nio's errors
/// (`SingleConnectionFailure(target: [IPv4]…) (errno: 111)`) are read into these where the connection is made
/// (``PostgresLink``), and never shown.
public enum ConnectionFailure: Sendable, Hashable {
    /// Nothing listens at the address: no server runs there, or not on that port.
    case refused
    /// No server socket in the folder given as the host (a local server that is not running, or another folder).
    case noSocket(path: String)
    /// The host name does not resolve.
    case unknownHost
    /// No answer within the time given.
    case timedOut(seconds: Int)
    /// The server refused the user or the password (its own words).
    case authentication(String)
    /// The server has no database of that name (its own words).
    case noSuchDatabase(String)
    /// Anything else, as the server or the network said it.
    case other(String)

    /// What went wrong and what to do, after "could not connect to PostgreSQL at HOST:PORT: ".
    public var explanation: String {
        switch self {
        case .refused:
            "connection refused — is the server running, and on that port? check --db or TOUCHLOG_DB"
        case .noSocket(let path):
            "there is no server socket \"\(path)\" — is the server running, and is that its socket folder? check --db or TOUCHLOG_DB (or PGHOST)"
        case .unknownHost:
            "the host name does not resolve — check the host in --db or TOUCHLOG_DB (or PGHOST)"
        case .timedOut(let seconds):
            "no answer within \(seconds) s — check the host and port in --db or TOUCHLOG_DB, and that a firewall lets the connection through"
        case .authentication(let message):
            "the server refused the login: \(message) — check the user in --db (or PGUSER) and the password (PGPASSWORD, or in the URL)"
        case .noSuchDatabase(let message):
            "\(message) — create it (createdb), or name another database in --db or TOUCHLOG_DB (or PGDATABASE)"
        case .other(let reason):
            "\(reason) — check that the server runs and accepts this user (PGPASSWORD for a password), or choose another database with --db or TOUCHLOG_DB"
        }
    }
}
