import Testing

@testable import ResponderCore

/// Explanations, reachability, differences, re-synchronisation and depth.
@Suite struct ModelTests {
    func screen() -> Harness {
        Harness(
            [
                win(
                    "w1",
                    [
                        v(
                            "root", "UIView", 0, 0, 390, 844,
                            [
                                v("hiddenPanel", "UIView", 0, 0, 390, 100, [v("lostBtn", "UIButton", 0, 0, 50, 50)]) {
                                    $0.isHidden = true
                                },
                                v(
                                    "card", "UIView", 0, 100, 200, 200,
                                    [
                                        v("btn", "UIButton", 10, 10, 100, 40),
                                        v("peek", "UIButton", 150, 10, 100, 40),  // half outside card
                                    ]),
                                v("cover", "UIView", 0, 250, 390, 100),
                                v("underCover", "UIButton", 0, 0, 10, 10),
                            ])
                    ])
            ], controllers: [ControllerSpec(id: "vc", className: "VC", view: "root")])
    }

    @Test func explanationListsEveryVisitedViewInOrderWithReasons() {
        let h = screen()
        let e = h.model.explainHitTest(screenPoint: Point(20, 120))
        let lines = e.visits.map { "\(h.model.id(of: $0.view)):\($0.verdict)" }
        #expect(
            lines == [
                "w1:searchedSubviews", "root:searchedSubviews",
                "underCover:passed(ResponderCore.PassReason.outsideBounds)",
                "cover:passed(ResponderCore.PassReason.outsideBounds)",
                "card:searchedSubviews",
                "peek:passed(ResponderCore.PassReason.outsideBounds)",
                "btn:hit",
                "hiddenPanel:behindSibling(ResponderCore.ObjectRef.view(\(h.ref("card").handle)))",
            ])
        #expect(e.path.map { h.model.id(of: $0) } == ["w1", "root", "card", "btn"])
        let text = h.model.describe(e)
        #expect(text.contains("UIView (hiddenPanel) at (20, 120): not asked: card in front took the point"))
        #expect(text.contains("responder chain: btn > card > root > vc > w1 > application"))
    }

    /// Issue 27, item 4: a sibling that was not asked was listed between a view and its hit subtree, so that the
    /// indented listing put the hit view under the wrong parent. Each visit's parent is now the nearest earlier
    /// visit one level up, at every depth.
    @Test func everyVisitIsListedUnderItsParent() {
        let h = screen()
        for point in [Point(20, 120), Point(160, 120), Point(10, 260), Point(5, 5)] {
            let visits = h.model.explainHitTest(screenPoint: point).visits
            for (index, visit) in visits.enumerated() where visit.depth > 0 {
                let listedUnder = visits[..<index].last { $0.depth == visit.depth - 1 }?.view
                #expect(listedUnder == h.model.info(visit.view)?.parent, "\(h.model.id(of: visit.view)) at \(point)")
            }
        }
    }

    @Test func whyNotReachedNamesTheBlocker() {
        let h = screen()
        #expect(
            h.model.whyNotReached(screenPoint: Point(10, 10), view: h.ref("lostBtn"))
                == .blocked(blocker: h.ref("hiddenPanel"), reason: .hidden))
        #expect(
            h.model.whyNotReached(screenPoint: Point(220, 120), view: h.ref("peek"))
                == .blocked(blocker: h.ref("card"), reason: .outsideBounds))
        #expect(h.model.whyNotReached(screenPoint: Point(160, 120), view: h.ref("peek")) == .reached)
        #expect(
            h.model.whyNotReached(screenPoint: Point(20, 120), view: h.ref("card")) == .reachedDescendant(h.ref("btn")))
        let a = h.model.whyNotReached(screenPoint: Point(10, 260), view: h.ref("card"))
        #expect(a == .coveredBySibling(sibling: h.ref("cover"), hitView: h.ref("cover")))
        #expect(
            h.model.describe(a, view: h.ref("card"))
                == "UIView (cover) in front takes the point (hit view UIView (cover))")
    }

    @Test func reachabilityFindsAnExactPointOrExplainsWhyNone() {
        let h = screen()
        #expect(h.model.reachability(of: h.ref("btn")) == .reachable(Point(60, 130)))
        if case .reachable(let p) = h.model.reachability(of: h.ref("peek")) {
            #expect(p.x < 200)
        } else {
            Issue.record("peek is reachable left of x=200")
        }
        guard case .unreachable(let why, _) = h.model.reachability(of: h.ref("lostBtn")) else {
            Issue.record("lostBtn")
            return
        }
        #expect(why == .blocked(blocker: h.ref("hiddenPanel"), reason: .hidden))
        // Covered except for a 1-point sliver: still reachable, found exactly.
        let sliver = Harness([win("w1", [v("target", "UIButton", 0, 0, 100, 100), v("top", "UIView", 0, 0, 100, 99)])])
        #expect(sliver.model.reachability(of: sliver.ref("target")) == .reachable(Point(50, 99.5)))
        let covered = Harness([
            win(
                "w1",
                [
                    v("target", "UIButton", 0, 0, 100, 100), v("a", "UIView", 0, 0, 50, 100),
                    v("b", "UIView", 50, 0, 50, 100),
                ])
        ])
        guard case .unreachable(let c, _) = covered.model.reachability(of: covered.ref("target")) else {
            Issue.record("covered")
            return
        }
        #expect(c == .coveredBySibling(sibling: covered.ref("b"), hitView: covered.ref("b")))
    }

    @Test func differencesListWhatALaterSnapshotSaysDifferently() {
        var h = screen()
        h.send(.call(responder: "btn", method: .becomeFirstResponder, force: false))  // refused: not a responder
        var later = HierarchySpec(
            windows: [
                win(
                    "w1",
                    [
                        v(
                            "root", "UIView", 0, 0, 390, 844,
                            [
                                v(
                                    "card", "UIView", 0, 100, 200, 200,
                                    [
                                        v("btn", "UIButton", 10, 10, 100, 40) { $0.isHidden = true },
                                        v("peek", "UIButton", 150, 20, 100, 40),
                                        v("newField", "UITextField", 0, 100, 100, 40) { $0.isFirstResponder = true },
                                    ]),
                                v("cover", "UIView", 0, 250, 390, 100) { $0.alpha = 0.3 },
                                v("underCover", "UIButton", 0, 0, 10, 10),
                            ])
                    ])
            ], controllers: [ControllerSpec(id: "vc", className: "VC", view: "root")])
        later.windows[0].isKeyWindow = true
        let d = h.model.differences(from: later).map(\.description)
        #expect(
            d == [
                "field isHidden of \"btn\": model false, snapshot true",
                "field frame of \"peek\": model [150, 10, 100, 40], snapshot [150, 20, 100, 40]",
                "view \"newField\" is in the snapshot but not in the model",
                "field alpha of \"cover\": model 1, snapshot 0.3",
                "view \"hiddenPanel\" is in the model but not in the snapshot",
                "view \"lostBtn\" is in the model but not in the snapshot",
                "firstResponder of \"w1\": model null, snapshot newField",
            ])
        // What replay compares: the first responders and the key window alone.
        #expect(
            h.model.responderDifferences(from: later).map(\.description) == [
                "firstResponder of \"w1\": model null, snapshot newField"
            ])
        #expect(h.model.differences(from: HierarchySpec(windows: [win("w1", [])])).count == 8)
    }

    @Test func snapshotResynchronisesKeepingHandlesAndTouchesInFlight() {
        var h = screen()
        let card = h.ref("card")
        h.touch("1", .began, 20, 120)
        let s = h.send(
            .snapshot(
                HierarchySpec(
                    windows: [
                        win(
                            "w1",
                            [
                                v(
                                    "root", "UIView", 0, 0, 390, 844,
                                    [
                                        v(
                                            "card", "UIView", 0, 100, 200, 200,
                                            [
                                                v("btn", "UIButton", 10, 10, 100, 40),
                                                v("f", "UITextField", 0, 100, 100, 40) { $0.isFirstResponder = true },
                                            ])
                                    ])
                            ])
                    ], controllers: [ControllerSpec(id: "vc", className: "VC", view: "root")])))
        #expect(h.ref("card") == card)
        #expect(h.frChanges(s) == ["nil->f"])
        #expect(s.firstResponderChanges.map(\.reason) == [.snapshot])
        #expect(h.keyboard(s) == ["shown"])
        #expect(h.model.isInHierarchy(h.ref("btn")))
        #expect(h.model.ref(for: "cover") == nil)
        #expect(h.model.view("cover") == nil)
        let up = h.touch("1", .ended, 20, 120)
        #expect(h.delivered(up) == ["btn.ended"])  // still bound to the surviving button
    }

    @Test func insertAtIndexPlacesBehindLaterSiblings() {
        var h = screen()
        h.send(.insert(parent: "root", index: 0, view: v("behind", "UIView", 0, 0, 390, 844)))
        #expect(h.hit(300, 700) == "behind")
        h.send(.insert(parent: "root", index: nil, view: v("onTop", "UIView", 0, 0, 390, 844)))
        #expect(h.hit(20, 120) == "onTop")
    }

    @Test func deepHierarchyOf10000LevelsHitTestsWithoutRecursion() {
        let depth = 10_000
        var spec = v("leaf", "UIButton", 0, 0, 10, 10)
        for i in stride(from: depth - 1, to: 0, by: -1) { spec = v("n\(i)", "UIView", 0, 0, 100, 100, [spec]) }
        var h = Harness([win("w1", [spec])])
        #expect(h.hit(5, 5) == "leaf")
        #expect(h.model.explainHitTest(screenPoint: Point(5, 5)).path.count == depth + 1)
        #expect(
            h.model.whyNotReached(screenPoint: Point(50, 50), view: h.ref("leaf"))
                == .blocked(blocker: h.ref("leaf"), reason: .outsideBounds))
        #expect(h.model.responderChain(from: h.ref("leaf")).count == depth + 2)
        #expect(h.model.reachability(of: h.ref("leaf")) == .reachable(Point(5, 5)))
        #expect(h.model.differences(from: HierarchySpec(windows: [win("w1", [spec])], controllers: [])).isEmpty)
        var other = spec
        #expect(other == spec)  // iterative equality, no recursion per level
        other.subviews[0].subviews[0].alpha = 0.5
        #expect(other != spec)
        let s = h.tap("1", 5, 5)
        #expect(h.name(s.began.view) == "leaf")
        h.send(.set(view: "n1", patch: ViewProperties(isHidden: true)))
        #expect(h.hit(5, 5) == "w1")
        h.send(.remove(view: "n1"))
        #expect(h.model.isInHierarchy(h.ref("w1")))
        #expect(h.model.allViews.count == 1)
        withExtendedLifetime(spec) {}
    }
}

