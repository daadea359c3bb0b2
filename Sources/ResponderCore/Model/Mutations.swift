/// `set`, `insert` and `remove` records.
extension ResponderModel {
    /// Applies a property change. Geometry follows UIKit: `frame` sets center and bounds size, `bounds` keeps the
    /// center, `transform` keeps center and bounds. Hiding never resigns the first responder (F4) unless the
    /// `resign-on-hide` policy is on.
    mutating func applyPatch(_ id: String, _ p: ViewProperties, step: inout Step) {
        // A view in no window keeps its properties too (the app may configure it before adding it).
        guard let v = existingView(id) else {
            step.notes.append(StepNote("set: view \"\(id)\" is not in the hierarchy; ignored"))
            return
        }
        var n = views[v]
        if let t = p.transform { n.transform = t }
        if let b = p.bounds {
            n.bounds = b
            n.frameOrigin = Point(n.center.x - b.width / 2, n.center.y - b.height / 2)
        }
        if let f = p.frame {
            n.center = Point(f.x + f.width / 2, f.y + f.height / 2)
            n.bounds = Rect(n.bounds.x, n.bounds.y, f.width, f.height)
            n.frameOrigin = Point(f.x, f.y)
            n.frameWasNull = false
        }
        if let c = p.center {
            n.center = c
            n.frameOrigin = Point(c.x - n.bounds.width / 2, c.y - n.bounds.height / 2)
        }
        var boxed = n.properties
        var boxChanged = false
        for (field, value) in p.recordedFields {
            switch ViewNode.role(of: field) {
            case .stored:
                n.store(field, value, boxed: &boxed)
                if ViewNode.isBoxed(field) { boxChanged = true }
            case .geometry, .withEffects:
                break  // above and below, with their effects
            case .observation, .ignored:
                break  // replay compares `isFirstResponder` with the model; `textLength` is for people
            }
        }
        // One new box for all of them (the old one may be shared with a copy of the model).
        if boxChanged { n.properties = boxed }
        if p.policies != nil {
            step.notes.append(
                StepNote("set: a window's \"policies\" are read from snapshots; this change is not applied"))
        }
        if let x = p.windowLevel, n.isWindow { n.windowLevel = x }
        n.refreshDerived()
        views[v] = n
        if p.windowLevel != nil && views[v].isWindow && views[v].alive { sortWindows() }
        // App code selected or deselected rows (`selectRow`, `deselectRow` inside `didSelect`, LS7): no delegate
        // message, only the list's new selection.
        if let selected = p.selectedIndexPaths, views[v].kind.isList { setSelection(of: v, selected) }
        if let key = p.isKeyWindow, views[v].isWindow, views[v].alive {
            if key {
                setKeyWindow(v, step: &step)
            } else if keyWindow == v {
                setKeyWindow(-1, step: &step)
            }
        }
        if let specs = p.gestureRecognizers {
            let keepWindowOnes =
                views[v].isWindow
                ? views[v].recognizers.filter {
                    recognizers[$0].synthetic == .resignOnTouchOutside
                        || recognizers[$0].synthetic == .tapToDismissPolicy
                } : []
            setRecognizers(of: v, specs)
            views[v].recognizers += keepWindowOnes
            resolveRequirements()
            // G2: disabling a recognizer that is recognizing cancels it; one still analysing fails.
            for g in views[v].recognizers where !recognizers[g].isEnabled {
                switch recognizers[g].state {
                case .began, .changed:
                    setState(g, .cancelled, step: &step)
                    performActions(g, step: &step)
                case .possible where recognizers[g].active:
                    fail(g, step: &step)
                default: break
                }
            }
        }
        if p.isHidden == true && policies.isOn(.resignOnHide, recorded: false) {
            for w in windows {
                let fr = windowFirstResponder[w]
                if fr >= 0 && isDescendant(fr, of: v) {
                    let ok = resign(fr, force: false, reason: .policy(.resignOnHide), step: &step)
                    step.policyEffects.append(
                        PolicyEffect(policy: .resignOnHide, outcome: ok ? .resigned(.view(fr)) : .refused(.view(fr))))
                }
            }
        }
    }

