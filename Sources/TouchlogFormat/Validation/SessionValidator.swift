import ResponderCore

/// Validates the records of one session in file order, keeping the state that cross-record rules need:
/// the previous `t`, whether a snapshot was seen, and the hierarchy model for id references.
///
/// ```swift
/// var validator = SessionValidator()
/// let issues = validator.validate(.object(record))   // [] when the record is fine
/// ```
public struct SessionValidator {
    private var lastT: Double?
    private var sawSnapshot = false
    private var model = HierarchyModel()

    public init() {}

    /// Checks one record after the session header. Records with errors do not change the state, so one bad
    /// line does not cascade into errors on the following ones.
    public mutating func validate(_ content: RecordContent) -> [RecordIssue] {
        switch content {
        case .touch(let touch):
            // A typed touch already has valid types; only the session-level rules remain.
            var checker = FieldChecker()
            checkTime(touch.t, checker: &checker)
            // The strings a touch stores in columns of their own, where a NUL cannot go in PostgreSQL.
            if case .string(let id) = touch.touch, id.utf8.contains(0) { checker.refuseNUL(at: [.key("touch")]) }
            // The window and the observed view must exist, like every id a record names (before the first
            // snapshot nothing exists yet, and that is the one error worth saying).
            for (key, id) in [("window", touch.window), ("view", touch.view)] {
                guard let id else { continue }
                if id.utf8.contains(0) { checker.refuseNUL(at: [.key(key)]) }
                if sawSnapshot, !model.containsView(id) {
                    checker.error(
                        [.key(key)], "\"touch\" names view \"\(id)\" as its \(key), which does not exist at this point",
                        hint: "the view must appear in the latest snapshot or a later insert, and not be removed since")
                }
            }
            if !sawSnapshot { checker.issues.append(Self.beforeFirstSnapshot("touch")) }
            if checker.issues.isEmpty { lastT = touch.t }
            return checker.issues
        case .object(let object):
            return validate(object)
        }
    }

