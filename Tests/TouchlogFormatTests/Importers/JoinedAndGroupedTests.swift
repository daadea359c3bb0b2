import Testing

@testable import TouchlogFormat

/// Pastes that lost their shape on the way (line breaks, quotes, a header) and zero-size groups: the fixtures'
/// outlines say what is read, these tests say what the warnings point at and what a refusal says.
@Suite struct JoinedAndGroupedTests {
    @Test func aDumpOnOneLineSaysItsLineBreaksWereLost() throws {
        let (_, warnings) = try WrapperRepairTests.warnings(
            WrapperRepairTests.fixture(.recursiveDescription, "joined-lines.txt"))
        #expect(warnings.map(\.line) == [2])
        #expect(warnings.first?.message.contains("line 2 read as 5 views") == true)
    }

    @Test func aViewTextHoldingABarAndALayerSplitsNothing() {
        let line = Array("<UILabel: 0x1; frame = (0 0; 9 9); text = 'a | <b'; layer = <CALayer: 0x2>>".utf8)
        #expect(RecursiveDescriptionImporter.joinedViews(line) == nil)
    }

    @Test func typographicQuotesWarnOncePerTag() throws {
        let (_, warnings) = try WrapperRepairTests.warnings(
            WrapperRepairTests.fixture(.appium, "typographic-quotes.txt"))
        let quotes = warnings.filter { $0.message.contains("typographic quotes") }
        #expect(quotes.map(\.line) == [2, 2, 4])
    }

    @Test func aHeaderlessPathChainAndItsZeroSizeGroupAreSaid() throws {
        let (_, warnings) = try WrapperRepairTests.warnings(
            WrapperRepairTests.fixture(.xcuitest, "appium-log-path-chain.txt"))
        #expect(warnings.map(\.line) == [4, 4])
        #expect(warnings.first?.message.contains("`Path to element:` chain without its header") == true)
        #expect(warnings.last?.message.contains("1 zero-size element(s)") == true)
    }

    @Test func maestrosOwnZeroSizeRootIsNoViewWithoutAWordAndAZeroSizeGroupIsSaid() throws {
        let (_, warnings) = try WrapperRepairTests.warnings(
            WrapperRepairTests.fixture(.maestro, "zero-size-root.json"))
        // The status bar's group (its node opens at line 38), not the root at line 1.
        #expect(warnings.map(\.line) == [38])
    }

