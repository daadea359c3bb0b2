/// Imports `-[UIView recursiveDescription]` dumps: lldb `po`, Chisel `pviews`, Cycript, NSLog output.
///
/// ```text
/// (lldb) po [[UIWindow keyWindow] recursiveDescription]
/// <UIWindow: 0x7fb1c2d0a2b0; frame = (0 0; 393 852); gestureRecognizers = <NSArray: 0x600>; layer = <UIWindowLayer: 0x600>>
///    | <UITextField: 0x7fb1c2d0b000; frame = (20 100; 353 34); text = ''; opaque = NO; layer = <CALayer: 0x600>>
/// ```
///
/// Pastes come as consoles print them: behind NSLog/os_log stamps or lldb/Cycript prompts (on the first line or on
/// every line), indented with `   | `, spaces or tabs, mixed with `(layer)` lines and console chatter, often cut from
/// the middle of a tree. Each command, or stamped parentless line, starts a new snapshot; views with no parent in the
/// paste share one synthetic window. The variants and the mapping are in docs/importers.md.
public enum RecursiveDescriptionImporter: HierarchyImporter {
    public static let format = ImportFormat.recursiveDescription

    /// How a line of a dump reads once its console prefix and its indentation are set aside.
    enum LineKind: Equatable {
        case blank, command, elided, layer, view, text
        /// Text naming a view an earlier line of the paste already named: the view is read once.
        case repeated
        /// An object that is no view, printed beside the dump (a controller printed alone, `_printHierarchy`'s line,
        /// a trait collection): left out, and like a repeated view it neither nests nor breaks a dump, so a
        /// responder chain's views, the controller between them, stay one printout.
        case otherObject
    }

    struct ClassifiedLine {
        var number: Int
        var kind: LineKind
        /// Width of the indentation in columns (a tab advances to the next multiple of 4), whitespace before a
        /// console prefix included. Nesting compares widths, so any unit works: `   | `, 2 or 4 spaces, tabs, and a
        /// Markdown block that indents every line.
        var indent: Int = 0
        /// Number of `|` in the indentation: lldb's depth marks, so 0 means a root as printed.
        var pipes: Int = 0
        var content: [UInt8] = []
        /// 1-based column of `content` in the original line; `nil` when the line came out of a quoted string.
        var column: Int? = 1
        /// `_contentView` in `_contentView <UIView: …>`: the instance variable the view was printed under.
        var ivar: String?
        /// Seconds of the NSLog/os_log timestamp the line starts with.
        var timestamp: Double?
        var timestampText: String?
        var process: String?

        init(number: Int, kind: LineKind) {
            self.number = number
            self.kind = kind
        }
    }

    public static func convert(
        _ bytes: [UInt8], sourceName: String, warn: (ImportWarning) -> Void
    ) throws(ImportError)
        -> [Record]
    {
        var source = bytes
        var unescapedLines: Set<Int> = []
        if let html = HTMLEscapedDump(bytes) {
            // A dump shown in a web page (`&lt;UIWindow: …&gt;` inside `<pre>`): read with the entities undone.
            source = html.text
            unescapedLines = html.changedLines
            warn(
                ImportWarning(
                    line: html.firstLine,
                    message: "the dump is HTML-escaped (`&lt;`, `&gt;`): read with the entities undone and the page's "
                        + "tags left out",
                    hint: "columns in later messages count the unescaped text"))
        }
        var classified = ImportText.lines(source).map(classify)
        for position in classified.indices where unescapedLines.contains(classified[position].number) {
            classified[position].column = nil
        }
        var lines = expandQuotedDumps(unfoldArrayPrints(classified))
        readSwiftArrayPrints(&lines, warn: warn)
        readViewsInsideText(&lines, warn: warn)
        lines = unfoldJoinedLines(lines, warn: warn)
        // Notes that print a view dump, then `_printHierarchy`'s controllers, then another dump: the controllers'
        // lines are what the author printed between the dumps, not views. Only beside real views: a file of them
        // alone is refused below, saying what it is.
        // Chisel's `presponder` prints the responder chain child first, each next responder a `|` deeper: the bars
        // invert the views' nesting, and controllers and the application sit among them. No tree: left out.
        let chains = responderChains(in: lines)
        for chain in chains {
            for index in chain { lines[index].kind = .text }
        }
        if let chain = chains.first, !lines.contains(where: { $0.kind == .view }) {
            throw ImportError(
                format: format, line: lines[chain.lowerBound].number,
                reason: "this is Chisel's `presponder` output (a view's next responders up to the application), not a "
                    + "view dump",
                hint: "print the tree with `pviews` or `po view.recursiveDescription()` in lldb and import that")
        }
        if let chain = chains.first {
            warn(
                ImportWarning(
                    line: lines[chain.lowerBound].number,
                    message: "\(chains.count) responder chain(s) printed by `presponder` left out (lines "
                        + ImportWarning.rangeList(
                            chains.map { lines[$0.lowerBound].number...lines[$0.upperBound].number })
                        + "): each lists a view's next responders, which is no view tree",
                    hint: "the views of a dump beside it are read; `pviews` prints the tree"))
        }
        let scenes = OtherViewPrintout.sceneDescriptions(in: lines)
        for scene in scenes {
            for index in scene { lines[index].kind = .text }
        }
        if let scene = scenes.first, lines.contains(where: { $0.kind == .view }) {
            warn(
                ImportWarning(
                    line: lines[scene.lowerBound].number,
                    message: "\(scenes.count) UIWindowScene description(s) left out (lines "
                        + ImportWarning.rangeList(
                            scenes.map { lines[$0.lowerBound].number...lines[$0.upperBound].number })
                        + "): a scene lists its windows without their subviews",
                    hint: "the views of the dump beside it are read"))
        }
        // A log line that makes a view the subject of a sentence (UIKit's `<UIView: 0x…; …>'s window is not equal to
        // <…>'s view's window!`) is about that view, not a tree line of a dump.
        let sentences = lines.indices.filter { lines[$0].kind == .view && isSentenceAboutView(lines[$0].content) }
        for index in sentences { lines[index].kind = .text }
        if !sentences.isEmpty, lines.contains(where: { $0.kind == .view }) {
            warn(
                ImportWarning(
                    line: lines[sentences[0]].number,
                    message: "\(sentences.count) line(s) that name a view in a sentence left out (line "
                        + ImportWarning.lineList(sentences.map { lines[$0].number })
                        + "): a message about a view, not a line of the dump",
                    hint: "the views of the dump beside it are read"))
        }
        // The lines that describe no view by themselves, each line read once; a list's lines (all view lines) join
        // them below.
        let noView = lines.indices.filter {
            lines[$0].kind == .view
                && (OtherViewPrintout(content: lines[$0].content) != nil || isBareDescription(lines[$0].content)
                    || describesOtherObject(lines[$0].content))
        }
        let viewLines = lines.count(where: { $0.kind == .view })
        // A list's views are left out only beside other views: when that would leave none (a controller logged,
        // then a controller and the window: the window is what the paste holds), only the objects that are no views
        // are.
        var printouts = Set(noView).union(objectLists(in: lines)).sorted()
        if printouts.count >= viewLines { printouts = noView }
        if !printouts.isEmpty, printouts.count < viewLines {
            for index in printouts { lines[index].kind = .otherObject }
            warn(
                ImportWarning(
                    line: lines[printouts[0]].number,
                    message: "\(printouts.count) line(s) that describe no view left out (line "
                        + printouts.map { String(lines[$0].number) }.joined(separator: ", ") + ")",
                    hint: "`_printHierarchy` output, an object printed alone (`po self`: `<ViewController: 0x…>`) "
                        + "or another object's description (`<UITraitCollection: 0x…; …>`) printed beside the dump; "
                        + "the views of the dump are read"))
        }
        do throws(ImportError) {
            return try read(lines, bytes: bytes, sourceName: sourceName, warn: warn)
        } catch {
            // What lldb prints about views besides recursiveDescription has no frames: say what it is and what to
            // capture instead, rather than which of its lines is no view description.
            throw OtherViewPrintout.refusal(in: lines) ?? OtherViewPrintout.touchLogRefusal(in: lines) ?? error
        }
    }

    /// A description the author cut by hand, closed where the cut is (`…; frame = (0 0; 10 10); ......` becomes
    /// `…; frame = (0 0; 10 10); >`): when it ends in three or more dots or `…`, or the next line is only those. Nil
    /// for a line cut some other way (by a paste's end, or a label's newline, which the caller joins).
    static func authorsCut(_ content: [UInt8], before next: ClassifiedLine?) -> [UInt8]? {
        // Apple's technical notes shorten descriptions with a bracketed ellipsis: `…; layer = […]`, `…; [...]`.
        let trimmed = ImportText.trimmed(content[...])
        for elision in [Array("[…]".utf8), Array("[...]".utf8)]
        where trimmed.count >= elision.count && trimmed.suffix(elision.count).elementsEqual(elision) {
            var cut = trimmed.endIndex - elision.count
            // `layer = […]`: the key whose value was elided goes with it.
            var keyStart = cut
            while keyStart > trimmed.startIndex, ImportText.isSpace(trimmed[keyStart - 1]) { keyStart -= 1 }
            if keyStart > trimmed.startIndex, trimmed[keyStart - 1] == UInt8(ascii: "=") {
                keyStart -= 1
                while keyStart > trimmed.startIndex, trimmed[keyStart - 1] != UInt8(ascii: ";") { keyStart -= 1 }
                cut = keyStart
            }
            return Array(ImportText.trimmed(trimmed[..<cut])) + Array(" >".utf8)
        }
        var end = content.endIndex
        var dots = 0
        while end > content.startIndex {
            let byte = content[end - 1]
            if byte == UInt8(ascii: ".") {
                dots += 1
            } else if end >= 3, content[(end - 3)..<end].elementsEqual([0xE2, 0x80, 0xA6]) {
                dots += 3
                end -= 2
            } else if !ImportText.isSpace(byte) {
                break
            }
            end -= 1
        }
        let nextIsDots = next.map { $0.kind == .elided || isDots($0.content) } ?? false
        guard dots >= 3 || nextIsDots else { return nil }
        return Array(ImportText.trimmed(content[..<end])) + Array(" >".utf8)
    }

