import Foundation
import ResponderCore
import Testing
import TouchlogPipeline

@testable import TouchlogReport

/// The HTML report's pictures, checked on the SVG it writes: every finding has one, no marker or label covers
/// another (or a touch), every marker sits on the view it numbers, a large hit view is outlined rather than
/// filled, and the cause of a problem is drawn and named.
@Suite struct ScenePictureTests {
    /// The `data-box` rectangles of one SVG (markers and labels), and each marker's `data-frame`.
    struct Boxes {
        var boxes: [Rect] = []
        var markers: [(box: Rect, frame: Rect)] = []
        var viewBox: Rect
    }

    static func rect(_ text: Substring) -> Rect {
        let numbers = text.split(separator: " ").compactMap { Double($0) }
        return Rect(numbers[0], numbers[1], numbers[2], numbers[3])
    }

    static func boxes(inSVG svg: Substring) throws -> Boxes {
        let viewBox = try #require(svg.firstMatch(of: /viewBox="([^"]+)"/)).output.1
        var result = Boxes(viewBox: rect(viewBox))
        for match in svg.matches(of: /data-box="([^"]+)"( data-frame="([^"]+)")?/) {
            let box = rect(match.output.1)
            result.boxes.append(box)
            if let frame = match.output.3 { result.markers.append((box, rect(frame))) }
        }
        return result
    }

    static func svgs(in html: String) -> [Substring] {
        // Up to the caption: a picture with an inset holds a nested <svg>.
        html.matches(of: /<svg[^>]*class="scene"[\s\S]*?<\/svg>(?=\n<figcaption>)/).map(\.output)
    }

    /// The HTML report of every sample log (recordings and imported dumps alike).
    static let reports: [(file: String, html: String)] = {
        SampleLogReport.files.compactMap { file in
            guard let output = try? SampleLogReport.run(file: file, rules: RuleRegistry.all, formats: [.html])[.html]
            else { return nil }
            return (file, output.stdout)
        }
    }()

    @Test func everyFindingOfTheSampleLogsHasAPicture() {
        #expect(Self.reports.count == SampleLogReport.files.count)
        var problems = 0
        for (file, html) in Self.reports {
            let sections = html.matches(of: /<section class="problem/).count
            problems += sections
            #expect(Self.svgs(in: html).count == sections, "\(file)")
            #expect(!html.contains("no-scene\">"), "\(file)")
        }
        // The imported dumps' findings too (they have no device.screen): at least one problem per dump.
        #expect(problems >= 12)
    }

    @Test func noMarkerOrLabelOverlapsAnotherAndEveryMarkerSitsOnItsView() throws {
        var checked = 0
        for (file, html) in Self.reports {
            for svg in Self.svgs(in: html) {
                let found = try Self.boxes(inSVG: svg)
                for i in found.boxes.indices {
                    for j in found.boxes.indices where j > i {
                        #expect(
                            !found.boxes[i].intersects(found.boxes[j]),
                            "\(file): \(found.boxes[i]) and \(found.boxes[j])")
                    }
                    let box = found.boxes[i]
                    #expect(
                        box.minX >= 0 && box.minY >= 0 && box.maxX <= found.viewBox.maxX + 0.001,
                        "\(file): \(box) leaves the screen")
                }
                for marker in found.markers {
                    let centre = Point(marker.box.midX, marker.box.midY)
                    #expect(
                        SceneLayout.distance(from: centre, to: marker.frame) <= SceneLayout.attachment,
                        "\(file): marker at \(centre) is not on its view \(marker.frame)")
                }
                checked += found.markers.count
            }
        }
        #expect(checked >= 20)
    }

    @Test func theCauseIsDrawnAndNamed() throws {
        let toast = try #require(Self.reports.first { $0.file.hasPrefix("09-") }).html
        #expect(toast.contains("class=\"marker cause\""))
        #expect(toast.contains("<b class=\"cause\">in front: took the touch</b>"))
        let swallowed = try #require(Self.reports.first { $0.file.hasPrefix("07-") }).html
        #expect(swallowed.contains("<b class=\"cause\">its UITapGestureRecognizer cancelled the touch</b>"))
        let clipped = try #require(Self.reports.first { $0.file.hasPrefix("11-") }).html
        #expect(clipped.contains("its bounds clip the control"))
    }

    // MARK: The layout on its own

    static func view(_ id: String, _ frame: Rect, depth: Int = 2, label: String? = nil) -> SceneView {
        SceneView(id: id, className: "UIView", label: label, frame: frame, depth: depth)
    }

    @Test func aHitViewCoveringTheScreenIsOutlinedNotFilled() {
        let screen = Size(390, 844)
        let root = Self.view("root", Rect(0, 0, 390, 844), depth: 1)
        let button = Self.view("button", Rect(20, 700, 100, 44))
        for (hit, filled) in [("root", false), ("button", true)] {
            let scene = Scene(screen: screen, t: 1, views: [root, button], touches: [Point(60, 720)], hitView: hit)
            let svg = SceneSVG.svg(scene, layout: SceneLayout(scene))
            let outline = svg.firstMatch(of: /<rect class="role hit([^"]*)"/)?.output.1 ?? ""
            #expect(outline.contains("filled") == filled, "hit view \(hit)")
        }
    }

    @Test func crowdedRolesOnOneSmallViewStillDoNotOverlap() {
        // Four roles on three tiny neighbouring views, a keyboard, a touch right on them and labelled views around.
        let screen = Size(390, 844)
        var views = [Self.view("root", Rect(0, 0, 390, 844), depth: 1)]
        views.append(Self.view("a", Rect(100, 100, 20, 20), label: "First tiny label that is long"))
        views.append(Self.view("b", Rect(121, 100, 20, 20), label: "Second"))
        views.append(Self.view("c", Rect(100, 121, 20, 20), label: "Third"))
        for k in 0..<10 {
            views.append(Self.view("row\(k)", Rect(0, 150 + Double(k) * 30, 390, 30), label: "Row \(k)"))
        }
        var scene = Scene(
            screen: screen, t: 1, views: views, touches: [Point(110, 110)], hitView: "a", expectedView: "b",
            firstResponder: "c", keyboardFrame: Rect(0, 508, 390, 336))
        scene.cause = SceneCause(view: "row0", kind: .inFront)
        let layout = SceneLayout(scene)
        #expect(layout.annotations.count == 5)
        let boxes = layout.annotations.map { SceneLayout.box(ofMarker: $0.marker) } + layout.labels.map(\.box)
        let touch = Rect(110 - 11, 110 - 11, 22, 22)
        for i in boxes.indices {
            #expect(!boxes[i].intersects(touch), "\(boxes[i]) covers the touch")
            for j in boxes.indices where j > i {
                #expect(!boxes[i].intersects(boxes[j]), "\(boxes[i]) and \(boxes[j])")
            }
        }
        for annotation in layout.annotations {
            #expect(SceneLayout.distance(from: annotation.marker, to: annotation.frame) <= SceneLayout.attachment)
        }
    }

    @Test func oneViewWithSeveralRolesGetsOneMarkerNamingThemAll() {
        let scene = Scene(
            screen: Size(390, 844), t: 1, views: [Self.view("button", Rect(20, 700, 100, 44), label: "Continue")],
            touches: [Point(60, 720)], expectedView: "button", cause: SceneCause(view: "button", kind: .disabled))
        let layout = SceneLayout(scene)
        #expect(layout.annotations.count == 1)
        #expect(layout.annotations[0].roles == [.cause(.disabled), .expected])
        let legend = SceneSVG.legend(scene, layout: layout)
        #expect(
            legend.contains(
                "disabled control: hit testing passes it over</b>; <b class=\"expected\">should have received the touch</b>: UIView &quot;Continue&quot;"
            ))
    }

    /// Issue 27, item 22: a picture without a touch (a control no tap can reach, found in a snapshot) says what
    /// would happen to a tap, never what "the touch" did. Every sample finding of unreachable_control is checked.
    @Test func aLegendWithoutATouchNeverSpeaksOfTheTouch() throws {
        var checked = 0
        for (file, html) in Self.reports {
            for section in html.split(separator: "<section class=\"problem").dropFirst()
            where section.contains("unreachable_control</code>") {
                let legend = try #require(section.firstMatch(of: /<ol class="legend">[\s\S]*?<\/ol>/)).output
                #expect(!legend.contains("the touch"), "\(file): \(legend)")
                #expect(!legend.contains("touch at"), "\(file): no touch is drawn")
                checked += 1
            }
        }
        #expect(checked >= 4)
        let covered = Scene(
            screen: Size(390, 844), t: 1,
            views: [
                Self.view("save", Rect(20, 700, 100, 44), label: "Save"), Self.view("toast", Rect(0, 650, 390, 150)),
            ],
            expectedView: "save", cause: SceneCause(view: "toast", kind: .inFront))
        let legend = SceneSVG.legend(covered, layout: SceneLayout(covered))
        #expect(legend.contains("<b class=\"cause\">in front: covers it, so a tap goes here</b>"))
        #expect(legend.contains("<b class=\"expected\">should be reachable by a tap: none reaches it</b>"))
    }

    /// Issue 27, item 22: a 20-point badge outside its card (sample 11's "Remove photo") is too small for a marker
    /// beside it without covering it and its neighbours. Its marker goes on a magnified copy in an inset, drawn where
    /// it covers none of the named views; no marker covers a small named view on the picture itself.
    @Test func smallControlsAreZoomedInAnInset() throws {
        let clipped = try #require(Self.reports.first { $0.file.hasPrefix("11-") }).html
        let svg = try #require(Self.svgs(in: clipped).first)
        #expect(svg.contains("<svg class=\"inset\""))
        let screen = Size(393, 852)
        let card = Self.view("card", Rect(20, 300, 84, 84), label: "Photo 1")
        let badge = Self.view("badge", Rect(94, 290, 20, 20), label: "Remove photo")
        let row = Self.view("row", Rect(12, 280, 369, 120), depth: 1)
        let scene = Scene(
            screen: screen, t: 1, views: [row, card, badge], touches: [Point(105, 300)], hitView: "row",
            expectedView: "badge", cause: SceneCause(view: "card", kind: .clipsBounds))
        let layout = SceneLayout(scene)
        let inset = try #require(layout.inset)
        let marked = try #require(layout.annotations.first { $0.view?.id == "badge" })
        #expect(inset.box.contains(marked.marker))
        #expect(!inset.box.intersects(badge.frame) && !inset.box.intersects(card.frame))
        for annotation in layout.annotations {
            #expect(
                !SceneLayout.box(ofMarker: annotation.marker).intersects(badge.frame), "marker \(annotation.number)")
        }
        // Without a small view there is no inset.
        let large = Scene(screen: screen, t: 1, views: [row, card], hitView: "row", expectedView: "card")
        #expect(SceneLayout(large).inset == nil)
    }
}
