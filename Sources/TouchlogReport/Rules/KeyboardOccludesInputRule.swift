import ResponderCore
import TouchlogStore

/// The first responder sits under the keyboard after it showed, and nothing moved it into view.
struct KeyboardOccludesInputRule: Rule {
    static let description = RuleDescription(
        identifier: "keyboard_occludes_input", name: "Keyboard covers the focused input", severity: .warning,
        rationale: """
            UIKit does not move a focused field out from under the keyboard: only a `UITableViewController` (or \
            code observing the keyboard notifications) scrolls it into view. When the first responder's frame on \
            screen lies at least half under the keyboard's frame (as the keyboard notifications recorded it) and \
            stays so until the first responder changes, the keyboard hides or the session ends, the user typed \
            without seeing the text. Adjust the scroll view's insets on `keyboardWillShow` or use the keyboard \
            layout guide.
            """,
        triggeringExamples: [
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"set","t":0.5,"view":"name","frame":[20,600,350,44]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":620,"window":"w","event":1,"view":"name"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":620,"window":"w","event":1}
                    {"type":"firstResponder","t":1.1,"view":"name","window":"w"}
                    {"type":"keyboard","t":1.1,"phase":"willShow","frame":[0,508,390,336]}
                    {"type":"key","t":2.0,"length":1}
                    {"type":"key","t":2.2,"length":1}
                    """#,
                produces: [.init(severity: .warning, records: [7, 8, 9], views: ["UITextField#form.name"])])
        ],
        nonTriggeringExamples: [
            RuleExample(ExampleSessions.editing + #"{"type":"key","t":2.0,"length":1}"#),
            // The app scrolls the field into view after the keyboard showed.
            RuleExample(
                ExampleSessions.form + #"""
                    {"type":"set","t":0.5,"view":"name","frame":[20,600,350,44]}
                    {"type":"touch","t":1.0,"touch":1,"phase":"began","x":100,"y":620,"window":"w","event":1,"view":"name"}
                    {"type":"touch","t":1.1,"touch":1,"phase":"ended","x":100,"y":620,"window":"w","event":1}
                    {"type":"firstResponder","t":1.1,"view":"name","window":"w"}
                    {"type":"keyboard","t":1.1,"phase":"willShow","frame":[0,508,390,336]}
                    {"type":"set","t":1.3,"view":"name","frame":[20,300,350,44]}
                    {"type":"key","t":2.0,"length":1}
                    """#),
        ])

    /// Covered: at least half of the frame's height is below the keyboard's top edge, within its width.
    static func isCovered(_ frame: Rect, by keyboard: Rect) -> Bool {
        let top = max(frame.y, keyboard.y)
        let bottom = min(frame.y + frame.height, keyboard.y + keyboard.height)
        let overlapsHorizontally = frame.x < keyboard.x + keyboard.width && keyboard.x < frame.x + frame.width
        return overlapsHorizontally && frame.height > 0 && bottom - top >= frame.height / 2
    }

    func findings(in context: RuleContext) -> [Finding] {
        let build = FindingBuilder(context, rule: Self.self)
        guard let replay = build.replay else { return [] }
        var findings: [Finding] = []
        // The covered stretch: since when (the record that showed the keyboard or moved the field), who, keys.
        var covered: (since: Int, responder: String, frame: Rect, keyboard: Rect, keys: [Int])?
        func close() {
            guard let stretch = covered else { return }
            covered = nil
            let view = build.view(stretch.responder, at: stretch.since, role: "first responder")
            var explanation =
                "The keyboard covered \(build.name(view)) (y \(Int(stretch.frame.y))-\(Int(stretch.frame.y + stretch.frame.height)) under a keyboard from y \(Int(stretch.keyboard.y))) and nothing moved it into view"
            explanation +=
                stretch.keys.isEmpty ? "." : ", while \(Wording.count(stretch.keys.count, "key")) were typed blind."
            if stretch.keys.count == 1 {
                explanation = explanation.replacingOccurrences(of: "were typed", with: "was typed")
            }
            findings.append(
                build.finding(
                    .warning, records: [stretch.since] + stretch.keys, views: [view], explanation: explanation,
                    scene: build.scene(at: stretch.keys.last ?? stretch.since)))
        }
        // Walk records and steps together: keyboard notifications are observations, not steps.
        var keyboard: Rect?
        var latest: ReplayStepRow?
        for record in context.session.records {
            var changed = false
            if record.type == "keyboard", case .object(let object) = record.content {
                let phase = object["phase"]?.stringValue ?? ""
                if phase == "willHide" || phase == "didHide" {
                    keyboard = nil
                } else if let v = object["frame"]?.arrayValue?.compactMap(\.doubleValue), v.count == 4 {
                    keyboard = Rect(v[0], v[1], v[2], v[3])
                }
                changed = true
            } else if let step = replay.step(seq: record.seq) {
                latest = step
                changed = true
            }
            guard changed else { continue }
            guard let keyboard, let step = latest, step.keyboardVisible, let responder = step.firstResponder,
                let f = step.firstResponderFrame, f.count == 4
            else {
                close()
                continue
            }
            let frame = Rect(f[0], f[1], f[2], f[3])
            guard Self.isCovered(frame, by: keyboard) else {
                // Moved into view (or the keyboard moved): what came before is resolved, not reported.
                covered = nil
                continue
            }
            if let stretch = covered, stretch.responder != responder { close() }
            if covered == nil { covered = (record.seq, responder, frame, keyboard, []) }
            if record.type == "key", step.keyReceiver == responder { covered?.keys.append(record.seq) }
        }
        close()
        return findings
    }
}
