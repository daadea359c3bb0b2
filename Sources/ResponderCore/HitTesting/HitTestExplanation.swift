/// What hit testing did with one view.
public enum HitVerdict: Hashable, Sendable {
    /// The view is the hit-test result.
    case hit
    /// It contained the point and one of its subviews took it.
    case searchedSubviews
    /// Passed over, with its whole subtree.
    case passed(PassReason)
    /// Never asked: a sibling in front of it (this view) took the point first (H5).
    case behindSibling(ObjectRef)
}

/// One view hit testing looked at, in visiting order.
public struct HitVisit: Hashable, Sendable {
    public var view: ObjectRef
    /// 0 for a window.
    public var depth: Int
    /// The point in the view's bounds coordinates (NaN when a singular transform makes it undefined).
    public var point: Point
    public var verdict: HitVerdict
}

/// The full story of a hit test at a screen point: what `touchlog explain` prints.
public struct HitTestExplanation: Hashable, Sendable {
    public var screenPoint: Point
    /// Every view looked at, windows included, in order (front-most window first).
    public var visits: [HitVisit]
    public var window: ObjectRef?
    public var hitView: ObjectRef?
    /// From the window down to the hit view.
    public var path: [ObjectRef]
}

/// Why a point did or did not reach a given view.
public enum ReachAnswer: Hashable, Sendable {
    /// The hit view is the view itself.
    case reached
    /// A descendant is the hit view; the view sees the touch only if the descendant forwards it (D7).
    case reachedDescendant(ObjectRef)
    /// The view is not in a window.
    case notInWindow
    /// A window in front took the point.
    case coveredByWindow(ObjectRef)
    /// The view itself, or an ancestor (then `blocker` is that ancestor), was passed over for this reason.
    case blocked(blocker: ObjectRef, reason: PassReason)
    /// A view in front of the view or of one of its ancestors took the point; `hitView` is where it went.
    case coveredBySibling(sibling: ObjectRef, hitView: ObjectRef)
    /// The point goes into SwiftUI content: the view is inside the content `hostingView` hosts, or that content is in
    /// front of it. Whether SwiftUI's content takes the point there, or lets it through, the model cannot know.
    case hostedContent(hostingView: ObjectRef)

    /// true for `.reached` and `.reachedDescendant`.
    public var isReached: Bool {
        switch self {
        case .reached, .reachedDescendant: return true
        default: return false
        }
    }
}

/// Whether any point of the screen reaches a control.
public enum Reachability: Hashable, Sendable {
    /// This screen point reaches it (hit view is the control or one of its descendants).
    case reachable(Point)
    /// No point does; `reason` is why the point at the centre of its visible frame does not.
    case unreachable(reason: ReachAnswer, probe: Point?)
}

extension ResponderModel {
    /// Explains the hit test of a screen point: every view visited, why each was passed over, and the result.
    public func explainHitTest(screenPoint: Point, window: ObjectRef? = nil) -> HitTestExplanation {
        var visits: [HitVisit] = []
        var order = windowsFrontToBack
        if case .view(let w)? = window { order = [w] }
        for w in order {
            let hit = explainFrom(w, parentPoint: screenPoint, depth: 0, into: &visits)
            if hit >= 0 {
                var path: [ObjectRef] = []
                var cur = hit
                while cur >= 0 {
                    path.append(.view(cur))
                    cur = views[cur].parent
                }
                return HitTestExplanation(
                    screenPoint: screenPoint, visits: visits, window: .view(w),
                    hitView: .view(hit), path: path.reversed())
            }
        }
        return HitTestExplanation(screenPoint: screenPoint, visits: visits, window: nil, hitView: nil, path: [])
    }

