/// Imports XCUITest `debugDescription` element trees (`print(app.debugDescription)` in a UI test).
///
/// ```text
/// Attributes: Application, pid: 4242, label: 'Shop'
/// Element subtree:
///  →Application, 0x600000c04000, pid: 4242, label: 'Shop'
///     Window (Main), 0x600000c04100, {{0.0, 0.0}, {393.0, 852.0}}
///       Button, 0x600000c04300, {{20.0, 100.0}, {353.0, 44.0}}, identifier: 'login', label: 'Log In'
/// ```
///
/// Each `Element subtree:` starts a snapshot (a file without one is read as trees between chatter). The
/// `Path to element:` after a partial tree rebuilds its ancestors; neither it nor the `Query chain:` adds elements.
/// Frames are in screen coordinates and become superview coordinates; element types become UIKit classes. Ids are
/// paths: the printed addresses are of XCTest's snapshot objects, new at every query, so they name nothing stable.
public enum XCUITestImporter: HierarchyImporter {
    public static let format = ImportFormat.xcuitest

    /// Where a line is: in a tree, in the `Path to element:` or `Query chain:` that follow it (whose element lines
    /// are not elements of the tree), or in test-runner chatter between dumps.
    private enum Section { case tree, path, query, after }

    /// One tree as read, built into views only when it ends, because the path that places it comes after it.
    private struct PendingTree {
        var entries: [(indent: Int, element: Element, line: Int, column: Int)] = []
        /// The `Path to element:` entries, Application first, the described element last.
        var path: [(element: Element, line: Int)] = []
        /// A path or query chain was read: the next element line starts another tree.
        var sealed = false
        /// `...` lines a hand-abridged tree holds: before which entry, at what indentation.
        var elisions: [(before: Int, indent: Int)] = []
    }

