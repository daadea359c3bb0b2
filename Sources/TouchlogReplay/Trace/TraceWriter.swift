import ResponderCore
import TouchlogFormat

/// Writes the replay trace of log format section 6: one JSON object per input record, members in the order of
/// the format's example, deterministic (the same line always gives the same bytes).
public enum TraceWriter {
    /// The trace line, without a newline.
    public static func line(_ line: ReplayLine, session: String? = nil) -> String {
        // Written directly (the same bytes as `object(line)` serialized, tested): storing a run writes a line per
        // record, and building the JSON tree first cost more than the rest of the row.
        var out = ""
        out.reserveCapacity(320)
        let s = line.step
        out += "{\"seq\":"
        JSONWriter.writeNumber(Double(line.seq), into: &out)
        out += ",\"t\":"
        JSONWriter.writeNumber(line.t, into: &out)
        switch line.record {
        case .touch(let r):
            out += ",\"type\":\"touch\",\"touch\":"
            JSONWriter.write(r.touch.jsonValue, into: &out)
            out += ",\"phase\":\""
            out += r.phase.name
            out += "\",\"window\":"
            id(r.window ?? s.window, into: &out)
            out += ",\"view\":"
            id(s.view, into: &out)
        default:
            out += ",\"type\":"
            JSONWriter.write(.string(line.record.typeName), into: &out)
            for member in ownFields(line.record) {
                out += ","
                JSONWriter.write(.string(member.key), into: &out)
                out += ":"
                JSONWriter.write(member.value, into: &out)
            }
        }
        out += ",\"delivered\":["
        for (k, d) in s.delivered.enumerated() {
            out += k == 0 ? "{\"to\":" : ",{\"to\":"
            id(d.to, into: &out)
            out += ",\"method\":\""
            out += d.method
            out += "\"}"
        }
        out += "],\"gestures\":["
        for (k, g) in s.gestures.enumerated() {
            out += k == 0 ? "{\"id\":" : ",{\"id\":"
            id(g.id, into: &out)
            out += ",\"state\":\""
            out += g.state
            out += "\"}"
        }
        out += "],\"actions\":["
        for (k, a) in s.actions.enumerated() {
            if k > 0 { out += "," }
            JSONWriter.write(.action(a.action, target: a.target, sender: a.sender), into: &out)
        }
        out += "],\"firstResponder\":"
        id(s.firstResponder, into: &out)
        out +=
            s.keyboardVisible
            ? ",\"keyboardVisible\":true,\"divergences\":[" : ",\"keyboardVisible\":false,\"divergences\":["
        for (k, d) in line.divergences.enumerated() {
            if k > 0 { out += "," }
            JSONWriter.write(d.json, into: &out)
        }
        out += "]"
        if !s.notes.isEmpty {
            out += ",\"notes\":"
            JSONWriter.write(.array(s.notes.map(JSONValue.string)), into: &out)
        }
        if !s.refusals.isEmpty {
            out += ",\"refusals\":"
            JSONWriter.write(refusals(s), into: &out)
        }
        if let change = s.keyWindowChange {
            out += ",\"keyWindow\":"
            JSONWriter.write(keyWindow(change), into: &out)
        }
        for member in touchDetail(s) {
            out += ",\"" + member.key + "\":"
            JSONWriter.write(member.value, into: &out)
        }
        if let session {
            out += ",\"session\":"
            JSONWriter.write(.string(session), into: &out)
        }
        out += "}"
        return out
    }

    static func id(_ s: String?, into out: inout String) {
        if let s { JSONWriter.write(.string(s), into: &out) } else { out += "null" }
    }

