/// Reads View objects (log format section 3) into `ViewSpec`, and a `set` record's fields into `ViewProperties`,
/// checking each member as it is read: the table (`ViewField`) says which members are fields and what each holds.
///
/// Members the format does not define are kept as written (`ViewSpec.unknownMembers`) and otherwise ignored. Views
/// nest at most ``FormatLimits/maximumViewDepth`` levels (the JSON reader refuses deeper), so the recursion is
/// bounded, and threads that read records are given a stack for that depth (``FormatLimits/readerStackSize``).
extension FieldReader {
    /// A view and its whole subtree; nil when any member of any of them is wrong (each error is in `issues`).
    /// The path is built only to say what is wrong: reading a stored snapshot back builds none.
    mutating func view(_ value: JSONValue, at path: @autoclosure () -> [JSONPathComponent]) -> ViewSpec? {
        guard case .object(let object) = value else {
            error(
                path(), "a view must be an object, not \(value.typeDescription)",
                hint: "write the view as {\"id\":…,\"class\":…,\"frame\":[…]}")
            return nil
        }
        let before = errorCount
        let id = nonEmptyString(required(object, "id", at: path(), what: "view"), at: path() + ["id"])
        let className = nonEmptyString(required(object, "class", at: path(), what: "view"), at: path() + ["class"])
        if let frame = required(object, "frame", at: path(), what: "view"), frame.isNull, object["center"] == nil {
            error(
                path() + ["frame"], "\"frame\" is null but \"center\" is missing",
                hint: "a view with a non-identity transform needs \"center\" (and \"bounds\")")
        }
        var baseClass: String?
        var properties = ViewProperties()
        var unknown: [JSONObject.Member] = []
        var subviews: [ViewSpec] = []
        for member in object.members {
            switch member.key {
            case "id", "class":
                continue
            case "baseClass":
                baseClass = string(member.value, at: path() + ["baseClass"])
            case "subviews":
                guard case .array(let children) = member.value else {
                    error(
                        path() + ["subviews"],
                        "\"subviews\" must be an array of views, not \(member.value.typeDescription)",
                        hint: "write \"subviews\": [ {view}, ... ] back to front")
                    continue
                }
                subviews.reserveCapacity(children.count)
                for (index, child) in children.enumerated() {
                    if let subview = view(child, at: path() + ["subviews", .index(index)]) { subviews.append(subview) }
                }
            default:
                if let field = ViewField(name: member.key) {
                    properties[field] = fieldValue(field, member.value, at: path() + [.key(member.key)])
                } else {
                    unknown.append(member)
                }
            }
        }
        guard errorCount == before, let id, let className else { return nil }
        var spec = ViewSpec(id: id, className: className, baseClass: baseClass, frame: nil, subviews: subviews)
        spec.properties = properties
        spec.unknownMembers = unknown
        return spec
    }

