import Testing

@testable import ResponderCore

/// Section 2 of the semantics: hit testing, rule by rule.
@Suite struct HitTestingRuleTests {
    /// Background, a panel with a button inside.
    func form(_ configureButton: (inout ViewSpec) -> Void = { _ in }, panel: (inout ViewSpec) -> Void = { _ in })
        -> Harness
    {
        Harness([
            win(
                "w1",
                [
                    v(
                        "bg", "UIView", 0, 0, 390, 844,
                        [
                            v(
                                "panel", "UIView", 20, 100, 300, 200,
                                [
                                    v("btn", "UIButton", 10, 10, 100, 40, [], configureButton)
                                ], panel)
                        ])
                ])
        ])
    }

    @Test func H1_hitViewIsTheDeepestViewContainingThePoint() {
        let h = form()
        #expect(h.hit(40, 120) == "btn")
        #expect(h.hit(200, 250) == "panel")
        #expect(h.hit(5, 5) == "bg")
        #expect(h.hit(-1, 5) == nil)  // outside every window
    }

    @Test func H2_hiddenAncestorTakesItsWholeSubtreeWithIt() {
        let h = form(panel: { $0.isHidden = true })
        #expect(h.hit(40, 120) == "bg")
        let why = h.model.whyNotReached(screenPoint: Point(40, 120), view: h.ref("btn"))
        #expect(why == .blocked(blocker: h.ref("panel"), reason: .hidden))
    }

    @Test(arguments: [
        (0.01, false), (0.005, false), (0.0, false), (0.02, true), (0.010000000707805157, true), (1.0, true),
    ])
    func H3_alphaStoredAsFloat_0_01_isSkipped(alpha: Double, hittable: Bool) {
        let h = form({ $0.alpha = alpha })
        #expect(h.hit(40, 120) == (hittable ? "btn" : "panel"))
    }