    /// The tree lines after each `presponder` command, up to the next command, blank line or text.
    static func responderChains(in lines: [ClassifiedLine]) -> [ClosedRange<Int>] {
        var found: [ClosedRange<Int>] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index].kind == .command, ImportText.contains(lines[index].content, "presponder") else {
                continue
            }
            var end = index
            while end + 1 < lines.count, [.view, .layer, .elided].contains(lines[end + 1].kind) { end += 1 }
            if end > index { found.append((index + 1)...end) }
            index = end
        }
        return found
    }

    /// What follows a description cut before its `>` when that ends the dump: the next command, the end of the code
    /// block the dump was pasted in, or the end of the paste, blank lines between. Nil when text follows that may
    /// continue it.
    static func cutEnding(_ lines: [ClassifiedLine], at start: Int) -> String? {
        var index = start
        while index < lines.count, lines[index].kind == .blank { index += 1 }
        guard index < lines.count else { return "the paste ends there" }
        if lines[index].kind == .command { return "the next command follows" }
        let text = ImportText.trimmed(lines[index].content[...])
        if ImportText.hasPrefix(text, "```") || ImportText.hasPrefix(text, "~~~") {
            return "the code block closes at line \(lines[index].number)"
        }
        return nil
    }

    /// Whether `next`, a line that starts with `<`, is the rest of `line`'s open description wrapped onto it
    /// (`gestureRecognizers =` / `<NSArray: 0x…>; layer = <CALayer: 0x…>>`) rather than a view of its own: it carries
    /// no depth mark, describes nothing with a frame by itself, and joined to `line` it closes or continues it.
    static func wrapsOnto(_ line: ClassifiedLine, next: ClassifiedLine) -> Bool {
        guard next.kind == .view, next.pipes == 0, next.indent <= line.indent else { return false }
        if case .success(let alone) = RecursiveDescriptionLine.parse(next.content),
            alone.properties.contains(where: { $0.key == "frame" })
        {
            return false
        }
        switch RecursiveDescriptionLine.parse(line.content + [0x0A] + next.content) {
        case .success: return true
        case .failure(let failure): return failure.unterminated
        }
    }

    /// `<Object: 0x…> selector:<View: …>`: an object printed bare (no `;` inside its brackets), then a method name
    /// and a view description as its argument, as a hooked method's log prints them.
    static func isObjectThenMessage(_ content: [UInt8]) -> Bool {
        guard let close = bareObjectEnd(content) else { return false }
        let after = Array(ImportText.trimmed(content[(close + 1)...]))
        guard let view = embeddedViewOffset(after) else { return false }
        let selector = after[..<view]
        return selector.last == UInt8(ascii: ":")
            && selector.allSatisfy { isIdentifierByte($0) || $0 == UInt8(ascii: ":") }
    }

    /// `<UIView: 0x…; frame = …>'s window is not equal to …`, `<UIView: …> is not in the window hierarchy`: a view's
    /// description, then English that makes it a sentence's subject. UIKit's own text after a description (`
    /// collection view layout: <…>`, ` effect=none`, ` - (null)`) starts with none of these.
    static func isSentenceAboutView(_ content: [UInt8]) -> Bool {
        guard case .success(let description) = RecursiveDescriptionLine.parse(content),
            let after = description.textAfter
        else { return false }
        if after.hasPrefix("'s ") || after.hasPrefix("\u{2019}s ") { return true }
        let verb = after.prefix { $0 != " " }
        return after.count > verb.count && sentenceVerbs.contains(String(verb))
    }

    private static let sentenceVerbs: Set<String> = [
        "is", "was", "has", "had", "does", "did", "should", "must", "cannot", "can't", "isn't", "wasn't", "doesn't",
        "didn't", "will", "won't", "would", "could", "needs", "becomes", "became",
    ]

    /// A line of dots the author put where they left lines out: three or more `.` (or `…`), spaces allowed.
    static func isDots(_ content: [UInt8]) -> Bool {
        let trimmed = ImportText.trimmed(content[...])
        guard !trimmed.isEmpty else { return false }
        let dots = trimmed.filter { $0 == UInt8(ascii: ".") }.count
        let ellipses = ImportText.string(trimmed).filter { $0 == "…" }.count
        let spaces = trimmed.filter { ImportText.isSpace($0) }.count
        return dots + 3 * ellipses + spaces == trimmed.count && dots + 3 * ellipses >= 3
    }

    /// `<ViewController: 0x7fb588c08c50>` and nothing else: an object printed on its own (`po self`), which every
    /// view line of a recursiveDescription is not (each prints at least its frame and layer after a `;`).
    /// Text may follow it: Cycript's `pactions()` prints `<CustomViewController: 0x1053133f0> showChangeLog:`.
    static func isBareDescription(_ content: [UInt8]) -> Bool {
        guard let close = bareObjectEnd(content) else { return false }
        return !content[close...].contains(UInt8(ascii: "<"))
    }

    /// A description with fields, none of them one UIView prints (`<UITraitCollection: 0x…; UserInterfaceIdiom =
    /// Phone, …>`, a gesture recognizer's `<UITapGestureRecognizer: 0x…; state = Possible; view = <…>>`): an object
    /// logged beside the dump, not a view. A view line that lost its frame still prints a view's fields (its layer,
    /// `hidden = YES`), and stays an error that asks whether the line was edited.
    static func describesOtherObject(_ content: [UInt8]) -> Bool {
        guard case .success(let parsed) = RecursiveDescriptionLine.parse(content), !parsed.properties.isEmpty else {
            return false
        }
        return !parsed.properties.contains { viewDescriptionKeys.contains($0.key) }
    }

    /// The fields UIView's description prints (and its subclasses' that this importer reads).
    private static let viewDescriptionKeys: Set<String> = [
        "frame", "bounds", "layer", "hidden", "opaque", "alpha", "autoresize", "clipsToBounds",
        "userInteractionEnabled", "gestureRecognizers", "tag", "text", "transform", "contentOffset", "enabled",
        "baseClass", "animations", "backgroundColor",
    ]

    /// The offset of the `>` that closes `<Name: 0x…>` at the start of `content`: an object printed bare, with no
    /// `;` or nested `<` inside its brackets. Nil when the content does not start with one.
    private static func bareObjectEnd(_ content: [UInt8]) -> Int? {
        guard content.first == UInt8(ascii: "<"), let close = content.firstIndex(of: UInt8(ascii: ">")) else {
            return nil
        }
        let inside = content[1..<close]
        guard !inside.contains(UInt8(ascii: "<")), !inside.contains(UInt8(ascii: ";")),
            ImportText.contains(inside, " 0x")
        else { return nil }
        return close
    }

    /// The blocks of tree lines after a command that list objects one a line, not a tree: a view and other objects
    /// (a controller, the application) at one indentation, none nested (Cycript's `rp()` responder chain, a `po` of
    /// an array of objects). Their view lines are left out when each view is printed elsewhere in the file: the
    /// views are the chain's, printed in their tree, and as a dump of their own they would be roots of nothing. A
    /// view printed nowhere else is the paste's own (`po self`, then `po self.view` after the author's words).
    static func objectLists(in lines: [ClassifiedLine]) -> [Int] {
        var addresses: [Int: String] = [:]
        var printings: [String: Int] = [:]
        for index in lines.indices where lines[index].kind == .view {
            guard case .success(let parsed) = RecursiveDescriptionLine.parse(lines[index].content),
                let address = parsed.address
            else { continue }
            addresses[index] = address
            printings[address, default: 0] += 1
        }
        var found: [Int] = []
        var block: [Int] = []
        func close() {
            defer { block = [] }
            let indents = Set(block.map { lines[$0].indent })
            let bare = block.filter { isBareDescription(lines[$0].content) }
            guard indents.count == 1, !bare.isEmpty, bare.count < block.count else { return }
            var inBlock: [String: Int] = [:]
            for index in block { if let address = addresses[index] { inBlock[address, default: 0] += 1 } }
            let printedElsewhere = { (index: Int) in
                addresses[index].map { printings[$0, default: 0] > inBlock[$0, default: 0] } == true
            }
            guard block.allSatisfy({ bare.contains($0) || printedElsewhere($0) }) else { return }
            found += block
        }
        for index in lines.indices {
            switch lines[index].kind {
            // Text between two objects (`self.redView.nextResponder` above each `po` result) makes each its own
            // printout: a controller among them is set aside alone, and the views stay.
            case .command, .text: close()
            case .view: block.append(index)
            case .blank, .elided, .layer, .repeated, .otherObject: break
            }
        }
        close()
        return found
    }

    private static func read(
        _ lines: [ClassifiedLine], bytes: [UInt8], sourceName: String, warn: (ImportWarning) -> Void
    ) throws(ImportError) -> [Record] {
        var snapshots: [ImportedHierarchy] = []
        var current = ImportedHierarchy(orphansShareOneWindow: true)
        var currentTime: Double?
        var times: [Double?] = []
        // Each dump's root addresses: a dump that prints a root of the one before it is the same app, later.
        var roots: [Set<String>] = []
        var open: [(indent: Int, index: Int)] = []
        // Addresses of the current snapshot's roots: UIKit prints a window once per dump, so a root printed
        // again is the next dump (dumps logged line by line have no other mark between them).
        var rootAddresses: Set<String> = []
        var lastTreeLineStamped = false
        // Whether a blank line or text (a header such as `== iOS 17 ==`, prose) came after the last tree line: a
        // parentless view after one starts another dump, so pasted dumps stay apart instead of merging.
        var brokeSinceTreeLine = false
        // Whether the current dump marks its depth with `|` bars, as recursiveDescription prints it.
        var currentUsesBars = false
        var first: (indent: Int, pipes: Int)?
        var minimumIndent = Int.max
        var firstStamp: (text: String, process: String?)?
        // Views whose printed frame is no number (a broken layout's `inf` or `nan`): placed nowhere, and said so.
        var unplaced: [Int] = []
        var index = 0

        // `po [[UIWindow keyWindow] recursiveDescription]` (or `keyWindow.recursiveDescription` in Cycript)
        // says which window is key: the root printed under that command.
        var commandNamesKeyWindow = false

        func close() {
            guard !current.isEmpty else { return }
            if commandNamesKeyWindow, let root = current.roots.first, current.views[root].isWindow {
                current.views[root].isKeyWindow = true
            }
            snapshots.append(current)
            times.append(currentTime)
            roots.append(rootAddresses)
            current = ImportedHierarchy(orphansShareOneWindow: true)
            currentTime = nil
            open.removeAll()
            rootAddresses.removeAll()
            currentUsesBars = false
        }

        // A view whose description was cut is left out, never completed by guessing its frame; its parent is marked
        // as missing it.
        func leaveOutCut(_ line: ClassifiedLine, at offset: Int, _ message: String) {
            while let top = open.last, top.indent >= line.indent { open.removeLast() }
            if let parent = open.last { current.views[parent.index].subviewsTruncated = true }
            warn(
                ImportWarning(
                    line: line.number, column: line.column.map { $0 &+ offset }, message: message,
                    hint: "copy the whole line from the console to import it"))
        }

        while index < lines.count {
            var line = lines[index]
            index += 1
            switch line.kind {
            case .blank, .text:
                // Console chatter outside the tree (the "Printing description of…" preamble, Markdown fences):
                // not a view.
                brokeSinceTreeLine = true
                if line.kind == .text, let offset = embeddedViewOffset(line.content) {
                    // A view description behind text no rule sets aside (a console prefix touchlog does not know):
                    // never lose it silently, since a lost root leaves its subtree under a synthetic window.
                    let shown = ImportText.string(ImportText.trimmed(line.content[..<offset]).prefix(40))
                    warn(
                        ImportWarning(
                            line: line.number, column: line.column.map { $0 &+ offset },
                            message: "a view description after '\(shown)' was read as text and left out",
                            hint: "remove the text before '<' and import again to keep that view"))
                }
                continue
            case .repeated, .otherObject:
                // A view named again: read once, where it was named first; the line neither nests nor breaks a dump.
                // Nor does an object that is no view.
                continue
            case .layer:
                // `<CALayer: 0x…> (layer)` lines list a view's sublayers: CALayers are not views, and whatever
                // nests under them is a layer too.
                lastTreeLineStamped = line.timestamp != nil
                brokeSinceTreeLine = false
                continue
            case .command:
                close()
                commandNamesKeyWindow = ImportText.contains(line.content, "keyWindow")
                lastTreeLineStamped = false
                continue
            case .elided:
                // Views below an elision nest under the nearest printed view above them (marked truncated); their
                // frames are relative to a view the paste left out, which is the best placement there is.
                // Dots put at the line's start between `| | ` lines (`……` in a book) say nothing of depth: the
                // next view line places itself, and the view it nests under is the one missing views.
                if line.pipes == 0, let next = lines[index...].first(where: { $0.kind != .blank }),
                    next.kind == .view, next.pipes > 0
                {
                    if let parent = open.last(where: { $0.indent < next.indent }) {
                        current.views[parent.index].subviewsTruncated = true
                    }
                    lastTreeLineStamped = line.timestamp != nil
                    brokeSinceTreeLine = false
                    continue
                }
                while let top = open.last, top.indent >= line.indent { open.removeLast() }
                if let parent = open.last { current.views[parent.index].subviewsTruncated = true }
                lastTreeLineStamped = line.timestamp != nil
                brokeSinceTreeLine = false
                continue
            case .view:
                break
            }
            var parsed = RecursiveDescriptionLine.parse(line.content)
            if case .failure(let failure) = parsed, failure.unterminated,
                let cut = authorsCut(line.content, before: index < lines.count ? lines[index] : nil)
            {
                // The author cut the description by hand (`frame ....`, `…; frame = (0 285; 320 99); ......`, or the
                // line followed by a line of dots): what is there is read, closed where the cut is. A view whose
                // frame was cut away is left out, never completed by guessing.
                if case .success(let value) = RecursiveDescriptionLine.parse(cut),
                    value.properties.contains(where: { $0.key == "frame" && $0.value != nil })
                {
                    parsed = .success(value)
                    warn(
                        ImportWarning(
                            line: line.number, column: line.column,
                            message: "the view description is cut by hand (`...`, `[…]`): read up to the cut",
                            hint: "what followed the cut in that line is not imported"))
                } else {
                    leaveOutCut(
                        line, at: failure.offset,
                        "the view description is cut by hand (`...`) before its frame: that view is left out")
                    continue
                }
            }
            // A label whose text holds a newline prints over several lines: join them while the
            // description stays open and the following lines are not views of their own.
            // A book or a narrow page wraps long descriptions the same way, also where the next piece starts with
            // `<` (`gestureRecognizers =` / `<NSArray: 0x…>; layer = <CALayer: 0x…>>`).
            let unjoined = line
            let next = index
            var joined = 0
            while case .failure(let failure) = parsed, failure.unterminated, joined < 32,
                index < lines.count,
                lines[index].kind == .text || lines[index].kind == .blank
                    || wrapsOnto(line, next: lines[index])
            {
                line.content += [0x0A] + lines[index].content
                index += 1
                joined += 1
                parsed = RecursiveDescriptionLine.parse(line.content)
            }
            let description: RecursiveDescriptionLine
            switch parsed {
            case .success(let value): description = value
            case .failure(let failure):
                if failure.unterminated, !current.isEmpty || !snapshots.isEmpty, let ending = cutEnding(lines, at: next)
                {
                    // The author cut the line and typed the next command (`cy# …`), closed the code block, or the
                    // paste ends: the dump ends there, and what was joined after the line was no part of it. (A
                    // paste whose only view is cut says so in the error below.)
                    index = next
                    leaveOutCut(
                        unjoined, at: unjoined.content.count,
                        "the view description is cut before its '>' and \(ending): that view is left out")
                    continue
                }
                throw ImportError(
                    format: format, line: line.number, column: line.column.map { $0 &+ failure.offset },
                    reason: failure.reason, hint: failure.hint)
            }
            if first == nil { first = (line.indent, line.pipes) }
            minimumIndent = min(minimumIndent, line.indent)
            // recursiveDescription marks every line below a root with bars: in a dump that has them, a line without
            // any after text or a fence is a root, however it was indented (a subtree the author copied out, pasted
            // after a tab), not a child of the dump before it.
            if brokeSinceTreeLine, currentUsesBars, line.pipes == 0 { open.removeAll() }
            currentUsesBars = currentUsesBars || line.pipes > 0
            while let top = open.last, top.indent >= line.indent { open.removeLast() }
            if open.isEmpty {
                // A view with no parent in the paste. A stamped one starts a dump logged at that moment, unless
                // the tree line before it was stamped too (a dump logged line by line, windows one after another).
                if let stamp = line.timestamp, current.isEmpty || !lastTreeLineStamped {
                    close()
                    currentTime = stamp
                    if firstStamp == nil { firstStamp = (line.timestampText ?? "", line.process) }
                } else if let address = description.address, rootAddresses.contains(address) {
                    close()
                    currentTime = line.timestamp
                } else if brokeSinceTreeLine {
                    close()
                    currentTime = line.timestamp
                }
                if let address = description.address { rootAddresses.insert(address) }
            }
            lastTreeLineStamped = line.timestamp != nil
            brokeSinceTreeLine = false
            let parent = open.last?.index
            if let parent, current.isFull(below: parent) {
                throw ImportError(
                    format: format, line: line.number, column: line.column,
                    reason: "views nest deeper than \(FormatLimits.maximumViewDepth) levels",
                    hint: "no UIKit hierarchy is that deep; check the indentation of the dump")
            }
            let view = try makeView(description, line: line)
            if view.imported.contains(where: { $0.key == "frameMissing" }) { unplaced.append(line.number) }
            let added = current.add(view, parent: parent)
            open.append((line.indent, added))
        }
        close()
        if let first = unplaced.first {
            warn(
                ImportWarning(
                    line: first,
                    message: "\(unplaced.count) view(s) whose frame is not a number (`frame = (inf inf; 0 0)`, `nan`), "
                        + "placed at 0, 0 with no size (line " + ImportWarning.lineList(unplaced) + ")",
                    hint: "UIKit prints such a frame for a broken layout; where the view was is unknown "
                        + "(`imported.frameMissing`), so a tap the replay sends there is not evidence"))
        }
        guard !snapshots.isEmpty else {
            if let quoted = lines.first(where: {
                $0.kind == .text && (embeddedViewOffset($0.content) != nil || isSentenceAboutView($0.content))
            }) {
                if let cut = lines.first(where: { $0.kind == .text && cutInsideQuotes($0.content) }) {
                    throw ImportError(
                        format: format, line: cut.number,
                        reason: "the view descriptions are cut short inside quoted strings (line \(cut.number)): "
                            + Self.cutQuotesReason,
                        hint: "capture the views with `po view.recursiveDescription()` in lldb and import that")
                }
                // A message that quotes views (`reason: 'couldn't find a common superview for <UILabel: …> and
                // <UIView: …>'`): what it names are the views the message is about, not a hierarchy.
                throw ImportError(
                    format: format, line: quoted.number,
                    reason: "the only view descriptions are quoted inside a message (line \(quoted.number)): it names "
                        + "views, it is no dump of them",
                    hint: "capture the views with `po view.recursiveDescription()` in lldb and import that")
            }
            if let layer = lines.first(where: {
                $0.kind == .text && $0.content.first == UInt8(ascii: "<") && describesLayer($0.content[...])
            }) {
                throw ImportError(
                    format: format, line: layer.number,
                    reason: "the only description is a layer's (`po view.layer`): a layer prints no frame and is no "
                        + "view",
                    hint: "capture the views with `po view.recursiveDescription()` in lldb and import that")
            }
            throw ImportError(
                format: format, line: 1, reason: "no view description found",
                hint: "expected lines like `<UIWindow: 0x7fb1; frame = (0 0; 393 852); …>`, as "
                    + "`po [[UIWindow keyWindow] recursiveDescription]` prints them")
        }
        // One view printed alone (Cycript's `#"<UITransitionView: …>"`, the value of `var top = …`) and then the dump
        // of that view (`[top recursiveDescription]`): the dump holds it with its subtree, so the print alone is no
        // moment of its own. A print that differs from the dump's copy (the status bar in portrait, then in landscape
        // and hidden) is an earlier state of the view, a moment of its own.
        for position in snapshots.indices.reversed() where position + 1 < snapshots.count {
            let alone = snapshots[position]
            guard alone.views.count == 1, let address = alone.views[0].address,
                roots[position + 1].contains(address),
                let copy = snapshots[position + 1].views.first(where: { $0.address == address }),
                copy.className == alone.views[0].className, copy.properties == alone.views[0].properties
            else { continue }
            snapshots.remove(at: position)
            times.remove(at: position)
            roots.remove(at: position)
        }
        // One view of a dump quoted again after it (prose, then "Notice this:" and the button's line in backticks):
        // the dump holds it, so the quote is no moment of its own. A view printed alone and unchanged, as in a
        // dump before it that holds more, is that quote.
        var quoted: [(line: Int, dumpLine: Int)] = []
        for position in snapshots.indices.reversed() where position > 0 {
            let alone = snapshots[position]
            guard alone.views.count == 1, let address = alone.views[0].address, times[position] == nil else {
                continue
            }
            guard
                let earlier = snapshots[..<position].last(where: { $0.views.count > 1 }),
                let original = earlier.views.first(where: { $0.address == address }),
                original.className == alone.views[0].className, original.properties == alone.views[0].properties
            else { continue }
            quoted.append((alone.views[0].line, original.line))
            snapshots.remove(at: position)
            times.remove(at: position)
            roots.remove(at: position)
        }
        if !quoted.isEmpty {
            let lines = quoted.reversed().map { "line \($0.line) repeats line \($0.dumpLine)" }
            warn(
                ImportWarning(
                    line: quoted.last?.line ?? 1,
                    message: "\(quoted.count) view(s) printed alone after the dump that holds them left out ("
                        + lines.prefix(4).joined(separator: ", ") + (lines.count > 4 ? ", …" : "") + ")",
                    hint:
                        "a view quoted again is no dump of its own; the dump's copy, with its place in the tree, is read"
                ))
        }
        // Dumps logged with a stamp each are one process over time: one session, its snapshots at their real times.
        // So is a dump that prints a root window of the dump before it again (the same app, a moment later: t = 1,
        // 2…). Other dumps (pasted one per iOS version or device under headers, printed by separate commands on
        // other screens) are separate sessions, so none is replayed as what became of another.
        let stamped = times.allSatisfy { $0 != nil }
        let origin = times.first.flatMap { $0 } ?? 0
        var previous = 0.0
        var sessions: [[ImportedHierarchy]] = []
        for position in snapshots.indices {
            let continues =
                position > 0 && (stamped || !roots[position].isDisjoint(with: roots[position - 1]))
            if !continues { sessions.append([]) }
            var t = continues ? previous + 1 : 0
            if stamped, let time = times[position] { t = max(previous, time - origin) }
            previous = t
            snapshots[position].t = t
            snapshots[position].assignIDs(useAddresses: true)
            sessions[sessions.count - 1].append(snapshots[position])
        }
        var result: [Record] = []
        for (position, session) in sessions.enumerated() {
            var extra: [JSONObject.Member] = []
            if sessions.count > 1 {
                // Which dump of the file this is: the file's bytes name the first, and the others follow it.
                extra.append(.init(key: "dump", value: .number(Double(position + 1))))
                extra.append(.init(key: "dumps", value: .number(Double(sessions.count))))
            }
            result += records(
                of: session, first: position == 0 ? first : nil, minimumIndent: minimumIndent,
                firstStamp: position == 0 ? firstStamp : nil, bytes: bytes, sourceName: sourceName, extra: extra,
                suffix: position == 0 ? "" : "-\(position + 1)")
        }
        return result
    }

    /// The header and snapshots of one session of the file; `suffix` follows the file's digest in its id.
    private static func records(
        of snapshots: [ImportedHierarchy], first: (indent: Int, pipes: Int)?, minimumIndent: Int,
        firstStamp: (text: String, process: String?)?, bytes: [UInt8], sourceName: String,
        extra dumpMembers: [JSONObject.Member], suffix: String
    ) -> [Record] {
        let (records, synthetic) = ImportRecords.snapshots(snapshots)
        var extra: [JSONObject.Member] = dumpMembers
        if !synthetic.isEmpty {
            extra.append(.init(key: "syntheticWindows", value: .array(synthetic.map { .string($0) })))
        }
        // Chisel `pviews` on a subview prints its `|` marks from the subview's depth; a paste cut from the middle
        // of a tree starts deeper than a line that follows it.
        if let first, first.pipes > 0 || first.indent > minimumIndent {
            extra.append(.init(key: "startsBelowRoot", value: true))
        }
        if let firstStamp {
            extra.append(.init(key: "loggedAt", value: .string(firstStamp.text)))
            if let process = firstStamp.process {
                extra.append(.init(key: "process", value: .string(process)))
            }
        }
        var header = ImportRecords.session(
            format: format, bytes: bytes, sourceName: sourceName, source: extra)
        if !suffix.isEmpty {
            header = SessionHeader(session: header.session + suffix, format: header.format, members: header.json)
        }
        return [.session(header)] + records
    }

    // MARK: Views

    private static func makeView(_ description: RecursiveDescriptionLine, line: ClassifiedLine)
        throws(ImportError)
        -> ImportedView
    {
        var view = ImportedView(className: description.className, line: line.number)
        if let readable = SwiftClassName.demangle(description.className) {
            view.className = readable
            view.keep("mangledClass", .string(description.className))
        }
        if let address = description.address {
            if address.hasPrefix("0x") {
                view.address = address
            } else {
                view.keep("address", .string(address))
            }
        }
        var frame: [Double]?
        var contentOffset: [Double]?
        var transform: [Double]?
        var printedUserInteraction = false
        func fail(_ property: RecursiveDescriptionLine.Property, _ reason: String, _ hint: String)
            -> ImportError
        {
            ImportError(
                format: format, line: line.number, column: line.column.map { $0 &+ property.offset },
                reason: reason,
                hint: hint)
        }
        for property in description.properties {
            guard let value = property.value else {
                view.keep(property.key, true)
                continue
            }
            let text = ImportText.string(value)
            switch property.key {
            case "frame":
                guard frame == nil else { continue }  // React Native prints its own frame again; the first is UIKit's
                guard let rect = DescribedGeometry.rect(value) else {
                    throw fail(
                        property, "\"frame\" value '\(text)' is not a rectangle",
                        "expected `frame = (x y; w h)`")
                }
                frame = rect
            case "bounds":
                if let rect = DescribedGeometry.rect(value), rect.allSatisfy(\.isFinite) {
                    view.bounds = Rect(importing: rect)
                } else {
                    view.keep("bounds", .string(text))
                }
            case "contentOffset":
                if let point = DescribedGeometry.point(value), point.allSatisfy(\.isFinite) {
                    contentOffset = point
                } else {
                    view.keep("contentOffset", .string(text))
                }
            case "transform":
                if let matrix = DescribedGeometry.transform(value), matrix.allSatisfy(\.isFinite) {
                    transform = matrix
                } else {
                    view.keep("transform", .string(text))
                }
            case "hidden": setFlag(text, \.isHidden, key: "hidden", view: &view)
            case "userInteractionEnabled":
                printedUserInteraction = true
                setFlag(text, \.isUserInteractionEnabled, key: "userInteractionEnabled", view: &view)
            case "clipsToBounds": setFlag(text, \.clipsToBounds, key: "clipsToBounds", view: &view)
            case "enabled": setFlag(text, \.isEnabled, key: "enabled", view: &view)
            case "alpha":
                if let alpha = ImportText.number(value), alpha.isFinite, view.alpha == nil {
                    view.alpha = alpha
                } else {
                    view.keep("alpha", .string(text))
                }
            case "text" where view.text == nil: view.text = text
            case "baseClass" where view.baseClass == nil: view.baseClass = text
            case "accessibilityIdentifier" where view.accessibilityIdentifier == nil:
                view.accessibilityIdentifier = text
            case "accessibilityLabel" where view.accessibilityLabel == nil: view.accessibilityLabel = text
            default:
                view.keep(property.key, importedValue(value, quoted: property.quoted))
            }
        }
        if let ivar = line.ivar { view.keep("ivar", .string(ivar)) }
        if let after = description.textAfter { view.keep("textAfter", .string(after)) }
        if let container = description.container { view.keep("textContainer", .string(container)) }
        guard var rect = frame else {
            throw ImportError(
                format: format, line: line.number, column: line.column,
                reason: "the view '\(view.className)' has no frame",
                hint:
                    "recursiveDescription prints `frame = (x y; w h)` for every view; was the line edited?")
        }
        if !rect.allSatisfy(\.isFinite) {
            // Broken layouts print `frame = (nan nan; nan nan)`: keep the text, place the view nowhere.
            view.keep(
                "frame",
                .string(ImportText.string(description.properties.first { $0.key == "frame" }?.value ?? [])))
            view.keep("frameMissing", true)
            rect = [0, 0, 0, 0]
        }
        view.frame = Rect(importing: rect)
        if let transform, transform != [1, 0, 0, 1, 0, 0] {
            applyTransform(transform, printedFrame: rect, to: &view)
        }
        if let contentOffset {
            // A scroll view's contentOffset is its bounds origin: where its subviews' coordinates start.
            let bounds = view.bounds ?? Rect(importing: rect)
            view.bounds = Rect(contentOffset[0], contentOffset[1], bounds.width, bounds.height)
        }
        // UIView's description prints `userInteractionEnabled = NO` whenever it is off, whatever the class,
        // so silence means on; say so for the classes where touchlog's default is off.
        if !printedUserInteraction, ["UILabel", "UIImageView"].contains(view.effectiveClass) {
            view.isUserInteractionEnabled = true
        }
        return view
    }

    private static func setFlag(
        _ text: String, _ field: WritableKeyPath<ImportedView, Bool?>, key: String,
        view: inout ImportedView
    ) {
        switch text {
        case "YES" where view[keyPath: field] == nil: view[keyPath: field] = true
        case "NO" where view[keyPath: field] == nil: view[keyPath: field] = false
        default: view.keep(key, .string(text))
        }
    }

    /// The frame a description prints for a transformed view is the bounding box of the transformed bounds.
    /// For scales and right-angle rotations the bounds size can be solved back from it; then the View gets
    /// `frame: null`, `center`, `bounds` and `transform` as the format wants. Otherwise (a 45° rotation has no
    /// unique answer) the printed box stays the frame and the transform is kept as an imported field.
    private static func applyTransform(
        _ m: [Double], printedFrame rect: [Double], to view: inout ImportedView
    ) {
        let a = abs(m[0])
        let b = abs(m[1])
        let c = abs(m[2])
        let d = abs(m[3])
        let determinant = a * d - c * b
        if abs(determinant) > 1e-9 {
            let width = (rect[2] * d - c * rect[3]) / determinant
            let height = (a * rect[3] - b * rect[2]) / determinant
            if width.isFinite, height.isFinite, width >= -1e-6, height >= -1e-6 {
                let bounds = view.bounds ?? Rect(0, 0, 0, 0)
                view.frame = nil
                view.bounds = Rect(bounds.x, bounds.y, max(0, width), max(0, height))
                view.center = Point(rect[0] + rect[2] / 2 - m[4], rect[1] + rect[3] / 2 - m[5])
                view.transform = AffineTransform(importing: m)
                return
            }
        }
        view.keep("transform", .array(m.map { .number($0) }))
    }

    /// `YES`/`NO` as booleans, plain numbers as numbers, everything else as the printed text.
    private static func importedValue(_ value: ArraySlice<UInt8>, quoted: Bool) -> JSONValue {
        let text = ImportText.string(value)
        if quoted { return .string(text) }
        if text == "YES" { return true }
        if text == "NO" { return false }
        if let number = ImportText.number(value), number.isFinite,
            value.allSatisfy({ ImportText.isDigit($0) || $0 == 0x2D || $0 == 0x2E })
        {
            return .number(number)
        }
        return .string(text)
    }

    // MARK: Lines

    /// The part of a line after its console prefix, tree indentation and instance-variable name (used by detection
    /// too), without the quote Cycript opens its string with.
    static func viewContent(of bytes: ArraySlice<UInt8>) -> [UInt8] {
        let line = classify(ImportText.Line(number: 0, bytes: bytes))
        return escapedViewContent(of: line.content) ?? line.content
    }

    static let cutQuotesReason =
        "each ends before its `>` (a database column or a log that keeps the first characters cut it), so its "
        + "properties after the cut and the views' nesting are lost"

    /// Whether a view description inside a quoted string ends with the string, before its `>`: `'<UITextField:
    /// 0x…; frame = (…); opaque = N'`, as a database column or a logger that keeps 100 characters cuts it.
    static func cutInsideQuotes(_ content: [UInt8]) -> Bool {
        guard let offset = embeddedViewOffset(content),
            let quoteIndex = content[..<offset].lastIndex(where: { $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\"") }
            )
        else { return false }
        let quote = content[quoteIndex]
        var index = offset
        while index < content.count, content[index] != quote {
            // `\'` inside the string (`text = \'Assessed\'`) is the quote escaped, not its end.
            index += content[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        // The string ends where a value of a row or a list ends (`', '`, `')`); a quote followed by more of the
        // description (`text = 'Hi'>`) is one the description holds, unescaped.
        let after = content[min(index + 1, content.count)...].first { !ImportText.isSpace($0) }
        guard index < content.count, after.map({ Array(",)];".utf8).contains($0) }) ?? true,
            case .failure(let failure) = RecursiveDescriptionLine.parse(Array(content[offset..<index]))
        else { return false }
        return failure.unterminated
    }

    /// Where a view description starts inside a text line (`log: <UIView: 0x…; frame = (…)>`), nil when it holds none.
    static func embeddedViewOffset(_ content: [UInt8]) -> Int? {
        // Only a description at the top level of the text: one inside another object's (a layer's `delegate =
        // <UIView: …>`) is a value of that object, not a view the text names.
        var depth = 0
        for start in content.indices {
            switch content[start] {
            case UInt8(ascii: "<"):
                if depth == 0, start > 0, looksLikeViewLine(Array(content[start...])),
                    !describesLayer(content[start...])
                {
                    return start
                }
                depth += 1
            case UInt8(ascii: ">"): depth = max(0, depth - 1)
            default: break
            }
        }
        return nil
    }

    /// `<CALayer: 0x…; frame = …; delegate = <UIView: …>>`, `<_UILabelLayer: …`: a layer prints a frame too, but it is
    /// no view (its delegate is).
    private static func describesLayer(_ description: ArraySlice<UInt8>) -> Bool {
        let name = description.dropFirst().prefix { isClassNameByte($0) }
        return name.count > 5 && name.suffix(5).elementsEqual("Layer".utf8)
    }

    /// `<Name: …` or `<Name; …` (also `<<Name: …`, and with stray spaces) with a `frame = (` or `frame = {{` in it:
    /// a view description, and no HTML or XML (whose tags do not put `:` or `;` right after the name).
    static func looksLikeViewLine(_ content: [UInt8]) -> Bool {
        guard content.first == UInt8(ascii: "<") else { return false }
        let n = content.count
        var index = 1
        if index < n, content[index] == UInt8(ascii: "<") { index += 1 }
        while index < n, ImportText.isSpace(content[index]) { index += 1 }
        let nameStart = index
        while index < n, isClassNameByte(content[index]) { index += 1 }
        guard index > nameStart else { return false }
        while index < n, ImportText.isSpace(content[index]) { index += 1 }
        guard index < n, content[index] == UInt8(ascii: ":") || content[index] == UInt8(ascii: ";") else {
            return false
        }
        return printsFrame(content)
    }

    /// Whether `frame`, `=` and then `(` or `{{` follow one another, spaces allowed between them.
    private static func printsFrame(_ content: [UInt8]) -> Bool {
        let word = Array("frame".utf8)
        var from = 0
        while let found = ImportText.firstIndex(of: word, in: content, from: from) {
            var index = found + word.count
            while index < content.count, ImportText.isSpace(content[index]) { index += 1 }
            if index < content.count, content[index] == UInt8(ascii: "=") {
                index += 1
                while index < content.count, ImportText.isSpace(content[index]) { index += 1 }
                if index < content.count, content[index] == UInt8(ascii: "(") { return true }
                if index + 1 < content.count, content[index] == UInt8(ascii: "{"),
                    content[index + 1] == UInt8(ascii: "{")
                {
                    return true
                }
            }
            from = found + word.count
        }
        return false
    }

    private static func isClassNameByte(_ byte: UInt8) -> Bool {
        isIdentifierByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "$")
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        ImportText.isDigit(byte) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_")
    }

    static func classify(_ line: ImportText.Line) -> ClassifiedLine {
        let bytes = Array(line.bytes)
        var result = ClassifiedLine(number: line.number, kind: .text)
        // Whitespace before a console prefix (a Markdown code block indents every line) is indentation too.
        var lead = 0
        var leadWidth = 0
        while lead < bytes.count, ImportText.isSpace(bytes[lead]) {
            leadWidth = advance(leadWidth, over: bytes[lead])
            lead += 1
        }
        // A dump pasted into a Swift comment (`//`, `///`) or a Markdown blockquote (`> `): the leader is set aside
        // like a prompt, and the indentation after it is the tree's.
        lead += ImportText.leaderLength(bytes, at: lead)
        // LxDBAnything prints each line's depth and a FULLWIDTH NUMBER SIGN before its own indentation (`2＃ ` then
        // four spaces a level): the mark is set aside like a prompt, and the spaces after it nest the tree.
        lead += depthMarkLength(bytes, at: lead)
        // A prompt indented after the leader (a list's indentation inside a blockquote: `>   (lldb) pviews`).
        var promptAt = lead
        while promptAt < bytes.count, ImportText.isSpace(bytes[promptAt]) { promptAt += 1 }
        if promptAt > lead, promptLength(bytes, at: promptAt) != nil { lead = promptAt }
        if let prompt = promptLength(bytes, at: lead) {
            var after = lead + prompt
            if after < bytes.count, bytes[after] == 0x20 { after += 1 }
            // A prompt in front of every line of a pasted dump: the rest is a tree line. Otherwise the line is the
            // command the dump answers (or an empty prompt after it).
            var tree = result
            readTree(bytes, from: after, indent: leadWidth, into: &tree)
            let quoted = tree.content.starts(with: "\"<".utf8) || tree.content.starts(with: "@\"<".utf8)
            if tree.kind == .view || tree.kind == .layer || tree.kind == .elided || quoted { return tree }
            // The command and its output on one line (a page that lost the line break after
            // `(gdb) po [webView recursiveDescription]`): the output is the tree line.
            if let offset = embeddedViewOffset(tree.content) {
                tree.content = Array(tree.content[offset...])
                tree.column = tree.column.map { $0 + offset }
                tree.kind = .view
                return tree
            }
            result.kind = .command
            result.content = Array(bytes[lead...])
            return result
        }
        // A leader, then the author's own indentation, then a log's stamp (`//    2015-12-15 10:18:31.510 App[…] <…`):
        // the stamp is read wherever those spaces put it.
        var stampAt = lead
        while stampAt < bytes.count, ImportText.isSpace(bytes[stampAt]) { stampAt += 1 }
        if stampAt > lead, nslogPrefix(Array(bytes[lead...])) == nil, nslogPrefix(Array(bytes[stampAt...])) != nil {
            lead = stampAt
        }
        if let stamp = nslogPrefix(Array(bytes[lead...])) {
            result.timestamp = stamp.seconds
            result.timestampText = stamp.text
            result.process = stamp.process
            readTree(bytes, from: lead + stamp.contentStart, indent: leadWidth, into: &result)
        } else {
            readTree(bytes, from: lead, indent: leadWidth, into: &result)
        }
        // A dump kept in source code as a multi-line string: its first line opens the string right before the root
        // (`const dump = \`<UIWindow: …>`, `let dump = """<UIWindow…`). The root is the tree's first line, printed at
        // column 0 as lldb prints it, whatever the code before it.
        if result.kind == .text, let offset = embeddedViewOffset(result.content),
            opensStringLiteral(ImportText.trimmed(result.content[..<offset]))
        {
            result.content = Array(result.content[offset...])
            result.column = result.column.map { $0 + offset }
            result.indent = 0
            result.pipes = 0
            result.kind = .view
        }
        return result
    }

    /// Code that opens a multi-line string (a JavaScript template literal's `` ` ``, a Python or Swift `"""` or `'''`) right
    /// after `=`, `(` or `:`, as in `const dump = \``, or with nothing before it (Cycript's backticks around a string
    /// result): only such a string spans the dump's lines. A one-line string
    /// (`"view":"<UIButton: …>"` in a log, Cycript's `@[#"`) is another matter, which `EscapedDump` reads.
    private static func opensStringLiteral(_ prefix: ArraySlice<UInt8>) -> Bool {
        let opener: Int
        if prefix.last == UInt8(ascii: "`") {
            opener = 1
        } else if prefix.reversed().starts(with: #"""""#.utf8) || prefix.reversed().starts(with: "'''".utf8) {
            opener = 3
        } else {
            return false
        }
        // Nothing before the opener: Cycript prints a string result in backticks (`` `<UIWindow: …> ``).
        guard let before = ImportText.trimmed(prefix.dropLast(opener)).last else { return true }
        return before == UInt8(ascii: "=") || before == UInt8(ascii: "(") || before == UInt8(ascii: ":")
    }

    /// `0＃`, `12＃` (digits, then U+FF03) at `index`: its length, or 0.
    private static func depthMarkLength(_ bytes: [UInt8], at index: Int) -> Int {
        var end = index
        while end < bytes.count, end - index < 4, ImportText.isDigit(bytes[end]) { end += 1 }
        guard end > index, bytes[end...].starts(with: [0xEF, 0xBC, 0x83]) else { return 0 }
        return end + 3 - index
    }

    /// `(lldb)`, `(gdb)` (Xcode's debugger before lldb) or `cy#` at `index`: the length of the prompt.
    private static func promptLength(_ bytes: [UInt8], at index: Int) -> Int? {
        let rest = bytes[index...]
        if ImportText.hasPrefix(rest, "(lldb)") { return 6 }
        if ImportText.hasPrefix(rest, "(gdb)") { return 5 }
        if ImportText.hasPrefix(rest, "cy#") { return 3 }
        return nil
    }

    /// Columns after `width` once `byte` (a space, a `|` or a tab) is printed.
    private static func advance(_ width: Int, over byte: UInt8) -> Int {
        byte == 0x09 ? (width / 4 &+ 1) &* 4 : width &+ 1
    }

    /// Reads the indentation from `start` (adding to `indent` columns already seen), an instance-variable name,
    /// and what the rest of the line is.
    private static func readTree(
        _ bytes: [UInt8], from start: Int, indent: Int, into result: inout ClassifiedLine
    ) {
        var index = start
        var width = indent
        var pipes = 0
        while index < bytes.count, ImportText.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "|") {
            if bytes[index] == UInt8(ascii: "|") { pipes &+= 1 }
            width = advance(width, over: bytes[index])
            index += 1
        }
        result.indent = width
        result.pipes = pipes
        var content = Array(ImportText.trimmed(bytes[index...]))
        var column = index + 1
        // Old lldb prints `$3 = 0x07117ac0 ` before a `po` result; left there, the root reads as prose and its
        // subviews import without it.
        if let prefix = RecursiveDescriptionLine.resultPrefixLength(content) {
            content = Array(content[prefix...])
            column += prefix
        }
        // PSPDFKit's recursiveDescription, and iOS 6's, name the controller before its view (`'RootViewController:0x…'
        // <UIView: …>`; iOS 6 adds its children, `'ComposeViewController:0x1d54…' 1 child[RemoteViewController:0x1d5…
        // ] <UIView: …>`) and PSPDFKit wraps some views in `XX (<…>)`: all set aside, the description inside is the
        // view.
        if content.first == UInt8(ascii: "'"), let close = content.dropFirst().firstIndex(of: UInt8(ascii: "'")),
            let start = Self.viewAfterControllerNote(content, from: close + 1)
        {
            result.ivar = ImportText.string(content[1..<close])
            content = Array(content[start...])
            column += start
        }
        if ImportText.hasPrefix(content, "XX (<"), content.last == UInt8(ascii: ")") {
            content = Array(content[4..<(content.count - 1)])
            column += 4
        }
        if let nodeStart = ivarLength(content) {
            result.ivar = ImportText.string(ImportText.trimmed(content[0..<nodeStart]))
            content = Array(content[nodeStart...])
            column += nodeStart
        }
        result.content = content
        result.column = column
        if content.isEmpty {
            result.kind = .blank
        } else if content == [0xE2, 0x80, 0xA6] || isDots(content) {
            result.kind = .elided
        } else if ImportText.hasPrefix(content, "(layer)")
            || (content[0] == UInt8(ascii: "<") && content.reversed().starts(with: ")reyal(".utf8))
        {
            result.kind = .layer
        } else if content.elementsEqual("<nil>".utf8) && pipes == 0 {
            // lldb's answer to `po` of a nil object: no view.
            result.kind = .text
        } else if content[0] == UInt8(ascii: "<"), pipes == 0, describesLayer(content[...]) {
            // `po self.view.layer`: a layer's description (`<CALayer:0x…; position = …; delegate = <UIView: …>>`)
            // prints no frame and is no view; the view it names as its delegate is printed elsewhere.
            result.kind = .text
        } else if content[0] == UInt8(ascii: "<"), pipes == 0, isObjectThenMessage(content) {
            // A log of a call, `<UIPopoverPresentationController: 0x…> dimmingViewWasTapped:<UIDimmingView: …>`: the
            // line is text about an object, which may name a view.
            result.kind = .text
        } else if content[0] == UInt8(ascii: "<") {
            result.kind = .view
        } else if pipes > 0,
            content.contains(where: { ImportText.isDigit($0) || ImportText.isLetter($0) || $0 >= 0x80 })
        {
            // Indented with lldb's marks but not a view: report it rather than silently losing a subtree. Bars
            // around no word at all are drawing (a tool's ASCII-art banner, `   | (_| |`), not a tree line.
            result.kind = .view
        } else {
            result.kind = .text
        }
    }

    /// Where the view's description starts after a controller's quoted note ends at `index`: one space, then either
    /// the `<` or iOS 6's count of the controller's children, `1 child[Name:0x… ] ` or `2 children[… ] `. Nil when
    /// no description follows.
    private static func viewAfterControllerNote(_ content: [UInt8], from index: Int) -> Int? {
        guard index + 1 < content.count, content[index] == 0x20 else { return nil }
        var at = index + 1
        if content[at] == UInt8(ascii: "<") { return at }
        let digits = at
        while at < content.count, ImportText.isDigit(content[at]) { at += 1 }
        guard at > digits, ImportText.hasPrefix(content[at...], " child"),
            let close = content[at...].firstIndex(of: UInt8(ascii: "]"))
        else { return nil }
        at = close + 1
        while at < content.count, content[at] == 0x20 { at += 1 }
        return at < content.count && content[at] == UInt8(ascii: "<") ? at : nil
    }

    /// `_subview1 <UIView: …` (an object's instance variables printed with their descriptions): the offset of the
    /// `<` after the name, when a node follows.
    private static func ivarLength(_ content: [UInt8]) -> Int? {
        // A word in any script (`_contentView`, the author's `before` or `更改前`), then spaces, then the node.
        func isWordByte(_ byte: UInt8) -> Bool { isIdentifierByte(byte) || byte >= 0x80 }
        guard let first = content.first, isWordByte(first), !ImportText.isDigit(first) else { return nil }
        var index = 1
        while index < content.count, isWordByte(content[index]) { index += 1 }
        let nameEnd = index
        while index < content.count, ImportText.isSpace(content[index]) { index += 1 }
        guard index > nameEnd, index + 1 < content.count, content[index] == UInt8(ascii: "<") else { return nil }
        var name = index + 1
        if content[name] == UInt8(ascii: "<") { name += 1 }
        guard name < content.count, isClassNameByte(content[name]) else { return nil }
        // A sentence in a script without spaces between words (`我们加上 <aView> 和 -m 参数`) reads as one word: only a
        // view description (with its frame) after it makes it a name before a node.
        if content[..<nameEnd].contains(where: { $0 >= 0x80 }), !looksLikeViewLine(Array(content[index...])) {
            return nil
        }
        return index
    }

    /// `2024-01-01 10:00:00.000 App[123:456] ` (NSLog) or `… 10:00:00.000000+0100 App[123:4a5] ` (os_log).
    static func nslogPrefix(_ bytes: [UInt8]) -> (
        seconds: Double, text: String, process: String, contentStart: Int
    )? {
        guard let (seconds, length) = ImportText.timestamp(bytes), length < bytes.count,
            bytes[length] == 0x20
        else {
            return nil
        }
        var index = length + 1
        let limit = min(bytes.count, index + 200)
        while index < limit {
            if bytes[index] == UInt8(ascii: "[") {
                var k = index + 1
                let digitsStart = k
                while k < bytes.count, ImportText.isDigit(bytes[k]) { k += 1 }
                if k > digitsStart, k < bytes.count, bytes[k] == UInt8(ascii: ":") {
                    k += 1
                    let threadStart = k
                    while k < bytes.count, ImportText.isHexDigit(bytes[k]) || bytes[k] == UInt8(ascii: "x") {
                        k += 1
                    }
                    if k > threadStart, k < bytes.count, bytes[k] == UInt8(ascii: "]") {
                        k += 1
                        if k < bytes.count, bytes[k] == 0x20 { k += 1 }
                        let process = ImportText.string(bytes[(length + 1)..<index])
                        return (seconds, ImportText.string(bytes[0..<length]), process, k)
                    }
                }
            }
            index += 1
        }
        return nil
    }

    /// A dump printed as a string: Cycript's `"<UIWindow: …>\n   | <UIView…"` (or `#"<UIView: …>"`, one object), an
    /// array of them (Cycript's `@[#"<UIView: …>",#"<UIButton: …>"]` for `view.subviews`), or a whole dump escaped
    /// into one line of JSON or a log (`{"hierarchy":"<UIWindow: …>\n   | <UIView: …>"}`, or unquoted with literal
    /// `\n`). Each is unfolded into its lines, all numbered with the quoted line's number (columns are then
    /// meaningless, so errors give none). The elements of an array are siblings: parentless views of one snapshot.
    private static func expandQuotedDumps(_ lines: [ClassifiedLine]) -> [ClassifiedLine] {
        var result: [ClassifiedLine] = []
        for line in lines {
            guard let unescaped = EscapedDump.unfold(line.content, kind: line.kind) else {
                result.append(line)
                continue
            }
            for inner in ImportText.lines(unescaped) {
                var classified = classify(ImportText.Line(number: line.number, bytes: inner.bytes))
                classified.column = nil
                result.append(classified)
            }
        }
        return result
    }

    /// lldb's `po` of Swift arrays of views (`▿ 2 elements`, `  - 0 : <UIWindow: …>`), with no tree beside them: each
    /// array lists views without their subviews, so each element is read as a view with no parent, in a snapshot
    /// of its own print (a view printed alone before and again in the array is what the array holds), with a
    /// warning. The `- 0 :` indentation says where the array is, never that one view is inside another.
    static func readSwiftArrayPrints(_ lines: inout [ClassifiedLine], warn: (ImportWarning) -> Void) {
        guard !lines.contains(where: { $0.kind == .view && $0.pipes > 0 }) else { return }
        var read: [Int] = []
        for index in lines.indices where lines[index].kind == .text {
            let content = lines[index].content
            guard isSwiftArrayElement(content), let open = content.firstIndex(of: UInt8(ascii: "<")) else {
                // `▿ 12 elements` heads the array it counts: no break between it and its elements.
                if content.starts(with: "▿".utf8), ImportText.contains(content[...], " element") {
                    lines[index].kind = .blank
                }
                continue
            }
            lines[index].content = Array(content[open...])
            lines[index].column = lines[index].column.map { $0 + open }
            lines[index].indent = 0
            lines[index].pipes = 0
            lines[index].kind = .view
            read.append(lines[index].number)
        }
        guard let first = read.first else { return }
        warn(
            ImportWarning(
                line: first,
                message: "lldb prints of Swift arrays of views (`- 0 : <UIWindow: …>`): each element read as a view "
                    + "with no parent (line " + ImportWarning.lineList(read) + ")",
                hint: "an array lists views without their subviews; for the tree, capture `po "
                    + "view.recursiveDescription()` in lldb"))
    }

    /// Where a view description starts inside text with no quote before it on the line: `"view":"<UIButton: …>"` (a
    /// JSON log's member) and `'   | <UIView: …>',` (a line of a string array) are strings, which other rules read.
    /// An apostrophe between letters (`cell's`, `couldn't`) is prose, no quote.
    static func unquotedViewOffset(_ content: [UInt8]) -> Int? {
        guard let offset = embeddedViewOffset(content) else { return nil }
        let quotes: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`")]
        let quoted = content[..<offset].indices.contains { index in
            guard quotes.contains(content[index]) else { return false }
            let apostrophe =
                content[index] == UInt8(ascii: "'") && index > 0 && ImportText.isLetter(content[index - 1])
                && index + 1 < content.count && ImportText.isLetter(content[index + 1])
            return !apostrophe
        }
        return quoted ? nil : offset
    }

    /// The view descriptions a message quotes, in order (`reason: 'couldn't find a common superview for <UILabel: …>
    /// and <UIView: …>'`): each description's range on the line. None when the quoted descriptions are cut short
    /// (``cutInsideQuotes(_:)``), which no reading makes whole.
    /// A string that starts with the description (`'   | <UIView: …>',` in a string array, `"view":"<UIButton: …>"`
    /// in a JSON log) is no message: other rules read those, or nothing does; except a value of an NSDictionary's
    /// print (`4 = "<RCTView: 0x…; reactTag: 4; frame = …>";`, React Native's view registry), which is one view.
    static func descriptionsInMessage(_ content: [UInt8]) -> [Range<Int>] {
        guard !cutInsideQuotes(content), let first = embeddedViewOffset(content),
            let quote = content[..<first].lastIndex(where: {
                $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "`")
            })
        else { return [] }
        let dictionaryValue =
            quote + 1 == first && ImportText.trimmed(content[..<quote]).last == UInt8(ascii: "=")
            && content[(first)...].last(where: { !ImportText.isSpace($0) }) == UInt8(ascii: ";")
        guard dictionaryValue || content[(quote + 1)..<first].contains(where: ImportText.isLetter) else { return [] }
        return descriptionRanges(content, from: first)
    }

    /// `ranges` when they are several, else the one description with the rest of the line after it.
    private static func severalOrRest(_ ranges: [Range<Int>], from offset: Int, in content: [UInt8]) -> [Range<Int>] {
        ranges.count > 1 ? ranges : [offset..<content.count]
    }

    /// The descriptions one after another on a line of text from `first` on (`Optional([<UILabel: …>, <UILabel:
    /// …>])`, `for <UILabel: …> and <UIView: …>`): each one's range, up to its closing `>`.
    static func descriptionRanges(_ content: [UInt8], from first: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = first
        while case .success(let parsed) = RecursiveDescriptionLine.parse(Array(content[offset...])) {
            let end = offset + parsed.end
            ranges.append(offset..<end)
            guard end < content.count, let next = embeddedViewOffset(Array(content[(end - 1)...])) else { break }
            offset = end - 1 + next
        }
        return ranges
    }

    /// `- 0 : <UIWindow: 0x…; frame = (…); …>`: an element of a Swift array as lldb's `po` prints it.
    static func isSwiftArrayElement(_ content: [UInt8]) -> Bool {
        guard content.first == UInt8(ascii: "-") else { return false }
        var index = 1
        while index < content.count, ImportText.isSpace(content[index]) { index += 1 }
        let digits = index
        while index < content.count, ImportText.isDigit(content[index]) { index += 1 }
        guard index > digits, content[index...].starts(with: " : <".utf8) else { return false }
        return looksLikeViewLine(Array(content[(index + 3)...]))
    }

    /// A paste with no tree line, whose only view descriptions are inside text (a UIKit log message naming a window,
    /// `_windowServerHitTestWindow: <UIWindow: 0x…; …>`; a comment `//\t+ <AnnoyingWindow: …>`): each is read as a view
    /// with no parent, with a warning. When the only ones are quoted inside a message (an exception's `reason: '…
    /// Table view: <UITableView: …>'`), those are read the same way: the views the message is about, as it prints
    /// them, never nested in one another. Beside a tree, such text stays text (a warning says so), since a mention
    /// in a log is no part of the tree.
    static func readViewsInsideText(_ lines: inout [ClassifiedLine], warn: (ImportWarning) -> Void) {
        guard !lines.contains(where: { $0.kind == .view }) else { return }
        // A console line about a touch names the window the touch was in (`window: <UIWindow: …>`): that window is
        // not a hierarchy the paste holds.
        func candidate(_ line: ClassifiedLine) -> Bool {
            line.kind == .text && !OtherViewPrintout.mentionsTouch(line.content)
        }
        let quoted = !lines.contains { candidate($0) && unquotedViewOffset($0.content) != nil }
        var read: [Int] = []
        // An app's own walk may log a view again (`found a UILabel: <UILabel: 0x…> font: …`): with no timestamp to
        // make it a later moment, the same address again is the same view, not a new dump.
        var seen: Set<String> = []
        var repeated: [Int] = []
        var result: [ClassifiedLine] = []
        for line in lines {
            guard candidate(line) else {
                result.append(line)
                continue
            }
            let ranges: [Range<Int>] =
                if quoted {
                    descriptionsInMessage(line.content)
                } else if let offset = unquotedViewOffset(line.content) {
                    // One description keeps the text after it, which UIKit prints for some views (a collection
                    // view's layout) and a log line's words follow.
                    Self.severalOrRest(descriptionRanges(line.content, from: offset), from: offset, in: line.content)
                } else { [] }
            guard !ranges.isEmpty else {
                result.append(line)
                continue
            }
            for range in ranges {
                if line.timestamp == nil,
                    case .success(let parsed) = RecursiveDescriptionLine.parse(Array(line.content[range])),
                    let address = parsed.address, !seen.insert(address).inserted
                {
                    var again = line
                    again.kind = .repeated
                    result.append(again)
                    if repeated.last != line.number { repeated.append(line.number) }
                    continue
                }
                var view = line
                view.content = Array(line.content[range])
                view.column = line.column.map { $0 + range.lowerBound }
                view.indent = 0
                view.pipes = 0
                view.kind = .view
                result.append(view)
                if read.last != line.number { read.append(line.number) }
            }
        }
        lines = result
        guard let first = read.first else { return }
        warn(
            ImportWarning(
                line: first,
                message: quoted
                    ? "no tree lines: the view description(s) quoted inside a message (or as a dictionary's values) "
                        + "read as views with no parent (line " + ImportWarning.lineList(read) + ")"
                    : "no tree lines: the view description(s) inside text read as views with no parent (line "
                        + ImportWarning.lineList(read) + ")",
                hint: quoted
                    ? "a message or a dictionary names views without their subviews or how they nest"
                    : "each is the view as the text names it, without its subviews"))
        guard let again = repeated.first else { return }
        warn(
            ImportWarning(
                line: again,
                message: "\(repeated.count) line(s) name a view an earlier line named, and are read once (line "
                    + ImportWarning.lineList(repeated) + ")",
                hint: "with no timestamp, the same view named again is no later moment"))
    }

    /// A dump whose line breaks were lost (a log that joins a message's lines, a web page that reflowed it): the
    /// views follow one another on one line, each after the `|` marks that were its indentation,
    /// `<UIView: …>> | <UIButton: …>> | | <UIButtonLabel: …>>`. Each is read as the line it was, nested by its marks
    /// under the line's first view, and a warning says so.
    private static func unfoldJoinedLines(_ lines: [ClassifiedLine], warn: (ImportWarning) -> Void) -> [ClassifiedLine]
    {
        var result: [ClassifiedLine] = []
        var unfolded: [(line: Int, views: Int)] = []
        var listed: [(line: Int, views: Int)] = []
        for line in lines {
            guard line.kind == .view, let pieces = joinedViews(line.content) else {
                result.append(line)
                continue
            }
            var first = line
            first.content = pieces[0].content
            result.append(first)
            for piece in pieces.dropFirst() {
                var next = ClassifiedLine(number: line.number, kind: .view)
                next.content = piece.content
                next.column = nil
                // lldb indents each level with `   | `: four columns and a mark.
                next.indent = line.indent + 4 * piece.marks
                next.pipes = line.pipes + piece.marks
                result.append(next)
            }
            if pieces.allSatisfy({ $0.marks == 0 }) {
                listed.append((line.number, pieces.count))
            } else {
                unfolded.append((line.number, pieces.count))
            }
        }
        if let first = unfolded.first {
            warn(
                ImportWarning(
                    line: first.line,
                    message: "the dump's line breaks were lost (views joined by ` | ` on one line): "
                        + unfolded.map { "line \($0.line) read as \($0.views) views" }.joined(separator: ", ")
                        + ", each nested by its `|` marks",
                    hint: "copy the dump from the console itself to keep its lines"))
        }
        if let first = listed.first {
            warn(
                ImportWarning(
                    line: first.line,
                    message: "an array of views printed on one line: "
                        + listed.map { "line \($0.line) read as \($0.views) views" }.joined(separator: ", ")
                        + ", with no parent in the paste",
                    hint: "an array print shows each view without its subviews; `po view.recursiveDescription()` "
                        + "prints the tree"))
        }
        return result
    }

    /// The views of a line that holds several descriptions joined by `|` marks, with each one's count of marks (0 for
    /// the first), or nil for a line of one view. A mark counts only at angle-bracket depth zero after a description
    /// closed, so a `|` inside a view's text or a `<` inside its layer does not split it.
    static func joinedViews(_ content: [UInt8]) -> [(marks: Int, content: [UInt8])]? {
        var pieces: [(marks: Int, content: [UInt8])] = []
        var pieceStart = 0
        var marks = 0
        var depth = 0
        var closed = false
        var index = 0
        while index < content.count {
            let byte = content[index]
            if byte == UInt8(ascii: "<") {
                depth += 1
            } else if byte == UInt8(ascii: ">"), depth > 0 {
                depth -= 1
                if depth == 0 { closed = true }
            } else if byte == UInt8(ascii: ","), depth == 0, closed {
                // An array of views printed on one line (`Optional([<UIView: …>, <UIView: …>])`): siblings.
                var end = index + 1
                while end < content.count, ImportText.isSpace(content[end]) { end += 1 }
                if end + 1 < content.count, content[end] == UInt8(ascii: "<"), isIdentifierByte(content[end + 1]),
                    looksLikeViewLine(Array(content[end...]))
                {
                    pieces.append((marks, Array(ImportText.trimmed(content[pieceStart..<index]))))
                    marks = 0
                    pieceStart = end
                    closed = false
                    index = end
                    continue
                }
            } else if byte == UInt8(ascii: "|"), depth == 0, closed, index > 0, ImportText.isSpace(content[index - 1]) {
                var end = index
                var run = 0
                while end < content.count, content[end] == UInt8(ascii: "|") || ImportText.isSpace(content[end]) {
                    if content[end] == UInt8(ascii: "|") { run += 1 }
                    end += 1
                }
                if end + 1 < content.count, content[end] == UInt8(ascii: "<"), isIdentifierByte(content[end + 1]) {
                    pieces.append((marks, Array(ImportText.trimmed(content[pieceStart..<index]))))
                    marks = run
                    pieceStart = end
                    closed = false
                    index = end
                    continue
                }
                index = end
                continue
            }
            index += 1
        }
        guard !pieces.isEmpty else { return nil }
        pieces.append((marks, Array(ImportText.trimmed(content[pieceStart...]))))
        return pieces
    }

    /// lldb's print of an NSArray of views (`po view.subviews`): `<__NSArrayM 0x…>(`, then one `<View: …>,` a line,
    /// then `)`. The elements are siblings with no parent in the paste, as in Cycript's `@[#"<…>", …]`: the opening
    /// and closing lines are set aside and each element is read as a parentless view without its comma.
    private static func unfoldArrayPrints(_ lines: [ClassifiedLine]) -> [ClassifiedLine] {
        var result = lines
        var position = 0
        while position < result.count {
            // `<__NSArrayM 0x…>(`, or NSArray's own `(` on a line of its own before its elements (`po view.subviews`).
            let bareOpening =
                result[position].content == Array("(".utf8)
                && result[(position + 1)...].first(where: { $0.kind != .blank }).map {
                    $0.kind == .view && $0.content.first == UInt8(ascii: "<")
                } == true
            guard bareOpening || isArrayPrintOpening(result[position].content) else {
                position += 1
                continue
            }
            // The elements are siblings one indentation in, whatever spaces the paste gave them: two lists printed
            // one after another stay apart instead of the second nesting under the first's last element.
            let indent = result[position].indent + 1
            result[position].kind = .blank
            position += 1
            while position < result.count {
                var line = result[position]
                if line.content == Array(")".utf8) || line.content == Array("),".utf8) {
                    result[position].kind = .blank
                    position += 1
                    break
                }
                guard line.kind == .view, line.content.first == UInt8(ascii: "<") else { break }
                if line.content.last == UInt8(ascii: ",") { line.content.removeLast() }
                line.indent = indent
                line.pipes = 0
                result[position] = line
                position += 1
            }
        }
        return result
    }

    /// `<__NSArrayM 0x600000449390>(` (also `__NSArrayI`, `__NSSingleObjectArrayI`, `NSArray`): an array print opens.
    private static func isArrayPrintOpening(_ content: [UInt8]) -> Bool {
        guard content.first == UInt8(ascii: "<"), content.last == UInt8(ascii: "("),
            content.dropLast().last == UInt8(ascii: ">")
        else { return false }
        let inner = content.dropFirst().dropLast(2)
        let parts = inner.split(separator: 0x20)
        guard parts.count == 2, ImportText.contains(parts[0], "Array"), parts[0].allSatisfy(isClassNameByte),
            ImportText.hasPrefix(parts[1], "0x"), parts[1].dropFirst(2).allSatisfy(ImportText.isHexDigit)
        else { return false }
        return true
    }

    /// Whether a line holds a dump printed as a string (see `expandQuotedDumps`), for detection: the first view
    /// line inside it.
    static func escapedViewContent(of content: [UInt8]) -> [UInt8]? {
        guard let unescaped = EscapedDump.unfold(content, kind: .text) ?? EscapedDump.unfold(content, kind: .view)
        else { return nil }
        for inner in ImportText.lines(unescaped) {
            let classified = classify(ImportText.Line(number: 0, bytes: inner.bytes))
            if classified.kind == .view { return classified.content }
        }
        return nil
    }
}

