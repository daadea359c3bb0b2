/// One touchlog/1 record, decoded and typed: a case per record type of `docs/log-format.md`.
///
/// A record is decoded once, where it enters the program (a log line, a stored row, an importer, a recorder), and
/// everything downstream (replay, rules, timelines) switches over this enum. The view trees, patches and calls are
/// ResponderCore's own spec types, so the model is built from exactly what was decoded, with no second mapping.
///
/// ```swift
/// switch record {
/// case .keyboard(let keyboard) where keyboard.phase.isShowing: …
/// case .touch(let touch): …
/// default: break
/// }
/// ```
///
/// The large cases (header, snapshot, set, insert) are `indirect`: a record is copied at every step of replay, and the
/// enum's size is its largest inline case, so boxing the rare large ones keeps the common touch record cheap to move.
public enum Record: Sendable, Equatable {
    /// The header that starts every session (seq 1).
    indirect case session(SessionHeader)
    indirect case snapshot(SnapshotRecord)
    case touch(TouchRecord)
    case key(KeyRecord)
    indirect case set(SetRecord)
    indirect case insert(InsertRecord)
    case remove(RemoveRecord)
    case call(CallRecord)
    case action(ActionRecord)
    case firstResponder(FirstResponderRecord)
    case keyboard(KeyboardRecord)
    case sent(SentRecord)
    case targetForAction(TargetForActionRecord)
    case keyWindow(KeyWindowRecord)
    /// A gesture recognizer's state as its action saw it (an observation).
    case recognizer(RecognizerRecord)
    /// A table or collection view's delegate was told of a highlight or a selection (an observation).
    case selection(SelectionRecord)
    /// A control's highlight turned on or off as UIKit tracked a touch (an observation).
    case controlState(ControlStateRecord)
    /// Time passes with no event: timers due by `t` fire (a double tap gives up, a long press begins, held touches
    /// are released).
    case time(TimeRecord)
    /// The recorder's note that records were lost: replay says so where it happened.
    case dropped(DroppedRecord)
    /// The recorder's note that another app's keyboard moved (multitasking: every visible app is told): not this
    /// app's keyboard, so replay and the rules apply nothing for it; a trace shows it.
    case otherAppKeyboard(KeyboardRecord)
    /// A `type` touchlog/1 does not define: kept by ingest, ignored by replay.
    case unknown(UnknownRecord)

    /// The record's type; nil for an unknown one.
    @inlinable
    public var kind: RecordKind? {
        switch self {
        case .session: .session
        case .snapshot: .snapshot
        case .touch: .touch
        case .key: .key
        case .set: .set
        case .insert: .insert
        case .remove: .remove
        case .call: .call
        case .action: .action
        case .firstResponder: .firstResponder
        case .keyboard: .keyboard
        case .sent: .sent
        case .targetForAction: .targetForAction
        case .keyWindow: .keyWindow
        case .recognizer: .recognizer
        case .selection: .selection
        case .controlState: .controlState
        case .time: .time
        case .dropped: .dropped
        case .otherAppKeyboard: .otherAppKeyboard
        case .unknown: nil
        }
    }

    /// The `type` member as written.
    public var typeName: String {
        if case .unknown(let unknown) = self { return unknown.type }
        return kind!.rawValue
    }

    /// Seconds since the session started; nil for the header (and an unknown record without a number `t`).
    @inlinable
    public var t: Double? {
        switch self {
        case .session: nil
        case .snapshot(let r): r.t
        case .touch(let r): r.t
        case .key(let r): r.t
        case .set(let r): r.t
        case .insert(let r): r.t
        case .remove(let r): r.t
        case .call(let r): r.t
        case .action(let r): r.t
        case .firstResponder(let r): r.t
        case .keyboard(let r): r.t
        case .sent(let r): r.t
        case .targetForAction(let r): r.t
        case .keyWindow(let r): r.t
        case .recognizer(let r): r.t
        case .selection(let r): r.t
        case .controlState(let r): r.t
        case .time(let r): r.t
        case .dropped(let r): r.t
        case .otherAppKeyboard(let r): r.t
        case .unknown(let r): r.t
        }
    }
}

/// A record with its place in the session: what every reader of a session (the store's scan, a file, an importer,
/// a recorder) hands to replay and the rules.
public struct SessionRecord: Sendable, Equatable {
    /// Line number within the session: 1 is the `session` header.
    public var seq: Int
    public var record: Record

    @inlinable
    public init(seq: Int, record: Record) {
        self.seq = seq
        self.record = record
    }

    @inlinable
    public var t: Double? { record.t }
}

/// `snapshot`: the whole hierarchy (log format section 3).
public struct SnapshotRecord: Sendable, Equatable {
    public var t: Double
    public var hierarchy: HierarchySpec
    /// Window policy names touchlog does not model: kept and reported, never applied.
    public var unknownPolicies: [String]

