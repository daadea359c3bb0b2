/// Imports `idb ui describe-all` (and `idb ui describe-point`) output: the accessibility elements of a simulator's
/// screen as a JSON array, with their frames in screen points.
///
/// ```json
/// [{"AXFrame":"{{0, 0}, {390, 844}}","frame":{"x":0,"y":0,"width":390,"height":844},"type":"Application",
///   "AXLabel":"Shop","AXUniqueId":null,"role":"AXApplication","role_description":"application","enabled":true},
///  {"AXFrame":"{{20, 760}, {350, 50}}","frame":{"x":20,"y":760,"width":350,"height":50},"type":"Button",
///   "AXLabel":"Pay","AXUniqueId":"pay","role":"AXButton","role_description":"button","enabled":false}]
/// ```
///
/// `describe-all` lists the elements flat, in reading order; `--nested` nests them under `children`. Element types
/// become UIKit classes through the XCUITest table; the mapping is in docs/importers.md.
public enum IDBImporter: JSONDocumentImporter {
    public static let format = ImportFormat.idb

    /// An array of objects with a `type` and idb's frame (`AXFrame`, or `frame` beside `role_description`), or one
    /// such object copied out of the array (`describe-point` prints one; a paste may hold one element).
    static func claims(_ shape: JSONDocumentShape) -> Bool {
        guard var first = shape.values.first else { return false }
        // A tool's answer that wraps the listing: `{"elements": [{…}, …]}`.
        if !first.isArray, first.keys == ["elements"], let elements = first.wrapped["elements"] { first = elements }
        let keys = first.keys
        // An element cut before its "type" (`describe-point`'s object, keys in no fixed order) still names its frame
        // and role the way idb does.
        if (keys.contains("type") || (keys.contains("AXFrame") && keys.contains("role_description")))
            && (keys.contains("AXFrame") || (keys.contains("frame") && keys.contains("role_description")))
        {
            return true
        }
        // A condensed listing, as scripts and agent tools print describe-all (`{"role": "AXButton", "AXLabel": "Go",
        // "frame": {…}}`): idb's role and frame beside its `AX…` keys.
        return keys.contains("role") && (keys.contains("frame") || keys.contains("AXFrame"))
            && keys.contains { $0.hasPrefix("AX") }
    }

    /// An element's type: idb's `type`, or, in a listing that kept only the accessibility role, the role without its
    /// `AX` prefix (`AXButton` is `Button`, as idb derives the type from it).
    static func type(of element: LocatedJSON) -> String? {
        if let type = element["type"]?.string { return type }
        guard element["type"] == nil, let role = element["role"]?.string, role.hasPrefix("AX"), role.count > 2 else {
            return nil
        }
        return String(role.dropFirst(2))
    }

