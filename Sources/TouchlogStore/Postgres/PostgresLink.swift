import Foundation
internal import Logging
internal import NIOCore
internal import NIOPosix
internal import PostgresNIO

/// One connection to a PostgreSQL server, used synchronously: touchlog's commands, ingest and report are written
/// as plain blocking code on threads of their own (a parser thread, report workers), so each call here waits for
/// the server's answer. The connection runs on an event loop thread of its own, which nothing else blocks.
///
/// Not for use by two threads at once: PostgreSQL runs one statement at a time per connection, and a transaction
/// is a property of the connection. ``PostgresDatabase`` serialises its use.
final class PostgresLink: @unchecked Sendable {
    // @unchecked: `connection` is used under ``PostgresDatabase``'s lock only; the group and logger never change.
    let location: PostgresLocation
    private let group: MultiThreadedEventLoopGroup
    private let connection: PostgresConnection
    /// postgres-nio's logs go nowhere: touchlog says what failed in its own words.
    private let logger = Logger(label: "touchlog.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Connects, or throws ``StoreError/cannotConnect(location:reason:)`` in words a user can act on.
    init(_ location: PostgresLocation) throws {
        self.location = location
        var configuration: PostgresConnection.Configuration
        if location.host.hasPrefix("/") {
            // A Unix socket is never encrypted: libpq ignores sslmode for sockets, and so does touchlog.
            configuration = .init(
                unixSocketPath: location.socketPath, username: location.user,
                password: location.password, database: location.database)
        } else {
            configuration = .init(
                host: location.host, port: location.port, username: location.user, password: location.password,
                database: location.database, tls: try PostgresTLSContext.configuration(for: location))
        }
        configuration.options.connectTimeout = .seconds(Self.connectTimeout)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            connection = try PostgresConnection.connect(
                on: group.next(), configuration: configuration, id: 1, logger: logger
            ).wait()
        } catch {
            try? group.syncShutdownGracefully()
            if let underlying = (error as? PSQLError)?.underlying,
                let tls = PostgresTLSContext.handshakeFailure(underlying, location: location)
            {
                throw StoreError.tlsFailed(location: location.description, reason: tls)
            }
            throw StoreError.cannotConnect(
                location: location.description, address: location.address,
                failure: Self.connectionFailure(error, location: location))
        }
        self.group = group
    }

    deinit {
        try? connection.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// Runs `query` and returns its rows (a statement's result sets are small: sessions, counts, one page of records).
    @discardableResult
    func query(_ query: PostgresQuery) throws -> [PostgresRow] { try run(query).rows }

    /// Runs `query`: its rows, and how many rows it changed (a DELETE's count).
    func run(_ query: PostgresQuery) throws -> (rows: [PostgresRow], affected: Int) {
        try finishCopy()
        try checkOpen()
        do {
            let result = try connection.query(query, logger: logger).wait()
            return (result.rows, result.metadata.rows ?? 0)
        } catch {
            throw PostgresFailure(error)
        }
    }

    /// Runs `sql`, which has no parameters.
    func execute(_ sql: String) throws { try query(PostgresQuery(unsafeSQL: sql)) }

    /// Runs a script of several statements (a migration) one statement at a time: the extended query protocol
    /// postgres-nio speaks takes one statement per query.
    func executeScript(_ sql: String) throws {
        for statement in Self.statements(in: sql) { try execute(statement) }
    }

    /// The statements of `script`, split at semicolons outside quotes, `--` comments left out.
    static func statements(in script: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var quote: Character?
        var inComment = false
        var previous: Character?
        for character in script {
            defer { previous = character }
            if inComment {
                if character == "\n" {
                    inComment = false
                    current.append(character)
                }
                continue
            }
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                current.append(character)
            case "-" where previous == "-":
                current.removeLast()
                inComment = true
            case ";":
                let statement = current.trimmingCharacters(in: .whitespacesAndNewlines)
                if !statement.isEmpty { statements.append(statement) }
                current = ""
            default:
                current.append(character)
            }
        }
        let rest = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !rest.isEmpty { statements.append(rest) }
        return statements
    }