    public init(t: Double, hierarchy: HierarchySpec, unknownPolicies: [String] = []) {
        self.t = t
        self.hierarchy = hierarchy
        self.unknownPolicies = unknownPolicies
    }
}

/// `key`: typed input of `length` UTF-16 code units (the text itself only with `ingest --keep-text`).
public struct KeyRecord: Sendable, Equatable {
    public var t: Double
    public var length: Int
    public var text: String?

    public init(t: Double, length: Int, text: String? = nil) {
        self.t = t
        self.length = length
        self.text = text
    }
}

/// `set`: the app changed properties of a view.
public struct SetRecord: Sendable, Equatable {
    public var t: Double
    public var view: String
    public var patch: ViewProperties

    public init(t: Double, view: String, patch: ViewProperties) {
        self.t = t
        self.view = view
        self.patch = patch
    }
}

/// `insert`: `addSubview` (no index: on top) or `insertSubview(_:at:)`, with the new view's subtree; a null parent is
/// a view the app created (or took out of its window) and keeps in no window.
public struct InsertRecord: Sendable, Equatable {
    public var t: Double
    public var parent: String?
    public var index: Int?
    public var view: ViewSpec

    public init(t: Double, parent: String?, index: Int? = nil, view: ViewSpec) {
        self.t = t
        self.parent = parent
        self.index = index
        self.view = view
    }
}

/// `remove`: `removeFromSuperview`.
public struct RemoveRecord: Sendable, Equatable {
    public var t: Double
    public var view: String

    public init(t: Double, view: String) {
        self.t = t
        self.view = view
    }
}

/// `call`: the app called `becomeFirstResponder`, `resignFirstResponder` or `endEditing(force)` on a responder.
public struct CallRecord: Sendable, Equatable {
    public var t: Double
    /// Any responder's id: a view, a controller, the application.
    public var responder: String
    public var method: ResponderCall
    public var force: Bool

    public init(t: Double, responder: String, method: ResponderCall, force: Bool = false) {
        self.t = t
        self.responder = responder
        self.method = method
        self.force = force
    }
}

/// `action`: the app called `UIApplication.sendAction` itself (target nil: the responder chain).
public struct ActionRecord: Sendable, Equatable {
    public var t: Double
    public var action: String
    public var target: String?
    public var sender: String?

    public init(t: Double, action: String, target: String?, sender: String? = nil) {
        self.t = t
        self.action = action
        self.target = target
        self.sender = sender
    }
}

/// `firstResponder` (an observation): the first responder changed, to `view` (nil: none).
public struct FirstResponderRecord: Sendable, Equatable {
    public var t: Double
    public var view: String?
    public var window: String?

    public init(t: Double, view: String?, window: String? = nil) {
        self.t = t
        self.view = view
        self.window = window
    }
}

/// The keyboard notifications a recording may hold (log format, "keyboard").
public enum KeyboardPhase: String, Sendable, CaseIterable {
    case willShow, didShow, willHide, didHide, willChangeFrame

    /// What the notification says of the keyboard's visibility: shown, hidden, or nothing (a frame change while it
    /// stays where it is: rotation, a different input view, the predictive bar).
    public var visibility: Bool? {
        switch self {
        case .willShow, .didShow: true
        case .willHide, .didHide: false
        case .willChangeFrame: nil
        }
    }
}

/// `keyboard` (an observation): a keyboard notification with the keyboard's end frame on screen.
public struct KeyboardRecord: Sendable, Equatable {
    public var t: Double
    public var phase: KeyboardPhase
    public var frame: Rect

    public init(t: Double, phase: KeyboardPhase, frame: Rect) {
        self.t = t
        self.phase = phase
        self.frame = frame
    }
}

/// A `sent` observation's `target` or `sender`: the format tells "not recorded" (absent) from "nobody" (null).
public enum ObservedReference: Sendable, Hashable {
    /// The source does not know (a Sentry breadcrumb names no receiver): matches whatever the model chose.
    case unrecorded
    /// `null`: nobody handled it / no sender.
    case nobody
    case object(String)

    /// The id, nil for nobody or unrecorded.
    public var id: String? {
        if case .object(let id) = self { return id }
        return nil
    }
}

/// `sent` (an observation): an action reached its target.
public struct SentRecord: Sendable, Equatable {
    public var t: Double
    public var action: String
    public var target: ObservedReference
    public var sender: ObservedReference
    /// The `UIControl.Event` that sent a control's action (`touchUpInside`, `valueChanged`, …), when the recorder
    /// knows it (part 2, CT1–CT11).
    public var event: String?
    /// Members the format does not define (the Sentry breadcrumb an importer read it from), kept as written and
    /// written back after the fields: touchlog ignores them, loses none.
    public var unknownMembers: [JSONObject.Member]