    public static func convert(
        _ bytes: [UInt8], sourceName: String, warn: (ImportWarning) -> Void
    ) throws(ImportError) -> [Record] {
        // Output cut short (a paste that ends inside an element) or elided by hand (a `...` line) keeps the elements
        // read whole before the cut; the cut one is left out, never completed by guessing.
        let (readable, elision) = ImportText.cutAtElision(bytes)
        let values = try SentryEnvelope.values(
            withoutTrailingCommas(readable), readingItems: [], format: format,
            hint: "idb prints JSON; was the output cut or edited?")
        var sawEmptyTree: Int?
        var cutElement: LocatedJSON?
        // Elements printed without any frame (a test's hand-made string): they cannot be placed, and are left out.
        var frameless = Frameless()
        // One array per `describe-all`; several arrays in a row (a script that ran it twice) are snapshots in turn.
        var snapshots: [ImportedHierarchy] = []
        var app = JSONObject()
        // A snapshot's elements: an array's, or a run of elements printed one after another (one element copied out
        // of the array, `describe-point`'s one object, JSON Lines of one element a line).
        var lists: [[LocatedJSON]] = []
        var previousWasElement = false
        for value in values {
            let isElement = value.members != nil && (value["type"] != nil || type(of: value) != nil)
            defer { previousWasElement = isElement }
            if isElement {
                if previousWasElement { lists[lists.count - 1].append(value) } else { lists.append([value]) }
                continue
            }
            if value.members != nil, value.cut, value["AXFrame"] != nil {
                throw ImportError(
                    format: format, line: value.line, column: value.column,
                    reason: "the output is cut off inside its first element, before the element's \"type\": "
                        + "nothing whole to import",
                    hint: "paste the whole output of `idb ui describe-all` (or `describe-point`)")
            }
            guard let elements = value.array ?? (value.members?.count == 1 ? value["elements"]?.array : nil) else {
                throw ImportError(
                    format: format, line: value.line, column: value.column,
                    reason: "\(value.typeDescription), not the array of elements `idb ui describe-all` prints",
                    hint: "pass the output of `idb ui describe-all` (or `--nested`) as it printed it")
            }
            lists.append(elements)
        }
        for elements in lists {
            var hierarchy = ImportedHierarchy(orphansShareOneWindow: true)
            for element in elements {
                try add(
                    element, parent: nil, parentOrigin: [0, 0], into: &hierarchy, app: &app, emptyTree: &sawEmptyTree,
                    cutElement: &cutElement, frameless: &frameless)
            }
            hierarchy.t = Double(snapshots.count)
            hierarchy.assignIDs(useAddresses: false)
            snapshots.append(hierarchy)
        }
        guard !snapshots.isEmpty else {
            throw ImportError(
                format: format, line: 1, reason: "no elements",
                hint: "pass the output of `idb ui describe-all`: a JSON array of elements with frames")
        }
        var extra: [JSONObject.Member] = []
        let kept = snapshots.reduce(0) { $0 + $1.views.count }
        if let first = frameless.elements.first {
            // With the application's frame there was a screen, which held nothing placeable: said below, not refused.
            guard kept > 0 || frameless.applicationFramed else {
                throw ImportError(
                    format: format, line: first.line, column: first.column,
                    reason: "no element has a frame (\(frameless.elements.count) element(s), none with \"frame\" or "
                        + "\"AXFrame\"): nothing can be placed",
                    hint: "idb writes each element's \"frame\" and \"AXFrame\"; paste the output as it printed it")
            }
            warn(
                ImportWarning(
                    line: first.line, column: first.column,
                    message: "\(frameless.elements.count) element(s) without a frame left out (line "
                        + ImportWarning.lineList(Array(Set(frameless.elements.map(\.line))).sorted())
                        + "): they cannot be placed",
                    hint: "idb writes each element's \"frame\" and \"AXFrame\"; was the output edited?"))
        }
        if kept == 0, values.last?.cut == true, let cut = cutElement {
            // Nothing whole before the cut: an empty snapshot would say idb saw nothing, which is not what happened.
            throw ImportError(
                format: format, line: cut.line, column: cut.column,
                reason: "the output is cut off inside its first element: nothing whole to import",
                hint: "paste the whole output of `idb ui describe-all`")
        }
        if let elision {
            warn(
                ImportWarning(
                    line: elision.number,
                    message: "the output is elided here (`...`): the \(kept) element(s) read whole before it are kept, "
                        + "the rest is not imported",
                    hint: "paste the whole output of `idb ui describe-all` to import every element"))
            extra.append(.init(key: "cutShort", value: true))
        } else if values.last?.cut == true {
            let line = cutElement?.line ?? ImportText.lines(readable).last?.number ?? 1
            warn(
                ImportWarning(
                    line: line, column: cutElement?.column,
                    message: cutElement == nil
                        ? "the input ends before the array of elements closes: the \(kept) element(s) read are kept"
                        : "the input ends inside an element: it is left out, the \(kept) element(s) read whole "
                            + "before it are kept",
                    hint: "the output was cut short; paste all of it to import every element"))
            extra.append(.init(key: "cutShort", value: true))
        }
        if snapshots.allSatisfy(\.isEmpty), let line = sawEmptyTree {
            warn(
                ImportWarning(
                    line: line, message: "idb printed its empty-tree placeholder (an element with \"type\": null)",
                    hint: "the app's accessibility tree was not available (the app was not in front, or still "
                        + "launching); nothing can be replayed, so run `idb ui describe-all` again"))
            extra.append(.init(key: "hierarchy", value: false))
        } else if snapshots.allSatisfy(\.isEmpty) {
            warn(
                ImportWarning(
                    line: values.first?.line ?? 1, message: "the elements hold nothing but the application",
                    hint: frameless.elements.isEmpty
                        ? "idb saw no element on screen (the app was not in front?); nothing can be replayed"
                        : "the others have no frame (above); nothing can be replayed"))
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

    /// Adds `element` (and its `children`) under `parent`; frames are screen points, made relative to the parent's
    /// screen origin.
    private static func add(
        _ element: LocatedJSON, parent: Int?, parentOrigin: [Double], into hierarchy: inout ImportedHierarchy,
        app: inout JSONObject, emptyTree: inout Int?, cutElement: inout LocatedJSON?,
        frameless: inout Frameless
    ) throws(ImportError) {
        if element.cut, type(of: element) != "Application" {
            // Cut short: whatever it lacks (its frame, `enabled`, its children) would be a guess. The application is
            // no view, so the complete elements it holds are still read.
            if cutElement == nil { cutElement = element }
            return
        }
        guard let members = element.members else {
            throw ImportError(
                format: format, line: element.line, column: element.column,
                reason: "an element is \(element.typeDescription), not an object",
                hint: "idb lists each element as an object with \"type\", \"frame\", \"AXLabel\", …")
        }
        if let type = element["type"], case .null = type.kind, element["children"] == nil,
            element["AXLabel"]?.string == nil
        {
            // What idb prints when the app's accessibility tree is unavailable: one element of no type, no label,
            // at {{0, 0}, {0, 0}}. Not a view; the caller warns that the snapshot is empty.
            if emptyTree == nil { emptyTree = element.line }
            return
        }
        guard let type = type(of: element) else {
            throw ImportError(
                format: format, line: element.line, column: element.column,
                reason: "the element has no \"type\" string (nor an `AX…` \"role\")",
                hint: "idb names each element's type (\"Button\", \"StaticText\", …)")
        }
        let screen = try frame(of: element)
        var origin = parentOrigin
        var index = parent
        if screen == nil, type != "Application" {
            // No frame to place it by: left out, and what it holds is placed by its own frames.
            frameless.elements.append((element.line, element.column))
        } else if type == "Application" {
            if let screen, screen[2] > 0, screen[3] > 0 {
                frameless.applicationFramed = true
                if hierarchy.screenSize == nil { hierarchy.screenSize = (screen[0] + screen[2], screen[1] + screen[3]) }
            }
            // Not a view: its label is the app's name, and its children are the screen's elements.
            if app["name"] == nil, let name = element["AXLabel"]?.string, !name.isEmpty { app["name"] = .string(name) }
        } else if let screen {
            if let parent, hierarchy.isFull(below: parent) {
                throw ImportError(
                    format: format, line: element.line, column: element.column,
                    reason: "elements nest deeper than \(FormatLimits.maximumViewDepth) levels",
                    hint: "no UIKit hierarchy is that deep")
            }
            var view = ImportedView(
                className: XCUIElementType.uikitClass(type, parentClass: parent.map { hierarchy.views[$0].className }),
                line: element.line)
            view.keep("elementType", .string(type))
            view.frame = Rect(screen[0] - parentOrigin[0], screen[1] - parentOrigin[1], screen[2], screen[3])
            for (key, value) in members {
                switch key {
                case "type", "frame", "children": continue
                case "role" where element["type"] == nil: continue
                case "AXUniqueId":
                    if let identifier = value.string, !identifier.isEmpty, view.accessibilityIdentifier == nil {
                        view.accessibilityIdentifier = identifier
                    } else if value.string == nil, case .null = value.kind {
                        continue
                    } else {
                        view.keep(key, value.plain)
                    }
                case "AXLabel":
                    if let label = value.string, !label.isEmpty { view.accessibilityLabel = label }
                case "AXValue":
                    if let text = value.string, XCUIElementType.textInputs.contains(type) {
                        view.text = text
                    } else if case .null = value.kind {
                        continue
                    } else {
                        view.keep(key, value.plain)
                    }
                case "enabled":
                    if value.bool == false { XCUIElementType.markDisabled(&view, type: type) }
                default:
                    if case .null = value.kind { continue }
                    view.keep(key, value.plain)
                }
            }
            if type == "SecureTextField" { view.keep("isSecureTextEntry", true) }
            index = hierarchy.add(view, parent: parent)
            origin = [screen[0], screen[1]]
        }
        for child in element["children"]?.array ?? [] {
            try add(
                child, parent: index, parentOrigin: origin, into: &hierarchy, app: &app, emptyTree: &emptyTree,
                cutElement: &cutElement, frameless: &frameless)
        }
    }

    /// The elements of a file that had no frame, and whether the application had one (a screen, then, whatever it
    /// held).
    struct Frameless {
        var elements: [(line: Int, column: Int)] = []
        var applicationFramed = false
    }

    /// `bytes` with the commas after the last `}` or `]` blanked: an element copied out of the array keeps the comma
    /// that separated it from the next (`{…},`), which is no JSON. Blanked, not removed, so positions stay.
    static func withoutTrailingCommas(_ bytes: [UInt8]) -> [UInt8] {
        var index = bytes.count
        var commas: [Int] = []
        while index > 0 {
            let byte = bytes[index - 1]
            if byte == UInt8(ascii: ",") {
                commas.append(index - 1)
            } else if !(ImportText.isSpace(byte) || byte == 0x0A || byte == 0x0D) {
                break
            }
            index -= 1
        }
        guard !commas.isEmpty, index > 0, bytes[index - 1] == UInt8(ascii: "}") || bytes[index - 1] == UInt8(ascii: "]")
        else { return bytes }
        var result = bytes
        for comma in commas { result[comma] = 0x20 }
        return result
    }

    /// `[x, y, width, height]` in screen points: `frame` (an object), else `AXFrame` (`{{x, y}, {w, h}}`); nil when
    /// the element has neither.
    private static func frame(of element: LocatedJSON) throws(ImportError) -> [Double]? {
        if let frame = element["frame"], frame.members != nil {
            var numbers: [Double] = []
            for key in ["x", "y", "width", "height"] {
                guard let number = frame[key]?.number, number.isFinite, abs(number) <= 1e9 else {
                    throw ImportError(
                        format: format, line: frame.line, column: frame.column,
                        reason: "\"frame\" has no number \"\(key)\"",
                        hint: "idb writes frames as {\"x\":…, \"y\":…, \"width\":…, \"height\":…}")
                }
                numbers.append(number)
            }
            return numbers
        }
        if let text = element["AXFrame"]?.string {
            guard let rect = DescribedGeometry.rect(Array(text.utf8)[...]),
                rect.allSatisfy({ $0.isFinite && abs($0) <= 1e9 })
            else {
                throw ImportError(
                    format: format, line: element["AXFrame"]?.line ?? element.line,
                    column: element["AXFrame"]?.column, reason: "\"AXFrame\" '\(text.prefix(60))' is not a frame",
                    hint: "expected `{{x, y}, {w, h}}`")
            }
            return rect
        }
        return nil
    }
}
