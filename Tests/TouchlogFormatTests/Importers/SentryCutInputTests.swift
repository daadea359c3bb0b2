import Testing

@testable import TouchlogFormat

/// Sentry cuts attachments at a size limit: a view hierarchy cut anywhere inside its `windows` imports what it
/// holds, and the session header says it was cut short.
@Suite struct SentryCutInputTests {
    static let fixture = ImporterFixtures.fixtures.first { $0.format == .sentry && $0.name == "view-hierarchy.json" }

    @Test func hierarchyCutAnywhereInItsWindowsImportsWhatItHolds() throws {
        let bytes = try #require(Self.fixture).bytes
        let windows = try #require(ImportText.firstIndex(of: Array(#""windows": ["#.utf8), in: bytes))
        let complete = bytes.lastIndex(of: UInt8(ascii: "}")) ?? bytes.count
        var failures: [String] = []
        for cut in (windows + 12)..<complete {
            do {
                let records = try ImportFormat.sentry.convert(Array(bytes[..<cut]), sourceName: "cut.json")
                if records.first?["source"]?["cutShort"] != true {
                    failures.append("cut at \(cut): not marked cut short")
                }
            } catch {
                failures.append("cut at \(cut) (\(Array(bytes[max(0, cut - 12)..<cut]))): \(error)")
            }
        }
        #expect(failures == [])
    }

    @Test(arguments: ["tr", "fals", "nu", "-"])
    func cutInsideAValueKeepsTheViewsBeforeIt(tail: String) throws {
        // A file cut in the middle of `true` or a negative number is as cut as one cut anywhere else.
        let text = #"{"windows": [{"type": "UIWindow", "width": 393, "children": [{"type": "UIButton", "visible": "#
        let records = try ImportFormat.sentry.convert(Array((text + tail).utf8), sourceName: "cut.json")
        #expect(records.first?["source"]?["cutShort"] == true)
        let window = records.dropFirst().first?["windows"]?.arrayValue?.first
        #expect(window?["class"] == "UIWindow")
        #expect(window?["subviews"]?.arrayValue?.first?["class"] == "UIButton")
    }
}
