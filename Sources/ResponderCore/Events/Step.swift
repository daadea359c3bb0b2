/// A reference to any object of the model: a view (windows are views), a controller, a recognizer, the application,
/// its delegate, or a plain object (a coordinator, a helper, a delegate that is no responder). Handles are integer indices, stable for the model's lifetime: a view keeps its handle across
/// snapshots as long as its id is the same. `ResponderModel.id(of:)` gives the recorded id.
public enum ObjectRef: Hashable, Sendable {
    case view(Int)
    case controller(Int)
    case recognizer(Int)
    case application
    case applicationDelegate
    /// A plain object (`ObjectSpec`): it can be an explicit action target, a sender or a delegate, but it is not a
    /// UIResponder, so it is never on the responder chain and never found by a nil-targeted action (A1).
    case object(Int)
}

/// The touch methods of UIResponder / UIGestureRecognizer.
public enum TouchMethod: String, Sendable {
    case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
}

/// A recognizer state (`UIGestureRecognizer.State`; `.ended` is `.recognized` for discrete recognizers).
public enum RecognizerState: String, Sendable {
    case possible, began, changed, ended, cancelled, failed
}

/// One touch-method call in delivery order.
public struct Delivery: Hashable, Sendable {
    public var to: ObjectRef
    public var method: TouchMethod
    /// true when the receiver got it by forwarding up the responder chain (D7) rather than as the touch's view.
    public var forwarded: Bool
    public init(to: ObjectRef, method: TouchMethod, forwarded: Bool = false) {
        self.to = to
        self.method = method
        self.forwarded = forwarded
    }
}

/// A recognizer state change (or admission, reported as `.possible`).
public struct GestureChange: Hashable, Sendable {
    public var recognizer: ObjectRef
    public var state: RecognizerState
    public init(recognizer: ObjectRef, state: RecognizerState) {
        self.recognizer = recognizer
        self.state = state
    }
}

/// An action dispatched during the step.
public struct ActionDispatch: Hashable, Sendable {
    public var action: String
    /// The responder that handled it; nil when nobody did (A4).
    public var target: ObjectRef?
    public var sender: ObjectRef?
    /// true when the action was nil-targeted (searched the responder chain).
    public var nilTargeted: Bool
    /// For a control's target–action: the `UIControl.Event` that sent it (`touchUpInside`, `valueChanged`, …); nil
    /// for an action sent another way (a `sendAction` record, a recognizer).
    public var controlEvent: String?
    /// true for a gesture recognizer's action: UIKit calls its target directly, not through `sendAction`, so a
    /// recorder's `sent` observations never include it.
    public var isRecognizerAction: Bool {
        if case .recognizer? = sender { return true }
        return false
    }
    public init(
        action: String, target: ObjectRef?, sender: ObjectRef?, nilTargeted: Bool, controlEvent: String? = nil
    ) {
        self.action = action
        self.target = target
        self.sender = sender
        self.nilTargeted = nilTargeted
        self.controlEvent = controlEvent
    }
}

/// Why the first responder changed.
public enum FirstResponderReason: Hashable, Sendable {
    case becomeFirstResponderCall
    case resignFirstResponderCall
    case endEditing(forced: Bool)
    /// A tap on a text input began editing (F7).
    case tappedTextInput
    /// Another responder became first responder in the same window (F1 step 4).
    case replacedBy(ObjectRef)
    /// The view or an ancestor left the window (F5, forced).
    case removedFromWindow
    case policy(DismissPolicy)
    /// A recognizer action with an effect (`RecognizerEffect`).
    case recognizerAction(ObjectRef)
    /// A nil-targeted `resignFirstResponder` action (A5).
    case resignAction
    /// A snapshot said so.
    case snapshot
}

/// A first-responder change in one window.
public struct FirstResponderChange: Hashable, Sendable {
    public var window: ObjectRef
    public var from: ObjectRef?
    public var to: ObjectRef?
    public var reason: FirstResponderReason
}

/// A refused first-responder request (so a QA engineer sees why the keyboard stayed).
public struct FirstResponderRefusal: Hashable, Sendable {
    public enum Why: String, Sendable {
        case notInWindow, cannotBecome, currentCannotResign, cannotResign, notFirstResponder
    }
    public var responder: ObjectRef
    public var why: Why
    public var reason: FirstResponderReason
}

/// One touch of a UIEvent as a `UIWindow.sendEvent(_:)` override sees it, before any delivery: its view is already
/// the hit-test view (D1), so a policy that decides in `sendEvent` can use it (8.1).
public struct SendEventTouch: Hashable, Sendable {
    public var window: ObjectRef?
    public var touch: String
    public var phase: TouchPhase
    /// `touch.view` at that moment: the hit-test view, nil when the touch hit nothing or a recognizer took it (D2).
    public var view: ObjectRef?
}

/// The key window changed (F3: key input and nil-targeted actions follow it; touches do not, H10).
public struct KeyWindowChange: Hashable, Sendable {
    public var from: ObjectRef?
    public var to: ObjectRef?
}

/// The keyboard appeared or went away.
public struct KeyboardChange: Hashable, Sendable {
    public var visible: Bool
    /// The first responder that owns it now (shown) or owned it (hidden).
    public var responder: ObjectRef?
}

/// What a keyboard-dismiss policy did.
public struct PolicyEffect: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        /// It resigned this first responder.
        case resigned(ObjectRef)
        /// It asked, and the first responder refused (`canResignFirstResponder` false).
        case refused(ObjectRef)
        /// It would have acted but a touch of the event is in the first responder (8.1).
        case keptByTouchInFirstResponder(ObjectRef)
    }
    public var policy: DismissPolicy
    public var outcome: Outcome
}

