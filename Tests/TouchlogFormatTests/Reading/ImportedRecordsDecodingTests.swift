import Foundation
import Testing

@testable import TouchlogFormat

/// An importer's records reach the decoder as values, never as text parsed again, and give exactly what their text
/// would: the same records, the same JSON to store, the same session summary and content hash (so a dump ingested
/// before and after is the same session).
@Suite struct ImportedRecordsDecodingTests {
    static let samples = [
        "import-recursive-description.txt", "import-sentry-view-hierarchy.json", "import-xcuitest-tree.txt",
        "import-appium-page-source.xml",
    ]

    @Test(arguments: samples)
    func valuesDecodeLikeTheirText(sample: String) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("sample-logs/\(sample)")
        let bytes = Array(try Data(contentsOf: url))
        let format = try #require(ImportFormat.detect(bytes))
        let values = try format.convert(bytes, sourceName: sample)
        let asText = DecodedLog(values.map { $0.serialized() }.joined(separator: "\n") + "\n")
        var events: [LogEvent] = []
        var decoder = LogDecoder(file: sample, keepText: false) { events.append($0) }
        decoder.readAll(records: values)
        let records = events.compactMap { if case .record(let record) = $0 { record } else { nil } }
        let summaries = events.compactMap { if case .sessionEnded(let summary) = $0 { summary } else { nil } }
        #expect(records.count == values.count && !records.isEmpty)
        #expect(records.map(\.seq) == asText.records.map(\.seq))
        #expect(records.map(\.json) == asText.records.map(\.json))
        #expect(records.map(\.record) == asText.records.map(\.record))
        #expect(summaries.map(\.contentHash) == asText.summaries.map(\.contentHash))
        #expect(summaries.map(\.records) == asText.summaries.map(\.records))
    }
}