/// Strings that hold a recursiveDescription: where they start in a line, and their text with escapes undone.
enum EscapedDump {
    /// The text a line's string(s) hold, or `nil` when the line is no dump printed as a string.
    static func unfold(_ content: [UInt8], kind: RecursiveDescriptionImporter.LineKind) -> [UInt8]? {
        switch kind {
        case .text:
            var body = content[...]
            if body.first == UInt8(ascii: "@") { body = body.dropFirst() }
            if body.first == UInt8(ascii: "["), let joined = array(body.dropFirst()) { return joined }
            if let string = element(body) { return string }
            // A whole dump escaped into one line of JSON or a log: it must hold a line break escape and unfold into
            // more than one tree line, so a single quoted view in prose is still prose.
            guard ImportText.contains(content, "\\n") else { return nil }
            let text: [UInt8]
            if let quote = embeddedStart(content) {
                text = unescape(content, from: quote + 1, quoted: true).text
            } else if let node = firstNode(content) {
                // Unquoted after a log's own words (`dump: <UIWindow: …>\n   | <UIView: …>`).
                text = unescape(content, from: node, quoted: false).text
            } else {
                return nil
            }
            return treeLines(in: text) >= 2 ? text : nil
        case .view:
            // `<UIWindow: …>\n   | <UIView: …>`: a line of a log that escaped its line breaks.
            guard ImportText.contains(content, "\\n") else { return nil }
            let (text, _) = unescape(content, from: 0, quoted: false)
            return treeLines(in: text) >= 2 ? text : nil
        case .blank, .command, .elided, .layer, .repeated, .otherObject:
            return nil
        }
    }

