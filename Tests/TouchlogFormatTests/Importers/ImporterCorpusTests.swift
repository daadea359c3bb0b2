import Foundation
import Testing

@testable import TouchlogFormat

/// Replays the corpus the fuzzer found (Tests/Fuzz/run-fuzzers.sh, minimised): every input imports or fails
/// with an ImportError naming a line of the input; none crashes or hangs the importer.
@Suite struct ImporterCorpusTests {
    /// The records of `bytes`; a format that imports only joined to a hierarchy is joined, as its fuzzer does, to a
    /// tree of the screen its fixtures tap.
    func convert(_ input: ImporterFixtures.Case, _ bytes: [UInt8]) throws(ImportError) -> [Record] {
        guard ImporterFixtures.joinedOnly.contains(input.format), let stream = input.format.touchStreamImporter else {
            return try input.format.convert(bytes, sourceName: input.name)
        }
        return try stream.convert(bytes, sourceName: input.name, joining: Self.joinedHierarchy) { _ in }
    }

    static let joinedHierarchy: [Record] = {
        let url = ImporterFixtures.directory.appendingPathComponent("Joined/xctest-log-sign-in/hierarchy.txt")
        let dump = (try? [UInt8](Data(contentsOf: url))) ?? []
        return (try? ImportFormat.xcuitest.convert(dump, sourceName: "")) ?? []
    }()

    @Test(arguments: ImporterFixtures.corpus)
    func importsOrFailsCleanly(_ input: ImporterFixtures.Case) {
        let bytes = input.bytes
        do {
            let records = try convert(input, bytes)
            #expect(records.first?["type"] == "session")
            #expect((try? convert(input, bytes)) == records)
        } catch {
            let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            #expect(error.line >= 1 && error.line <= lines)
        }
    }

    @Test func corpusCoversEveryFormat() {
        #expect(Set(ImporterFixtures.corpus.map(\.format)) == Set(ImportFormat.allCases))
    }
}