    /// A field's value as its type in the table says; nil for a null `frame` (a transform made it undefined) and
    /// for a wrong value (then an error is in `issues`).
    mutating func fieldValue(
        _ field: ViewField, _ value: JSONValue, at path: @autoclosure () -> [JSONPathComponent]
    ) -> ViewFieldValue? {
        switch field.type {
        case .rect:
            return rect(value, at: path(), nullable: field == .frame).map(ViewFieldValue.rect)
        case .point:
            return point(value, at: path()).map(ViewFieldValue.point)
        case .transform:
            return transform(value, at: path()).map(ViewFieldValue.transform)
        case .size:
            return numbers(value, at: path(), count: 2, form: "[width, height]", nonNegativeFrom: 0).map {
                .size(Size($0[0], $0[1]))
            }
        case .insets:
            return numbers(value, at: path(), count: 4, form: "[top, left, bottom, right]").map {
                .insets(EdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3]))
            }
        case .touchesShouldCancel:
            return choice(value, at: path(), TouchesShouldCancel.self).map(ViewFieldValue.touchesShouldCancel)
        case .indexPath:
            return indexPath(value, at: path()).map(ViewFieldValue.indexPath)
        case .indexPaths:
            return indexPaths(value, at: path()).map(ViewFieldValue.indexPaths)
        case .opacity:
            guard let alpha = number(value, at: path()) else { return nil }
            if !(0...1).contains(alpha) {
                warning(
                    path(), "\"\(field.name)\" is \(JSONValue.number(alpha).serialized()), outside 0...1",
                    hint: "UIKit clamps \(field.name) to 0...1; record the clamped value")
            }
            return .number(alpha)
        case .number:
            return number(value, at: path()).map(ViewFieldValue.number)
        case .count:
            return integer(value, at: path(), minimum: 0).map(ViewFieldValue.count)
        case .bool:
            return bool(value, at: path()).map(ViewFieldValue.bool)
        case .string:
            return string(value, at: path()).map(ViewFieldValue.string)
        case .objectID:
            return nonEmptyString(value, at: path()).map(ViewFieldValue.string)
        case .selectors, .policyNames, .traitNames:
            return stringArray(value, at: path()).map(ViewFieldValue.strings)
        case .controlActions:
            return controlActions(value, at: path()).map(ViewFieldValue.actions)
        case .recognizers:
            return recognizers(value, at: path()).map(ViewFieldValue.recognizers)
        case .keyboardDismissMode:
            return choice(value, at: path(), KeyboardDismissMode.self).map(ViewFieldValue.keyboardDismissMode)
        case .accessibilityElements:
            return accessibilityElements(value, at: path()).map(ViewFieldValue.accessibilityElements)
        }
    }

    /// A hosting view's accessibility elements, each with its frame and what names it.
    mutating func accessibilityElements(
        _ value: JSONValue, at path: [JSONPathComponent]
    ) -> [AccessibilityElementSpec]? {
        let before = errorCount
        let elements = objects(
            value, at: path, array: "accessibilityElements",
            arrayHint: #"write [{"frame":[20, 700, 350, 50],"identifier":"cart.checkout","label":"Checkout"}]"#,
            element: "an accessibility element", elementHint: #"write {"frame":[20, 700, 350, 50],"label":"Checkout"}"#
        ) { reader, object, here -> AccessibilityElementSpec? in
            guard let frameValue = object["frame"] else {
                reader.error(
                    here, "an accessibility element needs \"frame\"",
                    hint: "write its accessibilityFrame in its window's coordinates: \"frame\":[x, y, width, height]")
                return nil
            }
            guard let frame = reader.rect(frameValue, at: here + ["frame"]) else { return nil }
            return AccessibilityElementSpec(
                frame: frame, identifier: reader.string(object["identifier"], at: here + ["identifier"]),
                label: reader.string(object["label"], at: here + ["label"]),
                traits: reader.stringArray(object["traits"], at: here + ["traits"]))
        }
        return errorCount == before ? elements : nil
    }

    /// A control's target–action pairs.
    mutating func controlActions(_ value: JSONValue, at path: [JSONPathComponent]) -> [ActionSpec]? {
        let before = errorCount
        let actions = actionObjects(value, at: path) { reader, object, here in
            reader.actionMembers(object, at: here).map { action in
                ActionSpec(
                    events: reader.stringArray(object["events"], at: here + ["events"]) ?? [], target: action.target,
                    action: action.action)
            }
        }
        return errorCount == before ? actions : nil
    }

    /// An `actions` array, control's or recognizer's, each action read by `element`.
    private mutating func actionObjects<Element>(
        _ value: JSONValue, at path: [JSONPathComponent],
        _ element: (inout FieldReader, JSONObject, [JSONPathComponent]) -> Element?
    ) -> [Element]? {
        objects(
            value, at: path, array: "actions",
            arrayHint: "write [{\"events\":[\"touchUpInside\"],\"target\":\"vc1\",\"action\":\"save:\"}]",
            element: "an action", elementHint: "write {\"target\":…,\"action\":…}", element)
    }

    /// The members a control's and a recognizer's actions share: the selector, the target (null: nil-targeted) and
    /// what the action does to the first responder.
    private mutating func actionMembers(
        _ object: JSONObject, at here: [JSONPathComponent]
    ) -> (action: String, target: String?, effect: RecognizerEffect?)? {
        let before = errorCount
        let action = nonEmptyString(required(object, "action", at: here, what: "action"), at: here + ["action"])
        let target = string(object["target"], at: here + ["target"], nullable: true)
        let effect = object["effect"].flatMap { choice($0, at: here + ["effect"], RecognizerEffect.self) }
        guard errorCount == before, let action else { return nil }
        return (action, target, effect)
    }

    /// A view's gesture recognizers.
    mutating func recognizers(_ value: JSONValue, at path: [JSONPathComponent]) -> [RecognizerSpec]? {
        let before = errorCount
        let recognizers = objects(
            value, at: path, array: "gestureRecognizers",
            arrayHint: "write [{\"id\":\"g1\",\"class\":\"UITapGestureRecognizer\"}]", element: "a gesture recognizer",
            elementHint: "write {\"id\":\"g1\",\"class\":\"UITapGestureRecognizer\"}"
        ) { reader, object, here in reader.recognizer(object, at: here) }
        return errorCount == before ? recognizers : nil
    }

    private mutating func recognizer(_ object: JSONObject, at here: [JSONPathComponent]) -> RecognizerSpec? {
        let before = errorCount
        let what = "gesture recognizer"
        let id = nonEmptyString(required(object, "id", at: here, what: what), at: here + ["id"])
        let className = nonEmptyString(required(object, "class", at: here, what: what), at: here + ["class"])
        // `baseClass` decides the behaviour of a custom recognizer class, as for views.
        let baseClass = string(object["baseClass"], at: here + ["baseClass"])
        func flag(_ key: String, _ otherwise: Bool) -> Bool { bool(object[key], at: here + [.key(key)]) ?? otherwise }
        let isEnabled = flag("isEnabled", true)
        let cancelsTouchesInView = flag("cancelsTouchesInView", true)
        let delaysTouchesBegan = flag("delaysTouchesBegan", false)
        let delaysTouchesEnded = flag("delaysTouchesEnded", true)
        let ignoresControls = flag("ignoresControls", false)
        let shouldBegin = flag("shouldBegin", true)
        let taps = integer(object["numberOfTapsRequired"], at: here + ["numberOfTapsRequired"], minimum: 1)
        func count(_ key: String) -> Int? { integer(object[key], at: here + [.key(key)], minimum: 1) }
        let touchesRequired = count("numberOfTouchesRequired")
        let minimumTouches = count("minimumNumberOfTouches")
        let maximumTouches = count("maximumNumberOfTouches")
        let pressDuration = nonNegativeNumber(object["minimumPressDuration"], at: here + ["minimumPressDuration"])
        let movement = nonNegativeNumber(object["allowableMovement"], at: here + ["allowableMovement"])
        let direction = choices(object["direction"], at: here + ["direction"], SwipeDirection.self)
        let simultaneousWith = stringArray(object["simultaneousWith"], at: here + ["simultaneousWith"]) ?? []
        let delegate = object["delegate"].flatMap { nonEmptyString($0, at: here + ["delegate"]) }
        let requireToFail = stringArray(object["requireToFail"], at: here + ["requireToFail"]) ?? []
        let actions =
            object["actions"].flatMap { value in
                actionObjects(value, at: here + ["actions"]) { reader, action, path in
                    reader.actionMembers(action, at: path).map {
                        RecognizerActionSpec(target: $0.target, action: $0.action, effect: $0.effect)
                    }
                }
            } ?? []
        guard errorCount == before, let id, let className else { return nil }
        return RecognizerSpec(
            id: id, className: className, kind: baseClass.map { RecognizerKind(className: $0) }, isEnabled: isEnabled,
            cancelsTouchesInView: cancelsTouchesInView, delaysTouchesBegan: delaysTouchesBegan,
            delaysTouchesEnded: delaysTouchesEnded, numberOfTapsRequired: taps ?? 1,
            numberOfTouchesRequired: touchesRequired ?? 1,
            minimumPressDuration: pressDuration ?? RecognizerSpec.defaultPressDuration,
            allowableMovement: movement ?? RecognizerSpec.defaultAllowableMovement,
            direction: direction.map(Set.init) ?? [.right], minimumNumberOfTouches: minimumTouches ?? 1,
            maximumNumberOfTouches: maximumTouches, simultaneousWith: simultaneousWith, requireToFail: requireToFail,
            ignoresControls: ignoresControls, shouldBegin: shouldBegin, actions: actions, delegate: delegate)
    }

    /// A `set` record's fields: only the fields present change. `id`, `class` and `subviews` cannot; members the
    /// format does not define are ignored.
    mutating func patch(_ object: JSONObject) -> ViewProperties {
        var properties = ViewProperties()
        for member in object.members {
            switch member.key {
            case "type", "t", "view":
                continue
            case "baseClass":
                string(member.value, at: ["baseClass"])  // a view's class does not change; read, then ignored
            case "id", "subviews", "class":
                error(
                    [.key(member.key)], "\"set\" cannot change \"\(member.key)\"",
                    hint: member.key == "subviews"
                        ? "use \"insert\" and \"remove\" records to change subviews"
                        : "remove the view and insert a new one")
            default:
                guard let field = ViewField(name: member.key) else { continue }
                properties[field] = fieldValue(field, member.value, at: [.key(member.key)])
            }
        }
        return properties
    }
}