    /// `COPY table (columns) FROM STDIN` with `data`: rows in COPY's text format.
    ///
    /// Returns at once, not when the server has stored `data`: the COPY starts when the ones before it have finished
    /// (one statement at a time on a connection), while the caller goes on parsing the next batches. Ingest then takes
    /// about as long as the slower of parsing and the server rather than their sum. At most
    /// ``maxCopiesInFlight`` batches are held: past that the caller waits for the oldest, so memory stays bounded.
    /// The next other statement (a query, the commit) waits for them all, and a COPY's failure is thrown there or at
    /// the next call of this.
    func copy(into table: String, columns: [String], data: ByteBuffer) throws {
        while copiesInFlight.count >= Self.maxCopiesInFlight { try waitForOldestCopy() }
        try checkOpen()
        let connection = self.connection
        let logger = self.logger
        let loop = group.next()
        let start: @Sendable () -> EventLoopFuture<Void> = {
            let promise = loop.makePromise(of: Void.self)
            promise.completeWithTask {
                try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
                    try await writer.write(data)
                }
            }
            return promise.futureResult
        }
        // A failed COPY fails the ones chained after it without starting them: the transaction is lost anyway.
        copiesInFlight.append(copiesInFlight.last.map { $0.flatMap { start() } } ?? start())
    }

    /// Batches sent to the server at once at most: enough to keep it busy while the next one is parsed.
    static let maxCopiesInFlight = 3

    /// The COPYs ``copy(into:columns:data:)`` started and nothing has waited for yet, oldest first. Only the thread
    /// that uses the link touches it (the link is never used by two threads at once).
    private var copiesInFlight: [EventLoopFuture<Void>] = []

    private func waitForOldestCopy() throws {
        let oldest = copiesInFlight.removeFirst()
        do {
            try oldest.wait()
        } catch {
            copiesInFlight.removeAll()  // chained after it: failed with it
            throw PostgresFailure(error)
        }
    }

    /// Waits for every COPY in flight and throws the first failure (once: the next call has nothing to wait for).
    func finishCopy() throws {
        while !copiesInFlight.isEmpty { try waitForOldestCopy() }
    }

    /// Calls `handler` (on the connection's event loop) for every notification on `channel`, from when this returns:
    /// postgres-nio sends `LISTEN` when the listener is added, and the query after it is answered only once the
    /// `LISTEN` was, so nothing committed after this returns goes unnoticed.
    func listen(_ channel: String, _ handler: @escaping @Sendable () -> Void) throws {
        try checkOpen()
        connection.addListener(channel: channel) { _, _ in handler() }
        try execute("SELECT 1")
    }

    /// Whether the server closed the connection.
    var isClosed: Bool { connection.isClosed }

    /// A connection the server has closed (a restart, `pg_terminate_backend`, a network gone) fails at once: a
    /// statement written to it after the close would wait for an answer that never comes.
    private func checkOpen() throws {
        guard !connection.isClosed else {
            throw PostgresFailure(reason: "the server closed the connection", sqlState: nil)
        }
    }

    /// How long a connection may take to be made.
    static let connectTimeout: Int64 = 10

    /// Why connecting failed, from what NIO and postgres-nio threw: the socket's errno, the resolver's, the
    /// server's SQLSTATE.
    static func connectionFailure(_ error: any Error, location: PostgresLocation) -> ConnectionFailure {
        let psql = error as? PSQLError
        if let info = psql?.serverInfo, let message = info[.message] {
            let said = [message, info[.detail]].compactMap { $0 }.joined(separator: ": ")
            switch info[.sqlState] {
            // invalid_authorization_specification (no such role), invalid_password.
            case "28000", "28P01": return .authentication(said)
            // invalid_catalog_name.
            case "3D000": return .noSuchDatabase(said)
            default: return .other(said)
            }
        }
        let underlying = psql?.underlying ?? error
        if let connection = underlying as? NIOConnectionError {
            // Every address the name resolved to was tried; none resolved means the name is unknown.
            if connection.connectionErrors.isEmpty { return .unknownHost }
            let errors = connection.connectionErrors.map(\.error)
            if errors.allSatisfy({ ($0 as? IOError)?.errnoCode == ECONNREFUSED }) { return .refused }
            if errors.contains(where: Self.isTimeout) { return .timedOut(seconds: Int(connectTimeout)) }
            return .other(errors.map { "\($0)" }.joined(separator: "; "))
        }
        if let io = underlying as? IOError {
            switch io.errnoCode {
            case ECONNREFUSED: return .refused
            // A Unix socket that is not there.
            case ENOENT where location.host.hasPrefix("/"): return .noSocket(path: location.socketPath)
            default: break
            }
        }
        if Self.isTimeout(underlying) { return .timedOut(seconds: Int(connectTimeout)) }
        return .other(reason(error))
    }

    private static func isTimeout(_ error: any Error) -> Bool {
        if case .connectTimeout = error as? ChannelError { return true }
        return false
    }

    /// The server's own words for a failure (its message and detail), else postgres-nio's code: never the SQL.
    static func reason(_ error: any Error) -> String {
        if let failure = error as? PostgresFailure { return failure.reason }
        guard let error = error as? PSQLError else { return "\(error)" }
        if let info = error.serverInfo, let message = info[.message] {
            return [message, info[.detail]].compactMap { $0 }.joined(separator: ": ")
        }
        if let underlying = error.underlying {
            if let io = underlying as? IOError { return io.description }
            return "\(underlying)"
        }
        switch error.code {
        case .serverClosedConnection, .uncleanShutdown: return "the server closed the connection"
        case .connectionError: return "the connection failed"
        case .sslUnsupported:
            return
                "the server does not accept encrypted connections, and sslmode asks for one (use sslmode=prefer or disable, or turn ssl on in the server)"
        case .authMechanismRequiresPassword:
            return "the server asks for a password (set PGPASSWORD, or put it in the URL)"
        default: return "\(error.code)"
        }
    }
}

/// A failure of the server or of the connection to it, kept with its SQLSTATE so callers can tell a conflict (which
/// they handle) from a lost connection (which they report).
struct PostgresFailure: Error, CustomStringConvertible {
    var reason: String
    /// The five-character SQLSTATE, nil when the server said nothing (the connection failed).
    var sqlState: String?

    init(reason: String, sqlState: String?) {
        self.reason = reason
        self.sqlState = sqlState
    }

    init(_ error: any Error) {
        if let failure = error as? PostgresFailure {
            self = failure
            return
        }
        reason = PostgresLink.reason(error)
        sqlState = (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// The connection is gone (no SQLSTATE: the server did not answer).
    var isConnectionFailure: Bool { sqlState == nil }

    var description: String { reason }
}
