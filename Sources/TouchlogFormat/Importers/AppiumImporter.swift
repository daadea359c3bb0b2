// XMLParser lives in FoundationXML on Linux (so that Foundation alone does not pull in libxml2) and in Foundation
// on Apple platforms; Data and NSError are Foundation's everywhere.
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Imports an Appium / WebDriverAgent page source (`driver.page_source`, `GET /source`): XML whose elements are
/// XCUITest element types.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <AppiumAUT>
///   <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop" label="Shop" enabled="true"
///       visible="true" accessible="false" x="0" y="0" width="390" height="844" index="0">
///     <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" accessible="false"
///         x="0" y="0" width="390" height="844" index="0">
///       <XCUIElementTypeButton type="XCUIElementTypeButton" name="pay" label="Pay" enabled="true" visible="true"
///           accessible="true" x="20" y="300" width="350" height="50" index="0"/>
/// ```
///
/// The whole source is one snapshot. Frames are screen points and become superview coordinates; element types
/// become UIKit classes through the table the XCUITest importer uses. The XML is read by Foundation's `XMLParser`
/// (libxml2), so what is well-formed XML is libxml2's call, and its line and column name any error.
public enum AppiumImporter: HierarchyImporter {
    public static let format = ImportFormat.appium

    private static let typePrefix = "XCUIElementType"

    /// A template literal's placeholder (`${children}`, `${frame.x}`) on a line with an element: the first one's
    /// position and text.
    static func templatePlaceholder(_ bytes: [UInt8]) -> (line: Int, column: Int, text: String)? {
        for line in ImportText.lines(bytes) where ImportText.contains(line.bytes, "XCUIElementType") {
            let text = Array(line.bytes)
            guard let open = ImportText.firstIndex(of: Array("${".utf8), in: text),
                let close = text[open...].firstIndex(of: UInt8(ascii: "}"))
            else { continue }
            return (line.number, open + 1, ImportText.string(text[open...close].prefix(40)))
        }
        return nil
    }

