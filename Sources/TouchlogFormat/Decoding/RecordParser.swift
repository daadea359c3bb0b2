import ResponderCore

/// Parses one record's JSON object into its typed `Record`: the one place a record's members are interpreted, for
/// ingest (where the issues become diagnostics with file, line and column) and for stored rows read back
/// (`Record(decoding:)`, where the first error is thrown).
///
/// A record parses when it has no error; warnings (an alpha outside 0...1, an unknown record type) come with the
/// record. How records relate to each other and to the hierarchy (time order, ids that exist) is checked on the
/// typed record by ``SessionValidator``.
///
/// ```swift
/// let parsed = RecordParser.parse(object)
/// if let record = parsed.record { … } else { report(parsed.issues) }
/// ```
public enum RecordParser {
    public struct Parsed: Sendable {
        /// Nil when an issue is an error.
        public var record: Record?
        public var issues: [RecordIssue]
    }

    public static func parse(_ object: JSONObject) -> Parsed {
        var reader = FieldReader()
        let record = reader.record(object)
        return Parsed(record: reader.errorCount == 0 ? record : nil, issues: reader.issues)
    }
}

extension Record {
    /// Decodes one record from its JSON object (``RecordParser``), throwing its first error.
    public init(decoding object: JSONObject) throws(RecordDecodingError) {
        let parsed = RecordParser.parse(object)
        guard let record = parsed.record else {
            let first = parsed.issues.first { $0.severity == .error }
            let path = first.map { $0.path.isEmpty ? "" : "\($0.path.pathDescription): " } ?? ""
            throw RecordDecodingError(path + (first?.message ?? "the record could not be read"))
        }
        self = record
    }

    /// Decodes a record read back as JSON text (a stored row), naming its line when it cannot be decoded.
    public init(decoding bytes: UnsafeBufferPointer<UInt8>, seq: Int) throws(RecordDecodingError) {
        let value: JSONValue
        do {
            value = try JSONReader.parse(bytes)
        } catch {
            throw RecordDecodingError(seq: seq, "the stored record is not JSON (\(error.message))")
        }
        guard let object = value.objectValue else {
            throw RecordDecodingError(seq: seq, "the stored record is \(value.typeDescription), not an object")
        }
        do {
            self = try Record(decoding: object)
        } catch {
            throw RecordDecodingError(seq: seq, error.message)
        }
    }
}

