import Foundation
import Testing

/// The PostgreSQL server the PostgreSQL tests run against: `TOUCHLOG_TEST_POSTGRES_URL`, which
/// `Tests/Postgres/with-cluster.sh` exports for a throwaway cluster (`.ci/run` runs `make test` under it).
///
/// Without it the tests are skipped, saying why, on a developer's machine; in CI (`CI` set) they run and fail, so a
/// CI machine that lost its server cannot pass by skipping them.
public enum PostgresTestServer {
    public static let url: String? = {
        let value = ProcessInfo.processInfo.environment["TOUCHLOG_TEST_POSTGRES_URL"] ?? ""
        return value.isEmpty ? nil : value
    }()

    /// Set in CI: a missing server is a failure there, not a reason to skip.
    public static let isRequired = !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty

    /// For `.enabled(if: PostgresTestServer.shouldRun, PostgresTestServer.skipped)`.
    public static var shouldRun: Bool { url != nil || isRequired }

    public static let skipped: Comment =
        "skipped: no PostgreSQL server (TOUCHLOG_TEST_POSTGRES_URL unset); run `Tests/Postgres/with-cluster.sh make test`"

    /// The server's URL, or a failure saying that CI has no server.
    public static func requireURL(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(
            url,
            "no PostgreSQL server: CI must run the tests under Tests/Postgres/with-cluster.sh (TOUCHLOG_TEST_POSTGRES_URL)",
            sourceLocation: sourceLocation)
    }
}

/// A database of its own on the test server for one test, dropped at deinit (with the sessions still connected).
public final class ScratchPostgresDatabase: @unchecked Sendable {
    /// `postgres://USER@HOST:PORT/touchlog_t_...`
    public let url: String
    public let name: String
    private let server: String

    public init(sourceLocation: SourceLocation = #_sourceLocation) throws {
        server = try PostgresTestServer.requireURL(sourceLocation: sourceLocation)
        name = "touchlog_t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        var components = try #require(URLComponents(string: server))
        components.path = "/" + name
        url = try #require(components.string)
        try Self.psql(server, "CREATE DATABASE \(name)")
    }

    deinit { _ = try? Self.psql(server, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }

    /// Runs `sql` in this database with psql and returns what it printed (unaligned, tuples only).
    @discardableResult
    public func sql(_ sql: String) throws -> String { try Self.psql(url, sql) }

    @discardableResult
    static func psql(_ url: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", url, "-c", sql]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PSQLFailed(message: String(decoding: complaint, as: UTF8.self))
        }
        return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct PSQLFailed: Error, CustomStringConvertible {
        var message: String
        var description: String { "psql failed: \(message)" }
    }
}
