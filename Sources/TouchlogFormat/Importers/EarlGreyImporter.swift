/// Imports the view hierarchy EarlGrey 1 and 2 print when an interaction fails (`GREYElementHierarchy`,
/// `[GREYElementHierarchy hierarchyStringForAllUIWindows]`).
///
/// ```text
/// <UIWindow:0x7f8518804980; isAccessible=N; AX.frame={{0, 0}, {414, 896}}; AX.activationPoint={207, 448}; AX.traits='UIAccessibilityTraitNone'; AX.focused='N'; frame={{0, 0}, {414, 896}}; opaque; alpha=1>
///   |--<UIButton:0x7f8516c23d20; AX=Y; AX.id='pay'; AX.label='Pay'; AX.frame={{20, 780}, {374, 50}}; …; frame={{20, 780}, {374, 50}}; opaque; alpha=1>
///   |  |--<UIButtonLabel:0x7f8516c24e30; AX=N; …; frame={{170, 15}, {34, 20}}; opaque; UIE=N; alpha=1>
/// ```
///
/// Close to a recursiveDescription, but not one: `key=value` without spaces, bare flags (`hidden`, `opaque`),
/// `UIE=N` for interaction off, the accessibility element's own fields under `AX.`, and nesting told by `|--`
/// marks. Its descriptions are read by the recursiveDescription line parser; the mapping is in docs/importers.md.
public enum EarlGreyImporter: HierarchyImporter {
    public static let format = ImportFormat.earlgrey

    /// UIKit classes whose `UIAccessibilityTraitNotEnabled` trait is `isEnabled == false`.
    private static let controls: Set<String> = [
        "UIControl", "UIButton", "UISwitch", "UISlider", "UIStepper", "UISegmentedControl", "UITextField",
        "UISearchTextField", "UIDatePicker", "UIPageControl",
    ]
    private static let textInputs: Set<String> = ["UITextField", "UISearchTextField", "UITextView"]

