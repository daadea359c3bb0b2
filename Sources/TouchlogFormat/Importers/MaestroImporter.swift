/// Imports what `maestro hierarchy` prints for an iOS app: Maestro's `TreeNode`s as JSON, each an element's
/// `attributes` (strings) and its `children`.
///
/// ```json
/// {"attributes":{"accessibilityText":"Pay","title":"","value":"","text":"Pay","hintText":"",
///   "resource-id":"pay","bounds":"[16,760][377,810]","enabled":"false","focused":"false","selected":"false"},
///  "children":[],"enabled":false,"focused":false,"selected":false}
/// ```
///
/// Maestro's iOS driver reads the XCUITest accessibility tree and writes, of each element, its label
/// (`accessibilityText`), identifier (`resource-id`), title, value, placeholder (`hintText`) and screen frame
/// (`bounds`, corners `[x1,y1][x2,y2]`) but not its element type: every element is a `UIView` unless a newer Maestro
/// names its type (`elementType`). An Android app's hierarchy (`class` `android.…`, `package`) is not claimed:
/// ingest says what it is instead.
///
/// Also what Maestro's iOS test runner answers the CLI before it makes `TreeNode`s of it, as a bug report or a
/// tool's fixture quotes it: `{"axElement": {…}, "depth": N}`, each element an `AXElement` with its `identifier`,
/// `label`, `value`, `title`, `placeholderValue`, its screen `frame` (`{"X", "Y", "Width", "Height"}`) and its
/// `elementType` as `XCUIElement.ElementType`'s raw value (`9` a button). The mapping is in docs/importers.md.
public enum MaestroImporter: JSONDocumentImporter {
    public static let format = ImportFormat.maestro

    /// An object with `attributes` and `children`: a `TreeNode`.
    static func claims(_ shape: JSONDocumentShape) -> Bool {
        guard let first = shape.values.first, !first.isArray else { return false }
        return (first.keys.contains("attributes") && first.keys.contains("children"))
            || first.keys.contains("axElement")
            || isAXElement(first.keys)
    }

    /// The members an `AXElement` of Maestro's iOS runner always has.
    private static func isAXElement(_ keys: Set<String>) -> Bool {
        keys.isSuperset(of: ["elementType", "frame", "identifier", "label"])
    }

    /// Whether a Maestro hierarchy is an Android app's: its nodes name Android classes or a package. Checked on the
    /// bytes, since the shape holds the top-level names only.
    static func isAndroid(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(ImportFormat.textDetectionWindow)
        return ImportText.contains(head, "\"android.") || ImportText.contains(head, "\"package\"")
    }

