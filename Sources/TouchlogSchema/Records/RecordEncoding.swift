/// Typed values back to touchlog/1 JSON members: the one writer of the format's fields, used where a typed record
/// leaves the program (the replay trace, timelines).
extension ViewProperties {
    /// The recorded fields as JSON members, in the table's order (log format section 3).
    public var jsonMembers: [JSONObject.Member] {
        recordedFields.map { JSONObject.Member(key: $0.field.name, value: $0.value.json) }
    }
}

extension ViewFieldValue {
    /// The value as the format writes it.
    public var json: JSONValue {
        switch self {
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .count(let count): .number(Double(count))
        case .string(let string): .string(string)
        case .rect(let rect): rect.json
        case .point(let point): point.json
        case .size(let size): .array([.number(size.width), .number(size.height)])
        case .insets(let insets): .array([insets.top, insets.left, insets.bottom, insets.right].map(JSONValue.number))
        case .indexPath(let path): path.json
        case .indexPaths(let paths): .array(paths.map(\.json))
        case .touchesShouldCancel(let answer): .string(answer.rawValue)
        case .transform(let transform): transform.json
        case .strings(let names): .array(names.map(JSONValue.string))
        case .actions(let actions): .array(actions.map(\.json))
        case .recognizers(let recognizers): .array(recognizers.map(\.json))
        case .keyboardDismissMode(let mode): .string(mode.rawValue)
        case .accessibilityElements(let elements): .array(elements.map(\.json))
        }
    }

