/// Checks a View object (format section 3) and its subtree, collecting the view ids it declares.
extension FieldChecker {
    /// Checks one View member's value, as in a view object or a `set` record: the table (`ViewField`) says which
    /// members are fields and what each holds.
    mutating func viewField(
        _ key: String, _ value: JSONValue, at path: [JSONPathComponent], owner: String?,
        into declared: inout DeclaredObjects
    ) {
        switch key {
        case "subviews":
            guard case .array(let subviews) = value else {
                error(
                    path, "\"subviews\" must be an array of views, not \(value.typeDescription)",
                    hint: "write \"subviews\": [ {view}, ... ] back to front")
                return
            }
            for (index, subview) in subviews.enumerated() {
                view(subview, at: path + [.index(index)], parent: owner, into: &declared)
            }
        case "id", "class", "baseClass":
            string(value, at: path)
        default:
            // Any other member is an unknown field: kept as written, ignored.
            guard let field = ViewField(name: key) else { return }
            viewField(field, value, at: path, into: &declared)
        }
    }

    /// Checks a field's value against its type in the table.
    mutating func viewField(
        _ field: ViewField, _ value: JSONValue, at path: [JSONPathComponent], into declared: inout DeclaredObjects
    ) {
        switch field.type {
        case .rect:
            // A null frame: a transform made it undefined (then `center` is required, checked with the view).
            numbers(
                value, at: path, count: 4, form: "[x, y, width, height]", nullable: field == .frame,
                nonNegativeFrom: 2)
        case .point:
            numbers(value, at: path, count: 2, form: "[x, y]")
        case .transform:
            numbers(value, at: path, count: 6, form: "[a, b, c, d, tx, ty]")
        case .opacity:
            if let alpha = number(value, at: path), !(0...1).contains(alpha) {
                warning(
                    path, "\"\(field.name)\" is \(JSONValue.number(alpha).serialized()), outside 0...1",
                    hint: "UIKit clamps \(field.name) to 0...1; record the clamped value")
            }
        case .number:
            number(value, at: path)
        case .count:
            integer(value, at: path, minimum: 0)
        case .bool:
            bool(value, at: path)
        case .string:
            string(value, at: path)
        case .objectID:
            nonEmptyString(value, at: path)
        case .selectors, .policyNames:
            _ = stringArray(value, at: path)
        case .controlActions:
            controlActions(value, at: path)
        case .recognizers:
            recognizers(value, at: path, into: &declared)
        case .keyboardDismissMode:
            oneOf(value, at: path, KeyboardDismissMode.allCases.map(\.rawValue))
        }
    }

    /// Checks a view and its subviews; appends every view id in document order (duplicates included, so the
    /// caller can report them).
    mutating func view(
        _ value: JSONValue, at path: [JSONPathComponent], parent: String?, into declared: inout DeclaredObjects
    ) {
        guard case .object(let object) = value else {
            error(
                path, "a view must be an object, not \(value.typeDescription)",
                hint: "write the view as {\"id\":…,\"class\":…,\"frame\":[…]}")
            return
        }
        let id = nonEmptyString(required(object, "id", at: path, what: "view"), at: path + ["id"])
        if let id { declared.views.append(.init(id: id, parent: parent, path: path + ["id"])) }
        nonEmptyString(required(object, "class", at: path, what: "view"), at: path + ["class"])
        if let frame = required(object, "frame", at: path, what: "view"), frame.isNull, object["center"] == nil {
            error(
                path + ["frame"], "\"frame\" is null but \"center\" is missing",
                hint: "a view with a non-identity transform needs \"center\" (and \"bounds\")")
        }
        for member in object.members where member.key != "id" && member.key != "class" {
            viewField(member.key, member.value, at: path + [.key(member.key)], owner: id, into: &declared)
        }
    }

    mutating func controlActions(_ value: JSONValue, at path: [JSONPathComponent]) {
        guard case .array(let actions) = value else {
            error(
                path, "\"actions\" must be an array, not \(value.typeDescription)",
                hint: "write [{\"events\":[\"touchUpInside\"],\"target\":\"vc1\",\"action\":\"save:\"}]")
            return
        }
        for (index, action) in actions.enumerated() {
            let here = path + [.index(index)]
            guard case .object(let object) = action else {
                error(
                    here, "an action must be an object, not \(action.typeDescription)",
                    hint: "write {\"target\":…,\"action\":…}")
                continue
            }
            nonEmptyString(required(object, "action", at: here, what: "action"), at: here + ["action"])
            string(object["target"], at: here + ["target"], nullable: true)
            _ = stringArray(object["events"], at: here + ["events"])
            if object["effect"] != nil {
                oneOf(object["effect"], at: here + ["effect"], ["endEditing", "resignFirstResponder"])
            }
        }
    }

    mutating func recognizers(_ value: JSONValue, at path: [JSONPathComponent], into declared: inout DeclaredObjects) {
        guard case .array(let recognizers) = value else {
            error(
                path, "\"gestureRecognizers\" must be an array, not \(value.typeDescription)",
                hint: "write [{\"id\":\"g1\",\"class\":\"UITapGestureRecognizer\"}]")
            return
        }
        for (index, recognizer) in recognizers.enumerated() {
            let here = path + [.index(index)]
            guard case .object(let object) = recognizer else {
                error(
                    here, "a gesture recognizer must be an object, not \(recognizer.typeDescription)",
                    hint: "write {\"id\":\"g1\",\"class\":\"UITapGestureRecognizer\"}")
                continue
            }
            if let id = nonEmptyString(required(object, "id", at: here, what: "gesture recognizer"), at: here + ["id"])
            {
                declared.others.append(.init(id: id, parent: nil, path: here + ["id"]))
            }
            nonEmptyString(required(object, "class", at: here, what: "gesture recognizer"), at: here + ["class"])
            for key in [
                "isEnabled", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded", "ignoresControls",
                "shouldBegin",
            ] {
                bool(object[key], at: here + [.key(key)])
            }
            integer(object["numberOfTapsRequired"], at: here + ["numberOfTapsRequired"], minimum: 1)
            if let delegate = object["delegate"] { nonEmptyString(delegate, at: here + ["delegate"]) }
            _ = stringArray(object["requireToFail"], at: here + ["requireToFail"])
            if let actions = object["actions"] { controlActions(actions, at: here + ["actions"]) }
        }
    }
}

/// The objects a snapshot or an insert declares, in document order, for the hierarchy model.
struct DeclaredObjects {
    struct Entry {
        var id: String
        var parent: String?
        var path: [JSONPathComponent]
    }

    var views: [Entry] = []
    /// Gesture recognizers: ids that must not clash but are not views.
    var others: [Entry] = []
}
