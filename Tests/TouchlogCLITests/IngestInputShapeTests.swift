import Foundation
import Testing
import TouchlogStore

/// What people actually feed `touchlog ingest`: compressed recordings are read, and everything else that is not
/// a recording gets its own accurate message.
@Suite struct IngestInputShapeTests {
    let folder = TemporaryFolder()
    var db: String { folder.path("t.sqlite") }
    let login = Touchlog.fixtures.appendingPathComponent("login-form.jsonl").path

    func gzip(_ path: String) throws -> String {
        let copy = folder.path((path as NSString).lastPathComponent)
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-n", copy]
        try process.run()
        process.waitUntilExit()
        return copy + ".gz"
    }

    @Test func aGzipFileIsIngestedLikeThePlainOne() throws {
        let compressed = try gzip(login)
        let result = Touchlog.call(["ingest", "--db", db, compressed])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("session \"5C1E2F0A-login\" stored (10 records)"))
        // The same content: the plain file is then "unchanged".
        let plain = Touchlog.call(["ingest", "--db", db, login])
        #expect(plain.stderr.contains("already stored with the same content"))
    }

    @Test func gzipOnStandardInputToo() throws {
        let compressed = try Data(contentsOf: URL(fileURLWithPath: try gzip(login)))
        let result = try Touchlog.run(["ingest", "--db", db, "-"], stdin: compressed)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try TouchlogDatabase(path: db).sessions().map(\.key) == ["5C1E2F0A-login"])
    }

    @Test func aCutOffGzipFileSaysSoAndIsStoredUpToTheCut() throws {
        let compressed = try Data(contentsOf: URL(fileURLWithPath: try gzip(login)))
        let cut = folder.path("cut.jsonl.gz")
        try compressed.prefix(compressed.count - 12).write(to: URL(fileURLWithPath: cut))
        let result = Touchlog.call(["ingest", "--db", db, cut])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: the gzip file ends after"))
        #expect(try TouchlogDatabase(path: db).sessions().map(\.status) == [.truncated])
    }

    @Test(arguments: [
        (
            "array.json", Array(#"[{"type":"session","format":"touchlog/1","session":"a"}]"#.utf8),
            "a JSON array, not JSON Lines"
        ),
        (
            "log.jsonl.bz2", Array("BZh91AY&SY".utf8),
            "bzip2-compressed; touchlog reads plain and gzip-compressed recordings"
        ),
        ("bundle.zip", [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00], "a zip archive, not a recording"),
        ("screen.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG image, not a recording"),
    ])
    func eachShapeGetsItsOwnMessage(name: String, bytes: [UInt8], message: String) throws {
        let path = folder.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = Touchlog.call(["ingest", "--db", db, path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(path):1:1: error: \(message)"), "\(result.stderr)")
        #expect(!result.stderr.contains("--from"))
    }

    /// A log whose first line is a tag starts with `[` and is no JSON array: it is not called one.
    /// So is a bracketed note before JSON cut mid-string (an excerpt of a long comment), which looks like JSON after it.
    @Test(arguments: [
        "[build]\nCompiling Shop\n",
        "[turn 0 by ann, continued]\n error\",\"status_code\":200}},{\"timestamp\":1.5,\"category\":\"xhr\"}]\n",
    ])
    func textOpeningWithATagIsNotCalledAJSONArray(text: String) throws {
        let path = folder.path("notes.txt")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let result = Touchlog.call(["ingest", "--db", db, path])
        #expect(result.status == 1)
        #expect(!result.stderr.contains("JSON array"))
        #expect(result.stderr.contains("\(path):1:1: error: neither a touchlog/1 recording"), "\(result.stderr)")
    }

    @Test func aDirectoryIsNamedAsOne() throws {
        let result = Touchlog.call(["ingest", "--db", db, folder.url.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is a directory, not a recording"))
        #expect(result.stderr.contains("touchlog ingest \(folder.url.path)/*.jsonl"))
    }
}
