import Testing

@testable import ResponderCore

/// Section 3 of the semantics: event delivery.
@Suite struct DeliveryRuleTests {
    /// w1 > root (controller vc) > [plain, btn, tf]
    func screen(policies: [DismissPolicy] = [], _ root: (inout ViewSpec) -> Void = { _ in }) -> Harness {
        Harness(
            [
                win(
                    "w1",
                    [
                        v(
                            "root", "UIView", 0, 0, 390, 844,
                            [
                                v("plain", "UIView", 0, 0, 200, 200),
                                v("btn", "UIButton", 0, 300, 100, 44) {
                                    $0.actions = [ActionSpec(events: ["touchUpInside"], target: "vc", action: "save:")]
                                },
                                v("tf", "UITextField", 0, 400, 300, 40),
                            ], root)
                    ], policies: policies)
            ],
            controllers: [ControllerSpec(id: "vc", className: "VC", view: "root", implements: ["save:"])])
    }

    @Test func D1_DISAGREE_flowkey_touchIsBoundBeforeSendEvent_windowPolicySeesTheHitView() {
        var h = screen(policies: [.dismissOnOutsideTouch])
        h.tap("1", 10, 410)  // focus the field
        #expect(h.firstResponder == "tf")
        let s = h.touch("2", .began, 50, 50)
        // The policy ran before any delivery and already knew the touch was on "plain" (flowkey cannot do this).
        #expect(s.policyEffects == [PolicyEffect(policy: .dismissOnOutsideTouch, outcome: .resigned(h.ref("tf")))])
        #expect(h.name(s.view) == "plain")
        #expect(h.delivered(s) == ["plain.began", ">root.began", ">vc.began", ">w1.began", ">application.began"])
    }

    @Test func D2_touchStaysBoundToItsBeganViewForLife() {
        var h = screen()
        let b = h.touch("1", .began, 50, 50)
        let m = h.touch("1", .moved, 50, 320)  // now over the button
        let e = h.touch("1", .ended, 50, 600)
        #expect([b, m, e].map { h.name($0.view) } == ["plain", "plain", "plain"])
        #expect(h.delivered(m).first == "plain.moved")
        #expect(h.delivered(e).first == "plain.ended")
    }

    @Test func D2_DISAGREE_touchViewBecomesNilWhenARecognizerTakesIt() {
        var h = Harness([
            win("w1", [v("pad", "UIView", 0, 0, 200, 200) { $0.gestureRecognizers = [tapRecognizer("tap")] }])
        ])
        let s = h.tap("1", 50, 50)
        #expect(h.name(s.began.view) == "pad")
        #expect(s.ended.view == nil)
        #expect(h.delivered(s.ended) == ["tap.ended", "pad.cancelled", ">w1.cancelled", ">application.cancelled"])
    }

    @Test func D3_recognizersGetTheTouchBeforeTheView() {
        var h = Harness([
            win("w1", [v("pad", "UIView", 0, 0, 200, 200) { $0.gestureRecognizers = [tapRecognizer("tap")] }])
        ])
        let s = h.touch("1", .began, 50, 50)
        #expect(h.delivered(s) == ["tap.began", "pad.began", ">w1.began", ">application.began"])
        #expect(h.gestures(s) == ["tap:possible"])
    }

