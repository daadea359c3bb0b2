import Testing

@testable import ResponderCore

/// Section 7 of the semantics: action dispatch.
@Suite struct ActionRuleTests {
    func app(fieldImplements: [String] = [], vcImplements: [String] = ["save:"]) -> Harness {
        Harness(
            [
                win(
                    "w1",
                    [
                        v(
                            "root", "UIView", 0, 0, 390, 844,
                            [
                                v("btn", "UIButton", 0, 0, 100, 44) {
                                    $0.actions = [ActionSpec(events: ["touchUpInside"], target: nil, action: "save:")]
                                },
                                v("explicit", "UIButton", 0, 100, 100, 44) {
                                    $0.actions = [
                                        ActionSpec(events: ["touchUpInside"], target: "helper", action: "go:")
                                    ]
                                },
                                v(
                                    "other", "UIView", 0, 200, 390, 300,
                                    [v("tf", "UITextField", 0, 0, 300, 40) { $0.implements = fieldImplements }]),
                            ])
                    ])
            ],
            controllers: [
                ControllerSpec(id: "vc", className: "VC", view: "root", implements: vcImplements),
                ControllerSpec(id: "helper", className: "Helper", view: nil),
            ],
            application: ApplicationSpec(
                implements: ["appWide:"], delegateID: "appDelegate", delegateIsResponder: true,
                delegateImplements: ["delegated:"]))
    }

    @Test func A1_explicitTargetBypassesTheChain() {
        var h = app()
        #expect(h.actions(h.tap("1", 10, 110).ended) == ["go:->helper"])  // helper implements nothing: still called
    }

    @Test func A2_DISAGREE_Chameleon_nilTargetStartsAtTheFirstResponder() {
        var h = app(fieldImplements: ["save:"])
        h.send(.call(responder: "tf", method: .becomeFirstResponder, force: false))
        // The field is not in the button's chain, yet it handles the button's nil-targeted action (openradar 23611650).
        #expect(h.actions(h.tap("1", 10, 10).ended) == ["save:->tf"])
    }

    @Test func A2_withoutAFirstResponderTheWalkStartsAtTheSender() {
        var h = app()
        let s = h.tap("1", 10, 10).ended
        #expect(h.actions(s) == ["save:->vc"])
        #expect(s.actions.first?.nilTargeted == true)
        #expect(s.actions.first?.sender == h.ref("btn"))
    }

    @Test func A3_DISAGREE_targetForActionWalksTheChainFromTheResponder() {
        let h = app()
        #expect(h.name(h.model.target(forAction: "save:", from: h.ref("tf"))) == "vc")
        #expect(h.name(h.model.target(forAction: "appWide:", from: h.ref("tf"))) == "application")
        #expect(h.name(h.model.target(forAction: "delegated:", from: h.ref("btn"))) == "appDelegate")
        #expect(h.model.target(forAction: "missing:", from: h.ref("btn")) == nil)
    }

    @Test func A4_nobodyHandlesIt_reportedAsUnhandled() {
        var h = app(vcImplements: [])
        let s = h.tap("1", 10, 10).ended
        #expect(h.actions(s) == ["save:->nil"])
        #expect(h.actions(h.send(.action(action: "nothing:", target: nil, sender: nil))) == ["nothing:->nil"])
    }

    @Test func A4_actionRecordWithExplicitTargetAndSender() {
        var h = app()
        let s = h.send(.action(action: "appWide:", target: nil, sender: "btn"))
        #expect(h.actions(s) == ["appWide:->application"])
        #expect(h.actions(h.send(.action(action: "x:", target: "vc", sender: nil))) == ["x:->vc"])
    }

