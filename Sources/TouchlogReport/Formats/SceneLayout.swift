import ResponderCore

/// Where the annotations of a finding's picture go: a numbered marker on each view the finding names (the legend
/// beside the picture says what each number is), and the gray labels that help to find one's way, none of them
/// overlapping another or leaving the screen.
///
/// Text that names views lives in the legend, in the page's own type size, so it stays readable at any width
/// and never covers the wireframe; on the picture a marker sits on a corner of its view (or just outside a view
/// too small to hold it), so it is attached to the view it names.
struct SceneLayout {
    /// One view the finding names, with every role it plays.
    struct Annotation {
        var number: Int
        var roles: [Role]
        /// The view (nil for the keyboard, which is not a view of the scene).
        var view: SceneView?
        /// The annotated frame, in screen points.
        var frame: Rect
        /// The marker's centre.
        var marker: Point
        /// The frame the marker is attached to: ``frame``, or where the inset draws it (``Inset/map(_:)``) for a
        /// view too small to take a marker beside it.
        var markerFrame: Rect
    }

    /// A magnified copy of the part of the screen around the views too small for a marker (a 20-point badge),
    /// drawn where it covers none of the views the finding names: their markers go there, on the magnified views,
    /// instead of on top of the tiny ones and their neighbours.
    struct Inset {
        /// What is magnified, in screen points.
        var region: Rect
        /// Where the magnified copy is drawn, in screen points.
        var box: Rect

        var scale: Double { box.width / region.width }

        /// A rectangle of the screen as the inset draws it.
        func map(_ rect: Rect) -> Rect {
            Rect(
                box.minX + (rect.minX - region.minX) * scale, box.minY + (rect.minY - region.minY) * scale,
                rect.width * scale, rect.height * scale)
        }
    }

    enum Role: Equatable {
        case cause(SceneCause.Kind)
        case expected
        case hit
        case firstResponder
        case keyboard

        /// The CSS class of its outline, marker and legend entry.
        var cssClass: String {
            switch self {
            case .cause: "cause"
            case .expected: "expected"
            case .hit: "hit"
            case .firstResponder: "first-responder"
            case .keyboard: "keyboard"
            }
        }

        /// What the legend calls it. A picture without a touch (a control no tap can reach, found in a snapshot)
        /// says what would happen to one, never what "the touch" did: there was none.
        func caption(touched: Bool) -> String {
            switch self {
            case .cause(let kind):
                switch kind {
                case .recognizer(let className):
                    touched ? "its \(className) cancelled the touch" : "its \(className) cancels a touch on it"
                case .inFront: touched ? "in front: took the touch" : "in front: covers it, so a tap goes here"
                case .clipsBounds:
                    touched
                        ? "its bounds clip the control: the touch fell outside them"
                        : "its bounds clip the control: hit testing never looks outside them"
                case .hidden: "hidden: hit testing passes it over"
                case .transparent: "alpha below 0.01: hit testing passes it over"
                case .interactionOff: "user interaction off: hit testing passes it over"
                case .disabled: "disabled control: hit testing passes it over"
                }
            case .expected: touched ? "should have received the touch" : "should be reachable by a tap: none reaches it"
            case .hit: touched ? "hit view: received the touch" : "hit view: where a tap goes"
            case .firstResponder: "first responder"
            case .keyboard: "keyboard"
            }
        }
    }

    /// A gray label of a view, for orientation only.
    struct Label {
        var text: String
        /// Where the text starts (its baseline).
        var origin: Point
        var box: Rect
    }

    /// The marker's radius, in screen points (about 9 px in a 300 px wide picture of a 393-point screen).
    static let markerRadius = 12.0
    /// How far outside its view a marker may sit and still be attached to it.
    static let attachment = markerRadius + 4
    static let labelFontSize = 13.0
    /// The touch's drawn circle (``SceneSVG``).
    static let touchRadius = 11.0

    let screen: Size
    var annotations: [Annotation] = []
    var labels: [Label] = []
    var inset: Inset?

    /// A view narrower or lower than this cannot hold a marker, and one beside it covers its neighbours.
    static let smallestMarked = 2 * markerRadius + 8
    /// How much the inset magnifies at most, and its share of the screen's width.
    static let maximumZoom = 4.0
    static let insetWidthShare = 0.45

