import Testing

@testable import ResponderCore

/// Section 15 of part 2 of the semantics: which drags a scroll view takes (SC7, SC10–SC12).
@Suite struct ScrollViewRuleTests {
    /// A 390 × 600 scroll view `list` holding a row `row` (a plain view) and a button `btn`; `configure` sets its
    /// scrolling fields.
    func list(_ configure: @escaping (inout ViewSpec) -> Void) -> Harness {
        Harness([
            win(
                "w1",
                [
                    v(
                        "list", "UITableView", 0, 0, 390, 600,
                        [v("row", "UIView", 0, 0, 390, 44), v("btn", "UIButton", 0, 100, 100, 44)],
                        configure)
                ])
        ])
    }

    /// A drag by (dx, dy) from (50, y), after the content-touch delay so the content tracks it: the row at y 20,
    /// the button at y 120.
    func drag(_ h: inout Harness, dx: Double, dy: Double, from y: Double = 20) -> [String] {
        h.touch("1", .began, 50, y)
        h.send(.advanceTime, dt: 0.2)
        return h.gestures(h.touch("1", .moved, 50 + dx, y + dy))
    }

    @Test func SC10_aScrollViewWithScrollingDisabledTakesNoTouch() {
        var h = list { $0.isScrollEnabled = false }
        #expect(h.gestures(h.touch("1", .began, 100, 20)) == [])  // its pan is not even offered the touch
        #expect(h.gestures(h.touch("1", .moved, 100, 80)) == [])
        var on = list { _ in }
        #expect(on.gestures(on.touch("1", .began, 100, 20)) == ["list#pan:possible"])
    }

    @Test func SC11_aDragScrollsOnlyAlongAnAxisTheContentExceeds() {
        // 900 pt of content in 600 pt of bounds: vertical drags scroll, horizontal ones do not.
        var vertical = list { $0.contentSize = Size(390, 900) }
        #expect(drag(&vertical, dx: 0, dy: 50) == ["list#pan:began"])
        var sideways = list { $0.contentSize = Size(390, 900) }
        #expect(drag(&sideways, dx: 50, dy: 0) == ["list#pan:failed"])
        // Content that fits does not scroll, unless the insets make it exceed the bounds or it always bounces.
        var fits = list { $0.contentSize = Size(390, 500) }
        #expect(drag(&fits, dx: 0, dy: 50) == ["list#pan:failed"])
        var inset = list {
            $0.contentSize = Size(390, 500)
            $0.adjustedContentInset = EdgeInsets(top: 103, left: 0, bottom: 34, right: 0)
        }
        #expect(drag(&inset, dx: 0, dy: 50) == ["list#pan:began"])
        var bounces = list {
            $0.contentSize = Size(390, 500)
            $0.alwaysBounceVertical = true
        }
        #expect(drag(&bounces, dx: 0, dy: 50) == ["list#pan:began"])
        // Without a recorded content size, as before the field existed, any drag scrolls.
        var unknown = list { _ in }
        #expect(drag(&unknown, dx: 50, dy: 0) == ["list#pan:began"])
    }

    @Test func SC12_aCrossDirectionalDragGoesToTheEnclosingScrollViewThatScrollsThatWay() {
        // A horizontal carousel inside a vertical feed: a vertical drag on the carousel scrolls the feed.
        func feed() -> Harness {
            Harness([
                win(
                    "w1",
                    [
                        v(
                            "feed", "UIScrollView", 0, 0, 390, 600,
                            [
                                v(
                                    "carousel", "UICollectionView", 0, 100, 390, 200,
                                    [v("card", "UIView", 0, 0, 300, 200)]
                                ) {
                                    $0.contentSize = Size(1500, 200)
                                }
                            ]
                        ) { $0.contentSize = Size(390, 3000) }
                    ])
            ])
        }
        var h = feed()
        h.touch("1", .began, 100, 150)
        #expect(h.gestures(h.touch("1", .moved, 102, 200)) == ["carousel#pan:failed", "feed#pan:began"])
        var across = feed()
        across.touch("2", .began, 100, 150)
        #expect(across.gestures(across.touch("2", .moved, 150, 152)) == ["carousel#pan:began", "feed#pan:failed"])
    }

    @Test func SC7_anOverrideOfTouchesShouldCancelDecidesForTrackingControls() {
        // UIKit's default: the button tracking the touch keeps it, the list does not scroll (SC6).
        var standard = list { _ in }
        #expect(drag(&standard, dx: 0, dy: 50, from: 120) == ["list#pan:failed"])
        // The usual override: a drag that starts on a button scrolls, and the button's touch is cancelled.
        var always = list { $0.touchesShouldCancel = .always }
        #expect(drag(&always, dx: 0, dy: 50, from: 120) == ["list#pan:began"])
        // `never`: not even a plain row gives its touch up.
        var never = list { $0.touchesShouldCancel = .never }
        #expect(drag(&never, dx: 0, dy: 50) == ["list#pan:failed"])
    }

    /// SC1, GR10: a scroll view that zooms (maximum zoom scale above the minimum) has its own pinch recognizer, which
    /// takes a two-finger pinch from the content (cancelling the photo's touches) while its pan may pan along; one
    /// that does not zoom has no pinch, and the same fingers stay the content's.
    @Test func SC1_aZoomingScrollViewTakesAPinchWithItsOwnRecognizer() {
        func photo(zooms: Bool) -> Harness {
            Harness([
                win(
                    "w1",
                    [
                        v("viewer", "UIScrollView", 0, 0, 390, 600, [v("photo", "UIView", 0, 0, 390, 600)]) {
                            $0.contentSize = Size(390, 600)
                            if zooms { $0.maximumZoomScale = 4 }
                        }
                    ])
            ])
        }
        var zooming = photo(zooms: true)
        zooming.touch("1", .began, 150, 300)
        zooming.touch("2", .began, 240, 300, dt: 0)
        zooming.send(.advanceTime, dt: 0.2)
        let spread = zooming.touch("2", .moved, 280, 300)
        #expect(zooming.gestures(spread).contains("viewer#pinch:began"))
        // The first finger's touch only: the photo is not multi-touch, so the second never reached it (D5).
        #expect(spread.cancellations.map { zooming.name($0.view) } == ["photo"])
        var flat = photo(zooms: false)
        flat.touch("1", .began, 150, 300)
        flat.touch("2", .began, 240, 300, dt: 0)
        flat.send(.advanceTime, dt: 0.2)
        let same = flat.touch("2", .moved, 280, 300)
        #expect(!flat.gestures(same).contains { $0.hasPrefix("viewer#pinch") })
        #expect(same.cancellations.isEmpty)
        #expect(flat.model.ref(for: "viewer#pinch") == nil)
    }
}
