import Foundation
import Testing

@testable import TouchlogCLI

/// Issue 27, "what they missed most": `ingest --format json` prints what was stored on standard output (sessions,
/// ids, records, touches, warnings with file:line:column), and progress and diagnostics stay on standard error.
@Suite struct IngestJSONTests {
    let folder = TemporaryFolder()
    var db: String { folder.path("t.sqlite") }
    let login = Touchlog.fixtures.appendingPathComponent("login-form.jsonl").path
    let broken = Touchlog.fixtures.appendingPathComponent("two-errors.jsonl").path

    func json(_ result: Touchlog.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func whatWasStoredIsPrintedAsJSON() throws {
        let result = Touchlog.call(["ingest", "--format", "json", "--keep-going", "--db", db, login, broken])
        #expect(result.status == 0, "\(result.stderr)")
        // Standard error says the same as without --format json.
        #expect(result.stderr.contains("session \"5C1E2F0A-login\" stored (10 records)"))
        let output = try json(result)
        #expect(output["sessions"] as? Int == 2 && output["failedFiles"] as? Int == 0)
        let files = try #require(output["files"] as? [[String: Any]])
        #expect(files.map { $0["file"] as? String } == [login, broken])
        #expect(files.allSatisfy { $0["stored"] as? Bool == true })
        let sessions = files.compactMap { $0["sessions"] as? [[String: Any]] }.flatMap { $0 }
        #expect(sessions.map { $0["id"] as? String } == ["5C1E2F0A-login", "broken"])
        #expect(sessions.map { $0["outcome"] as? String } == ["stored", "stored"])
        #expect(sessions.map { $0["status"] as? String } == ["complete", "partial"])
        #expect(sessions.first?["records"] as? Int == 10)
        #expect(sessions.last?["rejected"] as? Int == 2)
        // The touches are the stored ones.
        let listed = Touchlog.call(["sessions", "--db", db, "--format", "json"])
        let stored = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(sessions.map { $0["touches"] as? Int } == stored.map { $0["touches"] as? Int })
        // Each problem with its place.
        let diagnostics = try #require(files.last?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count >= 2)
        #expect(diagnostics.first?["file"] as? String == broken)
        #expect(diagnostics.first?["line"] as? Int == 3)
        #expect(diagnostics.allSatisfy { $0["column"] is Int && $0["message"] is String && $0["severity"] is String })
    }

    @Test func aFailedFileIsListedAsNotStoredWithItsErrors() throws {
        let result = Touchlog.call(["ingest", "--format", "json", "--db", db, broken])
        #expect(result.status == 1)
        let files = try #require(try json(result)["files"] as? [[String: Any]])
        #expect(files.first?["stored"] as? Bool == false)
        #expect((files.first?["sessions"] as? [Any])?.isEmpty == true)
        let diagnostics = try #require(files.first?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["severity"] as? String == "error")
        #expect(diagnostics.first?["hint"] != nil)
    }

    @Test func withoutFormatNothingGoesToStandardOutput() {
        let result = Touchlog.call(["ingest", "--db", db, login])
        #expect(result.status == 0 && result.stdout.isEmpty)
    }
}
