import Foundation
import Testing

@testable import TouchlogFormat

/// Every fixture converts to exactly the records in its golden file, is detected as its format, and converts
/// the same way twice (session and view ids are stable across re-imports).
///
/// Re-record with `TOUCHLOG_RECORD=1 swift test --filter ImporterGoldenTests`; recording fails the run so
/// CI never records silently. Review the diff before committing.
@Suite struct ImporterGoldenTests {
    @Test(arguments: ImporterFixtures.fixtures)
    func convertsToTheGoldenRecords(_ fixture: ImporterFixtures.Case) throws {
        let records: [Record]
        do {
            records = try fixture.format.convert(fixture.bytes, sourceName: fixture.name)
        } catch {
            Issue.record("\(fixture.testDescription) did not import: \(error)")
            return
        }
        let actual = ImporterFixtures.jsonLines(records)
        if ProcessInfo.processInfo.environment["TOUCHLOG_RECORD"] == "1" {
            try FileManager.default.createDirectory(
                at: fixture.goldenURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: fixture.goldenURL, atomically: true, encoding: .utf8)
            Issue.record("recorded \(fixture.goldenURL.path); unset TOUCHLOG_RECORD and run again")
            return
        }
        guard let expected = try? String(contentsOf: fixture.goldenURL, encoding: .utf8) else {
            Issue.record("no golden file \(fixture.goldenURL.path); record it with TOUCHLOG_RECORD=1")
            return
        }
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            actualLines.count == expectedLines.count,
            "record count differs from \(fixture.goldenURL.lastPathComponent)")
        for (number, (got, want)) in zip(actualLines, expectedLines).enumerated() where got != want {
            Issue.record(
                "\(fixture.goldenURL.lastPathComponent):\(number + 1) differs\n  got:  \(got)\n  want: \(want)"
            )
        }
    }

    @Test(arguments: ImporterFixtures.fixtures)
    func isDetectedAsItsFormat(_ fixture: ImporterFixtures.Case) {
        #expect(ImportFormat.detect(fixture.bytes) == fixture.format)
    }

    @Test(arguments: ImporterFixtures.fixtures)
    func reimportGivesTheSameRecords(_ fixture: ImporterFixtures.Case) throws {
        let first = try fixture.format.convert(fixture.bytes, sourceName: "a")
        let second = try fixture.format.convert(fixture.bytes, sourceName: "a")
        #expect(first == second)
        #expect(first.first?["type"] == "session")
        #expect(first.first?["format"] == "touchlog/1")
    }

    @Test func fixturesCoverEveryFormat() {
        let formats = Set(ImporterFixtures.fixtures.map(\.format))
        #expect(formats == Set(ImportFormat.allCases).subtracting(ImporterFixtures.joinedOnly))
    }
}
