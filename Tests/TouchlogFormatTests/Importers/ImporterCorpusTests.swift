import Testing

@testable import TouchlogFormat

/// Replays the corpus the fuzzer found (Tests/Fuzz/run-fuzzers.sh, minimised): every input imports or fails
/// with an ImportError naming a line of the input; none crashes or hangs the importer.
@Suite struct ImporterCorpusTests {
    @Test(arguments: ImporterFixtures.corpus)
    func importsOrFailsCleanly(_ input: ImporterFixtures.Case) {
        let bytes = input.bytes
        do {
            let records = try input.format.convert(bytes, sourceName: input.name)
            #expect(records.first?["type"] == "session")
            #expect((try? input.format.convert(bytes, sourceName: input.name)) == records)
        } catch {
            let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            #expect(error.line >= 1 && error.line <= lines)
        }
    }

    @Test func corpusCoversEveryFormat() {
        #expect(Set(ImporterFixtures.corpus.map(\.format)) == Set(ImportFormat.allCases))
    }
}