    public static func convert(
        _ bytes: [UInt8], sourceName: String, warn: (ImportWarning) -> Void
    ) throws(ImportError) -> [Record] {
        var snapshots: [ImportedHierarchy] = []
        var current = ImportedHierarchy(orphansShareOneWindow: true)
        var open: [Int] = []  // the last view at each depth
        var rootAddresses: Set<String> = []
        // Each placed view's origin on screen, by its index in `current`: what an element that prints only its
        // screen `AX.frame` is placed relative to.
        var screenOrigins: [Int: (x: Double, y: Double)] = [:]
        // Lines of the elements placed by `AX.frame`, for one warning.
        var placedByAXFrame: [Int] = []
        // Lines of elements quoted inside the failure message (the error trace's `"E": "<RCTTextView:…>"`), left
        // out, for one warning.
        var quoted: [(line: Int, column: Int)] = []
        // The fewest `|` marks of the snapshot's elements so far: a paste cut from deep in a tree (the keyboard's keys,
        // seven levels down) starts there, and elements at that depth are siblings, not each other's children. A
        // later line with fewer marks is a level the fragment's first lines hang below: it becomes the top level.
        var baseDepth = 0
        func close() {
            guard !current.isEmpty else { return }
            current.t = Double(snapshots.count)
            current.assignIDs(useAddresses: true)
            snapshots.append(current)
            current = ImportedHierarchy(orphansShareOneWindow: true)
            open.removeAll()
            rootAddresses.removeAll()
            screenOrigins.removeAll()
            baseDepth = 0
        }
        // A dump shown in a web page (`|--&lt;UIView:0x…; AX=N; …&gt;`): read with the entities undone.
        var source = bytes
        if let html = HTMLEscapedDump(bytes, isTreeLine: isElementLine) {
            source = html.text
            warn(
                ImportWarning(
                    line: html.firstLine,
                    message: "the dump is HTML-escaped (`&lt;`, `&gt;`, `&apos;`): read with the entities undone and "
                        + "the page's tags left out",
                    hint: "columns in later messages count the unescaped text"))
        }
        let sourceLines = ImportText.lines(source)
        var wrapped: [Int] = []
        for (position, line) in sourceLines.enumerated() {
            guard var node = Self.node(line.bytes) else { continue }
            if node.isQuoted {
                quoted.append((line.number, node.column))
                continue
            }
            var parsed = RecursiveDescriptionLine.parse(node.content)
            // An editor that wrapped a long description (both halves behind `// `, as in a test's comment): the next
            // line, its leader set aside, is the rest of it when it is no element of its own.
            if case .failure(let failure) = parsed, failure.unterminated, position + 1 < sourceLines.count,
                Self.node(sourceLines[position + 1].bytes) == nil
            {
                let next = sourceLines[position + 1].bytes
                var start = next.startIndex
                while start < next.endIndex, ImportText.isSpace(next[start]) { start += 1 }
                start += ImportText.leaderLength(Array(next), at: start - next.startIndex)
                let joined = node.content + Array(ImportText.trimmed(next[start...]))
                if case .success = RecursiveDescriptionLine.parse(joined) {
                    node.content = joined
                    parsed = RecursiveDescriptionLine.parse(joined)
                    wrapped.append(line.number)
                }
            }
            let description: RecursiveDescriptionLine
            switch parsed {
            case .success(let value): description = value
            case .failure(let failure):
                // The paste ends inside its last element (a comment cut at a size limit): the elements before it
                // are read, and that one is left out, never completed by guessing its frame.
                if failure.unterminated, !current.isEmpty || !snapshots.isEmpty,
                    !sourceLines[(position + 1)...].contains(where: { Self.node($0.bytes) != nil })
                {
                    let depth = min(max(0, node.depth - baseDepth), open.count)
                    if depth > 0 { current.views[open[depth - 1]].subviewsTruncated = true }
                    warn(
                        ImportWarning(
                            line: line.number, column: node.column &+ failure.offset,
                            message: "the last element's description is cut before its '>' and the paste ends: that "
                                + "element is left out",
                            hint: "copy the whole line from the failure message to import it"))
                    continue
                }
                throw ImportError(
                    format: format, line: line.number, column: node.column &+ failure.offset, reason: failure.reason,
                    hint: "expected an EarlGrey element like `<UIView:0x7f85…; AX=N; frame={{0, 0}, {414, 896}}; "
                        + "opaque; alpha=1>`")
            }
            if current.isEmpty, open.isEmpty, node.depth > 0 {
                baseDepth = node.depth
                // Parentless siblings of one fragment share one synthetic window, as a cut recursiveDescription's do.
                current.orphansShareOneWindow = true
            }
            // A line with no marks is a window as printed: the fragment above it has ended.
            if node.depth == 0 { baseDepth = 0 }
            if node.depth > 0, node.depth < baseDepth { baseDepth = node.depth }
            let printedDepth = max(0, node.depth - baseDepth)
            if printedDepth == 0 {
                // A window printed again is the next hierarchy (one failure message after another).
                if let address = description.address, !rootAddresses.insert(address).inserted {
                    close()
                    rootAddresses.insert(address)
                }
                open.removeAll()
            }
            // A line nested deeper than the one above it by more than a level hangs under the deepest view open.
            let depth = min(printedDepth, open.count)
            open.removeSubrange(depth...)
            let parent = open.last
            if let parent, current.isFull(below: parent) {
                throw ImportError(
                    format: format, line: line.number, column: node.column,
                    reason: "views nest deeper than \(FormatLimits.maximumViewDepth) levels",
                    hint: "no UIKit hierarchy is that deep; check the `|--` marks")
            }
            let parentOrigin = parent.flatMap { screenOrigins[$0] } ?? (0, 0)
            let (view, origin, byAXFrame) = try makeView(
                description, line: line.number, column: node.column, parentOrigin: parentOrigin)
            if byAXFrame { placedByAXFrame.append(line.number) }
            let added = current.add(view, parent: parent)
            screenOrigins[added] = origin
            open.append(added)
        }
        close()
        if let first = placedByAXFrame.first {
            let lines = placedByAXFrame.count == 1 ? "line \(first)" : "lines \(first)-\(placedByAXFrame.last ?? first)"
            warn(
                ImportWarning(
                    line: first,
                    message: "\(placedByAXFrame.count) element(s) print no `frame=`, only `AX.frame=` (\(lines)): "
                        + "placed by their accessibility frame",
                    hint: "these are accessibility elements, not views (keyboard keys, for one); their screen "
                        + "frame is made relative to the view above them"))
        }
        if let first = quoted.first {
            warn(
                ImportWarning(
                    line: first.line, column: first.column,
                    message: "\(quoted.count) element description(s) in quotes left out (line "
                        + quoted.map { String($0.line) }.joined(separator: ", ") + ")",
                    hint: "an element quoted in the failure message (its error trace's `\"E\": \"<…>\"`) names the "
                        + "element that failed; it is not a line of the hierarchy"))
        }
        if let first = wrapped.first {
            warn(
                ImportWarning(
                    line: first,
                    message: "a description wrapped onto the next line (line "
                        + wrapped.map(String.init).joined(separator: ", ") + "): read joined",
                    hint: "copy the dump as EarlGrey printed it, one element a line"))
        }
        guard !snapshots.isEmpty else {
            if let first = quoted.first {
                throw ImportError(
                    format: format, line: first.line, column: first.column,
                    reason: "an EarlGrey failure report: its only elements are quoted in the error (`\"E\": \"<…>\"`), "
                        + "which names the element that failed, not the hierarchy",
                    hint: "include the hierarchy EarlGrey prints with the failure (after `Hierarchy:` or in its "
                        + "view hierarchy attachment)")
            }
            throw ImportError(
                format: format, line: 1, reason: "no EarlGrey element found",
                hint: "expected lines like `<UIWindow:0x7f85…; AX=N; frame={{0, 0}, {414, 896}}; opaque; alpha=1>` "
                    + "and `  |--<UIView:0x7f86…; …>` under it")
        }
        let (records, synthetic) = ImportRecords.snapshots(snapshots)
        var extra: [JSONObject.Member] = []
        if !synthetic.isEmpty {
            extra.append(.init(key: "syntheticWindows", value: .array(synthetic.map { .string($0) })))
        }
        let header = ImportRecords.session(format: format, bytes: bytes, sourceName: sourceName, source: extra)
        return [.session(header)] + records
    }

