import Testing
import TouchlogFormat

@testable import TouchlogReport

/// The HTML report's timeline beside a finding: centred on the finding's first cited records and its last two, so
/// that a finding citing every key typed into a hidden field (thousands, in a long session) does not repeat the
/// session in the page; the records left out are counted, and all of them stay in the finding's list of records.
@Suite struct HTMLTimelineTests {
    /// A form whose name field is hidden while it stays first responder, then `keys` keys typed into it.
    static func session(keys: Int) -> String {
        var text = ExampleSessions.editing
        text += #"{"type":"set","t":2.0,"view":"name","isHidden":true}"# + "\n"
        for k in 0..<keys {
            text += #"{"type":"key","t":\#(3.0 + Double(k) * 0.2),"length":1}"# + "\n"
        }
        return text
    }

    static func html(keys: Int) throws -> (html: String, cited: Int) {
        var engine = try ReportEngine(rules: [HiddenFirstResponderRule.self])
        try engine.analyze(try ReportSession(jsonLines: session(keys: keys), source: "hidden.jsonl"))
        let report = engine.report(ReportOptions(toolVersion: "test"))
        let finding = try #require(report.groups.first?.findings.first)
        return (ReportFormat.html.render(report), Set(finding.records).count)
    }

    @Test func aFindingCitingManyRecordsShowsItsFirstAndLastOnesAndCountsTheRest() throws {
        let (html, cited) = try Self.html(keys: 60)
        #expect(cited == 61)  // the moment it was hidden, then every key
        let shown = html.components(separatedBy: #"<li class="cited">"#).count - 1
        #expect(shown < cited / 2)
        // Ten times the keys, the same timeline: its length does not grow with the finding.
        let (longer, _) = try Self.html(keys: 600)
        #expect(longer.components(separatedBy: #"<li class="cited">"#).count - 1 == shown)
        #expect(html.contains("… \(cited - shown) more cited records, all listed under Records below …"))
        // The last key is in the timeline: the stretch's end is shown, not only its start.
        let lastKey = #"<li class="cited"><span class="seq">\#(7 + 1 + 60)</span>"#
        #expect(html.contains(lastKey))
    }

    @Test func aFindingCitingFewRecordsShowsThemAll() throws {
        let (html, cited) = try Self.html(keys: 5)
        #expect(html.components(separatedBy: #"<li class="cited">"#).count - 1 == cited)
        #expect(!html.contains("more cited record"))
    }
}
