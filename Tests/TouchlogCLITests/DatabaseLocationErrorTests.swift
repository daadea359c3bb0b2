import Foundation
import Testing

@testable import TouchlogCLI

/// Issue 27, item 14: a `--db` that cannot be used says why in the user's terms, never NIO's
/// (`SingleConnectionFailure(target: [IPv4]…) (errno: 111)`), and what to do.
@Suite struct DatabaseLocationErrorTests {
    let folder = TemporaryFolder()

    /// Port 1 on loopback: nothing listens there, so no server is needed to be refused.
    @Test func aPostgreSQLThatIsDownIsSaidSo() {
        let url = "postgres://touchlog@127.0.0.1:1/touchlog"
        let result = Touchlog.call(["sessions", "--db", url])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "touchlog: error: could not connect to PostgreSQL at 127.0.0.1:1 (\"\(url)\"): connection refused — is the server running, and on that port? check --db or TOUCHLOG_DB\n"
        )
        #expect(!result.stderr.contains("errno") && !result.stderr.contains("IPv4"))
    }

    /// A local server's socket folder without a socket: the server is not running there.
    @Test func aMissingServerSocketIsNamed() {
        let socketFolder = folder.path("sockets")
        try? FileManager.default.createDirectory(atPath: socketFolder, withIntermediateDirectories: true)
        let encoded = socketFolder.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? socketFolder
        let result = Touchlog.call(["sessions", "--db", "postgres://touchlog@\(encoded):5432/touchlog"])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "touchlog: error: could not connect to PostgreSQL at \(socketFolder)/.s.PGSQL.5432 (\"postgres://touchlog@"
            ), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "there is no server socket \"\(socketFolder)/.s.PGSQL.5432\" — is the server running"),
            "\(result.stderr)")
    }

    @Test(arguments: ["mysql://root@localhost/touchlog", "sqlite:///tmp/t.sqlite", "HTTPS://example.com/db"])
    func aURLOfAnotherKindOfDatabaseIsRefusedWithWhatDbTakes(url: String) {
        let result = Touchlog.call(["sessions", "--db", url])
        #expect(result.status == 2)
        let scheme = String(url.prefix { $0 != ":" })
        #expect(
            result.stderr
                == "touchlog: error: \"\(url)\" is a \(scheme):// URL, and touchlog does not use \(scheme) databases; give --db (or TOUCHLOG_DB) either the path of an SQLite file (./touchlog.sqlite, created by `touchlog ingest` if missing) or a PostgreSQL URL, postgres://USER@HOST:PORT/DATABASE (postgresql:// too)\n"
        )
    }

    /// Reading and writing both name the folder to create, and nothing is created.
    @Test(arguments: [
        ["sessions"],
        [
            "ingest",
            Touchlog.packageRoot.appendingPathComponent("sample-logs/03-hidden-promo-field-keeps-typing.jsonl").path,
        ], ["vacuum"],
    ])
    func aDatabaseInAMissingFolderNamesTheFolder(command: [String]) {
        let missing = folder.path("missing/dir")
        let result = Touchlog.call(command + ["--db", missing + "/x.sqlite"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "touchlog: error: there is no folder \"\(missing)\" for the database \"\(missing)/x.sqlite\"; create the folder first (mkdir -p \"\(missing)\"), or point --db or TOUCHLOG_DB at a file in a folder that exists\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.path("missing")))
    }
}
