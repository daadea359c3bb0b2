import Testing

@testable import TouchlogCLI
@testable import TouchlogPipeline

/// Sizes are counted in units of 1,024 and named so: 182,751,365 bytes are 174.3 MiB (issue 27, item 18).
@Suite struct UnitsTests {
    @Test func vacuumNamesBinaryUnits() {
        #expect(VacuumFormatter.bytes(182_751_365) == "174.3 MiB")
        #expect(VacuumFormatter.bytes(40 * 1024) == "40.0 KiB")
        #expect(VacuumFormatter.bytes(3 << 30) == "3.0 GiB")
        #expect(VacuumFormatter.bytes(1) == "1 byte")
        #expect(VacuumFormatter.bytes(812) == "812 bytes")
    }

    @Test func ingestProgressNamesBinaryUnits() {
        #expect(
            ProgressLine.text(name: "a.jsonl", bytes: 182_751_365, totalBytes: nil, elapsed: 0, columns: nil)
                == "a.jsonl: 174.3 MiB")
    }
}
