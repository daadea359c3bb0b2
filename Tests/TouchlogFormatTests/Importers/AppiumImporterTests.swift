import Testing

@testable import TouchlogFormat

/// What the Appium importer decides beyond what its fixtures show: the warning for an empty page source, the
/// keyboard record, and how WebDriverAgent's `name` and `visible` map.
@Suite struct AppiumImporterTests {
    static func element(_ type: String, _ attributes: String, children: String = "") -> String {
        let open = "<XCUIElementType\(type) type=\"XCUIElementType\(type)\" \(attributes)"
        return children.isEmpty ? open + "/>" : open + ">" + children + "</XCUIElementType\(type)>"
    }

    static func convert(_ xml: String) throws -> (records: [Record], warnings: [ImportWarning]) {
        var warnings: [ImportWarning] = []
        let records = try ImportFormat.appium.convert(Array(xml.utf8), sourceName: "source.xml") {
            warnings.append($0)
        }
        return (records, warnings)
    }

    @Test func emptyPageSourceWarnsAtTheApplicationAndSaysNothingReplays() throws {
        let xml =
            "<?xml version=\"1.0\"?>\n<AppiumAUT>\n"
            + Self.element("Application", #"name="Shop" x="0" y="0" width="390" height="844""#) + "\n</AppiumAUT>"
        let (records, warnings) = try Self.convert(xml)
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 3)
        #expect(warnings.first?.message.contains("no window") == true)
        #expect(warnings.first?.hint?.contains("foreground") == true)
        #expect(warnings.first?.hint?.contains("nothing can be replayed") == true)
        #expect(records.first?["source"]?["hierarchy"] == false)
        #expect(records.count == 2)
        #expect(records.last?["windows"]?.arrayValue?.isEmpty == true)
    }