    public static func convert(
        _ bytes: [UInt8], sourceName: String, warn: (ImportWarning) -> Void
    ) throws(ImportError) -> [Record] {
        // Output elided by hand (a `...` line, as issue reports shorten it) or cut short keeps the nodes read before
        // the cut; a node cut inside its attributes is left out, never completed by guessing.
        let (readable, elision) = ImportText.cutAtElision(bytes)
        let values = try SentryEnvelope.values(
            readable, readingItems: [], format: format,
            hint: "maestro hierarchy prints one JSON object; was the output cut or edited?")
        if isAndroid(bytes) {
            throw ImportError(
                format: format, line: values.first?.line ?? 1, column: values.first?.column,
                reason: "an Android app's Maestro hierarchy (its nodes name `android.` classes or a package)",
                hint: "touchlog models UIKit: capture `maestro hierarchy` with the iOS app on a simulator")
        }
        // One object per `maestro hierarchy` run; several in a row (a script that ran it twice) are snapshots.
        var snapshots: [ImportedHierarchy] = []
        var cutNode: LocatedJSON?
        var groups: [Int] = []
        var app = JSONObject()
        for value in values {
            var hierarchy = ImportedHierarchy(orphansShareOneWindow: true)
            if let element = value["axElement"] ?? (isAXElement(Set(value.members?.map(\.key) ?? [])) ? value : nil) {
                var reading = AXReading(hierarchy: hierarchy, cutNode: cutNode, groups: groups, app: app)
                try reading.add(element, parent: nil, parentOrigin: (0, 0), top: true)
                (hierarchy, cutNode, groups, app) = (reading.hierarchy, reading.cutNode, reading.groups, reading.app)
            } else {
                try add(
                    value, parent: nil, parentOrigin: (0, 0), into: &hierarchy, cutNode: &cutNode, groups: &groups,
                    top: true)
            }
            hierarchy.t = Double(snapshots.count)
            hierarchy.assignIDs(useAddresses: false)
            snapshots.append(hierarchy)
        }
        guard !snapshots.isEmpty else {
            throw ImportError(
                format: format, line: 1, reason: "no element",
                hint: "pass what `maestro hierarchy` prints: a JSON object with \"attributes\" and \"children\"")
        }
        var extra: [JSONObject.Member] = []
        let kept = snapshots.reduce(0) { $0 + $1.views.count }
        if let elision {
            warn(
                ImportWarning(
                    line: elision.number,
                    message: "the output is elided here (`...`): the \(kept) element(s) read before it are kept, "
                        + "the rest is not imported",
                    hint: "paste the whole output of `maestro hierarchy` to import every element"))
            extra.append(.init(key: "cutShort", value: true))
        } else if values.last?.cut == true {
            warn(
                ImportWarning(
                    line: cutNode?.line ?? ImportText.lines(readable).last?.number ?? 1, column: cutNode?.column,
                    message: "the input ends inside the hierarchy: the \(kept) element(s) read before the cut are kept",
                    hint: "the output was cut short; paste all of it to import every element"))
            extra.append(.init(key: "cutShort", value: true))
        }
        if let first = groups.first {
            warn(
                ImportWarning(
                    line: first,
                    message: "\(groups.count) zero-size element(s) with elements inside read as no view, their "
                        + "elements placed in the one around them (line "
                        + ImportWarning.lineList(groups) + ")",
                    hint: "XCUITest, which Maestro reads, gives groups that are no view a zero frame; as a 0x0 view "
                        + "one would hide what it holds from every tap"))
        }
        if snapshots.allSatisfy(\.isEmpty) {
            warn(
                ImportWarning(
                    line: values.first?.line ?? 1, message: "no element has a frame (\"bounds\", \"frame\")",
                    hint: "Maestro saw nothing on screen (the app was not in front?), or the nodes were pasted "
                        + "without their \"bounds\"; nothing can be replayed"))
            extra.append(.init(key: "hierarchy", value: false))
        }
        let (records, synthetic) = ImportRecords.snapshots(snapshots)
        if !synthetic.isEmpty {
            extra.append(.init(key: "syntheticWindows", value: .array(synthetic.map { .string($0) })))
        }
        let header = ImportRecords.session(
            format: format, bytes: bytes, sourceName: sourceName, app: app, source: extra)
        return [.session(header)] + records
    }

    /// Reads the runner's `AXElement` tree. Frames are the screen's, as in `TreeNode`s; an element of zero size that
    /// holds others is no view (as there), and the application element is the app, not a view.
    private struct AXReading {
        var hierarchy: ImportedHierarchy
        var cutNode: LocatedJSON?
        var groups: [Int]
        var app: JSONObject

        mutating func add(
            _ node: LocatedJSON, parent: Int?, parentOrigin: (x: Double, y: Double), top: Bool = false
        ) throws(ImportError) {
            if node.cut, node["frame"].map(\.cut) ?? true {
                if cutNode == nil { cutNode = node }
                return
            }
            guard node.members != nil else {
                throw ImportError(
                    format: format, line: node.line, column: node.column,
                    reason: "an element is \(node.typeDescription), not an object",
                    hint: "Maestro's runner writes each element as {\"identifier\": …, \"frame\": {…}, …}")
            }
            let children = node["children"]?.array ?? []
            let type = node["elementType"]?.number.flatMap(XCUIElementType.name(rawValue:))
            var index = parent
            var origin = parentOrigin
            if type == "Application" {
                // The app, not a view: what it says names the session's app.
                if let id = node["identifier"]?.string, !id.isEmpty, app["id"] == nil { app["id"] = .string(id) }
                if let name = node["label"]?.string, !name.isEmpty, app["name"] == nil { app["name"] = .string(name) }
            } else if let frameValue = node["frame"] {
                guard let frame = Self.frame(frameValue) else {
                    throw ImportError(
                        format: format, line: frameValue.line, column: frameValue.column,
                        reason: "\"frame\" is not {\"X\", \"Y\", \"Width\", \"Height\"} in points",
                        hint: "Maestro's runner writes an element's screen frame as {\"X\": 16, \"Y\": 100, "
                            + "\"Width\": 358, \"Height\": 64}")
                }
                if frame.width == 0 && frame.height == 0 && !children.isEmpty {
                    if !top { groups.append(node.line) }
                } else {
                    if let parent, hierarchy.isFull(below: parent) {
                        throw ImportError(
                            format: format, line: node.line, column: node.column,
                            reason: "elements nest deeper than \(FormatLimits.maximumViewDepth) levels",
                            hint: "no UIKit hierarchy is that deep")
                    }
                    index = hierarchy.add(
                        view(node, type: type, frame: frame, parent: parent, parentOrigin: parentOrigin),
                        parent: parent)
                    origin = (frame.x, frame.y)
                }
            }
            for child in children { try add(child, parent: index, parentOrigin: origin) }
        }

