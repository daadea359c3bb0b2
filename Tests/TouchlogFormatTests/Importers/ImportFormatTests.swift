import Testing

@testable import TouchlogFormat

/// Content detection, `--from` names, and the small decoders the importers share.
@Suite struct ImportFormatTests {
    @Test(arguments: [
        #"{"type":"session","format":"touchlog/1","session":"s1"}"# + "\n"
            + #"{"type":"snapshot","t":0,"windows":[]}"#,
        "\u{FEFF}  \n" + #"{ "type" : "session", "format":"touchlog/1","session":"s1"}"#,
        #"{"format":"touchlog/1","type":"session","session":"s1","note":"windows"}"#,
        #"{"type":"session","session":"s1"}"# + "\n"
            + #"{"type":"snapshot","t":0,"windows":[],"breadcrumbs":1}"#,
    ])
    func touchlogSessionsAreNeverDetectedAsImports(_ text: String) {
        #expect(ImportFormat.detect(Array(text.utf8)) == nil)
    }

    @Test(arguments: [
        "", "   \n\n", "hello world\n", "{\"a\":1}", "[1,2,3]", "<html><body>frame = 1</body>",
        "(lldb) po view\n<CALayer: 0x600000c2e1a0> (layer)", "cy# <b>frame = (0 0; 1 1)</b>",
        "<?xml version=\"1.0\"?>\n<hierarchy><node class=\"android.widget.Button\"/></hierarchy>",
        "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>",
        // A single view quoted in JSON is a Sentry breadcrumb's sender or a log's value, not a dump.
        #"{"level":"info","view":"<UIButton: 0x1; frame = (0 0; 1 1)>"}"#,
        "// TODO: fix the layout\n> quoted text\n**Steps**: tap Pay",
        "Error: Foo:0x1",
        // An array of objects with a type but no frame is not idb's.
        #"[{"type":"Button","label":"Pay"}]"#,
        // `user` is too common a name to be Sentry's without a scope inside it.
        #"{"user":{"id":"42","email":"qa@example.com"}}"#,
        "```json\n{\"a\":1}\n```",
        "Notes on the XML parser:\n<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>",
    ])
    func unknownContentIsNotDetected(_ text: String) {
        #expect(ImportFormat.detect(Array(text.utf8)) == nil)
    }

