import ResponderCore
import TouchlogFormat
import TouchlogStore

/// What a stored record means to replay: an input to dispatch, an observation to compare, or neither.
enum MappedRecord {
    case header(policies: [String])
    case snapshot(HierarchySpec, unknownPolicies: [String])
    case touch(TouchRecord)
    case input(InputEvent)
    case observation(Observation)
    /// A record type touchlog/1 does not define: stored, reported by ingest, not replayed.
    case unknown
}

/// A recorded observation (log format section 4): compared with the model, never dispatched.
enum Observation {
    case firstResponder(view: String?, window: String?)
    case keyboard(phase: String, frame: Rect?)
    /// `target` and `sender` are `nil` when the record leaves them out (the source does not know them: a Sentry
    /// breadcrumb names no receiver) and `.some(nil)` when it says `null` (nobody handled it / no sender).
    case sent(action: String, target: String??, sender: String??)
}

/// Maps one stored record (one file per record kind would split three-line cases; the View, snapshot and patch
/// mappings, which are large, have their own files).
enum RecordMapping {
    static func map(_ record: StoredRecord) throws -> MappedRecord {
        let o: JSONObject
        switch record.content {
        case .touch(let touch): return .touch(touch)
        case .object(let object): o = object
        }
        let seq = record.seq
        guard let type = o["type"]?.stringValue, let kind = RecordKind(rawValue: type) else { return .unknown }
        switch kind {
        case .session:
            return .header(policies: Field.strings(o["policies"]))
        case .snapshot:
            let (spec, unknown) = try SnapshotMapping.hierarchy(o, seq: seq)
            return .snapshot(spec, unknownPolicies: unknown)
        case .touch:
            // Touches are stored typed; a touch kept as JSON would only come from a future store layout.
            throw MappingError(seq: seq, "a touch record was stored as JSON; re-ingest the session")
        case .key:
            let length = o["length"]?.intValue ?? o["text"]?.stringValue?.count ?? 0
            return .input(.key(length: length))
        case .set:
            return .input(.set(view: try string(o, "view", seq), patch: try ViewMapping.patch(o, seq: seq)))
        case .insert:
            guard let view = o["view"]?.objectValue else {
                throw MappingError(seq: seq, "an \"insert\" record needs a View object in \"view\"")
            }
            return .input(
                .insert(
                    parent: try string(o, "parent", seq), index: o["index"]?.intValue,
                    view: try ViewMapping.view(view, seq: seq)))
        case .remove:
            return .input(.remove(view: try string(o, "view", seq)))
        case .call:
            let name = try string(o, "method", seq)
            guard let method = ResponderCall(rawValue: name) else {
                throw MappingError(
                    seq: seq,
                    "\"method\" is \"\(name)\"; a call is becomeFirstResponder, resignFirstResponder or endEditing")
            }
            return .input(
                .call(responder: try string(o, "view", seq), method: method, force: o["force"]?.boolValue ?? false))
        case .action:
            return .input(
                .action(
                    action: try string(o, "action", seq), target: Field.id(o["target"]),
                    sender: Field.id(o["sender"])))
        case .firstResponder:
            return .observation(.firstResponder(view: Field.id(o["view"]), window: Field.id(o["window"])))
        case .keyboard:
            return .observation(
                .keyboard(phase: try string(o, "phase", seq), frame: try Field.rect(o["frame"], "frame", seq: seq)))
        case .sent:
            return .observation(
                .sent(
                    action: try string(o, "action", seq),
                    target: o["target"].map { Field.id($0) }, sender: o["sender"].map { Field.id($0) }))
        }
    }

    static func string(_ o: JSONObject, _ name: String, _ seq: Int) throws -> String {
        guard let s = o[name]?.stringValue else {
            throw MappingError(seq: seq, "\"\(o["type"]?.stringValue ?? "?")\" record needs a string \"\(name)\"")
        }
        return s
    }

    /// The core's touch input for a stored touch record.
    static func touchInput(_ r: TouchRecord, bindToObservedView: Bool) -> TouchInput {
        TouchInput(
            touch: r.touch.description, phase: corePhase(r.phase), point: Point(r.x, r.y), window: r.window,
            tapCount: r.tapCount, event: r.event, observedView: r.view, bindToObservedView: bindToObservedView)
    }

    static func corePhase(_ p: TouchlogFormat.TouchPhase) -> ResponderCore.TouchPhase {
        switch p {
        case .began: .began
        case .moved: .moved
        case .stationary: .stationary
        case .ended: .ended
        case .cancelled: .cancelled
        }
    }
}
