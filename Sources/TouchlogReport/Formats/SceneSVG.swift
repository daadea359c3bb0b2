import ResponderCore

/// Draws a ``Scene`` as an inline SVG wireframe: every view's frame back to front, the keyboard, then the
/// roles on top (the view that should have received the touch, the hit view, the first responder) and the
/// touches. Styles come from the page's CSS classes; every text from the recording is escaped.
enum SceneSVG {
    /// `width` is the rendered width in CSS pixels; the height follows the screen's aspect ratio.
    static func svg(_ scene: Scene, width: Double = 300) -> String {
        let esc = Escape.html
        let n = NumberText.format
        let screen = scene.screen
        let height = screen.width > 0 ? width * screen.height / screen.width : width
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"scene\" viewBox=\"0 0 \(n(screen.width)) \(n(screen.height))\" "
        out +=
            "width=\"\(n(width))\" height=\"\(n(height.rounded()))\" role=\"img\" aria-label=\"The screen at \(n(scene.t)) s\">\n"
        out += "<rect class=\"screen\" x=\"0\" y=\"0\" width=\"\(n(screen.width))\" height=\"\(n(screen.height))\"/>\n"
        for view in scene.views {
            var classes = ["v"]
            if view.isHidden { classes.append("hidden") }
            if view.alpha < 0.01 {
                classes.append("transparent")
            } else if view.alpha < 1 {
                classes.append("translucent")
            }
            if !view.isUserInteractionEnabled { classes.append("noint") }
            if !view.isEnabled { classes.append("disabled") }
            out +=
                "<rect class=\"\(classes.joined(separator: " "))\" \(frame(view.frame))><title>\(esc(tooltip(view)))</title></rect>\n"
        }
        // Labels of the views big enough to carry one, for orientation; the roles' captions come later, on top.
        let roleIDs = Set([scene.hitView, scene.expectedView, scene.firstResponder].compactMap { $0 })
        for view in scene.views where view.depth > 0 && !roleIDs.contains(view.id) && view.frame.height >= 20 {
            guard let label = view.label, !label.isEmpty else { continue }
            let text = label.count > 28 ? String(label.prefix(27)) + "…" : label
            out +=
                "<text class=\"label\" x=\"\(n(view.frame.minX + 4))\" y=\"\(n(view.frame.minY + 15))\">\(esc(text))</text>\n"
        }
        if let keyboard = scene.keyboardFrame {
            out += "<rect class=\"keyboard\" \(frame(keyboard))><title>keyboard</title></rect>\n"
            out +=
                "<text class=\"keyboard-label\" x=\"\(n(keyboard.x + keyboard.width / 2))\" y=\"\(n(keyboard.y + keyboard.height / 2))\">keyboard</text>\n"
        }
        // Roles on top, the most specific last so it stays visible where they overlap.
        // The hit view is filled, so it goes first and the outlines stay visible on top of it.
        let roles: [(String?, String, String)] = [
            (scene.hitView, "hit", "hit view"),
            (scene.expectedView, "expected", "should receive"),
            (scene.firstResponder, "first-responder", "first responder"),
        ]
        var labelled: [(Rect, String, String)] = []
        for (id, role, caption) in roles {
            guard let view = scene.view(id) else { continue }
            let state = view.isHidden ? " is-hidden" : view.alpha < 0.01 ? " is-transparent" : ""
            out +=
                "<rect class=\"role \(role)\(state)\" \(frame(view.frame))><title>\(esc(caption + ": " + tooltip(view)))</title></rect>\n"
            // Short enough to fit the 393-point-wide screen with its flags; the full text is in the tooltip.
            let name = view.label ?? view.className
            var text = caption + ": " + (name.count > 24 ? String(name.prefix(23)) + "…" : name)
            if view.isHidden { text += " (hidden)" }
            if view.alpha < 1 { text += " (alpha \(NumberText.format(view.alpha)))" }
            labelled.append((view.frame, role, text))
        }
        var placed: [(x: Double, y: Double)] = []
        for (rect, role, text) in labelled {
            // Captions sit above their frame (inside it at the top of the screen) and move up a line while
            // they would overlap one already placed.
            let x = max(2, rect.minX)
            var y = rect.minY >= 20 ? rect.minY - 5 : rect.minY + 18
            while placed.contains(where: { abs($0.y - y) < 18 && abs($0.x - x) < 200 }) { y -= 19 }
            placed.append((x, y))
            out += "<text class=\"caption \(role)\" x=\"\(n(x))\" y=\"\(n(max(16, y)))\">\(esc(text))</text>\n"
        }
        for touch in scene.touches {
            out += "<g class=\"touch\"><circle cx=\"\(n(touch.x))\" cy=\"\(n(touch.y))\" r=\"11\"/>"
            out += "<circle class=\"dot\" cx=\"\(n(touch.x))\" cy=\"\(n(touch.y))\" r=\"3\"/>"
            out += "<title>touch at (\(n(touch.x)), \(n(touch.y)))</title></g>\n"
        }
        out += "</svg>"
        return out
    }

    private static func frame(_ rect: Rect) -> String {
        let n = NumberText.format
        return
            "x=\"\(n(rect.minX))\" y=\"\(n(rect.minY))\" width=\"\(n(abs(rect.width)))\" height=\"\(n(abs(rect.height)))\""
    }

    private static func tooltip(_ view: SceneView) -> String {
        var text = view.className
        if let label = view.label { text += " \"\(label)\"" }
        text += " (\(view.id))"
        var flags: [String] = []
        if view.isHidden { flags.append("hidden") }
        if view.alpha < 1 { flags.append("alpha \(NumberText.format(view.alpha))") }
        if !view.isUserInteractionEnabled { flags.append("interaction off") }
        if !view.isEnabled { flags.append("disabled") }
        if !flags.isEmpty { text += ": " + flags.joined(separator: ", ") }
        return text
    }
}