    init(_ scene: Scene) {
        screen = scene.screen
        var roles: [(String?, Role)] = [
            (scene.expectedView, .expected), (scene.hitView, .hit), (scene.firstResponder, .firstResponder),
        ]
        if let cause = scene.cause { roles.insert((cause.view, .cause(cause.kind)), at: 0) }
        for (id, role) in roles {
            guard let view = scene.view(id) else { continue }
            if let k = annotations.firstIndex(where: { $0.view?.id == view.id }) {
                annotations[k].roles.append(role)
            } else {
                annotations.append(
                    Annotation(
                        number: annotations.count + 1, roles: [role], view: view, frame: view.frame,
                        marker: Point(0, 0), markerFrame: view.frame))
            }
        }
        if let keyboard = scene.keyboardFrame {
            annotations.append(
                Annotation(
                    number: annotations.count + 1, roles: [.keyboard], view: nil, frame: keyboard, marker: Point(0, 0),
                    markerFrame: keyboard))
        }
        inset = Self.inset(for: annotations, touches: scene.touches, screen: scene.screen)
        if let inset {
            for k in annotations.indices where Self.isSmall(annotations[k]) {
                annotations[k].markerFrame = inset.map(annotations[k].frame)
            }
        }
        // The touches stay visible: no marker or label covers one.
        var taken: [Rect] = scene.touches.map {
            Rect($0.x - Self.touchRadius, $0.y - Self.touchRadius, 2 * Self.touchRadius, 2 * Self.touchRadius)
        }
        // Nothing of the full-size picture goes under the inset; the inset's own touches stay visible too.
        if let inset {
            taken.append(inset.box)
            taken += scene.touches.filter { inset.region.contains($0) }.map {
                let centre = Point(
                    inset.box.minX + ($0.x - inset.region.minX) * inset.scale,
                    inset.box.minY + ($0.y - inset.region.minY) * inset.scale)
                return Rect(
                    centre.x - Self.touchRadius, centre.y - Self.touchRadius, 2 * Self.touchRadius, 2 * Self.touchRadius
                )
            }
        }
        for k in annotations.indices {
            let inInset = inset != nil && Self.isSmall(annotations[k])
            annotations[k].marker = place(
                around: annotations[k].markerFrame, avoiding: inInset ? taken.filter { $0 != inset?.box } : taken)
            taken.append(Self.box(ofMarker: annotations[k].marker))
        }
        let named = Set(annotations.compactMap { $0.view?.id })
        for view in scene.views where view.depth > 0 && !named.contains(view.id) && view.frame.height >= 20 {
            guard let label = view.label, !label.isEmpty else { continue }
            let text = label.count > 28 ? String(label.prefix(27)) + "…" : label
            let origin = Point(view.frame.minX + 4, view.frame.minY + 15)
            let box = Rect(origin.x, origin.y - Self.labelFontSize, Self.width(of: text), Self.labelFontSize + 3)
            // A label that would cover a marker, another label or leave the screen is left out: the legend and
            // the tooltips still say what the view is.
            guard box.maxX <= screen.width, box.maxY <= screen.height, !taken.contains(where: { $0.intersects(box) })
            else { continue }
            labels.append(Label(text: text, origin: origin, box: box))
            taken.append(box)
        }
    }

    /// Whether a view the finding names is too small for a marker of its own.
    static func isSmall(_ annotation: Annotation) -> Bool {
        annotation.view != nil
            && (abs(annotation.frame.width) < smallestMarked || abs(annotation.frame.height) < smallestMarked)
    }