    public init(
        t: Double, action: String, target: ObservedReference, sender: ObservedReference = .unrecorded,
        event: String? = nil, unknownMembers: [JSONObject.Member] = []
    ) {
        self.t = t
        self.action = action
        self.target = target
        self.sender = sender
        self.event = event
        self.unknownMembers = unknownMembers
    }
}

/// `targetForAction` (an observation): the app asked `responder.target(forAction: action, withSender: sender)` and
/// got `target` (nil: no responder on the chain can perform it).
public struct TargetForActionRecord: Sendable, Equatable {
    public var t: Double
    public var responder: String
    public var action: String
    public var sender: String?
    public var target: String?

    public init(t: Double, responder: String, action: String, sender: String? = nil, target: String?) {
        self.t = t
        self.responder = responder
        self.action = action
        self.sender = sender
        self.target = target
    }
}

/// `keyWindow` (an observation): the key window changed, to `window` (nil: none is key).
public struct KeyWindowRecord: Sendable, Equatable {
    public var t: Double
    public var window: String?

    public init(t: Double, window: String?) {
        self.t = t
        self.window = window
    }
}

/// The list delegate messages a `selection` observation names (part 2, LS1–LS4): `tableView(_:didHighlightRowAt:)`,
/// `…didUnhighlightRowAt:`, `…didSelectRowAt:`, `…didDeselectRowAt:` and the collection view's `…ItemAt:` ones.
public enum SelectionCall: String, Sendable, CaseIterable {
    case didHighlight, didUnhighlight, didSelect, didDeselect
}

/// `selection` (an observation): the delegate of table or collection view `list` received `call` for `indexPath`.
public struct SelectionRecord: Sendable, Equatable {
    public var t: Double
    public var list: String
    public var call: SelectionCall
    public var indexPath: ListIndexPath

    public init(t: Double, list: String, call: SelectionCall, indexPath: ListIndexPath) {
        self.t = t
        self.list = list
        self.call = call
        self.indexPath = indexPath
    }
}

/// `controlState` (an observation): control `view`'s `isHighlighted` became `isHighlighted` (part 2, CT5: "A control
/// becomes highlighted when a touch event enters the control's bounds, and it loses that highlight when there's a
/// touch-up event or when the touch event exits the control's bounds", Apple docs: UIControl.State.highlighted).
public struct ControlStateRecord: Sendable, Equatable {
    public var t: Double
    public var view: String
    public var isHighlighted: Bool

    public init(t: Double, view: String, isHighlighted: Bool) {
        self.t = t
        self.view = view
        self.isHighlighted = isHighlighted
    }
}

/// The names of `UIGestureRecognizer.State` a `recognizer` observation may carry (Apple docs: "Constants that represent
/// the current state a gesture recognizer is in"). `recognized` is the same value as `ended` in UIKit (a discrete
/// recognizer's success), kept apart here only so that a record is written back as it was read.
public enum ObservedRecognizerState: String, Sendable, CaseIterable {
    case possible, began, changed, ended, cancelled, failed, recognized
}

/// `recognizer` (an observation): the recognizer `recognizer` was seen in `state` (a recorder reads `state` when
/// the recognizer calls the action it added: UIKit sends actions on recognition for discrete recognizers and on
/// began, changed, ended and cancelled for continuous ones, never on failure).
public struct RecognizerRecord: Sendable, Equatable {
    public var t: Double
    public var recognizer: String
    public var state: ObservedRecognizerState

    public init(t: Double, recognizer: String, state: ObservedRecognizerState) {
        self.t = t
        self.recognizer = recognizer
        self.state = state
    }
}

/// `time`: the recorder saw time pass with no event (it writes one when a timer of UIKit's fired: a recognizer gave
/// up or began, held touches were released), so replay fires the model's timers at the right moment.
public struct TimeRecord: Sendable, Equatable {
    public var t: Double

    public init(t: Double) { self.t = t }
}

/// `dropped`: the recorder's buffer was full beyond its hard limit and it left out `other` records (and `moved`
/// moves) that happened between `from` and `to`. Moves dropped alone are said on their finger's last record instead.
public struct DroppedRecord: Sendable, Equatable {
    public var t: Double
    public var moved: Int
    public var other: Int
    public var from: Double
    public var to: Double

    public init(t: Double, moved: Int, other: Int, from: Double, to: Double) {
        self.t = t
        self.moved = moved
        self.other = other
        self.from = from
        self.to = to
    }

    /// What the note says, as ingest, replay and the report's timeline all put it.
    public var summary: String { "the recorder lost \(moved + other) records between \(from) s and \(to) s" }
}

/// A record of a type touchlog/1 does not define.
public struct UnknownRecord: Sendable, Equatable {
    public var type: String
    public var t: Double?

    public init(type: String, t: Double?) {
        self.type = type
        self.t = t
    }
}
