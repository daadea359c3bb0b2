import ResponderCore

/// Draws a ``Scene`` as an inline SVG wireframe: every view's frame back to front, the keyboard, the views the
/// finding names outlined in their role's colour with a numbered marker (``SceneLayout``), and the touches. What
/// each number is goes in the legend (``legend(_:)``), beside the picture in the page's text. Styles come from the
/// page's CSS classes; every text from the recording is escaped.
///
/// Every marker and label carries its box in a `data-box` attribute (`x y width height`, screen points), so that
/// tests can check on the SVG itself that nothing overlaps.
enum SceneSVG {
    /// A view larger than this share of the screen is outlined, never filled: a filled root view would flood the
    /// picture.
    static let largestFilledShare = 0.2

    /// `width` is the rendered width in CSS pixels; the height follows the screen's aspect ratio.
    static func svg(_ scene: Scene, layout: SceneLayout, width: Double = 300) -> String {
        let esc = Escape.html
        let n = NumberText.format
        let screen = scene.screen
        let height = screen.width > 0 ? width * screen.height / screen.width : width
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"scene\" viewBox=\"0 0 \(n(screen.width)) \(n(screen.height))\" "
        out +=
            "width=\"\(n(width))\" height=\"\(n(height.rounded()))\" role=\"img\" aria-label=\"The screen at \(n(scene.t)) s\">\n"
        out += "<rect class=\"screen\" x=\"0\" y=\"0\" width=\"\(n(screen.width))\" height=\"\(n(screen.height))\"/>\n"
        out += drawing(scene, layout: layout, touchRadius: SceneLayout.touchRadius, labels: true)
        if let inset = layout.inset {
            // The magnified copy: the same drawing seen through a viewBox on the region, its lines kept thin and
            // its touches their usual size; an outline on the picture says where it comes from.
            out +=
                "<rect class=\"zoom-region\" \(frame(inset.region))><title>magnified in the inset</title></rect>\n"
            out += "<rect class=\"inset\" \(frame(inset.box))/>\n"
            out +=
                "<svg class=\"inset\" x=\"\(n(inset.box.minX))\" y=\"\(n(inset.box.minY))\" width=\"\(n(inset.box.width))\" height=\"\(n(inset.box.height))\" viewBox=\"\(box(inset.region))\">\n"
            out += drawing(scene, layout: layout, touchRadius: SceneLayout.touchRadius / inset.scale, labels: false)
            out += "</svg>\n"
            out += "<rect class=\"inset-border\" \(frame(inset.box))/>\n"
        }
        for annotation in layout.annotations {
            let centre = annotation.marker
            out +=
                "<g class=\"marker \(annotation.roles[0].cssClass)\" data-box=\"\(box(SceneLayout.box(ofMarker: centre)))\" data-frame=\"\(box(annotation.markerFrame))\">"
            out += "<circle cx=\"\(n(centre.x))\" cy=\"\(n(centre.y))\" r=\"\(n(SceneLayout.markerRadius))\"/>"
            out += "<text x=\"\(n(centre.x))\" y=\"\(n(centre.y))\">\(annotation.number)</text>"
            out += "<title>\(esc(title(annotation, scene)))</title></g>\n"
        }
        out += "</svg>"
        return out
    }

