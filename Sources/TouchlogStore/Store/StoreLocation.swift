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
        } else if let scheme = Self.scheme(of: value) {
            // `mysql://…` read as a path would be "no database at mysql://…": say what --db takes instead.
            throw StoreError.unsupportedScheme(location: value, scheme: scheme)
        } else {
            self = .sqlite(path: value)
        }
    }

    /// The scheme of a URL (`mysql` of `mysql://host/db`); nil for a path. A scheme is a letter, then letters,
    /// digits, `+`, `-` or `.` (RFC 3986), followed by `://`.
    static func scheme(of value: String) -> String? {
        guard let end = value.range(of: "://") else { return nil }
        let scheme = value[..<end.lowerBound]
        guard let first = scheme.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
            scheme.unicodeScalars.allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
            })
        else { return nil }
        return String(scheme)
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
    /// Whether and how the connection is encrypted (libpq's `sslmode` and the files it reads).
    public var tls: PostgresTLS

    public init(
        host: String, port: Int = 5432, user: String, password: String? = nil, database: String,
        tls: PostgresTLS = PostgresTLS()
    ) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.tls = tls
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
        // Of libpq's query parameters only the TLS ones are read; any other (host=, port=, ...) is refused rather
        // than silently ignored.
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard PostgresTLS.parameterNames.contains(item.name), let value = item.value, !value.isEmpty else {
                throw StoreError.badLocation(url)
            }
            parameters[item.name] = value
        }
        tls = try PostgresTLS(parameters: parameters, environment: environment)
    }

    /// Where the server is, as a connection failure names it: `host:port`, or the socket's path.
    public var address: String { host.hasPrefix("/") ? socketPath : "\(host):\(port)" }

    /// The server's Unix socket, when `host` is a folder (libpq's name for it).
    var socketPath: String { "\(host)/.s.PGSQL.\(port)" }

    /// The URL, password left out: what messages print.
    public var description: String {
        let where_ =
            host.hasPrefix("/") ? host.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? host : host
        return "postgres://\(user)@\(where_):\(port)/\(database)"
    }
}

/// libpq's TLS settings: `sslmode`, and the files `sslrootcert`, `sslcert` and `sslkey`, from the URL's query or else
/// `PGSSLMODE`, `PGSSLROOTCERT`, `PGSSLCERT` and `PGSSLKEY`. A file left unnamed is libpq's default in
/// `~/.postgresql/` when it exists there, which is looked up when connecting.
public struct PostgresTLS: Sendable, Hashable {
    /// libpq's modes, with its meanings.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// No encryption.
        case disable
        /// libpq tries without encryption first. postgres-nio cannot, so this is read as `prefer`: encrypted when
        /// the server offers it.
        case allow
        /// Encrypted when the server offers it, else not; the server's certificate is not checked. libpq's default.
        case prefer
        /// Encrypted, or no connection. The certificate is checked against the root certificate only when that file
        /// exists (as libpq does).
        case require
        /// Encrypted, and the server's certificate signed by the root certificate.
        case verifyCA = "verify-ca"
        /// As `verify-ca`, and the certificate names the host connected to.
        case verifyFull = "verify-full"
    }

    /// The URL's query parameters read here.
    static let parameterNames: Set<String> = ["sslmode", "sslrootcert", "sslcert", "sslkey"]

    public var mode: Mode
    /// The certificates the server's must be signed by (PEM); nil: `~/.postgresql/root.crt` if it exists.
    public var rootCertificate: String?
    /// A client certificate and its key (PEM), for servers that authenticate clients by certificate; nil:
    /// `~/.postgresql/postgresql.crt` and `.key` if they exist.
    public var clientCertificate: String?
    public var clientKey: String?

    public init(
        mode: Mode = .prefer, rootCertificate: String? = nil, clientCertificate: String? = nil,
        clientKey: String? = nil
    ) {
        self.mode = mode
        self.rootCertificate = rootCertificate
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
    }

    /// The URL's `parameters` first, then the environment's `PGSSL*` variables, then libpq's defaults.
    init(parameters: [String: String], environment: [String: String]) throws {
        func setting(_ parameter: String, _ variable: String) -> String? {
            parameters[parameter] ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        }
        if let text = setting("sslmode", "PGSSLMODE") {
            guard let mode = Mode(rawValue: text) else { throw StoreError.badSSLMode(text) }
            self.mode = mode
        } else {
            mode = .prefer
        }
        rootCertificate = setting("sslrootcert", "PGSSLROOTCERT")
        clientCertificate = setting("sslcert", "PGSSLCERT")
        clientKey = setting("sslkey", "PGSSLKEY")
    }
}
