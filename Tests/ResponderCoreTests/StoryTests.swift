import Testing

@testable import ResponderCore

/// The eight stories of the sample logs, built with the spec types.
@Suite struct StoryTests {
    /// A login form: background, email and password fields, a login button, a title label.
    func loginForm(policies: [DismissPolicy] = []) -> Harness {
        Harness(
            [
                win(
                    "w1",
                    [
                        v(
                            "root", "UIView", 0, 0, 390, 844,
                            [
                                v("title", "UILabel", 20, 80, 350, 40),
                                v("email", "UITextField", 20, 200, 350, 44) { $0.accessibilityIdentifier = "email" },
                                v("password", "UITextField", 20, 260, 350, 44),
                                v("login", "UIButton", 20, 340, 350, 50) {
                                    $0.actions = [
                                        ActionSpec(events: ["touchUpInside"], target: "loginVC", action: "logIn:")
                                    ]
                                },
                            ])
                    ], policies: policies)
            ],
            controllers: [
                ControllerSpec(id: "loginVC", className: "LoginViewController", view: "root", implements: ["logIn:"])
            ])
    }

    @Test func story1_plainWindow_tapOnBackgroundLeavesTheKeyboardUp() {
        var h = loginForm()
        let focus = h.tap("1", 100, 220)
        #expect(h.keyboard(focus.ended) == ["shown"])
        let bg = h.tap("2", 200, 600)
        #expect(h.name(bg.began.view) == "root")
        #expect(h.delivered(bg.began) == ["root.began", ">loginVC.began", ">w1.began", ">application.began"])
        #expect(bg.ended.firstResponderChanges.isEmpty)
        #expect(bg.ended.keyboardVisible)
        #expect(h.firstResponder == "email")
    }