    public static func convert(
        _ bytes: [UInt8], sourceName: String, warn: (ImportWarning) -> Void
    ) throws(ImportError)
        -> [Record]
    {
        let lineCount = bytes.reduce(1) { $1 == 0x0A ? $0 &+ 1 : $0 }
        if let bad = firstInvalidUTF8(bytes) {
            // libxml2 passes some bytes that are not UTF-8 through to XMLParser, which traps on them (Linux
            // Foundation builds attribute strings with a force unwrap): refuse them before parsing.
            let at = JSONLineCounter.position(of: bad, in: bytes)
            throw ImportError(
                format: format, line: at.line, column: at.column,
                reason: "byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) is not UTF-8",
                hint: "WebDriverAgent writes page sources in UTF-8; save the file as UTF-8 without changing it")
        }
        if let markup = unsupportedMarkup(bytes, from: 0) {
            // Linux Foundation's XMLParser crashes on a processing instruction without data (`<?x?>`), and a
            // DTD can declare entities that expand without bound; WebDriverAgent writes neither.
            let at = JSONLineCounter.position(of: markup.offset, in: bytes)
            throw ImportError(
                format: format, line: at.line, column: at.column,
                reason: "\(markup.what) is not part of a page source",
                hint: "WebDriverAgent writes only the `<?xml …?>` declaration and elements; remove it")
        }
        if let placeholder = templatePlaceholder(bytes) {
            throw ImportError(
                format: format, line: placeholder.line, column: placeholder.column,
                reason: "the page source is a template in code (`\(placeholder.text)` stands where the code puts "
                    + "elements or values): it is no page source as WebDriverAgent wrote it",
                hint: "import the page source the code builds when it runs, or `driver.page_source` saved to a file")
        }
        // What is not well-formed but has one reading (a cut, a stray closing tag, a browser's collapse markers,
        // escaped quotes, several roots) is repaired first, each repair a warning at its line.
        let repair = PageSourceRepair(bytes)
        for warning in repair.warnings { warn(warning) }
        let reader = PageSourceReader(truncated: repair.truncatedElements, wrapped: repair.wrapped)
        let parser = XMLParser(data: Data(repair.bytes))
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        // libxml2 may place an error just past the last line (at the end of input): name a line that exists.
        func line(_ number: Int) -> Int { min(max(1, repair.fileLine(number)), lineCount) }
        func column(_ number: Int, line: Int) -> Int? { repair.fileColumn(number, line: line) }
        if let failure = reader.failure {
            throw ImportError(
                format: format, line: line(failure.line), column: column(failure.column, line: failure.line),
                reason: failure.reason, hint: failure.hint)
        }
        if !parsed || parser.parserError != nil || reader.syntaxError != nil {
            let at: (line: Int, column: Int, error: (any Error)?) =
                reader.syntaxError.map { ($0.line, $0.column, $0.error) }
                ?? (parser.lineNumber, parser.columnNumber, parser.parserError)
            throw ImportError(
                format: format, line: line(at.line), column: column(at.column, line: at.line),
                reason: "the page source is not well-formed XML: \(describe(at.error))",
                hint: "save the page source as Appium returned it; a hand-edited copy fails where it cannot be read "
                    + "one way only")
        }
        guard let first = reader.nodes.first else {
            throw ImportError(
                format: format, line: 1,
                reason: "no XCUIElementType element found",
                hint:
                    "expected WebDriverAgent's page source: `<XCUIElementTypeApplication …>` (maybe inside "
                    + "`<AppiumAUT>`) holding `<XCUIElementTypeWindow …>` elements")
        }
        // Page sources one after another (each under its own `<AppiumAUT>` or application) are moments one after
        // another: a snapshot each. Other roots side by side (fragments) are one snapshot.
        let whole = Set(["AppiumAUT", "XCUIElementTypeApplication"])
        let sources = repair.rootNames.filter { whole.contains($0) }.count
        var groups: [[Int]] = []
        if sources > 1 {
            var byRoot: [Int: [Int]] = [:]
            for (index, node) in reader.nodes.enumerated() { byRoot[node.root, default: []].append(index) }
            groups = byRoot.keys.sorted().compactMap { byRoot[$0] }
        } else {
            groups = [Array(reader.nodes.indices)]
        }
        var hierarchies: [ImportedHierarchy] = []
        var app = JSONObject()
        var keyboards: [Int: Record] = [:]
        let containers = framelessContainers(reader.nodes)
        for (position, group) in groups.enumerated() {
            var keyboard: [Double]?
            var hierarchy = try build(
                group, of: reader.nodes, containers: containers, app: &app, keyboard: &keyboard, line: line,
                column: column)
            hierarchy.t = Double(position)
            hierarchies.append(hierarchy)
            if let keyboard {
                // The page source is a moment with the keyboard up: say so as UIKit would have, so the report sees
                // the keyboard frame (the source cannot tell which field it types into).
                keyboards[position] = .keyboard(
                    KeyboardRecord(t: hierarchy.t, phase: .didShow, frame: Rect(importing: keyboard)))
            }
        }
        // A root that holds no element type (an Android UI Automator dump beside the iOS source, in one test file) is
        // not imported: said at its line, so the warning about several roots is not read as both being kept.
        let rootsWithElements = Set(reader.nodes.map(\.root))
        if reader.roots.count > 1 {
            for (position, root) in reader.roots.enumerated() where !rootsWithElements.contains(position) {
                warn(
                    ImportWarning(
                        line: line(root.line),
                        message: "the root `<\(root.name)>` holds no XCUIElementType element"
                            + (root.android ? " (an Android UI Automator dump)" : "") + ": nothing of it is imported",
                        hint: root.android
                            ? "touchlog imports iOS hierarchies only"
                            : "an iOS page source holds XCUIElementType… elements"))
            }
        }
        // WebDriverAgent prints x, y, width and height on every element; one without them (a hand-written test
        // fixture, Appium 1.6's `x=""` for what it could not measure) is placed at 0 for what is missing, which no
        // tap reaches: kept (the tree and its flags are still what the source says), and said at its line.
        let unmeasured = reader.nodes.indices.filter { index in
            reader.nodes[index].type != "Application" && !containers.contains(index)
                && ["x", "y", "width", "height"].contains { reader.nodes[index].attributes[$0]?.isEmpty ?? true }
        }.map { reader.nodes[$0] }
        // When no element is measured at all and the attributes are left out, not empty (a fragment kept in a test:
        // `<XCUIElementTypeSecureTextField … x="1">`), every one would sit at 0, 0 with no size: nothing in the paste
        // can be placed, and importing it would say otherwise. Empty ones (`x=""`) are Appium 1.6's own output for
        // elements it could not measure: a capture whose tree still says what was there, kept with the warning.
        let elements = reader.nodes.filter { $0.type != "Application" }
        if let first = unmeasured.first, unmeasured.count == elements.count,
            unmeasured.contains(where: { node in ["x", "y", "width", "height"].contains { node.attributes[$0] == nil } }
            )
        {
            throw ImportError(
                format: format, line: line(first.line), column: column(first.column, line: first.line),
                reason: "no element has its x, y, width and height (\(elements.count) element(s), line "
                    + ImportWarning.lineList(unmeasured.map { line($0.line) }) + "): none can be placed on screen",
                hint: "WebDriverAgent prints all four on every element; save the page source as Appium returned it "
                    + "(`driver.page_source`)")
        }
        if let first = containers.min() {
            let lines = containers.sorted().map { line(reader.nodes[$0].line) }
            warn(
                ImportWarning(
                    line: lines[0], column: column(reader.nodes[first].column, line: reader.nodes[first].line),
                    message: "\(containers.count) element(s) without x, y, width and height that hold measured "
                        + "elements read as no view, their elements placed in the one around them (line "
                        + ImportWarning.lineList(lines) + ")",
                    hint: "as a 0x0 view one would hide what it holds from every tap; its elements' own frames place "
                        + "them on screen"))
        }
        if !unmeasured.isEmpty {
            warn(
                ImportWarning(
                    line: line(unmeasured[0].line),
                    message: "\(unmeasured.count) element(s) without x, y, width or height, placed at 0 for what is "
                        + "missing (line " + ImportWarning.lineList(unmeasured.map { line($0.line) }) + ")",
                    hint: "their frames are unknown (`imported.frameMissing`): a tap the replay sends there is not "
                        + "evidence"))
        }
        var extra: [JSONObject.Member] = []
        if hierarchies.allSatisfy(\.isEmpty) {
            warn(
                ImportWarning(
                    line: line(first.line), column: column(first.column, line: first.line),
                    message: "the page source holds no window: only the '\(typePrefix)\(first.type)' element",
                    hint:
                        "WebDriverAgent could not snapshot the app (it was not in the foreground, a system alert "
                        + "was in front, or the snapshot timed out); nothing can be replayed against it, so take "
                        + "the page source again"))
            extra.append(.init(key: "hierarchy", value: false))
        }
        if !repair.warnings.isEmpty { extra.append(.init(key: "repaired", value: true)) }
        if repair.cutShort { extra.append(.init(key: "cutShort", value: true)) }
        let (records, synthetic) = ImportRecords.snapshots(hierarchies)
        if !synthetic.isEmpty {
            extra.append(.init(key: "syntheticWindows", value: .array(synthetic.map { .string($0) })))
        }
        let header = ImportRecords.session(
            format: format, bytes: bytes, sourceName: sourceName, app: app, source: extra)
        var output: [Record] = [.session(header)]
        // Each snapshot, then the keyboard seen in it: records stay in time order.
        for (position, record) in records.enumerated() {
            output.append(record)
            if let keyboard = keyboards[position] { output.append(keyboard) }
        }
        return output
    }

