import TouchlogFormat
import TouchlogReplay
import TouchlogStore

/// `touchlog show` output, text and JSON.
enum SessionShowFormatter {
    static func text(
        _ session: SessionInfo, snapshotSeq: Int, snapshotT: Double?, at: Double?, _ outline: SnapshotOutline,
        replayed: ReplayedMoment? = nil
    ) -> String {
        var out = "session   \(session.key) (\(session.format))\n"
        let app = [session.appID, session.appVersion, session.appBuild.map { "(\($0))" }].compactMap { $0 }
        out += "app       \(app.isEmpty ? "-" : app.joined(separator: " "))\n"
        let device = [session.deviceModel, session.deviceSystem].compactMap { $0 }
        out += "device    \(device.isEmpty ? "-" : device.joined(separator: ", "))\n"
        out += "started   \(session.startedAt ?? "-")\n"
        out += "records   \(session.recordCount) (\(session.touchCount) touches)"
        if let duration = session.duration { out += " over \(SessionListFormatter.formatSeconds(duration))" }
        out += ", \(session.status.rawValue)\n"
        out += "source    \(session.source)\n\n"
        let time = snapshotT.map { JSONValue.number($0).serialized() } ?? "?"
        out += "snapshot  seq \(snapshotSeq), t=\(time)"
        if let at { out += ", in force at t=\(JSONValue.number(at).serialized())" }
        // The recorder writes each frame in its superview's coordinates; explain and the replayed state below
        // print screen ones, so each listing says which.
        out += " (frames in the superview's coordinates)\n"
        for window in outline.windows { render(window, depth: 0, into: &out) }
        if !outline.controllers.isEmpty {
            out += "controllers\n"
            for controller in outline.controllers {
                var links: [String] = []
                if let view = controller.view { links.append("view \(view)") }
                if let parent = controller.parent { links.append("parent \(parent)") }
                if let presenting = controller.presenting { links.append("presented by \(presenting)") }
                out +=
                    "  \(controller.className) \(controller.id)\(links.isEmpty ? "" : " (" + links.joined(separator: ", ") + ")")\n"
            }
        }
        if let replayed {
            out += "\nreplayed  through line \(replayed.throughLine), at t=\(formatNumber(replayed.t))"
            out += " (frames in screen coordinates)\n"
            out += replayed.hierarchyText
            out += "  " + replayed.responderLine + "\n"
        }
        return out
    }

    private static func render(_ view: SnapshotOutline.View, depth: Int, into out: inout String) {
        out += String(repeating: "  ", count: depth + 1)
        out += "\(view.name) "
        if let frame = view.frame {
            out += "(" + frame.map { JSONValue.number($0).serialized() }.joined(separator: ", ") + ")"
        } else {
            out += "(no frame)"
        }
        if !view.flags.isEmpty { out += " " + view.flags.joined(separator: ", ") }
        out += "\n"
        for subview in view.subviews { render(subview, depth: depth + 1, into: &out) }
    }

    static func json(
        _ session: SessionInfo, snapshotSeq: Int, snapshotT: Double?, _ outline: SnapshotOutline,
        replayed: ReplayedMoment? = nil
    ) -> String {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func viewJSON(_ view: SnapshotOutline.View) -> JSONValue {
            .object([
                "id": .string(view.id), "class": .string(view.className),
                "accessibilityIdentifier": text(view.accessibilityIdentifier),
                "accessibilityLabel": text(view.accessibilityLabel), "name": .string(view.name),
                "frame": view.frame.map { .array($0.map(JSONValue.number)) } ?? .null,
                "flags": .array(view.flags.map(JSONValue.string)),
                "subviews": .array(view.subviews.map(viewJSON)),
            ])
        }
        let controllers = outline.controllers.map { controller -> JSONValue in
            .object([
                "id": .string(controller.id), "class": .string(controller.className), "view": text(controller.view),
                "parent": text(controller.parent), "presentingViewController": text(controller.presenting),
            ])
        }
        var value: JSONObject = [
            "session": SessionListFormatter.jsonValue(session),
            "snapshot": .object([
                "seq": .number(Double(snapshotSeq)), "t": snapshotT.map(JSONValue.number) ?? .null,
                "windows": .array(outline.windows.map(viewJSON)), "controllers": .array(controllers),
            ]),
        ]
        if let replayed { value["replayed"] = replayed.json }
        return JSONValue.object(value).serialized()
    }
}
