import ResponderCore

/// Reads the records of one session in file order: each is parsed once into its typed `Record`
/// (``RecordParser``), then checked on its typed values against what came before — the previous `t`, whether a
/// snapshot was seen, and the hierarchy in force for the ids it names.
///
/// ```swift
/// var validator = SessionValidator()
/// let read = validator.read(object)        // the typed record, unless an issue is an error
/// let issues = validator.check(.touch(t))  // a touch the fast path typed already
/// ```
public struct SessionValidator {
    private var lastT: Double?
    private var sawSnapshot = false
    private var model = HierarchyModel()

    public init() {}

    /// Parses one record after the session header and checks it against the session so far: the typed record when
    /// no issue is an error, with every issue. Records with errors do not change the state, so one bad line does not
    /// cascade into errors on the following ones.
    public mutating func read(_ object: JSONObject) -> RecordParser.Parsed {
        var parsed = RecordParser.parse(object)
        guard let record = parsed.record else { return parsed }
        parsed.issues += check(record)
        if parsed.issues.contains(where: { $0.severity == .error }) { parsed.record = nil }
        return parsed
    }

    /// Checks a typed record against the session so far, and takes it in when no issue is an error.
    public mutating func check(_ record: Record) -> [RecordIssue] {
        var issues: [RecordIssue] = []
        func error(_ path: [JSONPathComponent], _ message: String, hint: String) {
            issues.append(.error(path, message, hint: hint))
        }
        if let t = record.t { checkTime(t, into: &issues) }
        var apply: (inout HierarchyModel) -> Void = { _ in }
        switch record {
        case .session:
            error(["type"], "a \"session\" header here must start a new session", hint: "this is handled by the reader")
        case .unknown:
            // Stored as written and ignored: nothing to relate it to.
            if !issues.contains(where: { $0.severity == .error }), let t = record.t { lastT = t }
            return issues
        case .touch(let touch):
            // The window and the observed view must exist, like every id a record names. (A string holding U+0000
            // never gets here: the parser refuses it, and the fast path leaves such a touch to the parser.)
            for (key, id) in [("window", touch.window), ("view", touch.view)] {
                guard let id, sawSnapshot, !model.containsView(id) else { continue }
                error(
                    [.key(key)], "\"touch\" names view \"\(id)\" as its \(key), which does not exist at this point",
                    hint: "the view must appear in the latest snapshot or a later insert, and not be removed since")
            }
        case .snapshot(let snapshot):
            apply = checkSnapshot(snapshot.hierarchy, into: &issues)
        case .set(let set):
            viewExists(set.view, "view", in: "set", allowDetached: true, into: &issues)
            // Recognizers a `gestureRecognizers` set gives the view are known from here on.
            let recognizers = (set.patch.gestureRecognizers ?? []).map(\.id)
            apply = { model in model.addRecognizers(recognizers) }
        case .insert(let insert):
            apply = checkInsert(insert, into: &issues)
        case .remove(let remove):
            if viewExists(remove.view, "view", in: "remove", into: &issues) { apply = { $0.remove(remove.view) } }
        case .call(let call):
            if !model.containsResponder(call.responder) {
                error(
                    ["view"],
                    "\"call\" names \"\(call.responder)\", which is no view or responder in the hierarchy at this point",
                    hint: "the id must appear in the latest snapshot (or a later insert) and not be removed since")
            }
        case .action(let action):
            known(action.target, "target", in: "action", accepts: .anyObject, into: &issues)
            known(action.sender, "sender", in: "action", accepts: .anyObject, into: &issues)
        case .sent(let sent):
            if case .object(let id) = sent.target {
                known(id, "target", in: "sent", accepts: .anyObject, into: &issues)
            }
            if case .object(let id) = sent.sender {
                known(id, "sender", in: "sent", accepts: .anyObject, into: &issues)
            }
        case .targetForAction(let question):
            known(question.responder, "responder", in: "targetForAction", accepts: .responder, into: &issues)
            known(question.target, "target", in: "targetForAction", accepts: .responder, into: &issues)
            known(question.sender, "sender", in: "targetForAction", accepts: .anyObject, into: &issues)
        case .keyWindow(let keyWindow):
            // A window in no window list cannot be key.
            known(keyWindow.window, "window", in: "keyWindow", accepts: .view, into: &issues)
        case .recognizer(let observation):
            // The id must be a recognizer the hierarchy declares.
            if sawSnapshot, !model.recognizers.contains(observation.recognizer) {
                error(
                    ["id"],
                    "\"recognizer\" names \"\(observation.recognizer)\", which is no gesture recognizer in the hierarchy at this point",
                    hint:
                        "the id must be one of a view's \"gestureRecognizers\" in the latest snapshot or a later insert"
                )
            }
        case .controlState(let observation):
            known(observation.view, "view", in: "controlState", accepts: .view, into: &issues)
        case .selection(let observation):
            // The list is a view of the hierarchy (its cells come and go as it scrolls; the index path names one).
            known(observation.list, "list", in: "selection", accepts: .view, into: &issues)
        case .firstResponder(let change):
            known(change.view, "view", in: "firstResponder", accepts: .responder, into: &issues)
            known(change.window, "window", in: "firstResponder", accepts: .view, into: &issues)
        case .key, .keyboard, .time, .dropped, .otherAppKeyboard:
            break
        }
        let isSnapshot: Bool
        if case .snapshot = record { isSnapshot = true } else { isSnapshot = false }
        if !isSnapshot, !sawSnapshot { issues.append(Self.beforeFirstSnapshot(record.typeName)) }
        if !issues.contains(where: { $0.severity == .error }) {
            if let t = record.t { lastT = t }
            if isSnapshot { sawSnapshot = true }
            apply(&model)
        }
        return issues
    }

