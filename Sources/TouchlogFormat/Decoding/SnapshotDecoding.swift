import ResponderCore

/// Decodes a `snapshot` record (log format section 3) into the core's `HierarchySpec`.
enum SnapshotDecoding {
    /// The hierarchy, plus the window policy names the model does not know (kept and reported, never applied).
    static func snapshot(_ o: JSONObject) throws(RecordDecodingError) -> SnapshotRecord {
        guard let windowValues = o["windows"]?.arrayValue else {
            throw RecordDecodingError("the snapshot has no \"windows\" array")
        }
        var unknown: [String] = []
        var windows: [WindowSpec] = []
        for value in windowValues {
            guard let w = value.objectValue else {
                throw RecordDecodingError("a window is \(value.typeDescription), not a Window object")
            }
            // The window's own fields are read with the View fields; they belong to the window, not its view.
            var view = try ViewDecoding.view(w)
            var policies: [DismissPolicy] = []
            for name in view.policies ?? [] {
                if let p = DismissPolicy(rawValue: name) { policies.append(p) } else { unknown.append(name) }
            }
            let windowLevel = view.windowLevel ?? 0
            let isKeyWindow = view.isKeyWindow ?? false
            for field in ViewField.ordered where field.isWindowField { view.properties[field] = nil }
            windows.append(
                WindowSpec(view: view, windowLevel: windowLevel, isKeyWindow: isKeyWindow, policies: policies))
        }
        var controllers: [ControllerSpec] = []
        for value in o["controllers"]?.arrayValue ?? [] {
            guard let id = value["id"]?.stringValue, let className = value["class"]?.stringValue else {
                throw RecordDecodingError("a controller needs a string \"id\" and \"class\": \(value.serialized())")
            }
            controllers.append(
                ControllerSpec(
                    id: id, className: className, view: Field.id(value["view"]), parent: Field.id(value["parent"]),
                    presentingViewController: Field.id(value["presentingViewController"]),
                    implements: Field.strings(value["implements"]),
                    refusesActions: Field.strings(value["refusesActions"]),
                    overridesTouches: value["overridesTouches"]?.boolValue ?? false,
                    endsEditingOnTouchesBegan: value["endsEditingOnTouchesBegan"]?.boolValue ?? false))
        }
        var application = ApplicationSpec()
        if let a = o["application"]?.objectValue {
            application = ApplicationSpec(
                id: a["id"]?.stringValue ?? "application", className: a["class"]?.stringValue ?? "UIApplication",
                implements: Field.strings(a["implements"]), refusesActions: Field.strings(a["refusesActions"]),
                delegateID: a["delegate"]?["id"]?.stringValue,
                delegateIsResponder: a["delegate"]?["isResponder"]?.boolValue ?? false,
                delegateImplements: Field.strings(a["delegate"]?["implements"]),
                delegateRefusesActions: Field.strings(a["delegate"]?["refusesActions"]))
        }
        var objects: [ObjectSpec] = []
        for value in o["objects"]?.arrayValue ?? [] {
            guard let id = value["id"]?.stringValue, let className = value["class"]?.stringValue else {
                throw RecordDecodingError("an object needs a string \"id\" and \"class\": \(value.serialized())")
            }
            objects.append(ObjectSpec(id: id, className: className, implements: Field.strings(value["implements"])))
        }
        var detached: [ViewSpec] = []
        for value in o["detachedViews"]?.arrayValue ?? [] {
            guard let view = value.objectValue else {
                throw RecordDecodingError("a detached view is \(value.typeDescription), not a View object")
            }
            detached.append(try ViewDecoding.view(view))
        }
        return SnapshotRecord(
            t: try Field.time(o),
            hierarchy: HierarchySpec(
                windows: windows, controllers: controllers, application: application, objects: objects,
                detachedViews: detached),
            unknownPolicies: unknown)
    }
}
