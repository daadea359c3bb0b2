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
        out += ",\"type\":"
        JSONWriter.write(.string(line.record.typeName), into: &out)
        var fields = DirectFields(out: out)
        out = ""  // the form holds the only reference, so it appends in place
        RecordDescriber.describe(line.record, reading: nil, into: &fields)
        out = fields.out
        if case .touch(let r) = line.record {
            // Where the touch is, as replay resolved it: the recorded window, else the model's; the bound view.
            out += ",\"window\":"
            id(r.window ?? s.window, into: &out)
            out += ",\"view\":"
            id(s.view, into: &out)
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

    /// The record's own fields written straight into the line (``RecordDescriber``, which describes every timeline).
    struct DirectFields: RecordDescriptionForm {
        var out: String
        mutating func words(_ words: @autoclosure () -> String) {}
        mutating func field(_ key: String, _ value: @autoclosure () -> JSONValue) {
            out += ","
            JSONWriter.write(.string(key), into: &out)
            out += ":"
            JSONWriter.write(value(), into: &out)
        }
    }

    /// The record's own fields appended to the line's object.
    struct ObjectFields: RecordDescriptionForm {
        var object: JSONObject
        mutating func words(_ words: @autoclosure () -> String) {}
        mutating func field(_ key: String, _ value: @autoclosure () -> JSONValue) {
            object.members.append(.init(key: key, value: value()))
        }
    }

    /// The trace line as a JSON object.
    public static func object(_ line: ReplayLine) -> JSONValue {
        let s = line.step
        var fields = ObjectFields(
            object: ["seq": .number(Double(line.seq)), "t": .number(line.t), "type": .string(line.record.typeName)])
        RecordDescriber.describe(line.record, reading: nil, into: &fields)
        var o = fields.object
        if case .touch(let r) = line.record {
            o["window"] = .id(r.window ?? s.window)
            o["view"] = .id(s.view)
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
    /// sees them; on the event's first record), `selections` (the list delegate messages of a tap on a cell) and
    /// `controlStates` (controls whose highlight the touch turned on or off).
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
        // Added field: the list delegate messages a tap on a cell sent (part 2, LS1–LS4).
        if !s.selections.isEmpty {
            out.append(
                .init(
                    key: "selections",
                    value: .array(
                        s.selections.map {
                            .object([
                                "list": .string($0.list), "call": .string($0.call), "indexPath": $0.indexPath.json,
                            ])
                        })))
        }
        // Added field: the controls whose highlight the touch changed (part 2, CT5).
        if !s.controlStates.isEmpty {
            out.append(
                .init(
                    key: "controlStates",
                    value: .array(
                        s.controlStates.map {
                            .object(["view": .string($0.view), "isHighlighted": .bool($0.isHighlighted)])
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
}