    @Test func detectsEachFormatFromItsFirstLines() {
        let cases: [(String, ImportFormat)] = [
            ("<UIWindow: 0x1; frame = (0 0; 1 1)>", .recursiveDescription),
            (
                "Printing description of $0:\n   |    | <UIView; frame = (0 0; 1 1)>", .recursiveDescription
            ),
            (
                "2024-03-05 10:15:02.125 Shop[4242:91823] <UIWindow: 0x1; frame = (0 0; 1 1)>",
                .recursiveDescription
            ),
            ("cy# x\n\"<UIWindow: 0x1; frame = (0 0; 1 1)>\"", .recursiveDescription),
            ("(lldb) <UIWindow: 0x1; frame = (0 0; 1 1)>", .recursiveDescription),
            ("cy#    | <UIView: 0x1; frame = (0 0; 1 1)>", .recursiveDescription),
            ("```\n    _contentView <UIView: 0x1; frame = (0 0; 1 1)>", .recursiveDescription),
            ("\t\t<< _UITextContainerView : 0x1 ; frame=( 0 0 ; 1 1 )>>", .recursiveDescription),
            ("/// <UIWindow: 0x1; frame = (0 0; 1 1)>", .recursiveDescription),
            (">    | <UIView: 0x1; frame = (0 0; 1 1)>", .recursiveDescription),
            (
                "cy# v.subviews\n@[#\"<UIView: 0x1; frame = (0 0; 1 1)>\",#\"<UIView: 0x2; frame = (0 0; 1 1)>\"]",
                .recursiveDescription
            ),
            (
                #"{"dump":"<UIWindow: 0x1; frame = (0 0; 1 1)>\n   | <UIView: 0x2; frame = (0 0; 1 1)>"}"#,
                .recursiveDescription
            ),
            (
                #"log: <UIWindow: 0x1; frame = (0 0; 1 1)>\n   | <UIView: 0x2; frame = (0 0; 1 1)>"#,
                .recursiveDescription
            ),
            ("*<UIWindow:0x108f537f0> - AMBIGUOUS LAYOUT\n|   *<UIView:0x109409850>", .recursiveDescription),
            (
                "<UITabBarController 0x7fc4f2812000>, state: appeared, view: <UILayoutContainerView 0x7f1>",
                .recursiveDescription
            ),
            ("<UIWindow:0x1; isAccessible=N; AX.frame={{0, 0}, {1, 1}}; frame={{0, 0}, {1, 1}}; alpha=1>", .earlgrey),
            ("log\n  |  |--<UIView:0x2; AX=N; frame={{0, 0}, {1, 1}}; opaque; alpha=1>", .earlgrey),
            (#"[{"AXFrame":"{{0, 0}, {1, 1}}","type":"Button","AXLabel":"Pay"}]"#, .idb),
            (#"[{"frame":{"x":0,"y":0,"width":1,"height":1},"role_description":"button","type":"Button"}]"#, .idb),
            (#"[{"role":"AXButton","AXLabel":"Go","frame":{"x":0,"y":0,"width":1,"height":1}}]"#, .idb),
            ("{\"rendering_system\":\"UIKIT\",\"windows\":[]}", .sentry),
            ("{\"event_id\":\"1\",\"breadcrumbs\":{\"values\":[]}}", .sentry),
            ("Attributes: Application, pid: 1, label: 'Shop'", .xcuitest),
            ("log line\nElement subtree:\n →Application, pid: 1", .xcuitest),
            ("    Button, 0x600000c0a380, {{300.0, 215.0}, {74.0, 30.0}}", .xcuitest),
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT>\n  <XCUIElementTypeApplication", .appium),
            ("<?xml version=\"1.0\"?><XCUIElementTypeApplication type=\"XCUIElementTypeApplication\"/>", .appium),
            ("\u{FEFF}\n<AppiumAUT><XCUIElementTypeApplication/></AppiumAUT>", .appium),
            ("<XCUIElementTypeCell type=\"XCUIElementTypeCell\" x=\"0\">", .appium),
            // Detected by content, past the wrapper: prose or a logger's prefix before a page source, a scope
            // section of a SentryCrash report, one idb element, JSON in a Markdown fence.
            ("Here it is:\n\n<?xml version=\"1.0\"?>\n<XCUIElementTypeApplication x=\"0\"/>", .appium),
            ("INFO: <?xml version=\"1.0\"?><AppiumAUT><XCUIElementTypeApplication", .appium),
            ("{\"user\": {\"breadcrumbs\": []}}", .sentry),
            ("{\"user\": {\"sentry_sdk_scope\": {\"breadcrumbs\": []}}}", .sentry),
            ("{\"sentry_sdk_scope\": {\"breadcrumbs\": []}}", .sentry),
            (" {\"AXFrame\": \"{{0, 0}, {1, 1}}\", \"type\": \"Button\"},\n", .idb),
            ("```json\n[{\"AXFrame\":\"{{0, 0}, {1, 1}}\",\"type\":\"Button\"}]\n```\n", .idb),
        ]
        for (text, format) in cases {
            #expect(ImportFormat.detect(Array(text.utf8)) == format, "\(text)")
        }
    }

    @Test func theFromListNamesEveryFormat() {
        #expect(
            ImportFormat.fromNamesList
                == "recursiveDescription, sentry, xcuitest, rrweb, appium, earlgrey, idb, xctest-log or maestro")
    }

    @Test func aMarkdownFenceIsBlankedKeepingPositions() throws {
        let text = Array("```json\n[1]\n```\n".utf8)
        let unfenced = try #require(ImportText.unwrappedJSON(text))
        #expect(unfenced.bytes == Array("       \n[1]\n   \n".utf8))
        #expect(ImportText.unwrappedJSON(Array("```\nnot json\n```".utf8)) == nil)
        #expect(ImportText.unwrappedJSON(Array("[1]".utf8)) == nil)
    }

    @Test func proseBeforeTheFenceAndCommentLeadersAreBlankedKeepingPositions() throws {
        // The fence need not open the paste: a line of prose before it is the wrapper too.
        let prose = Array("Here is the output:\n```json\n[1]\n```\nThanks!\n".utf8)
        let unfenced = try #require(ImportText.unwrappedJSON(prose))
        #expect(unfenced.bytes == Array("                   \n       \n[1]\n   \n       \n".utf8))
        #expect(unfenced.textAfterLine == 5)
        // A doc comment's leaders are set aside before the fence is looked for.
        let comment = Array("/// Example:\n/// ```json\n/// {\"a\": 1}\n/// ```\n".utf8)
        let uncommented = try #require(ImportText.unwrappedJSON(comment))
        #expect(uncommented.bytes == Array("            \n           \n    {\"a\": 1}\n       \n".utf8))
        // Prose then unfenced JSON only when asked for: detection asks after the text formats.
        let bare = Array("@someone\n`idb ui describe-all\n[{}]\n".utf8)
        #expect(ImportText.unwrappedJSON(bare) == nil)
        let blanked = String(repeating: " ", count: 8) + "\n" + String(repeating: " ", count: 20) + "\n[{}]\n"
        #expect(ImportText.unwrappedJSON(bare, proseBefore: true)?.bytes == Array(blanked.utf8))
        // A `//` on some lines only is no leader: the JSON is not in a comment.
        #expect(ImportText.unwrappedJSON(Array("// note\n{\"a\": 1}\n".utf8)) == nil)
    }

    @Test func anElisionLineCutsTheJSONThere() {
        let cut = ImportText.cutAtElision(Array("{\"a\": [1,\n  ...\n]}\n".utf8))
        #expect(cut.bytes == Array("{\"a\": [1,".utf8))
        #expect(cut.elision?.number == 2)
        // A string cut at the end of its line is cut by the end of the input, not broken by a line break.
        #expect(ImportText.cutAtElision(Array("[{\"a\":\"{{14\n\n".utf8)).bytes == Array("[{\"a\":\"{{14".utf8))
    }

    @Test func namesForFromOption() {
        #expect(ImportFormat(name: "recursiveDescription") == .recursiveDescription)
        #expect(ImportFormat(name: "pviews") == .recursiveDescription)
        #expect(ImportFormat(name: "SENTRY") == .sentry)
        #expect(ImportFormat(name: "xcui") == .xcuitest)
        #expect(ImportFormat(name: "page-source") == .appium)
        #expect(ImportFormat(name: "WDA") == .appium)
        #expect(ImportFormat(name: "EarlGrey") == .earlgrey)
        #expect(ImportFormat(name: "describe-all") == .idb)
        #expect(ImportFormat(name: "touchlog") == nil)
        for format in ImportFormat.allCases {
            #expect(format.names.first == format.rawValue)
            #expect(format.importer.format == format)
        }
    }

    @Test func demanglesSimpleSwiftClassNames() {
        #expect(SwiftClassName.demangle("_TtC5MyApp9LoginView") == "MyApp.LoginView")
        #expect(SwiftClassName.demangle("_TtCC5MyApp5Outer5Inner") == "MyApp.Outer.Inner")
        #expect(SwiftClassName.demangle("_TtCs12_SwiftObject") == "Swift._SwiftObject")
        #expect(SwiftClassName.demangle("_TtGC7SwiftUI14_UIHostingViewV5MyApp11ContentView_") == nil)
        #expect(SwiftClassName.demangle("_TtC5MyApp99Short") == nil)
        #expect(SwiftClassName.demangle("UIView") == nil)
    }

    @Test func readsTheTimestampsLogsPrint() {
        #expect(ImportText.timestamp(Array("1970-01-01T00:00:10Z".utf8))?.seconds == 10)
        #expect(
            ImportText.timestamp(Array("2024-05-02T09:30:05.250Z".utf8))?.seconds == 1_714_642_205.25)
        #expect(
            ImportText.timestamp(Array("2024-05-02T11:30:05.250+02:00".utf8))?.seconds == 1_714_642_205.25
        )
        #expect(ImportText.timestamp(Array("2024-03-05 10:15:02.125 Shop".utf8))?.length == 23)
        #expect(ImportText.timestamp(Array("2024-13-05 10:15:02".utf8)) == nil)
        #expect(ImportText.timestamp(Array("yesterday".utf8)) == nil)
    }

    @Test func sessionIDsDependOnContentAndFormatOnly() {
        let a = ImportText.digestID(Array("dump".utf8), salt: "sentry")
        #expect(a == ImportText.digestID(Array("dump".utf8), salt: "sentry"))
        #expect(a != ImportText.digestID(Array("dump!".utf8), salt: "sentry"))
        #expect(a != ImportText.digestID(Array("dump".utf8), salt: "xcuitest"))
        #expect(a.count == 36)
    }
}
