import Foundation
import Testing

@testable import TouchlogFormat

/// What the EarlGrey importer says about what it left out or placed by guess, beside the outlines the fixtures check.
@Suite struct EarlGreyImporterTests {
    static func convert(_ fixture: String) throws -> (records: [Record], warnings: [ImportWarning]) {
        let url = ImporterFixtures.directory.appendingPathComponent("Fixtures/earlgrey/\(fixture)")
        var warnings: [ImportWarning] = []
        let records = try EarlGreyImporter.convert(
            Array(try Data(contentsOf: url)), sourceName: fixture, warn: { warnings.append($0) })
        return (records, warnings)
    }

    /// The failing element quoted in the error trace is left out, and the warning names its line and why.
    @Test func anElementQuotedInTheFailureMessageIsLeftOutWithAWarning() throws {
        let (_, warnings) = try Self.convert("failure-trace-quotes-element.txt")
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 9)
        #expect(warnings.first?.column == 14)  // the `<` after `      "E":  "`
        #expect(warnings.first?.message.contains("in quotes left out (line 9)") == true)
        #expect(warnings.first?.hint?.contains("not a line of the hierarchy") == true)
    }

    /// A paste that is all quoted elements is no hierarchy: detection does not take it for EarlGrey.
    @Test func quotedElementsAloneAreNotDetectedAsEarlGrey() {
        let text = #"  "E":  "<UIButton:0x6000; AX=Y; AX.frame={{0, 0}, {1, 1}}; frame={{0, 0}, {1, 1}}; alpha=1>","#
        #expect(ImportFormat.detect(Array(text.utf8)) != .earlgrey)
    }
}
