import ResponderCore
import TouchlogFormat

/// The one description of a record, for every timeline: the words a person reads (the report's timeline beside a
/// finding's picture, `touchlog replay`'s timeline, `--compare-policy`) and the record's own fields that the replay
/// trace copies. Each record kind is described once, in one exhaustive `switch`, so the timelines cannot drift
/// apart in wording and a new record kind does not build until it is described.
///
/// ```swift
/// RecordDescriber.words(record)                    // "touch 2 began at (311, 200.5) on hidePromoButton"
/// RecordDescriber.words(record, reading: reading)  // "touch 2 began at (311, 200.5) hit promoCard (UIView, …)"
/// RecordDescriber.fields(of: record)               // [touch: 2, phase: "began"]
/// ```
public enum RecordDescriber {
    /// What `record` says, in words for people. With `reading` (a timeline that replayed the record), a touch is
    /// placed where the model put it and a key press names its receiver; without it (the recording alone), a touch
    /// is placed on the view the recorder saw.
    public static func words(_ record: Record, reading: ModelReading? = nil) -> String {
        var form = Words()
        describe(record, reading: reading, into: &form)
        return form.text
    }

    /// The record's own fields, named and valued as the format writes them, in its order: what the trace copies
    /// after `type` (log format, replay trace). Left out: content that is not what the event was (a snapshot's
    /// windows, an inserted view's subtree, named by its id; typed text), and a touch's position and recorded view,
    /// where the trace says what replay resolved instead (`window`, `view`).
    public static func fields(of record: Record) -> [JSONObject.Member] {
        var form = Fields()
        describe(record, reading: nil, into: &form)
        return form.members
    }

    /// Describes `record` into `form`: the one switch over the record kinds.
    public static func describe(
        _ record: Record, reading: ModelReading?, into form: inout some RecordDescriptionForm
    ) {
        switch record {
        case .session:
            form.words("session")
        case .snapshot(let snapshot):
            form.words("snapshot, \(count(snapshot.hierarchy.windows.count, "window"))")
        case .touch(let touch):
            form.words(touchWords(touch, reading: reading))
            form.field("touch", touch.touch.jsonValue)
            form.field("phase", .string(touch.phase.name))
        case .key(let key):
            form.words(keyWords(key, reading: reading))
            form.field("length", .number(Double(key.length)))
        case .set(let set):
            let fields = describeFields(of: set.patch)
            form.words(
                "set \(set.view) " + fields.map { "\($0.key) = \($0.value.serialized())" }.joined(separator: ", "))
            form.field("view", .string(set.view))
            for field in fields { form.field(field.key, field.value) }
        case .insert(let insert):
            form.words("insert \(insert.view.id) into \(insert.parent ?? "no window")")
            form.field("parent", .id(insert.parent))
            if let index = insert.index { form.field("index", .number(Double(index))) }
            form.field("view", .string(insert.view.id))
        case .remove(let remove):
            form.words("remove \(remove.view)")
            form.field("view", .string(remove.view))
        case .call(let call):
            form.words("call \(call.method.rawValue) on \(call.responder)")
            form.field("view", .string(call.responder))
            form.field("method", .string(call.method.rawValue))
            if call.force { form.field("force", .bool(true)) }
        case .action(let action):
            form.words("sendAction \(action.action) to \(target(action.target))")
            form.field("action", .string(action.action))
            form.field("target", .id(action.target))
            if let sender = action.sender { form.field("sender", .string(sender)) }
        case .firstResponder(let observation):
            // Each window has its own first responder: say whose, when the record does.
            let whose = observation.window.map { " of \($0)" } ?? ""
            form.words("first responder\(whose) is now \(observation.view ?? "nothing")")
            form.field("view", .id(observation.view))
            if let window = observation.window { form.field("window", .string(window)) }
        case .keyboard(let keyboard):
            form.words("keyboard \(keyboard.phase.rawValue) \(keyboard.frame.json.serialized())")
            form.field("phase", .string(keyboard.phase.rawValue))
            form.field("frame", keyboard.frame.json)
        case .otherAppKeyboard(let keyboard):
            form.words("another app's keyboard \(keyboard.phase.rawValue) \(keyboard.frame.json.serialized())")
            form.field("phase", .string(keyboard.phase.rawValue))
            form.field("frame", keyboard.frame.json)
        case .sent(let sent):
            form.words("sent \(sent.action) to \(target(sent.target.id))" + (sent.event.map { " on \($0)" } ?? ""))
            form.field("action", .string(sent.action))
            if let target = json(sent.target) { form.field("target", target) }
            if let sender = json(sent.sender) { form.field("sender", sender) }
            if let event = sent.event { form.field("event", .string(event)) }
        case .targetForAction(let query):
            form.words("target(forAction: \(query.action)) from \(query.responder) is \(target(query.target))")
            form.field("action", .string(query.action))
            form.field("responder", .string(query.responder))
            if let sender = query.sender { form.field("sender", .string(sender)) }
            form.field("target", .id(query.target))
        case .keyWindow(let observation):
            form.words("key window is now \(observation.window ?? "none")")
            form.field("window", .id(observation.window))
        case .recognizer(let observation):
            form.words("recognizer \(observation.recognizer) is \(observation.state.rawValue)")
            form.field("id", .string(observation.recognizer))
            form.field("state", .string(observation.state.rawValue))
        case .selection(let observation):
            form.words("\(observation.list) \(observation.call.rawValue) \(observation.indexPath)")
            form.field("list", .string(observation.list))
            form.field("call", .string(observation.call.rawValue))
            form.field("indexPath", observation.indexPath.json)
        case .controlState(let observation):
            form.words("\(observation.view) is \(observation.isHighlighted ? "highlighted" : "no longer highlighted")")
            form.field("view", .string(observation.view))
            form.field("isHighlighted", .bool(observation.isHighlighted))
        case .time:
            form.words("time passes")
        case .dropped(let note):
            form.words(note.summary)
            form.field("moved", .number(Double(note.moved)))
            form.field("other", .number(Double(note.other)))
            form.field("from", .number(note.from))
            form.field("to", .number(note.to))
        case .unknown(let unknown):
            form.words("unknown record type \"\(unknown.type)\"")
        }
    }