    private mutating func validate(_ object: JSONObject) -> [RecordIssue] {
        var checker = FieldChecker()
        guard let typeValue = checker.required(object, "type", at: [], what: "record"),
            let type = checker.string(typeValue, at: ["type"])
        else { return checker.issues }
        let kind = RecordKind(rawValue: type)
        if kind == .session {
            checker.error(
                ["type"], "a \"session\" header here must start a new session",
                hint: "this is handled by the reader; report a bug")
            return checker.issues
        }
        let t = checker.number(checker.required(object, "t", at: [], what: "\"\(type)\" record"), at: ["t"])
        if let t { checkTime(t, checker: &checker) }
        guard let kind else {
            checker.warning(
                ["type"], "unknown record type \"\(type)\"",
                hint:
                    "it is stored as written and ignored by replay; upgrade touchlog if a newer recorder writes this type"
            )
            if checker.issues.allSatisfy({ $0.severity == .warning }), let t { lastT = t }
            return checker.issues
        }
        var apply: (inout HierarchyModel) -> Void = { _ in }
        switch kind {
        case .session: break
        case .touch: TouchRecord.check(object, checker: &checker)
        case .snapshot: apply = checkSnapshot(object, checker: &checker)
        case .key: checkKey(object, checker: &checker)
        case .set: apply = checkSet(object, checker: &checker)
        case .insert: apply = checkInsert(object, checker: &checker)
        case .remove:
            if let id = viewReference(object, "view", checker: &checker) {
                apply = { $0.remove(id) }
            }
        case .call:
            if let id = checker.nonEmptyString(
                checker.required(object, "view", at: [], what: "\"call\" record"), at: ["view"]),
                !model.containsResponder(id)
            {
                checker.error(
                    ["view"], "\"call\" names \"\(id)\", which is no view or responder in the hierarchy at this point",
                    hint: "the id must appear in the latest snapshot (or a later insert) and not be removed since")
            }
            checker.oneOf(
                checker.required(object, "method", at: [], what: "\"call\" record"), at: ["method"],
                ResponderCall.allCases.map(\.rawValue))
            checker.bool(object["force"], at: ["force"])
        case .action:
            checker.nonEmptyString(
                checker.required(object, "action", at: [], what: "\"action\" record"), at: ["action"])
            _ = checker.required(object, "target", at: [], what: "\"action\" record")
            knownReference(object, "target", accepts: .anyObject, checker: &checker)
            knownReference(object, "sender", accepts: .anyObject, checker: &checker)
        case .sent:
            // `target` may be absent: some sources (Sentry's touch breadcrumbs) know which action was sent but not
            // who received it. Absent means "not recorded"; null means "nobody handled it".
            checker.nonEmptyString(checker.required(object, "action", at: [], what: "\"sent\" record"), at: ["action"])
            knownReference(object, "target", accepts: .anyObject, checker: &checker)
            knownReference(object, "sender", accepts: .anyObject, checker: &checker)
        case .targetForAction:
            // The app asked `responder.target(forAction:withSender:)`; `target` is the answer (null: nil).
            let what = "\"targetForAction\" record"
            checker.nonEmptyString(checker.required(object, "action", at: [], what: what), at: ["action"])
            _ = checker.required(object, "responder", at: [], what: what)
            knownReference(object, "responder", accepts: .responder, checker: &checker)
            _ = checker.required(object, "target", at: [], what: what)
            knownReference(object, "target", accepts: .responder, checker: &checker)
            knownReference(object, "sender", accepts: .anyObject, checker: &checker)
        case .time:
            break  // only `t`, checked above
        case .dropped:
            let what = "\"dropped\" record"
            let moved = checker.integer(
                checker.required(object, "moved", at: [], what: what), at: ["moved"], minimum: 0)
            let other = checker.integer(
                checker.required(object, "other", at: [], what: what), at: ["other"], minimum: 0)
            let from = checker.number(checker.required(object, "from", at: [], what: what), at: ["from"])
            let to = checker.number(checker.required(object, "to", at: [], what: what), at: ["to"])
            if let from, let to, from > to {
                checker.error(
                    ["to"], "the records were lost between \(from) and \(to): \"to\" comes before \"from\"",
                    hint: "\"from\" is the first lost record's time, \"to\" the last one's")
            } else if let moved, let other, let from, let to {
                // Stored like any record; said at ingest, since a replay of what follows may diverge.
                checker.warning(
                    ["type"], DroppedRecord(t: t ?? to, moved: moved, other: other, from: from, to: to).summary,
                    hint: "its buffer was full; a larger bufferCapacity in RecorderConfiguration keeps more")
            }
        case .keyWindow:
            // Which window is key now (null: none); a window in no window list cannot be key.
            _ = checker.required(object, "window", at: [], what: "\"keyWindow\" record")
            knownReference(object, "window", accepts: .view, checker: &checker)
        case .recognizer:
            // A recognizer's state as its action saw it; the id must be a recognizer the hierarchy declares.
            let what = "\"recognizer\" record"
            checker.oneOf(
                checker.required(object, "state", at: [], what: what), at: ["state"],
                ObservedRecognizerState.allCases.map(\.rawValue))
            if let id = checker.nonEmptyString(checker.required(object, "id", at: [], what: what), at: ["id"]),
                sawSnapshot, !model.recognizers.contains(id)
            {
                checker.error(
                    ["id"],
                    "\"recognizer\" names \"\(id)\", which is no gesture recognizer in the hierarchy at this point",
                    hint:
                        "the id must be one of a view's \"gestureRecognizers\" in the latest snapshot or a later insert"
                )
            }
        case .firstResponder:
            _ = checker.required(object, "view", at: [], what: "\"firstResponder\" record")
            knownReference(object, "view", accepts: .responder, checker: &checker)
            knownReference(object, "window", accepts: .view, checker: &checker)
        case .keyboard:
            checker.oneOf(
                checker.required(object, "phase", at: [], what: "\"keyboard\" record"), at: ["phase"],
                ["willShow", "didShow", "willHide", "didHide", "willChangeFrame"])
            checker.numbers(
                checker.required(object, "frame", at: [], what: "\"keyboard\" record"), at: ["frame"], count: 4,
                form: "[x, y, width, height]", nonNegativeFrom: 2)
        }
        if kind != .snapshot, !sawSnapshot { checker.issues.append(Self.beforeFirstSnapshot(type)) }
        if !checker.issues.contains(where: { $0.severity == .error }) {
            if let t { lastT = t }
            if kind == .snapshot { sawSnapshot = true }
            apply(&model)
        }
        return checker.issues
    }