    /// `"<…"`, `#"<…"` or `@"<…"` at the start of `body`: its text.
    private static func element(_ body: ArraySlice<UInt8>) -> [UInt8]? {
        var start = body.startIndex
        if start < body.endIndex, body[start] == UInt8(ascii: "#") || body[start] == UInt8(ascii: "@") {
            start += 1
        }
        guard start + 1 < body.endIndex, body[start] == UInt8(ascii: "\""), body[start + 1] == UInt8(ascii: "<")
        else { return nil }
        let (text, _) = unescape(Array(body), from: start - body.startIndex + 1, quoted: true)
        return text
    }

    /// The elements of `[#"<…>", #"<…>"]` (after its `[`), one after another: sibling views. `nil` unless every
    /// element is a quoted description.
    private static func array(_ body: ArraySlice<UInt8>) -> [UInt8]? {
        let bytes = Array(body)
        var index = 0
        var joined: [UInt8] = []
        var count = 0
        while true {
            while index < bytes.count, ImportText.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ",") {
                index += 1
            }
            guard index < bytes.count else { break }
            if bytes[index] == UInt8(ascii: "]") { break }
            if bytes[index] == UInt8(ascii: "#") || bytes[index] == UInt8(ascii: "@") { index += 1 }
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 1] == UInt8(ascii: "<")
            else { return nil }
            let (text, end) = unescape(bytes, from: index + 1, quoted: true)
            if count > 0 { joined.append(0x0A) }
            joined += text
            count += 1
            index = end
        }
        return count > 0 ? joined : nil
    }

    /// The offset of the first `"` that opens a quoted view description (`"<Name`) in a line.
    private static func embeddedStart(_ content: [UInt8]) -> Int? {
        var index = 0
        while index + 2 < content.count {
            if content[index] == UInt8(ascii: "\""), content[index + 1] == UInt8(ascii: "<"),
                content[index + 2] == UInt8(ascii: "_") || ImportText.isLetter(content[index + 2])
                    || content[index + 2] == UInt8(ascii: "<")
            {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The offset of the first `<` that starts a class name (`<UIWindow`, `<_UIView`) in a line.
    private static func firstNode(_ content: [UInt8]) -> Int? {
        var index = 0
        while index + 1 < content.count {
            if content[index] == UInt8(ascii: "<"),
                content[index + 1] == UInt8(ascii: "_") || ImportText.isLetter(content[index + 1])
            {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func treeLines(in text: [UInt8]) -> Int {
        var count = 0
        for line in ImportText.lines(text) {
            switch RecursiveDescriptionImporter.classify(line).kind {
            case .view, .layer, .elided: count += 1
            case .blank, .command, .text, .repeated, .otherObject: break
            }
        }
        return count
    }

    /// Undoes JSON, Cycript and Swift string escapes from `start`; a quoted string ends at its first unescaped `"`.
    /// Returns the text and the offset after the closing quote (or the end).
    static func unescape(_ bytes: [UInt8], from start: Int, quoted: Bool) -> (text: [UInt8], end: Int) {
        var text: [UInt8] = []
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if quoted, byte == UInt8(ascii: "\"") { return (text, index + 1) }
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                text.append(byte)
                index += 1
                continue
            }
            let next = bytes[index + 1]
            index += 2
            switch next {
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "u"):
                if let scalar = hexScalar(bytes, at: index) {
                    text += Array(String(Character(scalar)).utf8)
                    index += 4
                } else {
                    text.append(next)
                }
            default: text.append(next)
            }
        }
        return (text, index)
    }

    /// Four hex digits at `index` as a Unicode scalar (a lone surrogate becomes U+FFFD).
    static func hexScalar(_ bytes: [UInt8], at index: Int) -> Unicode.Scalar? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            guard ImportText.isHexDigit(byte) else { return nil }
            value = value * 16 + UInt32(ImportText.hexValue(byte))
        }
        return Unicode.Scalar(value) ?? Unicode.Scalar(0xFFFD)
    }
}

