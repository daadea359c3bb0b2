import Foundation
import Testing
import TouchlogTestSupport

/// libpq's `sslmode` against a real server with TLS (`Tests/Postgres/with-cluster.sh` makes a certificate authority,
/// a server certificate it signs for "localhost" only, and a role, touchlog_tls, that the server refuses over TCP
/// without encryption). A command that succeeds as that role therefore connected encrypted.
@Suite(.enabled(if: PostgresTestServer.shouldRun, PostgresTestServer.skipped))
struct PostgresTLSTests {
    let folder = TemporaryFolder()

    /// The scratch database's URL as the TLS-only role, at `host`, with `query`.
    func url(_ database: ScratchPostgresDatabase, host: String, _ query: String) throws -> String {
        var components = try #require(URLComponents(string: database.url))
        components.user = "touchlog_tls"
        components.host = host
        components.percentEncodedQuery = query
        return try #require(components.string)
    }

    /// The test cluster's root certificate, and another authority's that signed nothing the server shows.
    func rootCertificates() throws -> (ours: String, other: String) {
        let environment = ProcessInfo.processInfo.environment
        let ours = try #require(
            environment["TOUCHLOG_TEST_POSTGRES_ROOT_CERT"],
            "the test cluster has no TLS (with-cluster.sh needs openssl)")
        return (ours, try #require(environment["TOUCHLOG_TEST_POSTGRES_OTHER_ROOT_CERT"]))
    }

    var sample: String {
        Touchlog.packageRoot.appendingPathComponent("sample-logs/01-login-background-tap.jsonl").path
    }

    /// verify-full by the name the certificate lists, and verify-ca by address: both encrypt and check the chain.
    @Test func checkedModesConnectEncrypted() throws {
        let postgres = try ScratchPostgresDatabase()
        let root = try rootCertificates().ours
        let byName = try url(postgres, host: "localhost", "sslmode=verify-full&sslrootcert=\(root)")
        let stored = try Touchlog.run(["ingest", "--quiet", "--db", byName, sample])
        #expect(stored.status == 0, "\(stored.stderr)")
        let byAddress = try url(postgres, host: "127.0.0.1", "sslmode=verify-ca&sslrootcert=\(root)")
        // jsonl: the table shortens long ids (issue 27, item 6); the whole key is what is compared.
        let listed = try Touchlog.run(["sessions", "--format", "jsonl", "--db", byAddress])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains(try postgres.sql("SELECT session_key FROM session")))
    }

    /// The environment's PGSSLMODE and PGSSLROOTCERT, as libpq reads them, when the URL says nothing.
    @Test func theEnvironmentChoosesTheModeAndRoot() throws {
        let postgres = try ScratchPostgresDatabase()
        let root = try rootCertificates().ours
        let plain = try url(postgres, host: "localhost", "")
        let stored = try Touchlog.run(
            ["ingest", "--quiet", "--db", plain, sample],
            environment: ["PGSSLMODE": "verify-full", "PGSSLROOTCERT": root])
        #expect(stored.status == 0, "\(stored.stderr)")
        // The URL's own sslmode wins over the environment's.
        let refused = try Touchlog.run(
            ["sessions", "--db", try url(postgres, host: "127.0.0.1", "sslmode=disable")],
            environment: ["PGSSLMODE": "verify-ca", "PGSSLROOTCERT": root])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("no encryption"), "\(refused.stderr)")
    }

    /// `require` encrypts without checking (no root certificate at hand, as libpq); `disable` does not encrypt, so
    /// the TLS-only role is refused, in the server's words.
    @Test func requireEncryptsAndDisableDoesNot() throws {
        let postgres = try ScratchPostgresDatabase()
        let home = ["HOME": folder.path("home")]
        let required = try Touchlog.run(
            ["ingest", "--quiet", "--db", try url(postgres, host: "127.0.0.1", "sslmode=require"), sample],
            environment: home)
        #expect(required.status == 0, "\(required.stderr)")
        let disabled = try Touchlog.run(
            ["sessions", "--db", try url(postgres, host: "127.0.0.1", "sslmode=disable")], environment: home)
        #expect(disabled.status == 2)
        #expect(disabled.stderr.contains("pg_hba.conf rejects connection"), "\(disabled.stderr)")
    }

    /// Each refusal says what failed and what to check, exits 2, and stores nothing.
    @Test func certificateProblemsAreClearErrorsWithExitTwo() throws {
        let postgres = try ScratchPostgresDatabase()
        let roots = try rootCertificates()
        let cases: [(query: String, host: String, says: String)] = [
            ("sslmode=verify-full&sslrootcert=\(roots.ours)", "127.0.0.1", "does not name 127.0.0.1"),
            ("sslmode=verify-ca&sslrootcert=\(roots.other)", "127.0.0.1", "not signed by the root certificate"),
            ("sslmode=verify-ca", "127.0.0.1", "no root certificate to check it against"),
            (
                "sslmode=verify-full&sslrootcert=\(folder.path("missing.crt"))", "localhost",
                "missing.crt\" does not exist"
            ),
            ("sslmode=verify-full&sslrootcert=\(sample)", "localhost", "is not a PEM certificate"),
        ]
        for (query, host, says) in cases {
            let result = try Touchlog.run(
                ["ingest", "--db", try url(postgres, host: host, query), sample],
                environment: ["HOME": folder.path("home")])
            #expect(result.status == 2, "\(query)")
            #expect(result.stderr.contains("with TLS: "), "\(query): \(result.stderr)")
            #expect(result.stderr.contains(says), "\(query): \(result.stderr)")
            #expect(result.stderr.contains("check sslmode, sslrootcert"), "\(query)")
        }
        #expect(try postgres.sql("SELECT to_regclass('session') IS NULL") == "t")
    }
}
