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
    static var corpus: [Case] { cases(in: "Corpus") }

    /// The records as JSON Lines, one per line, ending with a newline: what a golden file holds.
    static func jsonLines(_ records: [JSONValue]) -> String {
        records.map { $0.serialized() + "\n" }.joined()
    }
}
