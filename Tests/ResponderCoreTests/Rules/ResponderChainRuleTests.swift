import Testing

@testable import ResponderCore

/// Section 5 of the semantics: the responder chain.
@Suite struct ResponderChainRuleTests {
    /// w1 > nav(navc) > root(vc) > [container > childRoot(child) > leaf], modal(presented by vc) > modalLeaf
    func app(delegateIsResponder: Bool = true) -> Harness {
        Harness(
            [
                win(
                    "w1",
                    [
                        v(
                            "nav", "UILayoutContainerView", 0, 0, 390, 844,
                            [
                                v(
                                    "root", "UIView", 0, 0, 390, 844,
                                    [
                                        v(
                                            "container", "UIView", 0, 0, 390, 400,
                                            [
                                                v(
                                                    "childRoot", "UIView", 0, 0, 390, 200,
                                                    [v("leaf", "UIView", 0, 0, 10, 10)])
                                            ])
                                    ])
                            ]),
                        v(
                            "transition", "UITransitionView", 0, 0, 390, 844,
                            [v("modal", "UIView", 0, 0, 390, 844, [v("modalLeaf", "UIView", 0, 0, 10, 10)])]),
                    ])
            ],
            controllers: [
                ControllerSpec(id: "navc", className: "UINavigationController", view: "nav"),
                ControllerSpec(id: "vc", className: "ListVC", view: "root", parent: "navc"),
                ControllerSpec(id: "child", className: "ChildVC", view: "childRoot", parent: "vc"),
                ControllerSpec(id: "sheet", className: "SheetVC", view: "modal", presentingViewController: "vc"),
            ], application: ApplicationSpec(delegateID: "appDelegate", delegateIsResponder: delegateIsResponder))
    }

    func chain(_ h: Harness, _ from: String) -> [String] {
        h.model.responderChain(from: h.ref(from)).map { h.model.id(of: $0) }
    }

    @Test func C1_viewNextIsItsControllerIfRootElseSuperview() {
        let h = app()
        #expect(chain(h, "leaf").prefix(3) == ["leaf", "childRoot", "child"])
        #expect(chain(h, "container").prefix(3) == ["container", "root", "vc"])
    }

    @Test func C2_childControllerNextIsTheContainerView_rootControllerNextIsTheWindow() {
        let h = app()
        #expect(
            chain(h, "child") == [
                "child", "container", "root", "vc", "nav", "navc", "w1", "application", "appDelegate",
            ])
    }

    @Test func C2_DISAGREE_Chameleon_presentedControllerNextIsThePresenter() {
        let h = app()
        #expect(
            chain(h, "modalLeaf") == [
                "modalLeaf", "modal", "sheet", "vc", "nav", "navc", "w1", "application", "appDelegate",
            ])
    }

    @Test func C3_C4_DISAGREE_windowNextIsTheApplication_thenTheDelegate() {
        #expect(chain(app(), "w1") == ["w1", "application", "appDelegate"])
    }

    @Test func C4_delegateThatIsNotAResponderIsNotInTheChain() {
        #expect(chain(app(delegateIsResponder: false), "w1") == ["w1", "application"])
    }

    @Test func C5_unhandledEventIsDiscardedAtTheEndOfTheChain() {
        var h = app(delegateIsResponder: false)
        let s = h.touch("1", .began, 5, 5)
        #expect(h.delivered(s).last == ">application.began")
        let a = h.send(.action(action: "nobody:", target: nil, sender: "leaf"))
        #expect(h.actions(a) == ["nobody:->nil"])
    }

    @Test func C_chainIsQueryableFromControllersApplicationAndRecognizersAreNotResponders() {
        let h = app()
        #expect(chain(h, "navc") == ["navc", "w1", "application", "appDelegate"])
        #expect(chain(h, "application") == ["application", "appDelegate"])
        #expect(h.model.nextResponder(.recognizer(0)) == nil)
    }
}
