import Testing

@testable import TouchlogFormat

/// A Sentry crash report or event saved pretty-printed (a JSON document over many lines) is Sentry's, by content:
/// never taken for JSON Lines.
@Suite struct SentryPrettyPrintedTests {
    static let crashEvent = """
        {
          "event_id": "9f0c1e2d3b4a59687766554433221100",
          "timestamp": 1719858125.0,
          "platform": "cocoa",
          "level": "fatal",
          "release": "com.example.notes@5.0+88",
          "exception": {
            "values": [
              {
                "type": "EXC_BAD_ACCESS",
                "value": "Attempted to dereference null pointer.",
                "mechanism": {"type": "mach", "handled": false}
              }
            ]
          },
          "threads": {"values": [{"id": 0, "crashed": true, "current": true}]},
          "debug_meta": {"images": []},
          "sdk": {"name": "sentry.cocoa", "version": "8.36.0"}
        }
        """

    @Test(arguments: ["\n", "\r\n"])
    func aCrashEventWithoutBreadcrumbsOrContextsIsSentrys(_ lineEnd: String) throws {
        let text = Self.crashEvent.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: lineEnd)
        #expect(ImportFormat.detect(Array(text.utf8)) == .sentry)
        let records = try ImportFormat.sentry.convert(Array(text.utf8), sourceName: "")
        #expect(records.first?["source"]?["hierarchy"] == false)
        #expect(records.first?["source"]?["eventID"] == "9f0c1e2d3b4a59687766554433221100")
    }

    @Test func aCrashReportSortedByKeyWithoutItsReportSectionIsSentrys() throws {
        let text = """
            {
              "binary_images": [],
              "crash": {"error": {"type": "signal", "signal": {"signal": 11, "name": "SIGSEGV"}}},
              "system": {"CFBundleIdentifier": "com.example.notes", "system_name": "iOS", "system_version": "17.1"},
              "user": {"breadcrumbs": [{"timestamp": "2024-07-01T18:21:58.000Z", "category": "touch", "message": "save:"}]}
            }
            """
        #expect(ImportFormat.detect(Array(text.utf8)) == .sentry)
        let records = try ImportFormat.sentry.convert(Array(text.utf8), sourceName: "")
        #expect(
            ImportExpectation.outline(records) == "session from sentry (no hierarchy)\nsnapshot t=0\nsent t=0 save:\n")
    }
}