extension FieldReader {
    /// The record of `o`, or nil with the errors in `issues`.
    mutating func record(_ o: JSONObject) -> Record? {
        guard let typeValue = required(o, "type", at: [], what: "record"), let type = string(typeValue, at: ["type"])
        else { return nil }
        let kind = RecordKind(rawValue: type)
        if kind == .session { return sessionHeader(o).map(Record.session) }
        let t = number(required(o, "t", at: [], what: "\"\(type)\" record"), at: ["t"])
        guard let kind else {
            warning(
                ["type"], "unknown record type \"\(type)\"",
                hint:
                    "it is stored as written and ignored by replay; upgrade touchlog if a newer recorder writes this type"
            )
            return .unknown(UnknownRecord(type: type, t: t))
        }
        let what = "\"\(type)\" record"
        /// A required string member naming something (an id, a selector).
        func name(_ key: String) -> String? {
            nonEmptyString(required(o, key, at: [], what: what), at: [.key(key)])
        }
        /// An id member that may be `null` (nobody) or, unless required, absent.
        func reference(_ key: String, required isRequired: Bool = false) -> String? {
            if isRequired { _ = required(o, key, at: [], what: what) }
            return string(o[key], at: [.key(key)], nullable: true)
        }
        let before = errorCount
        let record: Record?
        switch kind {
        case .session:
            record = nil  // read above
        case .touch:
            record = touch(o, t: t).map(Record.touch)
        case .snapshot:
            // Read even without a valid `t`, so every wrong member is said at once.
            let snapshot = snapshot(o, t: t ?? 0)
            record = t == nil ? nil : snapshot.map(Record.snapshot)
        case .key:
            let text = string(o["text"], at: ["text"])
            let length = integer(o["length"], at: ["length"], minimum: 0)
            if o["text"] == nil && o["length"] == nil {
                error(
                    [], "\"key\" record has neither \"text\" nor \"length\"",
                    hint: "record the typed text or at least its \"length\"")
            }
            // Lengths are UTF-16 code units, as NSString counts them (and as ingest's redaction writes them).
            record = t.map { .key(KeyRecord(t: $0, length: length ?? text?.utf16.count ?? 0, text: text)) }
        case .set:
            let view = name("view")
            let patch = patch(o)
            if o.members.allSatisfy({ ["type", "t", "view"].contains($0.key) }) {
                warning(
                    [], "\"set\" record changes nothing",
                    hint: "add the View fields that changed, e.g. \"isHidden\":true")
            }
            record = t.flatMap { t in view.map { .set(SetRecord(t: t, view: $0, patch: patch)) } }
        case .insert:
            // A null parent: a view created (or moved) into no window.
            let parent = o["parent"]?.isNull == true ? nil : name("parent")
            let index = integer(o["index"], at: ["index"], minimum: 0)
            let view = required(o, "view", at: [], what: what).flatMap { self.view($0, at: ["view"]) }
            record = t.flatMap { t in view.map { .insert(InsertRecord(t: t, parent: parent, index: index, view: $0)) } }
        case .remove:
            record = t.flatMap { t in name("view").map { .remove(RemoveRecord(t: t, view: $0)) } }
        case .call:
            let view = name("view")
            let method = choice(required(o, "method", at: [], what: what), at: ["method"], ResponderCall.self)
            let force = bool(o["force"], at: ["force"]) ?? false
            record = t.flatMap { t in
                view.flatMap { view in
                    method.map { .call(CallRecord(t: t, responder: view, method: $0, force: force)) }
                }
            }
        case .action:
            let action = name("action")
            let target = reference("target", required: true)
            let sender = reference("sender")
            record = t.flatMap { t in
                action.map { .action(ActionRecord(t: t, action: $0, target: target, sender: sender)) }
            }
        case .sent:
            // `target` may be absent: some sources (Sentry's touch breadcrumbs) know which action was sent but not
            // who received it. Absent means "not recorded"; null means "nobody handled it".
            let action = name("action")
            let target = observed("target", in: o)
            let sender = observed("sender", in: o)
            let event = o["event"].flatMap { nonEmptyString($0, at: ["event"]) }
            // Members the format does not define (an importer's `breadcrumb`) are kept, to be written back.
            let unknown = o.members.filter { !SentRecord.fields.contains($0.key) }
            record = t.flatMap { t in
                action.map {
                    .sent(
                        SentRecord(
                            t: t, action: $0, target: target, sender: sender, event: event, unknownMembers: unknown))
                }
            }
        case .targetForAction:
            // The app asked `responder.target(forAction:withSender:)`; `target` is the answer (null: nil).
            let action = name("action")
            let responder = reference("responder", required: true)
            let target = reference("target", required: true)
            let sender = reference("sender")
            if o["responder"]?.isNull == true {
                error(
                    ["responder"], "\"targetForAction\" needs the responder that was asked, not null",
                    hint: "write the id of the responder whose target(forAction:withSender:) the app called")
            }
            record = t.flatMap { t in
                action.flatMap { action in
                    responder.map {
                        .targetForAction(
                            TargetForActionRecord(t: t, responder: $0, action: action, sender: sender, target: target))
                    }
                }
            }
        case .time:
            record = t.map { .time(TimeRecord(t: $0)) }  // only `t`
        case .dropped:
            let moved = integer(required(o, "moved", at: [], what: what), at: ["moved"], minimum: 0)
            let other = integer(required(o, "other", at: [], what: what), at: ["other"], minimum: 0)
            let from = number(required(o, "from", at: [], what: what), at: ["from"])
            let to = number(required(o, "to", at: [], what: what), at: ["to"])
            if let from, let to, from > to {
                error(
                    ["to"], "the records were lost between \(from) and \(to): \"to\" comes before \"from\"",
                    hint: "\"from\" is the first lost record's time, \"to\" the last one's")
            }
            if let t, let moved, let other, let from, let to, errorCount == before {
                let dropped = DroppedRecord(t: t, moved: moved, other: other, from: from, to: to)
                // Stored like any record; said at ingest, since a replay of what follows may diverge.
                warning(
                    ["type"], dropped.summary,
                    hint: "its buffer was full; a larger bufferCapacity in RecorderConfiguration keeps more")
                record = .dropped(dropped)
            } else {
                record = nil
            }
        case .keyWindow:
            // Which window is key now (null: none).
            let window = reference("window", required: true)
            record = t.map { .keyWindow(KeyWindowRecord(t: $0, window: window)) }
        case .recognizer:
            // A recognizer's state as its action saw it.
            let state = choice(required(o, "state", at: [], what: what), at: ["state"], ObservedRecognizerState.self)
            let id = name("id")
            record = t.flatMap { t in
                id.flatMap { id in state.map { .recognizer(RecognizerRecord(t: t, recognizer: id, state: $0)) } }
            }
        case .selection:
            // A list delegate's highlight or selection message, with the index path it named.
            let list = name("list")
            let call = choice(required(o, "call", at: [], what: what), at: ["call"], SelectionCall.self)
            let path = required(o, "indexPath", at: [], what: what).flatMap { indexPath($0, at: ["indexPath"]) }
            record = t.flatMap { t in
                list.flatMap { list in
                    call.flatMap { call in
                        path.map { .selection(SelectionRecord(t: t, list: list, call: call, indexPath: $0)) }
                    }
                }
            }
        case .controlState:
            // A control's highlight as UIKit set it while tracking a touch.
            let view = name("view")
            let highlighted = required(o, "isHighlighted", at: [], what: what).flatMap {
                bool($0, at: ["isHighlighted"])
            }
            record = t.flatMap { t in
                view.flatMap { view in
                    highlighted.map { .controlState(ControlStateRecord(t: t, view: view, isHighlighted: $0)) }
                }
            }
        case .firstResponder:
            let view = reference("view", required: true)
            let window = reference("window")
            record = t.map { .firstResponder(FirstResponderRecord(t: $0, view: view, window: window)) }
        case .keyboard:
            let phase = choice(required(o, "phase", at: [], what: what), at: ["phase"], KeyboardPhase.self)
            let frame = rect(required(o, "frame", at: [], what: what), at: ["frame"])
            record = t.flatMap { t in
                phase.flatMap { phase in frame.map { .keyboard(KeyboardRecord(t: t, phase: phase, frame: $0)) } }
            }
        case .otherAppKeyboard:
            let phase = choice(required(o, "phase", at: [], what: what), at: ["phase"], KeyboardPhase.self)
            let frame = rect(required(o, "frame", at: [], what: what), at: ["frame"])
            record = t.flatMap { t in
                phase.flatMap { phase in
                    frame.map { .otherAppKeyboard(KeyboardRecord(t: t, phase: phase, frame: $0)) }
                }
            }
        }
        return errorCount == before ? record : nil
    }

