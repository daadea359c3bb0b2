import ResponderCore

extension Record {
    /// Decodes one record from its JSON object: the one place a record's members are interpreted.
    ///
    /// Records that passed validation always decode; the errors are for stored records a person or another tool
    /// edited. The large parts (views, snapshots, patches) have their own files.
    public init(decoding o: JSONObject) throws(RecordDecodingError) {
        guard let type = o["type"]?.stringValue else { throw RecordDecodingError("a record needs a string \"type\"") }
        guard let kind = RecordKind(rawValue: type) else {
            self = .unknown(UnknownRecord(type: type, t: o["t"]?.doubleValue))
            return
        }
        switch kind {
        case .session:
            guard let header = SessionHeader(json: o) else {
                throw RecordDecodingError("the session header needs a string \"session\" and \"format\"")
            }
            self = .session(header)
        case .snapshot:
            self = .snapshot(try SnapshotDecoding.snapshot(o))
        case .touch:
            guard let typed = TouchRecord.typed(from: o) else {
                throw RecordDecodingError("a \"touch\" record needs \"t\", \"touch\", \"phase\", \"x\" and \"y\"")
            }
            self = .touch(typed.record)
        case .key:
            let text = o["text"]?.stringValue
            // Lengths are UTF-16 code units, as NSString counts them (and as ingest's redaction writes them).
            let length = o["length"]?.intValue ?? text.map { $0.utf16.count } ?? 0
            self = .key(KeyRecord(t: try Field.time(o), length: length, text: text))
        case .set:
            self = .set(
                SetRecord(t: try Field.time(o), view: try Field.string(o, "view"), patch: try ViewDecoding.patch(o)))
        case .insert:
            guard let view = o["view"]?.objectValue else {
                throw RecordDecodingError("an \"insert\" record needs a View object in \"view\"")
            }
            self = .insert(
                InsertRecord(
                    t: try Field.time(o), parent: Field.id(o["parent"]), index: o["index"]?.intValue,
                    view: try ViewDecoding.view(view)))
        case .remove:
            self = .remove(RemoveRecord(t: try Field.time(o), view: try Field.string(o, "view")))
        case .call:
            let name = try Field.string(o, "method")
            guard let method = ResponderCall(rawValue: name) else {
                throw RecordDecodingError(
                    "\"method\" is \"\(name)\"; a call is "
                        + ResponderCall.allCases.map(\.rawValue).joined(separator: ", "))
            }
            self = .call(
                CallRecord(
                    t: try Field.time(o), responder: try Field.string(o, "view"), method: method,
                    force: o["force"]?.boolValue ?? false))
        case .action:
            self = .action(
                ActionRecord(
                    t: try Field.time(o), action: try Field.string(o, "action"), target: Field.id(o["target"]),
                    sender: Field.id(o["sender"])))
        case .firstResponder:
            self = .firstResponder(
                FirstResponderRecord(t: try Field.time(o), view: Field.id(o["view"]), window: Field.id(o["window"])))
        case .keyboard:
            let name = try Field.string(o, "phase")
            guard let phase = KeyboardPhase(rawValue: name) else {
                throw RecordDecodingError(
                    "\"phase\" is \"\(name)\"; a keyboard phase is "
                        + KeyboardPhase.allCases.map(\.rawValue).joined(separator: ", "))
            }
            guard let frame = try Field.rect(o["frame"], "frame") else {
                throw RecordDecodingError("a \"keyboard\" record needs a \"frame\" [x, y, width, height]")
            }
            self = .keyboard(KeyboardRecord(t: try Field.time(o), phase: phase, frame: frame))
        case .time:
            self = .time(TimeRecord(t: try Field.time(o)))
        case .dropped:
            func count(_ name: String) throws(RecordDecodingError) -> Int {
                guard let n = o[name]?.doubleValue, n >= 0, n == n.rounded(), n < 1e15 else {
                    throw RecordDecodingError("a \"dropped\" record needs \"\(name)\", a count of records")
                }
                return Int(n)
            }
            func moment(_ name: String) throws(RecordDecodingError) -> Double {
                guard let t = o[name]?.doubleValue else {
                    throw RecordDecodingError("a \"dropped\" record needs \"\(name)\", a time in seconds")
                }
                return t
            }
            self = .dropped(
                DroppedRecord(
                    t: try Field.time(o), moved: try count("moved"), other: try count("other"),
                    from: try moment("from"),
                    to: try moment("to")))
        case .keyWindow:
            self = .keyWindow(KeyWindowRecord(t: try Field.time(o), window: Field.id(o["window"])))
        case .recognizer:
            let name = try Field.string(o, "state")
            guard let state = ObservedRecognizerState(rawValue: name) else {
                throw RecordDecodingError(
                    "\"state\" is \"\(name)\"; a recognizer state is "
                        + ObservedRecognizerState.allCases.map(\.rawValue).joined(separator: ", "))
            }
            self = .recognizer(
                RecognizerRecord(t: try Field.time(o), recognizer: try Field.string(o, "id"), state: state))
        case .targetForAction:
            self = .targetForAction(
                TargetForActionRecord(
                    t: try Field.time(o), responder: try Field.string(o, "responder"),
                    action: try Field.string(o, "action"), sender: Field.id(o["sender"]), target: Field.id(o["target"]))
            )
        case .sent:
            self = .sent(
                SentRecord(
                    t: try Field.time(o), action: try Field.string(o, "action"),
                    target: Self.observed(o["target"]), sender: Self.observed(o["sender"])))
        }
    }

    /// Absent: not recorded; `null`: nobody.
    private static func observed(_ value: JSONValue?) -> ObservedReference {
        guard let value else { return .unrecorded }
        return value.stringValue.map(ObservedReference.object) ?? .nobody
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
