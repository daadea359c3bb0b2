/// A view read from a dump, before it becomes a touchlog/1 View object.
///
/// Fields are optional because dumps print only what differs from UIKit's defaults; `nil` means "not in the
/// dump", so the touchlog default of the view's class applies. Fields the format has no name for go to
/// `imported`, written as the View's `imported` object (an unknown field, kept by the format, which cannot
/// clash with touchlog field names present or future).
struct ImportedView {
    var className: String
    var address: String?
    var baseClass: String?
    /// `[x, y, w, h]` in the superview's bounds coordinates; `nil` writes `null` (a transform made it undefined).
    var frame: [Double]? = [0, 0, 0, 0]
    var bounds: [Double]?
    var center: [Double]?
    var transform: [Double]?
    var isHidden: Bool?
    var alpha: Double?
    var isUserInteractionEnabled: Bool?
    var clipsToBounds: Bool?
    var isEnabled: Bool?
    var isFirstResponder: Bool?
    /// Windows only: the dump says this is the key window.
    var isKeyWindow: Bool?
    var accessibilityIdentifier: String?
    var accessibilityLabel: String?
    var text: String?
    /// The dump elided this view's subviews (`...` lines, Sentry truncation).
    var subviewsTruncated = false
    var imported: [JSONObject.Member] = []
    private var importedKeys: Set<String> = []
    /// The line the view was read from, for errors found after parsing.
    var line: Int

    var id = ""
    var children: [Int] = []
    var depth = 0

    init(className: String, line: Int) {
        self.className = className
        self.line = line
    }

    /// Keeps a field the format has no name for; the first value of a key wins (React Native prints some twice).
    mutating func keep(_ key: String, _ value: JSONValue) {
        guard importedKeys.insert(key).inserted else { return }
        imported.append(JSONObject.Member(key: key, value: value))
    }

    /// The class whose UIKit defaults apply: `baseClass` when the dump names one.
    var effectiveClass: String { baseClass ?? className }

    var isWindow: Bool {
        effectiveClass == "UIWindow" || className.hasSuffix("Window")
    }
}

/// The views of one snapshot as a flat arena (parents hold child indices), so building it needs no recursion
/// and no reference cycles. Views nest at most ``FormatLimits/maximumViewDepth`` levels, so what an importer writes
/// reads back, and writing it out stays within the stack a reading thread has.
struct ImportedHierarchy {
    var views: [ImportedView] = []
    var roots: [Int] = []
    /// Controllers found in the dump (Sentry `view_controller`): class and the index of their root view.
    var controllers: [(className: String, view: Int)] = []
    var t: Double = 0
    /// Whether the roots that are not windows share one synthetic window instead of one each. A pasted
    /// recursiveDescription fragment prints pieces of one window's tree, so one window holds them all; separate
    /// windows would stack and change hit testing.
    var orphansShareOneWindow = false

    var isEmpty: Bool { views.isEmpty }

    /// Whether a view under `parent` would nest deeper than the format allows (a root is the first level).
    func isFull(below parent: Int) -> Bool {
        parent >= 0 && parent < views.count && views[parent].depth &+ 1 >= FormatLimits.maximumViewDepth
    }

    /// Adds `view` under `parent` (or as a root) and returns its index; the caller checks ``isFull(below:)`` first.
    @discardableResult
    mutating func add(_ view: ImportedView, parent: Int?) -> Int {
        var view = view
        let index = views.count
        if let parent, parent >= 0, parent < views.count {
            view.depth = views[parent].depth &+ 1
            views.append(view)
            views[parent].children.append(index)
        } else {
            view.depth = 0
            views.append(view)
            roots.append(index)
        }
        return index
    }

