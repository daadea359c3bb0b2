import ResponderCore

/// Decodes recorded View objects (log format section 3) into `ViewSpec`, and `set` records into `ViewProperties`.
///
/// Subtrees are built with an explicit stack (post-order), so a very deep recorded hierarchy cannot overflow the
/// call stack. Fields the format does not define are ignored; fields the model has no use for (`textLength`) are kept for outputs.
enum ViewDecoding {
    /// Builds a view and its whole subtree.
    static func view(_ root: JSONObject) throws(RecordDecodingError) -> ViewSpec {
        struct Frame {
            var json: JSONObject
            var children: [JSONValue]
            var next = 0
            var built: [ViewSpec] = []
        }
        var stack = [Frame(json: root, children: root["subviews"]?.arrayValue ?? [])]
        while true {
            let top = stack.count - 1
            if stack[top].next < stack[top].children.count {
                let child = stack[top].children[stack[top].next]
                stack[top].next += 1
                guard let object = child.objectValue else {
                    throw RecordDecodingError(
                        "a subview of \"\(stack[top].json["id"]?.stringValue ?? "?")\" is \(child.typeDescription), not a View object"
                    )
                }
                stack.append(Frame(json: object, children: object["subviews"]?.arrayValue ?? []))
                continue
            }
            let done = stack.removeLast()
            let spec = try ownFields(done.json, subviews: done.built)
            if stack.isEmpty { return spec }
            stack[stack.count - 1].built.append(spec)
        }
    }

    /// One view's own fields (everything but `subviews`).
    static func ownFields(_ o: JSONObject, subviews: [ViewSpec]) throws(RecordDecodingError) -> ViewSpec {
        guard let id = o["id"]?.stringValue else {
            throw RecordDecodingError(
                "a view has no string \"id\"; every View needs \"id\", \"class\" and \"frame\"")
        }
        guard let className = o["class"]?.stringValue else {
            throw RecordDecodingError("view \"\(id)\" has no string \"class\"")
        }
        var unknown: [JSONObject.Member] = []
        let properties = try fields(o, unknown: &unknown)
        if properties.frame == nil && properties.center == nil {
            throw RecordDecodingError(
                "view \"\(id)\" has neither \"frame\" nor \"center\"; a null frame needs a center")
        }
        var spec = ViewSpec(
            id: id, className: className, baseClass: o["baseClass"]?.stringValue, frame: nil, subviews: subviews)
        spec.properties = properties
        spec.unknownMembers = unknown
        return spec
    }

    /// Every member the table (`ViewField`) names, typed. The others are the view's identity and tree, or members
    /// the format does not define, which go to `unknown` as written.
    static func fields(
        _ o: JSONObject, unknown: inout [JSONObject.Member]
    ) throws(RecordDecodingError) -> ViewProperties {
        var properties = ViewProperties()
        for member in o.members {
            if let field = ViewField(name: member.key) {
                properties[field] = try value(of: field, member.value)
            } else if !ViewSpec.identityMembers.contains(member.key) {
                unknown.append(member)
            }
        }
        return properties
    }