    /// An event with no hierarchy to apply to: a consequence of the missing (or rejected) snapshot.
    static func beforeFirstSnapshot(_ type: String) -> RecordIssue {
        var issue = RecordIssue.error(
            ["type"], "\"\(type)\" record before the session's first snapshot",
            hint: "the recorder must write a \"snapshot\" of the hierarchy before any event")
        issue.consequence = .beforeFirstSnapshot
        return issue
    }

    private func checkTime(_ t: Double, into issues: inout [RecordIssue]) {
        if t < 0 {
            issues.append(
                .error(
                    ["t"], "\"t\" is negative (\(JSONValue.number(t).serialized()))",
                    hint: "\"t\" counts seconds since the session started, from 0"))
        } else if let lastT, t < lastT {
            issues.append(
                .error(
                    ["t"],
                    "\"t\" goes back in time: \(JSONValue.number(t).serialized()) after \(JSONValue.number(lastT).serialized())",
                    hint: "records must be written in time order; \"t\" may stay equal but never decrease"))
        }
    }

    /// What an id field may name.
    enum Referent {
        case view
        /// A view, controller, the application or its delegate.
        case responder
        /// A responder or a plain object (an explicit action target or a sender, log format "Object").
        case anyObject

        var noun: String {
            switch self {
            case .view: "view"
            case .responder: "responder"
            case .anyObject: "object"
            }
        }
    }

    /// An id (nil: nobody) that, when it names something, must name an object of the `accepts` kind that exists at
    /// this point.
    private func known(
        _ id: String?, _ key: String, in type: String, accepts: Referent, into issues: inout [RecordIssue]
    ) {
        guard let id, sawSnapshot else { return }
        let known: Bool
        switch accepts {
        case .view: known = model.containsView(id)
        case .responder: known = model.containsResponder(id)
        case .anyObject: known = model.containsObject(id)
        }
        guard !known else { return }
        issues.append(
            .error(
                [.key(key)],
                "\"\(type)\" names \"\(id)\" as its \(key), which is no \(accepts.noun) in the hierarchy at this point",
                hint: accepts == .anyObject
                    ? "the id must appear in the latest snapshot (a view, controller, the application, its delegate or one of \"objects\") and not be removed since"
                    : "the id must appear in the latest snapshot (or a later insert) and not be removed since"))
    }

