import ResponderCore

/// Decodes recorded View objects (log format section 3) into `ViewSpec`, and `set` records into `ViewPatch`.
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
        let frame = try Field.rect(o["frame"], "frame")
        let center = try Field.point(o["center"], "center")
        if frame == nil && center == nil {
            throw RecordDecodingError(
                "view \"\(id)\" has neither \"frame\" nor \"center\"; a null frame needs a center")
        }
        return ViewSpec(
            id: id, className: className, baseClass: o["baseClass"]?.stringValue, frame: frame,
            bounds: try Field.rect(o["bounds"], "bounds"), center: center,
            transform: try Field.transform(o["transform"]), isHidden: o["isHidden"]?.boolValue,
            alpha: o["alpha"]?.doubleValue, isUserInteractionEnabled: o["isUserInteractionEnabled"]?.boolValue,
            clipsToBounds: o["clipsToBounds"]?.boolValue,
            isMultipleTouchEnabled: o["isMultipleTouchEnabled"]?.boolValue,
            isExclusiveTouch: o["isExclusiveTouch"]?.boolValue, isEnabled: o["isEnabled"]?.boolValue,
            canBecomeFirstResponder: o["canBecomeFirstResponder"]?.boolValue,
            canResignFirstResponder: o["canResignFirstResponder"]?.boolValue,
            isFirstResponder: o["isFirstResponder"]?.boolValue, overridesTouches: o["overridesTouches"]?.boolValue,
            implements: Field.strings(o["implements"]), refusesActions: Field.strings(o["refusesActions"]),
            actions: try actions(o["actions"]),
            gestureRecognizers: try recognizers(o["gestureRecognizers"]),
            keyboardDismissMode: o["keyboardDismissMode"]?.stringValue.flatMap(KeyboardDismissMode.init(rawValue:)),
            delaysContentTouches: o["delaysContentTouches"]?.boolValue,
            canCancelContentTouches: o["canCancelContentTouches"]?.boolValue,
            accessibilityIdentifier: o["accessibilityIdentifier"]?.stringValue,
            accessibilityLabel: o["accessibilityLabel"]?.stringValue, delegate: o["delegate"]?.stringValue,
            text: o["text"]?.stringValue,
            textLength: o["textLength"]?.intValue, adoptsKeyInput: o["adoptsKeyInput"]?.boolValue, subviews: subviews)
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

    /// A `set` record's fields as a patch (only the fields present change).
    static func patch(_ o: JSONObject) throws(RecordDecodingError) -> ViewPatch {
        var p = ViewPatch()
        p.frame = try Field.rect(o["frame"], "frame")
        p.bounds = try Field.rect(o["bounds"], "bounds")
        p.center = try Field.point(o["center"], "center")
        p.transform = try Field.transform(o["transform"])
        p.isHidden = o["isHidden"]?.boolValue
        p.alpha = o["alpha"]?.doubleValue
        p.isUserInteractionEnabled = o["isUserInteractionEnabled"]?.boolValue
        p.clipsToBounds = o["clipsToBounds"]?.boolValue
        p.isMultipleTouchEnabled = o["isMultipleTouchEnabled"]?.boolValue
        p.isExclusiveTouch = o["isExclusiveTouch"]?.boolValue
        p.isEnabled = o["isEnabled"]?.boolValue
        p.canBecomeFirstResponder = o["canBecomeFirstResponder"]?.boolValue
        p.canResignFirstResponder = o["canResignFirstResponder"]?.boolValue
        p.overridesTouches = o["overridesTouches"]?.boolValue
        p.adoptsKeyInput = o["adoptsKeyInput"]?.boolValue
        if o["implements"] != nil { p.implements = Field.strings(o["implements"]) }
        if o["refusesActions"] != nil { p.refusesActions = Field.strings(o["refusesActions"]) }
        if o["actions"] != nil { p.actions = try actions(o["actions"]) }
        if o["gestureRecognizers"] != nil { p.gestureRecognizers = try recognizers(o["gestureRecognizers"]) }
        p.keyboardDismissMode = o["keyboardDismissMode"]?.stringValue.flatMap(KeyboardDismissMode.init(rawValue:))
        p.delaysContentTouches = o["delaysContentTouches"]?.boolValue
        p.canCancelContentTouches = o["canCancelContentTouches"]?.boolValue
        p.accessibilityIdentifier = o["accessibilityIdentifier"]?.stringValue
        p.accessibilityLabel = o["accessibilityLabel"]?.stringValue
        p.delegate = o["delegate"]?.stringValue
        p.text = o["text"]?.stringValue
        p.textLength = o["textLength"]?.intValue
        p.isFirstResponder = o["isFirstResponder"]?.boolValue
        p.isKeyWindow = o["isKeyWindow"]?.boolValue
        p.windowLevel = o["windowLevel"]?.doubleValue
        return p
    }
}