    public static func convert(
        _ bytes: [UInt8], sourceName: String, warn: (ImportWarning) -> Void
    ) throws(ImportError)
        -> [Record]
    {
        var escapedQuotes: [Int] = []
        let lines = logicalLines(
            unfoldEscapedTrees(commentedTree(ImportText.lines(bytes).map(withoutLogStamp))).map { line in
                let unescaped = withoutEscapedQuotes(line)
                if unescaped.bytes.count < line.bytes.count { escapedQuotes.append(line.number) }
                return unescaped
            })
        if let first = escapedQuotes.first {
            warn(
                ImportWarning(
                    line: first,
                    message: "the tree was printed as a string, its quotes escaped (`label: \\'OK\\'`): read with "
                        + "them undone (\(escapedQuotes.count) line(s))",
                    hint: "columns in later messages on those lines count the unescaped text"))
        }
        // A test's log printed around the tree (`t = 294.44s Tap "city" TextField`): its steps are touches this
        // importer does not read; say so, and how to import them, instead of dropping them without a word.
        let steps = lines.filter { line in
            let (time, rest) = XCTestLogImporter.timed(line.bytes)
            return time != nil
                && XCTestLogImporter.action(ImportText.string(ImportText.trimmed(rest)), requireElement: false) != nil
        }
        if let first = steps.first {
            warn(
                ImportWarning(
                    line: first.number,
                    message: "\(steps.count) test step(s) that touch or type beside the tree are not imported with it "
                        + "(line " + ImportWarning.lineList(steps.map(\.number)) + ")",
                    hint: "to place them in this tree, import the file as a test log joined to it: touchlog ingest "
                        + "FILE --from xctest-log --hierarchy FILE"))
        }
        let hasSubtreeHeader = lines.contains {
            ImportText.trimmed($0.bytes).elementsEqual("Element subtree:".utf8)
        }
        // A paste may start mid-subtree, its `Element subtree:` header cut off: its leading element lines are a
        // tree too, until the first line that is not one.
        var section = Section.tree
        var snapshots: [ImportedHierarchy] = []
        var pending = PendingTree()
        var queryDepth = 0
        var app = JSONObject()
        var extra: [JSONObject.Member] = []
        var zeroSizeGroups: [Int] = []
        // Lines where a `Path to element:` chain starts whose header was cut off (`↳` steps in a tree).
        var headerlessPath: [Int] = []
        // The line of text that ended the last tree before its elements did, and the element lines after it: a
        // tree's lines are never dropped without a word.
        var interruptedAt: Int?
        var unreadElements: [Int] = []
        // The first element only a Mac app's tree prints, and why: the import goes on, and says so.
        var macSign: (line: Int, what: String)?

        func finish() throws(ImportError) {
            if !pending.entries.isEmpty {
                for (element, _) in pending.path { noteApplication(element, app: &app, source: &extra) }
                // An `Application` line alone (an app with no window) is no snapshot.
                let hierarchy = try build(pending, groups: &zeroSizeGroups)
                if !hierarchy.isEmpty { snapshots.append(hierarchy) }
            }
            pending = PendingTree()
        }

        // The paste's last line with text other than a closing fence: where a cut paste ends.
        let lastTextLine = lines.last(where: {
            let trimmed = ImportText.trimmed($0.bytes)
            return !trimmed.isEmpty && !ImportText.hasPrefix(trimmed, "```")
        })?.number
        for line in lines {
            let trimmed = ImportText.trimmed(line.bytes)
            if trimmed.isEmpty { continue }
            // A Markdown fence around the paste is no chatter: it neither ends a tree nor starts one.
            if ImportText.hasPrefix(trimmed, "```") { continue }
            if trimmed.elementsEqual("Element subtree:".utf8) {
                try finish()
                section = .tree
                interruptedAt = nil
                continue
            }
            if ImportText.hasPrefix(trimmed, "Attributes: ") {
                try finish()
                if let element = try? parseElement(
                    Array(trimmed.dropFirst(12)), line: line.number, column: 13)
                {
                    noteApplication(element, app: &app, source: &extra)
                    if !hasSubtreeHeader, element.type != "Application", element.frame != nil {
                        // An element's debug description without its subtree (what a failed event prints after
                        // `Element debug description:`): the one element is the tree.
                        pending.entries.append((0, element, line.number, 13))
                        pending.sealed = true
                    }
                }
                section = hasSubtreeHeader ? .after : .tree
                continue
            }
            if trimmed.elementsEqual("Path to element:".utf8) {
                pending.sealed = true
                section = .path
                continue
            }
            if trimmed.elementsEqual("Query chain:".utf8) {
                pending.sealed = true
                section = .query
                queryDepth = 0
                continue
            }
            if section == .path {
                // ` →Application, …`, then `  ↳Window (Main), …` one level deeper each.
                let entry = dropMarkers(trimmed)
                if entry.count < trimmed.count {
                    if let element = try? parseElement(Array(entry), line: line.number, column: 1) {
                        pending.path.append((element, line.number))
                    }
                    continue
                }
                section = hasSubtreeHeader ? .after : .tree
            }
            if section == .query {
                // `→Find: Target Application 'com.example.shop'`, `  Output: {`, the elements found, `  }`,
                // `  ↪︎Find: Descendants matching type Button`…: the elements found are not the tree's.
                if let bundle = targetApplication(Array(trimmed)), app["id"] == nil {
                    app["id"] = .string(bundle)
                }
                if ImportText.hasPrefix(trimmed, "Output: {") {
                    queryDepth += 1
                    continue
                }
                if trimmed.elementsEqual("}".utf8) {
                    queryDepth = max(0, queryDepth - 1)
                    continue
                }
                if queryDepth > 0 || ImportText.contains(trimmed, "Find: ") { continue }
                section = hasSubtreeHeader ? .after : .tree
            }
            if section == .after {
                if interruptedAt != nil, looksLikeElementLine(trimmed) { unreadElements.append(line.number) }
                continue
            }
            if section == .tree, !pending.entries.isEmpty,
                trimmed.elementsEqual("...".utf8) || trimmed.elementsEqual([0xE2, 0x80, 0xA6])
            {
                // A hand-abridged tree (`      ...`): levels left out, not the end of the tree. What follows nests
                // under the nearest element above it that is indented less; its screen frame places it.
                let indent = line.bytes.prefix { ImportText.isSpace($0) }.count
                pending.elisions.append((pending.entries.count, indent))
                continue
            }
            if !startsLikeElement(trimmed) || isProse(trimmed) {
                // Test-runner chatter ends the tree; without an `Element subtree:` header, the next element
                // line starts another one.
                if hasSubtreeHeader, section == .tree, !pending.entries.isEmpty { interruptedAt = line.number }
                try finish()
                if hasSubtreeHeader { section = .after }
                continue
            }
            if pending.sealed { try finish() }
            var indent = 0
            var start = line.bytes.startIndex
            let all = line.bytes
            while start < all.endIndex {
                if ImportText.isSpace(all[start]) {
                    indent &+= 1
                    start += 1
                } else if let marker = arrowLength(all[start...]) {  // "→" marks the element described
                    if all[start...].starts(with: pathArrow), headerlessPath.isEmpty || pending.entries.isEmpty {
                        headerlessPath.append(line.number)
                    }
                    indent &+= 1
                    start += marker
                } else {
                    break
                }
            }
            let content = Array(ImportText.trimmed(all[start...]))
            let column = start - all.startIndex + 1
            let element: Element
            do throws(ImportError) {
                element = try parseElement(content, line: line.number, column: column)
            } catch {
                // The paste ends inside its last element line (an issue's excerpt cut mid-frame): the tree above it
                // is read and that element left out, never completed by guessing its frame.
                // Cut, not edited: a brace or a quote left open (`{{0.0, 0.0}, {414.0, 896.0}`, `label: 'Sig`).
                let braces = content.count(where: { $0 == UInt8(ascii: "{") })
                let cut =
                    braces > content.count(where: { $0 == UInt8(ascii: "}") })
                    || !content.count(where: { $0 == UInt8(ascii: "'") }).isMultiple(of: 2)
                guard cut, !pending.entries.isEmpty, line.number == lastTextLine else { throw error }
                warn(
                    ImportWarning(
                        line: line.number, column: error.column,
                        message: "the last element line is cut short and the paste ends (\(error.reason)): that "
                            + "element is left out",
                        hint: "copy the whole tree from the test's log to import it"))
                continue
            }
            noteApplication(element, app: &app, source: &extra)
            if macSign == nil, let what = macOnlySign(element) { macSign = (line.number, what) }
            pending.entries.append((indent, element, line.number, column))
        }
        try finish()
        guard !snapshots.isEmpty else {
            if let dispatch = lines.first(where: { ImportText.contains($0.bytes, eventDispatchSnapshot) }) {
                // `Failed to synthesize event: … Event dispatch snapshot: SecureTextField, identifier: '…'` names
                // the element but prints no frame.
                throw ImportError(
                    format: format, line: dispatch.number,
                    reason: "the event dispatch snapshot names the element but prints no frame",
                    hint: "include the `Element debug description:` lines that follow it in the test log (its "
                        + "`Attributes:` line has the frame), or print `app.debugDescription` in the test")
            }
            if let quoted = lines.first(where: { elementInsideText($0.bytes) != nil }) {
                // A failed step's message names the element it acted on, a comment quotes one line: one element,
                // no tree.
                throw ImportError(
                    format: format, line: quoted.number,
                    reason: "the only element is quoted inside text (line \(quoted.number)): it describes the element "
                        + "the text is about, no tree",
                    hint: "print `app.debugDescription` in the test, or import the `Element subtree:` of the failure's "
                        + "log")
            }
            throw ImportError(
                format: format, line: 1, reason: "no element with a frame found",
                hint:
                    "expected an `Element subtree:` of lines like `Button, 0x600…, {{20.0, 100.0}, {353.0, 44.0}}`"
            )
        }
        if let interruptedAt, let first = unreadElements.first {
            warn(
                ImportWarning(
                    line: first,
                    message: "\(unreadElements.count) element line(s) after the text at line \(interruptedAt), which "
                        + "ended the tree, were not read (line "
                        + ImportWarning.lineList(unreadElements) + ")",
                    hint: "the tree's lines must follow one another; remove the text at line \(interruptedAt) and "
                        + "import again to read them"))
        }
        if let macSign {
            warn(
                ImportWarning(
                    line: macSign.line,
                    message: "this looks like a Mac app's tree (\(macSign.what)): read as it is, its frames in the "
                        + "Mac screen's points, but touchlog models iOS touch handling, so a replay of it is what iOS "
                        + "would do",
                    hint: "capture the tree from the app running on an iOS simulator or device to triage touches"))
        }
        if let first = headerlessPath.first {
            warn(
                ImportWarning(
                    line: first,
                    message: "a `Path to element:` chain without its header (`↳` steps): read as one branch of "
                        + "elements, each inside the one before; what else each holds is not in the paste",
                    hint: "print `app.debugDescription` (its `Element subtree:`) to import the whole screen"))
        }
        if let first = zeroSizeGroups.first {
            warn(
                ImportWarning(
                    line: first,
                    message: "\(zeroSizeGroups.count) zero-size element(s) with elements inside read as no view, their "
                        + "elements placed in the one around them (line "
                        + ImportWarning.lineList(zeroSizeGroups) + ")",
                    hint: "XCUITest gives groups that are no view a zero frame; as a 0x0 view one would hide what it "
                        + "holds from every tap"))
        }
        // Under `Element subtree:` headers, the trees are one test's log over time: one session, t = 0, 1, 2….
        // Trees with no header and text between them are pastes of their own (two examples in a README): a session
        // each, so none is replayed as what became of another.
        let sessions = hasSubtreeHeader ? [snapshots] : snapshots.map { [$0] }
        // The bundle id comes last in the file (query chain) but first in a touchlog app object.
        var orderedApp = JSONObject()
        if let id = app["id"] { orderedApp["id"] = id }
        if let name = app["name"] { orderedApp["name"] = name }
        var result: [Record] = []
        for (number, var session) in sessions.enumerated() {
            for position in session.indices {
                session[position].t = Double(position)
                session[position].assignIDs(useAddresses: false)
            }
            let (records, synthetic) = ImportRecords.snapshots(session)
            var members = extra
            if sessions.count > 1 {
                // Which tree of the file this is: the file's bytes name the first, and the others follow it.
                members.append(.init(key: "dump", value: .number(Double(number + 1))))
                members.append(.init(key: "dumps", value: .number(Double(sessions.count))))
            }
            if !synthetic.isEmpty {
                members.append(.init(key: "syntheticWindows", value: .array(synthetic.map { .string($0) })))
            }
            var header = ImportRecords.session(
                format: format, bytes: bytes, sourceName: sourceName, app: orderedApp, source: members)
            if number > 0 {
                header = SessionHeader(
                    session: header.session + "-\(number + 1)", format: header.format, members: header.json)
            }
            result += [.session(header)] + records
        }
        return result
    }

