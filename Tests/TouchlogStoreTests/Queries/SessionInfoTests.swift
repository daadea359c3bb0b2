import Foundation
import Testing
import TouchlogFormat

@testable import TouchlogStore

/// `SessionInfo.headerLine`: where each session starts in its file, so that `headerLine + seq - 1` is a record's
/// line there (reports print FILE:LINE with it).
@Suite struct SessionInfoTests {
    let folder = TemporaryFolder()

    /// Two sessions in one file, the second with a rejected line (kept aside with --keep-going, so its seqs skip it).
    static let twoSessions =
        [
            Lines.header("first"), Lines.snapshot, Lines.touch(0.1), Lines.touch(0.2, phase: "ended"),
            Lines.header("second"), Lines.snapshot, Lines.touch(1), "{oops",
            #"{"type":"key","t":1.5,"length":1}"#, Lines.touch(2, phase: "ended"),
        ].joined(separator: "\n") + "\n"

    @Test func headerLineIsWhereEachSessionStartsInItsFile() throws {
        let database = try TouchlogDatabase.inMemory()
        let path = folder.file("two.jsonl", Self.twoSessions)
        #expect(Ingestor(database: database, options: IngestOptions(keepGoing: true)).ingest(.file(path)).succeeded)
        #expect(try database.sessions().map(\.headerLine) == [1, 5])
        #expect(try database.session(matching: "second").headerLine == 5)
    }

    @Test func sessionsWithAStartTimeComeFirstInStartOrder() throws {
        let database = try TouchlogDatabase.inMemory()
        let undated = #"{"type":"session","format":"touchlog/1","session":"undated"}"#
        let later = Lines.header("later").replacingOccurrences(of: "2026-11-20T10", with: "2026-11-21T10")
        let text =
            [undated, Lines.snapshot, later, Lines.snapshot, Lines.header("earlier"), Lines.snapshot]
            .joined(separator: "\n") + "\n"
        #expect(Ingestor(database: database).ingest(.file(folder.file("three.jsonl", text))).succeeded)
        #expect(try database.sessions().map(\.key) == ["earlier", "later", "undated"])
    }

    /// Every stored record, looked up at `headerLine + seq - 1` in its file, is the line it came from.
    @Test func headerLinePlusSeqMinusOneIsEveryRecordsLineInTheFile() throws {
        let database = try TouchlogDatabase.inMemory()
        let path = folder.file("two.jsonl", Self.twoSessions)
        #expect(Ingestor(database: database, options: IngestOptions(keepGoing: true)).ingest(.file(path)).succeeded)
        let fileLines = Self.twoSessions.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var checked = 0
        for info in try database.sessions() {
            let headerLine = try #require(info.headerLine)
            for record in try database.records(sessionRowID: info.rowID) {
                let line = try JSONReader.parse(fileLines[headerLine + record.seq - 2])
                #expect(line["type"]?.stringValue == record.record.typeName, "\(info.key) seq \(record.seq)")
                #expect(line["t"]?.doubleValue == record.t, "\(info.key) seq \(record.seq)")
                if record.seq == 1 { #expect(line["session"]?.stringValue == info.key) }
                checked += 1
            }
        }
        #expect(checked == 9)  // 10 lines, one rejected
    }

    /// A dump's records were written by its importer: they have no line in the dump, so there is no header line
    /// to offer, although the column holds the line in the converted text.
    @Test func anImportedDumpHasNoHeaderLine() throws {
        let database = try TouchlogDatabase.inMemory()
        let path = ImportIngestTests.samplePath("import-sentry-view-hierarchy.json")
        #expect(Ingestor(database: database).ingest(.file(path)).succeeded)
        let info = try #require(try database.sessions().first)
        #expect(info.headerLine == nil)
        let stored = try database.raw.integer("SELECT header_line FROM session WHERE id = ?", [.integer(info.rowID)])
        #expect(stored == 1)
    }

    /// A header that merely has a `source` member of its own (not an importer's) keeps its line.
    @Test func aRecordersOwnSourceMemberIsNotAnImport() throws {
        let database = try TouchlogDatabase.inMemory()
        let header = Lines.header("own").replacingOccurrences(of: #""extra""#, with: #""source":"xcode","extra""#)
        let path = folder.file("own.jsonl", "\n" + [header, Lines.snapshot].joined(separator: "\n") + "\n")
        let report = Ingestor(database: database).ingest(.file(path))
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(try database.session(matching: "own").headerLine == 2)
    }
}