    /// The explaining twin of `fastHitTest`: same walk, recording each view and the siblings it shadowed.
    func explainFrom(_ root: Int, parentPoint: Point, depth: Int, into visits: inout [HitVisit]) -> Int {
        var p = views[root].toLocal(parentPoint)
        if let r = views[root].passReason {
            visits.append(HitVisit(view: .view(root), depth: depth, point: p, verdict: .passed(r)))
            return -1
        }
        if !views[root].bounds.contains(p) {
            visits.append(HitVisit(view: .view(root), depth: depth, point: p, verdict: .passed(.outsideBounds)))
            return -1
        }
        var cur = root
        var d = depth
        var curVisit = visits.count
        visits.append(HitVisit(view: .view(root), depth: d, point: p, verdict: .hit))
        // The siblings behind each view that took the point, a list per level walked down. They are listed after
        // that view's subtree, so that printed as a tree every view's subtree sits under it (issue 27, item 4).
        var notAsked: [[HitVisit]] = []
        outer: while true {
            // As `fastHitTest`: SwiftUI's content is opaque, the hosting view is as deep as the walk goes.
            if views[cur].hostsSwiftUI {
                for behind in notAsked.reversed() { visits += behind }
                return cur
            }
            var i = views[cur].children.count - 1
            while i >= 0 {
                let c = views[cur].children[i]
                let q = views[c].toLocal(p)
                i -= 1
                if let r = views[c].passReason {
                    visits.append(HitVisit(view: .view(c), depth: d + 1, point: q, verdict: .passed(r)))
                    continue
                }
                if !views[c].bounds.contains(q) {
                    visits.append(HitVisit(view: .view(c), depth: d + 1, point: q, verdict: .passed(.outsideBounds)))
                    continue
                }
                visits[curVisit].verdict = .searchedSubviews
                curVisit = visits.count
                visits.append(HitVisit(view: .view(c), depth: d + 1, point: q, verdict: .hit))
                // Siblings behind the one that took the point are never asked (H5): say so, after its subtree.
                var behind: [HitVisit] = []
                var j = i
                while j >= 0 {
                    let s = views[cur].children[j]
                    behind.append(
                        HitVisit(
                            view: .view(s), depth: d + 1, point: views[s].toLocal(p),
                            verdict: .behindSibling(.view(c))))
                    j -= 1
                }
                notAsked.append(behind)
                cur = c
                p = q
                d += 1
                continue outer
            }
            // The deepest level first: each list closes the subtree of the view its siblings were behind.
            for behind in notAsked.reversed() { visits += behind }
            return cur
        }
    }

    /// Why a screen point did (not) reach `view`: "why didn't my tap hit the button?".
    public func whyNotReached(screenPoint: Point, view target: ObjectRef) -> ReachAnswer {
        guard case .view(let v) = target else { return .notInWindow }
        let w = windowOf(v)
        if w < 0 { return .notInWindow }
        for front in windowsFrontToBack {
            if front == w { break }
            let h = fastHitTest(front, screenPoint)
            if h >= 0 {
                return views[h].hostsSwiftUI ? .hostedContent(hostingView: .view(h)) : .coveredByWindow(.view(front))
            }
        }
        var path: [Int] = []
        var cur = v
        while cur >= 0 {
            path.append(cur)
            cur = views[cur].parent
        }
        path.reverse()
        var p = screenPoint
        for (k, a) in path.enumerated() {
            p = views[a].toLocal(p)
            if let r = views[a].passReason { return .blocked(blocker: .view(a), reason: r) }
            if !views[a].bounds.contains(p) { return .blocked(blocker: .view(a), reason: .outsideBounds) }
            if a == v {
                let hit = fastHitTest(v, views[v].toParent(p))
                return hit == v ? .reached : .reachedDescendant(.view(hit))
            }
            // Inside SwiftUI content: where SwiftUI lets a touch through to a view it hosts is SwiftUI's doing.
            if views[a].hostsSwiftUI { return .hostedContent(hostingView: .view(a)) }
            let next = path[k + 1]
            let kids = views[a].children
            var i = kids.count - 1
            while i >= 0 && kids[i] != next {
                let s = kids[i]
                let h = fastHitTest(s, p)
                if h >= 0 {
                    return views[h].hostsSwiftUI
                        ? .hostedContent(hostingView: .view(h))
                        : .coveredBySibling(sibling: .view(s), hitView: .view(h))
                }
                i -= 1
            }
        }
        return .notInWindow
    }

