import Foundation
import Testing
import TouchlogStore

@testable import TouchlogCLI
@testable import TouchlogPipeline

/// `touchlog sessions --since`, `--device`, `--limit` and `--format table|json|jsonl|csv`.
@Suite struct SessionsOptionsTests {
    /// The ids the table lists, each the whole id of the session its shortened id names (as commands read it).
    func keys(_ result: Touchlog.Result) -> [String] {
        let stored = ["7A20-old", "5C1E2F0A-login", "0B6D-ipad", "7a21-undated"]
        return result.stdout.split(separator: "\n").dropFirst().map { row in
            let id = String(row.prefix(while: { $0 != " " }))
            let matches = stored.filter { $0.lowercased().hasPrefix(id.lowercased()) }
            return matches.count == 1 ? matches[0] : id
        }
    }

    @Test func theTableListsUndatedSessionsLast() throws {
        let store = try FourSessions()
        let result = try store.run(["sessions"])
        #expect(result.status == 0)
        try expectGolden(result.stdout, "sessions-four.txt")
        // `text`, the table's earlier name, still works.
        #expect(try store.run(["sessions", "--format", "text"]).stdout == result.stdout)
    }

    @Test func csvHasAHeaderRowAndRFC4180Quoting() throws {
        let store = try FourSessions()
        let result = try store.run(["sessions", "--format", "csv"])
        #expect(result.status == 0)
        try expectGolden(
            result.stdout.replacingOccurrences(of: try store.ingestedAt(), with: "<ingestedAt>"), "sessions.csv")
        // Every row ends in CRLF; "iPhone15,2" holds a comma, so it is quoted.
        #expect(
            result.stdout.hasSuffix("\r\n") && !result.stdout.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(result.stdout.contains(",\"iPhone15,2\","))
    }

    @Test func jsonLinesIsOneSessionObjectPerLine() throws {
        let store = try FourSessions()
        let result = try store.run(["sessions", "--format", "jsonl"])
        #expect(result.status == 0)
        try expectGolden(
            result.stdout.replacingOccurrences(of: try store.ingestedAt(), with: "<ingestedAt>"), "sessions.jsonl")
        // The same objects as --format json, one per line.
        let array = try store.run(["sessions", "--format", "json"]).stdout
        let lines = result.stdout.split(separator: "\n").joined(separator: ",")
        #expect(array == "[" + lines + "]\n")
    }

    /// 0B6D-ipad started at 09:30+02:00, 07:30 UTC: after 07:00 UTC, before 08:00 UTC, whatever the text says.
    @Test func sinceComparesInstants() throws {
        let store = try FourSessions()
        #expect(keys(try store.run(["sessions", "--since", "2026-11-21T08:00:00+01:00"])) == ["0B6D-ipad"])
        let none = try store.run(["sessions", "--since", "2026-11-21T09:00:00+01:00"])
        #expect(none.stdout.isEmpty)
        #expect(
            none.stderr
                == "none of the 4 sessions stored in t.sqlite matches --since 2026-11-21T09:00:00+01:00; `touchlog sessions` without it lists every session with its start time\n"
        )
        #expect(keys(try store.run(["sessions", "--since", "2026-01-01"])) == ["5C1E2F0A-login", "0B6D-ipad"])
    }

    @Test func aDateThatIsNotOneIsAUsageErrorThatSaysWhatToWrite() throws {
        let store = try FourSessions()
        let result = try store.run(["sessions", "--since", "2026-11-21T10:00"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: The value '2026-11-21T10:00' is invalid for '--since <date>': \"2026-11-21T10:00\" has a time but no zone; add Z for UTC (2026-11-21T10:00Z) or an offset such as +02:00, or give the date alone\n"
            ))
    }

    @Test func deviceMatchesPartOfTheModelInAnyCase() throws {
        let store = try FourSessions()
        #expect(keys(try store.run(["sessions", "--device", "IPAD"])) == ["0B6D-ipad"])
        #expect(keys(try store.run(["sessions", "--device", "iPhone15"])) == ["5C1E2F0A-login", "7a21-undated"])
        #expect(keys(try store.run(["sessions", "--device", "iPhone15,2"])) == ["5C1E2F0A-login", "7a21-undated"])
    }

    /// The sessions that started last (issue 27, item 5), not the undated one listed after them.
    @Test func limitKeepsTheSessionsThatStartedLast() throws {
        let store = try FourSessions()
        #expect(keys(try store.run(["sessions", "--limit", "2"])) == ["5C1E2F0A-login", "0B6D-ipad"])
        let zero = try store.run(["sessions", "--limit", "0"])
        #expect(zero.status == 64)
        #expect(zero.stderr.contains("--limit must be 1 or more (got 0)"))
    }

    /// The message names every filter given and what the full list shows of each.
    @Test func filtersThatMatchNothingAreNamed() throws {
        let store = try FourSessions()
        let result = try store.run(["sessions", "--app-version", "2.2.0", "--device", "ipad", "--limit", "3"])
        #expect(result.status == 0 && result.stdout.isEmpty)
        #expect(
            result.stderr
                == "none of the 4 sessions stored in t.sqlite matches --app-version \"2.2.0\" --device \"ipad\"; `touchlog sessions` without them lists every session with its app version and device\n"
        )
        // Machine formats stay parseable and quiet.
        let csv = try store.run(["sessions", "--device", "ipod", "--format", "csv"])
        #expect(csv.stdout == SessionListFormatter.csvHeader.joined(separator: ",") + "\r\n" && csv.stderr.isEmpty)
        #expect(try store.run(["sessions", "--device", "ipod", "--format", "jsonl"]).stdout.isEmpty)
        #expect(try store.run(["sessions", "--device", "ipod", "--format", "json"]).stdout == "[]\n")
    }

    @Test func csvFieldsAreQuotedOnlyWhenTheyMustBe() {
        #expect(CSV.field("plain text") == "plain text")
        #expect(CSV.field("iPhone15,2") == "\"iPhone15,2\"")
        #expect(CSV.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSV.field("two\nlines") == "\"two\nlines\"")
        #expect(CSV.field("crlf\r\nend") == "\"crlf\r\nend\"")
        #expect(CSV.row(["a", "b,c", ""]) == "a,\"b,c\",\r\n")
    }

    /// The CSV columns are the JSON members: a member added to one and not the other fails here.
    @Test func csvColumnsAreTheJSONMembers() throws {
        let store = try FourSessions()
        let session = try #require(TouchlogDatabase(path: store.db, access: .readOnly).sessions().first)
        #expect(CSV.header(of: SessionListFormatter.jsonValue(session)) == SessionListFormatter.csvHeader)
    }
}
