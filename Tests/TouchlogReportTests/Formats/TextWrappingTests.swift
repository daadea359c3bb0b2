import Testing
import TouchlogFormat

@testable import TouchlogReport

/// The text format fitted to a terminal's width: at word boundaries, with a hanging indent, never inside a view's
/// path element, a command or a `file:line`; and nothing lost, added or reordered.
@Suite struct TextWrappingTests {
    static let report = ReportFixture.report(failOn: .error, unanalysed: ReportFixture.unanalysed)
    static func text(width: Int?) -> String { ReportFormat.text.render(report, options: FormatOptions(width: width)) }

    @Test(arguments: [60, 100, 160])
    func theFixtureAtAWidthMatchesItsGolden(width: Int) throws {
        try expectGolden(Self.text(width: width), "report-width\(width).txt")
    }

    /// Issue 27, item 6: a finding's session is named by the shortened id it is given (one that commands take), and
    /// a session without one by its whole id.
    @Test func findingsNameTheirSessionByItsShortenedID() {
        let checkoutA = ReportFixture.checkoutA.id
        let short = String(checkoutA.prefix(8))
        let text = ReportFormat.text.render(Self.report, options: FormatOptions(sessionIDs: [checkoutA: short]))
        let findingLines = text.split(separator: "\n").filter { $0.hasPrefix("  - ") }
        #expect(findingLines.contains { $0.hasPrefix("  - \(short) at ") })
        #expect(!findingLines.contains { $0.contains(checkoutA) })
        #expect(findingLines.contains { $0.hasPrefix("  - \(ReportFixture.checkoutB.id) at ") })
    }

    /// A line longer than the width is one unit that cannot be broken (here, a `(file:line)` at width 60).
    @Test(arguments: [60, 100, 160])
    func everyLineFitsUnlessItIsOneUnbreakableWord(width: Int) {
        for line in Self.text(width: width).split(separator: "\n") where TextWrapper.columns(String(line)) > width {
            #expect(!line.drop { $0 == " " }.contains(" "), "\(line)")
        }
    }

    /// The words are the unwrapped report's, in its order: only spaces and line breaks change.
    @Test(arguments: [60, 100, 160])
    func wrappingChangesOnlyWhitespace(width: Int) {
        func words(_ text: String) -> [Substring] { text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
        #expect(words(Self.text(width: width)) == words(Self.text(width: nil)))
    }

    /// Each element of a view's path, each recording location and the --fail-on option sits whole on one line.
    @Test(arguments: [60, 100, 160])
    func unitsAreNeverBroken(width: Int) {
        let lines = Self.text(width: width).split(separator: "\n").map { $0.drop { $0 == " " } }
        var units = ["(recordings/qa-0003.jsonl:38)", "(sample-logs/03-hidden-promo-field-keeps-typing.jsonl:16)"]
        units += [
            "recordings/qa-0004.jsonl:1", "--fail-on error", "(first responder)", "5.2.0 (5207),",
            "iPhone14,7 iOS 17.4,",
        ]
        for finding in ReportFixture.findings {
            for view in finding.views {
                units += view.pathComponents.enumerated().map { $0.offset == 0 ? $0.element : "> \($0.element)" }
            }
        }
        for unit in units {
            #expect(lines.contains { $0.contains(unit) }, "\(unit) is broken at width \(width)")
        }
    }

    /// Continuation lines are indented deeper than the line they continue: a view's path under its first
    /// element, an explanation and an occurrence 2 columns deeper.
    @Test func continuationLinesHangUnderTheirItem() {
        let text = Self.text(width: 60)
        #expect(
            text.contains(
                "\n  view: UIWindow > UILayoutContainerView > UIView\n        > UIView#checkout.promoCard\n"))
        #expect(text.contains("\n  - A1B2C3D4-0001-checkout at 6.9-9.8 s, records 16-20, 22\n    (sample-logs/"))
    }

    /// Without a width (a pipe, a file) lines stay whole: the golden without a width is the unwrapped report.
    @Test func withoutAWidthNothingWraps() throws {
        #expect(Self.text(width: nil).split(separator: "\n").contains { $0.count > 160 })
        try expectGolden(Self.text(width: nil), "report.txt")
    }

    @Test func aCommandInASentenceStaysWhole() throws {
        let wrapper = TextWrapper(width: 20)
        #expect(
            wrapper.lines(
                "", [.prose("Ingest recordings first ("), .literal("touchlog ingest FILE"), .prose(").")], indent: 2)
                == "Ingest recordings\n  first\n  (touchlog ingest FILE).\n")
        let filter = ReportFilter(appVersion: "5.2 beta", since: try Timestamp(parsing: "2026-11-19"))
        let sentence = TextWrapper(width: 40).lines(
            "", CoverageText.nothingAnalysedRuns(.filterMatchedNone(filter, stored: 3)), indent: 2)
        #expect(
            sentence
                == "No session was analysed:\n  --app-version \"5.2 beta\" and\n  --since \"2026-11-19\" matched none of\n  the 3 stored sessions.\n  touchlog sessions lists what is\n  stored.\n"
        )
    }

    @Test func colourCodesTakeNoColumnsAndWideCharactersTakeTwo() {
        #expect(TextWrapper.columns("日本語") == 6)
        #expect(TextWrapper.columns("e\u{301}") == 1)
        #expect(
            TextWrapper(width: 10).lines("\u{1B}[1m>\u{1B}[0m ", prefixColumns: 2, [.prose("日本 語")], indent: 2)
                == "\u{1B}[1m>\u{1B}[0m 日本 語\n")
        // Counted as one column each, "> 日本 語" would fit 8.
        #expect(TextWrapper(width: 8).lines("> ", [.prose("日本 語")], indent: 2) == "> 日本\n  語\n")
    }
}
