import ResponderCore

/// What the report rules need about one replayed input, computed right after it so `touchlog report` can query
/// them from the database without replaying again (see docs/replay.md, "Stored runs").
public struct StepFacts: Sendable, Hashable {
    /// The key window's first responder after the event, whether it or an ancestor is hidden or below alpha 0.01,
    /// and its rectangle on screen.
    public var firstResponder: String?
    public var firstResponderHidden: Bool = false
    public var firstResponderFrame: Rect?
    public var keyboardVisible: Bool = false
    /// For a key event: who received the text and whether it was effectively hidden.
    public var keyInputReceiver: String?
    public var keyInputReceiverHidden: Bool = false
    /// For a touch that began: the screen point, the model's hit view, the recorded view and whether that recorded
    /// view was effectively hidden (nil when unknown to the model or not recorded).
    public var point: Point?
    public var hitView: String?
    public var observedView: String?
    public var observedViewHidden: Bool?
    /// For a touch that began: visible controls whose screen frame contains the point and that the touch did not
    /// reach, with the hit-test reason.
    public var blockedControls: [ControlReach] = []
    /// For a snapshot: visible, enabled controls no screen point reaches.
    public var unreachableControls: [ControlReach] = []
    /// The nearest UIKit class of each cancelled touch's view, parallel to the step's cancellations.
    public var cancellationClasses: [String] = []

    public init() {}
}

/// A control a point (or every point) did not reach, and why.
public struct ControlReach: Sendable, Hashable {
    public var control: String
    /// `hidden`, `alphaBelowThreshold`, `userInteractionDisabled`, `disabledControl`, `outsideBounds` (the control or
    /// `blocker`, an ancestor, was passed over for that reason), `coveredBySibling` (`blocker` in front took the
    /// point, `hitView` got it), `coveredByWindow`, `notInWindow`.
    public var reason: String
    public var blocker: String?
    public var hitView: String?
    /// The hit-test explanation as a sentence.
    public var explanation: String

    public init(control: String, reason: String, blocker: String?, hitView: String?, explanation: String) {
        self.control = control
        self.reason = reason
        self.blocker = blocker
        self.hitView = hitView
        self.explanation = explanation
    }

    init(_ answer: ReachAnswer, control: ObjectRef, model: ResponderModel) {
        let id = model.id(of: control)
        let text = model.describe(answer, view: control)
        switch answer {
        case .reached, .reachedDescendant:
            self.init(control: id, reason: "reached", blocker: nil, hitView: nil, explanation: text)
        case .notInWindow:
            self.init(control: id, reason: "notInWindow", blocker: nil, hitView: nil, explanation: text)
        case .coveredByWindow(let w):
            self.init(control: id, reason: "coveredByWindow", blocker: model.id(of: w), hitView: nil, explanation: text)
        case .blocked(let b, let r):
            self.init(control: id, reason: r.rawValue, blocker: model.id(of: b), hitView: nil, explanation: text)
        case .coveredBySibling(let s, let h):
            self.init(
                control: id, reason: "coveredBySibling", blocker: model.id(of: s), hitView: model.id(of: h),
                explanation: text)
        }
    }
}