    /// The views of one tree. When the tree is a partial subtree (the `debugDescription` of a cell, not of the
    /// app), the `Path to element:` below it names its ancestors: they are rebuilt above it, so the subtree sits
    /// in its real window at its real place instead of in a synthetic window.
    private static func build(
        _ tree: PendingTree, groups: inout [Int]
    ) throws(ImportError) -> ImportedHierarchy {
        var hierarchy = ImportedHierarchy(orphansShareOneWindow: true)
        var screenFrames: [[Double]] = []
        var ancestors = tree.path.filter { $0.element.type != "Application" }
        if let last = ancestors.last, let first = tree.entries.first,
            last.element.type == first.element.type, last.element.frame == first.element.frame,
            last.element.name == first.element.name
        {
            ancestors.removeLast()  // the described element, printed again as the tree's first line
        }
        if tree.entries.contains(where: { $0.element.type == "Application" || $0.element.type == "Window" }) {
            ancestors = []  // the tree already starts at the top
        }
        var base: Int?
        for (element, line) in ancestors {
            guard element.frame != nil else { continue }
            if let base, hierarchy.isFull(below: base) { break }
            var view = try place(
                element, parent: base, line: line, column: 1, in: hierarchy, screenFrames: &screenFrames)
            // Only the path's own line of each ancestor was printed: its other subviews are unknown.
            view.subviewsTruncated = true
            view.keep("fromPath", true)
            base = hierarchy.add(view, parent: base)
        }
        // Open elements by indentation; index -1 is the Application element, which is not a view.
        var open: [(indent: Int, index: Int)] = base.map { [(-1, $0)] } ?? []
        for (position, entry) in tree.entries.enumerated() {
            for elision in tree.elisions where elision.before == position {
                while let top = open.last, top.indent >= elision.indent { open.removeLast() }
                if let top = open.last, top.index >= 0 { hierarchy.views[top.index].subviewsTruncated = true }
            }
            while let top = open.last, top.indent >= entry.indent { open.removeLast() }
            if entry.element.type == "Application" {
                open.append((entry.indent, -1))
                continue
            }
            let parent = open.last.flatMap { $0.index >= 0 ? $0.index : nil }
            // A zero-size element with elements inside it (a group XCUITest gives no frame, the status bar's, the
            // top of a cell's path) is no view: as a 0x0 view it would hide everything inside it from a hit test,
            // which does not search a view that does not contain the point. Its elements hang from its parent.
            let holdsOthers = position + 1 < tree.entries.count && tree.entries[position + 1].indent > entry.indent
            if holdsOthers, let frame = entry.element.frame, frame.count == 4, frame[2] == 0, frame[3] == 0 {
                open.append((entry.indent, parent ?? -1))
                groups.append(entry.line)
                continue
            }
            if let parent, hierarchy.isFull(below: parent) {
                throw ImportError(
                    format: format, line: entry.line, column: entry.column,
                    reason: "elements nest deeper than \(FormatLimits.maximumViewDepth) levels",
                    hint: "no UIKit hierarchy is that deep; check the indentation")
            }
            let view = try place(
                entry.element, parent: parent, line: entry.line, column: entry.column, in: hierarchy,
                screenFrames: &screenFrames)
            open.append((entry.indent, hierarchy.add(view, parent: parent)))
        }
        return hierarchy
    }

