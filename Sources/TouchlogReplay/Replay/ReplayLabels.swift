import ResponderCore

extension SessionReplayer {
    /// `id (Class, accessibility id or label)` for every view the step mentions.
    static func labels(_ s: Step, _ model: ResponderModel) -> [String: String] {
        var refs: [ObjectRef] = []
        refs.append(contentsOf: [s.view, s.hitTestView, s.firstResponder, s.keyInputReceiver].compactMap { $0 })
        for a in s.actions { refs.append(contentsOf: [a.target, a.sender].compactMap { $0 }) }
        for c in s.firstResponderChanges { refs.append(contentsOf: [c.from, c.to].compactMap { $0 }) }
        for c in s.cancellations { refs.append(c.view) }
        for d in s.delivered { refs.append(d.to) }
        var out: [String: String] = [:]
        for ref in refs {
            let id = model.id(of: ref)
            if out[id] != nil { continue }
            if let info = model.info(ref) {
                let name =
                    info.accessibilityIdentifier.map { "\"\($0)\"" } ?? info.accessibilityLabel.map { "\"\($0)\"" }
                out[id] = "\(id) (\(info.className)\(name.map { ", " + $0 } ?? ""))"
            } else {
                out[id] = model.label(ref)
            }
        }
        return out
    }

}
