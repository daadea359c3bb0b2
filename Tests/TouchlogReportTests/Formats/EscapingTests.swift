import Foundation
import Testing
import TouchlogFormat

@testable import TouchlogReport

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Text from a recording (class names, labels) is shown as text in every format, never interpreted.
@Suite struct EscapingTests {
    let report = ReportFixture.report()

    @Test func htmlShowsScriptAsTextAndRunsNothing() {
        let html = ReportFormat.html.render(report)
        // No script element at all: neither ours (the page needs none) nor the recording's.
        #expect(!html.lowercased().contains("<script"))
        #expect(html.contains("Added to wishlist &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        #expect(html.contains("Shop.&lt;ToastView&gt;"))
        #expect(html.contains("default-src 'none'"))
        // Self-contained: nothing is fetched.
        #expect(
            !html.contains("src=") && !html.contains("href=\"http") && !html.contains("@import")
                && !html.contains("url("))
    }

    @Test func markdownEscapesHTMLAndFormatting() {
        let markdown = ReportFormat.markdown.render(report)
        #expect(!markdown.contains("<script>"))
        #expect(markdown.contains(#"&lt;script&gt;alert("x")&lt;/script&gt;"#))
        #expect(Escape.markdown("a|b*c_d`e") == #"a\|b\*c\_d\`e"#)
        #expect(Escape.markdown("line\nbreak") == "line break")
    }

    @Test func junitIsWellFormedXMLThatKeepsTheLabel() throws {
        let xml = ReportFormat.junit.render(report)
        #expect(!xml.contains("<script>"))
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = TextCollector()
        parser.delegate = collector
        #expect(parser.parse(), "JUnit output is not well-formed XML: \(String(describing: parser.parserError))")
        #expect(collector.attributeValues.contains { $0.contains(ReportFixture.scriptLabel) })
        #expect(Escape.xml("a\u{01}b<'") == "a\u{FFFD}b&lt;&apos;")
    }

    @Test func sarifIsJSONThatKeepsTheLabelExactly() throws {
        let sarif = ReportFormat.sarif.render(report)
        let value = try JSONReader.parse(sarif)
        let results = value["runs"]?.arrayValue?.first?["results"]?.arrayValue ?? []
        let messages = results.compactMap { $0["message"]?["text"]?.stringValue }
        #expect(messages.contains { $0.contains(ReportFixture.scriptLabel) })
        #expect(value["version"]?.stringValue == "2.1.0")
    }

    @Test func jsonKeepsTheLabelExactly() throws {
        let value = try JSONReader.parse(ReportFormat.json.render(report))
        let views =
            value["problems"]?.arrayValue?.flatMap { $0["findings"]?.arrayValue ?? [] }
            .flatMap { $0["views"]?.arrayValue ?? [] } ?? []
        #expect(views.contains { $0["accessibilityLabel"]?.stringValue == ReportFixture.scriptLabel })
    }

    @Test func terminalTextShowsControlCharacters() {
        #expect(Escape.terminal("red\u{1B}[31m") == "red\\u{1B}[31m")
    }
}

/// Collects attribute values and text of an XML document.
final class TextCollector: NSObject, XMLParserDelegate {
    var attributeValues: [String] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        attributeValues += attributeDict.values
    }
}

/// Issue 27, item 6: a finding over a long session listed every record it cites, one line of 30,881 characters.
@Suite struct RecordListCapTests {
    @Test func aShortListIsWhole() {
        #expect(NumberText.ranges([22, 16, 17, 18, 19, 20]) == "16-20, 22")
    }

    @Test func aLongListShowsItsFirstRunsAndCountsTheRest() {
        let records = Array(stride(from: 1, through: 2_000_000, by: 2))
        let text = NumberText.ranges(records)
        let shown = records.prefix(NumberText.rangesShown).map(String.init).joined(separator: ", ")
        #expect(text == "\(shown) … and \(records.count - NumberText.rangesShown) more")
    }

    @Test func theCountIsOfRecordsNotOfRuns() {
        let runs: [Int] = (0...NumberText.rangesShown).flatMap { (run: Int) -> [Int] in
            let start = run * 10
            return [start, start + 1, start + 2]
        }
        #expect(NumberText.ranges(runs).hasSuffix(" … and 3 more"))
    }
}