    /// Absent: not recorded; `null`: nobody.
    private mutating func observed(_ key: String, in o: JSONObject) -> ObservedReference {
        guard let value = o[key] else { return .unrecorded }
        return string(value, at: [.key(key)], nullable: true).map(ObservedReference.object) ?? .nobody
    }

    /// A `touch` record's members.
    mutating func touch(_ o: JSONObject, t: Double?) -> TouchRecord? {
        let what = "\"touch\" record"
        let before = errorCount
        var identity: TouchIdentifier?
        if let touch = required(o, "touch", at: [], what: what) {
            switch touch {
            case .string(let text):
                if text.utf8.contains(0) { refuseNUL(at: ["touch"]) } else { identity = .string(text) }
            case .number where touch.intValue != nil:
                identity = .number(Int64(touch.intValue!))
            default:
                error(
                    ["touch"], "\"touch\" must be an integer or a string, not \(touch.typeDescription)",
                    hint: "use the touch's stable identity, e.g. 1")
            }
        }
        var phase: TouchPhase?
        if let name = string(required(o, "phase", at: [], what: what), at: ["phase"]) {
            phase = TouchPhase(name: name)
            if phase == nil {
                error(
                    ["phase"],
                    "\"phase\" is \"\(name)\", which is not one of \(TouchPhase.allCases.map { "\"\($0.name)\"" }.joined(separator: ", "))",
                    hint: "use one of the values listed in docs/log-format.md")
            }
        }
        let x = number(required(o, "x", at: [], what: what), at: ["x"])
        let y = number(required(o, "y", at: [], what: what), at: ["y"])
        let window = string(o["window"], at: ["window"])
        let view = string(o["view"], at: ["view"], nullable: true)
        let tapCount = integer(o["tapCount"], at: ["tapCount"], minimum: 0)
        let event = integer(o["event"], at: ["event"])
        guard errorCount == before, let t, let identity, let phase, let x, let y else { return nil }
        return TouchRecord(
            t: t, touch: identity, phase: phase, x: x, y: y, window: window, tapCount: tapCount, event: event,
            view: view)
    }

    /// The `session` header: `session` and `format` (this version's), the rest checked where touchlog stores it in
    /// columns of its own (strings without U+0000).
    mutating func sessionHeader(_ object: JSONObject) -> SessionHeader? {
        let before = errorCount
        let format = string(required(object, "format", at: [], what: "\"session\" header"), at: ["format"])
        if let format, format != SessionHeader.supportedFormat {
            error(
                ["format"], "unsupported format \"\(format)\"",
                hint:
                    "this touchlog reads \"\(SessionHeader.supportedFormat)\"; upgrade touchlog or re-record with a compatible recorder"
            )
        }
        nonEmptyString(required(object, "session", at: [], what: "\"session\" header"), at: ["session"])
        string(object["startedAt"], at: ["startedAt"])
        for group in ["app", "device", "recorder"] {
            guard let value = object[group] else { continue }
            guard case .object(let members) = value else {
                error(
                    [.key(group)], "\"\(group)\" must be an object, not \(value.typeDescription)",
                    hint: "write \"\(group)\": {…}")
                continue
            }
            for member in members.members
            where ["id", "version", "build", "model", "system", "name"].contains(member.key) {
                string(member.value, at: [.key(group), .key(member.key)])
            }
        }
        _ = stringArray(object["policies"], at: ["policies"])
        guard errorCount == before else { return nil }
        return SessionHeader(json: object)
    }
}

extension TouchRecord {
    /// Whether a `touch` object holds anything its typed fields cannot give back (a member the format does not
    /// define, `"view": null`, a repeated member): then its line is stored as written beside the typed columns.
    static func holdsMoreThanItsFields(_ object: JSONObject) -> Bool {
        if object["view"]?.isNull == true { return true }
        var seen: Set<String> = []
        for member in object.members where !knownFields.contains(member.key) || !seen.insert(member.key).inserted {
            return true
        }
        return false
    }
}

extension SentRecord {
    /// The members a `sent` record defines; any other is kept as written (``SentRecord/unknownMembers``).
    static let fields: Set<String> = ["type", "t", "action", "target", "sender", "event"]
}
