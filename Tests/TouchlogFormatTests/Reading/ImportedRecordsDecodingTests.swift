import Foundation
import Testing

@testable import TouchlogFormat

/// An importer's typed records reach the decoder as values, never as text parsed again, and give exactly what their
/// text would: the same records, the same JSON to store, the same session summary and content hash (so a dump
/// ingested before and after is the same session), with and without the privacy options.
@Suite struct ImportedRecordsDecodingTests {
    static let samples = [
        "import-recursive-description.txt", "import-sentry-view-hierarchy.json", "import-xcuitest-tree.txt",
        "import-appium-page-source.xml",
    ]

    /// Every importer fixture and import sample, under each privacy option ingest has.
    struct Input: CustomTestStringConvertible, Sendable {
        var name: String
        var url: URL
        var keepText: Bool
        var redactLabels: Bool
        var testDescription: String { "\(name) keepText=\(keepText) redactLabels=\(redactLabels)" }
    }

    static var inputs: [Input] {
        let sampleFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("sample-logs")
        let files =
            ImporterFixtures.fixtures.map { ($0.testDescription, $0.url) }
            + samples.map { ($0, sampleFolder.appendingPathComponent($0)) }
        return files.flatMap { name, url in
            [(false, false), (true, false), (false, true)].map {
                Input(name: name, url: url, keepText: $0.0, redactLabels: $0.1)
            }
        }
    }

    /// What a decoder emitted, in order.
    struct Decoded {
        var records: [DecodedRecord] = []
        var summaries: [SessionSummary] = []
        var problems: [String] = []
    }

    static func decode(_ input: Input, _ read: (inout LogDecoder) -> Void) -> Decoded {
        var decoded = Decoded()
        var decoder = LogDecoder(file: "import", keepText: input.keepText, redactLabels: input.redactLabels) {
            switch $0 {
            case .record(let record): decoded.records.append(record)
            case .sessionEnded(let summary): decoded.summaries.append(summary)
            case .rejected(let line, _): decoded.problems.append("rejected line \(line.line): \(line.reason)")
            case .diagnostic(let diagnostic): decoded.problems.append(diagnostic.description)
            case .sessionStarted: break
            }
        }
        read(&decoder)
        return decoded
    }

    @Test(arguments: inputs)
    func typedRecordsDecodeLikeTheirText(_ input: Input) throws {
        let bytes = Array(try Data(contentsOf: input.url))
        let format = try #require(ImportFormat.detect(bytes))
        let records = try format.convert(bytes, sourceName: input.name)
        let typed = Self.decode(input) { $0.readAll(records: records) }
        let text = Self.decode(input) { $0.readAll(text: ImporterFixtures.jsonLines(records)) }

        #expect(typed.problems == text.problems)
        #expect(typed.records.count == records.count && !records.isEmpty)
        #expect(typed.records.map(\.seq) == text.records.map(\.seq))
        #expect(typed.records.map(\.json) == text.records.map(\.json))
        #expect(typed.records.map(\.record) == text.records.map(\.record))
        #expect(typed.summaries.map(\.contentHash) == text.summaries.map(\.contentHash))
        #expect(typed.summaries.map(\.records) == text.summaries.map(\.records))
        // What is stored reads back as the record emitted, as the store's scan reads it.
        for record in typed.records {
            guard let json = record.json else { continue }
            let stored = try Array(json.utf8).withUnsafeBufferPointer { try Record(decoding: $0, seq: record.seq) }
            #expect(stored == record.record, "seq \(record.seq) reads back as another record")
        }
        // Without redaction a record is emitted as the importer built it.
        if input.keepText, !input.redactLabels {
            #expect(typed.records.map(\.record) == records)
        }
    }

    /// Dumps holding what a line cannot carry (U+0000 in an identifier, an empty class name) or U+0000 where touchlog
    /// never reads it (a member kept in `imported`) import to what their lines would: the same records refused with
    /// the same messages, or the same records kept.
    @Test(arguments: [
        #"{"windows":[{"type":"UIWindow","width":10,"height":10,"identifier":"a\u0000b"}]}"#,
        #"{"windows":[{"type":"","width":10,"height":10}]}"#,
        #"{"windows":[{"type":"UIWindow","width":10,"height":10,"children":[{"type":"UILabel","text":"x\u0000"}]}]}"#,
    ])
    func aSentryDumpWithUnwritableValuesDecodesLikeItsText(_ dump: String) throws {
        let records = try ImportFormat.sentry.convert(Array(dump.utf8), sourceName: "odd.json")
        for (keepText, redactLabels) in [(true, false), (false, true)] {
            let input = Input(
                name: "odd", url: URL(fileURLWithPath: "/"), keepText: keepText, redactLabels: redactLabels)
            let typed = Self.decode(input) { $0.readAll(records: records) }
            let text = Self.decode(input) { $0.readAll(text: ImporterFixtures.jsonLines(records)) }
            #expect(typed.problems == text.problems)
            // A field is refused; a member kept in `imported` is not read, so it is kept, as the parser keeps it.
            let inField = dump.contains(#""identifier":"a\u0000b""#)
            #expect(typed.problems.contains { $0.contains("U+0000") } == inField)
            #expect(typed.records.map(\.record) == text.records.map(\.record))
            #expect(typed.records.map(\.json) == text.records.map(\.json))
        }
    }

    /// A record built in memory with a value its line cannot carry is refused as the parser would refuse its line,
    /// so the store never holds a row it cannot read back.
    @Test func aValueTheStoreCannotHoldIsRefused() {
        let header = SessionHeader(session: "s", members: ["type": "session"])
        var view = ViewSpec(id: "w", className: "UIWindow", frame: Rect(0, 0, 10, 10))
        view.accessibilityLabel = "a\u{0}b"
        let snapshot = SnapshotRecord(t: 0, hierarchy: HierarchySpec(windows: [WindowSpec(view: view)]))
        let input = Input(name: "nul", url: URL(fileURLWithPath: "/"), keepText: true, redactLabels: false)
        // The touch after it follows from the refused snapshot, as it does when the lines are read.
        let touch = TouchRecord(t: 1, touch: .number(1), phase: .began, x: 1, y: 1, window: "w")
        let records: [Record] = [.session(header), .snapshot(snapshot), .touch(touch)]
        let typed = Self.decode(input) { $0.readAll(records: records) }
        let text = Self.decode(input) { $0.readAll(text: ImporterFixtures.jsonLines(records)) }
        #expect(typed.records.count == 1)
        #expect(typed.problems.contains { $0.contains("U+0000") })
        #expect(typed.problems == text.problems)
    }
}
