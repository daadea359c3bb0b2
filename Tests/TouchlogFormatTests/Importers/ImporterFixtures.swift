import Foundation
import Testing

@testable import TouchlogFormat

/// Finds the importer fixtures, goldens and fuzz corpus beside these tests (through `#filePath`, so the tests
/// read the checked-in files wherever the package is built).
enum ImporterFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// One input file for one importer.
    struct Case: CustomTestStringConvertible, Sendable {
        var format: ImportFormat
        var url: URL
        var name: String { url.lastPathComponent }
        var testDescription: String { "\(format.rawValue)/\(name)" }
        var bytes: [UInt8] { (try? [UInt8](Data(contentsOf: url))) ?? [] }
        var goldenURL: URL {
            directory.appendingPathComponent(
                "Golden/\(format.rawValue)/\(url.deletingPathExtension().lastPathComponent).jsonl")
        }
    }

    /// Every file under `<folder>/<format>/`, sorted, so each format's variants become test arguments.
    static func cases(in folder: String) -> [Case] {
        ImportFormat.allCases.flatMap { format -> [Case] in
            let formatDirectory = directory.appendingPathComponent("\(folder)/\(format.rawValue)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: formatDirectory.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map {
                Case(format: format, url: formatDirectory.appendingPathComponent($0))
            }
        }
    }

    static var fixtures: [Case] { cases(in: "Fixtures") }

    /// Formats that import only joined to a hierarchy (their activities name elements that only a hierarchy places):
    /// their fixtures are pairs under Joined/, not single files under Fixtures/.
    static let joinedOnly: Set<ImportFormat> = [.xctestLog]
    static var corpus: [Case] { cases(in: "Corpus") }

    /// The records as JSON Lines, one per line, ending with a newline: what a golden file holds.
    /// Written by the schema's encoder, as ingest stores them.
    static func jsonLines(_ records: [Record]) -> String {
        var bytes: [UInt8] = []
        for record in records { record.writeLine(into: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// An importer's typed records read by member name, as the tests that look at what a dump imported as do: the
/// record's JSON object as its line holds it.
extension Record {
    subscript(key: String) -> JSONValue? { jsonObject[key] }

    /// The record's line without its line end.
    func serialized() -> String { JSONValue.object(jsonObject).serialized() }
}