    /// Whether any screen point reaches `view` (the `unreachable_control` question), exactly for axis-aligned
    /// geometry: the screen is cut along every edge of the view, its ancestors and every view that could cover
    /// it; hit testing is constant inside each cell (half-open edges make an edge behave like the cell to its
    /// right/below), so one probe per cell decides. Rotated views contribute their bounding boxes' edges, which
    /// makes the answer a close approximation there.
    ///
    /// `area` (screen coordinates) limits the search to the part of the view a person can see, for a caller that
    /// asks only about what is drawn (``drawnFrame(of:)``): a part clipped away or off screen is not asked about.
    public func reachability(of target: ObjectRef, within area: Rect? = nil) -> Reachability {
        guard case .view(let v) = target, var frame = screenFrame(of: target) else {
            return .unreachable(reason: .notInWindow, probe: nil)
        }
        if let area {
            guard let seen = frame.intersection(area) else { return .unreachable(reason: .notInWindow, probe: nil) }
            frame = seen
        }
        // The visible part: clipped by every ancestor's bounds (H7: outside a parent is unreachable).
        var chain: [Int] = []
        var a = views[v].parent
        while a >= 0 {
            chain.append(a)
            a = views[a].parent
        }
        var visible = frame
        var m = AffineTransform.identity
        for anc in chain.reversed() {
            m = m.concatenating(views[anc].localToParent)
            guard let i = visible.intersection(views[anc].boundingBox(under: m)) else {
                // No part of the view lies inside this ancestor: no point can reach it (H7).
                return .unreachable(reason: .blocked(blocker: .view(anc), reason: .outsideBounds), probe: nil)
            }
            visible = i
        }
        var xs: [Double] = [visible.minX, visible.maxX]
        var ys: [Double] = [visible.minY, visible.maxY]
        // Every view's screen box, walking down with composed transforms (explicit stack, linear time).
        var stack: [(view: Int, toScreen: AffineTransform)] = windows.map { ($0, .identity) }
        while let (n, parentToScreen) = stack.popLast() {
            let toScreen = parentToScreen.concatenating(views[n].localToParent)
            let f = views[n].boundingBox(under: toScreen)
            if f.intersection(visible) != nil {
                // Edge by edge, not over array literals: this runs for every view on screen.
                if f.minX > visible.minX && f.minX < visible.maxX { xs.append(f.minX) }
                if f.maxX > visible.minX && f.maxX < visible.maxX { xs.append(f.maxX) }
                if f.minY > visible.minY && f.minY < visible.maxY { ys.append(f.minY) }
                if f.maxY > visible.minY && f.maxY < visible.maxY { ys.append(f.maxY) }
            }
            for c in views[n].children { stack.append((c, toScreen)) }
        }
        xs.sort()
        ys.sort()
        let cx = zip(xs, xs.dropFirst()).filter { $0.0 < $0.1 }.map { ($0.0 + $0.1) / 2 }
        let cy = zip(ys, ys.dropFirst()).filter { $0.0 < $0.1 }.map { ($0.0 + $0.1) / 2 }
        // A point that goes into SwiftUI content (in front of the view, or holding it) may reach the view or not: the
        // answer is then unknown, never "unreachable".
        var hosted: (host: Int, probe: Point)?
        for y in cy {
            for x in cx {
                let r = hitTestScreen(Point(x, y))
                if r.view >= 0 && isDescendant(r.view, of: v) { return .reachable(Point(x, y)) }
                if hosted == nil, r.view >= 0, views[r.view].hostsSwiftUI { hosted = (r.view, Point(x, y)) }
            }
        }
        if let hosted {
            return .unreachable(reason: .hostedContent(hostingView: .view(hosted.host)), probe: hosted.probe)
        }
        let probe = Point(visible.midX, visible.midY)
        return .unreachable(reason: whyNotReached(screenPoint: probe, view: target), probe: probe)
    }
}
