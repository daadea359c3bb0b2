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
}