    /// The view for `element` under `parent`, its screen frame made relative to the parent's (appended to
    /// `screenFrames`, which parallels the hierarchy's views).
    private static func place(
        _ element: Element, parent: Int?, line: Int, column: Int, in hierarchy: ImportedHierarchy,
        screenFrames: inout [[Double]]
    ) throws(ImportError) -> ImportedView {
        guard let screen = element.frame else {
            // A tree kept in a test's code as a template (`f"    Other, 0x…, {overlay_frame}, …"`): a name in
            // braces where the frame goes is filled in when the test runs, and the paste does not hold it.
            if let placeholder = element.flags.first(where: { $0.hasPrefix("{") && $0.hasSuffix("}") }) {
                throw ImportError(
                    format: format, line: line, column: column,
                    reason: "the element '\(element.type)' has '\(placeholder)' where its frame goes: a placeholder of "
                        + "the code the tree is kept in, not a frame",
                    hint: "print the tree from the test run (`app.debugDescription`) and import that")
            }
            if element.type == "MenuBarItem" {
                throw ImportError(
                    format: format, line: line, column: column,
                    reason: "the element 'MenuBarItem' has no frame: XCUITest prints a menu bar's items without one "
                        + "(a Mac app's, or an iPad app's menu bar), and a tree whose elements cannot all be placed is "
                        + "not imported",
                    hint:
                        "print the tree of the app's window (`app.windows.firstMatch.debugDescription`) and import that"
                )
            }
            throw ImportError(
                format: format, line: line, column: column,
                reason: "the element '\(element.type)' has no frame",
                hint: "expected `{{x, y}, {w, h}}` after the address, as debugDescription prints it")
        }
        var view = makeView(
            element, parentClass: parent.map { hierarchy.views[$0].className }, line: line)
        var screenFrame = screen
        if let parent, parent < screenFrames.count {
            // Screen coordinates to the superview's: XCUITest knows no scroll offsets or transforms, so
            // this is exact only when the ancestors have none (docs/importers.md).
            let origin = screenFrames[parent]
            if element.rawFrame != nil { screenFrame = [origin[0], origin[1], 0, 0] }
            view.frame = Rect(
                screenFrame[0] - origin[0], screenFrame[1] - origin[1], screenFrame[2], screenFrame[3])
        } else {
            view.frame = Rect(importing: screen)
        }
        screenFrames.append(screenFrame)
        return view
    }

    /// What XCTest prints before the element an event was synthesized for.
    static let eventDispatchSnapshot = "Event dispatch snapshot: "

    /// `→` (U+2192) marks the element described; `↳` (U+21B3) each step of a path.
    private static let arrow: [UInt8] = [0xE2, 0x86, 0x92]

    /// The length of the mark of the element described at the start of `bytes`: `→`, or `->` as a paste that lost the
    /// character retypes it (only right before an element's name, so an arrow in prose is not one); nil for none.
    /// A path's step mark `↳` counts too: a `Path to element:` chain whose header was cut off reads as a tree of one
    /// branch, each step a level deeper than the one before.
    private static func arrowLength(_ bytes: ArraySlice<UInt8>) -> Int? {
        if bytes.starts(with: arrow) { return arrow.count }
        if bytes.starts(with: pathArrow) { return pathArrow.count }
        let ascii = bytes.dropFirst(2)
        guard bytes.starts(with: "->".utf8), let next = ascii.first, ImportText.isLetter(next) else { return nil }
        return 2
    }
    private static let pathArrow: [UInt8] = [0xE2, 0x86, 0xB3]

    private static func dropMarkers(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var rest = bytes
        while true {
            if rest.starts(with: arrow) || rest.starts(with: pathArrow) {
                rest = ImportText.trimmed(rest.dropFirst(3))
            } else {
                return rest
            }
        }
    }

    /// A tree kept in code as comments (`    //Button, 0x…, {{…}}` lines in a page object, after its `struct` line): each
    /// commented line without its leader, so the indentation after the leader nests the tree. The author's other
    /// comments among them (`// CollectionView // Cell`) are notes inside the tree, read as blank lines rather than
    /// as chatter that ends it. Lines as they were when no commented line is an element.
    static func commentedTree(_ lines: [ImportText.Line]) -> [ImportText.Line] {
        let uncommented = lines.map(withoutCommentLeader)
        guard
            uncommented.indices.contains(where: {
                uncommented[$0].bytes.count < lines[$0].bytes.count && looksLikeElementLine(uncommented[$0].bytes)
            })
        else { return lines }
        return uncommented.indices.map { index in
            var line = uncommented[index]
            let commented = line.bytes.count < lines[index].bytes.count
            let trimmed = ImportText.trimmed(line.bytes)
            if commented, !looksLikeElementLine(line.bytes), !trimmed.elementsEqual("Element subtree:".utf8),
                !ImportText.hasPrefix(trimmed, "Attributes: ")
            {
                line.bytes = line.bytes.prefix(0)
            }
            return line
        }
    }