    @Test func A5_resignTrickResignsTheFirstResponder_falseWithout() {
        var h = app()
        h.send(.call(responder: "tf", method: .becomeFirstResponder, force: false))
        let s = h.send(.action(action: "resignFirstResponder", target: nil, sender: nil))
        #expect(h.actions(s) == ["resignFirstResponder->tf"])
        #expect(h.frChanges(s) == ["tf->nil"])
        #expect(s.firstResponderChanges.map(\.reason) == [.resignAction])
        #expect(
            h.actions(h.send(.action(action: "resignFirstResponder", target: nil, sender: nil))) == [
                "resignFirstResponder->nil"
            ])
    }

    // MARK: canPerformAction answers (issue 15, item 2)

    @Test func A3_canPerformActionRefusalPassesTheRequestUpTheChain() {
        var h = app(fieldImplements: ["save:"])
        #expect(h.name(h.model.target(forAction: "save:", from: h.ref("tf"))) == "tf")
        h.send(.set(view: "tf", patch: ViewProperties(refusesActions: ["save:"])))
        #expect(h.model.canPerformAction(h.ref("tf"), action: "save:") == false)
        #expect(h.name(h.model.target(forAction: "save:", from: h.ref("tf"))) == "vc")
        // Nil-targeted sendAction asks the same question: the refusing first responder is skipped.
        h.send(.call(responder: "tf", method: .becomeFirstResponder, force: false))
        #expect(h.actions(h.tap("1", 10, 10).ended) == ["save:->vc"])
    }

    @Test func A3_DISAGREE_Chameleon_WinObjC_respondingIsNotEnoughWhenCanPerformActionRefuses() {
        // Chameleon and WinObjC pick the first responder that responds to the selector; UIKit asks canPerformAction.
        var h = Harness(
            [win("w1", [v("root", "UIView", 0, 0, 390, 844)])],
            controllers: [
                ControllerSpec(
                    id: "vc", className: "VC", view: "root", implements: ["share:"], refusesActions: ["share:"])
            ],
            application: ApplicationSpec(
                implements: ["share:"], delegateID: "appDelegate", delegateIsResponder: true,
                delegateImplements: ["share:"], delegateRefusesActions: ["share:"]))
        #expect(h.name(h.model.target(forAction: "share:", from: h.ref("root"))) == "application")
        h.send(
            .snapshot(
                HierarchySpec(
                    windows: [win("w1", [v("root", "UIView", 0, 0, 390, 844)])],
                    controllers: [
                        ControllerSpec(
                            id: "vc", className: "VC", view: "root", implements: ["share:"], refusesActions: ["share:"])
                    ],
                    application: ApplicationSpec(
                        implements: ["share:"], refusesActions: ["share:"], delegateID: "appDelegate",
                        delegateIsResponder: true,
                        delegateImplements: ["share:"], delegateRefusesActions: ["share:"]))))
        #expect(h.model.target(forAction: "share:", from: h.ref("root")) == nil)
        #expect(h.actions(h.send(.action(action: "share:", target: nil, sender: "root"))) == ["share:->nil"])
        // An explicit target is called without asking it (A1).
        #expect(h.actions(h.send(.action(action: "share:", target: "vc", sender: nil))) == ["share:->vc"])
    }

    // MARK: plain objects (issue 15, item 1)

    /// A checkout screen whose Place order button and swipe recognizer belong to a coordinator, a plain NSObject.
    func coordinated() -> Harness {
        Harness(
            [
                win(
                    "w1",
                    [
                        v(
                            "root", "UIView", 0, 0, 390, 844,
                            [
                                v("place", "UIButton", 0, 0, 200, 44) {
                                    $0.actions = [
                                        ActionSpec(
                                            events: ["touchUpInside"], target: "coordinator", action: "placeOrder:")
                                    ]
                                },
                                v("pay", "UIButton", 0, 100, 200, 44) {
                                    $0.actions = [ActionSpec(events: ["touchUpInside"], target: nil, action: "pay:")]
                                },
                                v("card", "UIView", 0, 200, 390, 200) {
                                    $0.gestureRecognizers = [
                                        tapRecognizer("cardTap") {
                                            $0.actions = [
                                                RecognizerActionSpec(target: "coordinator", action: "openCard:")
                                            ]
                                            $0.delegate = "coordinator"
                                        }
                                    ]
                                },
                                v("field", "UITextField", 0, 500, 300, 40) { $0.delegate = "coordinator" },
                            ])
                    ])
            ],
            controllers: [ControllerSpec(id: "vc", className: "CheckoutVC", view: "root")],
            objects: [
                ObjectSpec(
                    id: "coordinator", className: "Shop.CheckoutCoordinator", implements: ["pay:", "placeOrder:"])
            ])
    }

    @Test func A1_plainObjectTargetReceivesTheActionDirectly() {
        var h = coordinated()
        let s = h.tap("1", 10, 10).ended
        #expect(h.actions(s) == ["placeOrder:->coordinator"])
        #expect(s.actions.first?.nilTargeted == false)
        #expect(s.notes.isEmpty)  // before plain objects existed the target was "not a known object"
        #expect(h.model.isResponder(h.ref("coordinator")) == false)
    }

    @Test func A1_recognizerActionReachesItsPlainObjectTarget_andDelegatesResolve() {
        var h = coordinated()
        #expect(h.actions(h.tap("1", 10, 210).ended) == ["openCard:->coordinator"])
        #expect(h.name(h.model.delegate(of: h.ref("cardTap"))) == "coordinator")
        #expect(h.name(h.model.delegate(of: h.ref("field"))) == "coordinator")
        #expect(h.model.delegate(of: h.ref("place")) == nil)
    }

    @Test func A2_DISAGREE_Chameleon_plainObjectIsNeverOnTheResponderChain() {
        var h = coordinated()
        // Only the coordinator implements pay:, but a nil target walks responders only: nobody handles it.
        #expect(h.actions(h.tap("1", 10, 110).ended) == ["pay:->nil"])
        #expect(h.model.nextResponder(h.ref("coordinator")) == nil)
        // A plain object as the sender starts no walk either (it has no next responder).
        #expect(h.actions(h.send(.action(action: "pay:", target: nil, sender: "coordinator"))) == ["pay:->nil"])
        #expect(
            h.model.responderChain(from: h.ref("place")).map { h.model.id(of: $0) } == [
                "place", "root", "vc", "w1", "application",
            ])
    }

    @Test func A5_plainObjectCannotResignOrBecome() {
        let h = coordinated()
        #expect(h.model.implements(h.ref("coordinator"), action: "resignFirstResponder") == false)
        #expect(h.model.implements(h.ref("coordinator"), action: "placeOrder:"))
    }
}
