/// Hit testing (rules H1–H10): the fast path used for every new touch.
///
/// `hitTest(v, p)` in UIKit recurses; here it is a loop. Once a subview passes its own checks and contains the
/// point, its hitTest cannot return nil (it returns at least itself), so the search never backtracks: the answer is
/// found by walking down one path, front-most subview first (H5).
extension ResponderModel {
    /// The deepest view under `parentPoint` (in `root`'s superview space, screen space for a window), or -1.
    @inline(__always)
    func fastHitTest(_ root: Int, _ parentPoint: Point) -> Int {
        if views[root].hitBlocked { return -1 }
        var p = views[root].toLocal(parentPoint)
        if !views[root].bounds.contains(p) { return -1 }
        var cur = root
        outer: while true {
            // SwiftUI draws and hit-tests its content without views the model could see: the hosting view is as
            // deep as the model goes, and which view inside it UIKit binds the touch to is SwiftUI's doing.
            if views[cur].hostsSwiftUI { return cur }
            var i = views[cur].children.count - 1
            while i >= 0 {
                let c = views[cur].children[i]
                i -= 1
                if views[c].hitBlocked { continue }
                let q = views[c].toLocal(p)
                if views[c].bounds.contains(q) {
                    cur = c
                    p = q
                    continue outer
                }
            }
            return cur
        }
    }

    /// Hit-tests a screen point across windows, front to back (H10), or only in `window` when given.
    /// Returns (window, view) handles, -1 when nothing was hit.
    func hitTestScreen(_ point: Point, window: Int? = nil) -> (window: Int, view: Int) {
        if let w = window {
            return (w, fastHitTest(w, point))
        }
        for w in windowsFrontToBack {
            let v = fastHitTest(w, point)
            if v >= 0 { return (w, v) }
        }
        return (-1, -1)
    }

    /// The view a screen point hits, across all windows (public query for tools and reports).
    public func hitTest(screenPoint: Point) -> ObjectRef? {
        let r = hitTestScreen(screenPoint)
        return r.view >= 0 ? .view(r.view) : nil
    }

    /// The view a screen point hits within one window.
    public func hitTest(screenPoint: Point, inWindow window: ObjectRef) -> ObjectRef? {
        guard case .view(let w) = window, views[w].isWindow else { return nil }
        let v = fastHitTest(w, screenPoint)
        return v >= 0 ? .view(v) : nil
    }

    /// Converts a screen point into a view's bounds coordinates (nil when the view is not in a window).
    public func convert(screenPoint: Point, to view: ObjectRef) -> Point? {
        guard case .view(let v) = view, windowOf(v) >= 0 else { return nil }
        var chain: [Int] = []
        var cur = v
        while cur >= 0 {
            chain.append(cur)
            cur = views[cur].parent
        }
        var p = screenPoint
        for n in chain.reversed() { p = views[n].toLocal(p) }
        return p
    }

    /// The part of a view that is drawn: its bounds on screen cut by the bounds of every ancestor whose
    /// `clipsToBounds` is on (the window included), nil when an ancestor clips all of it away or the view is in no
    /// window. Clipping is drawing only (H7): hit testing never asks this, but whether a person can see a control does
    /// (a row of a table below the fold is clipped by the table, and not on screen). Ancestors that do not clip, and
    /// the screen's own edges, are the caller's to apply.
    public func drawnFrame(of view: ObjectRef) -> Rect? {
        guard case .view(let v) = view, windowOf(v) >= 0, var drawn = screenFrame(of: view) else { return nil }
        var chain: [Int] = []
        var a = views[v].parent
        while a >= 0 {
            chain.append(a)
            a = views[a].parent
        }
        var m = AffineTransform.identity
        for anc in chain.reversed() {
            m = m.concatenating(views[anc].localToParent)
            guard views[anc].clipsToBounds else { continue }
            guard let cut = drawn.intersection(views[anc].boundingBox(under: m)) else { return nil }
            drawn = cut
        }
        return drawn
    }

    /// A view's bounds as a rectangle in screen coordinates (the bounding box when a transform rotates it),
    /// e.g. to compare a text field with the keyboard's frame. nil when the view is not in a window.
    public func screenFrame(of view: ObjectRef) -> Rect? {
        guard case .view(let v) = view, windowOf(v) >= 0 else { return nil }
        // Four corners in locals, no arrays: rules ask this for every control at every snapshot. The comparisons are
        // those of `min()` and `max()` over the corners (`e < least`, `most < e`), so signed zeros come out the same.
        let b = views[v].bounds
        var c0 = Point(b.minX, b.minY)
        var c1 = Point(b.maxX, b.minY)
        var c2 = Point(b.maxX, b.maxY)
        var c3 = Point(b.minX, b.maxY)
        var cur = v
        while cur >= 0 {
            c0 = views[cur].toParent(c0)
            c1 = views[cur].toParent(c1)
            c2 = views[cur].toParent(c2)
            c3 = views[cur].toParent(c3)
            cur = views[cur].parent
        }
        var minX = c0.x
        var maxX = c0.x
        var minY = c0.y
        var maxY = c0.y
        func include(_ c: Point) {
            if c.x < minX { minX = c.x }
            if maxX < c.x { maxX = c.x }
            if c.y < minY { minY = c.y }
            if maxY < c.y { maxY = c.y }
        }
        include(c1)
        include(c2)
        include(c3)
        return Rect(minX, minY, maxX - minX, maxY - minY)
    }
}
