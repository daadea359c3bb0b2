import ResponderCore
import TouchlogFormat

/// The visible controls on screen, with their screen frames and whether they are enabled: what the reachability
/// rules test. Touches and keys move no view, so the list is only rebuilt after other inputs.
struct VisibleControls {
    private var cached: [(ref: ObjectRef, frame: Rect?, enabled: Bool)]?

    mutating func invalidate(after record: Record) {
        switch record {
        case .touch, .key, .dropped: break  // the note changes nothing in the model
        case .session, .snapshot, .set, .insert, .remove, .call, .action, .firstResponder, .keyboard, .sent,
            .targetForAction, .keyWindow, .recognizer, .time,
            .unknown:
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
