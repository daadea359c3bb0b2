/// A view read from a dump, before it becomes a touchlog/1 View object.
///
/// Its format fields are a `ViewProperties` (the one definition of a view's fields), each nil until the dump says
/// it: dumps print only what differs from UIKit's defaults, so the touchlog default of the view's class applies.
/// Fields the format has no name for go to `imported`, written as the View's `imported` object (an unknown field,
/// kept by the format, which cannot clash with touchlog field names present or future).
@dynamicMemberLookup
struct ImportedView {
    var className: String
    var address: String?
    var baseClass: String?
    /// The fields the dump gives; `frame` starts at zero size and is nil when a transform made it undefined.
    var properties = ViewProperties(frame: Rect(0, 0, 0, 0))
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

    /// A field as a property of the view (`view.isHidden = true`).
    subscript<Value>(dynamicMember field: WritableKeyPath<ViewProperties, Value>) -> Value {
        get { properties[keyPath: field] }
        set { properties[keyPath: field] = newValue }
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
    /// The screen's size when the dump gives it apart from any view (idb's Application element): a synthetic
    /// window is at least that large, so a point on screen beside the elements still lands in a window.
    var screenSize: (width: Double, height: Double)?

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
    /// `synthetic-window` at the place of the first; the ids of synthetic windows are returned for the header, and
    /// the names of window policies touchlog does not model for the snapshot.
    func windows() -> (windows: [WindowSpec], synthetic: [String], unknownPolicies: [String]) {
        var windows: [WindowSpec] = []
        var synthetic: [String] = []
        var unknownPolicies: [String] = []
        let keyRoot = impliedKeyRoot()
        let valid = roots.filter { $0 >= 0 && $0 < views.count }
        let orphans = valid.filter { !views[$0].isWindow }
        for (position, root) in roots.enumerated() {
            guard root >= 0, root < views.count else { continue }
            if views[root].isWindow {
                guard var view = viewSpec(root) else { continue }
                if root == keyRoot { view.isKeyWindow = true }
                windows.append(WindowSpec(reading: view, unknownPolicies: &unknownPolicies))
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
            // The window starts at the origin and reaches the farthest right and bottom edge it holds, or the
            // screen's, when the dump gives it.
            var width = screenSize?.width ?? 0
            var height = screenSize?.height ?? 0
            for index in held {
                if let frame = views[index].frame {
                    width = max(width, frame.x + frame.width)
                    height = max(height, frame.y + frame.height)
                }
            }
            var window = ViewSpec(
                id: id, className: "UIWindow", frame: Rect(0, 0, width, height),
                subviews: held.compactMap { viewSpec($0) })
            window.unknownMembers = [JSONObject.Member(key: "imported", value: ["synthetic": true])]
            let isKey = keyRoot.map { held.contains($0) } ?? false
            windows.append(WindowSpec(view: window, isKeyWindow: isKey))
        }
        return (windows, synthetic, unknownPolicies)
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

    /// The controllers found in the dump; the id derives from the view's, so it is stable too.
    func controllerSpecs() -> [ControllerSpec] {
        controllers.compactMap { controller in
            guard controller.view >= 0, controller.view < views.count else { return nil }
            let viewID = views[controller.view].id
            return ControllerSpec(id: "vc:\(viewID)", className: controller.className, view: viewID)
        }
    }

    /// The typed view for `index` with its subtree.
    func viewSpec(_ index: Int) -> ViewSpec? {
        guard index >= 0, index < views.count else { return nil }
        let view = views[index]
        var spec = ViewSpec(
            id: view.id, className: view.className, baseClass: view.baseClass, frame: nil,
            subviews: view.children.compactMap { viewSpec($0) })
        spec.properties = view.properties
        // Members the format does not define: touchlog ignores them, a reader of the stored record sees them.
        if view.subviewsTruncated {
            spec.unknownMembers.append(JSONObject.Member(key: "subviewsTruncated", value: .bool(true)))
        }
        if !view.imported.isEmpty {
            spec.unknownMembers.append(JSONObject.Member(key: "imported", value: .object(JSONObject(view.imported))))
        }
        return spec
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
    ) -> SessionHeader {
        let id = ImportText.digestID(bytes, salt: format.rawValue)
        var header: JSONObject = [
            "type": "session", "format": .string(SessionHeader.supportedFormat), "session": .string(id),
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
        return SessionHeader(session: id, members: header)
    }

    /// `snapshot` records for `hierarchies` (ids already assigned), and the ids of the synthetic windows they
    /// needed, each once, for the header.
    static func snapshots(_ hierarchies: [ImportedHierarchy]) -> (records: [Record], synthetic: [String]) {
        var records: [Record] = []
        var synthetic: [String] = []
        var seen: Set<String> = []
        for hierarchy in hierarchies {
            let (record, made) = snapshot(hierarchy)
            records.append(.snapshot(record))
            for id in made where seen.insert(id).inserted { synthetic.append(id) }
        }
        return (records, synthetic)
    }

    /// The snapshot of `hierarchy`. A dump shows no application object, so the snapshot records none (the model
    /// uses a plain `UIApplication`).
    static func snapshot(_ hierarchy: ImportedHierarchy) -> (record: SnapshotRecord, synthetic: [String]) {
        let (windows, made, unknownPolicies) = hierarchy.windows()
        let spec = HierarchySpec(windows: windows, controllers: hierarchy.controllerSpecs(), application: nil)
        return (SnapshotRecord(t: hierarchy.t, hierarchy: spec, unknownPolicies: unknownPolicies), made)
    }
}

// Importers read geometry as the numbers a dump prints; the format's types take them here.
extension Rect {
    /// `[x, y, width, height]`; anything else (a dump's parse never gives it) is the empty rectangle at zero.
    init(importing numbers: [Double]) {
        self = numbers.count == 4 ? Rect(numbers[0], numbers[1], numbers[2], numbers[3]) : Rect(0, 0, 0, 0)
    }

    var importedNumbers: [Double] { [x, y, width, height] }
}

extension Point {
    /// `[x, y]`; anything else is the origin.
    init(importing numbers: [Double]) {
        self = numbers.count == 2 ? Point(numbers[0], numbers[1]) : Point(0, 0)
    }
}

extension AffineTransform {
    /// `[a, b, c, d, tx, ty]`; anything else is the identity.
    init(importing m: [Double]) {
        self = m.count == 6 ? AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5]) : .identity
    }
}
