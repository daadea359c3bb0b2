import Testing

@testable import ResponderCore

/// Section 8 of the semantics and log format section 5: keyboard-dismiss policies, each on and off.
@Suite struct PolicyRuleTests {
    /// w1 > root(vc) > [tf, tf2, btn, label, table > cell]
    func screen(
        windowPolicies: [DismissPolicy] = [], settings: PolicySettings = PolicySettings(),
        controller: ControllerSpec = ControllerSpec(id: "vc", className: "VC", view: "root"),
        rootRecognizers: [RecognizerSpec] = [], table: (inout ViewSpec) -> Void = { _ in }
    ) -> Harness {
        var h = Harness(
            [
                win(
                    "w1",
                    [
                        v(
                            "root", "UIView", 0, 0, 390, 844,
                            [
                                v("tf", "UITextField", 10, 10, 300, 40),
                                v("tf2", "UITextField", 10, 60, 300, 40),
                                v("btn", "UIButton", 10, 110, 100, 40) {
                                    $0.actions = [ActionSpec(events: ["touchUpInside"], target: "vc", action: "buy:")]
                                },
                                v("label", "UILabel", 10, 160, 100, 20),
                                v("nav", "UINavigationBar", 0, 200, 390, 44),
                                v(
                                    "table", "UITableView", 0, 300, 390, 500,
                                    [v("cell", "UITableViewCell", 0, 0, 390, 44)], table),
                            ]
                        ) { $0.gestureRecognizers = rootRecognizers }
                    ], policies: windowPolicies)
            ],
            controllers: [controller], policies: settings)
        h.send(.call(responder: "tf", method: .becomeFirstResponder, force: false))
        return h
    }

    // MARK: 8.1 dismiss-on-outside-touch

    @Test func P8_1_dismissesAtTouchDownOnNonResponders_beforeRecognizersAndViews() {
        for (x, y) in [(200.0, 500.0), (20.0, 165.0), (20.0, 120.0)] {  // background, label (hits root), button
            var h = screen(windowPolicies: [.dismissOnOutsideTouch])
            let s = h.touch("1", .began, x, y)
            #expect(s.policyEffects == [PolicyEffect(policy: .dismissOnOutsideTouch, outcome: .resigned(h.ref("tf")))])
            #expect(h.keyboard(s) == ["hidden"])
        }
        var b = screen(windowPolicies: [.dismissOnOutsideTouch])
        b.touch("1", .began, 20, 120)
        #expect(b.actions(b.touch("1", .ended, 20, 120)) == ["buy:->vc"])  // the button's action still fires
    }

    @Test func P8_1_doesNotDismissForResponders_touchesInTheField_orMovesAndEnds() {
        var h = screen(windowPolicies: [.dismissOnOutsideTouch])
        #expect(h.touch("1", .began, 20, 70).policyEffects.isEmpty)  // another text field
        h.touch("1", .ended, 20, 70)
        #expect(h.firstResponder == "tf2")
        h.touch("2", .began, 20, 70)  // in the first responder itself
        #expect(h.touch("2", .moved, 200, 600).policyEffects.isEmpty)
        #expect(h.touch("2", .ended, 200, 600).policyEffects.isEmpty)
        #expect(h.firstResponder == "tf2")
    }

    @Test func P8_1_switchedOffByReplay_andOnForEveryWindowBySessionOrAdded() {
        var off = screen(
            windowPolicies: [.dismissOnOutsideTouch], settings: PolicySettings(removed: [.dismissOnOutsideTouch]))
        #expect(off.touch("1", .began, 200, 500).policyEffects.isEmpty)
        var added = screen(settings: PolicySettings(added: [.dismissOnOutsideTouch]))
        #expect(added.touch("1", .began, 200, 500).policyEffects.count == 1)
        var session = screen(settings: PolicySettings(session: [.dismissOnOutsideTouch]))
        #expect(session.touch("1", .began, 200, 500).policyEffects.count == 1)
        var none = screen()
        #expect(none.touch("1", .began, 200, 500).policyEffects.isEmpty)
        #expect(none.firstResponder == "tf")
    }

