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
}
