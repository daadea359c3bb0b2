import Foundation
import Testing

@testable import TouchlogFormat
@testable import TouchlogStore

/// `touchlog ingest` on view-hierarchy dumps: detection, `--from`, idempotence, and import failures.
@Suite struct ImportIngestTests {
    let folder = TemporaryFolder()

    /// The shipped dump samples, one per importer.
    static let samples: [(file: String, format: ImportFormat)] = [
        ("import-recursive-description.txt", .recursiveDescription),
        ("import-sentry-view-hierarchy.json", .sentry),
        ("import-xcuitest-tree.txt", .xcuitest),
    ]

    static func samplePath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("sample-logs").appendingPathComponent(name).path
    }

    @Test(arguments: samples)
    func aDetectedDumpIsStoredAsASessionWithItsSnapshot(sample: (file: String, format: ImportFormat)) throws {
        let database = try TouchlogDatabase.inMemory()
        let report = Ingestor(database: database).ingest(.file(Self.samplePath(sample.file)))
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.sessions.count == 1)
        let session = try database.session(matching: try #require(report.sessions.first).session)
        #expect(session.headerJSON.contains(#""importer":"\#(sample.format.rawValue)""#))
        #expect(session.source == Self.samplePath(sample.file))
        let snapshot = try database.snapshot(sessionRowID: session.rowID, at: nil)
        #expect(snapshot != nil)
    }

    /// Every importer fixture, so that what an importer writes is always valid touchlog/1 for the validator.
    static var importerFixtures: [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("TouchlogFormatTests/Importers/Fixtures")
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { ($0 as? URL)?.path } ?? []
        return files.filter {
            !$0.hasSuffix("/.")
                && (try? FileManager.default.attributesOfItem(atPath: $0)[.type] as? FileAttributeType) == .typeRegular
        }
        .sorted()
    }

    @Test func severalDumpsInOneFileAreStoredAsSeparateSessionsWithStableIDs() throws {
        let path = try #require(Self.importerFixtures.first { $0.hasSuffix("/several-dumps-headers.txt") })
        let database = try TouchlogDatabase.inMemory()
        let report = Ingestor(database: database).ingest(.file(path))
        #expect(report.succeeded, "\(report.diagnostics.map(\.description))")
        let ids = report.sessions.map(\.session)
        #expect(ids.count == 3)
        // The first keeps the file's digest, the others follow it: re-importing gives the same three.
        #expect(ids.count == 3 && ids[1] == ids[0] + "-2" && ids[2] == ids[0] + "-3")
        let again = Ingestor(database: database).ingest(.file(path))
        #expect(again.sessions.map(\.session) == ids)
        for id in ids {
            let session = try database.session(matching: id)
            #expect(try database.snapshot(sessionRowID: session.rowID, at: nil) != nil)
        }
    }

    @Test func thereAreImporterFixturesToCheck() {
        #expect(Self.importerFixtures.count >= 15)
    }

    @Test(arguments: importerFixtures)
    func everyImporterFixturePassesValidation(path: String) throws {
        let database = try TouchlogDatabase.inMemory()
        let report = Ingestor(database: database).ingest(.file(path))
        #expect(report.succeeded, "\(report.diagnostics.map(\.description))")
    }

    @Test func theSameDumpFromAnotherPathIsTheSameSession() throws {
        let database = try TouchlogDatabase.inMemory()
        let original = Self.samplePath("import-recursive-description.txt")
        let copy = folder.file("pasted.txt", try String(contentsOfFile: original, encoding: .utf8))
        let first = Ingestor(database: database).ingest(.file(original))
        let second = Ingestor(database: database).ingest(.file(copy))
        #expect(first.sessions.map(\.kind) == [.stored])
        #expect(second.succeeded, "\(second.diagnostics)")
        #expect(second.sessions.map(\.kind) == [.unchanged])
        #expect(second.sessions.first?.session == first.sessions.first?.session)
    }

    @Test func anEmptyPageSourceIsStoredWithAWarningAtItsLine() throws {
        let database = try TouchlogDatabase.inMemory()
        let path = folder.file(
            "source.xml",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT><XCUIElementTypeApplication "
                + "type=\"XCUIElementTypeApplication\" name=\"Shop\" label=\"Shop\"/></AppiumAUT>\n")
        let report = Ingestor(database: database).ingest(.file(path))
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.sessions.count == 1)
        let warnings = report.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map(\.line) == [2])
        #expect(warnings.first?.message.contains("no window") == true)
    }

    @Test func fromForcesAFormatAndItsErrorsNameTheLine() throws {
        let database = try TouchlogDatabase.inMemory()
        let path = folder.file("a.jsonl", Lines.session([Lines.touch(0.1)]))
        let report = Ingestor(database: database, options: IngestOptions(inputFormat: .imported(.sentry)))
            .ingest(.file(path))
        #expect(!report.succeeded)
        #expect(report.importFailed)
        let error = try #require(report.errors.first)
        #expect(error.line == 2)
        #expect(error.message.hasPrefix("not readable as Sentry JSON"))
        #expect(try database.count("session") == 0)
    }

    @Test func fromTouchlogReadsADumpAsJSONLinesAndFailsOnItsFirstLine() throws {
        let database = try TouchlogDatabase.inMemory()
        let report = Ingestor(database: database, options: IngestOptions(inputFormat: .touchlog))
            .ingest(.file(Self.samplePath("import-xcuitest-tree.txt")))
        #expect(!report.succeeded)
        #expect(!report.importFailed)
        #expect(report.errors.first?.line == 1)
    }

    @Test func aRecordingIsNeverTakenForADumpAndStillStreamsPastTheDetectionWindow() throws {
        // More than the 64 KiB detection peek, so the prefix and the streamed rest must join up exactly.
        let touches = (0..<2_000).flatMap { index in
            [Lines.touch(Double(index) + 0.1, id: index), Lines.touch(Double(index) + 0.2, phase: "ended", id: index)]
        }
        let text = Lines.session(touches)
        #expect(text.utf8.count > InputFormat.detectionWindow)
        let database = try TouchlogDatabase.inMemory()
        let report = Ingestor(database: database).ingest(.file(folder.file("big.jsonl", text)))
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.recordsStored == 2 + touches.count)
        #expect(try database.count("touch") == touches.count)
    }

    @Test func aFileThatIsNeitherARecordingNorADumpGetsOneClearError() throws {
        let database = try TouchlogDatabase.inMemory()
        let report = Ingestor(database: database).ingest(.file(Self.samplePath("README.md")))
        #expect(!report.succeeded)
        #expect(report.importFailed)
        #expect(report.errors.count == 1)
        #expect(report.errors.first?.message.hasPrefix("neither a touchlog/1 recording") == true)
        // Its `--from` suggestion names every format touchlog reads, not a few of them.
        let hint = try #require(report.errors.first?.hint)
        for format in ImportFormat.allCases {
            #expect(hint.contains(format.rawValue), "the hint leaves out --from \(format.rawValue): \(hint)")
        }
        // Forcing the format still reads it line by line, for whoever wants every line's error.
        let forced = Ingestor(database: database, options: IngestOptions(inputFormat: .touchlog))
            .ingest(.file(Self.samplePath("README.md")))
        #expect(forced.errors.count > 1)
    }

    /// A dump of something touchlog does not import, but recognises, fails saying what it is and the closest
    /// format it imports, in one message.
    @Test func aLookalikeSaysWhatItIsAndTheClosestFormat() throws {
        let database = try TouchlogDatabase.inMemory()
        let android =
            "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy rotation=\"0\">\n"
            + "  <node index=\"0\" class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,2340]\"/>\n</hierarchy>\n"
        let path = folder.url.appendingPathComponent("window_dump.xml").path
        try android.write(toFile: path, atomically: true, encoding: .utf8)
        let report = Ingestor(database: database).ingest(.file(path))
        #expect(!report.succeeded)
        #expect(report.errors.count == 1)
        let message = try #require(report.errors.first?.message)
        #expect(
            message.hasPrefix(
                "neither a touchlog/1 recording nor a dump touchlog imports: an Android UI Automator dump"))
        #expect(message.contains("the closest format touchlog imports is an Appium page source (--from appium)"))
    }

    /// A SentryCrash report with its keys in name order: more than the detection window of binary images before
    /// `crash`, `report` and the scope's breadcrumbs.
    static func largeCrashReport() -> String {
        let image =
            #"{"image_addr":6794428416,"image_size":29360128,"name":"/System/Library/Frameworks/UIKit.framework/UIKit"}"#
        return """
            {"binary_images":[\(Array(repeating: image, count: 1_000).joined(separator: ",\n"))],
            "crash":{"error":{"type":"signal"}},"report":{"id":"3E1F7A20","timestamp":"2024-07-01T18:22:05Z"},
            "user":{"sentry_sdk_scope":{"breadcrumbs":[
              {"category":"touch","message":"save:","timestamp":"2024-07-01T18:21:58.750Z","type":"user"}]}}}
            """
    }

    @Test func aHierarchyLargerThanAnyDumpIsRefusedBeforeItIsRead() throws {
        // Sparse: the size is there, the bytes are not, so the test costs nothing.
        let big = folder.file("huge-view-hierarchy.json", "")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: UInt64(Ingestor.maximumImportBytes) + 1)
        try handle.close()
        var options = IngestOptions()
        options.hierarchy = big
        let touches = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("TouchlogFormatTests/Importers/Joined/pixels-to-points/touches.json").path
        let report = Ingestor(database: try TouchlogDatabase.inMemory(), options: options).ingest(.file(touches))
        #expect(!report.succeeded)
        #expect(report.diagnostics.contains { $0.message == "the hierarchy is larger than 256 MiB" })
    }

    @Test func aCrashReportWhoseKeysComePastTheDetectionWindowIsImported() throws {
        let text = Self.largeCrashReport()
        let report = try #require(text.range(of: #""report""#))
        #expect(text.utf8.distance(from: text.startIndex, to: report.lowerBound) > InputFormat.detectionWindow)
        let database = try TouchlogDatabase.inMemory()
        let result = Ingestor(database: database).ingest(.file(folder.file("crash.json", text)))
        #expect(result.succeeded, "\(result.diagnostics)")
        let session = try database.session(matching: try #require(result.sessions.first).session)
        #expect(session.headerJSON.contains(#""importer":"sentry""#))
        #expect(try database.count("record WHERE type = 'sent'") == 1)
        // Forcing the format reads it the same way.
        let forced = Ingestor(
            database: try TouchlogDatabase.inMemory(), options: IngestOptions(inputFormat: .imported(.sentry))
        ).ingest(.file(folder.file("crash-forced.json", text)))
        #expect(forced.succeeded, "\(forced.diagnostics)")
        #expect(forced.sessions.first?.session == result.sessions.first?.session)
    }

    @Test func aTouchBreadcrumbLeftOutIsAWarningAtItsLine() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("TouchlogFormatTests/Importers/Fixtures/sentry/touch-without-timestamp.json").path
        let report = Ingestor(database: try TouchlogDatabase.inMemory()).ingest(.file(path))
        #expect(report.succeeded, "\(report.diagnostics)")
        let warning = try #require(report.diagnostics.first { $0.severity == .warning })
        #expect(warning.line == 15)
        #expect(warning.message.contains("CheckoutButton"))
    }

    @Test func jsonNoImporterClaimsKeepsTheClearErrors() throws {
        let database = try TouchlogDatabase.inMemory()
        let array = Ingestor(database: database).ingest(.file(folder.file("list.json", #"[{"windows":[]}]"#)))
        #expect(!array.succeeded)
        #expect(array.errors.count == 1)
        #expect(array.errors.first?.message.hasPrefix("a JSON array, not JSON Lines") == true)
        // An object nobody claims is read as JSON Lines, and has no session header.
        let object = Ingestor(database: database).ingest(
            .file(folder.file("other.json", "{\n  \"name\": \"settings\"\n}\n")))
        #expect(!object.succeeded)
        #expect(object.heldNoSession)
    }

    @Test func inputFormatNamesIncludeEveryImporterAndTouchlog() {
        #expect(InputFormat(name: "touchlog") == .touchlog)
        #expect(InputFormat(name: "pviews") == .imported(.recursiveDescription))
        #expect(InputFormat(name: "XCUITest") == .imported(.xcuitest))
        #expect(InputFormat(name: "csv") == nil)
        #expect(InputFormat(name: "PostHog") == .imported(.rrweb))
        #expect(InputFormat(name: "page-source") == .imported(.appium))
        #expect(
            InputFormat.names == [
                "touchlog", "recursiveDescription", "sentry", "xcuitest", "rrweb", "appium", "earlgrey", "idb",
                "xctest-log", "maestro",
            ])
    }
}