    @Test func P8_1_oneUIEvent_aNewTouchInTheFieldProtectsItWhateverTheRecordOrder() {
        var h = screen(windowPolicies: [.dismissOnOutsideTouch])
        let steps = h.model.dispatchTouchEvent(
            [
                TouchInput(touch: "bg", phase: .began, point: Point(200, 500), event: 3),
                TouchInput(touch: "field", phase: .began, point: Point(20, 20), event: 3),
            ], at: 1)
        #expect(
            steps[0].policyEffects == [
                PolicyEffect(policy: .dismissOnOutsideTouch, outcome: .keptByTouchInFirstResponder(h.ref("tf")))
            ])
        #expect(steps.allSatisfy { $0.firstResponderChanges.isEmpty })
        #expect(h.firstResponder == "tf")
    }

    @Test func P8_1_fieldWhoseDelegateRefusesToBeginCountsAsNonResponder() {
        var h = screen(windowPolicies: [.dismissOnOutsideTouch])
        h.send(.set(view: "tf2", patch: ViewProperties(canBecomeFirstResponder: false)))
        #expect(h.touch("1", .began, 20, 70).policyEffects.count == 1)
    }

    // MARK: 8.2 end-editing-on-touches-began

    @Test func P8_2_dismissesOnlyForTouchesForwardedUpToTheController() {
        let vc = ControllerSpec(id: "vc", className: "VC", view: "root", endsEditingOnTouchesBegan: true)
        var h = screen(controller: vc)
        let bg = h.touch("1", .began, 200, 260)
        #expect(bg.policyEffects == [PolicyEffect(policy: .endEditingOnTouchesBegan, outcome: .resigned(h.ref("tf")))])
        var c = screen(controller: vc)
        #expect(c.touch("1", .began, 20, 120).policyEffects.isEmpty)  // the button swallows the touch
        var off = screen(settings: PolicySettings(removed: [.endEditingOnTouchesBegan]), controller: vc)
        #expect(off.touch("1", .began, 200, 260).policyEffects.isEmpty)
        var added = screen(settings: PolicySettings(added: [.endEditingOnTouchesBegan]))
        #expect(added.touch("1", .began, 200, 260).policyEffects.count == 1)
    }

    // MARK: 8.3 tap-to-dismiss

    func tapToDismiss(cancels: Bool = false) -> RecognizerSpec {
        tapRecognizer("dismissTap") {
            $0.cancelsTouchesInView = cancels
            $0.actions = [RecognizerActionSpec(target: "vc", action: "dismissKeyboard", effect: .endEditing)]
        }
    }

    @Test func P8_3_dismissesAtTouchUpWhenTheTapRecognizes_notOnDragsOrButtons() {
        var h = screen(rootRecognizers: [tapToDismiss()])
        let tap = h.tap("1", 200, 260)
        #expect(tap.began.policyEffects.isEmpty)
        #expect(tap.ended.policyEffects == [PolicyEffect(policy: .tapToDismiss, outcome: .resigned(h.ref("tf")))])
        #expect(h.actions(tap.ended) == ["dismissKeyboard->vc"])
        var drag = screen(rootRecognizers: [tapToDismiss()])
        drag.touch("1", .began, 200, 260)
        drag.touch("1", .moved, 200, 400)
        #expect(drag.touch("1", .ended, 200, 400).policyEffects.isEmpty)
        var button = screen(rootRecognizers: [tapToDismiss()])
        let b = button.tap("1", 20, 120).ended
        #expect(b.policyEffects.isEmpty)  // G9
        #expect(button.actions(b) == ["buy:->vc"])
    }

    @Test func P8_3_defaultCancelsTouchesInViewSwallowsACellsTap() {
        var h = screen(rootRecognizers: [tapToDismiss(cancels: true)]) { $0.subviews[0].overridesTouches = true }
        let up = h.tap("1", 20, 310).ended
        #expect(up.cancellations.map { h.model.id(of: $0.view) } == ["cell"])
        #expect(!h.delivered(up).contains("cell.ended"))
    }

    @Test func P8_3_switchedOffKeepsTheRecognizerButNotItsEffect_addedWorksOnAnyWindow() {
        var off = screen(settings: PolicySettings(removed: [.tapToDismiss]), rootRecognizers: [tapToDismiss()])
        let s = off.tap("1", 200, 260).ended
        #expect(off.gestures(s) == ["dismissTap:ended"])
        #expect(s.policyEffects.isEmpty)
        var added = screen(settings: PolicySettings(added: [.tapToDismiss]))
        let a = added.tap("1", 200, 260).ended
        #expect(a.policyEffects == [PolicyEffect(policy: .tapToDismiss, outcome: .resigned(added.ref("tf")))])
    }

    @Test func P8_3_endEditingEffectActsInTheTargetControllersView_notOnlyInTheRecognizersView() {
        // The recognizer sits on the table; the field is outside the table; the action's target is the controller,
        // whose `view.endEditing(true)` reaches the field (sample log 07).
        var h = screen { $0.gestureRecognizers = [self.tapToDismiss(cancels: true)] }
        let up = h.tap("1", 20, 310).ended
        #expect(up.policyEffects == [PolicyEffect(policy: .tapToDismiss, outcome: .resigned(h.ref("tf")))])
        #expect(up.cancellations.map { h.model.id(of: $0.view) } == ["cell"])
    }

    // MARK: 8.4 keyboardDismissMode

    @Test func P8_4_onDragDismissesWhenTheDragBegins_notOnTapOrTouchDown() {
        var h = screen { $0.keyboardDismissMode = .onDrag }
        h.tap("1", 20, 310)
        #expect(h.firstResponder == "tf")
        #expect(h.touch("2", .began, 20, 310).policyEffects.isEmpty)
        let drag = h.touch("2", .moved, 20, 400)
        #expect(drag.policyEffects == [PolicyEffect(policy: .keyboardDismissMode, outcome: .resigned(h.ref("tf")))])
        var none = screen()
        none.touch("2", .began, 20, 310)
        #expect(none.touch("2", .moved, 20, 400).policyEffects.isEmpty)
        var off = screen(settings: PolicySettings(removed: [.keyboardDismissMode])) { $0.keyboardDismissMode = .onDrag }
        off.touch("2", .began, 20, 310)
        #expect(off.touch("2", .moved, 20, 400).policyEffects.isEmpty)
    }

    /// KD2, KD3: an interactive mode is not `onDrag`. The keyboard follows only once the dragging finger reaches it,
    /// can be pulled back up, and the first responder resigns when a finger that reached it lifts on it.
    @Test(arguments: [KeyboardDismissMode.interactive, .interactiveWithAccessory])
    func P8_4_interactiveDismissesOnlyADragThatReachesTheKeyboard(mode: KeyboardDismissMode) {
        let keyboard = Rect(0, 508, 390, 336)
        func drag(_ path: [Double], frame: Rect? = keyboard, settings: PolicySettings = PolicySettings()) -> (
            effects: [PolicyEffect], firstResponder: String?
        ) {
            var h = screen(settings: settings) { $0.keyboardDismissMode = mode }
            if let frame { h.model.noteKeyboardFrame(frame) }
            var effects = h.touch("2", .began, 20, 310).policyEffects
            for y in path.dropLast() { effects += h.touch("2", .moved, 20, y).policyEffects }
            effects += h.touch("2", .ended, 20, path.last!).policyEffects
            return (effects, h.firstResponder)
        }
        // A scroll that stays above the keyboard leaves it up (onDrag would have dismissed it at the drag's start).
        #expect(drag([400, 450, 480]).firstResponder == "tf")
        #expect(drag([400, 450, 480]).effects.isEmpty)
        // Into the keyboard and lifted on it: dismissed when the finger lifts, not before.
        let down = drag([400, 600, 700, 760])
        #expect(down.firstResponder == nil)
        #expect(down.effects.map(\.policy) == [.keyboardDismissMode])
        // Into the keyboard, then pulled back up above it: the keyboard returns.
        #expect(drag([400, 600, 450, 420]).firstResponder == "tf")
        // No keyboard frame recorded: the model cannot tell that the finger reached the keyboard.
        #expect(drag([400, 600, 700, 760], frame: nil).firstResponder == "tf")
        // The policy removed (--compare-policy): nothing.
        #expect(
            drag([400, 600, 760], settings: PolicySettings(removed: [.keyboardDismissMode])).firstResponder == "tf")
    }

    // MARK: 8.5 resign-on-touch-outside

    @Test func P8_5_resignOnTouchOutside_tapsOutsideControlsDismissAtTouchUp() {
        let iq = PolicySettings(session: [.resignOnTouchOutside])
        var h = screen(settings: iq)
        let bg = h.tap("1", 200, 260)
        #expect(h.gestures(bg.began) == ["w1#resignOnTouchOutside:possible"])
        #expect(
            bg.ended.policyEffects == [PolicyEffect(policy: .resignOnTouchOutside, outcome: .resigned(h.ref("tf")))])
        // Controls (buttons, other text fields) and navigation bars are ignored.
        for (x, y) in [(20.0, 120.0), (20.0, 70.0), (200.0, 220.0)] {
            var c = screen(settings: iq)
            #expect(c.tap("1", x, y).ended.policyEffects.isEmpty)
        }
        // The cell keeps its tap (cancelsTouchesInView false).
        var cell = screen(settings: iq) { $0.subviews[0].overridesTouches = true }
        let t = cell.tap("1", 20, 310).ended
        #expect(cell.delivered(t).contains("cell.ended"))
        #expect(t.policyEffects.count == 1)
        // Not attached while nothing is being edited.
        var idle = screen(settings: iq)
        idle.send(.call(responder: "tf", method: .resignFirstResponder, force: false))
        #expect(idle.gestures(idle.touch("1", .began, 200, 260)) == [])
    }

    @Test func P8_5_resignOnTouchOutside_ignoresEditingInAlertsAndInputViewControllers() {
        let iq = PolicySettings(session: [.resignOnTouchOutside])
        // The field's nearest controller decides, by its class or a subclass's (module-qualified or not).
        for className in ["UIAlertController", "MyApp.ConfirmAlertUIAlertController", "KeyboardUIInputViewController"] {
            var h = screen(settings: iq, controller: ControllerSpec(id: "vc", className: className, view: "root"))
            #expect(h.gestures(h.touch("1", .began, 200, 260)) == [], "\(className)")
        }
        for className in ["UIViewController", "AlertViewController", "UIAlert"] {
            var h = screen(settings: iq, controller: ControllerSpec(id: "vc", className: className, view: "root"))
            #expect(h.gestures(h.touch("1", .began, 200, 260)) == ["w1#resignOnTouchOutside:possible"], "\(className)")
        }
    }

    // MARK: resign-on-hide

    @Test func P_resignOnHide_hidingTheFirstResponderOrAnAncestorResignsIt() {
        var h = screen(settings: PolicySettings(session: [.resignOnHide]))
        let s = h.send(.set(view: "root", patch: ViewProperties(isHidden: true)))
        #expect(s.policyEffects == [PolicyEffect(policy: .resignOnHide, outcome: .resigned(h.ref("tf")))])
        var without = screen()
        #expect(without.send(.set(view: "root", patch: ViewProperties(isHidden: true))).firstResponderChanges.isEmpty)
    }

    // MARK: When a policy can no longer act (a replay with it added can stop early)

    @Test func aTapRecognizerPolicyMayActUntilItsRecognizerFails() {
        for policy in [DismissPolicy.tapToDismiss, .resignOnTouchOutside] {
            var drag = screen(settings: PolicySettings(added: [policy]))
            drag.touch("1", .began, 200, 260)
            #expect(drag.model.policyMayStillAct(policy), "\(policy): its tap may still recognize")
            // Moved well past a tap's allowance: the recognizer failed, and nothing of the policy is left to act.
            drag.touch("1", .moved, 200, 400)
            #expect(!drag.model.policyMayStillAct(policy), "\(policy): its recognizer failed")
            #expect(drag.firstResponder == "tf")
        }
    }

    @Test func touchDownPoliciesCannotActOnceTouchesBeganWasDelivered() {
        var outside = screen(settings: PolicySettings(added: [.endEditingOnTouchesBegan]))
        #expect(!outside.model.policyMayStillAct(.dismissOnOutsideTouch))
        outside.touch("1", .began, 300, 270)
        #expect(!outside.model.policyMayStillAct(.endEditingOnTouchesBegan))
        // A policy acting on any hidden view can act at any record: never done.
        #expect(outside.model.policyMayStillAct(.resignOnHide))
        // In the table, the scroll view holds touchesBegan back (delaysContentTouches): the controller may still
        // receive it, and end editing then.
        var held = screen(settings: PolicySettings(added: [.endEditingOnTouchesBegan]))
        held.touch("1", .began, 200, 600)
        #expect(held.model.policyMayStillAct(.endEditingOnTouchesBegan))
    }
}
