/// Checks a View object (format section 3) and its subtree, collecting the view ids it declares.
extension FieldChecker {
    static let viewBoolFields = [
        "isHidden", "isUserInteractionEnabled", "clipsToBounds", "isMultipleTouchEnabled", "isExclusiveTouch",
        "isEnabled", "canBecomeFirstResponder", "canResignFirstResponder", "isFirstResponder", "overridesTouches",
        "isKeyWindow", "delaysContentTouches", "canCancelContentTouches", "adoptsKeyInput",
    ]

    static let viewStringFields = ["baseClass", "accessibilityIdentifier", "accessibilityLabel", "text"]

    /// Fields that name another object of the session by id.
    static let viewIDFields = ["delegate"]

    /// Checks one View member's value, as in a view object or a `set` record.
    mutating func viewField(
        _ key: String, _ value: JSONValue, at path: [JSONPathComponent], owner: String?,
        into declared: inout DeclaredObjects
    ) {
        switch key {
        case "frame":
            numbers(value, at: path, count: 4, form: "[x, y, width, height]", nullable: true, nonNegativeFrom: 2)
        case "bounds":
            numbers(value, at: path, count: 4, form: "[x, y, width, height]", nonNegativeFrom: 2)
        case "center":
            numbers(value, at: path, count: 2, form: "[x, y]")
        case "transform":
            numbers(value, at: path, count: 6, form: "[a, b, c, d, tx, ty]")
        case "alpha":
            if let alpha = number(value, at: path), !(0...1).contains(alpha) {
                warning(
                    path, "\"alpha\" is \(JSONValue.number(alpha).serialized()), outside 0...1",
                    hint: "UIKit clamps alpha to 0...1; record the clamped value")
            }
        case "windowLevel":
            number(value, at: path)
        case "keyboardDismissMode":
            oneOf(value, at: path, ["none", "onDrag", "interactive"])
        case "implements", "refusesActions", "policies":
            _ = stringArray(value, at: path)
        case "actions":
            controlActions(value, at: path)
        case "gestureRecognizers":
            recognizers(value, at: path, into: &declared)
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
        case "id", "class":
            string(value, at: path)
        default:
            if Self.viewBoolFields.contains(key) {
                bool(value, at: path)
            } else if Self.viewStringFields.contains(key) {
                string(value, at: path)
            } else if Self.viewIDFields.contains(key) {
                nonEmptyString(value, at: path)
            }
        // Any other member is an unknown field: kept as written, ignored.
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