extension ObjectRef {
    var handle: Int {
        if case .view(let i) = self { return i }
        return -1
    }
}

@Suite struct ResolvedStepTests {
    @Test func resolvedStepCarriesTheTraceFieldsAsIds() {
        var h = Harness(
            [
                win(
                    "w1", [v("root", "UIView", 0, 0, 390, 844, [v("tf", "UITextField", 0, 0, 300, 40)])],
                    policies: [.dismissOnOutsideTouch])
            ],
            controllers: [ControllerSpec(id: "vc", className: "VC", view: "root")])
        h.tap("1", 10, 10)
        let s = h.touch("2", .began, 100, 400)
        let r = h.model.resolve(s)
        #expect(r.view == "root")
        #expect(r.window == "w1")
        #expect(r.delivered.map(\.to) == ["root", "vc", "w1", "application"])
        #expect(r.delivered.first?.method == "touchesBegan")
        #expect(
            r.firstResponderChanges == [
                .init(window: "w1", from: "tf", to: nil, reason: "policy:dismiss-on-outside-touch")
            ])
        #expect(
            r.policyEffects == [.init(policy: "dismiss-on-outside-touch", outcome: "resigned", firstResponder: "tf")])
        #expect(r.keyboardChanges == [false])
        #expect(r.firstResponder == nil && !r.keyboardVisible)
        #expect(h.model.describe(s).hasPrefix("view=root delivered=[root.touchesBegan, vc.touchesBegan"))
    }
}
