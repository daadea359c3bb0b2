import ResponderCore
import TouchlogFormat

/// What a person can see of the screen, beside what hit testing reaches: the questions `blocked_tap` and
/// `unreachable_control` ask before calling a control they cannot reach a problem. A control nobody can see (clipped
/// away, off screen, below a table's fold), one a presentation covers on purpose, or one scrolling can move out from
/// under what covers it is not the dead button users report.
enum OnScreen {
    /// A composited opacity below this is nearly transparent: UIKit still hit-tests the view (down to 0.01, H3), but a
    /// person sees nothing there (the toast faded to 0.02 that keeps taking taps).
    static let nearlyTransparent = 0.1

    /// The screen's rectangle: the header's `device.screen`, else the frame of the window `view` is in (an imported
    /// dump has no device).
    static func screenRect(_ size: Size?, of view: ObjectRef, in model: ResponderModel) -> Rect? {
        if let size { return Rect(0, 0, size.width, size.height) }
        let window = FindingBuilder.nearest(from: view, in: model) { model.parent(of: $0) == nil }
        return window.flatMap { model.screenFrame(of: $0) }
    }

    /// The part of `view` drawn on the screen: cut by every ancestor that clips to its bounds and by the screen's
    /// edges; nil when none of it is (a row below a table's fold, a view scrolled or moved off screen).
    static func visibleFrame(of view: ObjectRef, screen: Size?, in model: ResponderModel) -> Rect? {
        guard let drawn = model.drawnFrame(of: view), let rect = screenRect(screen, of: view, in: model) else {
            return nil
        }
        return drawn.intersection(rect)
    }

    /// The opacity a person sees `view` at: its alpha times every ancestor's, 0 when it or an ancestor is hidden.
    static func opacity(of view: ObjectRef, in model: ResponderModel) -> Double {
        var opacity = 1.0
        _ = FindingBuilder.nearest(from: view, in: model) { ref in
            guard let info = model.info(ref) else { return false }
            opacity *= info.isHidden ? 0 : Double(Float(info.alpha))
            return false
        }
        return opacity
    }

    /// The root view of the screen a presentation covers on purpose that holds `view`, if any: a controller `view`
    /// lies under (its root view is `view` or an ancestor) presented another controller, whose root view is on screen
    /// now (a page sheet with its dimming view over the presenting screen, a full-screen cover). UIKit's
    /// `presentingViewController` is the controller that defines the presentation context (often the navigation or
    /// tab bar controller), so every controller up the view tree is asked.
    static func coveringPresentation(
        over view: ObjectRef, in model: ResponderModel
    ) -> (screen: ObjectRef, presented: ObjectRef, container: ObjectRef?)? {
        let controllers = model.allControllers.compactMap { ref in model.controllerInfo(ref).map { (ref, $0) } }
        // presenting controller -> the presented controller's root view and its presentation's container
        var presenters: [ObjectRef: (root: ObjectRef, container: ObjectRef?)] = [:]
        for (_, info) in controllers {
            guard let presenting = info.presenting, let root = info.view, model.isInHierarchy(root),
                !model.isEffectivelyHidden(root)
            else { continue }
            presenters[presenting] = (root, info.presentationContainer)
        }
        if presenters.isEmpty { return nil }
        for (ref, info) in controllers {
            guard let presented = presenters[ref], let root = info.view, root != presented.root,
                FindingBuilder.nearest(from: view, in: model, where: { $0 == root }) != nil,
                FindingBuilder.nearest(from: view, in: model, where: { $0 == presented.root }) == nil
            else { continue }
            return (root, presented.root, presented.container)
        }
        return nil
    }

    /// Whether the presentation that covers the screen `view` is on is what keeps `blocker` in the way: the blocker is
    /// the presented screen, not part of the covered one (the sheet's container, its dimming view, a window in
    /// front), or inside the presentation's recorded container (`presentationContainer`).
    static func isCoveredOnPurpose(_ view: ObjectRef, by blocker: ObjectRef?, in model: ResponderModel) -> Bool {
        guard let blocker, let covered = coveringPresentation(over: view, in: model) else { return false }
        func inside(_ root: ObjectRef) -> Bool {
            FindingBuilder.nearest(from: blocker, in: model, where: { $0 == root }) != nil
        }
        // The presentation's own views: the presented screen, anything outside the covered screen (a sheet's
        // container and dimming view, a window in front), and, when recorded, anything in the presentation's container,
        // which a presentation over the current context puts inside the covered screen itself.
        if inside(covered.presented) || !inside(covered.screen) { return true }
        return covered.container.map(inside) ?? false
    }

    /// The scroll view whose scrolling can move `control` out from under what keeps taps from it now, if any: the
    /// control lies in the scroll view's content, the obstacle does not move with that content (a navigation bar, a
    /// toolbar or a tab bar in front of the scroll view, or the edge of an ancestor the scroll view overhangs), and
    /// some point of the scroll view itself is still reachable, where scrolling can bring the control. Whether the
    /// content scrolls that far is not judged: that needs the obstacle's outline against the recorded content size
    /// and insets, which this does not work out (hence a note, not an error).
    static func scrollViewMoving(
        _ control: ObjectRef, from obstacle: Obstacle, screen: Size?, in model: ResponderModel
    ) -> ObjectRef? {
        let blocker: ObjectRef
        switch obstacle {
        case .coveredBySibling(let sibling): blocker = sibling
        case .passedOver(.outsideBounds, let ancestor): blocker = ancestor
        case .notInWindow, .coveredByWindow,
            .passedOver(.hidden, _), .passedOver(.alphaBelowThreshold, _), .passedOver(.userInteractionDisabled, _),
            .passedOver(.disabledControl, _):
            return nil
        }
        var current = model.parent(of: control)
        while let view = current {
            if view == blocker { return nil }  // an ancestor passed over: scrolling inside it changes nothing
            if model.uikitClass(of: view)?.isScrollView == true,
                FindingBuilder.nearest(from: blocker, in: model, where: { $0 == view }) == nil,
                let seen = visibleFrame(of: view, screen: screen, in: model),
                case .reachable = model.reachability(of: view, within: seen)
            {
                return view
            }
            current = model.parent(of: view)
        }
        return nil
    }
}