    @Test func D4_D7_defaultImplementationForwardsUpTheChain_overridingViewSwallows() {
        var h = screen()
        #expect(
            h.delivered(h.touch("1", .began, 50, 50)) == [
                "plain.began", ">root.began", ">vc.began", ">w1.began", ">application.began",
            ])
        h.touch("1", .ended, 50, 50)
        var o = Harness([win("w1", [v("custom", "MyApp.Canvas", 0, 0, 200, 200) { $0.overridesTouches = true }])])
        #expect(o.delivered(o.touch("1", .began, 50, 50)) == ["custom.began"])
    }

    @Test func D4_delegateEndsTheChainOnlyWhenItIsAResponder() {
        var h = Harness(
            [win("w1", [])], application: ApplicationSpec(delegateID: "appDelegate", delegateIsResponder: true))
        #expect(h.delivered(h.touch("1", .began, 5, 5)) == ["w1.began", ">application.began", ">appDelegate.began"])
    }

    @Test func D5_withoutMultipleTouchTheViewGetsOnlyItsFirstTouch_recognizersGetAll() {
        var h = Harness([
            win(
                "w1",
                [
                    v("pad", "UIView", 0, 0, 200, 200) {
                        $0.overridesTouches = true
                        $0.gestureRecognizers = [RecognizerSpec(id: "pinch", className: "UIPinchGestureRecognizer")]
                    }
                ])
        ])
        #expect(h.delivered(h.touch("1", .began, 50, 50)) == ["pinch.began", "pad.began"])
        #expect(h.delivered(h.touch("2", .began, 80, 80)) == ["pinch.began"])
        #expect(h.delivered(h.touch("2", .ended, 80, 80)) == ["pinch.ended"])  // withheld for its life, not forwarded
        #expect(h.delivered(h.touch("1", .ended, 50, 50)) == ["pinch.ended", "pad.ended"])
    }

    @Test func D5_DISAGREE_Chameleon_flowkey_multipleTouchEnabledDeliversBoth() {
        var h = Harness([
            win(
                "w1",
                [
                    v("pad", "UIView", 0, 0, 200, 200) {
                        $0.overridesTouches = true
                        $0.isMultipleTouchEnabled = true
                    }
                ])
        ])
        #expect(h.delivered(h.touch("1", .began, 50, 50)) == ["pad.began"])
        #expect(h.delivered(h.touch("2", .began, 80, 80)) == ["pad.began"])
        // Another view still gets its own first touch regardless of the property.
        var k = Harness([
            win(
                "w1",
                [
                    v("a", "UIView", 0, 0, 100, 100) { $0.overridesTouches = true },
                    v("b", "UIView", 100, 0, 100, 100) { $0.overridesTouches = true },
                ])
        ])
        #expect(k.delivered(k.touch("1", .began, 50, 50)) == ["a.began"])
        #expect(k.delivered(k.touch("2", .began, 150, 50)) == ["b.began"])
    }

    @Test func D6_DISAGREE_Chameleon_WinObjC_exclusiveTouchBlocksOtherViewsInTheWindow() {
        var h = Harness([
            win(
                "w1",
                [
                    v("excl", "UIView", 0, 0, 100, 100) {
                        $0.overridesTouches = true
                        $0.isExclusiveTouch = true
                    },
                    v("other", "UIView", 100, 0, 100, 100) { $0.overridesTouches = true },
                ])
        ])
        // An exclusive view is tracking: a touch on another view is not delivered.
        #expect(h.delivered(h.touch("1", .began, 50, 50)) == ["excl.began"])
        #expect(h.delivered(h.touch("2", .began, 150, 50)) == [])
        h.touch("1", .ended, 50, 50)
        h.touch("2", .ended, 150, 50)
        // Another view is tracking: a touch on the exclusive view is not delivered.
        #expect(h.delivered(h.touch("3", .began, 150, 50)) == ["other.began"])
        #expect(h.delivered(h.touch("4", .began, 50, 50)) == [])
        h.touch("3", .ended, 150, 50)
        // D6 DISAGREE (Chameleon, WinObjC ignore the property): once alone, the exclusive view works again.
        h.touch("4", .ended, 50, 50)
        #expect(h.delivered(h.touch("5", .began, 50, 50)) == ["excl.began"])
    }

    @Test func D8_cancelledTouchGetsTouchesCancelledAndNothingAfter() {
        var h = screen()
        h.touch("1", .began, 50, 50)
        let c = h.touch("1", .cancelled, 50, 50)
        #expect(
            h.delivered(c) == [
                "plain.cancelled", ">root.cancelled", ">vc.cancelled", ">w1.cancelled", ">application.cancelled",
            ])
        #expect(c.cancellations.map(\.cause) == [.recordedCancel])
        let after = h.touch("1", .ended, 50, 50)
        #expect(h.delivered(after) == [])
        #expect(after.notes.count == 1)
    }

    @Test func D8_removingTheViewCancelsItsTouch() {
        var h = screen()
        h.touch("1", .began, 50, 50)
        let r = h.send(.remove(view: "plain"))
        #expect(
            h.delivered(r) == [
                "plain.cancelled", ">root.cancelled", ">vc.cancelled", ">w1.cancelled", ">application.cancelled",
            ])
        #expect(r.cancellations.map(\.cause) == [.viewRemoved])
        #expect(h.delivered(h.touch("1", .ended, 50, 50)) == [])
    }

    @Test func D_controlsKeepTheirTouchesAndSendTheirActions() {
        var h = screen()
        let s = h.tap("1", 10, 310)
        #expect(h.delivered(s.began) == ["btn.began"])
        #expect(h.delivered(s.ended) == ["btn.ended"])
        #expect(h.actions(s.ended) == ["save:->vc"])
        // Released far away: touchUpOutside, no action.
        h.touch("2", .began, 10, 310)
        let far = h.touch("2", .ended, 300, 700)
        #expect(h.actions(far) == [])
    }

    /// A button whose action listens to every tracking event, named by the event.
    func trackedButton() -> Harness {
        let events = [
            "touchDown", "touchDownRepeat", "touchDragInside", "touchDragOutside", "touchDragEnter", "touchDragExit",
            "touchUpInside", "touchUpOutside",
        ]
        return Harness(
            [
                win(
                    "w1",
                    [
                        v("btn", "UIButton", 100, 100, 100, 44) {
                            $0.actions = events.map { ActionSpec(events: [$0], target: "vc", action: $0 + ":") }
                        }
                    ])
            ], controllers: [ControllerSpec(id: "vc", className: "VC", view: "w1")])
    }

    /// CT2, CT3: every move of a tracked touch sends one drag event, by where the finger is now and was before, with
    /// UIKit's 70 pt gutter around the bounds counting as inside.
    @Test func CT2_eachMoveSendsOneDragEventByWhereTheFingerIs() {
        var h = trackedButton()
        #expect(h.actions(h.touch("1", .began, 150, 120)) == ["touchDown:->vc"])
        #expect(h.actions(h.touch("1", .moved, 160, 125)) == ["touchDragInside:->vc"])
        #expect(h.actions(h.touch("1", .moved, 150, 200)) == ["touchDragInside:->vc"])  // in the gutter
        #expect(h.actions(h.touch("1", .moved, 150, 300)) == ["touchDragExit:->vc"])
        #expect(h.actions(h.touch("1", .moved, 150, 400)) == ["touchDragOutside:->vc"])
        #expect(h.actions(h.touch("1", .moved, 150, 130)) == ["touchDragEnter:->vc"])
        #expect(h.actions(h.touch("1", .ended, 150, 130)) == ["touchUpInside:->vc"])
    }

    /// CT5: a control is highlighted from its touch-down while the finger is inside (UIKit's 70 pt gutter counting as
    /// inside, CT3), dark on the move that leaves and lit again on the one that comes back, and dark at touch-up: with
    /// actions or without (a button with no target still lights up). Each change is in the step, once.
    @Test func CT5_aControlIsHighlightedWhileTheTrackedFingerIsInside() throws {
        let plain = Harness([win("w1", [v("btn", "UIButton", 100, 100, 100, 44)])])
        for var h in [trackedButton(), plain] {
            let btn = try #require(h.model.view("btn"))
            func lit(_ s: Step) -> [Bool] { s.controlStates.filter { $0.view == btn }.map(\.isHighlighted) }
            #expect(h.model.isHighlighted(btn) == false)
            #expect(lit(h.touch("1", .began, 150, 120)) == [true])
            #expect(h.model.isHighlighted(btn) == true)
            #expect(lit(h.touch("1", .moved, 150, 200)) == [])  // in the gutter: still lit
            #expect(lit(h.touch("1", .moved, 150, 300)) == [false])
            #expect(h.model.isHighlighted(btn) == false)
            #expect(lit(h.touch("1", .moved, 150, 400)) == [])
            #expect(lit(h.touch("1", .moved, 150, 130)) == [true])
            #expect(lit(h.touch("1", .ended, 150, 130)) == [false])
            #expect(h.model.isHighlighted(btn) == false)
            // A cancelled touch leaves it dark too.
            #expect(lit(h.touch("2", .began, 150, 120)) == [true])
            #expect(lit(h.touch("2", .cancelled, 150, 120)) == [false])
        }
        // Only controls have the state.
        let view = Harness([win("w1", [v("card", "UIView", 100, 100, 100, 44)])])
        #expect(view.model.isHighlighted(try #require(view.model.view("card"))) == nil)
    }

    /// CT5 with SC2, SC3: a button in a scroll view lights up only when its held touch-down reaches it: after the
    /// content-touch delay for a finger that rests, with the touch-up (on and off in one event) for a quick tap. A
    /// drag from it keeps it lit under UIKit's default (the tracking control keeps its touch, SC6), and with the
    /// usual `touchesShouldCancel` override the drag scrolls and cancels its touch, which darkens it (SC5, SC7).
    @Test func CT5_aButtonInAScrollViewLightsUpWhenTheHeldTouchDownReachesIt() throws {
        func scroller(cancels: TouchesShouldCancel = .default) -> Harness {
            Harness([
                win(
                    "w1",
                    [
                        v("list", "UIScrollView", 0, 0, 390, 600, [v("btn", "UIButton", 0, 100, 100, 44)]) {
                            $0.touchesShouldCancel = cancels
                        }
                    ])
            ])
        }
        var quick = scroller()
        let btn = try #require(quick.model.view("btn"))
        func lit(_ s: Step) -> [Bool] { s.controlStates.filter { $0.view == btn }.map(\.isHighlighted) }
        #expect(lit(quick.touch("1", .began, 50, 120)) == [])  // held by the scroll view
        #expect(lit(quick.touch("1", .ended, 50, 120, dt: 0.05)) == [true, false])
        var rest = scroller()
        #expect(lit(rest.touch("1", .began, 50, 120)) == [])
        #expect(lit(rest.send(.advanceTime, dt: 0.2)) == [true])
        #expect(lit(rest.touch("1", .moved, 50, 170)) == [])  // the button keeps its touch, within the gutter
        #expect(rest.model.isHighlighted(btn) == true)
        var scrolls = scroller(cancels: .always)
        scrolls.touch("1", .began, 50, 120)
        #expect(lit(scrolls.send(.advanceTime, dt: 0.2)) == [true])
        #expect(lit(scrolls.touch("1", .moved, 50, 170)) == [false])  // the pan began and cancelled the button's touch
        #expect(scrolls.model.isHighlighted(btn) == false)
    }

    /// CT7: the second tap of a double tap sends touchDownRepeat beside touchDown: by the recorded tap count, or, when
    /// the recording has none, by the multi-tap interval and distance.
    @Test func CT7_aRepeatedTapSendsTouchDownRepeat() {
        var h = trackedButton()
        #expect(h.actions(h.tap("1", 150, 120).began) == ["touchDown:->vc"])
        #expect(h.actions(h.tap("2", 155, 122).began) == ["touchDown:->vc", "touchDownRepeat:->vc"])
        var slow = trackedButton()
        slow.tap("1", 150, 120)
        #expect(slow.actions(slow.touch("2", .began, 150, 120, dt: 1)) == ["touchDown:->vc"])
        var recorded = trackedButton()
        func down(_ id: String, tapCount: Int) -> Step {
            recorded.send(.touch(TouchInput(touch: id, phase: .began, point: Point(150, 120), tapCount: tapCount)))
        }
        #expect(recorded.actions(down("1", tapCount: 2)) == ["touchDown:->vc", "touchDownRepeat:->vc"])
        recorded.touch("1", .ended, 150, 120)
        // The recording says the second touch-down was a first tap (the user waited): no repeat.
        #expect(recorded.actions(down("2", tapCount: 1)) == ["touchDown:->vc"])
    }

    /// CT9, CT10: a slider sends `valueChanged` as its thumb is dragged (`isContinuous`, true by default), once at the
    /// release when it is not continuous, and not at all for a touch that does not move the thumb.
    @Test func CT9_aSliderSendsValueChangedAsTheThumbMoves() {
        func slider(continuous: Bool?) -> Harness {
            Harness(
                [
                    win(
                        "w1",
                        [
                            v("volume", "UISlider", 20, 100, 300, 40) {
                                $0.actions = [ActionSpec(events: ["valueChanged"], target: "vc", action: "volume:")]
                                $0.isContinuous = continuous
                            }
                        ])
                ], controllers: [ControllerSpec(id: "vc", className: "VC", view: "w1")])
        }
        for continuous in [nil, true] as [Bool?] {
            var h = slider(continuous: continuous)
            #expect(h.actions(h.touch("1", .began, 40, 120)) == [])
            #expect(h.actions(h.touch("1", .moved, 60, 120)) == ["volume:->vc"])
            #expect(h.actions(h.touch("1", .moved, 90, 121)) == ["volume:->vc"])
            #expect(h.actions(h.touch("1", .ended, 90, 121)) == [])
        }
        var once = slider(continuous: false)
        once.touch("1", .began, 40, 120)
        #expect(once.actions(once.touch("1", .moved, 60, 120)) == [])
        #expect(once.actions(once.touch("1", .ended, 90, 120)) == ["volume:->vc"])
        // A touch that does not move the thumb changes no value (a tap on the track sets nothing).
        var tap = slider(continuous: false)
        #expect(tap.actions(tap.tap("1", 40, 120).ended) == [])
        var tapContinuous = slider(continuous: nil)
        #expect(tapContinuous.actions(tapContinuous.tap("1", 40, 120).ended) == [])
    }

    @Test func D_unknownTouchesAndIdsProduceNotesNotCrashes() {
        var h = screen()
        #expect(h.touch("ghost", .moved, 1, 1).notes.count == 1)
        #expect(h.send(.set(view: "nope", patch: ViewProperties(isHidden: true))).notes.count == 1)
        #expect(h.send(.remove(view: "nope")).notes.count == 1)
        #expect(h.send(.insert(parent: "nope", index: nil, view: v("x", "UIView", 0, 0, 1, 1))).notes.count == 1)
        #expect(h.send(.call(responder: "nope", method: .becomeFirstResponder, force: false)).notes.count == 1)
        #expect(h.touch("w", .began, 1, 1, window: "nowindow").notes.count == 1)
    }

    @Test func D_trustObservedBindsTheTouchToTheRecordedView() {
        var h = screen()
        let s = h.touch("1", .began, 50, 50, observed: "btn", trust: true)
        #expect(h.name(s.hitTestView) == "plain")
        #expect(h.name(s.view) == "btn")
        #expect(h.delivered(s) == ["btn.began"])
        let without = h.touch("2", .began, 60, 60, observed: "btn", trust: false)
        #expect(h.name(without.view) == "plain")
    }

    @Test func D_touchEventGroupsRecordsOfOneUIEvent() {
        var h = Harness([win("w1", [v("pad", "UIView", 0, 0, 200, 200) { $0.overridesTouches = true }])])
        let steps = h.model.dispatchTouchEvent(
            [
                TouchInput(touch: "1", phase: .began, point: Point(10, 10), event: 7),
                TouchInput(touch: "2", phase: .began, point: Point(20, 20), event: 7),
            ], at: 1)
        #expect(steps.map { h.delivered($0) } == [["pad.began"], []])  // one touch per non-multi-touch view (D5)
    }
}
