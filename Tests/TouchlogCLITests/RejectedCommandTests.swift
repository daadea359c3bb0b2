import Foundation
import Testing

@testable import TouchlogCLI

/// Issue 27, "what they missed most": `touchlog rejected SESSION` shows the lines `--keep-going` or a crash set
/// aside, with file, line, column, reason and the text as stored.
@Suite struct RejectedCommandTests {
    @Test func theLinesKeepGoingSetAsideAreListedWithTheirText() throws {
        let store = try FourSessions(broken: true)
        let result = try store.run(["rejected", "BROK"])
        #expect(result.status == 0, "\(result.stderr)")
        try expectGolden(result.stdout, "rejected.txt")
        #expect(result.stdout.hasPrefix("broken (partial): 2 lines set aside\n  two-errors.jsonl:3:"))
        // The raw line, as the file had it.
        #expect(
            result.stdout.contains(
                "\n    {\"type\":\"touch\",\"t\":1,\"touch\":1,\"phase\":\"began\",\"x\":1,\"y\":2\n"))
    }

    @Test func jsonHasOneObjectPerLine() throws {
        let store = try FourSessions(broken: true)
        let result = try store.run(["rejected", "broken", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(lines.count == 2)
        #expect(lines.map { $0["line"] as? Int } == [3, 4])
        #expect(lines.allSatisfy { $0["session"] as? String == "broken" && $0["status"] as? String == "partial" })
        #expect(lines.allSatisfy { ($0["file"] as? String)?.hasSuffix("two-errors.jsonl") == true })
        #expect(lines.allSatisfy { ($0["reason"] as? String)?.isEmpty == false && $0["column"] is Int })
        #expect(lines.last?["text"] as? String == #"{"type":"set","t":2,"view":"ghost","isHidden":true}"#)
    }

    @Test func aSessionWithNothingSetAsideSaysSoAndEveryLineIsListedWithoutASession() throws {
        let store = try FourSessions(broken: true)
        let none = try store.run(["rejected", "0b6d"])
        #expect(none.status == 0)
        #expect(none.stdout == "0B6D-ipad (complete): no line set aside\n")
        let all = try store.run(["rejected"])
        #expect(all.status == 0)
        #expect(all.stdout == (try store.run(["rejected", "broken"])).stdout)
        let clean = try FourSessions()
        #expect(try clean.run(["rejected"]).stdout == "no line was set aside: every stored line was ingested\n")
    }

    /// A crash's cut last line is kept apart too, and the session is marked truncated.
    @Test func aCrashCutLastLineIsListed() throws {
        let folder = TemporaryFolder()
        let sample = Touchlog.packageRoot.appendingPathComponent(
            "sample-logs/13-crash-in-apply-filters-truncated.jsonl"
        ).path
        let db = folder.path("t.sqlite")
        #expect(Touchlog.call(["ingest", "--quiet", "--db", db, sample]).status == 0)
        let result = Touchlog.call(["rejected", "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(" (truncated): 1 line set aside\n  \(sample):13:"), "\(result.stdout)")
    }

    @Test func anUnknownSessionIsAnErrorWithExitTwo() throws {
        let store = try FourSessions()
        let result = try store.run(["rejected", "nope"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("touchlog: error: no session matches \"nope\""))
        #expect(result.stdout.isEmpty)
    }
}