    /// The line after a `//` or `///` leader (and the whitespace before it), or the line as it is.
    static func withoutCommentLeader(_ line: ImportText.Line) -> ImportText.Line {
        let bytes = Array(line.bytes)
        var index = 0
        while index < bytes.count, ImportText.isSpace(bytes[index]) { index += 1 }
        guard bytes[index...].starts(with: "//".utf8) else { return line }
        index += 2
        while index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        var result = line
        result.bytes = line.bytes.dropFirst(index)
        return result
    }

    /// A line without the NSLog or os_log stamp it starts with (`2024-05-02 10:31:07.123 WebDriverAgentRunner-Runner[812:4411] `):
    /// WebDriverAgent logs a long tree in several records, each stamped on its first line, and the tree's
    /// indentation goes on after the stamp (its own separating space is not the tree's).
    ///
    /// Appium's server log tags each line of xcodebuild's output it passes on (`[Xcode] `, `[WebDriverAgent] `, after
    /// `[debug] ` and the like): the tags are set aside too, and the tree's indentation goes on after them.
    static func withoutLogStamp(_ line: ImportText.Line) -> ImportText.Line {
        var result = line
        if let stamp = RecursiveDescriptionImporter.nslogPrefix(Array(line.bytes)) {
            result.bytes = line.bytes.dropFirst(stamp.contentStart)
        }
        var rest = result.bytes
        while let tag = logTagLength(rest) { rest = rest.dropFirst(tag) }
        if rest.count < result.bytes.count {
            // The tree's own indentation follows the tag's separating space.
            result.bytes = rest
        }
        return result
    }

