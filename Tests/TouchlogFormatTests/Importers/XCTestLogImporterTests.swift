import Foundation
import Testing

@testable import TouchlogFormat

/// XCTest's activity log of a UI test run: its activities placed in the hierarchy given beside it, with a warning at
/// the line of every activity that cannot be placed, and a refusal without a hierarchy. The hand-written outlines of
/// the pairs under Joined/xctest-log-* are checked by `RRWebImporterTests` (every joined pair, whatever its stream).
@Suite struct XCTestLogImporterTests {
    static let joined = ImporterFixtures.directory.appendingPathComponent("Joined")

    func bytes(_ folder: String, _ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: Self.joined.appendingPathComponent("\(folder)/\(name)")))
    }

    func hierarchy(_ folder: String) throws -> [Record] {
        let dump = try bytes(folder, "hierarchy.txt")
        return try #require(ImportFormat.detect(dump)).convert(dump, sourceName: "hierarchy.txt")
    }

    func imported(_ log: String, joining folder: String = "xctest-log-sign-in") throws -> (
        records: [Record], warnings: [ImportWarning]
    ) {
        var warnings: [ImportWarning] = []
        let records = try XCTestLogImporter.convert(
            Array(log.utf8), sourceName: "", joining: try hierarchy(folder)
        ) { warnings.append($0) }
        return (records, warnings)
    }

    /// A tree printed in a test with the test's steps around it: imported as a tree, the steps are not read and a
    /// warning names their lines and how to import them; joined to the same text, the tap is placed in the tree.
    @Test func stepsBesideAnXCUITestTreeAreNamedAndImportAsALogJoinedToIt() throws {
        let text = [
            "Element subtree:",
            " →Application, 0x600001, pid: 8736, label: 'Study'",
            "    Window (Main), 0x600002, {{0.0, 0.0}, {414.0, 896.0}}",
            "      TextField, 0x600003, {{20.0, 400.0}, {374.0, 96.5}}, identifier: 'city'",
            "    t =   294.44s Tap \"city\" TextField",
            "    t =   294.86s     Synthesize event",
        ].joined(separator: "\n")
        var warnings: [ImportWarning] = []
        let tree = try ImportFormat.xcuitest.convert(Array(text.utf8), sourceName: "t") { warnings.append($0) }
        #expect(
            warnings.map(\.message) == [
                "1 test step(s) that touch or type beside the tree are not imported with it (line 5)"
            ])
        let log = try XCTestLogImporter.convert(Array(text.utf8), sourceName: "", joining: tree) { _ in }
        #expect(touches(log).count == 2)  // the tap's down and up, at the field's centre
    }

    func keys(_ records: [Record]) -> [KeyRecord] {
        records.compactMap { record in
            if case .key(let key) = record { key } else { nil }
        }
    }

    func touches(_ records: [Record]) -> [String] {
        records.compactMap { record in
            guard case .touch(let touch) = record else { return nil }
            return "\(touch.t) \(touch.phase) \(touch.x) \(touch.y)"
        }
    }

    @Test func everyJoinedOnlyFormatHasJoinedPairs() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.joined.path)
        for format in ImporterFixtures.joinedOnly {
            #expect(names.filter { $0.hasPrefix(format.rawValue + "-") }.count >= 2, "\(format.rawValue)")
        }
    }

    @Test func theLogsAreDetectedByContentAndTheirHierarchiesAsTheirOwnFormats() throws {
        #expect(ImportFormat.detect(try bytes("xctest-log-sign-in", "touches.log")) == .xctestLog)
        #expect(ImportFormat.detect(try bytes("xctest-log-paths-recursive-description", "touches.log")) == .xctestLog)
        // The tree printed between activities in a test log makes that log an XCUITest tree, as before.
        #expect(ImportFormat.detect(try bytes("xctest-log-sign-in", "hierarchy.txt")) == .xcuitest)
        #expect(ImportFormat.detect(Array("Tap \"Sign In\" Button\n".utf8)) == .xctestLog)
        // Prose that mentions a tap is not a log.
        #expect(ImportFormat.detect(Array("Tap the Sign In button, then type your email.\n".utf8)) == nil)
        #expect(ImportFormat(name: "xctest-log") == .xctestLog)
        #expect(ImportFormat(name: "activity-log") == .xctestLog)
    }

    @Test func withoutAHierarchyTheLogIsRefusedInOneLineSayingWhatToPass() throws {
        let log = try bytes("xctest-log-sign-in", "touches.log")
        #expect(throws: ImportError.self) { try ImportFormat.xctestLog.convert(log, sourceName: "") }
        do {
            _ = try ImportFormat.xctestLog.convert(log, sourceName: "")
        } catch {
            // The first activity's line: `t =     2.91s Tap "email" TextField`.
            #expect(error.line == 9)
            #expect(error.reason.contains("needs the hierarchy"))
            // The log's own first activity, not an example.
            #expect(error.reason.contains("(`Tap \"email\" TextField`)"))
            #expect(error.hint?.contains("--hierarchy") == true)
            #expect(error.hint?.contains("app.debugDescription") == true)
            #expect(error.hint?.contains("recursiveDescription") == true)
            #expect(!error.message(file: "f").contains("\n"))
        }
    }

    /// A log cut below its activity's title: detected by content though it opens with `[`, and refused at its
    /// `Synthesize event` saying the title is missing, never given a made-up touch.
    @Test func stepsCutFromTheirActivityAreRefusedSayingTheTitleIsMissing() throws {
        let log = Array(
            """
            [runner log]
                t =    18.51s     Wait for com.example.maps to idle
                t =    18.51s     Find the Window at {{0.0, 0.0}, {402.0, 874.0}}
                t =    18.76s     Synthesize event
                t =    19.42s     Wait for com.example.maps to idle
            """.utf8)
        #expect(ImportFormat.detect(log) == .xctestLog)
        #expect {
            try ImportFormat.xctestLog.convert(log, sourceName: "")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 4 && error.reason.contains("has no activity above it")
        }
    }

    /// A log whose steps touch nothing (it opens the app, finds an element) is refused saying so at its first step,
    /// not as a log with no activities.
    @Test func aLogOfStepsThatTouchNothingSaysSo() {
        let log = Array(
            "    t =     0.40s Open com.example.notes\n    t =     2.10s Find the \"Sign in\" Button\n".utf8)
        #expect {
            try ImportFormat.xctestLog.convert(log, sourceName: "")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 1 && error.reason.contains("(`Open com.example.notes` …) touch nothing")
        }
    }

    @Test func activitiesThatCannotBePlacedAreWarningsAtTheirLines() throws {
        var warnings: [ImportWarning] = []
        let log = try bytes("xctest-log-sign-in", "touches.log")
        _ = try XCTestLogImporter.convert(log, sourceName: "", joining: try hierarchy("xctest-log-sign-in")) {
            warnings.append($0)
        }
        // The failed tap on the link (no `Synthesize event`) and the swipe.
        #expect(warnings.map(\.line) == [27, 35])
        #expect(warnings[0].message.contains("no `Synthesize event` step"))
        #expect(warnings[1].message.contains("swipe"))

        var others: [ImportWarning] = []
        let paths = try bytes("xctest-log-paths-recursive-description", "touches.log")
        _ = try XCTestLogImporter.convert(
            paths, sourceName: "", joining: try hierarchy("xctest-log-paths-recursive-description")
        ) { others.append($0) }
        // Two buttons titled Cancel (which one is not said) and a Done button the hierarchy lacks.
        #expect(others.map(\.line) == [8, 15])
        #expect(others[0].message.contains("2 elements"))
        #expect(others[1].message.contains("no \"Done\" Button"))
    }

    @Test func anElementIsFoundByIdentifierOrLabelAndTappedAtItsCentre() throws {
        let byLabel = try imported("    t =     1.00s Tap \"Sign In\" Button\n    t =     1.10s     Synthesize event\n")
        let byIdentifier = try imported(
            "    t =     1.00s Tap \"signIn\" Button\n    t =     1.10s     Synthesize event\n")
        #expect(touches(byLabel.records) == ["1.1 began 195.0 375.0", "1.1 ended 195.0 375.0"])
        #expect(touches(byIdentifier.records) == touches(byLabel.records))
        // The same label with another type is another element, which the hierarchy does not have.
        let wrongType = try imported(
            "    t =     1.00s Tap \"Sign In\" StaticText\n    t =     1.10s     Synthesize event\n")
        #expect(touches(wrongType.records).isEmpty)
        #expect(wrongType.warnings.map(\.line) == [1])
    }

    /// XCTest's computed hit point is where the event went: `{-1, -1}` (an element it could not make hittable) is
    /// off screen, a tap that touched nothing, said in a warning; a hit point on screen is taken as printed.
    @Test func theComputedHitPointIsWhereTheTapWent() throws {
        let offScreen = try imported(
            "    t =     1.00s Tap \"Sign In\" Button\n    t =     1.04s     Synthesize event\n"
                + "    t =     1.05s         Find the \"Sign In\" Button\n"
                + "    t =     1.07s         Computed hit point {-1, -1} after scrolling to visible\n")
        #expect(touches(offScreen.records) == ["1.04 began -1.0 -1.0", "1.04 ended -1.0 -1.0"])
        #expect(offScreen.warnings.map(\.line) == [1])
        #expect(offScreen.warnings.first?.message.contains("outside every window") == true)
        let onScreen = try imported(
            "    t =     1.00s Tap \"Sign In\" Button\n    t =     1.04s     Synthesize event\n"
                + "    t =     1.07s         Computed hit point {60.5, 380} after scrolling to visible\n")
        #expect(touches(onScreen.records) == ["1.04 began 60.5 380.0", "1.04 ended 60.5 380.0"])
        #expect(onScreen.warnings.isEmpty)
    }

    @Test func aQueryIndexPicksAmongSeveralAndCoordinatesAreTakenAsGiven() throws {
        let log = """
                t =     1.00s Tap "Cancel" Button (Element at index 1)
                t =     1.10s     Synthesize event
                t =     2.00s Tap Target Application 'com.example.cart' at {100.0, 200.0}
                t =     2.10s     Synthesize event

            """
        let result = try imported(log, joining: "xctest-log-paths-recursive-description")
        // The second Cancel button is at (287 20; 80 44): centre 327 42.
        #expect(
            touches(result.records) == [
                "1.1 began 327.0 42.0", "1.1 ended 327.0 42.0", "2.1 began 100.0 200.0", "2.1 ended 100.0 200.0",
            ])
        #expect(result.warnings.isEmpty)
    }

    /// Xcode 7 to 9 spell each query out in `Find:` steps, which say which element a title like `Tap Button` leaves
    /// open; a step touchlog does not evaluate (a value predicate) leaves the title to say it, here too vaguely: a
    /// warning, never a guess. A Cell is a table's or a collection view's cell in a recursiveDescription.
    @Test func findStepsSayWhichElementATitleLeavesOpen() throws {
        let log = try bytes("xctest-log-find-steps", "touches.log")
        var warnings: [ImportWarning] = []
        let records = try XCTestLogImporter.convert(
            log, sourceName: "", joining: try hierarchy("xctest-log-find-steps")
        ) { warnings.append($0) }
        #expect(touches(records).count == 6)
        #expect(warnings.map(\.line) == [30])
        #expect(warnings.first?.message.contains("4 elements in the hierarchy are Button") == true)
        // Children are one level down: the table's cells, then the first cell's second button (Delete).
        let children = """
                t =     1.00s     Tap Button
                t =     1.05s             Find: Descendants matching type Table
                t =     1.05s             Find: Children matching type Cell
                t =     1.05s             Find: Element at index 0
                t =     1.06s             Find: Children matching type Button
                t =     1.06s             Find: Element at index 1
                t =     1.10s         Synthesize event

            """
        let deleteTap = try imported(children, joining: "xctest-log-find-steps")
        #expect(touches(deleteTap.records) == ["1.1 began 337.5 86.0", "1.1 ended 337.5 86.0"])
        let steps = [
            "Find: Descendants matching type Cell", "Find: Element at index 2", "Find: Children matching type Gizmo",
        ]
        #expect(steps.map(XCTestLogImporter.QueryStep.init) == [.descendants(type: "Cell"), .index(2), .other])
        #expect(XCTestLogImporter.target("Cell") == .element(label: nil, type: "Cell", index: nil))
    }

    /// A coordinate tap names the element and where in it (`Tap Button (First Match)[0.50, 0.50]`, fractions of its
    /// size): the point is taken in the element its `Check for interrupting elements` step names when the title
    /// names none, else in the title's own; notes typed after a title (`   <- …`, `   # …`) are no part of it.
    @Test func coordinateTapsAreTakenInTheElementXCUITestResolved() throws {
        let log = """
                t =     1.00s Tap Button (First Match)[0.50, 0.50]
                t =     1.05s     Check for interrupting elements affecting "Add" Button      <- it resolved to Add
                t =     1.10s     Synthesize event
                t =     2.00s Tap "Delete" Button[0.00, 1.00]    # the bottom left corner
                t =     2.10s     Synthesize event
                t =     3.00s Tap Button (First Match)[0.50, 0.50]
                t =     3.10s     Synthesize event

            """
        let result = try imported(log, joining: "xctest-log-find-steps")
        // Add is at (323 27; 44 30), Delete at (300 64; 75 44), and the first button in the tree at (8 74; 24 24).
        #expect(
            touches(result.records) == [
                "1.1 began 345.0 42.0", "1.1 ended 345.0 42.0", "2.1 began 300.0 108.0", "2.1 ended 300.0 108.0",
                "3.1 began 20.0 86.0", "3.1 ended 20.0 86.0",
            ])
        #expect(result.warnings.isEmpty)
        #expect(
            XCTestLogImporter.target("Button (First Match)[0.50, 0.25]")
                == .element(
                    label: nil, type: "Button", index: 0, offset: XCTestLogImporter.NormalizedOffset(dx: 0.5, dy: 0.25))
        )
        #expect(XCTestLogImporter.target("Button[0.5]") == .unknown("Button[0.5]"))
        // A run of spaces inside a label's quotes is the label's.
        #expect(
            XCTestLogImporter.withoutAnnotation("Tap \"a   <- b\" Button   <- note") == "Tap \"a   <- b\" Button")
        #expect(
            XCTestLogImporter.withoutAnnotation("Tap \"Back\" Button <- one space")
                == "Tap \"Back\" Button <- one space")
    }

    /// A Mac UI test clicks with a pointer: its log is refused saying so, not as one cut below its titles.
    @Test func aMacTestsClicksAreRefusedSayingTheyAreNoTouches() {
        let log = Array(
            ("    t =     0.00s     Start Test at 2019-04-02 10:11:12.000\n    t =     3.20s     Click \"Quit\" Button\n"
                + "    t =     3.31s         Synthesize event\n").utf8)
        #expect {
            try ImportFormat.xctestLog.convert(log, sourceName: "")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 2 && error.reason.hasPrefix("a Mac UI test's log (`Click \"Quit\" Button`)")
        }
    }

    @Test func untimedTitlesOfAnXcresultAreOneSecondApart() throws {
        let result = try imported(
            "Tap \"Sign In\" Button\nType 'hello' into \"email\" TextField\nSwipe up \"list\" Table\n")
        #expect(touches(result.records) == ["0.0 began 195.0 375.0", "0.0 ended 195.0 375.0"])
        let keys = keys(result.records)
        #expect(keys == [KeyRecord(t: 1, length: 5, text: "hello")])
        #expect(result.warnings.map(\.line) == [3])
    }

    @Test func typedTextIsOneKeyRecordOfItsUTF16Length() throws {
        let result = try imported(
            "    t =     1.00s Type 'née 😀' into \"email\" TextField\n    t =     1.20s     Synthesize event\n")
        let keys = keys(result.records)
        #expect(keys == [KeyRecord(t: 1.2, length: 6, text: "née 😀")])
    }

    /// A log kept as a list of string literals on one line (`s = ['    t = …','    t = …']`, a Python test's) is its
    /// lines, one per literal: detected, and its tap placed; a line of text that merely has a `','` stays one line.
    @Test func aLogInStringLiteralsOnOneLineIsReadAsItsLines() throws {
        let log =
            "steps = ['    t =     0.01s     Set Up', '    t =     1.00s Tap \"Sign In\" Button', "
            + "'    t =     1.10s         Synthesize event']\n"
        #expect(ImportFormat.detect(Array(log.utf8)) == .xctestLog)
        let result = try imported(log)
        #expect(touches(result.records) == ["1.1 began 195.0 375.0", "1.1 ended 195.0 375.0"])
        let prose = ImportText.lines(Array("    t =     1.00s Tap \"a','b\" Button\n".utf8))
        #expect(XCTestLogImporter.steps(prose).count == 1)
    }

    /// `typeKey(_:modifierFlags:)` logs `Type 'd' key with modifiers '⌘⇧' (0x12)`: a shortcut, which types no text
    /// and touches nothing (a warning beside other activities, the reason alone); a key without modifiers is the text
    /// it types.
    @Test func keyPressesAreShortcutsOrTheTextTheyType() throws {
        let result = try imported(
            """
                t =     1.00s Type 'd' key with modifiers '⌘⇧' (0x12)
                t =     1.10s     Synthesize event
                t =     2.00s Type 'x' key
                t =     2.10s     Synthesize event
                t =     3.00s Tap "Sign In" Button
                t =     3.10s     Synthesize event

            """)
        let keys = keys(result.records)
        #expect(keys == [KeyRecord(t: 2.1, length: 1, text: "x")])
        #expect(touches(result.records) == ["3.1 began 195.0 375.0", "3.1 ended 195.0 375.0"])
        #expect(result.warnings.map(\.line) == [1])
        #expect(result.warnings.first?.message.contains("keyboard shortcut (⌘⇧d)") == true)
        let shortcutsOnly = Array(
            "    t =     0.40s Open com.example.notes\n    t =     2.42s Type 'd' key with modifiers '⌘⇧' (0x12)\n"
                .utf8)
        #expect {
            try ImportFormat.xctestLog.convert(shortcutsOnly, sourceName: "")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 2 && error.reason.hasPrefix("the log's only events are keyboard shortcuts")
        }
        #expect(XCTestLogImporter.keyPress("'k' key with modifiers '⌥' (0x8)")?.modifiers == "⌥")
        #expect(XCTestLogImporter.keyPress("'hello' into \"email\" TextField") == nil)
    }

    @Test func theJoinedHeaderNamesTheLogTheHierarchyAndTheStartOfTheTest() throws {
        var warnings: [ImportWarning] = []
        let records = try XCTestLogImporter.convert(
            try bytes("xctest-log-sign-in", "touches.log"), sourceName: "", joining: try hierarchy("xctest-log-sign-in")
        ) { warnings.append($0) }
        let header = try #require(records.first)
        #expect(header["source"]?["importer"] == "xctest-log")
        #expect(header["source"]?["hierarchySource"]?["importer"] == "xcuitest")
        #expect(header["startedAt"] == "2025-03-02T10:15:02.123Z")
    }

    /// Xcode 7's first releases print `Tap the "…" Button` and `Dispatch the event`: the article is no part of the
    /// element's name, and the step is the event's moment.
    @Test func xcode7sArticleAndDispatchStepAreRead() throws {
        let log =
            "  t =     1.81s     Tap the \"Sign In\" Button\n  t =     1.81s         Find the \"Sign In\" Button\n"
            + "  t =     1.84s         Dispatch the event\n"
        #expect(ImportFormat.detect(Array(log.utf8)) == .xctestLog)
        let result = try imported(log)
        #expect(touches(result.records) == ["1.84 began 195.0 375.0", "1.84 ended 195.0 375.0"])
        // The article goes only before a label or a type: a word that starts with it stays.
        #expect(
            XCTestLogImporter.action("Tap the Switch", requireElement: false)
                == .tap(count: 1, target: .element(label: nil, type: "Switch", index: nil)))
        #expect(
            XCTestLogImporter.action("Tap theme Switch", requireElement: false)
                == .tap(count: 1, target: .unknown("theme Switch")))
    }
}
