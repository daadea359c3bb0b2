/// Reads a `snapshot` record (log format section 3) into the schema's `HierarchySpec`, checking each member as it is
/// read. How the snapshot's objects relate (unique ids, controllers' views and chains) is checked on the typed
/// hierarchy by ``SessionValidator``.
extension FieldReader {
    /// The hierarchy, plus the window policy names the model does not know (kept and reported, never applied); nil
    /// when any member is wrong.
    mutating func snapshot(_ object: JSONObject, t: Double) -> SnapshotRecord? {
        let before = errorCount
        var windows: [WindowSpec] = []
        var unknownPolicies: [String] = []
        if let list = required(object, "windows", at: [], what: "\"snapshot\" record") {
            if case .array(let values) = list {
                windows.reserveCapacity(values.count)
                for (index, value) in values.enumerated() {
                    guard let view = view(value, at: ["windows", .index(index)]) else { continue }
                    windows.append(WindowSpec(reading: view, unknownPolicies: &unknownPolicies))
                }
            } else {
                error(
                    ["windows"], "\"windows\" must be an array of windows, not \(list.typeDescription)",
                    hint: "write \"windows\": [ {window}, ... ]")
            }
        }
        var detached: [ViewSpec] = []
        if let list = object["detachedViews"] {
            if case .array(let values) = list {
                for (index, value) in values.enumerated() {
                    if let view = view(value, at: ["detachedViews", .index(index)]) { detached.append(view) }
                }
            } else {
                error(
                    ["detachedViews"], "\"detachedViews\" must be an array of views, not \(list.typeDescription)",
                    hint: "write \"detachedViews\": [ {view}, ... ]")
            }
        }
        let controllers = controllers(object["controllers"])
        let application = application(object["application"])
        let objects = plainObjects(object["objects"])
        guard errorCount == before else { return nil }
        return SnapshotRecord(
            t: t,
            hierarchy: HierarchySpec(
                windows: windows, controllers: controllers, application: application, objects: objects,
                detachedViews: detached),
            unknownPolicies: unknownPolicies)
    }

    private mutating func controllers(_ value: JSONValue?) -> [ControllerSpec] {
        guard let value else { return [] }
        return objects(
            value, at: ["controllers"], array: "controllers", arrayHint: "write \"controllers\": [ {controller}, ... ]",
            element: "a controller", elementHint: "write {\"id\":\"vc1\",\"class\":…,\"view\":…}"
        ) { reader, controller, here in reader.controller(controller, at: here) } ?? []
    }

    private mutating func controller(_ controller: JSONObject, at here: [JSONPathComponent]) -> ControllerSpec? {
        let before = errorCount
        let id = nonEmptyString(required(controller, "id", at: here, what: "controller"), at: here + ["id"])
        let className = nonEmptyString(
            required(controller, "class", at: here, what: "controller"), at: here + ["class"])
        let view = string(controller["view"], at: here + ["view"], nullable: true)
        let parent = string(controller["parent"], at: here + ["parent"], nullable: true)
        let presenting = string(
            controller["presentingViewController"], at: here + ["presentingViewController"], nullable: true)
        let style = controller["modalPresentationStyle"].flatMap {
            choice($0, at: here + ["modalPresentationStyle"], ModalPresentationStyle.self)
        }
        let container = string(
            controller["presentationContainer"], at: here + ["presentationContainer"], nullable: true)
        let implements = stringArray(controller["implements"], at: here + ["implements"]) ?? []
        let refuses = stringArray(controller["refusesActions"], at: here + ["refusesActions"]) ?? []
        let overridesTouches = bool(controller["overridesTouches"], at: here + ["overridesTouches"]) ?? false
        let endsEditing =
            bool(controller["endsEditingOnTouchesBegan"], at: here + ["endsEditingOnTouchesBegan"]) ?? false
        let canBecome = bool(controller["canBecomeFirstResponder"], at: here + ["canBecomeFirstResponder"]) ?? false
        let isFirstResponder = bool(controller["isFirstResponder"], at: here + ["isFirstResponder"]) ?? false
        let showsInputViews = bool(controller["showsInputViews"], at: here + ["showsInputViews"]) ?? false
        guard errorCount == before, let id, let className else { return nil }
        return ControllerSpec(
            id: id, className: className, view: view, parent: parent, presentingViewController: presenting,
            modalPresentationStyle: style, presentationContainer: container, implements: implements,
            refusesActions: refuses, overridesTouches: overridesTouches,
            endsEditingOnTouchesBegan: endsEditing, canBecomeFirstResponder: canBecome,
            isFirstResponder: isFirstResponder, showsInputViews: showsInputViews)
    }

    /// Nil when the snapshot names no application (kept so: it is written back as it was read).
    private mutating func application(_ value: JSONValue?) -> ApplicationSpec? {
        guard let value else { return nil }
        guard case .object(let app) = value else {
            error(
                ["application"], "\"application\" must be an object, not \(value.typeDescription)",
                hint: "write {\"id\":\"app\",\"class\":\"UIApplication\"} or leave it out")
            return nil
        }
        var spec = ApplicationSpec(
            id: string(app["id"], at: ["application", "id"]) ?? "application",
            className: string(app["class"], at: ["application", "class"]) ?? "UIApplication",
            implements: stringArray(app["implements"], at: ["application", "implements"]) ?? [],
            refusesActions: stringArray(app["refusesActions"], at: ["application", "refusesActions"]) ?? [])
        guard let delegate = app["delegate"] else { return spec }
        guard case .object(let object) = delegate else {
            error(
                ["application", "delegate"], "\"delegate\" must be an object",
                hint: "write {\"id\":\"appDelegate\",\"isResponder\":true}")
            return spec
        }
        let here: [JSONPathComponent] = ["application", "delegate"]
        spec.delegateID = string(object["id"], at: here + ["id"])
        spec.delegateIsResponder = bool(object["isResponder"], at: here + ["isResponder"]) ?? false
        spec.delegateImplements = stringArray(object["implements"], at: here + ["implements"]) ?? []
        spec.delegateRefusesActions = stringArray(object["refusesActions"], at: here + ["refusesActions"]) ?? []
        return spec
    }

    /// The snapshot's plain objects (log format "Object"): each needs an `id` and a `class`.
    private mutating func plainObjects(_ value: JSONValue?) -> [ObjectSpec] {
        guard let value else { return [] }
        return objects(
            value, at: ["objects"], array: "objects",
            arrayHint: "write \"objects\": [ {\"id\":\"coordinator\",\"class\":\"App.Coordinator\"}, ... ]",
            element: "an object",
            elementHint: "write {\"id\":\"coordinator\",\"class\":\"App.Coordinator\",\"implements\":[…]}"
        ) { reader, o, here in
            let className = reader.nonEmptyString(
                reader.required(o, "class", at: here, what: "object"), at: here + ["class"])
            let implements = reader.stringArray(o["implements"], at: here + ["implements"])
            let id = reader.nonEmptyString(reader.required(o, "id", at: here, what: "object"), at: here + ["id"])
            guard let id, let className else { return nil }
            return ObjectSpec(id: id, className: className, implements: implements ?? [])
        } ?? []
    }
}