    /// `addSubview` / `insertSubview(at:)`. An id already in the hierarchy is moved (its handle is kept); a first
    /// responder that ends up outside its window resigns (F5).
    mutating func insertView(parent: String?, index: Int?, spec: ViewSpec, step: inout Step) {
        // A view the app keeps in no window: created, or moved out of its window (then F5 applies, as for remove).
        guard let parent else {
            if let old = liveView(spec.id) { removeView(old, step: &step) }
            if let old = existingView(spec.id) { unlinkDetached(old) }
            markDetached(buildSubtree(spec, parent: -1, at: nil))
            resolveControllerLinks()
            return
        }
        guard let p = liveView(parent) else {
            step.notes.append(
                StepNote("insert: parent \"\(parent)\" is not in the hierarchy; \"\(spec.id)\" not inserted"))
            return
        }
        // A kept view in no window is added back (its recorded subtree comes with the insert).
        if let old = existingView(spec.id), views[old].detached { unlinkDetached(old) }
        if let old = liveView(spec.id) {
            if isDescendant(p, of: old) {
                step.notes.append(
                    StepNote("insert: \"\(spec.id)\" cannot be inserted into its own subtree \"\(parent)\""))
                return
            }
            detach(old, step: &step, cancelTouches: false)
        }
        // Ids of the new subtree that are live elsewhere are moved here too.
        var stack: [ViewSpec] = spec.subviews
        while let s = stack.popLast() {
            if let old = liveView(s.id) { detach(old, step: &step, cancelTouches: false) }
            stack.append(contentsOf: s.subviews)
        }
        _ = buildSubtree(spec, parent: p, at: index)
        resolveControllerLinks()
        resolveRequirements()
        validateFirstResponders(step: &step)
    }

    /// `removeFromSuperview`: touches in the subtree are cancelled (D8), a first responder inside resigns, forced
    /// (F5). Removing a window removes it from the screen.
    mutating func removeView(_ id: String, step: inout Step) {
        guard let v = liveView(id) else {
            step.notes.append(StepNote("remove: view \"\(id)\" is not in the hierarchy; ignored"))
            return
        }
        removeView(v, step: &step)
    }

    /// Removes a live view; the app may keep it, so it stays known in no window (calls on it are refused, F1).
    mutating func removeView(_ v: Int, step: inout Step) {
        for w in windows {
            let fr = windowFirstResponder[w]
            if fr >= 0 && isDescendant(fr, of: v) {
                _ = resign(fr, force: true, reason: .removedFromWindow, step: &step)
            }
        }
        detach(v, step: &step, cancelTouches: true)
        if !views[v].isWindow { markDetached(v) }
        resolveControllerLinks()
        validateFirstResponders(step: &step)
    }

    /// Unlinks a view kept in no window from its (detached) parent, before it is rebuilt elsewhere.
    mutating func unlinkDetached(_ v: Int) {
        let p = views[v].parent
        if p >= 0 { views[p].children.removeAll { $0 == v } }
        views[v].parent = -1
    }

    /// Takes a subtree out of the hierarchy (explicit stack) and marks it dead; handles stay valid for `id(of:)`.
    mutating func detach(_ v: Int, step: inout Step, cancelTouches: Bool) {
        if cancelTouches {
            // [INF] section 12 #7: the model follows D8 — the view gets touchesCancelled and the touch ends there.
            for ti in touches.indices
            where touches[ti].view >= 0 && !touches[ti].viewDone && isDescendant(touches[ti].view, of: v) {
                let tv = touches[ti].view
                if touches[ti].viewBegan { deliverToView(ti, .touchesCancelled, step: &step) }
                step.cancellations.append(
                    Cancellation(
                        touch: touches[ti].key, view: .view(tv), cause: .viewRemoved,
                        viewHadBegun: touches[ti].viewBegan))
                touches[ti].viewDone = true
                touches[ti].pendingBegan = false
                touches[ti].pendingEnded = false
            }
        }
        let p = views[v].parent
        if p >= 0 { views[p].children.removeAll { $0 == v } }
        views[v].parent = -1
        if views[v].isWindow {
            windows.removeAll { $0 == v }
            sortWindows()
            if keyWindow == v { setKeyWindow(windowsFrontToBack.first ?? -1, step: &step) }
        }
        var stack = [v]
        while let n = stack.popLast() {
            views[n].alive = false
            for g in views[n].recognizers { recognizers[g].alive = false }
            stack.append(contentsOf: views[n].children)
        }
        activeRecognizers.removeAll { !recognizers[$0].alive }
        for ti in touches.indices { touches[ti].recognizers.removeAll { !recognizers[$0].alive } }
        views[v].alive = false
    }
}
