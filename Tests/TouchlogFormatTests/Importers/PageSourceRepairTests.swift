import Testing

@testable import TouchlogFormat

/// Page sources that are not well-formed XML: what the repair keeps, what it changes, and the warning (with its
/// line) for each repair; and what it still refuses, because it has more than one reading.
@Suite struct PageSourceRepairTests {
    static func imported(_ xml: String) throws -> (outline: String, warnings: [ImportWarning], header: Record?) {
        var warnings: [ImportWarning] = []
        let records = try ImportFormat.appium.convert(Array(xml.utf8), sourceName: "") { warnings.append($0) }
        return (ImportExpectation.outline(records), warnings, records.first)
    }

    static func lines(_ warnings: [ImportWarning]) -> [Int] { warnings.map(\.line) }

    @Test func aFileCutInsideATagKeepsWhatCameBeforeAndMarksTheOpenElementsTruncated() throws {
        let xml =
            "<?xml version=\"1.0\"?>\n<AppiumAUT>\n<XCUIElementTypeWindow x=\"0\" y=\"0\" width=\"9\" height=\"9\">\n"
            + "  <XCUIElementTypeButton x=\"1\" y=\"1\" width=\"2\" height=\"2\"/>\n  <XCUIElementTypeButton x=\"4"
        let (outline, warnings, header) = try Self.imported(xml)
        #expect(
            outline == """
                session from appium
                snapshot t=0
                  UIWindow 0 0 9 9 truncated
                    UIButton 1 1 2 2

                """)
        #expect(Self.lines(warnings) == [5, 5])
        #expect(warnings[0].message.contains("`<XCUIElementTypeButton` is cut off"))
        #expect(warnings[1].message.contains("ends inside 2 open elements (opened at lines 2, 3)"))
        #expect(header?["source"]?["cutShort"] == true)
        #expect(header?["source"]?["repaired"] == true)
    }

    @Test func aClosingTagOfAnElementFurtherOutClosesTheOnesInside() throws {
        let xml =
            "<XCUIElementTypeCell x=\"0\" y=\"0\" width=\"9\" height=\"9\">\n  <XCUIElementTypeButton x=\"1\" y=\"1\" "
            + "width=\"2\" height=\"2\">\n</XCUIElementTypeCell>"
        let (outline, warnings, _) = try Self.imported(xml)
        #expect(
            outline == """
                session from appium
                snapshot t=0
                  UIWindow#synthetic-window 0 0 9 9
                    UITableViewCell 0 0 9 9
                      UIButton 1 1 2 2

                """)
        #expect(Self.lines(warnings) == [3])
        #expect(warnings[0].message.contains("closes an element left open (opened at line 2)"))
    }

    @Test func strayClosingTagsAreDroppedWhereverTheyAre() throws {
        let xml =
            "\n\n</XCUIElementTypeOther>\n<XCUIElementTypeWindow x=\"0\" y=\"0\" width=\"9\" height=\"9\">"
            + "</XCUIElementTypeButton></XCUIElementTypeWindow>\n</AppiumAUT>"
        let (outline, warnings, header) = try Self.imported(xml)
        #expect(outline == "session from appium\nsnapshot t=0\n  UIWindow 0 0 9 9\n")
        #expect(Self.lines(warnings) == [3, 4, 5])
        #expect(warnings.allSatisfy { $0.message.contains("closes no open element") })
        #expect(header?["source"]?["cutShort"] == nil)
    }

    @Test func rootsSideBySideAreOneSnapshotAndSourcesOneAfterAnotherASnapshotEach() throws {
        let window = #"<XCUIElementTypeWindow x="0" y="0" width="9" height="9"/>"#
        let keyboard = #"<XCUIElementTypeWindow x="0" y="5" width="9" height="4"/>"#
        let side = try Self.imported(window + "\n" + keyboard)
        #expect(side.outline == "session from appium\nsnapshot t=0\n  UIWindow 0 0 9 9\n  UIWindow 0 5 9 4\n")
        #expect(Self.lines(side.warnings) == [2])
        let sources = try Self.imported(
            "<AppiumAUT>\(window)</AppiumAUT>\n<?xml version=\"1.0\"?>\n<AppiumAUT>\(keyboard)</AppiumAUT>")
        #expect(
            sources.outline
                == "session from appium\nsnapshot t=0\n  UIWindow 0 0 9 9\nsnapshot t=1\n  UIWindow 0 5 9 4\n")
        #expect(Self.lines(sources.warnings) == [2, 3])
    }

    @Test func aBareAmpersandIsReadAsText() throws {
        let (outline, warnings, _) = try Self.imported(
            "<XCUIElementTypeWindow x=\"0\" y=\"0\" width=\"9\" height=\"9\">\n"
                + "<XCUIElementTypeButton label=\"Salt & Pepper &amp; more\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"/>"
                + "</XCUIElementTypeWindow>")
        #expect(outline.contains("UIButton 0 0 1 1 label=\"Salt & Pepper & more\""))
        #expect(Self.lines(warnings) == [2])
    }

    @Test func escapedQuotesFromALogAreUndoneAndLinesStayTheFiles() throws {
        let xml =
            "<AppiumAUT>\n  <XCUIElementTypeWindow type=\\\"XCUIElementTypeWindow\\\" x=\\\"0\\\" y=\\\"0\\\" "
            + "width=\\\"9\\\" height=\\\"9\\\">\n    <XCUIElementTypeButton x=\\\"1\\\" y=\\\"1\\\" width=\\\"2\\\" "
            + "height=\\\"2\\\">\n  </XCUIElementTypeWindow>\n</AppiumAUT>"
        #expect(ImportFormat.detect(Array(xml.utf8)) == .appium)
        let (outline, warnings, _) = try Self.imported(xml)
        #expect(outline == "session from appium\nsnapshot t=0\n  UIWindow 0 0 9 9\n    UIButton 1 1 2 2\n")
        #expect(Self.lines(warnings) == [2, 4])
    }

    @Test func aWebDriverResponseIsReadFromItsValue() throws {
        let json =
            #"{"value":"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT><XCUIElementTypeWindow "#
            + #"x=\"0\" y=\"0\" width=\"9\" height=\"9\"/></AppiumAUT>","sessionId":"5b1e07c2"}"#
        #expect(ImportFormat.detect(Array(json.utf8)) == .appium)
        let (outline, warnings, _) = try Self.imported(json)
        #expect(outline == "session from appium\nsnapshot t=0\n  UIWindow 0 0 9 9\n")
        #expect(Self.lines(warnings) == [1])
    }

    /// A quote right before the source that opens a literal of code (`xml = """<?xml …`), not a JSON string: the
    /// XML's own quotes are not escaped, so it is read as it is, the code around it left out.
    @Test func aSourceInAStringLiteralOfCodeIsNotTakenForAQuotedOne() throws {
        for opener in [#"xml = """"#, #"xml = ""#] {
            let code =
                "    " + opener + #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<AppiumAUT><XCUIElementTypeWindow "
                + #"x="0" y="0" width="9" height="9"/></AppiumAUT>"# + "\n\"\"\"\n"
            let (outline, warnings, _) = try Self.imported(code)
            #expect(outline == "session from appium\nsnapshot t=0\n  UIWindow 0 0 9 9\n")
            #expect(!warnings.contains { $0.message.contains("quoted string") })
            #expect(warnings.first?.message.contains("text outside the page source's elements") == true)
        }
    }

    /// A comment's prose and its fence around the source are one warning naming every line left out, not one each.
    @Test func textAroundTheSourceIsOneWarningNamingItsLines() throws {
        let comment = [
            "The collapsed menu's cell is still returned:", "```",
            #"<XCUIElementTypeCell visible="false" x="-93.75" y="119.75" width="464.25" height="66">"#,
            "</XCUIElementTypeCell>", "```", "and then it cannot be found.",
        ].joined(separator: "\n")
        let (_, warnings, _) = try Self.imported(comment)
        let outside = warnings.filter { $0.message.hasPrefix("text outside the page source's elements") }
        #expect(outside.count == 1)
        #expect(outside.first?.line == 1)
        #expect(outside.first?.message.hasSuffix("4 line(s) left out (line 1, 2, 5, 6)") == true)
    }

    /// An Android dump beside the iOS source (one test file holding both): the iOS root is read, and the Android
    /// one is said to be left out at its line.
    @Test func aRootWithNoElementTypeIsSaidToBeLeftOut() throws {
        let xml =
            "<hierarchy rotation=\"0\">\n  <node class=\"android.widget.Button\" bounds=\"[0,0][9,9]\"/>\n</hierarchy>\n"
            + "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\">\n<XCUIElementTypeWindow x=\"0\" y=\"0\" "
            + "width=\"9\" height=\"9\"/>\n</XCUIElementTypeApplication>"
        let (outline, warnings, _) = try Self.imported(xml)
        #expect(outline == "session from appium\nsnapshot t=0\n  UIWindow 0 0 9 9\n")
        let leftOut = warnings.filter { $0.message.contains("holds no XCUIElementType element") }
        #expect(leftOut.map(\.line) == [1])
        #expect(leftOut.first?.message.contains("`<hierarchy>`") == true)
        #expect(leftOut.first?.message.contains("Android UI Automator") == true)
    }

    @Test func aBrokenTagIsStillRefusedAtItsLine() {
        let xml =
            "<AppiumAUT>\n<XCUIElementTypeOther x=\"0 y=\"1\" width=\"1\" height=\"1\"/>\n"
            + "<XCUIElementTypeOther x=\"2\"/>\n</AppiumAUT>"
        #expect {
            try ImportFormat.appium.convert(Array(xml.utf8), sourceName: "")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 2 && error.reason.contains("not well-formed XML")
        }
    }

    @Test func manyRepairsAreListedUpToALimitThenCounted() throws {
        let strays = String(repeating: "</XCUIElementTypeOther>\n", count: 60)
        let (outline, warnings, _) = try Self.imported(
            strays + "<XCUIElementTypeWindow x=\"0\" y=\"0\" width=\"9\" height=\"9\"/>")
        #expect(outline == "session from appium\nsnapshot t=0\n  UIWindow 0 0 9 9\n")
        #expect(warnings.count == PageSourceRepair.warningLimit + 1)
        #expect(warnings.last?.line == PageSourceRepair.warningLimit + 1)
        #expect(warnings.last?.message == "10 more repairs from here on, not listed")
    }

    @Test func aBrowsersCollapseMarkersAreNotText() throws {
        let xml =
            "- <AppiumAUT>\n  ▼ <XCUIElementTypeWindow x=\"0\" y=\"0\" width=\"9\" height=\"9\">\n"
            + "    ▶ <XCUIElementTypeCell x=\"0\" y=\"1\" width=\"9\" height=\"2\">\n  </XCUIElementTypeWindow>\n"
            + "</AppiumAUT>"
        #expect(ImportFormat.detect(Array(xml.utf8)) == .appium)
        let (outline, warnings, _) = try Self.imported(xml)
        #expect(
            outline == "session from appium\nsnapshot t=0\n  UIWindow 0 0 9 9\n    UITableViewCell 0 1 9 2 truncated\n")
        #expect(Self.lines(warnings) == [3])
    }
}
