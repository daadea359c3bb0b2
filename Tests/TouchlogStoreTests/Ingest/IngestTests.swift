import Foundation
import Testing

@testable import TouchlogFormat
@testable import TouchlogStore

@Suite struct IngestTests {
    let folder = TemporaryFolder()

    func fileDatabase() throws -> TouchlogDatabase { try TouchlogDatabase(path: folder.path("db.sqlite")) }

    func ingest(
        _ text: String, into database: TouchlogDatabase, name: String = "a.jsonl",
        _ options: IngestOptions = IngestOptions()
    ) -> FileIngestReport {
        Ingestor(database: database, options: options).ingest(.file(folder.file(name, text)))
    }

    @Test(arguments: [false, true])
    func storesEveryRecordAndReadsThemBackInOrder(inMemory: Bool) throws {
        let database = inMemory ? try TouchlogDatabase.inMemory() : try fileDatabase()
        let text = Lines.rich()
        let report = ingest(text, into: database)
        #expect(report.succeeded)
        let touches = try #require(try database.sessions().first?.touchCount)
        #expect(
            report.sessions == [
                .init(session: "s1", kind: .stored, records: 10, touches: touches, rejected: 0, status: .complete)
            ])
        #expect(touches > 0)
        #expect(report.unknownTypeRecords == 1)

