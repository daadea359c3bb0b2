import Testing

@testable import TouchlogFormat

/// Dumps behind a wrapper or cut by their author import what they hold, and every repair says where it was made:
/// the fixtures' outlines say what is kept, these tests say what the warnings point at.
@Suite struct WrapperRepairTests {
    static func fixture(_ format: ImportFormat, _ name: String) throws -> ImporterFixtures.Case {
        try #require(ImporterFixtures.fixtures.first { $0.format == format && $0.name == name })
    }

    static func warnings(_ fixture: ImporterFixtures.Case) throws -> (records: [Record], warnings: [ImportWarning]) {
        var warnings: [ImportWarning] = []
        let records = try fixture.format.convert(fixture.bytes, sourceName: fixture.name) { warnings.append($0) }
        return (records, warnings)
    }

    @Test func textAfterTheClosingFenceIsLeftOutWithAWarning() throws {
        let text =
            "Here:\n```json\n[{\"AXFrame\":\"{{0, 0}, {9, 9}}\",\"type\":\"Button\"}]\n```\nAnd then it crashed.\n"
        var warnings: [ImportWarning] = []
        _ = try ImportFormat.idb.convert(Array(text.utf8), sourceName: "paste.txt") { warnings.append($0) }
        #expect(warnings.map(\.line) == [5])
    }
}