    /// `[Xcode] ` at the start of `bytes` (a word of letters, digits, spaces, `-` or `_` in brackets, then a space):
    /// its length. No element line starts with `[`.
    private static func logTagLength(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.first == UInt8(ascii: "[") else { return nil }
        var index = bytes.startIndex + 1
        while index < bytes.endIndex, index - bytes.startIndex < 40,
            ImportText.isLetter(bytes[index]) || ImportText.isDigit(bytes[index]) || bytes[index] == 0x20
                || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "_")
        {
            index += 1
        }
        guard index > bytes.startIndex + 1, index + 1 < bytes.endIndex, bytes[index] == UInt8(ascii: "]"),
            bytes[index + 1] == 0x20
        else { return nil }
        return index + 2 - bytes.startIndex
    }

    /// A line of a tree printed as a Swift or Objective-C string (`label: \'Button A\'`, `identifier: \'main\'`): its
    /// `\'` escapes undone, so quoted values read as XCTest printed them. Only when a value opens that way (`: \'`),
    /// so a backslash in a label of an unescaped tree stays.
    static func withoutEscapedQuotes(_ line: ImportText.Line) -> ImportText.Line {
        guard ImportText.contains(line.bytes, ": \\'") else { return line }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.bytes.count)
        var index = line.bytes.startIndex
        while index < line.bytes.endIndex {
            if line.bytes[index] == UInt8(ascii: "\\"), index + 1 < line.bytes.endIndex,
                line.bytes[index + 1] == UInt8(ascii: "'")
            {
                index += 1
                continue
            }
            bytes.append(line.bytes[index])
            index += 1
        }
        return ImportText.Line(number: line.number, bytes: bytes[...])
    }

    /// A tree printed as one string with `\n` escapes (a test log quoting `app.debugDescription`, a JSON
    /// report): its lines, all numbered with the quoted line's number. A line counts as one when it holds a `\n`
    /// escape and, unescaped, an `Element subtree:` header or at least two element lines.
    static func unfoldEscapedTrees(_ lines: [ImportText.Line]) -> [ImportText.Line] {
        var result: [ImportText.Line] = []
        for line in lines {
            let bytes = Array(line.bytes)
            guard ImportText.contains(bytes, "\\n") else {
                result.append(line)
                continue
            }
            // Quoted when a `"` comes before the first escape: the string opens at the last one (unescaped) before
            // it, since a JSON object names its members in quotes first, and runs to its closing quote.
            let firstEscape = ImportText.firstIndex(of: Array("\\n".utf8), in: bytes) ?? 0
            let quote = bytes.indices[0..<firstEscape].last {
                bytes[$0] == UInt8(ascii: "\"") && ($0 == 0 || bytes[$0 - 1] != UInt8(ascii: "\\"))
            }
            var text =
                quote.map { EscapedDump.unescape(bytes, from: $0 + 1, quoted: true).text }
                ?? EscapedDump.unescape(bytes, from: 0, quoted: false).text
            // Quoted in Markdown prose as `` `"…`.... ``: the string's closing quote was never pasted, and the
            // code span's backtick ends it instead; what follows is the prose's.
            if let quote, quote > 0, bytes[quote - 1] == UInt8(ascii: "`"),
                let tick = text.firstIndex(of: UInt8(ascii: "`"))
            {
                text = Array(text[..<tick])
            }
            let inner = ImportText.lines(text)
            let elements = inner.filter { looksLikeElementLine(dropMarkers(ImportText.trimmed($0.bytes))) }.count
            let header = inner.contains { ImportText.trimmed($0.bytes).elementsEqual("Element subtree:".utf8) }
            guard header || elements >= 2 else {
                result.append(line)
                continue
            }
            // The text is copied into each line, so that the slices outlive `text`.
            for innerLine in inner {
                result.append(ImportText.Line(number: line.number, bytes: ArraySlice(Array(innerLine.bytes))))
            }
        }
        return result
    }

    /// Joins an element line whose quoted label or value holds newlines (`label: 'Line one` then `Line two'`)
    /// with its continuation lines, so a continuation is never read as chatter that ends the tree. A
    /// continuation stops before a line that reads like an element or a section header, so a quote left open
    /// by mistake costs one label, not the rest of the tree.
    static func logicalLines(_ lines: [ImportText.Line]) -> [ImportText.Line] {
        var result: [ImportText.Line] = []
        result.reserveCapacity(lines.count)
        var index = 0
        while index < lines.count {
            var line = lines[index]
            index += 1
            let trimmed = ImportText.trimmed(line.bytes)
            let startsElement =
                ImportText.hasPrefix(trimmed, "Attributes: ") || startsLikeElement(dropMarkers(trimmed))
            // A frame wrapped onto a line of its own (`Button, label: 'New'` then `    at {{290.7, 66.0}, {37.3, 36.0}}`,
            // as some notes lay a long element out) belongs to the element above it.
            if startsElement, index < lines.count,
                ImportText.hasPrefix(ImportText.trimmed(lines[index].bytes), "at {{")
            {
                line.bytes =
                    (Array(line.bytes) + Array(", ".utf8)
                    + Array(ImportText.trimmed(lines[index].bytes).dropFirst(3)))[...]
                index += 1
            }
            guard startsElement, endsQuoted(line.bytes, quoted: false) else {
                result.append(line)
                continue
            }
            var joined = Array(line.bytes)
            var quoted = true
            while quoted, index < lines.count, !isBoundary(lines[index].bytes) {
                joined.append(0x0A)
                joined += lines[index].bytes
                quoted = endsQuoted(lines[index].bytes, quoted: true)
                index += 1
            }
            line.bytes = joined[...]
            result.append(line)
        }
        return result
    }

    /// Whether a line starts something of its own (an element or a section), so it cannot continue a label.
    private static func isBoundary(_ bytes: ArraySlice<UInt8>) -> Bool {
        let trimmed = ImportText.trimmed(bytes)
        return looksLikeElementLine(dropMarkers(trimmed)) || ImportText.hasPrefix(trimmed, "Attributes: ")
            || ["Element subtree:", "Path to element:", "Query chain:"].contains {
                trimmed.elementsEqual($0.utf8)
            }
    }

    /// Whether `bytes` end inside a quoted value, by the rule ``split(_:)`` reads quotes with (``togglesQuote``).
    private static func endsQuoted(_ bytes: ArraySlice<UInt8>, quoted start: Bool) -> Bool {
        let c = Array(bytes)
        var quoted = start
        for i in c.indices where togglesQuote(c, at: i, quoted: quoted) { quoted.toggle() }
        return quoted
    }

    /// Whether the byte at `i` opens a quoted value (outside one) or closes it (inside one): a quote opens right
    /// after `: ` and closes at a quote followed by a comma or the end of the line, since labels may hold quotes,
    /// commas and braces.
    private static func togglesQuote(_ c: [UInt8], at i: Int, quoted: Bool) -> Bool {
        guard c[i] == UInt8(ascii: "'") else { return false }
        if quoted { return i + 1 == c.count || c[i + 1] == UInt8(ascii: ",") }
        return i >= 2 && c[i - 1] == 0x20 && c[i - 2] == UInt8(ascii: ":")
    }

    // MARK: Elements

    struct Element {
        var type: String
        var name: String?
        var address: String?
        var frame: [Double]?
        var rawFrame: String?
        var attributes: [(key: String, value: String)] = []
        var flags: [String] = []
    }

    /// `Type[ (name)], 0xADDR, {{x, y}, {w, h}}, key: 'value', Flag` (Xcode 10 and later) or the older
    /// `Type 0xADDR: traits: N, {{x, y}, {w, h}}, label: 'value'`.
    static func parseElement(_ content: [UInt8], line: Int, column: Int) throws(ImportError)
        -> Element
    {
        let segments = split(withoutAccessibilityElement(content))
        let first = Array(ImportText.trimmed(segments.first ?? []))
        var typeEnd = 0
        while typeEnd < first.count, ImportText.isLetter(first[typeEnd]) { typeEnd += 1 }
        guard typeEnd > 0, typeEnd == first.count || first[typeEnd] == 0x20 else {
            throw ImportError(
                format: format, line: line, column: column,
                reason: "'\(ImportText.string(content.prefix(40)))' is not an element line",
                hint: "expected `Button, 0x600…, {{x, y}, {w, h}}, identifier: 'login', label: 'Log In'`")
        }
        var element = Element(type: ImportText.string(first[0..<typeEnd]))
        var rest = ImportText.trimmed(first[typeEnd...])
        if rest.first == UInt8(ascii: "("), let close = rest.firstIndex(of: UInt8(ascii: ")")) {
            element.name = ImportText.string(rest[(rest.startIndex + 1)..<close])
            rest = ImportText.trimmed(rest[(close + 1)...])
        }
        if ImportText.hasPrefix(rest, "0x") {
            let end =
                rest.firstIndex { $0 == UInt8(ascii: ":") || ImportText.isSpace($0) } ?? rest.endIndex
            element.address = ImportText.string(rest[rest.startIndex..<end])
            rest = ImportText.trimmed(rest[end...])
            if rest.first == UInt8(ascii: ":") { rest = ImportText.trimmed(rest.dropFirst()) }
        }
        if !rest.isEmpty {
            if isFrame(rest) || ImportText.contains(rest, ": ") {
                try addSegment(rest, to: &element, line: line, column: column)
            } else {
                element.name = ImportText.string(rest)  // Xcode 9: `Window 0x6080…: Main Window, {{…}}`
            }
        }
        for segment in segments.dropFirst() {
            try addSegment(ImportText.trimmed(segment), to: &element, line: line, column: column)
        }
        return element
    }

    /// Xcode 7 and 8 print the element's accessibility reference right after its frame:
    /// `Other 0x7fa0…: {{0.0, 692.0}, {414.0, 44.0}}<XCAccessibilityElement: 0x7fa0…> pid: 6728, context: …,
    /// payload: { pid = 6728; "uid.elementID" = 202; … }`. The reference goes, and what it says after it is read as
    /// the `key: value` parts it is (kept as imported fields).
    private static func withoutAccessibilityElement(_ content: [UInt8]) -> [UInt8] {
        let marker = Array("<XCAccessibilityElement".utf8)
        guard let start = ImportText.firstIndex(of: marker, in: content),
            let close = content[start...].firstIndex(of: UInt8(ascii: ">"))
        else { return content }
        return Array(content[0..<start]) + Array(", ".utf8) + Array(content[(close + 1)...])
    }

    /// One comma-separated part after the type: a frame, an address, `key: value` or a flag word.
    private static func addSegment(
        _ text: ArraySlice<UInt8>, to element: inout Element, line: Int, column: Int
    )
        throws(ImportError)
    {
        if text.isEmpty { return }
        if isFrame(text) {
            guard let rect = DescribedGeometry.rect(text) ?? DescribedGeometry.rect(framePrefix(text)) else {
                throw ImportError(
                    format: format, line: line, column: column,
                    reason: "'\(ImportText.string(text.prefix(60)))' is not a frame",
                    hint: "expected `{{x, y}, {w, h}}`")
            }
            if rect.allSatisfy(\.isFinite) {
                element.frame = rect
            } else {
                // Offscreen elements print `{{inf, inf}, {0.0, 0.0}}`: place them nowhere, keep the text.
                element.frame = [0, 0, 0, 0]
                element.rawFrame = ImportText.string(text)
            }
            return
        }
        if ImportText.hasPrefix(text, "0x"), element.address == nil, !text.contains(0x20) {
            element.address = ImportText.string(text)
            return
        }
        guard let colon = ImportText.firstIndex(of: [0x3A, 0x20], in: Array(text)) else {
            element.flags.append(ImportText.string(text))
            return
        }
        let bytes = Array(text)
        let key = ImportText.string(bytes[0..<colon])
        var value = ImportText.trimmed(bytes[(colon + 2)...])
        if value.count >= 2, value.first == UInt8(ascii: "'"), value.last == UInt8(ascii: "'") {
            value = value.dropFirst().dropLast()
        } else if value.count >= 1, value.first == UInt8(ascii: "'") {
            value = value.dropFirst()
        }
        element.attributes.append((key, ImportText.string(value)))
    }

    /// `{{x, y}, {w, h}}`, also as an element's debug description prints it: `{ {151.0, 284.0}, {254.0, 40.0} }`.
    /// The `{{x, y}, {w, h}}` a segment opens with, when only punctuation follows it (the closing backtick, quote or
    /// dots of the prose a tree was quoted in: `{{0.0, 0.0}, {768.0, 1024.0}}`....`; an author's `  <<<<` marking the
    /// line); otherwise the segment as it is, so a frame with a stray word still fails.
    private static func framePrefix(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                guard depth == 0 else { continue }
                // Punctuation only: what a paste leaves, or the marker an author put after the line (`  <<<<`,
                // `  <--`, `  ***`). A letter or a digit is a stray word, and fails.
                let rest = text[(index + 1)...]
                let marks = rest.allSatisfy {
                    $0 == 0x20 || $0 == 0x09
                        || ($0 > 0x20 && $0 < 0x7F && !ImportText.isLetter($0) && !ImportText.isDigit($0)
                            && $0 != UInt8(ascii: "{")
                            && $0 != UInt8(ascii: "}") && $0 != UInt8(ascii: ","))
                }
                return marks ? text[...index] : text
            default: break
            }
        }
        return text
    }

    /// `{{x, y}, {w, h}}`, or the flat `{x, y, w, h}` a hand-abridged tree writes (`Window (Main), {0.0, 0.0, 402.0,
    /// 874.0}`), read as the recursiveDescription importer reads `{0, 0, 393, 852}`: four numbers, in that order.
    private static func isFrame(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.first == UInt8(ascii: "{") else { return false }
        if text.dropFirst().first(where: { !ImportText.isSpace($0) }) == UInt8(ascii: "{") { return true }
        return text.last == UInt8(ascii: "}") && !text.dropFirst().contains(UInt8(ascii: "{"))
            && DescribedGeometry.rect(text) != nil
    }

    /// Splits at commas outside `{…}` and outside quoted values (``togglesQuote``), since labels may hold commas
    /// and braces.
    private static func split(_ c: [UInt8]) -> [ArraySlice<UInt8>] {
        var segments: [ArraySlice<UInt8>] = []
        var start = 0
        var depth = 0
        var quoted = false
        var i = 0
        while i < c.count {
            let byte = c[i]
            if togglesQuote(c, at: i, quoted: quoted) {
                quoted.toggle()
            } else if quoted {
                // Inside a quoted value: braces and commas are the label's.
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth = max(0, depth - 1)
            } else if byte == UInt8(ascii: ","), depth == 0 {
                segments.append(c[start..<i])
                start = i + 1
            }
            i += 1
        }
        segments.append(c[start..<c.count])
        return segments
    }

    private static func makeView(_ element: Element, parentClass: String?, line: Int) -> ImportedView {
        var view = ImportedView(
            className: XCUIElementType.uikitClass(element.type, parentClass: parentClass), line: line)
        view.keep("elementType", .string(element.type))
        if let name = element.name { view.keep("name", .string(name)) }
        if let address = element.address { view.keep("address", .string(address)) }
        if let raw = element.rawFrame { view.keep("frame", .string(raw)) }
        for (key, value) in element.attributes {
            switch key {
            case "identifier" where view.accessibilityIdentifier == nil:
                if !value.isEmpty { view.accessibilityIdentifier = value }
            case "label" where view.accessibilityLabel == nil:
                if !value.isEmpty { view.accessibilityLabel = value }
            case "value" where XCUIElementType.textInputs.contains(element.type) && view.text == nil:
                view.text = value
            case "placeholderValue": view.keep("placeholder", .string(value))
            case "hasKeyboardFocus" where ["true", "1", "YES"].contains(value),
                "keyboardFocus" where ["true", "1", "YES"].contains(value):
                view.isFirstResponder = true
            default: view.keep(key, .string(value))
            }
        }
        for flag in element.flags {
            switch flag {
            case "Disabled": XCUIElementType.markDisabled(&view, type: element.type)
            case "Selected": view.keep("isSelected", true)
            case "Focused", "hasKeyboardFocus", "Keyboard Focused", "HasKeyboardFocus":
                view.isFirstResponder = true
            default: view.keep(flag, true)
            }
        }
        if element.type == "SecureTextField" { view.keep("isSecureTextEntry", true) }
        // XCUITest lists only accessible elements, and a label that shows up reacts to nothing by itself;
        // touchlog's defaults for UILabel/UIImageView (interaction off) are what the tree implies.
        return view
    }

    /// What marks `element` as a Mac app's: an attribute or a type XCUITest prints for macOS elements only (a
    /// window's `title: 'Cockpit'`, a menu bar). Nil when an iOS tree could hold it.
    static func macOnlySign(_ element: Element) -> String? {
        if let title = element.attributes.first(where: { $0.key == "title" && !$0.value.isEmpty }) {
            return "\(element.type) with `title: '\(title.value.prefix(30))'`"
        }
        if ["MenuBar", "MenuBarItem", "Menu", "MenuItem", "DockItem"].contains(element.type) {
            return "a `\(element.type)` element"
        }
        return nil
    }

    private static func noteApplication(
        _ element: Element, app: inout JSONObject, source: inout [JSONObject.Member]
    ) {
        guard element.type == "Application" else { return }
        for (key, value) in element.attributes {
            if key == "label", app["name"] == nil, !value.isEmpty { app["name"] = .string(value) }
            if key == "pid", !source.contains(where: { $0.key == "pid" }), let pid = Int(value) {
                source.append(.init(key: "pid", value: .number(Double(pid))))
            }
        }
    }

    /// The bundle id in a query chain line `→Find: Target Application 'com.example.shop'`.
    private static func targetApplication(_ bytes: [UInt8]) -> String? {
        let marker = Array("Target Application '".utf8)
        guard let start = ImportText.firstIndex(of: marker, in: bytes) else { return nil }
        let from = start + marker.count
        guard let end = bytes[from...].firstIndex(of: UInt8(ascii: "'")) else { return nil }
        let bundle = ImportText.string(bytes[from..<end])
        return bundle.isEmpty ? nil : bundle
    }

    /// `Word`, then the end, `, `, ` (` or ` 0x`: the start of every element line, and of no test-log chatter.
    private static func startsLikeElement(_ trimmed: ArraySlice<UInt8>) -> Bool {
        var content = trimmed
        if let marker = arrowLength(content) { content = content.dropFirst(marker) }
        var end = content.startIndex
        while end < content.endIndex, ImportText.isLetter(content[end]) { end += 1 }
        guard end > content.startIndex else { return false }
        let rest = content[end...]
        return rest.isEmpty || ImportText.hasPrefix(rest, ", ") || ImportText.hasPrefix(rest, " (")
            || ImportText.hasPrefix(rest, " 0x")
    }

    /// A sentence that happens to start like an element (`Thanks, but below is the tree:`): its first word is no
    /// XCUITest element type and it holds no frame, so it is chatter, not an element without one.
    private static func isProse(_ trimmed: ArraySlice<UInt8>) -> Bool {
        var content = trimmed
        if let marker = arrowLength(content) { content = content.dropFirst(marker) }
        let word = content.prefix { ImportText.isLetter($0) }
        return XCUIElementType.classes[ImportText.string(word)] == nil && !ImportText.contains(trimmed, "{")
    }

    /// Whether a line reads like an element of a tree (for detection without the `Element subtree:` header).
    static func looksLikeElementLine(_ bytes: ArraySlice<UInt8>) -> Bool {
        var content = ImportText.trimmed(bytes)
        if let marker = arrowLength(content) { content = content.dropFirst(marker) }
        var end = content.startIndex
        while end < content.endIndex, ImportText.isLetter(content[end]) { end += 1 }
        guard end > content.startIndex,
            XCUIElementType.classes[ImportText.string(content[content.startIndex..<end])] != nil
        else { return false }
        let rest = content[end...]
        return ImportText.hasPrefix(rest, ", 0x") || ImportText.hasPrefix(rest, ", {{")
            || (ImportText.hasPrefix(rest, " (") && ImportText.contains(rest, "{{"))
            || (isAddressThenColon(rest) && ImportText.contains(rest, "{{"))
    }

    /// Where an element described inside a sentence starts (`… keyboard focus. Element: Application 0x600…: {{0.0,
    /// 0.0}, {390.0, 844.0}}, label: 'MyApp'`, what a failed step prints): an element after other text on the line,
    /// never one the line starts with. Nil when the line names none.
    static func elementInsideText(_ bytes: ArraySlice<UInt8>) -> Int? {
        let content = ImportText.trimmed(bytes)
        var index = content.startIndex + 1
        while index < content.endIndex {
            defer { index += 1 }
            guard content[index] >= 0x41, content[index] <= 0x5A, !ImportText.isLetter(content[index - 1]) else {
                continue
            }
            if looksLikeElementLine(content[index...]) { return index }
        }
        return nil
    }

    /// ` 0x60800009c480:` — Xcode 8 and 9 print the address after a space and end it with a colon.
    private static func isAddressThenColon(_ rest: ArraySlice<UInt8>) -> Bool {
        guard ImportText.hasPrefix(rest, " 0x") else { return false }
        var index = rest.startIndex + 3
        let digits = index
        while index < rest.endIndex, ImportText.isHexDigit(rest[index]) { index += 1 }
        return index > digits && index < rest.endIndex && rest[index] == UInt8(ascii: ":")
    }
}