    /// One snapshot from the nodes at `indices` (a page source, or all of them).
    private static func build(
        _ indices: [Int], of nodes: [PageSourceReader.Node], containers: Set<Int>, app: inout JSONObject,
        keyboard: inout [Double]?, line: (Int) -> Int, column: (Int, Int) -> Int?
    ) throws(ImportError) -> ImportedHierarchy {
        var hierarchy = ImportedHierarchy(orphansShareOneWindow: true)
        // Node index to view index, and each view's screen origin (frames are screen points in the source).
        var viewOf: [Int: Int] = [:]
        var origins: [[Double]] = []
        for index in indices {
            let node = nodes[index]
            let type = node.type
            let parentView = node.parent.flatMap { viewOf[$0] }
            if type == "Application" {
                // Not a view: its name is the app's, and its children are the windows.
                if app["name"] == nil, let name = node.attributes["label"] ?? node.attributes["name"],
                    !name.isEmpty
                {
                    app["name"] = .string(name)
                }
                continue
            }
            if containers.contains(index) {
                // No frame to be a view by: what it holds hangs from the view around it.
                if let parentView { viewOf[index] = parentView }
                continue
            }
            if let parentView, hierarchy.isFull(below: parentView) {
                throw ImportError(
                    format: format, line: line(node.line), column: column(node.column, node.line),
                    reason: "elements nest deeper than \(FormatLimits.maximumViewDepth) levels",
                    hint: "no UIKit hierarchy is that deep")
            }
            let screen = try frame(of: node, line: line(node.line), column: column(node.column, node.line))
            var view = makeView(
                node, type: type, parentClass: parentView.map { hierarchy.views[$0].className },
                line: line(node.line))
            if let parentView, parentView < origins.count {
                let origin = origins[parentView]
                view.frame = Rect(screen[0] - origin[0], screen[1] - origin[1], screen[2], screen[3])
            } else {
                view.frame = Rect(importing: screen)
            }
            if type == "Keyboard", node.attributes["visible"] == "true", keyboard == nil, screen[2] > 0,
                screen[3] > 0
            {
                keyboard = screen
            }
            viewOf[index] = hierarchy.add(view, parent: parentView)
            origins.append([screen[0], screen[1]])
        }
        hierarchy.assignIDs(useAddresses: false)
        return hierarchy
    }

