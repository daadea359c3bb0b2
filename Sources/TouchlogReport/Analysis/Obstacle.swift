import ResponderCore

/// Why a point did not reach a control: what `blocked_tap` and `unreachable_control` group by and put into words.
/// Built from the model's `ReachAnswer`, so a new way of missing a control breaks the build here, not a sentence.
enum Obstacle: Hashable {
    /// The control is not in a window.
    case notInWindow
    /// A window in front took the point.
    case coveredByWindow(ObjectRef)
    /// The control itself or an ancestor (`by`) was passed over for `reason`.
    case passedOver(PassReason, by: ObjectRef)
    /// A view in front of the control or of an ancestor took the point.
    case coveredBySibling(ObjectRef)

    /// Nil when the point reached the control (or a descendant of it).
    init?(_ answer: ReachAnswer) {
        switch answer {
        case .reached, .reachedDescendant: return nil
        case .notInWindow: self = .notInWindow
        case .coveredByWindow(let window): self = .coveredByWindow(window)
        case .blocked(let blocker, let reason): self = .passedOver(reason, by: blocker)
        case .coveredBySibling(let sibling, _): self = .coveredBySibling(sibling)
        // Whether SwiftUI content takes the point or lets it through, the model cannot know: no obstacle to name.
        case .hostedContent: return nil
        }
    }

    /// The view to blame, if any.
    var blocker: ObjectRef? {
        switch self {
        case .notInWindow: nil
        case .coveredByWindow(let window): window
        case .passedOver(_, let by): by
        case .coveredBySibling(let sibling): sibling
        }
    }

    /// The view to blame and how, for the finding's picture.
    var cause: (view: ObjectRef, kind: SceneCause.Kind)? {
        guard let blocker, let kind = causeKind else { return nil }
        return (blocker, kind)
    }

    private var causeKind: SceneCause.Kind? {
        switch self {
        case .notInWindow: nil
        case .coveredByWindow, .coveredBySibling: .inFront
        case .passedOver(let reason, _):
            switch reason {
            case .hidden: .hidden
            case .alphaBelowThreshold: .transparent
            case .userInteractionDisabled: .interactionOff
            case .disabledControl: .disabled
            case .outsideBounds: .clipsBounds
            }
        }
    }

    /// A window in front takes the point (a warning: such windows, like the keyboard's, go away).
    var isCoveredByWindow: Bool {
        if case .coveredByWindow = self { return true }
        return false
    }

    /// The control itself is a disabled control (a warning: the app may mean it).
    func isDisabled(_ control: ObjectRef) -> Bool {
        if case .passedOver(.disabledControl, let by) = self { return by == control }
        return false
    }
}