    /// An element without x, y, width or height has no frame to place it: kept at 0 for what is missing (the tree
    /// and its flags are still the source's), and said at its line, never stored as a frame without a word. When no
    /// element is measured at all (a fragment kept in a test, `x="1"` alone), nothing can be placed: refused saying
    /// so, not imported as elements at 0, 0.
    @Test func elementsWithoutAFrameAreSaidAtTheirLines() throws {
        let button = Self.element("Button", #"label="No Bounds" visible="true""#)
        let window = Self.element("Window", #"x="0" y="0" width="390" height="844""#, children: "\n" + button + "\n")
        let (records, warnings) = try Self.convert("<AppiumAUT>\n" + window + "\n</AppiumAUT>")
        #expect(warnings.map(\.line) == [3])
        #expect(warnings.first?.message.hasPrefix("1 element(s) without x, y, width or height") == true)
        #expect(ImportExpectation.outline(records).contains("UIButton 0 0 0 0 label=\"No Bounds\""))
        let alone =
            "<AppiumAUT>\n" + Self.element("Application", #"name="Shop""#, children: "\n" + button + "\n")
            + "\n</AppiumAUT>"
        #expect {
            try Self.convert(alone)
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 3 && error.reason.hasPrefix("no element has its x, y, width and height (1 element(s)")
        }
        // Appium 1.6 writes every attribute, empty for what it could not measure: its capture is kept, warned.
        let unmeasured = Self.element("Button", #"label="Pay" x="" y="" width="" height="""#)
        let early =
            "<AppiumAUT>\n" + Self.element("Application", #"name="Shop""#, children: "\n" + unmeasured + "\n")
            + "\n</AppiumAUT>"
        let (kept, keptWarnings) = try Self.convert(early)
        #expect(keptWarnings.map(\.line) == [3])
        #expect(ImportExpectation.outline(kept).contains("UIButton 0 0 0 0 label=\"Pay\""))
    }

    /// A window written without x, y, width and height around measured elements (a hand-written fixture) is no 0x0
    /// view, which would take every point out of reach: its elements are placed by their own screen frames, and the
    /// warning says so. A frameless element that holds nothing measured is still kept at 0, said at its line.
    @Test func aFramelessWindowAroundMeasuredElementsIsNoView() throws {
        let login = Self.element("Button", #"name="Login" x="150" y="300" width="100" height="44""#)
        let spacer = Self.element("Other", #"name="spacer""#)
        let window = Self.element("Window", #"visible="true""#, children: "\n" + login + "\n" + spacer + "\n")
        let app = Self.element("Application", #"name="Shop""#, children: "\n" + window + "\n")
        let (records, warnings) = try Self.convert("<AppiumAUT>\n" + app + "\n</AppiumAUT>")
        let outline = ImportExpectation.outline(records)
        #expect(outline.contains("  UIWindow#synthetic-window 0 0 250 344\n    UIButton 150 300 100 44 id=\"Login\""))
        #expect(warnings.map(\.line) == [3, 5])
        #expect(warnings.first?.message.hasPrefix("1 element(s) without x, y, width and height that hold") == true)
        #expect(warnings.last?.message.hasPrefix("1 element(s) without x, y, width or height, placed at 0") == true)
    }

    @Test func aPageSourceWithWindowsDoesNotWarn() throws {
        let window = Self.element("Window", #"x="0" y="0" width="390" height="844""#)
        let (records, warnings) = try Self.convert(Self.element("Application", #"name="Shop""#, children: window))
        #expect(warnings.isEmpty)
        #expect(records.first?["source"]?["hierarchy"] == nil)
        #expect(records.first?["app"]?["name"] == "Shop")
    }

    @Test func aVisibleKeyboardIsAKeyboardRecordWithItsScreenFrame() throws {
        let keyboard = Self.element("Keyboard", #"visible="true" x="0" y="516" width="393" height="336""#)
        let window = Self.element("Window", #"x="0" y="10" width="393" height="842""#, children: keyboard)
        let (records, _) = try Self.convert(Self.element("Application", "", children: window))
        let last = try #require(records.last)
        #expect(last["type"] == "keyboard")
        #expect(last["phase"] == "didShow")
        #expect(last["frame"] == [0, 516, 393, 336])
        // In the tree, the keyboard's frame is its window's coordinates.
        #expect(records[1]["windows"]?[0]?["subviews"]?[0]?["frame"] == [0, 506, 393, 336])
    }

    @Test func aNameOtherThanTheLabelIsTheIdentifier() throws {
        let buttons =
            Self.element("Button", #"name="pay" label="Pay" x="0" y="0" width="1" height="1""#)
            + Self.element("Button", #"name="Pay" label="Pay" x="0" y="0" width="1" height="1""#)
            + Self.element("Button", #"name="close" x="0" y="0" width="1" height="1""#)
        let (records, _) = try Self.convert(
            Self.element("Window", #"x="0" y="0" width="9" height="9""#, children: buttons))
        let views = try #require(records[1]["windows"]?[0]?["subviews"]?.arrayValue)
        #expect(views[0]["accessibilityIdentifier"] == "pay")
        #expect(views[0]["accessibilityLabel"] == "Pay")
        #expect(views[1]["accessibilityIdentifier"] == nil)
        #expect(views[1]["accessibilityLabel"] == "Pay")
        #expect(views[1]["imported"]?["name"] == "Pay")
        #expect(views[2]["accessibilityIdentifier"] == "close")
    }

    @Test func invisibleIsNotHiddenExceptForWindows() throws {
        let cell = Self.element("Cell", #"visible="false" x="0" y="900" width="390" height="60""#)
        let window = Self.element("Window", #"visible="true" x="0" y="0" width="390" height="844""#, children: cell)
        let offscreen = Self.element("Window", #"visible="false" x="0" y="844" width="390" height="336""#)
        let (records, _) = try Self.convert(Self.element("Application", "", children: window + offscreen))
        let windows = try #require(records[1]["windows"]?.arrayValue)
        #expect(windows[0]["isHidden"] == nil)
        #expect(windows[0]["subviews"]?[0]?["isHidden"] == nil)
        #expect(windows[0]["subviews"]?[0]?["imported"]?["visible"] == false)
        #expect(windows[1]["isHidden"] == true)
    }

    /// Linux Foundation's XMLParser traps on some bytes that are not UTF-8 in an attribute (the fuzzer found it):
    /// they fail before parsing, at their place.
    @Test(arguments: [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x86]] as [[UInt8]])
    func bytesThatAreNotUTF8FailAtTheirPlace(_ bad: [UInt8]) {
        let bytes = Array("<AppiumAUT>\n  <XCUIElementTypeOther label=\"".utf8) + bad + Array("\"/></AppiumAUT>".utf8)
        #expect(
            throws: ImportError(
                format: .appium, line: 2, column: 32,
                reason: "byte 0x\(String(bad[0], radix: 16, uppercase: true)) is not UTF-8",
                hint: "WebDriverAgent writes page sources in UTF-8; save the file as UTF-8 without changing it")
        ) {
            try ImportFormat.appium.convert(bytes, sourceName: "source.xml")
        }
        #expect(AppiumImporter.firstInvalidUTF8(Array("→ ok é 😀".utf8)) == nil)
    }

    @Test func aDeclarationAfterBlankLinesIsStillAtTheStart() throws {
        let (records, _) = try Self.convert(
            "\n  \n<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + Self.element("Window", #"x="0" y="0" width="9" height="9""#))
        #expect(records[1]["windows"]?[0]?["class"] == "UIWindow")
    }

    @Test func attributeOrderDoesNotChangeTheRecords() throws {
        let a = try Self.convert(
            #"<XCUIElementTypeWindow type="XCUIElementTypeWindow" x="0" y="0" width="9" height="9" index="0" accessible="false" traits="Window"/>"#
        )
        let b = try Self.convert(
            #"<XCUIElementTypeWindow traits="Window" accessible="false" index="0" height="9" width="9" y="0" x="0" type="XCUIElementTypeWindow"/>"#
        )
        #expect(a.records.dropFirst().map { $0.serialized() } == b.records.dropFirst().map { $0.serialized() })
    }
}

extension JSONValue {
    /// The element at `position` of an array, for reading nested records in these tests.
    fileprivate subscript(position: Int) -> JSONValue? {
        guard let array = arrayValue, array.indices.contains(position) else { return nil }
        return array[position]
    }
}
