import Foundation

/// Which store `--db` (or `TOUCHLOG_DB`) names: a path is an SQLite file, a `postgres://` or `postgresql://` URL a
/// PostgreSQL database. What the URL leaves out comes from libpq's environment (`PGHOST`, `PGPORT`, `PGUSER`,
/// `PGDATABASE`, `PGPASSWORD`), then libpq's defaults, so a team's usual settings work unchanged.
///
/// ```swift
/// try StoreLocation("touchlog.sqlite")                      // .sqlite(path: "touchlog.sqlite")
/// try StoreLocation("postgres://ci@db.local:5433/touchlog") // .postgres(...)
/// ```
public enum StoreLocation: Sendable, Hashable {
    case sqlite(path: String)
    case postgres(PostgresLocation)

    public init(_ value: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let postgres = try PostgresLocation(url: value, environment: environment) {
            self = .postgres(postgres)
        } else {
            self = .sqlite(path: value)
        }
    }

    /// As messages name it: the path, or the URL without its password.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let location): location.description
        }
    }
}

/// Where a PostgreSQL database is and who connects to it.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    /// A host name or address, or (starting with `/`) the folder of the server's Unix socket, as libpq reads it.
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String

    public init(host: String, port: Int = 5432, user: String, password: String? = nil, database: String) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
    }

    /// The URL's parts, else the environment's, else libpq's defaults (a local socket, port 5432, the login name for
    /// both user and database). Nil when `url` is not a PostgreSQL URL at all; throws when it is one but malformed.
    public init?(url: String, environment: [String: String]) throws {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") else { return nil }
        guard let components = URLComponents(string: url) else { throw StoreError.badLocation(url) }
        func env(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        // A host given as a socket folder is percent-encoded in the URL (postgres://%2Ftmp%2Fpg/db).
        let host = components.percentEncodedHost.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding }
        self.host = host ?? env("PGHOST") ?? "/var/run/postgresql"
        if let port = components.port {
            self.port = port
        } else if let text = env("PGPORT") {
            guard let port = Int(text), (1...65535).contains(port) else {
                throw StoreError.badLocation("PGPORT=\(text)")
            }
            self.port = port
        } else {
            self.port = 5432
        }
        let login = env("USER") ?? env("LOGNAME") ?? "postgres"
        user = components.user.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding } ?? env("PGUSER") ?? login
        password = components.password.flatMap { $0.removingPercentEncoding } ?? env("PGPASSWORD")
        let path = components.percentEncodedPath.drop { $0 == "/" }
        database =
            path.isEmpty ? env("PGDATABASE") ?? user : String(path).removingPercentEncoding ?? String(path)
        // libpq's query parameters (host=, port=, ...) are not read: say so rather than ignore them silently.
        if let items = components.queryItems, !items.isEmpty {
            throw StoreError.badLocation(url)
        }
    }

    /// The URL, password left out: what messages print.
    public var description: String {
        let where_ =
            host.hasPrefix("/") ? host.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? host : host
        return "postgres://\(user)@\(where_):\(port)/\(database)"
    }
}