    /// Gives every view its id: the object address when the dump printed one (with `~2`, `~3`… for repeats
    /// within the snapshot), otherwise its path from the snapshot's first root, `path:0/2/1`. Both depend only on
    /// the file's content, so re-importing the same file gives the same ids.
    mutating func assignIDs(useAddresses: Bool) {
        var seen: [String: Int] = [:]
        var stack: [(index: Int, path: String)] = []
        for (position, root) in roots.enumerated().reversed() {
            stack.append((root, "path:\(position)"))
        }
        while let (index, path) = stack.popLast() {
            guard index >= 0, index < views.count else { continue }
            var id = path
            if useAddresses, let address = views[index].address {
                let count = (seen[address] ?? 0) &+ 1
                seen[address] = count
                id = count == 1 ? address : "\(address)~\(count)"
            }
            views[index].id = id
            for (position, child) in views[index].children.enumerated().reversed() {
                stack.append((child, "\(path)/\(position)"))
            }
        }
    }

    /// The snapshot's windows. A root that is not a window is wrapped in a synthetic `UIWindow` sized to hold
    /// it (the format needs windows at the top), or, with ``orphansShareOneWindow``, all of them in one
    /// `synthetic-window` at the place of the first; the ids of synthetic windows are returned for the header.
    func windows() -> (windows: [JSONValue], synthetic: [String]) {
        var windows: [JSONValue] = []
        var synthetic: [String] = []
        let keyRoot = impliedKeyRoot()
        let valid = roots.filter { $0 >= 0 && $0 < views.count }
        let orphans = valid.filter { !views[$0].isWindow }
        for (position, root) in roots.enumerated() {
            guard root >= 0, root < views.count else { continue }
            if views[root].isWindow {
                var window = json(root)
                if root == keyRoot, case .object(var object) = window {
                    object["isKeyWindow"] = true
                    window = .object(object)
                }
                windows.append(window)
                continue
            }
            let held: [Int]
            let id: String
            if orphansShareOneWindow {
                guard root == orphans.first else { continue }
                held = orphans
                id = "synthetic-window"
            } else {
                held = [root]
                // Same id in every snapshot of the file, like path ids: a re-sync sees the same window.
                id = "synthetic-window-\(position)"
            }
            synthetic.append(id)
            // The window starts at the origin and reaches the farthest right and bottom edge it holds.
            var width = 0.0
            var height = 0.0
            for index in held {
                if let frame = views[index].frame, frame.count == 4 {
                    width = max(width, frame[0] + frame[2])
                    height = max(height, frame[1] + frame[3])
                }
            }
            var window: JSONObject = [
                "id": .string(id), "class": "UIWindow", "frame": [0, 0, .number(width), .number(height)],
                "imported": ["synthetic": true], "subviews": .array(held.map { json($0) }),
            ]
            if let keyRoot, held.contains(keyRoot) { window["isKeyWindow"] = true }
            windows.append(.object(window))
        }
        return (windows, synthetic)
    }

    /// The root whose window must be key because the dump marks a first responder inside it and names no key
    /// window itself (XCUITest's keyboard focus, for one). Without it the model would have no key window, so no
    /// first responder; and a text input that becomes first responder makes its window key (see
    /// docs/responder-model.md). Nil when a window is already key or nothing is first responder.
    func impliedKeyRoot() -> Int? {
        let valid = roots.filter { $0 >= 0 && $0 < views.count }
        guard !valid.contains(where: { views[$0].isKeyWindow == true }) else { return nil }
        for root in valid {
            var stack = [root]
            while let index = stack.popLast() {
                if views[index].isFirstResponder == true { return root }
                stack += views[index].children.filter { $0 >= 0 && $0 < views.count }
            }
        }
        return nil
    }

    /// Controllers as touchlog/1 Controller objects; the id derives from the view's, so it is stable too.
    func controllersJSON() -> [JSONValue] {
        controllers.compactMap { controller in
            guard controller.view >= 0, controller.view < views.count else { return nil }
            let viewID = views[controller.view].id
            return [
                "id": .string("vc:\(viewID)"), "class": .string(controller.className),
                "view": .string(viewID),
            ]
        }
    }