        private func view(
            _ node: LocatedJSON, type: String?, frame: (x: Double, y: Double, width: Double, height: Double),
            parent: Int?, parentOrigin: (x: Double, y: Double)
        ) -> ImportedView {
            let className =
                type.map { XCUIElementType.uikitClass($0, parentClass: parent.map { hierarchy.views[$0].className }) }
                ?? "UIView"
            var view = ImportedView(className: className, line: node.line)
            view.frame = Rect(frame.x - parentOrigin.x, frame.y - parentOrigin.y, frame.width, frame.height)
            if let type { view.keep("elementType", .string(type)) }
            for (key, value) in node.members ?? [] {
                switch (key, value.kind) {
                case ("frame", _), ("children", _), ("elementType", _): continue
                case ("label", .string(let text)) where !text.isEmpty: view.accessibilityLabel = text
                case ("identifier", .string(let text)) where !text.isEmpty: view.accessibilityIdentifier = text
                case ("value", .string(let text)) where !text.isEmpty:
                    if type.map(XCUIElementType.textInputs.contains) == true {
                        view.text = text
                    } else {
                        view.keep("value", .string(text))
                    }
                case ("placeholderValue", .string(let text)) where !text.isEmpty:
                    view.keep("placeholder", .string(text))
                case ("title", .string(let text)) where !text.isEmpty: view.keep("title", .string(text))
                case ("enabled", .bool(false)): XCUIElementType.markDisabled(&view, type: type)
                // XCUITest's `hasFocus` is the focus engine's (tvOS, a keyboard), not the first responder.
                case ("selected", .bool(true)), ("hasFocus", .bool(true)): view.keep(key, true)
                // The size classes and display of the screen, not of the element: nothing a replay uses.
                default: continue
                }
            }
            if node.cut || node["children"]?.cut == true { view.subviewsTruncated = true }
            return view
        }

        /// `{"X": 16, "Y": 100, "Width": 358, "Height": 64}`; nil for anything else or a negative size.
        static func frame(_ value: LocatedJSON) -> (x: Double, y: Double, width: Double, height: Double)? {
            let numbers = ["X", "Y", "Width", "Height"].compactMap { value[$0]?.number }
            guard numbers.count == 4, numbers.allSatisfy({ $0.isFinite && abs($0) <= 1e9 }), numbers[2] >= 0,
                numbers[3] >= 0
            else { return nil }
            return (numbers[0], numbers[1], numbers[2], numbers[3])
        }
    }