    /// The elements (not the application) printed with none of x, y, width and height that hold an element with a
    /// frame: a hand-written fixture's `<XCUIElementTypeWindow type="…">` around measured buttons. As a 0x0 view such
    /// a window would take every point out of reach, and the frames of what it holds are the screen's anyway.
    fileprivate static func framelessContainers(_ nodes: [PageSourceReader.Node]) -> Set<Int> {
        func measured(_ node: PageSourceReader.Node) -> Bool {
            ["x", "y", "width", "height"].allSatisfy { !(node.attributes[$0]?.isEmpty ?? true) }
        }
        var holdsMeasured: Set<Int> = []
        for node in nodes where measured(node) {
            var parent = node.parent
            while let index = parent, holdsMeasured.insert(index).inserted { parent = nodes[index].parent }
        }
        return Set(
            holdsMeasured.filter { index in
                nodes[index].type != "Application"
                    && ["x", "y", "width", "height"].allSatisfy { nodes[index].attributes[$0]?.isEmpty ?? true }
            })
    }

    /// The first processing instruction other than the leading `<?xml …?>` declaration, or the first DTD markup
    /// (`<!DOCTYPE`, `<!ENTITY`…; comments and CDATA are fine), from `start`.
    private static func unsupportedMarkup(_ bytes: [UInt8], from start: Int) -> (offset: Int, what: String)? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "?") {
                    // A declaration (the repair drops any but the first: a second page source pasted after one).
                    let declaration =
                        bytes[index...].starts(with: "<?xml".utf8) && index + 5 < bytes.count
                        && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index + 5])
                    if !declaration { return (index, "a processing instruction") }
                } else if next == UInt8(ascii: "!"), index + 2 < bytes.count,
                    (0x41...0x5A).contains(bytes[index + 2])
                {
                    return (index, "a document type declaration")
                }
            }
            index += 1
        }
        return nil
    }

    /// The offset of the first byte that does not belong to well-formed UTF-8 (no overlong forms, no surrogates),
    /// or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            let trailing: Int
            switch lead {
            case 0xC2...0xDF: trailing = 1
            case 0xE0: (trailing, low) = (2, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: trailing = 2
            case 0xED: (trailing, high) = (2, 0x9F)
            case 0xF0: (trailing, low) = (3, 0x90)
            case 0xF1...0xF3: trailing = 3
            case 0xF4: (trailing, high) = (3, 0x8F)
            default: return index
            }
            guard index + trailing < bytes.count, (low...high).contains(bytes[index + 1]) else { return index }
            for offset in stride(from: 2, through: trailing, by: 1) where !(0x80...0xBF).contains(bytes[index + offset])
            {
                return index
            }
            index += trailing + 1
        }
        return nil
    }

    /// `[x, y, width, height]` in screen points. WebDriverAgent versions that leave an attribute out give 0 for it
    /// here (kept as `imported.frameMissing`); a value that is not a number is an error.
    private static func frame(of node: PageSourceReader.Node, line: Int, column: Int?) throws(ImportError)
        -> [Double]
    {
        var frame: [Double] = []
        for key in ["x", "y", "width", "height"] {
            // Appium 1.6's page source prints `x=""` for an element it could not measure: no value, as if left out.
            guard let text = node.attributes[key], !text.isEmpty else {
                frame.append(0)
                continue
            }
            // No screen is a billion points wide; the bound keeps superview coordinates (differences) finite.
            guard let number = ImportText.number(Array(text.utf8)), number.isFinite, abs(number) <= 1e9 else {
                throw ImportError(
                    format: format, line: line, column: column,
                    reason: "'\(key)' is '\(text.prefix(40))', not a number of points",
                    hint: "WebDriverAgent writes x, y, width and height as plain numbers, like `width=\"390\"`")
            }
            frame.append(number)
        }
        return frame
    }

    private static func makeView(
        _ node: PageSourceReader.Node, type: String, parentClass: String?, line: Int
    ) -> ImportedView {
        var view = ImportedView(
            className: XCUIElementType.uikitClass(type, parentClass: parentClass), line: line)
        view.keep("elementType", .string(type))
        let attributes = node.attributes
        let label = attributes["label"].flatMap { $0.isEmpty ? nil : $0 }
        if let label { view.accessibilityLabel = label }
        if let name = attributes["name"], !name.isEmpty {
            // WebDriverAgent's name is the identifier when there is one, else the label: a name equal to the
            // label is most likely the label again, so it is not taken for an identifier (kept as imported.name).
            if name != label {
                view.accessibilityIdentifier = name
            } else {
                view.keep("name", .string(name))
            }
        }
        if let value = attributes["value"] {
            if XCUIElementType.textInputs.contains(type) {
                view.text = value
            } else {
                view.keep("value", .string(value))
            }
        }
        if attributes["enabled"] == "false" { XCUIElementType.markDisabled(&view, type: type) }
        if attributes["visible"] == "false" {
            // `visible` is XCUITest's on-screen visibility (a non-empty visible frame), not UIView.isHidden: a
            // cell scrolled out of sight is invisible yet not hidden, so views keep it only as imported.visible.
            // A window with no visible part, though, took no touch: hiding it keeps replay from delivering
            // touches into it (a keyboard window left in the tree after the keyboard went, for one).
            view.keep("visible", false)
            if type == "Window" { view.isHidden = true }
        }
        if attributes["selected"] == "true" { view.keep("isSelected", true) }
        if type == "SecureTextField" { view.keep("isSecureTextEntry", true) }
        if node.truncated { view.subviewsTruncated = true }
        if ["x", "y", "width", "height"].contains(where: { attributes[$0]?.isEmpty ?? true }) {
            view.keep("frameMissing", true)
        }
        let known: Set<String> = [
            "type", "name", "label", "value", "enabled", "visible", "selected", "x", "y", "width", "height",
        ]
        // Dictionary order is not stable: sort, so re-importing the same file gives the same records.
        for key in attributes.keys.sorted() where !known.contains(key) {
            guard let text = attributes[key] else { continue }
            switch key {
            case "accessible", "hittable", "focused":
                view.keep(key, .bool(text == "true"))
            case "index":
                if let number = Int(text) {
                    view.keep(key, .number(Double(number)))
                } else {
                    view.keep(key, .string(text))
                }
            case "placeholderValue": view.keep("placeholder", .string(text))
            default: view.keep(key, .string(text))
            }
        }
        return view
    }

    /// What `XMLParser` says went wrong, in words. The codes are libxml2's (`xmlParserErrors`), which
    /// `XMLParser.ErrorCode` mirrors on Apple platforms; Linux passes them through without messages.
    private static func describe(_ error: (any Error)?) -> String {
        guard let error = error as? NSError else { return "unknown error" }
        switch error.code {
        case 4: return "no element where the document should start"
        case 5: return "the document ends before its elements are closed, or goes on after its root"
        case 38, 39, 40, 41, 42: return "a malformed attribute (a quote or '=' missing?)"
        case 23, 24, 26, 27: return "a malformed entity reference (write '&' as '&amp;')"
        case 9: return "bytes that are not characters of the document's encoding"
        case 65, 73: return "a tag not closed by '>'"
        case 76: return "a closing tag does not match the element it closes"
        case 77: return "a tag not closed before the end of the document"
        default: return "libxml2 error \(error.code)"
        }
    }
}

