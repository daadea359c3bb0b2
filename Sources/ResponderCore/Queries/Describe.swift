/// Plain-text renderings for people (what `touchlog explain` and `--explain` print). Pure Swift, no I/O.
extension PassReason {
    /// A phrase a QA engineer can read: "it is hidden".
    public var phrase: String {
        switch self {
        case .hidden: return "it is hidden (isHidden)"
        case .alphaBelowThreshold: return "its alpha is below 0.01 as UIKit stores it (a 32-bit float)"
        case .userInteractionDisabled: return "isUserInteractionEnabled is false"
        case .disabledControl: return "it is a disabled control (isEnabled false)"
        case .outsideBounds: return "the point is outside its bounds"
        }
    }
}

extension ResponderModel {
    /// A readable name: a view as every output names one (``ViewName``, with its recorded id), anything else as
    /// `id (Class)`.
    public func label(_ ref: ObjectRef) -> String {
        switch ref {
        case .view(let v):
            return ViewName.text(
                className: views[v].className, accessibilityIdentifier: views[v].accessibilityIdentifier,
                accessibilityLabel: views[v].accessibilityLabel, id: views[v].id)
        case .controller(let c): return "\(controllers[c].id) (\(controllers[c].className))"
        case .recognizer(let g): return "\(recognizers[g].id) (\(recognizers[g].className))"
        case .application: return "\(application.id) (\(application.className))"
        case .applicationDelegate: return "\(id(of: ref)) (app delegate)"
        case .object(let o): return "\(objects[o].id) (\(objects[o].className))"
        }
    }

    /// Renders a hit-test explanation, one visited view per line, indented by depth, then the responder chain.
    public func describe(_ e: HitTestExplanation) -> String {
        var lines = ["hit test at \(e.screenPoint) (screen)"]
        for visit in e.visits {
            let pad = String(repeating: "  ", count: visit.depth + 1)
            let what: String
            switch visit.verdict {
            case .hit: what = "HIT"
            case .searchedSubviews: what = "contains the point; a subview took it"
            case .passed(let r): what = "passed over: \(r.phrase)"
            case .behindSibling(let s): what = "not asked: \(id(of: s)) in front took the point"
            }
            lines.append("\(pad)\(label(visit.view)) at \(visit.point): \(what)")
        }
        if let hit = e.hitView {
            lines.append("hit view: \(label(hit))")
            lines.append("responder chain: " + responderChain(from: hit).map { id(of: $0) }.joined(separator: " > "))
        } else {
            lines.append("hit view: none (the point is outside every window)")
        }
        return lines.joined(separator: "\n")
    }

    /// Renders a reach answer as one sentence about `view` and the point.
    public func describe(_ a: ReachAnswer, view: ObjectRef) -> String {
        let name = label(view)
        switch a {
        case .reached: return "\(name) is the hit view"
        case .reachedDescendant(let d): return "\(label(d)), inside \(name), is the hit view"
        case .notInWindow: return "\(name) is not in a window"
        case .coveredByWindow(let w): return "window \(label(w)) in front takes the point"
        case .blocked(let b, let r):
            return b == view
                ? "\(name) is passed over: \(r.phrase)" : "ancestor \(label(b)) is passed over: \(r.phrase)"
        case .coveredBySibling(let s, let h):
            return "\(label(s)) in front takes the point (hit view \(label(h)))"
        case .hostedContent(let host):
            return
                "the point goes into the SwiftUI content \(label(host)) hosts: whether it reaches \(name) is SwiftUI's"
        }
    }

    /// Renders a step compactly for test failures and debugging.
    public func describe(_ s: Step) -> String {
        var parts: [String] = []
        if let v = s.view { parts.append("view=\(id(of: v))") }
        if !s.delivered.isEmpty {
            parts.append(
                "delivered=[" + s.delivered.map { "\(id(of: $0.to)).\($0.method.rawValue)" }.joined(separator: ", ")
                    + "]")
        }
        if !s.gestures.isEmpty {
            parts.append(
                "gestures=["
                    + s.gestures.map { "\(id(of: $0.recognizer)):\($0.state.rawValue)" }.joined(separator: ", ") + "]")
        }
        if !s.actions.isEmpty {
            parts.append(
                "actions=["
                    + s.actions.map { "\($0.action)->\($0.target.map { id(of: $0) } ?? "nil")" }.joined(separator: ", ")
                    + "]")
        }
        if !s.firstResponderChanges.isEmpty {
            parts.append(
                "fr=["
                    + s.firstResponderChanges.map {
                        "\($0.from.map { id(of: $0) } ?? "nil")->\($0.to.map { id(of: $0) } ?? "nil")"
                    }.joined(separator: ", ") + "]")
        }
        if !s.keyboardChanges.isEmpty {
            parts.append("keyboard=" + s.keyboardChanges.map { $0.visible ? "shown" : "hidden" }.joined(separator: ","))
        }
        if !s.policyEffects.isEmpty {
            parts.append(
                "policies=[" + s.policyEffects.map { "\($0.policy.rawValue):\($0.outcome)" }.joined(separator: ", ")
                    + "]")
        }
        if !s.cancellations.isEmpty {
            parts.append(
                "cancelled=[" + s.cancellations.map { "\($0.touch)@\(id(of: $0.view))" }.joined(separator: ", ") + "]")
        }
        if !s.notes.isEmpty { parts.append("notes=\(s.notes)") }
        parts.append("firstResponder=\(s.firstResponder.map { id(of: $0) } ?? "nil") keyboard=\(s.keyboardVisible)")
        return parts.joined(separator: " ")
    }
}
