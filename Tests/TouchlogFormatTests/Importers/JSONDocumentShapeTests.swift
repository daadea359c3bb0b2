import Testing

@testable import TouchlogFormat

/// Detection of JSON by its shape: the scanner that reads each top-level value's kind and member names from the
/// whole input, and what the Sentry importer claims from it.
@Suite struct JSONDocumentShapeTests {
    static func shape(_ text: String) -> JSONDocumentShape { JSONDocumentShape(scanning: Array(text.utf8)) }

    static func object(_ keys: Set<String>) -> JSONDocumentShape.Value { .init(isArray: false, keys: keys) }

    @Test func recordsTopLevelNamesAndStepsOverNestedValues() {
        let text =
            #"{"report":{"id":"x","crash":1},"binary_images":[{"name":"a]}\"{"},[]],"s":"} {","n":-1.5e3,"t":true}"#
        #expect(Self.shape(text).values == [Self.object(["report", "binary_images", "s", "n", "t"])])
    }

    @Test func readsSeveralValuesInARowAsEnvelopesAndJSONLinesHoldThem() {
        let text = "{\"event_id\":\"1\"}\n{\"type\":\"event\",\"length\":2}\n{}\n[{\"a\":1},{\"b\":{\"c\":2}},3]\n"
        #expect(
            Self.shape(text).values == [
                Self.object(["event_id"]), Self.object(["type", "length"]), Self.object([]),
                .init(isArray: true, keys: ["a", "b"]),
            ])
    }

    @Test func aCutOffEndKeepsTheNamesReadSoFar() {
        for cut in [#"{"windows":[{"type":"UIWindow","children":[{"x":1"#, #"{"windows":[], "rend"#, #"{"windows":"#] {
            #expect(Self.shape(cut).values == [Self.object(["windows"])], "\(cut)")
        }
    }

    @Test func stopsAtTheFirstByteThatIsNotJSON() {
        // An envelope's screenshot payload: what came before it is the shape.
        let bytes =
            Array("{\"sdk\":{}}\n{\"type\":\"attachment\",\"length\":4}\n".utf8) + [0x89, 0x50, 0x4E, 0x47]
            + Array("\n{\"windows\":[]}".utf8)
        #expect(
            JSONDocumentShape(scanning: bytes).values == [Self.object(["sdk"]), Self.object(["type", "length"])])
    }

    @Test func unescapesMemberNamesAsAParserWould() {
        #expect(
            Self.shape(#"{"w\u0069ndows":[],"a\"b":1,"\ud83d\ude00":2}"#).values == [
                Self.object(["windows", "a\"b", "😀"])
            ])
    }

    @Test func boundsWhatItRecords() {
        let lines = String(repeating: "{\"type\":\"touch\",\"t\":1}\n", count: 1000)
        #expect(Self.shape(lines).values.count == JSONDocumentShape.valueLimit)
        let elements = (0..<40).map { #"{"k\#($0)":1}"# }.joined(separator: ",")
        #expect(Self.shape("[\(elements)]").values.first?.keys.count == JSONDocumentShape.elementLimit)
    }

    @Test func deepNestingCostsNoStack() {
        let deep =
            "{\"windows\":" + String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000) + "}"
        #expect(Self.shape(deep).values == [Self.object(["windows"])])
    }

    @Test(arguments: [
        #"{"rendering_system":"UIKIT","windows":[]}"#,
        #"{"event_id":"1","contexts":{"os":{}}}"#,
        #"{"breadcrumbs":[]}"#,
        #"{"report":{},"binary_images":[]}"#,
        #"{"report":{},"user":{}}"#,
        #"{"id":"5e","dateCreated":"2024","entries":[]}"#,
        "{}\n{\"type\":\"event\",\"length\":12}\n",
        "{\"event_id\":\"1\",\"sdk\":{}}\n{\"type\":\"attachment\",\"attachment_type\":\"event.view_hierarchy\"}\n",
    ])
    func sentryClaimsEachOfItsShapes(_ text: String) {
        #expect(SentryImporter.claims(Self.shape(text)))
        #expect(ImportFormat.detect(Array(text.utf8)) == .sentry)
    }

    @Test(arguments: [
        // touchlog/1 records that lost their header: a snapshot has "windows", but also "type".
        "{\"type\":\"snapshot\",\"t\":0,\"windows\":[]}\n{\"type\":\"touch\",\"t\":1}\n",
        // A line that looks like an event after one that does not: the first value decides.
        "{\"type\":\"touch\",\"t\":1}\n{\"breadcrumbs\":[]}\n",
        #"{"contexts":{}}"#, #"{"report":"weekly"}"#, #"{"entries":[]}"#,
        "{\"a\":1}\n{\"type\":\"event\",\"t\":0}\n",
    ])
    func sentryLeavesOtherJSONUnclaimed(_ text: String) {
        #expect(!SentryImporter.claims(Self.shape(text)))
        #expect(ImportFormat.detect(Array(text.utf8)) == nil)
    }

    @Test func rrwebEventsAreATouchStreamNotSentry() {
        let text = #"[{"type":4,"data":{"href":"x"},"timestamp":1}]"#
        #expect(!SentryImporter.claims(Self.shape(text)))
        #expect(ImportFormat.detect(Array(text.utf8)) == .rrweb)
    }

    @Test func everyJSONImporterIsAskedAndEachFormatOnce() {
        let formats = ImportFormat.jsonImporters.map { $0.format }
        #expect(formats.contains(.sentry))
        #expect(Set(formats).count == formats.count)
    }

    /// A crash report with its keys in name order (as `jq -S` or a pretty-printer writes it): `binary_images` first,
    /// more than the detection window of them, then `crash`, `report` and `user` with the scope's breadcrumbs.
    static func largeCrashReport() -> [UInt8] {
        let image =
            #"{"image_addr":6794428416,"image_size":29360128,"name":"/System/Library/Frameworks/UIKit.framework/UIKit","uuid":"1F0E2D3C-4B5A-3968-8776-655443322110"}"#
        let images = Array(repeating: image, count: 900).joined(separator: ",\n    ")
        let text = """
            {
              "binary_images": [
                \(images)
              ],
              "crash": {"error": {"type": "signal", "signal": {"signal": 11, "name": "SIGSEGV"}}},
              "report": {"id": "3E1F7A20", "timestamp": "2024-07-01T18:22:05Z", "type": "standard"},
              "user": {"sentry_sdk_scope": {"breadcrumbs": [
                {"category": "touch", "message": "save:", "timestamp": "2024-07-01T18:21:58.750Z", "type": "user"}
              ]}}
            }
            """
        return Array(text.utf8)
    }

    @Test func aCrashReportIsDetectedByKeysPastTheFirst64KiB() throws {
        let bytes = Self.largeCrashReport()
        let report = try #require(ImportText.firstIndex(of: Array(#""report""#.utf8), in: bytes))
        #expect(report > 65_536)
        // The first 64 KiB alone hold nothing but binary images: not enough to tell.
        #expect(ImportFormat.detect(Array(bytes.prefix(65_536))) == nil)
        #expect(ImportFormat.detect(bytes) == .sentry)
        let records = try ImportFormat.sentry.convert(bytes, sourceName: "big.json")
        #expect(records.filter { $0["type"] == "sent" }.map { $0["action"] } == ["save:"])
    }

    @Test func aTouchlogHeaderLineIsNeverReadPastForDetection() {
        #expect(ImportFormat.opening(Array("\u{FEFF}\n{\"type\":\"session\"}\n{\"windows\":[]}".utf8)) == .touchlog)
        #expect(ImportFormat.opening(Array("  {\"windows\":[]}".utf8)) == .json)
        #expect(ImportFormat.opening(Array("[1]".utf8)) == .json)
        #expect(ImportFormat.opening(Array(" [\n  {\"AXFrame\": 1}]".utf8)) == .json)
        // A log that opens with a tag is text, whatever its first byte.
        #expect(ImportFormat.opening(Array("[daemon log]\n    t =    18.51s     Set Up".utf8)) == .text(start: 0))
        #expect(ImportFormat.opening(Array("\n<UIWindow: 0x1>".utf8)) == .text(start: 1))
        #expect(ImportFormat.opening(Array(" \r\n".utf8)) == .empty)
    }
}
