import Testing

@testable import TouchlogFormat

/// Pastes cut inside their first element, and printouts of objects beside a dump: refused saying they are cut, or
/// left out in one warning, never read as an empty screen or as views of their own.
@Suite struct CutAndListedTests {
    static func snapshots(_ records: [Record]) -> [SnapshotRecord] {
        records.compactMap { record in
            if case .snapshot(let snapshot) = record { snapshot } else { nil }
        }
    }

    /// The records `format` makes of `text`, and the warnings it gave.
    static func imported(_ format: ImportFormat, _ text: String) throws -> (
        records: [Record], warnings: [ImportWarning]
    ) {
        var warnings: [ImportWarning] = []
        let records = try format.convert(Array(text.utf8), sourceName: "paste.txt") { warnings.append($0) }
        return (records, warnings)
    }

    @Test func anIDBOutputCutInsideItsFirstElementIsRefusedAsCutOffNotAsAnEmptyScreen() {
        let text = """
            [
              {
                "AXFrame" : "{{0, 0}, {390, 844}}",
                "type" : "Application",
                "children" : [
                  {
                    "AXFrame" : "{{0, 32}, {390, 166}}",
                    "type" : "Group",
                    "help" : null,
            """
        #expect {
            try ImportFormat.idb.convert(Array(text.utf8), sourceName: "cut.json")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 6 && error.reason.contains("cut off inside its first element")
        }
    }

    /// An EarlGrey dump or an XCUITest tree whose paste ends inside its last element line (an issue's excerpt cut
    /// mid-line): the elements above it are read, the cut one is left out with a warning at it. Cut anywhere else,
    /// the line is still an error.
    @Test func aTreeCutInsideItsLastLineKeepsTheLinesAbove() throws {
        let earlGrey = [
            "```",
            "<UIWindow:0x7f85; isAccessible=N; AX.frame={{0, 0}, {414, 896}}; frame={{0, 0}, {414, 896}}; opaque; alpha=1>",
            "  |--<UIToolbar:0x7f86; isAccessible=N; AX.id='Toolbar'; frame={{0, 896}, {414, 49}}; hidden; alpha=1>",
            "  |  |--<_UIBarBackground:0x7f87; isAccessible=N; AX.frame",
            "```",
        ]
        let xcuitest = [
            "Element subtree:",
            " →Application, 0x600001, pid: 8736, label: 'Study'",
            "    Window (Main), 0x600002, {{0.0, 0.0}, {414.0, 896.0}}",
            "      Other, 0x600003, {{0.0, 0.0}, {414.0, 896.0}",
        ]
        // The Application is no view: the XCUITest tree keeps its window.
        for (format, lines, cutLine, views) in [(ImportFormat.earlgrey, earlGrey, 4, 2), (.xcuitest, xcuitest, 4, 1)] {
            let (records, warnings) = try Self.imported(format, lines.joined(separator: "\n"))
            #expect(ImportFormat.viewCount(records) == views, "\(format)")
            #expect(warnings.contains { $0.line == cutLine && $0.message.contains("left out") }, "\(format)")
            // The same cut line with a line after it is no cut paste: an error, as before.
            var middle = lines
            middle.insert(middle[cutLine - 1], at: cutLine - 1)
            middle[cutLine] = lines[cutLine - 2]
            #expect(throws: ImportError.self, "\(format)") {
                try format.convert(Array(middle.joined(separator: "\n").utf8), sourceName: "m")
            }
        }
    }

    @Test func cycriptHelpersBesideADumpAreLeftOutInOneWarning() throws {
        let (_, warnings) = try WrapperRepairTests.warnings(
            WrapperRepairTests.fixture(.recursiveDescription, "cycript-helpers.txt"))
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.message.hasPrefix("8 line(s) that describe no view left out (line 6, 8, 10, 11") == true)
    }

    @Test func aViewPrintedAloneAndThenDumpedIsOneSnapshot() throws {
        let text = [
            "cy# var top = UIApp.keyWindow.subviews.lastObject",
            #"#"<UITransitionView: 0x11; frame = (0 0; 390 844); layer = <CALayer: 0x12>>""#,
            "cy# [top recursiveDescription].toString()",
            "`<UITransitionView: 0x11; frame = (0 0; 390 844); layer = <CALayer: 0x12>>",
            "   | <UIButton: 0x13; frame = (20 700; 350 50); layer = <CALayer: 0x14>>`",
        ].joined(separator: "\n")
        let records = try ImportFormat.recursiveDescription.convert(Array(text.utf8), sourceName: "cy.txt")
        let snapshots = records.filter { if case .snapshot = $0 { true } else { false } }
        #expect(snapshots.count == 1)
        guard case .snapshot(let snapshot) = try #require(snapshots.first) else { return }
        #expect(snapshot.hierarchy.windows.first?.view.subviews.first?.subviews.count == 1)
    }

    /// lldb's prints of Swift arrays of views list views without their subviews: each element is a view with no
    /// parent (the `- 0 :` indentation nests nothing), with a warning at the first; a window printed alone before
    /// the array that holds it unchanged is that array's.
    @Test func lldbPrintsOfSwiftArraysOfViewsAreReadFlatWithAWarning() throws {
        let text = [
            "(lldb) po UIApplication.shared.windows[0]",
            "<UIWindow: 0x1; frame = (0 0; 390 844); hidden = YES; layer = <UIWindowLayer: 0x2>>",
            "(lldb) po UIApplication.shared.windows",
            "▿ 2 elements",
            "  - 0 : <UIWindow: 0x1; frame = (0 0; 390 844); hidden = YES; layer = <UIWindowLayer: 0x2>>",
            "    - 1 : <UIWindow: 0x3; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x4>>",
        ].joined(separator: "\n")
        var warnings: [ImportWarning] = []
        let records = try RecursiveDescriptionImporter.convert(Array(text.utf8), sourceName: "po.txt") {
            warnings.append($0)
        }
        let snapshots = Self.snapshots(records)
        #expect(snapshots.count == 1)
        #expect(snapshots.first?.hierarchy.windows.map(\.view.id) == ["0x1", "0x3"])
        #expect(snapshots.first?.hierarchy.windows.allSatisfy { $0.view.subviews.isEmpty } == true)
        #expect(warnings.first?.line == 5)
        #expect(warnings.first?.message.contains("Swift arrays of views") == true)
    }

    @Test func aViewNamedInALogIsReadOnlyWhenNoTreeIsThere() throws {
        let (_, alone) = try WrapperRepairTests.warnings(
            WrapperRepairTests.fixture(.recursiveDescription, "window-named-in-a-log.txt"))
        #expect(alone.map(\.line) == [3])
        #expect(alone.first?.message.contains("no tree lines") == true)
        // Beside a tree the same mention stays text, with the warning that says so.
        let text = [
            "<UIWindow: 0x1; frame = (0 0; 10 10); layer = <UIWindowLayer: 0x2>>",
            "   | <UIView: 0x3; frame = (0 0; 10 10); layer = <CALayer: 0x4>>",
            "hit-tested window: <UIWindow: 0x5; frame = (0 0; 10 10); layer = <UIWindowLayer: 0x6>>",
        ].joined(separator: "\n")
        let (records, warnings) = try Self.imported(ImportFormat.recursiveDescription, text)
        #expect(warnings.map(\.line) == [3])
        #expect(warnings.first?.message.contains("read as text and left out") == true)
        guard case .snapshot(let snapshot) = records[1] else { return }
        #expect(snapshot.hierarchy.windows.count == 1)
    }

    @Test func anEarlGreyDescriptionWrappedOntoACommentLineIsReadJoined() throws {
        let (_, warnings) = try WrapperRepairTests.warnings(
            WrapperRepairTests.fixture(.earlgrey, "wrapped-in-comment.txt"))
        #expect(warnings.map(\.line) == [3])
        #expect(warnings.first?.message.contains("wrapped onto the next line") == true)
    }

    @Test func aDumpCutByHandSaysWhereAndWhatWasKept() throws {
        let (_, warnings) = try WrapperRepairTests.warnings(
            WrapperRepairTests.fixture(.recursiveDescription, "cut-by-hand.txt"))
        #expect(warnings.map(\.line) == [4, 7, 9])
        #expect(warnings[0].message.contains("before its frame: that view is left out"))
        #expect(warnings[1].message.contains("read up to the cut"))
    }

    /// A scene's description lists its windows with none of their subviews: alone it is refused saying what it is;
    /// beside a dump it is left out in one warning and the dump is read.
    @Test func aWindowScenesDescriptionIsNoDumpButLeavesADumpBesideItReadable() throws {
        let scene = [
            "<ObjCInstance: UIWindowScene at 0x11a: <UIWindowScene: 0x21b; role: UIWindowSceneSessionRoleApplication> {",
            "    delegate = <Notes.SceneDelegate: 0x31c>;",
            "    windows = {",
            "        <UIWindow: 0x41d; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x51e>>;",
            "        <UITextEffectsWindow: 0x61f; frame = (0 0; 390 844); opaque = NO; layer = <UIWindowLayer: 0x71a>>;",
            "    }",
            "}>",
        ]
        #expect {
            try ImportFormat.recursiveDescription.convert(
                Array(scene.joined(separator: "\n").utf8), sourceName: "s.txt")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == 1 && error.reason.contains("UIWindowScene's description")
        }
        let beside =
            scene + [
                "(lldb) po [[UIWindow keyWindow] recursiveDescription]",
                "<UIWindow: 0x41d; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x51e>>",
                "   | <UIView: 0x81b; frame = (0 0; 390 844); layer = <CALayer: 0x91c>>",
            ]
        let (records, warnings) = try Self.imported(ImportFormat.recursiveDescription, beside.joined(separator: "\n"))
        #expect(warnings.map(\.line) == [1])
        #expect(warnings.first?.message.contains("(lines 1-7)") == true)
        let snapshots = records.compactMap { if case .snapshot(let s) = $0 { s } else { nil } }
        #expect(snapshots.count == 1)
        #expect(snapshots.first?.hierarchy.windows.count == 1)
        #expect(snapshots.first?.hierarchy.windows.first?.view.subviews.count == 1)
    }

    /// A console log about touches names the window a touch was in: no hierarchy, refused saying what it is, whether
    /// the touch's description starts a line or sits inside a message; a dump beside such a line is still read.
    @Test func aConsoleLogAboutTouchesIsRefusedSayingWhatItIs() throws {
        let printed = [
            "default 09:14:02.118 Notes touches began with event: <UITouchesEvent: 0x6001> timestamp: 812.5 touches: {(",
            "    <UITouch: 0x6002> phase: Began tap count: 1 window: <UIWindow: 0x6003; frame = (0 0; 390 844); "
                + "layer = <UIWindowLayer: 0x6004>> view: <UIButton: 0x6005; frame = (20 700; 350 50); "
                + "layer = <CALayer: 0x6006>> location in window: {195, 725}",
            ")}",
        ]
        let quoted = [
            "[Touch] unexpected nil window, hit-test window: <UIRemoteKeyboardWindow: 0x7001; frame = (0 0; 390 844); "
                + "layer = <UIWindowLayer: 0x7002>>, touch:<UITouch: 0x7003> phase: Stationary window: (null)"
        ]
        for (text, line) in [(printed, 1), (quoted, 1)] {
            #expect {
                try ImportFormat.recursiveDescription.convert(
                    Array(text.joined(separator: "\n").utf8), sourceName: "console.log")
            } throws: { error in
                guard let error = error as? ImportError else { return false }
                return error.line == line && error.reason.contains("a console log about touches")
            }
        }
        let beside =
            [
                "<UIWindow: 0x6003; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x6004>>",
                "   | <UIButton: 0x6005; frame = (20 700; 350 50); layer = <CALayer: 0x6006>>",
            ] + quoted
        let records = try ImportFormat.recursiveDescription.convert(
            Array(beside.joined(separator: "\n").utf8), sourceName: "console.log")
        #expect(ImportFormat.viewCount(records) == 2)
    }

    /// A view of the dump quoted again after it (prose, then the line in backticks) is no dump of its own: left out
    /// with a warning naming both lines. Changed, or printed before the dump, it stays a moment of its own.
    @Test func aViewQuotedAgainAfterTheDumpIsLeftOut() throws {
        let dump = [
            "<UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>",
            "   | <UIButton: 0x3; frame = (139 318; 97 30); layer = <CALayer: 0x4>>",
            "   | <UILabel: 0x5; frame = (20 40; 280 21); text = 'Hi'; layer = <CALayer: 0x6>>",
            "",
            "Notice this:",
        ]
        let same = dump + ["`<UIButton: 0x3; frame = (139 318; 97 30); layer = <CALayer: 0x4>>`"]
        let (records, warnings) = try Self.imported(ImportFormat.recursiveDescription, same.joined(separator: "\n"))
        #expect(records.count { if case .session = $0 { true } else { false } } == 1)
        #expect(ImportFormat.viewCount(records) == 3)
        #expect(warnings.map(\.line) == [6])
        #expect(warnings.first?.message.contains("(line 6 repeats line 2)") == true)
        // Moved since the dump: another moment, kept.
        let moved = dump + ["`<UIButton: 0x3; frame = (139 400; 97 30); layer = <CALayer: 0x4>>`"]
        let kept = try ImportFormat.recursiveDescription.convert(
            Array(moved.joined(separator: "\n").utf8), sourceName: "n.md")
        #expect(kept.count { if case .snapshot = $0 { true } else { false } } == 2)
    }

    /// lldb's `<nil>` (what `po` prints for a nil object) is no view: the window printed after it imports.
    @Test func lldbsNilIsNoView() throws {
        let text = [
            "(lldb) po 0x0000000000000000", "<nil>", "(lldb) po 0x00007fc9e3507360",
            "<UIWindow: 0x7fc9e3507360; frame = (0 0; 375 812); hidden = YES; layer = <UIWindowLayer: 0x6000026c3e60>>",
        ].joined(separator: "\n")
        let records = try ImportFormat.recursiveDescription.convert(Array(text.utf8), sourceName: "lldb.txt")
        #expect(ImportFormat.viewCount(records) == 1)
    }

    /// A hooked method's log (`<Controller: 0x…> dimmingViewWasTapped:<UIDimmingView: …>`) is text naming a view:
    /// the view is read with no parent (warned), not the controller as a view without a frame. Views quoted in an
    /// exception's reason are what it is about: each read with no parent, never nested in the other, warned; cut
    /// short inside their quotes, refused saying so.
    @Test func viewsNamedInLogMessagesAreReadOrRefusedForWhatTheyAre() throws {
        let call =
            "2014-11-22 19:15:51.660 Catalog[84049:1079574] <UIPopoverPresentationController: 0x7fd1> "
            + "dimmingViewWasTapped:<UIDimmingView: 0x7fd2; frame = (0 0; 768 1024); layer = <CALayer: 0x7fd3>>"
        let (records, warnings) = try Self.imported(ImportFormat.recursiveDescription, call)
        #expect(ImportFormat.viewCount(records) == 2)  // the dimming view, in its synthetic window
        #expect(warnings.first?.message.contains("inside text read as views with no parent") == true)
        let exception =
            "Terminating app, reason: 'couldn't find a common superview for <UILabel: 0x1; frame = (0 0; 0 0)> and "
            + "<UIView: 0x2; frame = (0 0; 390 844)>'"
        #expect(ImportFormat.detect(Array(exception.utf8)) == .recursiveDescription)
        let (both, quoted) = try Self.imported(ImportFormat.recursiveDescription, exception)
        let snapshot = try #require(Self.snapshots(both).first)
        #expect(snapshot.hierarchy.windows.first?.view.subviews.map(\.id) == ["0x1", "0x2"])
        #expect(snapshot.hierarchy.windows.first?.view.subviews.allSatisfy { $0.subviews.isEmpty } == true)
        #expect(
            quoted.map(\.message).first?.contains("quoted inside a message (or as a dictionary's values) read as views")
                == true)
        let cut = "reason: 'Invalid update. Table view: <UITableView: 0x3; frame = (0 0; 359 834); clipsToBou'"
        #expect {
            try ImportFormat.recursiveDescription.convert(Array(cut.utf8), sourceName: "crash.txt")
        } throws: { error in
            (error as? ImportError)?.reason.contains("cut short inside quoted strings (line 1)") == true
        }
    }

    /// Descriptions one after another in a log line (`Optional([<UILabel: …>, <UILabel: …>])`) are each a view,
    /// repeats collapsed by address, not by line: a line that repeats one view and adds another keeps the new one.
    /// An NSDictionary's print of views (`4 = "<RCTView: …>";`) is its values, flat. A frame that is no number
    /// (`(inf inf; 0 0)`) places its view nowhere, marked and said.
    @Test func severalDescriptionsOnALineAndDictionaryValuesAreEachAView() throws {
        let log = [
            "Model.swift[12],labels:Optional([<UILabel: 0xa1; frame = (0 0; 10 10); layer = <_UILabelLayer: 0xb1>>])",
            "Model.swift[12],labels:Optional([<UILabel: 0xa1; frame = (0 0; 10 10); layer = <_UILabelLayer: 0xb1>>, "
                + "<UILabel: 0xa2; frame = (0 10; 10 10); layer = <_UILabelLayer: 0xb2>>])",
        ].joined(separator: "\n")
        let labels = try ImportFormat.recursiveDescription.convert(Array(log.utf8), sourceName: "log.txt")
        #expect(ImportExpectation.outline(labels).components(separatedBy: "UILabel").count - 1 == 2)
        let registry =
            "{\n    4 = \"<RCTView: 0xc1; reactTag: 4; frame = (0 0; 414 736); layer = <CALayer: 0xd1>>\";\n"
            + "    7 = \"<RCTView: 0xc2; reactTag: 7; frame = (0 0; 0 0); layer = <CALayer: 0xd2>>\";\n}\n"
        #expect(ImportFormat.detect(Array(registry.utf8)) == .recursiveDescription)
        let views = try ImportFormat.recursiveDescription.convert(Array(registry.utf8), sourceName: "registry.txt")
        let snapshot = try #require(Self.snapshots(views).first)
        #expect(snapshot.hierarchy.windows.first?.view.subviews.map(\.id) == ["0xc1", "0xc2"])
        var warnings: [ImportWarning] = []
        let broken = "Error: \"View <FlutterView: 0xe1; frame = (inf inf; 0 0); layer = <CALayer: 0xe2>> is taken\""
        let placed = try ImportFormat.recursiveDescription.convert(Array(broken.utf8), sourceName: "e.txt") {
            warnings.append($0)
        }
        #expect(ImporterFixtures.jsonLines(placed).contains("\"frameMissing\":true"))
        #expect(warnings.contains { $0.message.hasPrefix("1 view(s) whose frame is not a number") })
    }

    /// Apple's technical notes shorten descriptions with `[…]`: each is read up to it (its elided key dropped),
    /// nested as printed, with a warning per line.
    @Test func descriptionsShortenedWithABracketedEllipsisAreReadUpToIt() throws {
        let text = [
            "(gdb) po [[self view] recursiveDescription]",
            "<UIView: 0x6a107c0; frame = (0 20; 320 460); autoresize = W+H; layer = […]",
            "   | <UIRoundedRectButton: 0x6a103e0; frame = (124 196; 72 37); opaque = NO; [...]",
        ].joined(separator: "\n")
        let (records, warnings) = try Self.imported(ImportFormat.recursiveDescription, text)
        #expect(warnings.map(\.line) == [2, 3])
        #expect(warnings.allSatisfy { $0.message.contains("read up to the cut") })
        guard case .snapshot(let snapshot) = records[1] else { return }
        let root = try #require(snapshot.hierarchy.windows.first?.view.subviews.first)
        #expect(root.className == "UIView" && root.subviews.map(\.className) == ["UIRoundedRectButton"])
    }

    /// The author's word before the root (`更改前 <UIView: …>`, "before") is set aside in any script, as `before` is.
    @Test func aWordInAnyScriptBeforeTheRootIsSetAside() throws {
        let text = [
            "更改前 <UIView: 0x1; frame = (0 0; 320 568); layer = <CALayer: 0x11>>",
            "| <TestView: 0x2; frame = (0 0; 200 100); layer = <CALayer: 0x12>>",
            "更改后",
            "<UIView: 0x1; frame = (0 0; 320 568); layer = <CALayer: 0x11>>",
            "   | <TestView: 0x2; frame = (75 25; 50 50); layer = <CALayer: 0x12>>",
        ].joined(separator: "\n")
        let (records, warnings) = try Self.imported(ImportFormat.recursiveDescription, text)
        #expect(warnings.isEmpty)
        // One app at two moments: one session, two snapshots of the root and its subview.
        #expect(records.count { if case .session = $0 { true } else { false } } == 1)
        let snapshots = records.compactMap { if case .snapshot(let s) = $0 { s } else { nil } }
        #expect(snapshots.map { $0.hierarchy.windows.first?.view.subviews.first?.subviews.count } == [1, 1])
        // A sentence with no spaces between its words, naming `<aView>` (no description): prose, not a node.
        let prose = text + "\n我们加上 <aView> 和 -m 参数"
        let same = try ImportFormat.recursiveDescription.convert(Array(prose.utf8), sourceName: "vc.m")
        #expect(ImportFormat.viewCount(same) == ImportFormat.viewCount(records))
    }

    /// Chisel's `presponder` prints the responder chain with bars that invert the views' nesting: left out beside a
    /// dump (a warning), refused alone saying what it is; a prompt indented after a blockquote's leader counts.
    @Test func aResponderChainIsNoTree() throws {
        let chain = [
            ">   (lldb) presponder 0x3",
            ">   <UILabel: 0x3; frame = (1 1; 5 5); layer = <CALayer: 0x4>>",
            ">      | <UIView: 0x2; frame = (0 0; 10 10); layer = <CALayer: 0x5>>",
            ">      |    | <UIWindow: 0x1; frame = (0 0; 10 10); layer = <UIWindowLayer: 0x6>>",
            ">      |    |    | <UIApplication: 0x7>",
        ]
        #expect {
            try ImportFormat.recursiveDescription.convert(Array(chain.joined(separator: "\n").utf8), sourceName: "c")
        } throws: { error in
            (error as? ImportError)?.reason.contains("Chisel's `presponder` output") == true
        }
        let beside =
            [">   (lldb) pviews", ">   <UIWindow: 0x1; frame = (0 0; 10 10); layer = <UIWindowLayer: 0x6>>"] + chain
        let (records, warnings) = try Self.imported(ImportFormat.recursiveDescription, beside.joined(separator: "\n"))
        #expect(warnings.map(\.line) == [4])
        #expect(warnings.first?.message.contains("(lines 4-7)") == true)
        #expect(ImportFormat.viewCount(records) == 1)
    }

    /// An app's own walk that logs a view twice, with no timestamp: the same view, read once (a warning names the
    /// lines), not a new moment. A layer's description inside text, whose delegate is a view, is no view named.
    @Test func aViewNamedTwiceInTextIsReadOnceAndALayersDelegateIsNoViewNamed() throws {
        let walk = [
            "2018-06-09 subView:<UIView: 0x1; frame = (0 0; 375 44); layer = <CALayer: 0x11>>",
            "2018-06-09 subView:<UILabel: 0x2; frame = (0 0; 0 0); layer = <_UILabelLayer: 0x12>>",
            "2018-06-09 ---found a UILabel:<UILabel: 0x2; frame = (0 0; 0 0); layer = <_UILabelLayer: 0x12>> font:x",
            "2018-06-09 subView:<UIView: 0x3; frame = (0 0; 375 44); hidden = YES; layer = <CALayer: 0x13>>",
        ].joined(separator: "\n")
        let (records, warnings) = try Self.imported(ImportFormat.recursiveDescription, walk)
        #expect(records.count { if case .snapshot = $0 { true } else { false } } == 1)
        #expect(ImportFormat.viewCount(records) == 4)  // three views and their synthetic window
        #expect(warnings.last?.message.contains("read once (line 3)") == true)
        let layer = [
            "<UIView: 0x1; frame = (0 20; 768 1004); layer = <CALayer: 0x11>>",
            "(int) $8 = 167987072 <CALayer:0x11; bounds = CGRect (0 0; 768 1004); delegate = <UIView: 0x1; "
                + "frame = (0 -22; 768 1004); layer = <CALayer: 0x11>>>",
        ].joined(separator: "\n")
        var layerWarnings: [ImportWarning] = []
        _ = try ImportFormat.recursiveDescription.convert(Array(layer.utf8), sourceName: "l") {
            layerWarnings.append($0)
        }
        #expect(layerWarnings.isEmpty)
    }

    /// UIKit's warning that makes a view a sentence's subject (`<UIView: …>'s window is not equal to …`) is about the
    /// view, no dump of it: refused alone, left out with a warning beside a dump. Text UIKit prints after some
    /// descriptions (a collection view's layout) stays part of the view.
    @Test func aSentenceAboutAViewIsNoTreeLine() throws {
        let warning =
            "2016-06-14 21:10:11.898 Books[526:94062] <UIView: 0x1; frame = (0 0; 10 10); layer = <CALayer: 0x11>>'s "
            + "window is not equal to <Books.TabController: 0x2>'s view's window!"
        #expect {
            try ImportFormat.recursiveDescription.convert(Array(warning.utf8), sourceName: "w")
        } throws: { error in
            (error as? ImportError)?.reason.contains("quoted inside a message (line 1)") == true
        }
        let dump = [
            "(lldb) po [[UIWindow keyWindow] recursiveDescription]",
            "<UIWindow: 0x5; frame = (0 0; 10 10); layer = <UIWindowLayer: 0x15>>",
            "   | <UICollectionView: 0x6; frame = (0 0; 10 10); layer = <CALayer: 0x16>> collection view layout: "
                + "<UICollectionViewFlowLayout: 0x7>",
            warning,
        ].joined(separator: "\n")
        let (records, warnings) = try Self.imported(ImportFormat.recursiveDescription, dump)
        #expect(ImportFormat.viewCount(records) == 2)
        #expect(warnings.map(\.line) == [4])
        #expect(warnings.first?.message.hasPrefix("1 line(s) that name a view in a sentence left out (line 4)") == true)
        let passive = "<UIView: 0x1; frame = (0 0; 10 10); layer = <CALayer: 0x11>> is not in the window hierarchy"
        #expect(RecursiveDescriptionImporter.isSentenceAboutView(Array(passive.utf8)))
        #expect(!RecursiveDescriptionImporter.isSentenceAboutView(Array(dump.split(separator: "\n")[2].utf8)))
    }

    /// A tool's start-up banner drawn with bars (Frida's `   | (_| |`) before the views it prints is drawing, not a
    /// tree line; a bar line with a word in it is still reported, so a mangled subview is never lost silently.
    @Test func bannerArtWithBarsIsNoTreeLine() throws {
        let banner = [
            "     ____", "    / _  |   Frida 16.0.0 - instrumentation", "   | (_| |", "    > _  |   Commands:",
            "   . . . .", "Attaching...",
            "<UIWindow: 0x1; frame = (0 0; 10 10); layer = <UIWindowLayer: 0x11>>",
            "<UIView: 0x2; frame = (0 0; 5 5); layer = <CALayer: 0x12>>",
        ].joined(separator: "\n")
        let records = try ImportFormat.recursiveDescription.convert(Array(banner.utf8), sourceName: "frida")
        #expect(ImportFormat.viewCount(records) == 3)  // the two views and the synthetic window they share
        let mangled = "<UIWindow: 0x1; frame = (0 0; 10 10); layer = <UIWindowLayer: 0x11>>\n   | UIView 0x2 (0 0; 5 5)"
        #expect {
            try ImportFormat.recursiveDescription.convert(Array(mangled.utf8), sourceName: "m")
        } throws: { error in
            (error as? ImportError)?.line == 2
        }
    }

    /// A responder chain printed one `po` at a time, each result under the expression that printed it: the controllers
    /// among the results are set aside, the views are read.
    @Test func controllersPrintedBetweenViewsOfAChainAreSetAside() throws {
        let chain = [
            "self.redView.nextResponder",
            "<UIView: 0x2; frame = (0 0; 5 5); layer = <CALayer: 0x12>>",
            "self.redView.nextResponder.nextResponder",
            "<AnswerController: 0x3>",
            "self.redView.nextResponder.nextResponder.nextResponder",
            "<UIWindow: 0x1; frame = (0 0; 10 10); layer = <UIWindowLayer: 0x11>>",
        ].map { " " + $0 }.joined(separator: "\n")
        let (records, warnings) = try Self.imported(ImportFormat.recursiveDescription, chain)
        #expect(warnings.map(\.line) == [4])
        let views = records.compactMap { if case .snapshot(let s) = $0 { s } else { nil } }
            .flatMap { $0.hierarchy.windows.map(\.view.className) }
        #expect(views.sorted() == ["UIWindow", "UIWindow"])  // the window, and the synthetic one around the view
        // A controller logged, a method's name, then a controller and the window one stamped line each: the window
        // is what the paste holds, so only the controllers are set aside.
        let logged = [
            "2016-09-01 13:45:42.865 App[1:2] <B_ViewController: 0x7ffe1>",
            "2016-09-01 13:45:42.866 App[1:2] -[B_ViewController viewWillDisappear:]",
            "2016-09-01 13:45:43.371 App[1:2] <DDNavigationController: 0x7ffe2>",
            "2016-09-01 13:45:43.371 App[1:2] <UIWindow: 0x7ffe3; frame = (0 0; 320 568); layer = <UIWindowLayer: 0x4>>",
        ].joined(separator: "\n")
        let (window, loggedWarnings) = try Self.imported(ImportFormat.recursiveDescription, logged)
        #expect(ImportFormat.viewCount(window) == 1)
        #expect(loggedWarnings.first?.message.hasPrefix("2 line(s) that describe no view left out (line 1, 3)") == true)
    }

    /// A controller printed alone (`po self`), then a view printed alone after the author's words: the controller is
    /// no view and is left out; the view is printed nowhere else, so it is the paste's, not a responder chain's copy.
    @Test func aViewPrintedAloneAfterAControllerIsKept() throws {
        let text = [
            "The button does nothing. Here is what I see:",
            "<Demo.ViewController: 0x7fb3c2d05a10>",
            "<UIView: 0x7fb3c2e0a8f0; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x6000>>",
            "and the button:",
            "<UIButton: 0x7fb3c2e0c120; frame = (20 150; 80 30); opaque = NO; layer = <CALayer: 0x6001>>",
        ].joined(separator: "\n")
        let (records, warnings) = try Self.imported(ImportFormat.recursiveDescription, text)
        var classes: [String] = []
        for case .snapshot(let snapshot) in records {
            for window in snapshot.hierarchy.windows { classes += window.view.subviews.map(\.className) }
        }
        #expect(classes.sorted() == ["UIButton", "UIView"])
        #expect(warnings.map(\.message) == ["1 line(s) that describe no view left out (line 2)"])
        // A responder chain printed alone: its views are printed nowhere else, so they are read; the controller, the
        // application and its delegate between and after them are left out without splitting the printout in two.
        let chain = [
            "Here is the responder chain when the tap is lost:",
            "<UIButton: 0x7fc1; frame = (20 150; 80 30); opaque = NO; layer = <CALayer: 0x6001>>",
            "<UIView: 0x7fc2; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x6002>>",
            "<Demo.ViewController: 0x7fc3>",
            "<UIWindow: 0x7fc4; frame = (0 0; 375 667); layer = <UIWindowLayer: 0x6004>>",
            "<UIApplication: 0x7fc5>",
        ].joined(separator: "\n")
        let chainRecords = try ImportFormat.recursiveDescription.convert(Array(chain.utf8), sourceName: "c")
        #expect(chainRecords.filter { $0.kind == .session }.count == 1)
        #expect(ImportFormat.viewCount(chainRecords) == 4)  // the window, and the synthetic one around button and view
    }

    /// A trait collection logged among a dump's lines describes itself with fields, none of them a view's:
    /// no view, left out with a warning. A view line that lost only its frame still prints its layer and stays an
    /// error.
    @Test func anObjectDescribedWithNoFieldOfAViewIsLeftOutOfTheDump() throws {
        let lines = [
            "<UIWindow: 0x7fa1; frame = (0 0; 414 896); layer = <UIWindowLayer: 0x6002>>",
            "\t<UIView: 0x7fa4; frame = (0 0; 414 896); autoresize = W+H; layer = <CALayer: 0x6005>>",
            "\t\t<UITraitCollection: 0x6006; UserInterfaceIdiom = Phone, DisplayScale = 3, UserInterfaceStyle = Light>",
            "\t\t<UIButton: 0x7fa6; frame = (20 200; 374 44); opaque = NO; layer = <CALayer: 0x6008>>",
        ]
        let (records, warnings) = try Self.imported(ImportFormat.recursiveDescription, lines.joined(separator: "\n"))
        #expect(ImportFormat.viewCount(records) == 3)
        #expect(warnings.map(\.message) == ["1 line(s) that describe no view left out (line 3)"])
        var edited = lines
        edited[3] = "\t\t<UIButton: 0x7fa6; opaque = NO; layer = <CALayer: 0x6008>>"
        #expect {
            try ImportFormat.recursiveDescription.convert(Array(edited.joined(separator: "\n").utf8), sourceName: "e")
        } throws: { error in
            (error as? ImportError).map { $0.line == 4 && $0.reason.contains("has no frame") } == true
        }
    }

    /// Elements one a line in a test's one-line string, `\n` between them: one list, read in turn; an element with no
    /// frame at all is left out with a warning (it cannot be placed), and a list where none has one is refused.
    @Test func idbElementsInAOneLineStringAreOneListAndFramelessOnesAreLeftOut() throws {
        let code =
            #"    const lines = `{"role":"AXButton","AXLabel":"Pay","AXFrame":"{{20, 300}, {170, 44}}"}\n"#
            + #"{"type":"StaticText","AXLabel":"Total","AXFrame":"{{20, 200}, {100, 20}}"}\n"#
            + #"{"type":"Other","AXLabel":"Banner"}`;"#
        var warnings: [ImportWarning] = []
        let records = try ImportFormat.idb.convert(Array(code.utf8), sourceName: "idb.test.ts") { warnings.append($0) }
        #expect(records.count { if case .snapshot = $0 { true } else { false } } == 1)
        #expect(ImportFormat.viewCount(records) == 3)  // the button, the label and their synthetic window
        #expect(warnings.map(\.message) == ["1 element(s) without a frame left out (line 1): they cannot be placed"])
        let none = #"const lines = `{"type":"Button","AXLabel":"Pay"}\n{"type":"Other","AXLabel":"Banner"}`;"#
        #expect {
            try ImportFormat.idb.convert(Array(none.utf8), sourceName: "none.ts")
        } throws: { error in
            (error as? ImportError)?.reason.hasPrefix("no element has a frame (2 element(s)") == true
        }
    }

    /// NSArray prints its elements between `(` and `)` lines: siblings, whatever their spaces, so a second list printed
    /// after the first (another iOS version's) is a dump of its own, not nested under the first list's last view. A
    /// layer's description (`po view.layer`) is no view, though it names its view as delegate.
    @Test func listsInParenthesesAreSiblingsAndALayerIsNoView() throws {
        let lists = [
            "iOS 12", " (", "     <UIView: 0x1; frame = (0 0; 414 88); layer = <CALayer: 0x11>>,",
            "     <UIView: 0x2; frame = (0 0; 0 50); hidden = YES; layer = <CALayer: 0x12>>", " )", "iOS 8", " (",
            "         <UIButton: 0x3; frame = (20 2; 40 40); layer = <CALayer: 0x13>>", " )",
        ].joined(separator: "\n")
        let records = try ImportFormat.recursiveDescription.convert(Array(lists.utf8), sourceName: "lists")
        #expect(records.count { if case .session = $0 { true } else { false } } == 2)
        #expect(!ImportExpectation.outline(records).contains("      UIButton"))
        let layer = [
            "(lldb) po self.view", "<UIView: 0x5; frame = (0 0; 414 736); layer = <CALayer: 0x15>>", "",
            "(lldb) po self.view.layer",
            "<CALayer:0x15; position = CGPoint (207 368); bounds = CGRect (0 0; 414 736); delegate = <UIView: 0x5; "
                + "frame = (0 0; 414 736); layer = <CALayer: 0x15>>; sublayers = (<CALayer: 0x16>)>",
        ].joined(separator: "\n")
        let (view, warnings) = try Self.imported(ImportFormat.recursiveDescription, layer)
        #expect(ImportFormat.viewCount(view) == 2)  // the view and its synthetic window
        #expect(warnings.isEmpty)
        let alone = layer.split(separator: "\n").suffix(2).joined(separator: "\n")
        #expect {
            try ImportFormat.recursiveDescription.convert(Array(alone.utf8), sourceName: "alone")
        } throws: { error in
            (error as? ImportError)?.reason.hasPrefix("the only description is a layer's") == true
        }
    }

    /// A tool's `{"elements": […]}` around the listing, and a listing that kept only roles (`"role": "AXApplication"`,
    /// `"AXFrame"`): read as idb's. An application with a frame whose other elements have none is a screen with
    /// nothing placeable: imported empty, both said, not refused as frameless.
    @Test func idbWrappedAndRoleOnlyListingsAreRead() throws {
        let wrapped = #"{"elements":[{"AXFrame":"{{16, 380}, {370, 52}}","AXLabel":"root","type":"Button"}]}"#
        #expect(ImportFormat.detect(Array(wrapped.utf8)) == .idb)
        #expect(ImportFormat.viewCount(try ImportFormat.idb.convert(Array(wrapped.utf8), sourceName: "w")) == 2)
        let roles =
            #"[{"AXFrame":"{{0, 0}, {440, 956}}","role":"AXApplication","children":[{"AXLabel":"Hi","role":"AXStaticText"}]}]"#
        #expect(ImportFormat.detect(Array(roles.utf8)) == .idb)
        var warnings: [ImportWarning] = []
        _ = try ImportFormat.idb.convert(Array(roles.utf8), sourceName: "r") { warnings.append($0) }
        #expect(
            warnings.map { String($0.message.prefix(30)) } == [
                "1 element(s) without a frame l", "the elements hold nothing but ",
            ])
        #expect(warnings.last?.hint?.contains("no frame") == true)
    }
}
