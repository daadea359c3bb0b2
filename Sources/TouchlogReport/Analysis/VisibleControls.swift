import ResponderCore
import TouchlogFormat

/// A control that is not hidden, as the reachability rules test it.
struct VisibleControl {
    var ref: ObjectRef
    /// Its bounds on screen, clipped or not.
    var frame: Rect?
    /// The part of it drawn on screen (``OnScreen/visibleFrame(of:screen:in:)``): nil when clipping or the screen's
    /// edges leave nothing of it to see.
    var visible: Rect?
    var enabled: Bool
}

/// The controls on screen that are not hidden, with their screen frames, the part of each a person can see and
/// whether they are enabled: what the reachability rules test. Touches and keys move no view, so the list is only
/// rebuilt after other inputs.
struct VisibleControls {
    private var cached: [VisibleControl]?

    mutating func invalidate(after record: Record) {
        switch record {
        case .touch, .key, .dropped, .otherAppKeyboard: break  // the notes change nothing in the model
        case .session, .snapshot, .set, .insert, .remove, .call, .action, .firstResponder, .keyboard, .sent,
            .targetForAction, .keyWindow, .recognizer, .selection, .controlState, .time,
            .unknown:
            cached = nil
        }
    }

    /// `screen` is the header's `device.screen` (nil: each window's frame stands for it).
    mutating func list(_ model: ResponderModel, screen: Size?) -> [VisibleControl] {
        if let cached { return cached }
        var list: [VisibleControl] = []
        for ref in model.allViews {
            guard model.uikitClass(of: ref)?.isControl == true, model.isInHierarchy(ref),
                !model.isEffectivelyHidden(ref)
            else { continue }
            list.append(
                VisibleControl(
                    ref: ref, frame: model.screenFrame(of: ref),
                    visible: OnScreen.visibleFrame(of: ref, screen: screen, in: model), enabled: model.isEnabled(ref)))
        }
        cached = list
        return list
    }
}