        // What the decoder produced (parsed, redacted) is what comes back, in the same order.
        var expected: [DecodedRecord] = []
        var decoder = LogDecoder(file: "a.jsonl", keepText: false) {
            if case .record(let record) = $0 { expected.append(record) }
        }
        decoder.readAll(text: text)
        let session = try database.session(matching: "s1")
        let stored = try database.records(sessionRowID: session.rowID)
        #expect(stored.map(\.seq) == expected.map(\.seq))
        // Each stored record decodes to the typed record the decoder made of its line.
        for (back, original) in zip(stored, expected) {
            #expect(back.record == original.record, "seq \(back.seq)")
        }
        #expect(try database.readAllRecords(sessionRowID: session.rowID) == 10)
        // Three touch records, two fingers down (touch 1 and f2): two touches, as people count them.
        #expect(session.recordCount == 10 && session.touchCount == 2 && session.unknownCount == 1)
        #expect(session.status == .complete && session.duration == 6 && session.appVersion == "1.0")
        #expect(session.deviceModel == "iPhone15,2" && session.startedAt == "2026-11-20T10:00:00.000Z")
        #expect(session.headerJSON.contains(#""extra":{"kept":true}"#))
    }

    @Test func typedTouchesKeepUnknownMembersInTheRawLine() throws {
        let database = try TouchlogDatabase.inMemory()
        _ = ingest(Lines.rich(), into: database)
        let touches = try database.records(sessionRowID: 1).filter { $0.record.kind == .touch }
        #expect(touches[1].record == .touch(TouchRecord(t: 0.15, touch: .string("f2"), phase: .began, x: 1, y: 2)))
        // Members beyond the typed columns are kept, as the line was written, for nothing recorded to be lost.
        let raw = try database.raw.optionalStrings("SELECT raw_json FROM touch ORDER BY key")
        #expect(raw.map { $0 != nil } == [false, true, false])
        #expect(raw[1]?.contains(#""pressure":0.3"#) == true)
    }

    @Test func replacesTextByItsLengthUnlessKept() throws {
        let database = try TouchlogDatabase.inMemory()
        _ = ingest(Lines.rich(), into: database)
        let stored = try database.raw.strings("SELECT json FROM record ORDER BY seq")
        #expect(!stored.joined().contains("secret") && !stored.joined().contains("hunter2"))
        #expect(stored.contains(#"{"type":"key","t":0.3,"length":7}"#))
        let keeping = try TouchlogDatabase.inMemory()
        _ = ingest(Lines.rich(), into: keeping, IngestOptions(keepText: true))
        let kept = try keeping.raw.strings("SELECT json FROM record ORDER BY seq")
        #expect(kept.joined().contains("hunter2") && kept.joined().contains("secret"))
        #expect(try keeping.session(matching: "s1").textKept)
    }

    @Test func ingestingTheSameContentAgainStoresNothing() throws {
        let database = try fileDatabase()
        _ = ingest(Lines.rich(), into: database)
        let again = ingest(Lines.rich(), into: database, name: "copy.jsonl")
        #expect(again.succeeded)
        #expect(again.sessions.map(\.kind) == [.unchanged])
        #expect(again.recordsStored == 0)
        #expect(try database.count("record") + database.count("touch") == 10)
        #expect(try database.session(matching: "s1").source.hasSuffix("a.jsonl"))
    }

    @Test func theSameSessionIDWithOtherContentFailsUnlessReplaced() throws {
        let database = try fileDatabase()
        _ = ingest(Lines.rich(), into: database)
        let changed = Lines.session([Lines.touch(1)])
        let refused = ingest(changed, into: database, name: "b.jsonl")
        #expect(!refused.succeeded)
        #expect(
            refused.errors.map(\.description) == [
                """
                \(folder.path("b.jsonl")):1:1: error: session "s1" is already stored with different content
                    hint: re-run with --replace to overwrite the stored session, or give this recording its own session id
                """
            ])
        #expect(try database.session(matching: "s1").recordCount == 10)

        let replaced = ingest(changed, into: database, name: "b.jsonl", IngestOptions(replace: true))
        #expect(replaced.succeeded && replaced.sessions.map(\.kind) == [.replaced])
        let session = try database.session(matching: "s1")
        #expect(session.recordCount == 3)
        #expect(try database.records(sessionRowID: session.rowID).count == 3)
        #expect(try database.count("record") + database.count("touch") == 3)
    }

    @Test func aMalformedLineFailsTheWholeFileWithEveryError() throws {
        let database = try fileDatabase()
        let text =
            Lines.session([Lines.touch(1)], id: "good")
            + Lines.session(
                [#"{"type":"touch","t":2,"#, Lines.touch(3), #"{"type":"set","t":4,"view":"ghost","isHidden":true}"#],
                id: "bad")
        let report = ingest(text, into: database)
        #expect(!report.succeeded)
        #expect(report.errors.map(\.line) == [6, 8])
        #expect(report.recordsStored == 0)
        #expect(try database.sessions().isEmpty)
        #expect(try database.count("touch") == 0 && database.count("record") == 0)
    }

    @Test func keepGoingStoresTheGoodRecordsAndKeepsTheRejectedLines() throws {
        let database = try fileDatabase()
        let bad = #"{"type":"set","t":4,"view":"ghost","isHidden":true}"#
        let report = ingest(
            Lines.session([Lines.touch(1), "{oops", bad, Lines.touch(5)]), into: database,
            IngestOptions(keepGoing: true))
        #expect(report.succeeded)
        #expect(report.rejectedStored == 2)
        let session = try database.session(matching: "s1")
        #expect(session.status == .partial && session.rejectedCount == 2 && session.recordCount == 4)
        let rejected = try database.rejectedLines(sessionRowID: session.rowID)
        #expect(rejected.map(\.line) == [4, 5])
        // Past the break in "{oops" there is no telling what is text: only its length is kept (PrivacyIngestTests).
        #expect(rejected.map(\.text) == ["{<redacted 4 bytes from a break in the JSON>", bad])
        #expect(rejected.map(\.column) == [2, 28])
        #expect(rejected[1].reason == #""set" names view "ghost", which does not exist at this point"#)
    }

    @Test func aTruncatedLastLineIsAWarningAndTheRestIsStored() throws {
        let database = try fileDatabase()
        let report = ingest(Lines.session([Lines.touch(1)]) + #"{"type":"touch","t":2,"tou"#, into: database)
        #expect(report.succeeded)
        #expect(report.diagnostics.map(\.severity) == [.warning])
        #expect(report.sessions.map(\.truncated) == [true])
        let session = try database.session(matching: "s1")
        #expect(session.status == .truncated && session.recordCount == 3)
        let kept = try database.rejectedLines(sessionRowID: session.rowID)
        #expect(kept.map(\.text) == [#"{"type":"touch","t":2,"tou"#])
        #expect(
            kept.map(\.reason) == [
                #"truncated last line: the line ends where the closing '"' of the string was expected"#
            ])
        #expect(session.rejectedCount == 0)
    }

    /// A recording that a crash left in a preallocated file ends in zeros, maybe more than a line may take: what came
    /// before is stored, the zeros are named and kept aside (without the zeros), the session is truncated (issue 27,
    /// item 1).
    @Test(arguments: [4096, FormatLimits.maximumLineBytes + 1])
    func aTailOfNULBytesIsStoredLikeACutLastLine(zeros: Int) throws {
        let database = try fileDatabase()
        let path = folder.file("crash.jsonl", Lines.session([Lines.touch(1)]))
        // The zeros a preallocated file holds past what was written: a sparse extension, as the system makes one.
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let written = try handle.seekToEnd()
        try handle.truncate(atOffset: written + UInt64(zeros))
        try handle.close()
        let report = Ingestor(database: database).ingest(.file(path))
        #expect(report.succeeded)
        #expect(report.diagnostics.map(\.severity) == [.warning])
        #expect(report.diagnostics.map(\.line) == [4])
        #expect(report.sessions.map(\.truncated) == [true])
        let session = try database.session(matching: "s1")
        #expect(session.status == .truncated && session.recordCount == 3)
        let kept = try database.rejectedLines(sessionRowID: session.rowID)
        #expect(kept.map(\.line) == [4])
        #expect(kept.map(\.text) == [""])
        #expect(kept.first?.reason.hasPrefix("truncated last line: \(zeros) NUL bytes") == true)
    }

    /// A compressed recording cut off is stored up to the cut and marked truncated, as the same cut in plain text is
    /// (issue 27, item 3): nothing that was decompressed is lost.
    @Test func aCutOffGzipRecordingIsStoredUpToTheCutLikePlainText() throws {
        let lines = (0..<400).map { Lines.touch(1 + Double($0) / 100, phase: $0 == 0 ? "began" : "moved") }
        let plain = folder.file("whole.jsonl", Lines.session(lines))
        let zip = Process()
        zip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        zip.arguments = ["gzip", "-n", plain]
        try zip.run()
        zip.waitUntilExit()
        let compressed = try Data(contentsOf: URL(fileURLWithPath: plain + ".gz"))
        let cut = folder.path("cut.jsonl.gz")
        try compressed.prefix(compressed.count / 2).write(to: URL(fileURLWithPath: cut))
        let database = try fileDatabase()
        let report = Ingestor(database: database).ingest(.file(cut))
        #expect(report.succeeded)
        #expect(report.diagnostics.map(\.severity) == [.warning, .warning])
        #expect(report.diagnostics.last?.message.contains("the gzip file ends after") == true)
        #expect(report.sessions.map(\.truncated) == [true])
        let session = try database.session(matching: "s1")
        #expect(session.status == .truncated && session.recordCount > 3)
        #expect(try database.rejectedLines(sessionRowID: session.rowID).count == 1)
    }

    /// A byte-order mark (what editors on Windows write at the start of UTF-8) is skipped: the recording is stored as
    /// the same file without it is, and is the same session (issue 27, item 16).
    @Test func aUTF8ByteOrderMarkIsSkipped() throws {
        let database = try fileDatabase()
        let text = Lines.session([Lines.touch(1)])
        let withMark = folder.path("bom.jsonl")
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: URL(fileURLWithPath: withMark))
        let report = Ingestor(database: database).ingest(.file(withMark))
        #expect(report.succeeded)
        #expect(report.diagnostics.isEmpty)
        #expect(
            report.sessions == [
                .init(session: "s1", kind: .stored, records: 3, touches: 1, rejected: 0, status: .complete)
            ])
        #expect(ingest(text, into: database, name: "plain.jsonl").sessions.map(\.kind) == [.unchanged])
    }

    /// UTF-16 and UTF-32 text (what Windows tools write) is refused in one error that names the encoding and how to
    /// convert it, with or without a byte-order mark (issue 27, item 16).
    @Test(arguments: [
        (String.Encoding.utf16LittleEndian, [UInt8](), "UTF-16LE (little-endian)"),
        (.utf16LittleEndian, [0xFF, 0xFE], "UTF-16LE (little-endian)"),
        (.utf16BigEndian, [0xFE, 0xFF], "UTF-16BE (big-endian)"),
        (.utf16BigEndian, [], "UTF-16BE (big-endian)"),
        (.utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00], "UTF-32LE (little-endian)"),
    ])
    func wideTextIsRefusedNamingItsEncoding(encoding: String.Encoding, mark: [UInt8], name: String) throws {
        let database = try fileDatabase()
        let path = folder.path("wide.jsonl")
        let text = try #require(Lines.session([Lines.touch(1)]).data(using: encoding))
        try (Data(mark) + text).write(to: URL(fileURLWithPath: path))
        let report = Ingestor(database: database).ingest(.file(path))
        #expect(!report.succeeded)
        #expect(report.errors.map(\.message) == ["\(name) text; touchlog reads recordings in UTF-8"])
        #expect(report.errors.first?.hint?.contains("iconv -f \(name.prefix(8)) -t UTF-8") == true)
        #expect(try database.sessions().isEmpty)
    }

    /// An input with no session is a problem with the input: the file fails, and nothing of it is stored, not
    /// even the lines `--keep-going` would keep.
    @Test(arguments: [
        ("", IngestOptions(), "no session to store: the file is empty"),
        ("\n  \n\n", IngestOptions(), "no session to store: the file is empty"),
        (
            Lines.touch(1) + "\n" + Lines.touch(2, phase: "ended") + "\n", IngestOptions(keepGoing: true),
            "no session to store: no line of the file is a valid session header"
        ),
    ])
    func anInputWithoutASessionFailsAndStoresNothing(text: String, options: IngestOptions, message: String) throws {
        let database = try fileDatabase()
        let report = ingest(text, into: database, name: "none.jsonl", options)
        #expect(!report.succeeded)
        #expect(report.heldNoSession)
        #expect(report.sessions.isEmpty && report.recordsStored == 0 && report.rejectedStored == 0)
        let error = try #require(report.errors.last)
        #expect(error.message == message)
        #expect(error.line == 0 && error.file == folder.path("none.jsonl"))
        #expect(error.hint?.contains(#"{"type":"session","format":"touchlog/1","session":"#) == true)
        #expect(error.hint?.contains("head -n 1 \(folder.path("none.jsonl"))") == true)
        #expect(try database.sessions().isEmpty && database.rejectedLines().isEmpty)
    }

    /// A file whose header was rejected already says why: no second error about the missing session.
    @Test func aRejectedHeaderIsNotReportedTwice() throws {
        let database = try fileDatabase()
        let report = ingest(#"{"type":"session","format":"touchlog/9","session":"s1"}"# + "\n", into: database)
        #expect(!report.succeeded && report.heldNoSession)
        #expect(!report.errors.contains { $0.message.hasPrefix("no session to store") })
    }

    @Test func storesSeveralSessionsFromOneFile() throws {
        let database = try fileDatabase()
        let report = ingest(
            Lines.rich(id: "a") + Lines.session([Lines.touch(1)], id: "b", version: "2.0"), into: database)
        #expect(report.sessions.map(\.session) == ["a", "b"])
        #expect(try database.sessions().map(\.key) == ["a", "b"])
        #expect(try database.sessions(.init(appVersion: "2.0")).map(\.key) == ["b"])
    }

    @Test func aMissingFileFailsWithAClearMessage() throws {
        let database = try TouchlogDatabase.inMemory()
        let report = Ingestor(database: database).ingest(.file(folder.path("nope.jsonl")))
        #expect(!report.succeeded)
        #expect(
            report.diagnostics.first?.message
                == "cannot read \"\(folder.path("nope.jsonl"))\": No such file or directory")
    }

    @Test func findsTheSnapshotInForceAtATime() throws {
        let database = try TouchlogDatabase.inMemory()
        _ = ingest(Lines.rich(), into: database)
        #expect(try database.snapshot(sessionRowID: 1, at: nil)?.seq == 2)
        #expect(try database.snapshot(sessionRowID: 1, at: 4.9)?.seq == 2)
        #expect(try database.snapshot(sessionRowID: 1, at: 5)?.seq == 9)
    }
}