    @Test func story2_dismissOnOutsideTouchWindow_sameTapDismisses() {
        var h = loginForm(policies: [.dismissOnOutsideTouch])
        h.tap("1", 100, 220)
        let bg = h.tap("2", 200, 600)
        #expect(
            bg.began.policyEffects == [PolicyEffect(policy: .dismissOnOutsideTouch, outcome: .resigned(h.ref("email")))]
        )
        #expect(h.frChanges(bg.began) == ["email->nil"])
        #expect(h.keyboard(bg.began) == ["hidden"])
        // And replayed without the policy, the keyboard stays: the comparison touchlog offers.
        var without = loginForm(policies: [.dismissOnOutsideTouch])
        without.model.policies.removed = [.dismissOnOutsideTouch]
        without.tap("1", 100, 220)
        #expect(without.tap("2", 200, 600).began.keyboardVisible)
    }

    @Test func story3_hideButtonHidesTheFirstResponder_keyInputKeepsGoingToTheHiddenField() {
        var h = Harness(
            [
                win(
                    "w1",
                    [
                        v(
                            "root", "UIView", 0, 0, 390, 844,
                            [
                                v("note", "UITextField", 20, 200, 350, 44),
                                v("hide", "UIButton", 20, 300, 100, 44) {
                                    $0.actions = [
                                        ActionSpec(events: ["touchUpInside"], target: "vc", action: "hideField:")
                                    ]
                                },
                            ])
                    ])
            ], controllers: [ControllerSpec(id: "vc", className: "NotesVC", view: "root", implements: ["hideField:"])])
        h.tap("1", 100, 220)
        h.send(.key(length: 1))
        let press = h.tap("2", 50, 320)
        #expect(h.actions(press.ended) == ["hideField:->vc"])
        let hide = h.send(.set(view: "note", patch: ViewProperties(isHidden: true)))
        #expect(hide.firstResponderChanges.isEmpty)
        #expect(hide.firstResponder == h.ref("note"))
        #expect(hide.keyboardVisible)
        for _ in 0..<3 {
            let key = h.send(.key(length: 1))
            #expect(h.name(key.keyInputReceiver) == "note")
            #expect(key.keyInputReceiverHidden)
        }
        // A tap where the field was goes to the background now.
        #expect(h.name(h.touch("3", .began, 100, 220).view) == "root")
        // The fix: with resign-on-hide the same hide resigns.
        var fixed = h
        fixed.model.policies.added = [.resignOnHide]
        fixed.send(.set(view: "note", patch: ViewProperties(isHidden: false)))
        #expect(fixed.send(.set(view: "note", patch: ViewProperties(isHidden: true))).policyEffects.count == 1)
    }

    @Test func story4_tableCellFieldCoveredByTheKeyboard_screenFrameComesFromTheModel() {
        // The table is scrolled by 200; row 10 (content y 640) shows at 100 + 640 - 200 = 540 on screen.
        var h = Harness([
            win(
                "w1",
                [
                    v(
                        "table", "UITableView", 0, 100, 390, 744,
                        (0..<12).map { i in
                            v(
                                "cell\(i)", "MyApp.FormCell", 0, Double(i) * 64, 390, 64,
                                [v("cellField\(i)", "UITextField", 16, 12, 300, 40)]
                            ) { $0.baseClass = "UITableViewCell" }
                        }
                    ) { $0.bounds = Rect(0, 200, 390, 744) }
                ])
        ])
        let keyboard = Rect(0, 516, 390, 336)
        let s = h.tap("1", 100, 570)
        #expect(h.firstResponder == "cellField10")
        #expect(h.keyboard(s.ended) == ["shown"])
        let frame = h.model.screenFrame(of: h.ref("cellField10"))
        #expect(frame == Rect(16, 552, 300, 40))
        #expect(frame.flatMap { $0.intersection(keyboard) } == Rect(16, 552, 300, 40))
        #expect(h.model.screenFrame(of: h.ref("cellField2")).flatMap { $0.intersection(keyboard) } == nil)
    }

    @Test func story5_hitTestOverrideLetsASpecialButtonThrough_trustObservedBindsToIt() {
        // "container" overrides hitTest in the app to pass touches through to "special" below its transparent
        // overlay; the model only knows plain hit testing, so it hits the overlay.
        func make() -> Harness {
            Harness(
                [
                    win(
                        "w1",
                        [
                            v(
                                "root", "UIView", 0, 0, 390, 844,
                                [
                                    v("special", "UIButton", 20, 700, 100, 44) {
                                        $0.actions = [
                                            ActionSpec(events: ["touchUpInside"], target: "vc", action: "special:")
                                        ]
                                    },
                                    v(
                                        "container", "MyApp.PassThroughView", 0, 600, 390, 244,
                                        [v("overlay", "UIView", 0, 0, 390, 244)]),
                                ])
                        ])
                ], controllers: [ControllerSpec(id: "vc", className: "VC", view: "root", implements: ["special:"])])
        }
        var plain = make()
        let p = plain.touch("1", .began, 50, 720, observed: "special")
        #expect(plain.name(p.view) == "overlay")
        #expect(plain.name(p.view) != "special")  // the divergence replay reports
        #expect(plain.actions(plain.touch("1", .ended, 50, 720)) == [])
        var trusted = make()
        let t = trusted.touch("1", .began, 50, 720, observed: "special", trust: true)
        #expect(trusted.name(t.hitTestView) == "overlay")
        #expect(trusted.name(t.view) == "special")
        #expect(trusted.actions(trusted.touch("1", .ended, 50, 720)) == ["special:->vc"])
        // The explanation shows why plain hit testing picked the overlay.
        #expect(
            trusted.model.whyNotReached(screenPoint: Point(50, 720), view: trusted.ref("special"))
                == .coveredBySibling(sibling: trusted.ref("container"), hitView: trusted.ref("overlay")))
    }

    @Test func story6_nilTargetedActionWalksUpToACustomApplication() {
        var h = Harness(
            [
                win(
                    "mainWindow",
                    [
                        v(
                            "nav", "UILayoutContainerView", 0, 0, 390, 844,
                            [
                                v(
                                    "root", "UIView", 0, 0, 390, 844,
                                    [
                                        v(
                                            "card", "MyApp.CardView", 20, 100, 350, 400,
                                            [
                                                v(
                                                    "stack", "UIStackView", 0, 0, 350, 400,
                                                    [
                                                        v("share", "UIButton", 10, 10, 100, 44) {
                                                            $0.actions = [
                                                                ActionSpec(
                                                                    events: ["touchUpInside"], target: nil,
                                                                    action: "shareEverything:")
                                                            ]
                                                        }
                                                    ])
                                            ]
                                        ) { $0.baseClass = "UIView" }
                                    ])
                            ])
                    ], cls: "MyApp.MainWindow"
                ) { $0.baseClass = "UIWindow" }
            ],
            controllers: [
                ControllerSpec(id: "navc", className: "UINavigationController", view: "nav"),
                ControllerSpec(id: "cardVC", className: "CardViewController", view: "root", parent: "navc"),
            ],
            application: ApplicationSpec(
                id: "app", className: "MyApp.Application", implements: ["shareEverything:"],
                delegateID: "appDelegate", delegateIsResponder: true))
        let up = h.tap("1", 40, 120).ended
        #expect(h.actions(up) == ["shareEverything:->app"])
        #expect(up.actions.first?.sender == h.ref("share"))
        #expect(
            h.model.responderChain(from: h.ref("share")).map { h.model.id(of: $0) }
                == ["share", "stack", "card", "root", "cardVC", "nav", "navc", "mainWindow", "app", "appDelegate"])
    }

    @Test func story7_tapRecognizerOnATableSwallowsACellsTap() {
        var h = Harness(
            [
                win(
                    "w1",
                    [
                        v(
                            "table", "UITableView", 0, 0, 390, 844,
                            [
                                v("cell0", "MyApp.ProductCell", 0, 0, 390, 64) {
                                    $0.baseClass = "UITableViewCell"
                                    $0.overridesTouches = true
                                }
                            ]
                        ) {
                            $0.gestureRecognizers = [
                                tapRecognizer("tableTap") {
                                    $0.actions = [
                                        RecognizerActionSpec(
                                            target: "vc", action: "dismissKeyboard", effect: .endEditing)
                                    ]
                                }
                            ]
                        }
                    ])
            ],
            controllers: [ControllerSpec(id: "vc", className: "ProductsVC", view: "table")])
        h.touch("1", .began, 100, 30)
        h.send(.advanceTime, dt: 0.2)  // past the scroll delay: the cell starts tracking (highlight)
        let up = h.touch("1", .ended, 100, 30)
        #expect(h.gestures(up) == ["table#pan:failed", "tableTap:ended"])
        #expect(
            up.cancellations == [
                Cancellation(
                    touch: "1", view: h.ref("cell0"), cause: .recognizer(h.ref("tableTap")), viewHadBegun: true)
            ])
        #expect(h.delivered(up) == ["table#pan.ended", "tableTap.ended", "cell0.cancelled"])
        #expect(up.view == nil)
    }

    @Test func story8_twoFingers_oneRestingOnTheFirstResponder_outsideTapDoesNotDismiss() {
        var h = loginForm(policies: [.dismissOnOutsideTouch])
        h.tap("1", 100, 220)
        h.touch("rest", .began, 100, 220)  // finger resting on the email field
        let other = h.touch("tap", .began, 200, 600)
        #expect(
            other.policyEffects == [
                PolicyEffect(policy: .dismissOnOutsideTouch, outcome: .keptByTouchInFirstResponder(h.ref("email")))
            ])
        h.touch("tap", .ended, 200, 600)
        #expect(h.firstResponder == "email")
        // A finger resting longer than the loupe's 0.5 s no longer protects the field: the text interaction took
        // its touch, whose view is now nil (D2, 8.1 edge case).
        var long = loginForm(policies: [.dismissOnOutsideTouch])
        long.tap("1", 100, 220)
        long.touch("rest", .began, 100, 220)
        long.send(.advanceTime, dt: 0.6)
        #expect(long.touch("tap", .began, 200, 600).policyEffects.map(\.outcome) == [.resigned(long.ref("email"))])
        // Once the resting finger lifts, the same tap dismisses.
        h.touch("rest", .ended, 100, 220)
        #expect(h.touch("tap2", .began, 200, 600).policyEffects.map(\.outcome) == [.resigned(h.ref("email"))])
    }
}