    /// A view that must exist (in a window, or with `allowDetached` in none either).
    @discardableResult
    private func viewExists(
        _ id: String, _ key: String, in type: String, allowDetached: Bool = false, into issues: inout [RecordIssue]
    ) -> Bool {
        guard !(allowDetached ? model.containsExistingView(id) : model.containsView(id)) else { return true }
        issues.append(
            .error(
                [.key(key)],
                model.isDetached(id)
                    ? "\"\(type)\" names view \"\(id)\", which is in no window at this point"
                    : "\"\(type)\" names view \"\(id)\", which does not exist at this point",
                hint: model.isDetached(id)
                    ? "a view in no window can only be changed (set) or called; insert it into a window first"
                    : "the view must appear in the latest snapshot or a later insert, and not be removed since"))
        return false
    }

    private func checkInsert(
        _ insert: InsertRecord, into issues: inout [RecordIssue]
    ) -> (inout HierarchyModel) -> Void {
        if let parent = insert.parent { viewExists(parent, "parent", in: "insert", into: &issues) }
        var declared = DeclaredObjects()
        declared.add(insert.view, at: ["view"], parent: insert.parent)
        var seen: Set<String> = []
        for entry in declared.views + declared.others {
            if !seen.insert(entry.id).inserted {
                issues.append(
                    .error(
                        entry.path, "duplicate id \"\(entry.id)\" in the inserted subtree",
                        hint: "every object id must be unique within a session"))
            } else if entry.id == insert.parent {
                issues.append(
                    .error(
                        entry.path,
                        "\"insert\" puts view \"\(entry.id)\" inside itself: the parent lies in the inserted subtree",
                        hint: "a view cannot be its own ancestor; check the \"parent\" id"))
            } else if model.containsResponder(entry.id) && !model.isDetached(entry.id)
                && !(insert.parent == nil && entry.id == insert.view.id && model.containsView(entry.id))
            {
                issues.append(
                    .error(
                        entry.path, "\"insert\" declares \"\(entry.id)\", which already exists",
                        hint: "remove the old view first, or give the new object a fresh id"))
            }
        }
        let recognizers = declared.others.map(\.id)
        let views = declared.views
        let detachedRoot = insert.parent == nil ? insert.view.id : nil
        return { model in
            for entry in views { model.add(entry) }
            model.addRecognizers(recognizers)
            if let detachedRoot { model.addDetached(detachedRoot) }
        }
    }

