import Testing
import TouchlogStore

/// `--db` chooses the store: a path is an SQLite file, a postgres:// URL a PostgreSQL database, with libpq's
/// environment for what the URL leaves out.
@Suite struct StoreLocationTests {
    @Test func pathsAreSQLiteFiles() throws {
        #expect(try StoreLocation("touchlog.sqlite", environment: [:]) == .sqlite(path: "touchlog.sqlite"))
        #expect(try StoreLocation("./postgres://x", environment: [:]) == .sqlite(path: "./postgres://x"))
        #expect(try StoreLocation("/tmp/a b.sqlite", environment: [:]) == .sqlite(path: "/tmp/a b.sqlite"))
    }

    @Test func aFullURLNeedsNoEnvironment() throws {
        let location = try StoreLocation(
            "postgres://ci:s%40cret@db.example:5433/touch%20log", environment: ["PGHOST": "elsewhere", "PGPORT": "1"])
        #expect(
            location
                == .postgres(
                    PostgresLocation(
                        host: "db.example", port: 5433, user: "ci", password: "s@cret", database: "touch log")))
        // The password never appears where messages print the location.
        #expect(location.description == "postgres://ci@db.example:5433/touch log")
    }

    @Test func theEnvironmentFillsInWhatTheURLLeavesOut() throws {
        let environment = [
            "PGHOST": "pg.internal", "PGPORT": "6543", "PGUSER": "farm", "PGDATABASE": "logs", "PGPASSWORD": "pw",
        ]
        #expect(
            try StoreLocation("postgresql://", environment: environment)
                == .postgres(
                    PostgresLocation(host: "pg.internal", port: 6543, user: "farm", password: "pw", database: "logs")))
        #expect(
            try StoreLocation("POSTGRES://me@/mine", environment: environment)
                == .postgres(
                    PostgresLocation(host: "pg.internal", port: 6543, user: "me", password: "pw", database: "mine")))
    }

    @Test func libpqDefaultsApplyLast() throws {
        // A local socket, port 5432, the login name for the user and the database.
        #expect(
            try StoreLocation("postgres://", environment: ["USER": "dev"])
                == .postgres(PostgresLocation(host: "/var/run/postgresql", port: 5432, user: "dev", database: "dev")))
        // A socket folder as the host, percent-encoded.
        #expect(
            try StoreLocation("postgres://me@%2Ftmp%2Fpg:5999/db", environment: [:])
                == .postgres(PostgresLocation(host: "/tmp/pg", port: 5999, user: "me", database: "db")))
    }

    @Test func malformedLocationsAreRefusedSayingWhy() {
        #expect(throws: StoreError.badLocation("PGPORT=fifty")) {
            try StoreLocation("postgres://me@host/db", environment: ["PGPORT": "fifty"])
        }
        // libpq's other query parameters are refused rather than ignored, and so is a TLS one with no value.
        for url in ["postgres://me@host/db?host=elsewhere", "postgres://me@host/db?sslmode="] {
            #expect(throws: StoreError.badLocation(url)) { try StoreLocation(url, environment: [:]) }
        }
        #expect(StoreError.badLocation("x").description.contains("postgres://USER@HOST:PORT/DATABASE"))
        #expect(StoreError.badLocation("x").description.contains("only sslmode, sslrootcert, sslcert and sslkey"))
        #expect(throws: StoreError.badSSLMode("verify_full")) {
            try StoreLocation("postgres://me@host/db?sslmode=verify_full", environment: [:])
        }
        #expect(throws: StoreError.badSSLMode("on")) {
            try StoreLocation("postgres://me@host/db", environment: ["PGSSLMODE": "on"])
        }
        #expect(
            StoreError.badSSLMode("on").description.contains("disable, allow, prefer, require, verify-ca, verify-full"))
    }

    /// TLS as libpq reads it: prefer by default, the URL's parameters over the environment's PGSSL* variables.
    @Test func tlsSettingsComeFromTheURLThenTheEnvironment() throws {
        func tls(_ url: String, _ environment: [String: String] = [:]) throws -> PostgresTLS? {
            guard case .postgres(let location) = try StoreLocation(url, environment: environment) else { return nil }
            return location.tls
        }
        #expect(try tls("postgres://me@host/db") == PostgresTLS(mode: .prefer))
        #expect(
            try tls("postgres://me@host/db?sslmode=verify-full&sslrootcert=/etc/ca.pem")
                == PostgresTLS(mode: .verifyFull, rootCertificate: "/etc/ca.pem"))
        let environment = [
            "PGSSLMODE": "require", "PGSSLROOTCERT": "/env/root.crt", "PGSSLCERT": "/env/me.crt",
            "PGSSLKEY": "/env/me.key",
        ]
        #expect(
            try tls("postgres://me@host/db", environment)
                == PostgresTLS(
                    mode: .require, rootCertificate: "/env/root.crt", clientCertificate: "/env/me.crt",
                    clientKey: "/env/me.key"))
        #expect(
            try tls("postgres://me@host/db?sslmode=verify-ca&sslkey=/url/me.key", environment)
                == PostgresTLS(
                    mode: .verifyCA, rootCertificate: "/env/root.crt", clientCertificate: "/env/me.crt",
                    clientKey: "/url/me.key"))
        for mode in PostgresTLS.Mode.allCases {
            #expect(try tls("postgres://me@host/db?sslmode=\(mode.rawValue)")?.mode == mode)
        }
    }
}
