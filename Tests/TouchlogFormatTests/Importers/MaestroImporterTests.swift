import Testing

@testable import TouchlogFormat

/// `maestro hierarchy` of an iOS app: detected by its shape, an Android app's left to the near misses (and refused in
/// one line when forced), and a node that is not Maestro's refused at its line and column. What the fixtures import
/// as is in Expected/maestro (``ImporterExpectationTests``).
@Suite struct MaestroImporterTests {
    static let android = """
        {
          "attributes" : { },
          "children" : [ {
            "attributes" : {
              "text" : "Pay",
              "resource-id" : "com.example.shop:id/pay",
              "class" : "android.widget.Button",
              "package" : "com.example.shop",
              "bounds" : "[20,760][370,810]"
            },
            "children" : [ ]
          } ]
        }
        """

    @Test func anAndroidAppsHierarchyIsNotDetectedAndIsRefusedWhenForced() throws {
        let bytes = Array(Self.android.utf8)
        #expect(ImportFormat.detect(bytes) == nil)
        #expect(NearMiss(bytes)?.closest == .maestro)
        #expect(throws: ImportError.self) { try ImportFormat.maestro.convert(bytes, sourceName: "") }
        do {
            _ = try ImportFormat.maestro.convert(bytes, sourceName: "")
        } catch {
            #expect(error.reason.contains("Android"))
            #expect(error.hint?.contains("iOS") == true)
        }
    }

    @Test func boundsThatAreNotTwoCornersFailAtTheirLineAndColumn() throws {
        let text = """
            {"attributes":{},"children":[
              {"attributes":{"bounds":"[0,0][390]"},"children":[]}]}
            """
        do {
            _ = try ImportFormat.maestro.convert(Array(text.utf8), sourceName: "")
            Issue.record("imported malformed bounds")
        } catch {
            #expect(error.line == 2)
            // The value's opening quote: two spaces, `{"attributes":{"bounds":` (24 columns), then it.
            #expect(error.column == 27)
            #expect(error.reason.contains("bounds"))
        }
        #expect(MaestroImporter.corners("[0,0][390,844]")! == (0, 0, 390, 844))
        #expect(MaestroImporter.corners("[16,760][377,810]")! == (16, 760, 361, 50))
        // Corners out of order are no frame.
        #expect(MaestroImporter.corners("[20,20][10,10]") == nil)
    }

    @Test func nestedFramesAreRelativeToTheParentsScreenOrigin() throws {
        let text = """
            {"attributes":{"bounds":"[10,20][110,220]","accessibilityText":"card"},"children":[
              {"attributes":{"bounds":"[30,50][80,90]","resource-id":"buy","accessibilityText":""},"children":[]}]}
            """
        let records = try ImportFormat.maestro.convert(Array(text.utf8), sourceName: "")
        #expect(
            ImportExpectation.outline(records) == """
                session from maestro
                snapshot t=0
                  UIWindow#synthetic-window 0 0 110 220
                    UIView 10 20 100 200 label="card"
                      UIView 20 30 50 40 id="buy"

                """)
    }
}