    /// A field's value as its type in the table says; nil only for a null `frame` (a transform made it undefined).
    static func value(of field: ViewField, _ json: JSONValue) throws(RecordDecodingError) -> ViewFieldValue? {
        func wrong(_ expected: String) -> RecordDecodingError {
            RecordDecodingError("\"\(field.name)\" must be \(expected); it is \(json.serialized())")
        }
        switch field.type {
        case .rect:
            if json.isNull && field == .frame { return nil }
            guard let rect = try Field.rect(json, field.name) else { throw wrong("[x, y, width, height]") }
            return .rect(rect)
        case .point:
            guard let point = try Field.point(json, field.name) else { throw wrong("[x, y]") }
            return .point(point)
        case .transform:
            guard let transform = try Field.transform(json) else { throw wrong("[a, b, c, d, tx, ty]") }
            return .transform(transform)
        case .bool:
            guard let flag = json.boolValue else { throw wrong("true or false") }
            return .bool(flag)
        case .number, .opacity:
            guard let number = json.doubleValue else { throw wrong("a number") }
            return .number(number)
        case .count:
            guard let count = json.intValue, count >= 0 else { throw wrong("a whole number, 0 or more") }
            return .count(count)
        case .string, .objectID:
            guard let string = json.stringValue else { throw wrong("a string") }
            return .string(string)
        case .selectors, .policyNames:
            guard let items = json.arrayValue else { throw wrong("an array of strings") }
            var names: [String] = []
            for item in items {
                guard let name = item.stringValue else { throw wrong("an array of strings") }
                names.append(name)
            }
            return .strings(names)
        case .controlActions:
            guard json.arrayValue != nil else { throw wrong("an array of actions") }
            return .actions(try actions(json))
        case .recognizers:
            guard json.arrayValue != nil else { throw wrong("an array of gesture recognizers") }
            return .recognizers(try recognizers(json))
        case .keyboardDismissMode:
            guard let mode = json.stringValue.flatMap(KeyboardDismissMode.init(rawValue:)) else {
                throw wrong(KeyboardDismissMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            return .keyboardDismissMode(mode)
        }
    }

    static func actions(_ value: JSONValue?) throws(RecordDecodingError) -> [ActionSpec] {
        guard let items = value?.arrayValue else { return [] }
        var out: [ActionSpec] = []
        for item in items {
            guard let action = item["action"]?.stringValue else {
                throw RecordDecodingError("a control action has no string \"action\": \(item.serialized())")
            }
            out.append(
                ActionSpec(events: Field.strings(item["events"]), target: Field.id(item["target"]), action: action))
        }
        return out
    }

    static func recognizers(_ value: JSONValue?) throws(RecordDecodingError) -> [RecognizerSpec] {
        guard let items = value?.arrayValue else { return [] }
        var out: [RecognizerSpec] = []
        for item in items {
            guard let id = item["id"]?.stringValue, let className = item["class"]?.stringValue else {
                throw RecordDecodingError(
                    "a gesture recognizer needs a string \"id\" and \"class\": \(item.serialized())")
            }
            // `baseClass` decides the behaviour of a custom recognizer class, as for views.
            let kind = item["baseClass"]?.stringValue.map { RecognizerKind(className: $0) }
            let actions: [RecognizerActionSpec] = (item["actions"]?.arrayValue ?? []).compactMap { a in
                guard let action = a["action"]?.stringValue else { return nil }
                return RecognizerActionSpec(
                    target: Field.id(a["target"]), action: action,
                    effect: a["effect"]?.stringValue.flatMap(RecognizerEffect.init(rawValue:)))
            }
            out.append(
                RecognizerSpec(
                    id: id, className: className, kind: kind, isEnabled: item["isEnabled"]?.boolValue ?? true,
                    cancelsTouchesInView: item["cancelsTouchesInView"]?.boolValue ?? true,
                    delaysTouchesBegan: item["delaysTouchesBegan"]?.boolValue ?? false,
                    delaysTouchesEnded: item["delaysTouchesEnded"]?.boolValue ?? true,
                    numberOfTapsRequired: item["numberOfTapsRequired"]?.intValue ?? 1,
                    requireToFail: Field.strings(item["requireToFail"]),
                    ignoresControls: item["ignoresControls"]?.boolValue ?? false,
                    shouldBegin: item["shouldBegin"]?.boolValue ?? true, actions: actions,
                    delegate: item["delegate"]?.stringValue))
        }
        return out
    }

    /// A `set` record's fields (only the fields present change).
    static func patch(_ o: JSONObject) throws(RecordDecodingError) -> ViewProperties {
        var unknown: [JSONObject.Member] = []
        return try fields(o, unknown: &unknown)
    }
}