    /// The View object for `index` with its subtree. Recursion depth is bounded by the format's view depth.
    func json(_ index: Int) -> JSONValue {
        guard index >= 0, index < views.count else { return .null }
        let view = views[index]
        var members: [JSONObject.Member] = []
        func put(_ key: String, _ value: JSONValue?) {
            if let value { members.append(JSONObject.Member(key: key, value: value)) }
        }
        func numbers(_ values: [Double]?) -> JSONValue? {
            values.map { .array($0.map { .number($0) }) }
        }
        put("id", .string(view.id))
        put("class", .string(view.className))
        put("baseClass", view.baseClass.map { .string($0) })
        put("frame", numbers(view.frame) ?? .null)
        put("isKeyWindow", view.isKeyWindow.map { .bool($0) })
        put("bounds", numbers(view.bounds))
        put("center", numbers(view.center))
        put("transform", numbers(view.transform))
        put("isHidden", view.isHidden.map { .bool($0) })
        put("alpha", view.alpha.map { .number($0) })
        put("isUserInteractionEnabled", view.isUserInteractionEnabled.map { .bool($0) })
        put("clipsToBounds", view.clipsToBounds.map { .bool($0) })
        put("isEnabled", view.isEnabled.map { .bool($0) })
        put("isFirstResponder", view.isFirstResponder.map { .bool($0) })
        put("accessibilityIdentifier", view.accessibilityIdentifier.map { .string($0) })
        put("accessibilityLabel", view.accessibilityLabel.map { .string($0) })
        put("text", view.text.map { .string($0) })
        if view.subviewsTruncated { put("subviewsTruncated", true) }
        if !view.imported.isEmpty { put("imported", .object(JSONObject(view.imported))) }
        if !view.children.isEmpty { put("subviews", .array(view.children.map { json($0) })) }
        return .object(JSONObject(members))
    }
}

/// Builds the records every importer writes: the session header and snapshots.
enum ImportRecords {
    /// How deep the JSON an importer reads may nest. Writing a value it read can add three levels: a synthetic
    /// window (its object and `subviews` array) above a root that is not a window, and the `imported` object that
    /// keeps a member touchlog has no name for. Reading that much less than the format allows means that whatever an
    /// importer reads, ingest reads back.
    static let jsonDepthLimit = FormatLimits.maximumJSONDepth - 3

    /// The `session` header. `source` says which importer read which file, plus what the importer noticed
    /// (synthetic windows, partial dumps); `app` and `device` hold what the dump tells about them.
    static func session(
        format: ImportFormat, bytes: [UInt8], sourceName: String, startedAt: String? = nil,
        app: JSONObject = JSONObject(), device: JSONObject = JSONObject(),
        source extra: [JSONObject.Member] = []
    ) -> JSONValue {
        var header: JSONObject = [
            "type": "session", "format": "touchlog/1",
            "session": .string(ImportText.digestID(bytes, salt: format.rawValue)),
        ]
        if let startedAt { header["startedAt"] = .string(startedAt) }
        if !app.isEmpty { header["app"] = .object(app) }
        if !device.isEmpty { header["device"] = .object(device) }
        // An empty name leaves the file out: `touchlog ingest` stores the path with the session instead, so the
        // same dump imported from another folder or from standard input is the same content, hence idempotent.
        var source: JSONObject = ["importer": .string(format.rawValue)]
        if !sourceName.isEmpty { source["file"] = .string(sourceName) }
        source.members += extra
        header["source"] = .object(source)
        return .object(header)
    }

    /// `snapshot` records for `hierarchies` (ids already assigned), and the ids of the synthetic windows they
    /// needed, each once, for the header.
    static func snapshots(_ hierarchies: [ImportedHierarchy]) -> (
        records: [JSONValue], synthetic: [String]
    ) {
        var records: [JSONValue] = []
        var synthetic: [String] = []
        var seen: Set<String> = []
        for hierarchy in hierarchies {
            let (record, made) = snapshot(hierarchy)
            records.append(record)
            for id in made where seen.insert(id).inserted { synthetic.append(id) }
        }
        return (records, synthetic)
    }

    static func snapshot(_ hierarchy: ImportedHierarchy) -> (record: JSONValue, synthetic: [String]) {
        let (windows, made) = hierarchy.windows()
        var record: JSONObject = [
            "type": "snapshot", "t": .number(hierarchy.t), "windows": .array(windows),
        ]
        let controllers = hierarchy.controllersJSON()
        if !controllers.isEmpty { record["controllers"] = .array(controllers) }
        return (.object(record), made)
    }
}
