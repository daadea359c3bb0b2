import ResponderCore

/// Typed values back to touchlog/1 JSON members: the one writer of the format's fields, used where a typed record
/// leaves the program (the replay trace, timelines).
extension ViewPatch {
    /// The fields the patch sets, in the order of the format's View table (log format section 3).
    public var jsonMembers: [JSONObject.Member] {
        var out: [JSONObject.Member] = []
        func add(_ key: String, _ value: JSONValue?) {
            if let value { out.append(.init(key: key, value: value)) }
        }
        add("frame", frame.map(\.json))
        add("bounds", bounds.map(\.json))
        add("center", center.map(\.json))
        add("transform", transform.map(\.json))
        add("isHidden", isHidden.map(JSONValue.bool))
        add("alpha", alpha.map(JSONValue.number))
        add("isUserInteractionEnabled", isUserInteractionEnabled.map(JSONValue.bool))
        add("clipsToBounds", clipsToBounds.map(JSONValue.bool))
        add("isMultipleTouchEnabled", isMultipleTouchEnabled.map(JSONValue.bool))
        add("isExclusiveTouch", isExclusiveTouch.map(JSONValue.bool))
        add("isEnabled", isEnabled.map(JSONValue.bool))
        add("canBecomeFirstResponder", canBecomeFirstResponder.map(JSONValue.bool))
        add("canResignFirstResponder", canResignFirstResponder.map(JSONValue.bool))
        add("isFirstResponder", isFirstResponder.map(JSONValue.bool))
        add("overridesTouches", overridesTouches.map(JSONValue.bool))
        add("implements", implements.map { .array($0.map(JSONValue.string)) })
        add("refusesActions", refusesActions.map { .array($0.map(JSONValue.string)) })
        add("actions", actions.map { .array($0.map(\.json)) })
        add("gestureRecognizers", gestureRecognizers.map { .array($0.map(\.json)) })
        add("keyboardDismissMode", keyboardDismissMode.map { .string($0.rawValue) })
        add("delaysContentTouches", delaysContentTouches.map(JSONValue.bool))
        add("canCancelContentTouches", canCancelContentTouches.map(JSONValue.bool))
        add("accessibilityIdentifier", accessibilityIdentifier.map(JSONValue.string))
        add("accessibilityLabel", accessibilityLabel.map(JSONValue.string))
        add("delegate", delegate.map(JSONValue.string))
        add("text", text.map(JSONValue.string))
        add("textLength", textLength.map { .number(Double($0)) })
        add("windowLevel", windowLevel.map(JSONValue.number))
        add("isKeyWindow", isKeyWindow.map(JSONValue.bool))
        return out
    }
}

extension Rect {
    /// `[x, y, width, height]`.
    public var json: JSONValue { .array([.number(x), .number(y), .number(width), .number(height)]) }
}

extension Point {
    /// `[x, y]`.
    public var json: JSONValue { .array([.number(x), .number(y)]) }
}

extension AffineTransform {
    /// `[a, b, c, d, tx, ty]`.
    public var json: JSONValue { .array([a, b, c, d, tx, ty].map(JSONValue.number)) }
}

extension ActionSpec {
    /// `{"events":[…],"target":…,"action":…}`.
    public var json: JSONValue {
        .object([
            "events": .array(events.map(JSONValue.string)), "target": target.map(JSONValue.string) ?? .null,
            "action": .string(action),
        ])
    }
}

extension RecognizerSpec {
    /// The recognizer's fields; defaults are written too, so the value says everything the model used.
    public var json: JSONValue {
        var o: JSONObject = ["id": .string(id), "class": .string(className)]
        o["isEnabled"] = .bool(isEnabled)
        o["cancelsTouchesInView"] = .bool(cancelsTouchesInView)
        o["delaysTouchesBegan"] = .bool(delaysTouchesBegan)
        o["delaysTouchesEnded"] = .bool(delaysTouchesEnded)
        o["numberOfTapsRequired"] = .number(Double(numberOfTapsRequired))
        if !requireToFail.isEmpty { o["requireToFail"] = .array(requireToFail.map(JSONValue.string)) }
        if ignoresControls { o["ignoresControls"] = .bool(true) }
        if !shouldBegin { o["shouldBegin"] = .bool(false) }
        if let delegate { o["delegate"] = .string(delegate) }
        o["actions"] = .array(
            actions.map { action in
                var a: JSONObject = ["target": action.target.map(JSONValue.string) ?? .null]
                a["action"] = .string(action.action)
                if let effect = action.effect { a["effect"] = .string(effect.rawValue) }
                return .object(a)
            })
        return .object(o)
    }
}
