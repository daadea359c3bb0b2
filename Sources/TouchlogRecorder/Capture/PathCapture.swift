import TouchlogSchema

// A touch that begins or ends needs the hierarchy as it is where the finger is: UIKit's hit test (H1) and everything
// replay derives from it (the responder chain, the recognizers a touch reaches) depend on the views that contain the
// point, and on nothing below a view that does not contain it (`hitTest(_:with:)` never visits the subviews of a
// view whose `point(inside:with:)` is false). Reading the whole hierarchy at each of those events costs some 25
// property reads per view, about 1.4 ms on a 1,000-view screen, against a budget of 0.2 ms per event. A path capture
// reads in full only the views whose frame contains a touch point; of their other subviews it reads the geometry
// alone (six reads), and takes the rest of each one (its fields and its subtree) from the last capture. The whole
// hierarchy is read again when the run loop goes idle (`Recorder.runLoopWillWait`), so what changed away from the
// finger is written a few milliseconds later, before anything else is.

extension HierarchyCapture {
    /// `previous` (the hierarchy last pushed) brought up to date along the paths from `window` down to `points` (the
    /// event's touch locations, in the window's coordinates): those views read in full, their other subviews' geometry
    /// read, new subviews read in full with their subtrees. Ids seen by earlier captures stay known (`ObjectIDs` starts
    /// no new generation), since the views kept from `previous` are still in the hierarchy as far as the recording
    /// says.
    ///
    /// nil when a path capture cannot say what a whole capture would: the windows are not the ones `previous` has (a
    /// window came, went or moved), or a view on the path has an action name the last whole capture did not ask every
    /// responder about (`selectors`).
    func pathCapture(
        windows: [any RecordableWindow], touched window: any RecordableWindow, points: [Point],
        previous: HierarchySpec, selectors: Set<String>, ids: inout ObjectIDs
    ) -> HierarchySpec? {
        guard windows.count == previous.windows.count,
            let index = windows.firstIndex(where: { $0 === window })
        else { return nil }
        for (live, recorded) in zip(windows, previous.windows) where ids.knownID(of: live) != recorded.view.id {
            return nil
        }
        var walk = Walk(privacy: privacy, recognizerEffects: recognizerEffects, objectReader: objectReader)
        var spec = previous
        spec.windows[index] = WindowSpec(
            view: walk.view(window, ids: &ids, subviews: .along(points, previous: previous.windows[index].view)),
            windowLevel: window.recordedWindowLevel, isKeyWindow: window.recordedIsKeyWindow,
            policies: window.recordedPolicies)
        guard walk.actionNames.isSubset(of: selectors) else { return nil }
        // Targets and delegates met along the path join those the last capture declared.
        let declared = Set(spec.objects.map(\.id))
        spec.objects += walk.objects.map(\.spec).filter { !declared.contains($0.id) }
        let detached = Set(spec.detachedViews.map(\.id))
        spec.detachedViews += walk.detachedViews.filter { !detached.contains($0.id) }
        Self.answerActions(selectors.sorted(), walked: walk.views, windows: [(index, window)], in: &spec)
        return spec
    }
}

extension HierarchyCapture.Walk {
    /// Which subviews a view's capture reads: all of them, or those along the touch points (in the view's bounds
    /// coordinates), with the view as the last capture recorded it (nil: a view new since).
    enum Subviews {
        case all
        case along([Point], previous: ViewSpec?)
    }

    /// The subviews of a view on the path: each one whose frame contains a point is read in full and followed down;
    /// each other one the last capture saw under this view keeps that capture's fields and subtree with its geometry
    /// read now; any other (new here) is read in full with its subtree.
    mutating func pathSubviews(
        of view: any RecordableView, points: [Point], previous: ViewSpec?, ids: inout ObjectIDs
    ) -> [ViewSpec] {
        let before = previous?.subviews ?? []
        // Subviews mostly keep their order between captures: the next one expected is looked at first, and an index
        // by id is built only when one is not where expected. (A `ViewSpec` is large: no copy is made until one is
        // written.)
        var next = 0
        var index: [String: Int]?
        func position(of id: String) -> Int? {
            if next < before.count && before[next].id == id { return next }
            if index == nil {
                index = Dictionary(before.indices.map { (before[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
            }
            return index?[id]
        }
        var subviews: [ViewSpec] = []
        subviews.reserveCapacity(before.count)
        view.forEachRecordedSubview { subview in
            let geometry = subview.recordedGeometry
            let old = ids.knownID(of: subview).flatMap(position(of:))
            if let old { next = old + 1 }
            // A transformed view's frame says nothing exact about which points it contains: read it all.
            guard let frame = geometry.frame, geometry.transform == .identity else {
                subviews.append(self.view(subview, ids: &ids))
                return
            }
            let inside = points.filter { frame.contains($0) }
            if !inside.isEmpty {
                // Into the subview's bounds coordinates: its origin, and its bounds origin (a scroll offset).
                let moved = inside.map {
                    Point($0.x - frame.x + geometry.bounds.x, $0.y - frame.y + geometry.bounds.y)
                }
                subviews.append(
                    self.view(subview, ids: &ids, subviews: .along(moved, previous: old.map { before[$0] })))
            } else if let old {
                subviews.append(before[old])
                place(&subviews[subviews.count - 1], at: geometry)
            } else {
                subviews.append(self.view(subview, ids: &ids))
            }
        }
        return subviews
    }

    /// A view as the last capture recorded it, given the geometry read now, each field left out where it is the
    /// class default, as a whole capture leaves it out.
    mutating func place(_ spec: inout ViewSpec, at geometry: ViewGeometry) {
        var read = ViewProperties()
        read.frame = geometry.frame
        read.bounds = geometry.bounds
        read.center = geometry.center
        read.transform = geometry.transform
        Self.keepPlacingFields(&read)
        let defaults = classDefaults(uikitClass(spec.className, spec.baseClass))
        func unlessDefault<Value: Equatable>(_ value: Value?, _ classDefault: Value?) -> Value? {
            value == classDefault ? nil : value
        }
        spec.properties.frame = unlessDefault(read.frame, defaults.frame)
        spec.properties.bounds = unlessDefault(read.bounds, defaults.bounds)
        spec.properties.center = unlessDefault(read.center, defaults.center)
        spec.properties.transform = unlessDefault(read.transform, defaults.transform)
        spec.properties.isHidden = unlessDefault(geometry.isHidden, defaults.isHidden)
        spec.properties.alpha = unlessDefault(geometry.alpha, defaults.alpha)
    }
}