    /// A line holding an element: the description from its `<`, how many `|` marks put it below a root, the
    /// 1-based column of the `<`, and whether it is quoted. Any text before the first mark or `<` (a log's stamp,
    /// indentation, `Hierarchy: `) is not read; a quote right before the `<` makes it an element named inside a
    /// message (`"E":  "<RCTTextView:…>"`), not a line of the tree.
    static func node(_ bytes: ArraySlice<UInt8>) -> (content: [UInt8], depth: Int, column: Int, isQuoted: Bool)? {
        let line = Array(bytes)
        guard let start = line.firstIndex(of: UInt8(ascii: "<")) else { return nil }
        let before = line[0..<start]
        let lead = ImportText.trimmed(line[0..<start])
        let marked = ImportText.hasPrefix(lead.suffix(3), "|--")
        let depth = marked ? before.filter { $0 == UInt8(ascii: "|") }.count : 0
        let content = Array(ImportText.trimmed(line[start...]))
        guard looksLikeElement(content) else { return nil }
        let isQuoted =
            start > 0 && [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`")].contains(line[start - 1])
        return (content, depth, start + 1, isQuoted)
    }

    /// Whether a line is one of a hierarchy's (an element, not one quoted in a message).
    static func isElementLine(_ bytes: ArraySlice<UInt8>) -> Bool {
        node(bytes).map { !$0.isQuoted } ?? false
    }

    /// `<Name:0x…;` followed somewhere by EarlGrey's own fields (`AX=`, `isAccessible=`, `AX.frame=`), or by a
    /// `frame={{` with no space around `=`, which no recursiveDescription prints.
    static func looksLikeElement(_ content: [UInt8]) -> Bool {
        guard content.first == UInt8(ascii: "<"), let colon = content.firstIndex(of: UInt8(ascii: ":")),
            colon > 1, content[colon...].starts(with: ":0x".utf8) || content[colon...].starts(with: ": 0x".utf8),
            // A class name between them (`<UIView:0x…`), not markup around one (`<pre><code>&lt;UIView:0x…`).
            content[1..<colon].allSatisfy({
                ImportText.isDigit($0) || ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z"))
                    || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "$") || $0 >= 0x80
            })
        else { return false }
        return ImportText.contains(content, "; AX=") || ImportText.contains(content, "; isAccessible=")
            || ImportText.contains(content, "; AX.frame=")
    }

    /// The view, its origin on screen, and whether it was placed by `AX.frame` alone.
    private static func makeView(
        _ description: RecursiveDescriptionLine, line: Int, column: Int, parentOrigin: (x: Double, y: Double)
    ) throws(ImportError) -> (ImportedView, (x: Double, y: Double), Bool) {
        var view = ImportedView(className: description.className, line: line)
        if let readable = SwiftClassName.demangle(description.className) {
            view.className = readable
            view.keep("mangledClass", .string(description.className))
        }
        if let address = description.address, address.hasPrefix("0x") { view.address = address }
        var frame: [Double]?
        var accessibilityFrame: [Double]?
        var interactionPrinted = false
        var value: String?
        for property in description.properties {
            guard let raw = property.value else {
                switch property.key {
                case "hidden": view.isHidden = true
                default: view.keep(property.key, true)
                }
                continue
            }
            let text = ImportText.string(raw)
            switch property.key {
            case "frame" where frame == nil:
                guard let rect = DescribedGeometry.rect(raw) else {
                    throw ImportError(
                        format: format, line: line, column: column &+ property.offset,
                        reason: "\"frame\" value '\(text)' is not a rectangle",
                        hint: "expected `frame={{x, y}, {w, h}}`")
                }
                frame = rect
            case "alpha":
                if let alpha = ImportText.number(raw), alpha.isFinite, view.alpha == nil {
                    view.alpha = alpha
                } else {
                    view.keep("alpha", .string(text))
                }
            case "UIE":
                interactionPrinted = true
                view.isUserInteractionEnabled = text != "N"
            case "AX.id" where view.accessibilityIdentifier == nil:
                if !text.isEmpty { view.accessibilityIdentifier = text }
            case "AX.label" where view.accessibilityLabel == nil:
                if !text.isEmpty { view.accessibilityLabel = text }
            case "AX.value": value = text
            case "text" where view.text == nil: view.text = text
            case "AX.traits":
                view.keep("AX.traits", .string(text))
                if ImportText.contains(raw, "UIAccessibilityTraitNotEnabled"), controls.contains(view.className) {
                    view.isEnabled = false
                }
            case "AX.frame":
                if let rect = DescribedGeometry.rect(raw), rect.allSatisfy(\.isFinite) { accessibilityFrame = rect }
                view.keep(property.key, .string(text))
            default:
                view.keep(property.key, .string(text))
            }
        }
        if let value {
            if textInputs.contains(view.className), view.text == nil {
                view.text = value
            } else {
                view.keep("AX.value", .string(value))
            }
        }
        var byAXFrame = false
        if frame == nil, let screen = accessibilityFrame {
            // An accessibility element that is not a view (`UIAccessibilityElementKBKey`) prints only its frame on
            // screen: relative to the view above it, that is where it sits.
            frame = [screen[0] - parentOrigin.x, screen[1] - parentOrigin.y, screen[2], screen[3]]
            byAXFrame = true
        }
        guard var rect = frame else {
            throw ImportError(
                format: format, line: line, column: column,
                reason: "the element '\(view.className)' has no frame",
                hint: "EarlGrey prints `frame={{x, y}, {w, h}}` for every view; was the line edited?")
        }
        if !rect.allSatisfy(\.isFinite) {
            view.keep("frame", .string("\(rect)"))
            rect = [0, 0, 0, 0]
        }
        view.frame = Rect(importing: rect)
        // EarlGrey prints `UIE=N` whenever interaction is off, so silence means on; say so where touchlog's
        // default is off.
        if !interactionPrinted, ["UILabel", "UIImageView"].contains(view.className) {
            view.isUserInteractionEnabled = true
        }
        // Where it is on screen: its accessibility frame when printed (it accounts for scrolling), else its frame
        // from its parent's origin.
        let origin: (x: Double, y: Double) =
            accessibilityFrame.map { ($0[0], $0[1]) } ?? (parentOrigin.x + rect[0], parentOrigin.y + rect[1])
        return (view, origin, byAXFrame)
    }
}