    /// The fields a `set` record changes, as the format names them: the one place a description reads a patch, so
    /// that a change to how patches are stored is made here once for every timeline.
    public static func describeFields(of patch: ViewProperties) -> [JSONObject.Member] {
        patch.jsonMembers
    }

    /// `touch 2 began at (311, 200.5)`, placed by the model when there is one (`hit promoCard`, `on promoCard`)
    /// and else on the recorded view, and `, tap 2` for a second tap.
    static func touchWords(_ touch: TouchRecord, reading: ModelReading?) -> String {
        var text = "touch \(touch.touch) \(touch.phase.name) at (\(number(touch.x)), \(number(touch.y)))"
        if let reading {
            if touch.phase == .began {
                // Where UIKit's hit test went, and the view the touch is bound to when that differs (an app's
                // hitTest override, a recognizer's view): the heart of most touch bugs.
                text += " hit \(reading.hitView ?? "nothing")"
                if reading.boundView != reading.hitView { text += ", bound to \(reading.boundView ?? "nothing")" }
            } else if let bound = reading.boundView {
                text += " on \(bound)"
            }
        } else if let view = touch.view {
            text += " on \(view)"
        }
        if let taps = touch.tapCount, taps > 1 { text += ", tap \(taps)" }
        return text
    }

    /// `key (1 character)`, and with the model the object that received it, marked when it was hidden (typing
    /// into a field nobody sees is the bug to spot).
    static func keyWords(_ key: KeyRecord, reading: ModelReading?) -> String {
        var text = "key (\(count(key.length, "character")))"
        if let reading {
            text += " to \(reading.keyReceiver ?? "nothing")"
            if reading.keyReceiverHidden { text += " (hidden!)" }
        }
        return text
    }

    /// A nil target means UIKit walks the responder chain for one, which is worth saying.
    static func target(_ id: String?) -> String { id ?? "nil (responder chain)" }

    static func count(_ n: Int, _ singular: String) -> String { "\(n) \(singular)\(n == 1 ? "" : "s")" }

    static func number(_ value: Double) -> String {
        var out = ""
        JSONWriter.writeNumber(value, into: &out)
        return out
    }

    /// A `sent` reference as the format writes it: absent when not recorded, `null` for nobody.
    static func json(_ reference: ObservedReference) -> JSONValue? {
        switch reference {
        case .unrecorded: nil
        case .nobody: .null
        case .object(let id): .string(id)
        }
    }

    /// The words alone.
    struct Words: RecordDescriptionForm {
        var text = ""
        mutating func words(_ words: @autoclosure () -> String) { text = words() }
        mutating func field(_ key: String, _ value: @autoclosure () -> JSONValue) {}
    }

    /// The fields alone.
    struct Fields: RecordDescriptionForm {
        var members: [JSONObject.Member] = []
        mutating func words(_ words: @autoclosure () -> String) {}
        mutating func field(_ key: String, _ value: @autoclosure () -> JSONValue) {
            members.append(.init(key: key, value: value()))
        }
    }
}

/// Where a record's description goes. A form keeps what it shows and ignores the rest; both arguments are
/// autoclosures, so the trace never builds a sentence and a timeline never builds JSON.
public protocol RecordDescriptionForm {
    /// What happened, in words for people; said once per record.
    mutating func words(_ words: @autoclosure () -> String)
    /// One of the record's own fields, in the format's order.
    mutating func field(_ key: String, _ value: @autoclosure () -> JSONValue)
}

/// What replay's model made of an input record, in the names its timeline gives objects: what a timeline that
/// replayed the record says beside the record's own words.
public struct ModelReading: Sendable, Hashable {
    /// A touch that began: the view UIKit's hit test found (nil: none).
    public var hitView: String?
    /// A touch: the view it is bound to (nil: none, or a recognizer took it).
    public var boundView: String?
    /// A key press: the object that received the text (nil: nobody), and whether it was hidden.
    public var keyReceiver: String?
    public var keyReceiverHidden: Bool

    public init(
        hitView: String? = nil, boundView: String? = nil, keyReceiver: String? = nil, keyReceiverHidden: Bool = false
    ) {
        self.hitView = hitView
        self.boundView = boundView
        self.keyReceiver = keyReceiver
        self.keyReceiverHidden = keyReceiverHidden
    }

    /// What `step` did, each object named by `name` (an id as the timeline shows it).
    public init(_ step: ResolvedStep, name: (String) -> String = { $0 }) {
        self.init(
            hitView: step.hitTestView.map(name), boundView: step.view.map(name),
            keyReceiver: step.keyInputReceiver.map(name), keyReceiverHidden: step.keyInputReceiverHidden)
    }
}
