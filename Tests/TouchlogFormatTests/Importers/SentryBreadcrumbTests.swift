import Testing

@testable import TouchlogFormat

/// Sentry touch breadcrumbs, wherever an event or a SentryCrash report keeps them: each becomes one `sent` record or
/// one warning that says which breadcrumb and why, never nothing.
@Suite struct SentryBreadcrumbTests {
    /// The records and warnings of `text` read as Sentry JSON.
    static func convert(_ text: String) throws -> (records: [Record], warnings: [ImportWarning]) {
        var warnings: [ImportWarning] = []
        let records = try ImportFormat.sentry.convert(Array(text.utf8), sourceName: "t.json") { warnings.append($0) }
        return (records, warnings)
    }

    static func actions(_ records: [Record]) -> [String] {
        records.filter { $0["type"] == "sent" }.compactMap { $0["action"]?.stringValue }
    }

    static func touch(_ message: String, _ timestamp: String) -> String {
        #"{"timestamp":\#(timestamp),"type":"user","category":"touch","message":"\#(message)"}"#
    }

    @Test func aTouchWithoutATimestampIsLeftOutWithAWarningNamingIt() throws {
        let fixture = try #require(ImporterFixtures.fixtures.first { $0.name == "touch-without-timestamp.json" })
        var warnings: [ImportWarning] = []
        let records = try ImportFormat.sentry.convert(fixture.bytes, sourceName: fixture.name) { warnings.append($0) }
        #expect(Self.actions(records) == ["pay:"])
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1)
        // The breadcrumb's own line in the fixture, so an editor jumps to it.
        #expect(warning.line == 15)
        #expect(warning.message.contains(#""Touch event within element: CheckoutButton""#))
        #expect(warning.message.contains("no timestamp"))
        #expect(warning.message.contains(#""breadcrumbs""#))
    }

    @Test func everyTouchBreadcrumbIsARecordOrAWarning() throws {
        let crumbs = [
            Self.touch("a:", #""2024-05-02T09:30:01.000Z""#),
            Self.touch("yesterday:", #""yesterday""#),
            Self.touch("milliseconds:", "1714642205250"),
            Self.touch("null:", "null"),
            #"{"type":"user","category":"ui.click","message":"missing"}"#,
            Self.touch("b:", "1714642202.5"),
            #"{"timestamp":"2024-05-02T09:30:03.000Z","category":"http"}"#,
        ]
        let (records, warnings) = try Self.convert(#"{"breadcrumbs":[\#(crumbs.joined(separator: ",\n"))]}"#)
        #expect(Self.actions(records) == ["a:", "b:"])
        #expect(records.filter { $0["type"] == "sent" }.map { $0["t"] } == [0, 1.5])
        #expect(warnings.map(\.line) == [2, 3, 4, 5])
        #expect(warnings[0].message.contains(#"its timestamp "yesterday" is not a time"#))
        #expect(warnings[1].message.contains("1714642205250"))
        #expect(warnings[3].message.contains(#""missing""#))
    }

    /// An event whose every tap lacks a time, without a hierarchy (a template's `"<timestamp>"`), would import as
    /// an empty session that says nobody touched anything: refused, at the first tap, saying why. One tap with a
    /// time among them is enough to import.
    @Test func anEventWhoseTapsAllLackATimeIsRefused() throws {
        let template = [Self.touch("pay:", #""<timestamp>""#), Self.touch("back:", #""<timestamp>""#)]
        #expect {
            try Self.convert(#"{"event_id":"<id>","breadcrumbs":[\#(template.joined(separator: ",\n"))]}"#)
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 1
                && error.reason.hasPrefix(
                    #"nothing to import: no view hierarchy, and none of the 2 touch breadcrumbs has a time ("timestamp": "<timestamp>")"#
                )
        }
        let (records, _) = try Self.convert(
            #"{"breadcrumbs":[\#(template[0]),\#n\#(Self.touch("b:", "1714642202.5"))]}"#)
        #expect(Self.actions(records) == ["b:"])
    }

    @Test func aBreadcrumbListThatIsNotAListIsWarnedAbout() throws {
        let (records, warnings) = try Self.convert(
            #"{"event_id":"1","contexts":{},"breadcrumbs":{"values":{"0":{"category":"touch"}}}}"#)
        #expect(Self.actions(records) == [])
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.hasPrefix(#""breadcrumbs" is an object, not a list of breadcrumbs"#) == true)
    }

    @Test(arguments: [
        #"{"report":{"id":"1"},"crash":{},"user":{"breadcrumbs":[CRUMBS]}}"#,
        #"{"report":{"id":"1"},"crash":{},"user":{"sentry_sdk_scope":{"breadcrumbs":[CRUMBS]}}}"#,
        #"{"report":{"id":"1"},"crash":{},"sentry_sdk_scope":{"breadcrumbs":[CRUMBS]}}"#,
        #"{"event_id":"1","breadcrumbs":[CRUMBS]}"#,
        #"{"event_id":"1","breadcrumbs":{"values":[CRUMBS]}}"#,
        #"{"id":"1","entries":[{"type":"breadcrumbs","data":{"values":[CRUMBS]}}]}"#,
    ])
    func breadcrumbsAreReadWhereverSentryPutsThem(_ template: String) throws {
        let crumbs = [Self.touch("first:", #""2024-07-01T18:21:44.250Z""#), Self.touch("second:", "1719858106.25")]
        let text = template.replacingOccurrences(of: "CRUMBS", with: crumbs.joined(separator: ","))
        #expect(ImportFormat.detect(Array(text.utf8)) == .sentry)
        let (records, warnings) = try Self.convert(text)
        #expect(Self.actions(records) == ["first:", "second:"])
        #expect(records.filter { $0["type"] == "sent" }.map { $0["t"] } == [0, 2])
        #expect(warnings == [])
    }

    @Test func theSameTapInTheEventAndTheScopeIsOneRecordAndListsMergeByTime() throws {
        // The event's copy lags the scope's (it lacks the last tap) and spells the timestamp as seconds.
        let text = """
            {"report":{"id":"1"},"breadcrumbs":[\(Self.touch("b:", "1719858106.5")),\(Self.touch("c:", "1719858107"))],
             "user":{"sentry_sdk_scope":{"breadcrumbs":[
               \(Self.touch("a:", #""2024-07-01T18:21:45.000Z""#)),
               {"message":"b:","category":"touch","type":"user","timestamp":"2024-07-01T18:21:46.500Z"},
               \(Self.touch("d:", #""2024-07-01T18:21:48.000Z""#))]}}}
            """
        let (records, warnings) = try Self.convert(text)
        #expect(Self.actions(records) == ["a:", "b:", "c:", "d:"])
        #expect(records.filter { $0["type"] == "sent" }.map { $0["t"] } == [0, 1.5, 2, 3])
        #expect(warnings == [])
    }

    @Test func aHierarchyThatAlsoHoldsBreadcrumbsKeepsItsTaps() throws {
        let text = """
            {"windows":[{"type":"UIWindow","width":393,"height":852,"children":[
              {"type":"UIButton","identifier":"pay","x":20,"y":700,"width":353,"height":50}]}],
             "breadcrumbs":[{"timestamp":1714642205.25,"category":"touch","message":"pay:",
               "data":{"accessibilityIdentifier":"pay"}}]}
            """
        let (records, warnings) = try Self.convert(text)
        #expect(records.map { $0["type"]?.stringValue ?? "" } == ["session", "snapshot", "sent"])
        #expect(records.last?["sender"] == "path:0/0")
        #expect(warnings == [])
    }

    @Test func aReportWithoutSystemTakesTheDeviceFromItsScope() throws {
        let fixture = try #require(ImporterFixtures.fixtures.first { $0.name == "crash-report-without-system.json" })
        let header = try #require(try ImportFormat.sentry.convert(fixture.bytes, sourceName: fixture.name).first)
        #expect(header["app"]?["id"] == "com.example.notes")
        #expect(header["app"]?["version"] == "5.1")
        #expect(header["app"]?["build"] == "93")
        #expect(header["device"]?["model"] == "iPhone13,2")
        #expect(header["device"]?["system"] == "iOS 16.7.8")
        #expect(header["source"]?["capturedAt"] == 1_719_858_150)
    }

    @Test func aReportWithSystemPrefersItOverItsScope() throws {
        let text = """
            {"report":{"id":"1"},"system":{"machine":"iPhone15,3","system_name":"iOS","system_version":"17.5.1"},
             "user":{"sentry_sdk_scope":{"context":{"device":{"model":"iPhone9,9"},"app":{"app_identifier":"x.y"}}}}}
            """
        let header = try #require(try Self.convert(text).records.first)
        #expect(header["device"]?["model"] == "iPhone15,3")
        #expect(header["device"]?["system"] == "iOS 17.5.1")
        #expect(header["app"]?["id"] == "x.y")
    }

    /// A list of breadcrumbs copied out of its event is that event's breadcrumbs: detected as Sentry's (a category
    /// no replay event has), the touch crumbs read, one without a readable time warned.
    @Test func aBareListOfBreadcrumbsIsAnEventsBreadcrumbs() throws {
        let list = """
            [
             {"type":"user","timestamp":"2026-03-01T10:00:02Z","category":"touch","message":"Tapped Pay"},
             {"type":"http","timestamp":"2026-03-01T10:00:03Z","category":"http","data":{"status_code":500}},
             {"type":"user","timestamp":"soon","category":"touch","message":"Tapped Retry"}
            ]
            """
        let bytes = Array(list.utf8)
        #expect(ImportFormat.detect(bytes) == .sentry)
        var warnings: [ImportWarning] = []
        let records = try ImportFormat.sentry.convert(bytes, sourceName: "crumbs.json") { warnings.append($0) }
        #expect(records.count { if case .sent = $0 { true } else { false } } == 1)
        #expect(warnings.map(\.line) == [4])
    }
}