    @Test func H3_DISAGREE_Cacao_alpha0_005IsNotHittable() {
        // Cacao only skips alpha == 0; UIKit skips anything below 0.01.
        let h = form({ $0.alpha = 0.005 })
        #expect(h.hit(40, 120) == "panel")
        #expect(
            h.model.whyNotReached(screenPoint: Point(40, 120), view: h.ref("btn"))
                == .blocked(blocker: h.ref("btn"), reason: .alphaBelowThreshold))
    }

    @Test func H4_userInteractionOffSkipsAndLabelsAndImageViewsDefaultToOff() {
        var h = form({ $0.isUserInteractionEnabled = false })
        #expect(h.hit(40, 120) == "panel")
        h = Harness([
            win(
                "w1",
                [
                    v(
                        "bg", "UIView", 0, 0, 390, 844,
                        [
                            v("label", "UILabel", 0, 0, 100, 40),
                            v("image", "MyApp.Avatar", 0, 100, 40, 40) { $0.baseClass = "UIImageView" },
                            v("tappableLabel", "UILabel", 200, 0, 100, 40) { $0.isUserInteractionEnabled = true },
                        ])
                ])
        ])
        #expect(h.hit(10, 10) == "bg")
        #expect(h.hit(10, 110) == "bg")
        #expect(h.hit(210, 10) == "tappableLabel")
    }

    @Test func H5_frontMostSubviewWins() {
        let h = Harness([win("w1", [v("back", "UIView", 0, 0, 100, 100), v("front", "UIView", 50, 50, 100, 100)])])
        #expect(h.hit(75, 75) == "front")
        #expect(h.hit(25, 25) == "back")
        #expect(
            h.model.whyNotReached(screenPoint: Point(75, 75), view: h.ref("back"))
                == .coveredBySibling(sibling: h.ref("front"), hitView: h.ref("front")))
    }

    @Test func H6_boundsAreHalfOpen_minEdgesIn_maxEdgesOut() {
        let h = form()  // btn at screen (30,110)-(130,150)
        #expect(h.hit(30, 110) == "btn")
        #expect(h.hit(130, 120) == "panel")
        #expect(h.hit(40, 150) == "panel")
        #expect(h.hit(129.999, 149.999) == "btn")
    }

    @Test func H6_DISAGREE_Cacao_maxEdgeIsNotInside() {
        let h = Harness([win("w1", [v("a", "UIView", 0, 0, 100, 100)])])
        #expect(h.hit(100, 50) == "w1")  // Cacao's inclusive test would say "a"
    }

    @Test func H6_emptyBoundsContainNothing() {
        let h = Harness([win("w1", [v("zero", "UIView", 10, 10, 0, 50, [v("child", "UIView", 0, 0, 50, 50)])])])
        #expect(h.hit(10, 20) == "w1")
    }

    @Test func H7_childOutsideParentBoundsIsUnreachableWhetherOrNotItClips() {
        for clips in [false, true] {
            let h = Harness([
                win(
                    "w1",
                    [
                        v("parent", "UIView", 0, 0, 100, 100, [v("overhang", "UIButton", 80, 80, 60, 60)]) {
                            $0.clipsToBounds = clips
                        }
                    ])
            ])
            #expect(h.hit(90, 90) == "overhang")
            #expect(h.hit(120, 120) == "w1")
            #expect(
                h.model.whyNotReached(screenPoint: Point(120, 120), view: h.ref("overhang"))
                    == .blocked(blocker: h.ref("parent"), reason: .outsideBounds))
        }
    }

    @Test func H8_boundsOriginScrollsContent() {
        // A scroll view scrolled down by 100: content row at content y 150 shows at screen y 50+150-100 = 100.
        let h = Harness([
            win(
                "w1",
                [
                    v(
                        "scroll", "UIScrollView", 0, 50, 390, 300,
                        [
                            v("row0", "UIView", 0, 0, 390, 60), v("row2", "UIView", 0, 150, 390, 60),
                        ]
                    ) { $0.bounds = Rect(0, 100, 390, 300) }
                ])
        ])
        #expect(h.hit(10, 110) == "row2")
        #expect(h.hit(10, 60) == "scroll")  // content y 110: between rows
        // row0 is scrolled out of the visible bounds: unreachable even though it is a child.
        #expect(
            h.model.reachability(of: h.ref("row0"))
                == .unreachable(
                    reason: .blocked(blocker: h.ref("scroll"), reason: .outsideBounds), probe: nil))
    }

    @Test func H8_DISAGREE_Cacao_pointInsideUsesBoundsOriginNotZero() {
        // bounds (50,50,100,100): screen (75,75) is local (125,125), inside the bounds; Cacao tests it against
        // (0,0,100,100) and misses. A child at content (100,100) shows at screen (50,50).
        let h = Harness([
            win(
                "w1",
                [
                    v("odd", "UIView", 0, 0, 100, 100, [v("child", "UIView", 100, 100, 20, 20)]) {
                        $0.bounds = Rect(50, 50, 100, 100)
                    }
                ])
        ])
        #expect(h.hit(75, 75) == "odd")
        #expect(h.hit(20, 20) == "odd")
        #expect(h.hit(55, 55) == "child")
    }

    @Test func H9_transformsApplyAboutTheCentre() {
        // A 200×20 bar rotated 90° about its centre (100,100) becomes a 20×200 vertical bar.
        let h = Harness([
            win(
                "w1",
                [
                    ViewSpec(
                        id: "bar", className: "UIButton", frame: nil,
                        properties: ViewProperties(
                            bounds: Rect(0, 0, 200, 20), center: Point(100, 100),
                            transform: .rotation(cos: 0, sin: 1)))
                ])
        ])
        #expect(h.hit(100, 20) == "bar")
        #expect(h.hit(100, 195) == "bar")
        #expect(h.hit(20, 100) == "w1")  // would hit without the transform
        // Scaled down to half: the 100×100 view keeps its centre (50,50) and covers (25..75).
        let s = Harness([win("w1", [v("small", "UIView", 0, 0, 100, 100) { $0.transform = .scale(0.5, 0.5) }])])
        #expect(s.hit(30, 30) == "small")
        #expect(s.hit(20, 20) == "w1")
        #expect(s.model.screenFrame(of: s.ref("small")) == Rect(25, 25, 50, 50))
    }

    @Test func H9_singularTransformHitsNothing() {
        let h = Harness([win("w1", [v("flat", "UIView", 0, 0, 100, 100) { $0.transform = .scale(0, 1) }])])
        #expect(h.hit(50, 50) == "w1")
    }

    @Test func H10_windowsByLevelFrontToBack_keyWindowPlaysNoRole() {
        let h = Harness([
            win("main", [v("bg", "UIView", 0, 0, 390, 844)], key: true),
            win(
                "alert", [v("alertBox", "UIView", 50, 300, 290, 200)], key: false, level: 2000,
                frame: Rect(0, 0, 390, 844)
            ) {
                $0.alpha = 1
            },
        ])
        #expect(h.hit(100, 400) == "alertBox")
        // The alert window's own background takes the rest of the screen (a window is a view, H10).
        #expect(h.hit(10, 10) == "alert")
        #expect(
            h.model.whyNotReached(screenPoint: Point(10, 10), view: h.ref("bg")) == .coveredByWindow(h.ref("alert")))
    }

    @Test func H10_hiddenOrNonInteractiveWindowIsSkipped_andSameLevelLaterIsInFront() {
        let h = Harness([
            win("a", [], key: true, frame: Rect(0, 0, 100, 100)),
            win("b", [], key: false, frame: Rect(0, 0, 100, 100)),
            win("c", [], key: false, level: 10, frame: Rect(0, 0, 100, 100)) { $0.isHidden = true },
        ])
        #expect(h.hit(50, 50) == "b")
    }

    @Test func H10_DISAGREE_flowkey_touchesAreNotLimitedToTheKeyWindow() {
        let h = Harness([
            win("key", [], key: true, frame: Rect(0, 0, 390, 844)),
            win("overlay", [], key: false, level: 1, frame: Rect(0, 700, 390, 144)),
        ])
        #expect(h.hit(100, 750) == "overlay")  // flowkey would hit-test only the key window
    }

    @Test func H11_disabledControlIsDeclinedWithItsSubtree_touchPassesBehind() {
        let h = form({
            $0.isEnabled = false
            $0.subviews = [v("icon", "UIView", 0, 0, 20, 20) { $0.isUserInteractionEnabled = true }]
        })
        #expect(h.hit(35, 115) == "panel")
        #expect(
            h.model.whyNotReached(screenPoint: Point(35, 115), view: h.ref("icon"))
                == .blocked(blocker: h.ref("btn"), reason: .disabledControl))
    }

    @Test func H11_DISAGREE_WinObjC_disabledControlDoesNotSwallowTheTouch() {
        var h = form({ $0.isEnabled = false })
        let s = h.tap("1", 40, 120)
        #expect(h.name(s.began.view) == "panel")
        #expect(h.delivered(s.began).first == "panel.began")
    }

    @Test func H11_disabledPlainViewIsStillHittable_isEnabledOnlyMattersForControls() {
        let h = Harness([win("w1", [v("plain", "UIView", 0, 0, 100, 100) { $0.isEnabled = false }])])
        #expect(h.hit(50, 50) == "plain")
    }

    @Test func H12_scrollViewsClipByDefault_hitTestingIsTheNormalAlgorithm() {
        let h = Harness([
            win("w1", [v("table", "UITableView", 0, 0, 390, 400, [v("cell", "UITableViewCell", 0, 0, 390, 44)])])
        ])
        #expect(h.model.info(h.ref("table"))?.clipsToBounds == true)
        #expect(h.hit(10, 10) == "cell")
    }
}
