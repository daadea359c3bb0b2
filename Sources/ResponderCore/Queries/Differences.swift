/// One thing a later snapshot says differently from the model just before it (a divergence for replay).
public struct Difference: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The snapshot has a view the model does not (or not in a window).
        case viewMissing
        /// The model has a view the snapshot does not.
        case viewExtra
        /// A view sits under another parent.
        case parent
        /// A field differs (`field` names it with the log format's name).
        case field
        /// A window's first responder differs.
        case firstResponder
        /// The key window differs.
        case keyWindow
    }
    public var kind: Kind
    /// The view (or window) concerned.
    public var id: String
    public var field: String?
    /// What the model says (nil: nothing / null).
    public var model: String?
    /// What the snapshot says.
    public var snapshot: String?

    public var description: String {
        switch kind {
        case .viewMissing: return "view \"\(id)\" is in the snapshot but not in the model"
        case .viewExtra: return "view \"\(id)\" is in the model but not in the snapshot"
        default:
            return
                "\(kind.rawValue)\(field.map { " " + $0 } ?? "") of \"\(id)\": model \(model ?? "null"), snapshot \(snapshot ?? "null")"
        }
    }
}

extension ResponderModel {
    /// What `spec` (a later snapshot) says differently from the model now: views missing or extra, parents,
    /// geometry and flags (missing snapshot fields compare as class defaults), first responders, the key window.
    /// Deterministic order: the snapshot's views depth-first, then the model's extra views, then responders.
    public func differences(from spec: HierarchySpec) -> [Difference] {
        var out: [Difference] = []
        var seen = [Bool](repeating: false, count: views.count)
        // Which views are in a window, computed once (a per-view walk up would be quadratic in depth).
        var inWindow = [Bool](repeating: false, count: views.count)
        var wstack = windows
        while let n = wstack.popLast() {
            inWindow[n] = true
            wstack.append(contentsOf: views[n].children)
        }
        var stack: [(spec: ViewSpec, parent: String?, window: String)] = spec.windows.reversed().map {
            ($0.view, nil, $0.view.id)
        }
        while let (s, parentID, windowID) = stack.popLast() {
            for c in s.subviews.reversed() { stack.append((c, s.id, windowID)) }
            guard let v = liveView(s.id), inWindow[v] else {
                out.append(Difference(kind: .viewMissing, id: s.id, field: nil, model: nil, snapshot: s.className))
                continue
            }
            seen[v] = true
            let modelParent = views[v].parent >= 0 ? views[views[v].parent].id : nil
            if modelParent != parentID {
                out.append(Difference(kind: .parent, id: s.id, field: nil, model: modelParent, snapshot: parentID))
            }
            compareFields(v, s, into: &out)
        }
        var mstack = Array(windows.reversed())
        while let v = mstack.popLast() {
            if !seen[v] {
                out.append(
                    Difference(kind: .viewExtra, id: views[v].id, field: nil, model: views[v].className, snapshot: nil))
            }
            mstack.append(contentsOf: views[v].children.reversed())
        }
        return out + responderDifferences(from: spec)
    }

    /// What `spec` (a later snapshot) says differently from the model about first responders and the key window
    /// only: what replay compares (a later snapshot's views and fields are the app's changes, applied as they are),
    /// without comparing every view's fields.
    public func responderDifferences(from spec: HierarchySpec) -> [Difference] {
        var out: [Difference] = []
        var snapshotFR: [(window: String, view: String)] = []
        var stack: [(spec: ViewSpec, window: String)] = spec.windows.reversed().map { ($0.view, $0.view.id) }
        // The window of each view a first-responder controller names as its root: only those are looked up.
        let rootsOfFirstResponders = Set(spec.controllers.lazy.filter(\.isFirstResponder).compactMap(\.view))
        var windowIDs: [String: String] = [:]
        while let (s, windowID) = stack.popLast() {
            for c in s.subviews.reversed() { stack.append((c, windowID)) }
            if s.isFirstResponder == true { snapshotFR.append((windowID, s.id)) }
            if rootsOfFirstResponders.contains(s.id) { windowIDs[s.id] = windowID }
        }
        for w in spec.windows {
            let modelFR: String? = liveView(w.view.id).flatMap {
                views[$0].isWindow ? firstResponderRef(ofWindow: $0).map { id(of: $0) } : nil
            }
            // A view flagged first responder is the window's; else a controller flagged so whose root view is there.
            let snapFR =
                snapshotFR.first { $0.window == w.view.id }?.view
                ?? spec.controllers.first { c in
                    c.isFirstResponder && c.view.flatMap { windowIDs[$0] } == w.view.id
                }?.id
            if modelFR != snapFR {
                out.append(
                    Difference(kind: .firstResponder, id: w.view.id, field: nil, model: modelFR, snapshot: snapFR))
            }
        }
        if let key = spec.windows.first(where: { $0.isKeyWindow })?.view.id {
            let modelKey = keyWindow >= 0 ? views[keyWindow].id : nil
            if modelKey != key {
                out.append(Difference(kind: .keyWindow, id: key, field: nil, model: modelKey, snapshot: key))
            }
        }
        return out
    }

    func compareFields(_ v: Int, _ s: ViewSpec, into out: inout [Difference]) {
        let n = views[v]
        let kind = s.uikitClass
        func diff(_ field: String, _ m: String, _ o: String) {
            if m != o { out.append(Difference(kind: .field, id: s.id, field: field, model: m, snapshot: o)) }
        }
        if let f = s.frame, !n.hasTransform { diff("frame", n.frame.description, f.description) }
        if let b = s.bounds { diff("bounds", n.bounds.description, b.description) }
        if let t = s.transform { diff("transform", "\(n.transform)", "\(t)") }
        diff("isHidden", "\(n.isHidden)", "\(s.properties.resolvedFlag(.isHidden, for: kind))")
        // Alpha compares as UIKit stores it (Float), so 0.3 recorded as 0.30000001192092896 is not a difference.
        let alpha = s.properties.resolved(.alpha, for: kind)?.number ?? 1
        if Float(n.alpha) != Float(alpha) { diff("alpha", formatNumber(n.alpha), formatNumber(alpha)) }
        // The flags that decide hit testing and the first responder, against the snapshot's (or its class default).
        let flags: [(ViewField, Bool)] = [
            (.isUserInteractionEnabled, n.isUserInteractionEnabled),
            (.isEnabled, n.isEnabled), (.isMultipleTouchEnabled, n.isMultipleTouchEnabled),
            (.isExclusiveTouch, n.isExclusiveTouch), (.canBecomeFirstResponder, n.canBecomeFirstResponder),
            (.canResignFirstResponder, n.canResignFirstResponder), (.adoptsKeyInput, n.adoptsKeyInput),
        ]
        for (field, model) in flags {
            diff(field.name, "\(model)", "\(s.properties.resolvedFlag(field, for: kind))")
        }
    }
}
