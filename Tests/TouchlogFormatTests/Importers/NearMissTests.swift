import Testing

@testable import TouchlogFormat

/// Input no importer claims but that looks like something: ingest names what it is, the closest format touchlog
/// imports, and what differs, in one line.
@Suite struct NearMissTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var input: String
        var what: String
        var closest: ImportFormat?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "UIAutomation-era JSON page source",
            input:
                "[debug] page source: {\"name\":\"UIAWindow\",\"rect\":{\"x\":0,\"y\":0,\"width\":320},"
                + "\"children\":[{\"name\":\"UIAButton\",\"label\":\"Done\"}]}\n",
            what: "a UIAutomation-era page source", closest: .appium),
        Case(
            name: "EarlGrey failure report quoting its element only",
            input:
                "Error Trace: [\n  {\n    \"Description\": \"Assertion failed\",\n"
                + "    \"E\":  \"<UIButton:0x7f9a; AX=Y; AX.label='Pay'; AX.frame={{20, 760}, {350, 50}}; "
                + "frame={{20, 760}, {350, 50}}; opaque; alpha=1>\",\n  }\n]\n",
            what: "an EarlGrey failure report", closest: .earlgrey),
        Case(
            name: "UIAutomation element tree",
            input:
                "Here is logElementTree():\nUIAWindow \"(null)\" {{0, 0}, {320, 480}}\n    elements: {\n"
                + "        UIAButton \"Done\" {{250, 20}, {60, 30}}\n    }\n",
            what: "a UIAutomation element tree", closest: .xcuitest),
        Case(
            name: "XCTest runner error log",
            input:
                "2018-03-01 10:00:01.100 XCTRunner[20:30] Failed to fetch hit point for Button 0x1c0: traits: 1, "
                + "{{10.0, 20.0}, {30.0, 40.0}} - error\n",
            what: "an XCTest runner's error log", closest: .xcuitest),
        Case(
            name: "home-made view dump with superclasses",
            input:
                "Dump\nUIView:UIResponder:NSObject {{0, 0}, {320, 480}} 0: UILabel:UIView:UIResponder:NSObject "
                + "{{10, 10}, {100, 20}}\n",
            what: "a view dump of an app's own making", closest: .recursiveDescription),
        Case(
            name: "Detox XML hierarchy in a fence",
            input:
                "```xml\n  <RCTViewComponentView class=\"RCTViewComponentView\" x=\"0\" y=\"0\" width=\"390\" "
                + "height=\"844\">\n    <UILabel class=\"UILabel\" x=\"10\" y=\"10\" width=\"50\" height=\"20\"/>\n"
                + "  </RCTViewComponentView>\n```\n",
            what: "an XML view hierarchy whose elements are named after the app's classes", closest: .appium),
        Case(
            name: "Android UI Automator dump",
            input:
                "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\"><node index=\"0\" "
                + "class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,2340]\"/></hierarchy>",
            what: "an Android UI Automator dump", closest: .appium),
        Case(
            name: "Espresso view hierarchy",
            input: "View Hierarchy:\n+>DecorView{id=-1, visibility=VISIBLE, width=1080, height=2340}\n",
            what: "an Android view hierarchy", closest: .recursiveDescription),
        // An iOS app's Maestro hierarchy is imported (`maestro`); an Android app's stays a near miss.
        Case(
            name: "Maestro hierarchy of an Android app",
            input:
                "{\n  \"attributes\" : { },\n  \"children\" : [ {\n    \"attributes\" : {\n      \"text\" : \"Pay\",\n"
                + "      \"resource-id\" : \"com.example.shop:id/pay\",\n"
                + "      \"class\" : \"android.widget.Button\",\n      \"package\" : \"com.example.shop\",\n"
                + "      \"bounds\" : \"[20,760][370,810]\"\n    },\n    \"children\" : [ ]\n  } ]\n}",
            what: "Maestro's `maestro hierarchy` output of an Android app", closest: .maestro),
        Case(
            name: "idb element members without braces",
            input:
                "The element I get back:\n  \"AXUniqueId\": 3301,\n  \"AXFrame\": \"{{16, 80}, {120, 30}}\",\n"
                + "  \"AXLabel\": \"Done\",\n  \"type\": \"Button\"\n",
            what: "members of an idb element", closest: .idb),
        Case(
            name: "accessibility fields retyped",
            input:
                "returns:\n\n```text\ntype: RadioButton\nrole_description: tab\nAXLabel: Library\nAXUniqueId: LibraryTab\n```\n",
            what: "text that names idb's or AXe's accessibility fields", closest: .idb),
        Case(
            name: "AXFrame named in a shell comment",
            input:
                "axe describe-ui --udid $WATCH_ID | head -20\n# Look for: \"AXFrame\" : \"{{0, 0}, {WIDTH, HEIGHT}}\"\n",
            what: "text that names idb's or AXe's accessibility fields", closest: .idb),
        Case(
            name: "home-made dump with dashes",
            input:
                "Dumper[14013:c07] UIWindow (0,0) (320,480)\nDumper[14013:c07] -UILayoutContainerView (0,0) (320,480)\n"
                + "Dumper[14013:c07] --UITransitionView (0,0) (320,431)\nDumper[14013:c07] --UITabBar (0,431) (320,49)\n",
            what: "a view dump of an app's own making (a class name behind depth marks", closest: .recursiveDescription),
        Case(
            name: "runner log of queries",
            input: "[Xcode]     t =  1431.36s     Find the \"toolbar_home\" Any\n"
                + "[Xcode]     t =  1431.36s         Snapshot accessibility hierarchy for com.example.shop\n",
            what: "an XCTest runner's log of element queries", closest: .xcuitest),
        Case(
            name: "element path without frames",
            input: "//        →Application, pid: 15333, label: 'Movies'\n//        ↳Window (Main)\n//        ↳Other\n"
                + "//        ⋅ ↳Button, label: 'favorite'\n",
            what: "an XCUITest element path", closest: .xcuitest),
        Case(
            name: "code formatting a description",
            input: "  NSString *expected = [NSString stringWithFormat:@\"<UILabel:%p; AX=Y; \"\n"
                + "      @\"AX.frame={{1, 2}, {3, 4}}; frame={{3, 3}, {3, 3}}; alpha=0.5>\", label];\n",
            what: "code that formats an element description", closest: .earlgrey),
        Case(
            name: "Android Maestro node behind prose",
            input: "`maestro hierarchy` returns a nested JSON tree:\n\n```json\n{\n  \"attributes\": {\n"
                + "    \"bounds\": \"[100,200][300,260]\",\n    \"className\": \"android.widget.Button\"\n  },\n"
                + "  \"children\": []\n}\n```\n",
            what: "Maestro's `maestro hierarchy` output of an Android app", closest: .maestro),
        Case(
            name: "PostHog wireframes without events",
            input: "val handData = \"\"\"\n{ \"wireframes\": [ { \"id\": 5, \"x\": 0, \"y\": 0, \"width\": 10, "
                + "\"height\": 10, \"type\": \"div\" } ] }\n\"\"\".trimIndent()\n",
            what: "PostHog session-replay wireframes", closest: .rrweb),
        Case(
            // An exception's reason that quotes views is read (CutAndListedTests); a string that is one view's
            // description, passed to a logger, is about that view, and named.
            name: "a logger's string holding a view",
            input: "logger.info('<UIButton: 0x7fdc1; frame = (0 0; 44 44)>')\n",
            what: "a message that quotes UIKit view descriptions", closest: .recursiveDescription),
        Case(
            name: "idb element with an author's keys",
            input: "Returns a flat JSON array:\n```json\n[\n  {\n    \"AXLabel\": \"Submit\",\n"
                + "    \"AXFrame\": \"{{120, 680}, {180, 44}}\",\n    \"AXType\": \"Button\"\n  }\n]\n```\n",
            what: "an element of idb's accessibility output", closest: .idb),
        Case(
            name: "XML of something else", input: "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>",
            what: "XML that is not a page source", closest: .appium),
        Case(
            name: "po of objects that are no views",
            input: "(lldb) po view.gestureRecognizers\n<UITapGestureRecognizer: 0x7fb1c3019000; state = Possible; "
                + "view = <UIView 0x7fb1c3015800>; target= <(action=handleTap:, target=<Shop.CartViewController 0x7fb1>)>>",
            what: "UIKit object descriptions without frames", closest: .recursiveDescription),
        Case(
            name: "XCUITest failure naming the element it acted on",
            input: "  failure: {\n    message: 'Neither element nor any descendant has keyboard focus. Element: "
                + "Application 0x600000c04c80: {{0.0, 0.0}, {390.0, 844.0}}, label: \\'Shop\\'',\n  }\n",
            what: "text that quotes one element's description", closest: .xcuitest),
        Case(
            name: "one Attributes line quoted in a doc comment",
            input: "extension XCUIElement {\n    /// \"Attributes: TextField, 0x12b6, {{97.7, 68.7}, {276.3, 17.0}}, "
                + "value: Username\"\n    var focused: Bool { false }\n}\n",
            what: "text that quotes one element's description", closest: .xcuitest),
        Case(
            name: "WebDriverAgent JSON source in a browser's viewer",
            input: "source:\n{\nvalue: {\nisEnabled: \"1\",\nisVisible: \"1\",\nframe: \"{{0, 0}, {390, 844}}\",\n"
                + "children: [\n{\nisEnabled: \"1\",\n",
            what: "WebDriverAgent's JSON page source as a browser's JSON viewer shows it", closest: .appium),
        Case(
            name: "device log of synthesized events",
            input: "Mar 3 09:14:22 testmanagerd[311] <Notice>: Waiting up to 5.0s for TouchEventsCompleted\n"
                + "<XCSynthesizedEventRecord 'tap display 1'>\nPath 1:\n\tTouch down at 120.0, 540.0, offset=0.00s\n"
                + "\tTouch up at 120.0, 540.0, offset=0.05s.\n",
            what: "a device log of the events XCTest synthesized", closest: .xctestLog),
        Case(
            name: "breadcrumbs rendered as tags",
            input: "### The tap before the crash\n```\n<breadcrumb_3 type=\"user\" category=\"touch\" level=\"info\">\n"
                + "Touch event within element: Button\n```\n",
            what: "Sentry breadcrumbs written as tags", closest: .sentry),
        Case(
            name: "breadcrumb as a JavaScript object",
            input:
                "const crumb = {\n  category: 'touch',\n  type: 'user',\n  message: 'Touch event within element: Row',\n};\n",
            what: "a breadcrumb written as a JavaScript object", closest: .sentry),
        Case(
            name: "JSON with template placeholders",
            input: "crumbs.add(\"\"\"{\"type\":\"user\",\"category\":\"touch\",\"message\":\"Tapped Pay\","
                + "\"timestamp\":${now - 9000}}\"\"\")\n",
            what: "JSON kept in code with placeholders where values go", closest: .sentry),
        Case(
            name: "replay events as a Python list",
            input: "events = [\n    {\"type\": 4, \"timestamp\": 1, \"data\": {\"width\": 390}},\n"
                + "    {\"type\": 3, \"timestamp\": 900, \"data\": {\"source\": 2, \"type\": 7, \"x\": 5, \"y\": 9}},\n]\n",
            what: "session-replay events in source code", closest: .rrweb),
        Case(
            name: "window notifications cut after the address",
            input: "/**\n name = UIWindowDidBecomeVisibleNotification; object = <UIWindow: 0x127d0;\n"
                + " name = UIWindowDidBecomeKeyNotification; object = <UIWindow: 0x127d0;\n */\n",
            what: "a log of notifications", closest: .recursiveDescription),
        Case(
            name: "Sentry event as a Python dict",
            input:
                "def crash_event():\n    return {\n        \"event_id\": \"4be0\",\n        \"platform\": \"cocoa\",\n"
                + "        \"exception\": {\"values\": [{\"mechanism\": {\"handled\": False}}]},\n"
                + "        \"breadcrumbs\": {\"values\": [{\"category\": \"touch\", \"data\": None}]},\n    }\n",
            what: "a Python dict or list", closest: .sentry),
        Case(
            name: "replay events as a JavaScript object",
            input: "Here are my events:\n```\nconst events = [\n  {\n    type: 3,\n    data: {\n      source: 2,\n"
                + "      type: 2,\n      id: 14,\n      x: 40,\n      y: 310,\n    },\n    timestamp: 1629462720020,\n  },\n",
            what: "session-replay events written as a JavaScript object", closest: .rrweb),
        Case(
            name: "view class names without descriptions",
            input: "/*\nChild: UIWindow\nChild: UITransitionView\nChild: UIDropShadowView\n*/\n",
            what: "a list of view class names", closest: .recursiveDescription),
        Case(
            name: "Maestro nodes without bounds in a test's strings",
            input: "  const cases = [\n    '{\"attributes\":{\"accessibilityText\" : \"Face ID\"}}',\n  ];\n",
            what: "Maestro hierarchy nodes without `bounds`", closest: .maestro),
        Case(
            name: "an rrweb full snapshot without a timestamp in a shell line",
            input: "insert \"sess-1\" \"replay\" '[{\"type\":2,\"data\":{\"node\":{\"type\":0}}}]'\n",
            what: "an rrweb full snapshot without its event's", closest: .rrweb),
        Case(
            name: "a Sentry body built with json.dumps",
            input: "body = json.dumps({\n    \"breadcrumbs\": {\"values\": [\n        {\"category\": \"ui.click\", "
                + "\"timestamp\": 1234567},\n    ]},\n    \"event_id\": event_id,\n})\n",
            what: "a Python dict or list", closest: .sentry),
        Case(
            name: "a Sentry event built in a shell script",
            input: "ts=$(date +%s)\nEVENT='{\n  \"event_id\": \"fc6d\",\n  \"timestamp\": '$ts',\n"
                + "  \"breadcrumbs\": [{\"timestamp\": '$ts', \"category\": \"touch\"}]\n}'\n"
                + "curl -X POST \"$DSN\" -d \"$EVENT\"\n",
            what: "JSON built in a script, with a variable (`$ts`) where a value goes", closest: .sentry),
        Case(
            name: "view descriptions cut inside SQL strings",
            input: "INSERT INTO field_log VALUES\n(12, 'Notes', '<UITextView: 0x7f9a10c2e400; frame = (16 40; 343 88); "
                + "text = \\'Call back\\'; clipsToBou', '0'),\n(13, 'Date', 'Optional(<UIDatePicker: 0x7f9a10c31000; "
                + "frame = (16 140; 343 216); autoresize'),\n",
            what: "UIKit view descriptions cut short inside quoted strings", closest: .recursiveDescription),
        Case(
            name: "idb elements as a Python list in a test",
            input:
                "def test_parse():\n    nodes = [\n        {\"frame\": {\"x\": 0, \"y\": 0, \"width\": 393, \"height\": 60}, "
                + "\"AXLabel\": \"Title\",\n         \"type\": \"StaticText\", \"enabled\": True},\n    ]\n",
            what: "a Python dict or list", closest: .idb),
        Case(
            name: "idb elements as a Swift dictionary literal",
            input:
                "let tree: [[String: Any]] = [\n  [\n    \"AXFrame\": \"{{0, 0}, {390, 844}}\",\n    \"AXValue\": NSNull(),\n"
                + "    \"type\": \"Application\",\n    \"children\": [] as [Any],\n  ] as [String: Any],\n]\n",
            what: "a Swift dictionary literal", closest: .idb),
        Case(
            name: "session-replay event shapes with placeholders",
            input:
                "```jsonc\n// full snapshot\n{ \"type\": 2, \"timestamp\": 1700000000000, \"data\": { \"wireframes\": "
                + "[ <wireframe> ] } }\n{ \"type\": 3, \"timestamp\": 1700000000100, \"data\": { \"source\": 2, "
                + "\"type\": 7, \"x\": 10, \"y\": 20 } }\n```\n",
            what: "session-replay event shapes with placeholders", closest: .rrweb),
        Case(
            name: "idb-style elements without frames in a Rust raw string",
            input: "    let json = r#\"[{\n        \"AXUniqueId\": \"main\",\n        \"AXLabel\": \"Main\",\n"
                + "        \"type\": \"View\",\n        \"children\": []\n    }]\"#;\n",
            what: "idb-style accessibility elements", closest: .idb),
        Case(
            name: "XCTest activity log whose steps touch nothing",
            input: "```\n    t =     0.40s Open com.example.shop\n    t =     0.45s     Launch com.example.shop\n"
                + "    t =     0.87s         Wait for accessibility to load\n",
            what: "an XCTest activity log whose steps touch nothing (`Open com.example.shop` …)", closest: .xctestLog),
    ]

    /// A shell variable counts only where a value goes (after a member's `:`, or in a list); a dollar inside a
    /// message, or a price, is text.
    @Test func aShellVariableIsOneOnlyWhereAValueGoes() {
        func found(_ text: String) -> String? { NearMiss.shellVariableAsValue(Array(text.utf8)[...]) }
        #expect(found(#"{"t": '$ts', "m": "x"}"#) == "$ts")
        #expect(found(#"[1, $COUNT]"#) == "$COUNT")
        #expect(found(#"{"id": "${RUN_ID}"}"#) == "${RUN_ID}")
        #expect(found(#"{"message": "cost: $total", "price": "$5"}"#) == nil)
        #expect(found("echo $HOME") == nil)
    }

    @Test(arguments: cases)
    func namesWhatItIsAndTheClosestFormat(_ test: Case) throws {
        let bytes = Array(test.input.utf8)
        #expect(ImportFormat.detect(bytes) == nil, "a near miss is no dump touchlog imports")
        let miss = try #require(NearMiss(bytes))
        #expect(miss.what.hasPrefix(test.what))
        #expect(miss.closest == test.closest)
        #expect(!miss.differs.isEmpty)
        #expect(!miss.message.contains("\n"))
        if let closest = test.closest { #expect(miss.message.contains("--from \(closest.rawValue)")) }
    }

    @Test(arguments: [
        "", "hello world\n", "# Steps\n1. open the app\n2. tap Pay\n", #"{"type":"touch","t":0}"#,
        "<UIWindow: 0x1; frame = (0 0; 1 1)>",
    ])
    func resemblesNothingElse(_ text: String) {
        #expect(NearMiss(Array(text.utf8)) == nil)
    }

    /// Why the frames are missing: the author's `[...]` cut them, or the objects are no views.
    @Test func framelessDescriptionsSayWhyTheyHaveNoFrame() throws {
        let shortened = "```\n<UIView: 0x7fcf1; [...]> // view\n   | <UILabel: 0x7fcf2; [...]> // label\n```\n"
        let cut = try #require(NearMiss(Array(shortened.utf8)))
        #expect(cut.differs.contains("shortened by hand"))
        let recognizers = "(lldb) po view.gestureRecognizers\n<UITapGestureRecognizer: 0x7fb1; state = Possible>\n"
        let other = try #require(NearMiss(Array(recognizers.utf8)))
        #expect(other.differs.contains("they describe other objects"))
    }
}