/// A touch taken away from its view: `touchesCancelled` sent, or pending phases discarded before the view saw them.
public struct Cancellation: Hashable, Sendable {
    public enum Cause: Hashable, Sendable {
        /// A recognizer recognized with cancelsTouchesInView (G4) — the swallowed tap.
        case recognizer(ObjectRef)
        /// The touch's view left the window.
        case viewRemoved
        /// The recording says the system cancelled it.
        case recordedCancel
    }
    public var touch: String
    public var view: ObjectRef
    public var cause: Cause
    /// false when the view never received `touchesBegan` (delayed began discarded, G5 / scroll delay).
    public var viewHadBegun: Bool
}

/// A list's delegate message from a tap (part 2, LS1–LS5): `tableView(_:didSelectRowAt:)` and its kin.
public struct SelectionChange: Hashable, Sendable {
    public var list: ObjectRef
    /// The cell at `indexPath` when the model has it (a row deselected because another was selected may be offscreen).
    public var cell: ObjectRef?
    public var call: SelectionCall
    public var indexPath: ListIndexPath
}

/// A control's highlight turned on or off while it tracked a touch (part 2, CT5).
public struct ControlStateChange: Hashable, Sendable {
    public var view: ObjectRef
    public var isHighlighted: Bool
}

/// A diagnostic about input the model could not apply as given (unknown id, touch that never began, ...).
public struct StepNote: Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Everything one input event did, mapping 1:1 onto the replay trace (log format section 6).
///
/// Steps are plain values with integer handles; resolve them with `ResponderModel.id(of:)`. For speed, pass the same
/// `Step` to `ResponderModel.dispatch(_:at:into:)` again: its arrays keep their capacity.
public struct Step: Sendable, Equatable {
    /// For a touch: the view it is bound to after this event; nil if it hit nothing or a recognizer took it (D2).
    public var view: ObjectRef?
    /// For a new touch: what the model's own hit test returned (differs from `view` under `bindToObservedView`).
    public var hitTestView: ObjectRef?
    /// For a touch: the window it belongs to.
    public var window: ObjectRef?
    public var delivered: [Delivery] = []
    public var gestures: [GestureChange] = []
    public var actions: [ActionDispatch] = []
    public var firstResponderChanges: [FirstResponderChange] = []
    public var refusals: [FirstResponderRefusal] = []
    public var keyboardChanges: [KeyboardChange] = []
    /// Set when the event changed the key window.
    public var keyWindowChange: KeyWindowChange?
    /// Trace detail (filled only when `ResponderModel.recordsTraceDetail` is on), for a touch: its location in the
    /// bounds coordinates of the view it was bound to at `began` (`UITouch.location(in:)`), nil when it hit nothing
    /// or that view left the window.
    public var location: Point?
    /// Trace detail, for a touch that began: the whole responder chain from its view (C1–C5), through the window to
    /// the application, and to the app delegate only if it is a responder.
    public var responderChain: [ObjectRef] = []
    /// Trace detail: the touches of the UIEvent as `UIWindow.sendEvent(_:)` sees them (on the event's first step).
    public var sendEvent: [SendEventTouch] = []
    public var policyEffects: [PolicyEffect] = []
    public var cancellations: [Cancellation] = []
    /// Table and collection view highlight and selection changes (part 2, LS1–LS5), in order.
    public var selections: [SelectionChange] = []
    /// Controls' highlight changes (part 2, CT5), in order.
    public var controlStates: [ControlStateChange] = []
    /// For a key event: who received the text (nil: nobody, no first responder).
    public var keyInputReceiver: ObjectRef?
    /// For a key event: whether the receiver was effectively hidden (itself or an ancestor hidden or alpha < 0.01).
    public var keyInputReceiverHidden: Bool = false
    public var notes: [StepNote] = []
    /// The key window's first responder after the event.
    public var firstResponder: ObjectRef?
    public var keyboardVisible: Bool = false

    public init() {}

    /// Empties the step, keeping array capacity (the hot path reuses one Step).
    public mutating func reset() {
        view = nil
        hitTestView = nil
        window = nil
        if !delivered.isEmpty { delivered.removeAll(keepingCapacity: true) }
        if !gestures.isEmpty { gestures.removeAll(keepingCapacity: true) }
        if !actions.isEmpty { actions.removeAll(keepingCapacity: true) }
        if !firstResponderChanges.isEmpty { firstResponderChanges.removeAll(keepingCapacity: true) }
        if !refusals.isEmpty { refusals.removeAll(keepingCapacity: true) }
        if !keyboardChanges.isEmpty { keyboardChanges.removeAll(keepingCapacity: true) }
        keyWindowChange = nil
        location = nil
        if !responderChain.isEmpty { responderChain.removeAll(keepingCapacity: true) }
        if !sendEvent.isEmpty { sendEvent.removeAll(keepingCapacity: true) }
        if !policyEffects.isEmpty { policyEffects.removeAll(keepingCapacity: true) }
        if !cancellations.isEmpty { cancellations.removeAll(keepingCapacity: true) }
        if !selections.isEmpty { selections.removeAll(keepingCapacity: true) }
        if !controlStates.isEmpty { controlStates.removeAll(keepingCapacity: true) }
        keyInputReceiver = nil
        keyInputReceiverHidden = false
        if !notes.isEmpty { notes.removeAll() }
        firstResponder = nil
        keyboardVisible = false
    }
}