    /// The views back to front, the gray labels (on the full-size picture only), the outlines of the views the
    /// finding names and the touches: what the picture and its inset both draw.
    private static func drawing(_ scene: Scene, layout: SceneLayout, touchRadius: Double, labels: Bool) -> String {
        let esc = Escape.html
        let n = NumberText.format
        let screen = scene.screen
        var out = ""
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
        for label in layout.labels where labels {
            out +=
                "<text class=\"label\" x=\"\(n(label.origin.x))\" y=\"\(n(label.origin.y))\" data-box=\"\(box(label.box))\">\(esc(label.text))</text>\n"
        }
        let screenArea = max(1, screen.width * screen.height)
        // Outlines first (the keyboard's filled, under the others), markers last so that none is covered.
        for annotation in layout.annotations.sorted(by: { isKeyboard($0) && !isKeyboard($1) }) {
            let primary = annotation.roles[0]
            var classes = ["role", primary.cssClass]
            if let view = annotation.view {
                if view.isHidden {
                    classes.append("is-hidden")
                } else if view.alpha < 0.01 {
                    classes.append("is-transparent")
                }
                let area = abs(view.frame.width * view.frame.height)
                if annotation.roles.contains(.hit), area <= largestFilledShare * screenArea { classes.append("filled") }
            }
            out +=
                "<rect class=\"\(classes.joined(separator: " "))\" \(frame(annotation.frame))><title>\(esc(title(annotation, scene)))</title></rect>\n"
        }
        for touch in scene.touches {
            out +=
                "<g class=\"touch\"><circle cx=\"\(n(touch.x))\" cy=\"\(n(touch.y))\" r=\"\(n(touchRadius))\"/>"
            out += "<circle class=\"dot\" cx=\"\(n(touch.x))\" cy=\"\(n(touch.y))\" r=\"\(n(touchRadius * 3 / 11))\"/>"
            out += "<title>touch at (\(n(touch.x)), \(n(touch.y)))</title></g>\n"
        }
        return out
    }

    /// The legend: each marker's number with the roles of its view and the view's name, then the touches.
    static func legend(_ scene: Scene, layout: SceneLayout) -> String {
        let esc = Escape.html
        let n = NumberText.format
        var out = "<ol class=\"legend\">\n"
        for annotation in layout.annotations {
            let primary = annotation.roles[0].cssClass
            let roles = annotation.roles.map {
                "<b class=\"\($0.cssClass)\">\(esc($0.caption(touched: !scene.touches.isEmpty)))</b>"
            }
            out += "<li><span class=\"marker \(primary)\">\(annotation.number)</span> "
            out += roles.joined(separator: "; ")
            if let view = annotation.view {
                out += ": \(esc(name(view)))"
                let flags = self.flags(view)
                if !flags.isEmpty { out += " <span class=\"flags\">(\(esc(flags.joined(separator: ", "))))</span>" }
            } else {
                let f = annotation.frame
                out +=
                    " <span class=\"flags\">(\(n(f.minX)), \(n(f.minY)), \(n(abs(f.width)))×\(n(abs(f.height))))</span>"
            }
            out += "</li>\n"
        }
        for touch in scene.touches {
            out += "<li><span class=\"marker touch\"></span> touch at (\(n(touch.x)), \(n(touch.y)))</li>\n"
        }
        out += "</ol>"
        return out
    }

    private static func isKeyboard(_ annotation: SceneLayout.Annotation) -> Bool { annotation.view == nil }

    private static func frame(_ rect: Rect) -> String {
        let n = NumberText.format
        return
            "x=\"\(n(rect.minX))\" y=\"\(n(rect.minY))\" width=\"\(n(abs(rect.width)))\" height=\"\(n(abs(rect.height)))\""
    }

    private static func box(_ rect: Rect) -> String {
        let n = NumberText.format
        return "\(n(rect.minX)) \(n(rect.minY)) \(n(abs(rect.width))) \(n(abs(rect.height)))"
    }

    private static func title(_ annotation: SceneLayout.Annotation, _ scene: Scene) -> String {
        let roles = annotation.roles.map { $0.caption(touched: !scene.touches.isEmpty) }.joined(separator: "; ")
        return annotation.view.map { "\(annotation.number). \(roles): \(tooltip($0))" }
            ?? "\(annotation.number). \(roles)"
    }

    /// `Class "label"` (or the id when there is no label).
    private static func name(_ view: SceneView) -> String {
        view.label.map { "\(view.className) \"\($0)\"" } ?? "\(view.className) (\(view.id))"
    }

    private static func flags(_ view: SceneView) -> [String] {
        var flags: [String] = []
        if view.isHidden { flags.append("hidden") }
        if view.alpha < 1 { flags.append("alpha \(NumberText.format(view.alpha))") }
        if !view.isUserInteractionEnabled { flags.append("interaction off") }
        if !view.isEnabled { flags.append("disabled") }
        return flags
    }

    private static func tooltip(_ view: SceneView) -> String {
        var text = view.className
        if let label = view.label { text += " \"\(label)\"" }
        text += " (\(view.id))"
        let flags = self.flags(view)
        if !flags.isEmpty { text += ": " + flags.joined(separator: ", ") }
        return text
    }
}