    /// Writes the value: the same bytes as `json`, without building it for the values every view has.
    func write(into out: inout [UInt8]) {
        switch self {
        case .bool(let flag): JSONWriter.writeRaw(flag ? "true" : "false", into: &out)
        case .number(let number): JSONWriter.writeNumber(number, into: &out)
        case .count(let count): JSONWriter.writeNumber(Double(count), into: &out)
        case .string(let string): JSONWriter.writeString(string, into: &out)
        case .rect(let rect): rect.write(into: &out)
        case .keyboardDismissMode(let mode): JSONWriter.writeString(mode.rawValue, into: &out)
        case .touchesShouldCancel(let answer): JSONWriter.writeString(answer.rawValue, into: &out)
        case .point, .size, .insets, .indexPath, .indexPaths, .transform, .strings, .actions, .recognizers,
            .accessibilityElements:
            JSONWriter.write(json, into: &out)
        }
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

extension AccessibilityElementSpec {
    /// `{"frame":[x, y, width, height],"identifier":…,"label":…,"traits":[…]}`, absent members left out.
    public var json: JSONValue {
        var o: JSONObject = ["frame": frame.json]
        if let identifier { o["identifier"] = .string(identifier) }
        if let label { o["label"] = .string(label) }
        if let traits { o["traits"] = .array(traits.map(JSONValue.string)) }
        return .object(o)
    }
}

extension RecognizerSpec {
    /// The recognizer's fields; defaults are written too, so the value says everything the model used.
    public var json: JSONValue {
        var o: JSONObject = ["id": .string(id), "class": .string(className)]
        // A kind set apart from the class name came from a `baseClass` (a custom recognizer class): write it back.
        if let kind { o["baseClass"] = .string(kind.uikitClassName) }
        o["isEnabled"] = .bool(isEnabled)
        o["cancelsTouchesInView"] = .bool(cancelsTouchesInView)
        o["delaysTouchesBegan"] = .bool(delaysTouchesBegan)
        o["delaysTouchesEnded"] = .bool(delaysTouchesEnded)
        o["numberOfTapsRequired"] = .number(Double(numberOfTapsRequired))
        // The kind properties of part 2 (GR6–GR8) and simultaneity (GR2) are written only where they differ from
        // UIKit's defaults, so the recognizers of recordings made before them encode as they did.
        if numberOfTouchesRequired != 1 { o["numberOfTouchesRequired"] = .number(Double(numberOfTouchesRequired)) }
        if minimumPressDuration != RecognizerSpec.defaultPressDuration {
            o["minimumPressDuration"] = .number(minimumPressDuration)
        }
        if allowableMovement != RecognizerSpec.defaultAllowableMovement {
            o["allowableMovement"] = .number(allowableMovement)
        }
        if direction != [.right] {
            o["direction"] = .array(SwipeDirection.allCases.filter(direction.contains).map { .string($0.rawValue) })
        }
        if minimumNumberOfTouches != 1 { o["minimumNumberOfTouches"] = .number(Double(minimumNumberOfTouches)) }
        if let maximumNumberOfTouches { o["maximumNumberOfTouches"] = .number(Double(maximumNumberOfTouches)) }
        if !simultaneousWith.isEmpty { o["simultaneousWith"] = .array(simultaneousWith.map(JSONValue.string)) }
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

/// A whole record back to its touchlog/1 line: what a recorder writes, and what `Record(decoding:)` reads back to
/// the same value (a test round-trips every record type). Optional fields left `nil` are left out, so a recorder
/// that fills only what differs from a class's defaults writes short lines.
extension Record {
    /// The record as a JSON object, members in the order of `docs/log-format.md`.
    public var jsonObject: JSONObject {
        switch self {
        case .session(let header): return header.json
        case .snapshot(let snapshot): return snapshot.jsonObject
        case .touch(let touch): return touch.jsonObject
        case .key(let key):
            var o: JSONObject = ["type": "key", "t": .number(key.t), "length": .number(Double(key.length))]
            if let text = key.text { o["text"] = .string(text) }
            return o
        case .set(let set):
            var o: JSONObject = ["type": "set", "t": .number(set.t), "view": .string(set.view)]
            o.members += set.patch.jsonMembers
            return o
        case .insert(let insert):
            // A null parent: the view is kept out of any window (docs/log-format.md, views in no window).
            var o: JSONObject = [
                "type": "insert", "t": .number(insert.t), "parent": insert.parent.map(JSONValue.string) ?? .null,
            ]
            if let index = insert.index { o["index"] = .number(Double(index)) }
            o["view"] = insert.view.json
            return o
        case .remove(let remove):
            return ["type": "remove", "t": .number(remove.t), "view": .string(remove.view)]
        case .call(let call):
            var o: JSONObject = [
                "type": "call", "t": .number(call.t), "view": .string(call.responder),
                "method": .string(call.method.rawValue),
            ]
            if call.force { o["force"] = .bool(true) }
            return o
        case .action(let action):
            var o: JSONObject = [
                "type": "action", "t": .number(action.t), "action": .string(action.action),
                "target": action.target.map(JSONValue.string) ?? .null,
            ]
            if let sender = action.sender { o["sender"] = .string(sender) }
            return o
        case .firstResponder(let change):
            var o: JSONObject = [
                "type": "firstResponder", "t": .number(change.t), "view": change.view.map(JSONValue.string) ?? .null,
            ]
            if let window = change.window { o["window"] = .string(window) }
            return o
        case .keyboard(let keyboard):
            return [
                "type": "keyboard", "t": .number(keyboard.t), "phase": .string(keyboard.phase.rawValue),
                "frame": keyboard.frame.json,
            ]
        case .otherAppKeyboard(let keyboard):
            return [
                "type": "otherAppKeyboard", "t": .number(keyboard.t), "phase": .string(keyboard.phase.rawValue),
                "frame": keyboard.frame.json,
            ]
        case .sent(let sent):
            var o: JSONObject = ["type": "sent", "t": .number(sent.t), "action": .string(sent.action)]
            if let target = sent.target.json { o["target"] = target }
            if let sender = sent.sender.json { o["sender"] = sender }
            if let event = sent.event { o["event"] = .string(event) }
            o.members += sent.unknownMembers
            return o
        case .targetForAction(let query):
            var o: JSONObject = [
                "type": "targetForAction", "t": .number(query.t), "action": .string(query.action),
                "responder": .string(query.responder),
            ]
            if let sender = query.sender { o["sender"] = .string(sender) }
            o["target"] = query.target.map(JSONValue.string) ?? .null
            return o
        case .keyWindow(let change):
            return [
                "type": "keyWindow", "t": .number(change.t), "window": change.window.map(JSONValue.string) ?? .null,
            ]
        case .recognizer(let observation):
            return [
                "type": "recognizer", "t": .number(observation.t), "id": .string(observation.recognizer),
                "state": .string(observation.state.rawValue),
            ]
        case .selection(let observation):
            return [
                "type": "selection", "t": .number(observation.t), "list": .string(observation.list),
                "call": .string(observation.call.rawValue), "indexPath": observation.indexPath.json,
            ]
        case .controlState(let observation):
            return [
                "type": "controlState", "t": .number(observation.t), "view": .string(observation.view),
                "isHighlighted": .bool(observation.isHighlighted),
            ]
        case .time(let time):
            return ["type": "time", "t": .number(time.t)]
        case .dropped(let dropped):
            return [
                "type": "dropped", "t": .number(dropped.t), "moved": .number(Double(dropped.moved)),
                "other": .number(Double(dropped.other)), "from": .number(dropped.from), "to": .number(dropped.to),
            ]
        case .unknown(let unknown):
            var o: JSONObject = ["type": .string(unknown.type)]
            if let t = unknown.t { o["t"] = .number(t) }
            return o
        }
    }

    /// Appends the record and its line end to `out`: one whole line, so a file cut by a crash ends in at most one
    /// partial line.
    public func writeLine(into out: inout [UInt8]) {
        switch self {
        case .touch(let touch):
            touch.writeLine(into: &out)
            return
        case .snapshot(let snapshot):
            // A snapshot is a thousand views: written straight to the writer's primitives, like a touch.
            JSONWriter.writeRaw(#"{"type":"snapshot","t":"#, into: &out)
            JSONWriter.writeNumber(snapshot.t, into: &out)
            JSONWriter.writeRaw(#","windows":["#, into: &out)
            for (index, window) in snapshot.hierarchy.windows.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                window.view.write(into: &out, extra: window.extraMembers)
            }
            out.append(UInt8(ascii: "]"))
            if !snapshot.hierarchy.controllers.isEmpty {
                JSONWriter.writeRaw(#","controllers":"#, into: &out)
                JSONWriter.write(.array(snapshot.hierarchy.controllers.map(\.json)), into: &out)
            }
            if let application = snapshot.hierarchy.recordedApplication {
                JSONWriter.writeRaw(#","application":"#, into: &out)
                JSONWriter.write(application.json, into: &out)
            }
            if !snapshot.hierarchy.objects.isEmpty {
                JSONWriter.writeRaw(#","objects":"#, into: &out)
                JSONWriter.write(.array(snapshot.hierarchy.objects.map(\.json)), into: &out)
            }
            if !snapshot.hierarchy.detachedViews.isEmpty {
                JSONWriter.writeRaw(#","detachedViews":["#, into: &out)
                for (index, view) in snapshot.hierarchy.detachedViews.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    view.write(into: &out)
                }
                out.append(UInt8(ascii: "]"))
            }
            JSONWriter.writeRaw("}\n", into: &out)
        case .session, .key, .set, .insert, .remove, .call, .action, .firstResponder, .keyboard, .sent,
            .targetForAction, .keyWindow, .recognizer, .selection, .controlState, .time, .dropped, .otherAppKeyboard,
            .unknown:
            JSONWriter.write(.object(jsonObject), into: &out)
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// The same line as text.
    public func writeLine(into out: inout String) {
        var bytes: [UInt8] = []
        writeLine(into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }
}

extension ObservedReference {
    /// Absent (nil) when unrecorded, `null` for nobody.
    fileprivate var json: JSONValue? {
        switch self {
        case .unrecorded: nil
        case .nobody: .null
        case .object(let id): .string(id)
        }
    }
}

extension TouchRecord {
    /// Appends the touch as one line, members in `jsonObject`'s order. Touches are most of a recording and the
    /// recorder encodes each on its writer thread within a 1 µs budget, so this goes straight to the writer's
    /// primitives instead of building a JSON value first (a test checks both give the same line).
    public func writeLine(into out: inout [UInt8]) {
        JSONWriter.writeRaw(#"{"type":"touch","t":"#, into: &out)
        JSONWriter.writeNumber(t, into: &out)
        JSONWriter.writeRaw(#","touch":"#, into: &out)
        switch touch {
        case .number(let number): JSONWriter.writeNumber(Double(number), into: &out)
        case .string(let string): JSONWriter.writeString(string, into: &out)
        }
        JSONWriter.writeRaw(#","phase":"#, into: &out)
        JSONWriter.writeString(phase.name, into: &out)
        JSONWriter.writeRaw(#","x":"#, into: &out)
        JSONWriter.writeNumber(x, into: &out)
        JSONWriter.writeRaw(#","y":"#, into: &out)
        JSONWriter.writeNumber(y, into: &out)
        if let window {
            JSONWriter.writeRaw(#","window":"#, into: &out)
            JSONWriter.writeString(window, into: &out)
        }
        if let tapCount {
            JSONWriter.writeRaw(#","tapCount":"#, into: &out)
            JSONWriter.writeNumber(Double(tapCount), into: &out)
        }
        if let event {
            JSONWriter.writeRaw(#","event":"#, into: &out)
            JSONWriter.writeNumber(Double(event), into: &out)
        }
        if let view {
            JSONWriter.writeRaw(#","view":"#, into: &out)
            JSONWriter.writeString(view, into: &out)
        }
        JSONWriter.writeRaw("}\n", into: &out)
    }
}

extension SnapshotRecord {
    /// `{"type":"snapshot","t":…,"windows":[…],"controllers":[…],"application":{…}}`.
    public var jsonObject: JSONObject {
        var o: JSONObject = ["type": "snapshot", "t": .number(t)]
        o["windows"] = .array(hierarchy.windows.map(\.json))
        if !hierarchy.controllers.isEmpty { o["controllers"] = .array(hierarchy.controllers.map(\.json)) }
        if let application = hierarchy.recordedApplication { o["application"] = application.json }
        if !hierarchy.objects.isEmpty { o["objects"] = .array(hierarchy.objects.map(\.json)) }
        if !hierarchy.detachedViews.isEmpty { o["detachedViews"] = .array(hierarchy.detachedViews.map(\.json)) }
        return o
    }
}

extension ViewSpec {
    /// The view with its subtree; `frame` is always written (`null` when a transform makes it undefined).
    public var json: JSONValue { .object(jsonObject(extra: [])) }

    /// The view's members, with `extra` (a window's fields) after the View fields and before `subviews`.
    func jsonObject(extra: [JSONObject.Member]) -> JSONObject {
        var o: JSONObject = ["id": .string(id), "class": .string(className)]
        if let baseClass { o["baseClass"] = .string(baseClass) }
        o["frame"] = properties.frame?.json ?? .null
        var rest = properties
        rest.frame = nil
        o.members += rest.jsonMembers
        o.members += extra
        o.members += unknownMembers
        if !subviews.isEmpty { o["subviews"] = .array(subviews.map(\.json)) }
        return o
    }
}

extension WindowSpec {
    /// The window's View fields plus `windowLevel`, `isKeyWindow` and `policies` (defaults left out).
    public var json: JSONValue { .object(view.jsonObject(extra: extraMembers)) }

    /// The window's own members.
    var extraMembers: [JSONObject.Member] {
        var extra: [JSONObject.Member] = []
        if windowLevel != 0 { extra.append(.init(key: "windowLevel", value: .number(windowLevel))) }
        if isKeyWindow { extra.append(.init(key: "isKeyWindow", value: .bool(true))) }
        if !policies.isEmpty {
            extra.append(.init(key: "policies", value: .array(policies.map { .string($0.rawValue) })))
        }
        return extra
    }
}

extension ViewSpec {
    /// Writes the view and its subtree: the same bytes as `json` (a test compares them over every sample), without
    /// building the JSON value first, so a 1,000-view snapshot stays within the recorder's budget.
    public func write(into out: inout [UInt8], extra: [JSONObject.Member] = []) {
        JSONWriter.writeRaw(#"{"id":"#, into: &out)
        JSONWriter.writeString(id, into: &out)
        JSONWriter.writeRaw(#","class":"#, into: &out)
        JSONWriter.writeString(className, into: &out)
        if let baseClass {
            JSONWriter.writeRaw(#","baseClass":"#, into: &out)
            JSONWriter.writeString(baseClass, into: &out)
        }
        JSONWriter.writeRaw(#","frame":"#, into: &out)
        if let frame = properties.frame { frame.write(into: &out) } else { JSONWriter.writeRaw("null", into: &out) }
        properties.writeMembers(into: &out, skippingFrame: true)
        for member in extra + unknownMembers {
            out.append(UInt8(ascii: ","))
            JSONWriter.writeString(member.key, into: &out)
            out.append(UInt8(ascii: ":"))
            JSONWriter.write(member.value, into: &out)
        }
        if !subviews.isEmpty {
            JSONWriter.writeRaw(#","subviews":["#, into: &out)
            for (index, subview) in subviews.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                subview.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }
}

extension ViewProperties {
    /// Writes `,"name":value` for each recorded field in the table's order: the same bytes as `jsonMembers`, typed
    /// field by field (one exhaustive `switch`), because a snapshot writes a thousand views and boxing each field in
    /// a `ViewFieldValue` would cost as much as writing it.
    func writeMembers(into out: inout [UInt8], skippingFrame: Bool) {
        func key(_ field: ViewField) {
            // Field names are plain ASCII identifiers: no escaping needed.
            out.append(UInt8(ascii: ","))
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: field.name.utf8)
            out.append(UInt8(ascii: "\""))
            out.append(UInt8(ascii: ":"))
        }
        func flag(_ field: ViewField, _ value: Bool?) {
            guard let value else { return }
            key(field)
            JSONWriter.writeRaw(value ? "true" : "false", into: &out)
        }
        func string(_ field: ViewField, _ value: String?) {
            guard let value else { return }
            key(field)
            JSONWriter.writeString(value, into: &out)
        }
        func number(_ field: ViewField, _ value: Double?) {
            guard let value else { return }
            key(field)
            JSONWriter.writeNumber(value, into: &out)
        }
        func other(_ field: ViewField) {
            guard let value = self[field] else { return }
            key(field)
            value.write(into: &out)
        }
        for field in ViewField.ordered {
            switch field {
            case .frame:
                if !skippingFrame, let frame {
                    key(field)
                    frame.write(into: &out)
                }
            case .bounds:
                if let bounds {
                    key(field)
                    bounds.write(into: &out)
                }
            case .isHidden: flag(field, isHidden)
            case .isUserInteractionEnabled: flag(field, isUserInteractionEnabled)
            case .clipsToBounds: flag(field, clipsToBounds)
            case .isMultipleTouchEnabled: flag(field, isMultipleTouchEnabled)
            case .isExclusiveTouch: flag(field, isExclusiveTouch)
            case .isEnabled: flag(field, isEnabled)
            case .canBecomeFirstResponder: flag(field, canBecomeFirstResponder)
            case .canResignFirstResponder: flag(field, canResignFirstResponder)
            case .isFirstResponder: flag(field, isFirstResponder)
            case .overridesTouches: flag(field, overridesTouches)
            case .adoptsKeyInput: flag(field, adoptsKeyInput)
            case .delaysContentTouches: flag(field, delaysContentTouches)
            case .canCancelContentTouches: flag(field, canCancelContentTouches)
            case .isScrollEnabled: flag(field, isScrollEnabled)
            case .alwaysBounceVertical: flag(field, alwaysBounceVertical)
            case .alwaysBounceHorizontal: flag(field, alwaysBounceHorizontal)
            case .touchesShouldCancel: string(field, touchesShouldCancel?.rawValue)
            case .isContinuous: flag(field, isContinuous)
            case .allowsSelection: flag(field, allowsSelection)
            case .allowsMultipleSelection: flag(field, allowsMultipleSelection)
            case .hostsSwiftUI: flag(field, hostsSwiftUI)
            case .isKeyWindow: flag(field, isKeyWindow)
            case .alpha: number(field, alpha)
            case .windowLevel: number(field, windowLevel)
            case .minimumZoomScale: number(field, minimumZoomScale)
            case .maximumZoomScale: number(field, maximumZoomScale)
            case .textLength: number(field, textLength.map(Double.init))
            case .accessibilityIdentifier: string(field, accessibilityIdentifier)
            case .accessibilityLabel: string(field, accessibilityLabel)
            case .delegate: string(field, delegate)
            case .text: string(field, text)
            case .keyboardDismissMode: string(field, keyboardDismissMode?.rawValue)
            // Rarer, and lists: through the value's writer.
            case .center, .transform, .contentSize, .adjustedContentInset, .implements, .refusesActions, .actions,
                .gestureRecognizers, .policies, .indexPath, .selectedIndexPaths, .accessibilityTraits,
                .accessibilityElements:
                other(field)
            }
        }
    }
}

extension Rect {
    /// `[x, y, width, height]`, straight to the writer.
    func write(into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        JSONWriter.writeNumber(x, into: &out)
        out.append(UInt8(ascii: ","))
        JSONWriter.writeNumber(y, into: &out)
        out.append(UInt8(ascii: ","))
        JSONWriter.writeNumber(width, into: &out)
        out.append(UInt8(ascii: ","))
        JSONWriter.writeNumber(height, into: &out)
        out.append(UInt8(ascii: "]"))
    }
}

extension ControllerSpec {
    /// `{"id","class","view",…}`, defaults left out.
    public var json: JSONValue {
        var o: JSONObject = [
            "id": .string(id), "class": .string(className), "view": view.map(JSONValue.string) ?? .null,
        ]
        if let parent { o["parent"] = .string(parent) }
        if let presentingViewController { o["presentingViewController"] = .string(presentingViewController) }
        if let modalPresentationStyle { o["modalPresentationStyle"] = .string(modalPresentationStyle.rawValue) }
        if let presentationContainer { o["presentationContainer"] = .string(presentationContainer) }
        if !implements.isEmpty { o["implements"] = .array(implements.map(JSONValue.string)) }
        if !refusesActions.isEmpty { o["refusesActions"] = .array(refusesActions.map(JSONValue.string)) }
        if overridesTouches { o["overridesTouches"] = .bool(true) }
        if endsEditingOnTouchesBegan { o["endsEditingOnTouchesBegan"] = .bool(true) }
        if canBecomeFirstResponder { o["canBecomeFirstResponder"] = .bool(true) }
        if isFirstResponder { o["isFirstResponder"] = .bool(true) }
        if showsInputViews { o["showsInputViews"] = .bool(true) }
        return .object(o)
    }
}

extension ApplicationSpec {
    /// `{"id","class","implements","delegate":{…}}`.
    public var json: JSONValue {
        var o: JSONObject = ["id": .string(id), "class": .string(className)]
        if !implements.isEmpty { o["implements"] = .array(implements.map(JSONValue.string)) }
        if !refusesActions.isEmpty { o["refusesActions"] = .array(refusesActions.map(JSONValue.string)) }
        if let delegateID {
            var d: JSONObject = ["id": .string(delegateID), "isResponder": .bool(delegateIsResponder)]
            if !delegateImplements.isEmpty { d["implements"] = .array(delegateImplements.map(JSONValue.string)) }
            if !delegateRefusesActions.isEmpty {
                d["refusesActions"] = .array(delegateRefusesActions.map(JSONValue.string))
            }
            o["delegate"] = .object(d)
        }
        return .object(o)
    }
}

extension ObjectSpec {
    /// `{"id","class","implements"}`: an object that is not a responder.
    public var json: JSONValue {
        var o: JSONObject = ["id": .string(id), "class": .string(className)]
        if !implements.isEmpty { o["implements"] = .array(implements.map(JSONValue.string)) }
        return .object(o)
    }
}

extension RecognizerKind {
    /// The UIKit recognizer class that has this behaviour, written as a custom recognizer's `baseClass`.
    public var uikitClassName: String {
        switch self {
        case .tap: "UITapGestureRecognizer"
        case .longPress: "UILongPressGestureRecognizer"
        case .pan: "UIPanGestureRecognizer"
        case .swipe: "UISwipeGestureRecognizer"
        case .pinch: "UIPinchGestureRecognizer"
        case .rotation: "UIRotationGestureRecognizer"
        case .other: "UIGestureRecognizer"
        }
    }
}

extension ListIndexPath {
    /// `[section, item]`.
    public var json: JSONValue { .array([.number(Double(section)), .number(Double(item))]) }
}