/// What lldb prints about a view tree besides `recursiveDescription`, which has no frames and so cannot be
/// imported: `_autolayoutTrace` (`*<UIView:0x7f88…> - AMBIGUOUS LAYOUT`, `| •UIButton:0x7f88…'Pay'`) and
/// `_printHierarchy` (`<UINavigationController 0x7fc4…>, state: appeared, view: <UILayoutContainerView 0x7fc4…>`).
/// Detection sends them to the recursiveDescription importer so that the refusal says what they are. A scene's
/// description (`po view.window.windowScene`, or Pythonista's and a-Shell's `<ObjCInstance: UIWindowScene at 0x…:
/// <UIWindowScene: 0x…; role: …> {` … `windows = { <UIWindow: …>; … }`) lists its windows, but without a subview of
/// theirs: a hierarchy read from it would be windows with nothing in them.
enum OtherViewPrintout: Equatable {
    case autolayoutTrace, printHierarchy, sceneDescription

    /// What a line (its content, once prefix and indentation are set aside) is, if it is one of these.
    init?(content: [UInt8]) {
        if Self.isPrintHierarchyLine(content) {
            self = .printHierarchy
        } else if Self.isAutolayoutTraceLine(content) {
            self = .autolayoutTrace
        } else if Self.isSceneDescriptionLine(content) {
            self = .sceneDescription
        } else {
            return nil
        }
    }

