import TouchlogStore

/// A view stays first responder while it or an ancestor is hidden or below alpha 0.01.
struct HiddenFirstResponderRule: Rule {
    static let description = RuleDescription(
        identifier: "hidden_first_responder", name: "Hidden first responder", severity: .warning,
        rationale: """
            Hiding a view (`isHidden`, alpha below 0.01, or hiding an ancestor) does not resign it: it stays first \
            responder, the keyboard stays up and typed text keeps going into a field nobody can see. A warning when \
            the hidden view kept focus; an error when key input reached it while it was hidden. Resign the field \
            before hiding it (or hide it with `resignFirstResponder()` in the same change).
            """,
        triggeringExamples: [
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"set","t":2.0,"view":"name","isHidden":true}
                    {"type":"key","t":2.5,"length":1}
                    {"type":"key","t":2.7,"length":1}
                    """#,
                produces: [.init(severity: .error, records: [8, 9, 10], views: ["UITextField#form.name"])]),
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"set","t":2.0,"view":"root","alpha":0.005}
                    {"type":"touch","t":3.0,"touch":2,"phase":"began","x":100,"y":300,"window":"w","event":2}
                    """#,
                produces: [.init(severity: .warning, records: [8], views: ["UITextField#form.name"])]),
            // A hierarchy dump: one snapshot, no key window, a hidden field marked first responder.
            RuleExample(
                ExampleSessions.header + "\n" + #"""
                    {"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,390,844],"subviews":[{"id":"promo","class":"UITextField","frame":[20,100,350,44],"accessibilityIdentifier":"promo","isHidden":true,"isFirstResponder":true}]}]}
                    """#,
                produces: [.init(severity: .warning, records: [2], views: ["UITextField#promo"])]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"key","t":2.5,"length":1}
                    {"type":"call","t":3.0,"view":"name","method":"resignFirstResponder"}
                    {"type":"set","t":3.1,"view":"name","isHidden":true}
                    """#),
            RuleExample(
                ExampleSessions.editing + #"""
                    {"type":"set","t":2.0,"view":"root","alpha":0.02}
                    {"type":"key","t":2.5,"length":1}
                    """#),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        let build = FindingBuilder(context, rule: Self.self)
        guard let steps = build.replay?.steps else { return [] }
        var findings: [Finding] = []
        // One finding per stretch during which the same view is first responder and hidden.
        var start: ReplayStepRow?
        var last: ReplayStepRow?
        var keys: [Int] = []
        func close() {
            guard let first = start, let responder = first.firstResponder else { return }
            let view = build.view(responder, at: first.seq, role: "first responder")
            let lasting = (last?.t ?? first.t) - first.t
            var text = "\(build.name(view)) stayed first responder while hidden"
            text += lasting > 0 ? " for \(Wording.seconds(lasting))" : ""
            let explanation: String
            if keys.isEmpty {
                explanation = text + ", so the keyboard stayed up for a field nobody could see."
            } else {
                explanation = text + ", and \(Wording.count(keys.count, "key")) of typed text went into it."
            }
            findings.append(
                build.finding(
                    keys.isEmpty ? .warning : .error, records: [first.seq] + keys, views: [view],
                    explanation: explanation,
                    scene: build.scene(at: first.seq, expectedView: nil)))
            start = nil
            keys = []
        }
        for step in steps {
            if step.firstResponderHidden, let responder = step.firstResponder {
                if start?.firstResponder != responder {
                    close()
                    start = step
                }
                last = step
                if step.type == "key", step.keyReceiver == responder, step.keyReceiverHidden { keys.append(step.seq) }
            } else {
                close()
            }
        }
        close()
        findings += markedInSnapshots(build, reported: Set(findings.flatMap(\.records)))
        return findings
    }

    /// A snapshot (an imported hierarchy dump, typically) that marks a hidden view `isFirstResponder` when the
    /// model has no first responder for it (the dump names no key window).
    private func markedInSnapshots(_ build: FindingBuilder, reported: Set<Int>) -> [Finding] {
        var findings: [Finding] = []
        for record in build.session.records where record.type == "snapshot" && !reported.contains(record.seq) {
            guard case .object(let object) = record.content, build.replay?.step(seq: record.seq)?.firstResponder == nil,
                let model = build.replay?.model(before: record.seq + 1)
            else { continue }
            var stack = object["windows"]?.arrayValue ?? []
            while let view = stack.popLast() {
                stack += view["subviews"]?.arrayValue ?? []
                guard view["isFirstResponder"]?.boolValue == true, let id = view["id"]?.stringValue,
                    let ref = model.ref(for: id), model.isEffectivelyHidden(ref)
                else { continue }
                let responder = build.view(id, at: record.seq, role: "first responder")
                findings.append(
                    build.finding(
                        .warning, records: [record.seq], views: [responder],
                        explanation:
                            "The snapshot shows \(build.name(responder)) as first responder while it is hidden, so the keyboard stays up for a field nobody can see.",
                        scene: build.scene(at: record.seq)))
            }
        }
        return findings
    }
}