    /// The trace line as a JSON object.
    public static func object(_ line: ReplayLine) -> JSONValue {
        var o: JSONObject = ["seq": .number(Double(line.seq)), "t": .number(line.t)]
        let s = line.step
        switch line.record {
        case .touch(let r):
            o["type"] = "touch"
            o["touch"] = r.touch.jsonValue
            o["phase"] = .string(r.phase.name)
            o["window"] = .id(r.window ?? s.window)
            o["view"] = .id(s.view)
        default:
            o["type"] = .string(line.record.typeName)
            for member in ownFields(line.record) { o.members.append(member) }
        }
        o["delivered"] = .array(s.delivered.map { .object(["to": .string($0.to), "method": .string($0.method)]) })
        o["gestures"] = .array(s.gestures.map { .object(["id": .string($0.id), "state": .string($0.state)]) })
        o["actions"] = .array(s.actions.map { .action($0.action, target: $0.target, sender: $0.sender) })
        o["firstResponder"] = .id(s.firstResponder)
        o["keyboardVisible"] = .bool(s.keyboardVisible)
        o["divergences"] = .array(line.divergences.map(\.json))
        // Added field (the format allows additions): what the model could not apply as given.
        if !s.notes.isEmpty { o["notes"] = .array(s.notes.map(JSONValue.string)) }
        // Added field: first-responder requests the model refused, and why (a view in no window, F1).
        if !s.refusals.isEmpty { o["refusals"] = refusals(s) }
        // Added field: the key window changed (becomeFirstResponder of a text input, makeKey, a window removed).
        if let change = s.keyWindowChange { o["keyWindow"] = keyWindow(change) }
        for member in touchDetail(s) { o[member.key] = member.value }
        return .object(o)
    }

    /// Added fields for touches: `location` (in the bound view's bounds coordinates), `responderChain` (at `began`,
    /// from the view through the window to the application, and the app delegate only if it is a responder),
    /// `sendEvent` (the UIEvent's touches with their already hit-tested views, as a `UIWindow.sendEvent` override
    /// sees them; on the event's first record).
    static func touchDetail(_ s: ResolvedStep) -> [JSONObject.Member] {
        var out: [JSONObject.Member] = []
        if let p = s.location { out.append(.init(key: "location", value: p.json)) }
        if !s.responderChain.isEmpty {
            out.append(.init(key: "responderChain", value: .array(s.responderChain.map(JSONValue.string))))
        }
        if !s.sendEvent.isEmpty {
            out.append(
                .init(
                    key: "sendEvent",
                    value: .array(
                        s.sendEvent.map {
                            .object([
                                "window": .id($0.window), "touch": .string($0.touch), "phase": .string($0.phase),
                                "view": .id($0.view),
                            ])
                        })))
        }
        return out
    }

    static func keyWindow(_ change: ResolvedStep.KeyWindow) -> JSONValue {
        .object(["from": .id(change.from), "to": .id(change.to)])
    }

    static func refusals(_ s: ResolvedStep) -> JSONValue {
        .array(
            s.refusals.map {
                .object(["responder": .string($0.responder), "why": .string($0.why), "reason": .string($0.reason)])
            })
    }

    /// The event's own fields copied into the trace: the ids and values that say what the event was, not a
    /// snapshot's or an inserted subtree's whole content.
    static func ownFields(_ record: Record) -> [JSONObject.Member] {
        switch record {
        case .key(let key):
            return [.init(key: "length", value: .number(Double(key.length)))]
        case .set(let set):
            return [.init(key: "view", value: .string(set.view))] + set.patch.jsonMembers
        case .insert(let insert):
            var out: [JSONObject.Member] = [.init(key: "parent", value: .id(insert.parent))]
            if let index = insert.index { out.append(.init(key: "index", value: .number(Double(index)))) }
            out.append(.init(key: "view", value: .string(insert.view.id)))
            return out
        case .remove(let remove):
            return [.init(key: "view", value: .string(remove.view))]
        case .call(let call):
            var out: [JSONObject.Member] = [
                .init(key: "view", value: .string(call.responder)),
                .init(key: "method", value: .string(call.method.rawValue)),
            ]
            if call.force { out.append(.init(key: "force", value: .bool(true))) }
            return out
        case .action(let action):
            var out: [JSONObject.Member] = [
                .init(key: "action", value: .string(action.action)), .init(key: "target", value: .id(action.target)),
            ]
            if let sender = action.sender { out.append(.init(key: "sender", value: .string(sender))) }
            return out
        case .session, .snapshot, .touch, .firstResponder, .keyboard, .sent, .targetForAction, .keyWindow, .recognizer,
            .time, .dropped, .unknown:
            return []
        }
    }
}
