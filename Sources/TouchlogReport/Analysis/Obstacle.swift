import ResponderCore
import TouchlogFormat

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

    /// The control itself is a disabled control (a warning: the app may mean it).
    func isDisabled(_ control: ObjectRef) -> Bool {
        if case .passedOver(.disabledControl, let by) = self { return by == control }
        return false
    }
}

/// The visible controls on screen, with their screen frames and whether they are enabled: what the reachability
/// rules test. Touches and keys move no view, so the list is only rebuilt after other inputs.
struct VisibleControls {
    private var cached: [(ref: ObjectRef, frame: Rect?, enabled: Bool)]?

    mutating func invalidate(after record: Record) {
        switch record {
        case .touch, .key: break
        case .session, .snapshot, .set, .insert, .remove, .call, .action, .firstResponder, .keyboard, .sent, .unknown:
            cached = nil
        }
    }

    mutating func list(_ model: ResponderModel) -> [(ref: ObjectRef, frame: Rect?, enabled: Bool)] {
        if let cached { return cached }
        var list: [(ref: ObjectRef, frame: Rect?, enabled: Bool)] = []
        for ref in model.allViews {
            guard model.uikitClass(of: ref)?.isControl == true, model.isInHierarchy(ref),
                !model.isEffectivelyHidden(ref)
            else { continue }
            list.append((ref, model.screenFrame(of: ref), model.isEnabled(ref)))
        }
        cached = list
        return list
    }
}