    /// The inset for the small views the finding names, nil when there are none: the region around them (and the
    /// touches near them) with a margin, magnified up to ``maximumZoom`` into a box at a corner of the screen that
    /// covers none of the named views, their region or the touches (the first such corner, else the first that
    /// leaves the region visible).
    static func inset(for annotations: [Annotation], touches: [Point], screen: Size) -> Inset? {
        let small = annotations.filter(isSmall).map(\.frame)
        guard var region = small.first, screen.width > 0, screen.height > 0 else { return nil }
        for frame in small.dropFirst() { region = region.union(frame) }
        for touch in touches where distance(from: touch, to: region) <= 2 * markerRadius {
            region = region.union(Rect(touch.x - touchRadius, touch.y - touchRadius, 2 * touchRadius, 2 * touchRadius))
        }
        let margin = 2 * markerRadius
        region = Rect(region.minX - margin, region.minY - margin, region.width + 2 * margin, region.height + 2 * margin)
        let width = screen.width * insetWidthShare
        let scale = min(maximumZoom, width / region.width)
        guard scale > 1.5 else { return nil }  // too wide to gain from magnifying: the markers go as they are
        let size = Size(region.width * scale, region.height * scale)
        guard size.height <= screen.height / 2 else { return nil }
        let gap = 8.0
        let corners = [
            Point(gap, screen.height - size.height - gap),
            Point(screen.width - size.width - gap, screen.height - size.height - gap),
            Point(gap, gap), Point(screen.width - size.width - gap, gap),
        ].map { Rect($0.x, $0.y, size.width, size.height) }
        let avoid =
            annotations.map(\.frame).filter { $0.width * $0.height < screen.width * screen.height / 4 }
            + touches.map { Rect($0.x - touchRadius, $0.y - touchRadius, 2 * touchRadius, 2 * touchRadius) } + [region]
        let box =
            corners.first { corner in !avoid.contains { $0.intersects(corner) } }
            ?? corners.first { !$0.intersects(region) }
        return box.map { Inset(region: region, box: $0) }
    }

    /// The square a marker covers.
    static func box(ofMarker centre: Point) -> Rect {
        Rect(centre.x - markerRadius, centre.y - markerRadius, 2 * markerRadius, 2 * markerRadius)
    }

    /// A generous estimate of a label's width in the page's sans-serif at ``labelFontSize``.
    static func width(of text: String) -> Double { Double(text.count) * labelFontSize * 0.62 }

    /// The first place for a marker, among the corners of `frame` (inside), then just outside its edges, then
    /// along its edges, that stays on screen, stays attached to `frame` and covers nothing already placed.
    private func place(around frame: Rect, avoiding taken: [Rect]) -> Point {
        let r = Self.markerRadius
        let inset = r + 3
        var candidates = [
            Point(frame.minX + inset, frame.minY + inset), Point(frame.maxX - inset, frame.minY + inset),
            Point(frame.minX + inset, frame.maxY - inset), Point(frame.maxX - inset, frame.maxY - inset),
            Point(frame.minX + r, frame.minY - inset), Point(frame.maxX + inset, frame.minY + r),
            Point(frame.minX - inset, frame.minY + r), Point(frame.minX + r, frame.maxY + inset),
        ]
        let step = 2 * r + 4
        for x in stride(from: frame.minX + inset + step, to: frame.maxX - inset, by: step) {
            candidates += [Point(x, frame.minY + inset), Point(x, frame.maxY - inset)]
        }
        for y in stride(from: frame.minY + inset + step, to: frame.maxY - inset, by: step) {
            candidates += [Point(frame.minX + inset, y), Point(frame.maxX - inset, y)]
        }
        let fits = candidates.filter { centre in
            centre.x >= r && centre.y >= r && centre.x <= screen.width - r && centre.y <= screen.height - r
                && Self.distance(from: centre, to: frame) <= Self.attachment
        }
        return fits.first { centre in !taken.contains { $0.intersects(Self.box(ofMarker: centre)) } }
            ?? fits.first
            ?? Point(min(max(frame.minX, r), screen.width - r), min(max(frame.minY, r), screen.height - r))
    }

    /// How far `point` lies outside `rect` (0 inside).
    static func distance(from point: Point, to rect: Rect) -> Double {
        let dx = max(rect.minX - point.x, 0, point.x - rect.maxX)
        let dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}

extension Rect {
    /// The smallest rectangle holding both.
    func union(_ other: Rect) -> Rect {
        let x = min(minX, other.minX)
        let y = min(minY, other.minY)
        return Rect(x, y, max(maxX, other.maxX) - x, max(maxY, other.maxY) - y)
    }

    /// Whether the two rectangles share more than an edge.
    func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