    private func checkSnapshot(
        _ hierarchy: HierarchySpec, into issues: inout [RecordIssue]
    ) -> (inout HierarchyModel) -> Void {
        func duplicate(_ path: [JSONPathComponent], _ id: String, hint: String) {
            issues.append(.error(path, "duplicate id \"\(id)\" in the snapshot", hint: hint))
        }
        var declared = DeclaredObjects()
        for (index, window) in hierarchy.windows.enumerated() {
            declared.add(window.view, at: ["windows", .index(index)], parent: nil)
        }
        var allIDs: Set<String> = []
        for entry in declared.views + declared.others where !allIDs.insert(entry.id).inserted {
            duplicate(
                entry.path, entry.id,
                hint:
                    "every object id must be unique within a session; recorders usually add a generation counter to the address"
            )
        }
        var detached = DeclaredObjects()
        for (index, view) in hierarchy.detachedViews.enumerated() {
            detached.add(view, at: ["detachedViews", .index(index)], parent: nil)
        }
        for entry in detached.views + detached.others where !allIDs.insert(entry.id).inserted {
            duplicate(entry.path, entry.id, hint: "every object id must be unique within a session")
        }
        // A controller may keep its root view out of any window (a removed or not yet added view).
        let viewIDs = Set(declared.views.map(\.id) + detached.views.map(\.id))
        var responders: Set<String> = []
        var controllerIndex: [String: Int] = [:]
        for (index, controller) in hierarchy.controllers.enumerated() {
            let here: [JSONPathComponent] = ["controllers", .index(index)]
            if !allIDs.insert(controller.id).inserted {
                duplicate(here + ["id"], controller.id, hint: "every object id must be unique within a session")
            }
            if let view = controller.view, !viewIDs.contains(view) {
                issues.append(
                    .error(
                        here + ["view"],
                        "controller \"\(controller.id)\" names root view \"\(view)\", which is not in the snapshot",
                        hint: "\"view\" must be the id of a view in \"windows\""))
            }
            if let container = controller.presentationContainer, !viewIDs.contains(container) {
                issues.append(
                    .error(
                        here + ["presentationContainer"],
                        "controller \"\(controller.id)\" names presentation container \"\(container)\", which is not in the snapshot",
                        hint:
                            "\"presentationContainer\" must be the id of a view in \"windows\" (the presentation's containerView)"
                    ))
            }
            if controllerIndex[controller.id] == nil { controllerIndex[controller.id] = index }
            responders.insert(controller.id)
        }
        // In document order, so the same file always reports the same errors first.
        let chains: [(key: String, link: (ControllerSpec) -> String?)] = [
            ("parent", \.parent), ("presentingViewController", \.presentingViewController),
        ]
        for (index, controller) in hierarchy.controllers.enumerated() {
            for (key, link) in chains {
                guard let first = link(controller) else { continue }
                let here: [JSONPathComponent] = ["controllers", .index(index), .key(key)]
                guard controllerIndex[first] != nil else {
                    issues.append(
                        .error(
                            here,
                            "controller \"\(controller.id)\" names \(key) \"\(first)\", which is not a controller in the snapshot",
                            hint: "list the \(key) in \"controllers\" or write null"))
                    continue
                }
                // Follow the chain; coming back to the start is a cycle.
                var visited: Set<String> = [controller.id]
                var next: String? = first
                while let current = next {
                    if !visited.insert(current).inserted {
                        if current == controller.id {
                            issues.append(
                                .error(
                                    here, "cycle in the controllers' \(key) chain through \"\(controller.id)\"",
                                    hint: "a controller cannot be its own ancestor; check the \"\(key)\" ids"))
                        }
                        break
                    }
                    next = controllerIndex[current].flatMap { link(hierarchy.controllers[$0]) }
                }
            }
        }
        responders.insert(hierarchy.application.id)
        if let delegate = hierarchy.application.delegateID { responders.insert(delegate) }
        var objects: Set<String> = []
        for (index, object) in hierarchy.objects.enumerated() {
            if !allIDs.insert(object.id).inserted {
                duplicate(
                    ["objects", .index(index), "id"], object.id, hint: "every object id must be unique within a session"
                )
            }
            objects.insert(object.id)
        }
        let views = declared.views
        let detachedIDs = Set(detached.views.map(\.id))
        let recognizerIDs = Set((declared.others + detached.others).map(\.id))
        return { model in
            model.replace(
                views: views, responders: responders, objects: objects, detached: detachedIDs,
                recognizers: recognizerIDs)
        }
    }
}

/// The objects a snapshot or an insert declares, in document order, with where each is written (for messages).
struct DeclaredObjects {
    struct Entry {
        var id: String
        var parent: String?
        var path: [JSONPathComponent]
    }

    var views: [Entry] = []
    /// Gesture recognizers: ids that must not clash but are not views.
    var others: [Entry] = []

    /// A view and its subtree, each view followed by its recognizers and then its subviews, as written.
    mutating func add(_ view: ViewSpec, at path: [JSONPathComponent], parent: String?) {
        views.append(Entry(id: view.id, parent: parent, path: path + ["id"]))
        for (index, recognizer) in (view.gestureRecognizers ?? []).enumerated() {
            others.append(
                Entry(id: recognizer.id, parent: nil, path: path + ["gestureRecognizers", .index(index), "id"]))
        }
        for (index, subview) in view.subviews.enumerated() {
            add(subview, at: path + ["subviews", .index(index)], parent: view.id)
        }
    }
}
