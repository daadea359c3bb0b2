import ResponderCore

extension SessionReplayer {
    /// The name of every view the step mentions (``ResponderModel/label(_:)``, as every output names a view).
    static func labels(_ s: Step, _ model: ResponderModel) -> [String: String] {
        var refs: [ObjectRef] = []
        refs.append(contentsOf: [s.view, s.hitTestView, s.firstResponder, s.keyInputReceiver].compactMap { $0 })
        for a in s.actions { refs.append(contentsOf: [a.target, a.sender].compactMap { $0 }) }
        for c in s.firstResponderChanges { refs.append(contentsOf: [c.from, c.to].compactMap { $0 }) }
        for c in s.cancellations { refs.append(c.view) }
        for selection in s.selections { refs.append(selection.list) }
        for d in s.delivered { refs.append(d.to) }
        var out: [String: String] = [:]
        for ref in refs {
            let id = model.id(of: ref)
            if out[id] != nil { continue }
            out[id] = model.label(ref)
        }
        return out
    }

}