    /// An event with no hierarchy to apply to: a consequence of the missing (or rejected) snapshot.
    static func beforeFirstSnapshot(_ type: String) -> RecordIssue {
        var issue = RecordIssue.error(
            ["type"], "\"\(type)\" record before the session's first snapshot",
            hint: "the recorder must write a \"snapshot\" of the hierarchy before any event")
        issue.consequence = .beforeFirstSnapshot
        return issue
    }

    private func checkTime(_ t: Double, checker: inout FieldChecker) {
        if t < 0 {
            checker.error(
                ["t"], "\"t\" is negative (\(JSONValue.number(t).serialized()))",
                hint: "\"t\" counts seconds since the session started, from 0")
        } else if let lastT, t < lastT {
            checker.error(
                ["t"],
                "\"t\" goes back in time: \(JSONValue.number(t).serialized()) after \(JSONValue.number(lastT).serialized())",
                hint: "records must be written in time order; \"t\" may stay equal but never decrease")
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

    /// An optional id field (`null` allowed) that, when it names something, must name an object of the `accepts`
    /// kind that exists at this point.
    private func knownReference(_ object: JSONObject, _ key: String, accepts: Referent, checker: inout FieldChecker) {
        guard let id = checker.string(object[key], at: [.key(key)], nullable: true), sawSnapshot else { return }
        let known: Bool
        switch accepts {
        case .view: known = model.containsView(id)
        case .responder: known = model.containsResponder(id)
        case .anyObject: known = model.containsObject(id)
        }
        guard known else {
            let type = object["type"]?.stringValue ?? ""
            checker.error(
                [.key(key)],
                "\"\(type)\" names \"\(id)\" as its \(key), which is no \(accepts.noun) in the hierarchy at this point",
                hint: accepts == .anyObject
                    ? "the id must appear in the latest snapshot (a view, controller, the application, its delegate or one of \"objects\") and not be removed since"
                    : "the id must appear in the latest snapshot (or a later insert) and not be removed since")
            return
        }
    }

    private func viewReference(
        _ object: JSONObject, _ key: String, allowDetached: Bool = false, checker: inout FieldChecker
    ) -> String? {
        let type = object["type"]?.stringValue ?? ""
        guard
            let id = checker.nonEmptyString(
                checker.required(object, key, at: [], what: "\"\(type)\" record"), at: [.key(key)])
        else {
            return nil
        }
        guard allowDetached ? model.containsExistingView(id) : model.containsView(id) else {
            checker.error(
                [.key(key)],
                model.isDetached(id)
                    ? "\"\(type)\" names view \"\(id)\", which is in no window at this point"
                    : "\"\(type)\" names view \"\(id)\", which does not exist at this point",
                hint: model.isDetached(id)
                    ? "a view in no window can only be changed (set) or called; insert it into a window first"
                    : "the view must appear in the latest snapshot or a later insert, and not be removed since")
            return nil
        }
        return id
    }

    private func checkKey(_ object: JSONObject, checker: inout FieldChecker) {
        let text = object["text"]
        let length = object["length"]
        if text == nil && length == nil {
            checker.error(
                [], "\"key\" record has neither \"text\" nor \"length\"",
                hint: "record the typed text or at least its \"length\"")
        }
        checker.string(text, at: ["text"])
        checker.integer(length, at: ["length"], minimum: 0)
    }

    private func checkSet(_ object: JSONObject, checker: inout FieldChecker) -> (inout HierarchyModel) -> Void {
        _ = viewReference(object, "view", allowDetached: true, checker: &checker)
        var declared = DeclaredObjects()
        var changes = 0
        for member in object.members where !["type", "t", "view"].contains(member.key) {
            changes += 1
            if member.key == "id" || member.key == "subviews" || member.key == "class" {
                checker.error(
                    [.key(member.key)], "\"set\" cannot change \"\(member.key)\"",
                    hint: member.key == "subviews"
                        ? "use \"insert\" and \"remove\" records to change subviews"
                        : "remove the view and insert a new one")
                continue
            }
            checker.viewField(member.key, member.value, at: [.key(member.key)], owner: nil, into: &declared)
        }
        if changes == 0 {
            checker.warning(
                [], "\"set\" record changes nothing", hint: "add the View fields that changed, e.g. \"isHidden\":true")
        }
        // Recognizers a `gestureRecognizers` set gives the view are known from here on.
        return { model in model.addRecognizers(declared.others) }
    }

    private func checkInsert(_ object: JSONObject, checker: inout FieldChecker) -> (inout HierarchyModel) -> Void {
        // A null parent: a view created (or moved) into no window.
        let parentIsNull = object["parent"]?.isNull == true
        let parent = parentIsNull ? nil : viewReference(object, "parent", checker: &checker)
        checker.integer(object["index"], at: ["index"], minimum: 0)
        guard let view = checker.required(object, "view", at: [], what: "\"insert\" record") else { return { _ in } }
        var declared = DeclaredObjects()
        checker.view(view, at: ["view"], parent: parent, into: &declared)
        var seen: Set<String> = []
        for entry in declared.views + declared.others {
            if !seen.insert(entry.id).inserted {
                checker.error(
                    entry.path, "duplicate id \"\(entry.id)\" in the inserted subtree",
                    hint: "every object id must be unique within a session")
            } else if entry.id == object["parent"]?.stringValue {
                checker.error(
                    entry.path,
                    "\"insert\" puts view \"\(entry.id)\" inside itself: the parent lies in the inserted subtree",
                    hint: "a view cannot be its own ancestor; check the \"parent\" id")
            } else if model.containsResponder(entry.id) && !model.isDetached(entry.id)
                && !(parentIsNull && entry.id == declared.views.first?.id && model.containsView(entry.id))
            {
                checker.error(
                    entry.path, "\"insert\" declares \"\(entry.id)\", which already exists",
                    hint: "remove the old view first, or give the new object a fresh id")
            }
        }
        if parentIsNull, let root = declared.views.first {
            return { model in
                for entry in declared.views { model.add(entry) }
                model.addRecognizers(declared.others)
                model.addDetached(root.id)
            }
        }
        return { model in
            for entry in declared.views { model.add(entry) }
            model.addRecognizers(declared.others)
        }
    }

    private func checkSnapshot(_ object: JSONObject, checker: inout FieldChecker) -> (inout HierarchyModel) -> Void {
        var declared = DeclaredObjects()
        if let windows = checker.required(object, "windows", at: [], what: "\"snapshot\" record") {
            if case .array(let list) = windows {
                for (index, window) in list.enumerated() {
                    checker.view(window, at: ["windows", .index(index)], parent: nil, into: &declared)
                }
            } else {
                checker.error(
                    ["windows"], "\"windows\" must be an array of windows, not \(windows.typeDescription)",
                    hint: "write \"windows\": [ {window}, ... ]")
            }
        }
        var responders: Set<String> = []
        var allIDs: Set<String> = []
        for entry in declared.views + declared.others where !allIDs.insert(entry.id).inserted {
            checker.error(
                entry.path, "duplicate id \"\(entry.id)\" in the snapshot",
                hint:
                    "every object id must be unique within a session; recorders usually add a generation counter to the address"
            )
        }
        var detached = DeclaredObjects()
        if let list = object["detachedViews"] {
            if case .array(let views) = list {
                for (index, view) in views.enumerated() {
                    checker.view(view, at: ["detachedViews", .index(index)], parent: nil, into: &detached)
                }
            } else {
                checker.error(
                    ["detachedViews"], "\"detachedViews\" must be an array of views, not \(list.typeDescription)",
                    hint: "write \"detachedViews\": [ {view}, ... ]")
            }
        }
        for entry in detached.views + detached.others where !allIDs.insert(entry.id).inserted {
            checker.error(
                entry.path, "duplicate id \"\(entry.id)\" in the snapshot",
                hint: "every object id must be unique within a session")
        }
        // A controller may keep its root view out of any window (a removed or not yet added view).
        let viewIDs = Set(declared.views.map(\.id) + detached.views.map(\.id))
        var controllerParent: [String: (parent: String?, presenting: String?, index: Int)] = [:]
        if let controllers = object["controllers"] {
            if case .array(let list) = controllers {
                for (index, value) in list.enumerated() {
                    let here: [JSONPathComponent] = ["controllers", .index(index)]
                    guard case .object(let controller) = value else {
                        checker.error(
                            here, "a controller must be an object, not \(value.typeDescription)",
                            hint: "write {\"id\":\"vc1\",\"class\":…,\"view\":…}")
                        continue
                    }
                    guard
                        let id = checker.nonEmptyString(
                            checker.required(controller, "id", at: here, what: "controller"), at: here + ["id"])
                    else { continue }
                    checker.nonEmptyString(
                        checker.required(controller, "class", at: here, what: "controller"), at: here + ["class"])
                    if !allIDs.insert(id).inserted {
                        checker.error(
                            here + ["id"], "duplicate id \"\(id)\" in the snapshot",
                            hint: "every object id must be unique within a session")
                    }
                    if let view = checker.string(controller["view"], at: here + ["view"], nullable: true),
                        !viewIDs.contains(view)
                    {
                        checker.error(
                            here + ["view"],
                            "controller \"\(id)\" names root view \"\(view)\", which is not in the snapshot",
                            hint: "\"view\" must be the id of a view in \"windows\"")
                    }
                    let parent = checker.string(controller["parent"], at: here + ["parent"], nullable: true)
                    let presenting = checker.string(
                        controller["presentingViewController"], at: here + ["presentingViewController"], nullable: true)
                    _ = checker.stringArray(controller["implements"], at: here + ["implements"])
                    _ = checker.stringArray(controller["refusesActions"], at: here + ["refusesActions"])
                    checker.bool(controller["overridesTouches"], at: here + ["overridesTouches"])
                    checker.bool(controller["endsEditingOnTouchesBegan"], at: here + ["endsEditingOnTouchesBegan"])
                    controllerParent[id] = (parent, presenting, index)
                    responders.insert(id)
                }
            } else {
                checker.error(
                    ["controllers"], "\"controllers\" must be an array, not \(controllers.typeDescription)",
                    hint: "write \"controllers\": [ {controller}, ... ]")
            }
        }
        // In document order, so the same file always reports the same errors first.
        for (id, links) in controllerParent.sorted(by: { $0.value.index < $1.value.index }) {
            for (key, first) in [("parent", links.parent), ("presentingViewController", links.presenting)] {
                guard let first else { continue }
                let here: [JSONPathComponent] = ["controllers", .index(links.index), .key(key)]
                if controllerParent[first] == nil {
                    checker.error(
                        here,
                        "controller \"\(id)\" names \(key) \"\(first)\", which is not a controller in the snapshot",
                        hint: "list the \(key) in \"controllers\" or write null")
                    continue
                }
                // Follow the chain; coming back to the start is a cycle.
                var visited: Set<String> = [id]
                var next: String? = first
                while let current = next {
                    if !visited.insert(current).inserted {
                        if current == id {
                            checker.error(
                                here, "cycle in the controllers' \(key) chain through \"\(id)\"",
                                hint: "a controller cannot be its own ancestor; check the \"\(key)\" ids")
                        }
                        break
                    }
                    next = key == "parent" ? controllerParent[current]?.parent : controllerParent[current]?.presenting
                }
            }
        }
        if let application = object["application"] {
            if case .object(let app) = application {
                responders.insert(checker.string(app["id"], at: ["application", "id"]) ?? "application")
                checker.string(app["class"], at: ["application", "class"])
                _ = checker.stringArray(app["implements"], at: ["application", "implements"])
                _ = checker.stringArray(app["refusesActions"], at: ["application", "refusesActions"])
                if let delegate = app["delegate"] {
                    if case .object(let object) = delegate {
                        if let id = checker.string(object["id"], at: ["application", "delegate", "id"]) {
                            responders.insert(id)
                        }
                        checker.bool(object["isResponder"], at: ["application", "delegate", "isResponder"])
                        _ = checker.stringArray(object["implements"], at: ["application", "delegate", "implements"])
                        _ = checker.stringArray(
                            object["refusesActions"], at: ["application", "delegate", "refusesActions"])
                    } else {
                        checker.error(
                            ["application", "delegate"], "\"delegate\" must be an object",
                            hint: "write {\"id\":\"appDelegate\",\"isResponder\":true}")
                    }
                }
            } else {
                checker.error(
                    ["application"], "\"application\" must be an object, not \(application.typeDescription)",
                    hint: "write {\"id\":\"app\",\"class\":\"UIApplication\"} or leave it out")
            }
        } else {
            responders.insert("application")
        }
        let objects = checkObjects(object["objects"], ids: &allIDs, checker: &checker)
        let detachedIDs = Set(detached.views.map(\.id))
        let recognizerIDs = Set((declared.others + detached.others).map(\.id))
        return { model in
            model.replace(
                views: declared.views, responders: responders, objects: objects, detached: detachedIDs,
                recognizers: recognizerIDs)
        }
    }

    /// The snapshot's plain objects (log format "Object"): each needs an `id` unique in the snapshot and a `class`.
    private func checkObjects(_ value: JSONValue?, ids: inout Set<String>, checker: inout FieldChecker) -> Set<String> {
        guard let value else { return [] }
        guard case .array(let list) = value else {
            checker.error(
                ["objects"], "\"objects\" must be an array, not \(value.typeDescription)",
                hint: "write \"objects\": [ {\"id\":\"coordinator\",\"class\":\"App.Coordinator\"}, ... ]")
            return []
        }
        var out: Set<String> = []
        for (index, item) in list.enumerated() {
            let here: [JSONPathComponent] = ["objects", .index(index)]
            guard case .object(let o) = item else {
                checker.error(
                    here, "an object must be an object, not \(item.typeDescription)",
                    hint: "write {\"id\":\"coordinator\",\"class\":\"App.Coordinator\",\"implements\":[…]}")
                continue
            }
            checker.nonEmptyString(checker.required(o, "class", at: here, what: "object"), at: here + ["class"])
            _ = checker.stringArray(o["implements"], at: here + ["implements"])
            guard
                let id = checker.nonEmptyString(checker.required(o, "id", at: here, what: "object"), at: here + ["id"])
            else { continue }
            if !ids.insert(id).inserted {
                checker.error(
                    here + ["id"], "duplicate id \"\(id)\" in the snapshot",
                    hint: "every object id must be unique within a session")
            }
            out.insert(id)
        }
        return out
    }
}

extension TouchRecord {
    /// Type-checks a `touch` record given as a JSON object.
    static func check(_ object: JSONObject, checker: inout FieldChecker) {
        let what = "\"touch\" record"
        if let touch = checker.required(object, "touch", at: [], what: what) {
            switch touch {
            case .string: break
            case .number where touch.intValue != nil: break
            default:
                checker.error(
                    ["touch"], "\"touch\" must be an integer or a string, not \(touch.typeDescription)",
                    hint: "use the touch's stable identity, e.g. 1")
            }
        }
        checker.oneOf(
            checker.required(object, "phase", at: [], what: what), at: ["phase"], TouchPhase.allCases.map(\.name))
        checker.number(checker.required(object, "x", at: [], what: what), at: ["x"])
        checker.number(checker.required(object, "y", at: [], what: what), at: ["y"])
        checker.string(object["window"], at: ["window"])
        checker.string(object["view"], at: ["view"], nullable: true)
        checker.integer(object["tapCount"], at: ["tapCount"], minimum: 0)
        checker.integer(object["event"], at: ["event"])
    }

    /// The typed record from a `touch` object that passed ``check``, and whether the object holds anything
    /// the typed fields cannot give back (unknown members, `"view": null`, a repeated member), in which case
    /// the raw line must be kept as well.
    public static func typed(from object: JSONObject) -> (record: TouchRecord, needsRawLine: Bool)? {
        guard let t = object["t"]?.doubleValue, let phaseName = object["phase"]?.stringValue,
            let phase = TouchPhase(name: phaseName), let x = object["x"]?.doubleValue, let y = object["y"]?.doubleValue
        else { return nil }
        let touch: TouchIdentifier
        switch object["touch"] {
        case .string(let text): touch = .string(text)
        case .some(let value):
            guard let integer = value.intValue else { return nil }
            touch = .number(Int64(integer))
        case nil: return nil
        }
        var needsRawLine = object["view"]?.isNull == true
        var seen: Set<String> = []
        for member in object.members where !knownFields.contains(member.key) || !seen.insert(member.key).inserted {
            needsRawLine = true
        }
        let record = TouchRecord(
            t: t, touch: touch, phase: phase, x: x, y: y, window: object["window"]?.stringValue,
            tapCount: object["tapCount"]?.intValue, event: object["event"]?.intValue, view: object["view"]?.stringValue)
        return (record, needsRawLine)
    }
}