/// Collects the elements `XMLParser` reports, flat, each with its parent, and where each ended in the input.
private final class PageSourceReader: NSObject, XMLParserDelegate {
    struct Node {
        /// The element type without `XCUIElementType` (`Button`). Elements that are not one (the `<AppiumAUT>`
        /// wrapper) are not nodes: their children belong to the nearest element type around them.
        var type: String
        var attributes: [String: String]
        var parent: Int?
        var line: Int
        var column: Int
        /// The file cut it, or a browser collapsed it: its children are incomplete.
        var truncated: Bool
        /// Which top-level element of the document holds it (0 unless the file holds several roots).
        var root: Int
    }

    struct Failure {
        var line: Int
        var column: Int
        var reason: String
        var hint: String
    }

    var nodes: [Node] = []
    /// Each top-level element of the document (under the wrapper around several): its name, line, and whether it
    /// names Android classes.
    var roots: [(name: String, line: Int, android: Bool)] = []
    var failure: Failure?
    var syntaxError: (line: Int, column: Int, error: any Error)?
    /// The innermost open element that is an element type, for each open XML element.
    private var open: [Int?] = []
    private let truncated: Set<Int>
    private let wrapped: Bool
    private var ordinal = 0
    private var root = -1

    /// `truncated`: ordinals of elements whose children are incomplete; `wrapped`: whether the document's element
    /// is a wrapper around several roots.
    init(truncated: Set<Int>, wrapped: Bool) {
        self.truncated = truncated
        self.wrapped = wrapped
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        if open.count >= FormatLimits.maximumViewDepth + 2 {
            failure = Failure(
                line: parser.lineNumber, column: parser.columnNumber,
                reason: "elements nest deeper than \(FormatLimits.maximumViewDepth) levels",
                hint: "no UIKit hierarchy is that deep")
            parser.abortParsing()
            return
        }
        let elementOrdinal = ordinal
        ordinal += 1
        if open.count == (wrapped ? 1 : 0) {
            root += 1
            roots.append((elementName, parser.lineNumber, false))
        }
        if let last = roots.indices.last, attributes["class"]?.hasPrefix("android.") == true {
            roots[last].android = true
        }
        let enclosing = open.last ?? nil
        // `type` names the element in every WebDriverAgent version; the element name is the same type.
        let typeName = attributes["type"].flatMap { $0.hasPrefix("XCUIElementType") ? $0 : nil } ?? elementName
        let type: String
        if typeName.hasPrefix("XCUIElementType"), typeName.count > "XCUIElementType".count {
            type = String(typeName.dropFirst("XCUIElementType".count))
        } else if attributes["type"] == nil, XCUIElementType.isKnown(elementName) {
            // Appium 1.6 (early WebDriverAgent) names elements by the bare type: `<Window …>`, `<Other …>`.
            type = elementName
        } else {
            open.append(enclosing)
            return
        }
        nodes.append(
            Node(
                type: type, attributes: attributes,
                parent: enclosing, line: parser.lineNumber, column: parser.columnNumber,
                truncated: truncated.contains(elementOrdinal), root: max(0, root)))
        open.append(nodes.count - 1)
    }

    /// libxml2 reports an error here first, with the most specific code; `XMLParser.parse()` on Linux may return
    /// true after it all the same, with a generic `parserError`.
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if syntaxError == nil {
            syntaxError = (parser.lineNumber, parser.columnNumber, parseError)
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        if !open.isEmpty { open.removeLast() }
    }
}