    /// Adds `node` (and its `children`) under `parent`. A node without `bounds` (the root Maestro wraps the app's
    /// tree in), or with zero-size bounds and children, is no view: its children hang from `parent`. Newer Maestro
    /// prints its root with every attribute empty and `[0,0][0,0]`, and XCUITest gives groups that are no view (the
    /// status bar's) a zero frame; as a 0x0 view either would hide every element below it from a hit test (a view
    /// that does not contain the point is not searched), and size the window around the app to nothing.
    ///
    /// `groups` collects the lines of the zero-size nodes read as no view, but for the `top` node (Maestro's own
    /// root, whose leaving out loses nothing).
    private static func add(
        _ node: LocatedJSON, parent: Int?, parentOrigin: (x: Double, y: Double),
        into hierarchy: inout ImportedHierarchy, cutNode: inout LocatedJSON?, groups: inout [Int], top: Bool = false
    ) throws(ImportError) {
        if node.cut, node["attributes"].map(\.cut) ?? true {
            // Cut before its attributes closed (or began): its frame or label may be what was cut.
            if cutNode == nil { cutNode = node }
            return
        }
        guard node.members != nil else {
            throw ImportError(
                format: format, line: node.line, column: node.column,
                reason: "a node is \(node.typeDescription), not an object",
                hint: "Maestro writes each element as {\"attributes\": {…}, \"children\": […]}")
        }
        let attributes = node["attributes"]
        if let attributes, attributes.members == nil, !attributes.isNull {
            throw ImportError(
                format: format, line: attributes.line, column: attributes.column,
                reason: "\"attributes\" is \(attributes.typeDescription), not an object",
                hint: "Maestro writes an element's attributes as an object of strings")
        }
        var index = parent
        var origin = parentOrigin
        if let attributes, let boundsValue = attributes["bounds"] {
            guard let text = boundsValue.string, let bounds = corners(text) else {
                throw ImportError(
                    format: format, line: boundsValue.line, column: boundsValue.column,
                    reason: "\"bounds\" is not `[x1,y1][x2,y2]`",
                    hint: "Maestro writes an element's screen frame as \"[16,760][377,810]\"")
            }
            let hasChildren = node["children"]?.array.map { !$0.isEmpty } ?? false
            if bounds.width == 0 && bounds.height == 0 && hasChildren {
                for child in node["children"]?.array ?? [] {
                    try add(
                        child, parent: parent, parentOrigin: parentOrigin, into: &hierarchy, cutNode: &cutNode,
                        groups: &groups)
                }
                if !top { groups.append(node.line) }
                return
            }
            if let parent, hierarchy.isFull(below: parent) {
                throw ImportError(
                    format: format, line: node.line, column: node.column,
                    reason: "elements nest deeper than \(FormatLimits.maximumViewDepth) levels",
                    hint: "no UIKit hierarchy is that deep")
            }
            let type = attributes["elementType"]?.string.flatMap {
                XCUIElementType.classes[$0] != nil || $0 == "Cell" ? $0 : nil
            }
            let className =
                type.map { XCUIElementType.uikitClass($0, parentClass: parent.map { hierarchy.views[$0].className }) }
                ?? "UIView"
            var view = ImportedView(className: className, line: node.line)
            view.frame = Rect(bounds.x - parentOrigin.x, bounds.y - parentOrigin.y, bounds.width, bounds.height)
            for (key, value) in attributes.members ?? [] {
                // Maestro writes every attribute, empty or not: an empty string says nothing.
                guard let string = value.string else {
                    if !value.isNull { view.keep(key, value.plain) }
                    continue
                }
                if string.isEmpty { continue }
                switch key {
                case "bounds": continue
                case "accessibilityText": view.accessibilityLabel = string
                case "resource-id": view.accessibilityIdentifier = string
                case "value" where type.map(XCUIElementType.textInputs.contains) == true: view.text = string
                case "hintText": view.keep("placeholder", .string(string))
                case "enabled":
                    guard string == "false" else { continue }
                    XCUIElementType.markDisabled(&view, type: type)
                case "focused", "selected", "checked":
                    // XCUITest's `hasFocus` is the focus engine's (tvOS, a keyboard), not the first responder.
                    if string == "true" { view.keep(key, true) }
                default: view.keep(key, .string(string))
                }
            }
            // Cut after its attributes: the element is whole, but the children it had are not all known.
            if node.cut || node["children"]?.cut == true { view.subviewsTruncated = true }
            index = hierarchy.add(view, parent: parent)
            origin = (bounds.x, bounds.y)
        }
        guard let children = node["children"] else { return }
        guard let list = children.array else {
            if children.isNull { return }
            throw ImportError(
                format: format, line: children.line, column: children.column,
                reason: "\"children\" is \(children.typeDescription), not an array",
                hint: "Maestro lists an element's children as an array of nodes")
        }
        for child in list {
            try add(child, parent: index, parentOrigin: origin, into: &hierarchy, cutNode: &cutNode, groups: &groups)
        }
    }

    /// `[x1,y1][x2,y2]` as a frame; nil for anything else, or corners out of order.
    static func corners(_ text: String) -> (x: Double, y: Double, width: Double, height: Double)? {
        let parts = text.split(whereSeparator: { $0 == "[" || $0 == "]" })
        guard parts.count == 2 else { return nil }
        var numbers: [Double] = []
        for part in parts {
            let pair = part.split(separator: ",", omittingEmptySubsequences: false)
            guard pair.count == 2 else { return nil }
            for number in pair {
                guard let value = ImportText.number(Array(number.utf8)), value.isFinite, abs(value) <= 1e9 else {
                    return nil
                }
                numbers.append(value)
            }
        }
        guard numbers[2] >= numbers[0], numbers[3] >= numbers[1] else { return nil }
        return (numbers[0], numbers[1], numbers[2] - numbers[0], numbers[3] - numbers[1])
    }
}

extension LocatedJSON {
    fileprivate var isNull: Bool {
        if case .null = kind { true } else { false }
    }
}
