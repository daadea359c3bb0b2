/// One `touch` record: one finger at one moment.
public struct TouchInput: Sendable, Equatable {
    /// The recorder's touch id (integers are passed as their decimal text).
    public var touch: String
    public var phase: TouchPhase
    /// Screen coordinates.
    public var point: Point
    /// The window the recorder says the touch is in; nil: the model hit-tests all windows (H10).
    public var window: String?
    /// UIKit's tap count as recorded; the model decides multi-taps itself (time and distance), replay may compare.
    public var tapCount: Int?
    /// Touches with the same `event` number belong to one UIEvent.
    public var event: Int?
    /// The view UIKit bound the touch to, as observed (the recording's `view`).
    public var observedView: String?
    /// `--trust observed`: bind a new touch to `observedView` instead of the model's hit test.
    public var bindToObservedView: Bool

    public init(
        touch: String, phase: TouchPhase, point: Point, window: String? = nil, tapCount: Int? = nil,
        event: Int? = nil, observedView: String? = nil, bindToObservedView: Bool = false
    ) {
        self.touch = touch
        self.phase = phase
        self.point = point
        self.window = window
        self.tapCount = tapCount
        self.event = event
        self.observedView = observedView
        self.bindToObservedView = bindToObservedView
    }
}

/// An input record the model dispatches (log format section 4). Every one yields a `Step`.
public enum InputEvent: Sendable, Equatable {
    case touch(TouchInput)
    /// Text input of `length` characters to the key window's first responder.
    case key(length: Int)
    case set(view: String, patch: ViewProperties)
    /// `addSubview` (index nil: on top) / `insertSubview(at:)`, with the new view's subtree; parent nil: a view
    /// created and kept in no window.
    case insert(parent: String?, index: Int?, view: ViewSpec)
    case remove(view: String)
    case call(responder: String, method: ResponderCall, force: Bool)
    /// `UIApplication.sendAction(action, to: target, from: sender)`.
    case action(action: String, target: String?, sender: String?)
    /// Re-synchronisation: replaces the hierarchy (touches whose views still exist stay bound).
    case snapshot(HierarchySpec)
    /// Only lets time pass: fires recognizer timers due by then (long press, double-tap timeout, scroll delay).
    case advanceTime
}