    /// The lines of each scene description: its first line to the `}>` or `}` that closes it at its own
    /// indentation (at most 60 lines on), so that the windows it lists are not read as a tree.
    static func sceneDescriptions(in lines: [RecursiveDescriptionImporter.ClassifiedLine]) -> [ClosedRange<Int>] {
        var found: [ClosedRange<Int>] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard isSceneDescriptionLine(lines[index].content) else { continue }
            let start = index
            var end = index
            for later in (index + 1)..<min(lines.count, index + 60) {
                let trimmed = ImportText.trimmed(lines[later].content[...])
                if lines[later].indent <= lines[start].indent,
                    trimmed.elementsEqual("}>".utf8) || trimmed.elementsEqual("}".utf8)
                {
                    end = later
                    break
                }
            }
            found.append(start...end)
            index = end
        }
        return found
    }

    /// The refusal for the first such line among the first 400 of a dump, if there is one.
    static func refusal(in lines: [RecursiveDescriptionImporter.ClassifiedLine]) -> ImportError? {
        for line in lines.prefix(400) {
            guard let kind = OtherViewPrintout(content: line.content) else { continue }
            let what =
                switch kind {
                case .autolayoutTrace:
                    "this is `_autolayoutTrace` output (views by address with Auto Layout ambiguity, no frames), "
                        + "not a view dump"
                case .printHierarchy:
                    "this is `_printHierarchy` output (view controllers and their states, no frames), not a view dump"
                case .sceneDescription:
                    "this is a UIWindowScene's description: it lists the scene's windows without their subviews, "
                        + "not a view dump"
                }
            return ImportError(
                format: .recursiveDescription, line: line.number, reason: what,
                hint: "capture the views with `po view.recursiveDescription()` in lldb "
                    + "(`po [[UIWindow keyWindow] recursiveDescription]` in Objective-C) and import that")
        }
        return nil
    }

    /// UIKit's description of a touch or a touch event (`<UITouch: 0x…> phase: Began; … window: <UIWindow: …>`,
    /// `touches began with event: <UITouchesEvent: 0x…>`), as console logs print them.
    static func mentionsTouch(_ content: [UInt8]) -> Bool {
        ImportText.contains(content, "<UITouch: 0x") || ImportText.contains(content, "<UITouchesEvent: 0x")
    }

    /// The refusal for a console log about touches whose only view descriptions are inside the touches' (the window
    /// a touch was in): nil when a view line of the paste is no touch's.
    static func touchLogRefusal(in lines: [RecursiveDescriptionImporter.ClassifiedLine]) -> ImportError? {
        guard let first = lines.first(where: { mentionsTouch($0.content) }),
            !lines.contains(where: { $0.kind == .view && !mentionsTouch($0.content) })
        else { return nil }
        return ImportError(
            format: .recursiveDescription, line: first.number,
            reason: "this is a console log about touches (`<UITouch: 0x…> phase: …`): it names the window a touch was "
                + "in, not the views of a hierarchy",
            hint: "capture the views with `po view.recursiveDescription()` in lldb; touches come from a "
                + "TouchlogRecorder recording or a session-replay stream")
    }

    /// `<UIWindowScene: 0x1027c3440; role: …`, or the same behind Rubicon's `<ObjCInstance: UIWindowScene at 0x…: `.
    private static func isSceneDescriptionLine(_ content: [UInt8]) -> Bool {
        content.starts(with: "<UIWindowScene: ".utf8) || content.starts(with: "<ObjCInstance: UIWindowScene ".utf8)
    }

    /// `<UINavigationController 0x7fc4f2812000>, state: appeared, …`
    private static func isPrintHierarchyLine(_ content: [UInt8]) -> Bool {
        guard content.first == UInt8(ascii: "<"), let close = content.firstIndex(of: UInt8(ascii: ">")) else {
            return false
        }
        let inside = content[1..<close].split(separator: 0x20)
        guard inside.count == 2, inside[1].starts(with: "0x".utf8) else { return false }
        return content[(close + 1)...].starts(with: ", state: ".utf8)
    }

    /// `UIWindow:0x7f88a8e4a4a0`, `*<UIView:0x109409850> - AMBIGUOUS LAYOUT`, `•UIButton:0x7f88'Pay'`: a class name
    /// and an address joined by a colon without a space, behind an optional `*` (ambiguous) or `•` (root of a
    /// layout engine) mark and `<`.
    private static func isAutolayoutTraceLine(_ content: [UInt8]) -> Bool {
        var index = 0
        if content.starts(with: [0xE2, 0x80, 0xA2]) {
            index = 3
        } else if content.first == UInt8(ascii: "*") {
            index = 1
        }
        if index < content.count, content[index] == UInt8(ascii: "<") { index += 1 }
        let nameStart = index
        while index < content.count,
            ImportText.isDigit(content[index]) || content[index] == UInt8(ascii: "_")
                || content[index] == UInt8(ascii: ".")
                || (content[index] | 0x20 >= UInt8(ascii: "a") && content[index] | 0x20 <= UInt8(ascii: "z"))
        {
            index += 1
        }
        guard index > nameStart, content[index...].starts(with: ":0x".utf8) else { return false }
        index += 3
        let digits = index
        while index < content.count, ImportText.isHexDigit(content[index]) { index += 1 }
        guard index - digits >= 4 else { return false }
        guard index < content.count else { return true }
        if content[index] == UInt8(ascii: ">") { index += 1 }
        guard index < content.count else { return true }
        return content[index] == UInt8(ascii: "'") || content[index] == UInt8(ascii: ",")
            || content[index] == UInt8(ascii: "-") || content[index...].starts(with: " -".utf8)
    }
}