    @Test func anIDBElementCutBeforeItsTypeIsRefusedAsCutOff() {
        let text = """
            ```
            idb ui describe-point 160 170
            {
              "AXFrame" : "{{4, 152}, {195, 260}}",
              "role_description" : "group",
              "children" : [
                {
            """
        #expect {
            try ImportFormat.idb.convert(Array(text.utf8), sourceName: "cut.txt")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 3 && error.reason.contains("cut off inside its first element")
        }
        // Detected by content as idb's, not as members without braces.
        #expect(ImportFormat.detect(Array(text.utf8)) == .idb)
    }

    /// A line of text inside a tree ends it; element lines after it are not read, and the import says which.
    @Test func elementLinesAfterTextThatEndedTheTreeAreNamed() throws {
        let text = """
            Element subtree:
             →Application, 0x1, pid: 4, label: 'Maps'
                Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                  Button, 0x3, {{20.0, 700.0}, {350.0, 50.0}}, label: 'Go'
            [debug] overlay shown
                  Other, 0x4, {{0.0, 600.0}, {390.0, 244.0}}, identifier: 'sheet'
                    Button, 0x5, {{20.0, 620.0}, {350.0, 44.0}}, label: 'Close'
            Test Case passed.
            """
        var warnings: [ImportWarning] = []
        let records = try ImportFormat.xcuitest.convert(Array(text.utf8), sourceName: "log.txt") {
            warnings.append($0)
        }
        #expect(ImportFormat.viewCount(records) == 2)
        #expect(warnings.map(\.line) == [6])
        #expect(warnings.first?.message.hasPrefix("2 element line(s) after the text at line 5") == true)
    }

    /// A tree kept as comments in a page object, after its code line: read without the leaders, the author's other
    /// comments among the elements read as blank lines, so the elements stay one tree.
    @Test func aTreeInCommentsAfterCodeIsReadAsOneTree() throws {
        let text = """
            struct CollectionPage: TestPage {
                // UI Elements
                //NavigationBar, 0x1, {{0.0, 44.0}, {414.0, 44.0}}, identifier: 'Sol 1'
                //Button, 0x2, {{12.0, 44.0}, {22.0, 44.0}}, label: '<'
                // CollectionView // Cell
                //Image, 0x3, {{10.0, 88.0}, {192.0, 192.0}}, identifier: 'photo'
            }
            """
        #expect(ImportFormat.detect(Array(text.utf8)) == .xcuitest)
        let records = try ImportFormat.xcuitest.convert(Array(text.utf8), sourceName: "Page.swift")
        #expect(records.count { if case .snapshot = $0 { true } else { false } } == 1)
        #expect(ImportFormat.viewCount(records) == 4)  // three elements and their synthetic window
    }

    /// A menu bar's items print without a frame: refused saying so, not dropped as chatter.
    @Test func aFramelessMenuBarItemIsNamed() {
        let text = """
            Element subtree:
             →Application, pid: 1, title: 'Clean', Disabled
                MenuBar, {{0.0, 0.0}, {1470.0, 33.0}}
                  MenuBarItem, title: 'Apple'
            """
        #expect {
            try ImportFormat.xcuitest.convert(Array(text.utf8), sourceName: "mac.txt")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 4 && error.reason.contains("prints a menu bar's items without one")
        }
    }

    /// A Mac app's tree (a window's `title:`, a menu bar) is read as it is, and the import says what it is: touchlog
    /// models iOS touches, so nobody takes a replay of it for the Mac's. An iOS tree says nothing of the kind.
    @Test func aMacAppsTreeIsReadWithAWarningNamingIt() throws {
        let mac = """
            Window (Main), 0x8660a3e80, {{388.0, 274.0}, {1280.0, 820.0}}, identifier: 'main', title: 'Cockpit'
              Other, 0x8660a12c0, {{396.0, 372.0}, {260.0, 714.0}}, identifier: 'sidebar'
            """
        var warnings: [ImportWarning] = []
        let records = try ImportFormat.xcuitest.convert(Array(mac.utf8), sourceName: "mac.txt") { warnings.append($0) }
        #expect(ImportFormat.viewCount(records) == 2)
        #expect(warnings.map(\.line) == [1])
        #expect(warnings.first?.message.contains("Mac app's tree (Window with `title: 'Cockpit'`)") == true)
        let iOS = """
            Window (Main), 0x1, {{0.0, 0.0}, {390.0, 844.0}}
              Button, 0x2, {{20.0, 100.0}, {100.0, 44.0}}, identifier: 'pay', label: 'Pay'
            """
        var iOSWarnings: [ImportWarning] = []
        _ = try ImportFormat.xcuitest.convert(Array(iOS.utf8), sourceName: "ios.txt") { iOSWarnings.append($0) }
        #expect(iOSWarnings.isEmpty)
    }

    /// A failed step's message names the element it acted on, with its frame: one element and no tree, refused saying
    /// so, not "no element with a frame".
    @Test func anElementNamedInAFailureMessageIsNoTree() {
        let failure = """
            message: 'Neither element nor any descendant has keyboard focus. Element: Application 0x600: \
            {{0.0, 0.0}, {390.0, 844.0}}, label: \\'Shop\\''
            """
        #expect {
            try ImportFormat.xcuitest.convert(Array(failure.utf8), sourceName: "failure.ts")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 1 && error.reason.contains("the only element is quoted inside text (line 1)")
        }
    }

    /// Trees without an `Element subtree:` header, text between them, are pastes of their own: a session each. Under
    /// headers they are one test's log over time: one session, a snapshot each.
    @Test func headerlessTreesApartAreSessionsOfTheirOwn() throws {
        let first = "Window (Main), 0x1, {{0.0, 0.0}, {390.0, 844.0}}\n  Button, 0x2, {{10.0, 10.0}, {90.0, 44.0}}"
        let second = "Window (Main), 0x3, {{0.0, 0.0}, {820.0, 1180.0}}\n  Switch, 0x4, {{20.0, 90.0}, {51.0, 31.0}}"
        let readme = first + "\nOn the iPad the same screen prints:\n" + second
        let apart = try ImportFormat.xcuitest.convert(Array(readme.utf8), sourceName: "README.md")
        let headers = apart.compactMap { if case .session(let header) = $0 { header } else { nil } }
        #expect(headers.count == 2)
        #expect(headers.map { $0.session.hasSuffix("-2") } == [false, true])
        #expect(headers.last?.json["source"]?["dumps"] == 2)
        let log = "Element subtree:\n" + first + "\nt = 3.1s Tap Button\nElement subtree:\n" + second
        let overTime = try ImportFormat.xcuitest.convert(Array(log.utf8), sourceName: "test.log")
        #expect(overTime.count { if case .session = $0 { true } else { false } } == 1)
        #expect(overTime.count { if case .snapshot = $0 { true } else { false } } == 2)
    }
}
