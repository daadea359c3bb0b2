import Testing

@testable import ResponderCore

/// Section 4 of the semantics: gesture recognizers.
@Suite struct GestureRuleTests {
    /// w1 > pad (handles its own touches) carrying `recognizers`; `windowRecognizers` on the window.
    func pad(
        _ recognizers: [RecognizerSpec], windowRecognizers: [RecognizerSpec] = [],
        controllers: [ControllerSpec] = []
    ) -> Harness {
        Harness(
            [
                win(
                    "w1",
                    [
                        v(
                            "pad", "UIView", 0, 0, 200, 200,
                            [
                                v("btn", "UIButton", 150, 150, 40, 40) {
                                    $0.actions = [ActionSpec(events: ["touchUpInside"], target: nil, action: "buy:")]
                                },
                                v("field", "UITextField", 0, 160, 100, 30),
                            ]
                        ) {
                            $0.overridesTouches = true
                            $0.gestureRecognizers = recognizers
                        }
                    ]
                ) { $0.gestureRecognizers = windowRecognizers }
            ],
            controllers: controllers)
    }

    @Test func G1_hitViewAndAncestorsIncludingTheWindow_closestFirst() {
        var h = pad([tapRecognizer("padTap")], windowRecognizers: [tapRecognizer("winTap")])
        let s = h.touch("1", .began, 10, 10)
        #expect(h.gestures(s) == ["padTap:possible", "winTap:possible"])
        #expect(h.delivered(s) == ["padTap.began", "winTap.began", "pad.began"])
    }

    @Test func G1_DISAGREE_flowkey_windowRecognizerSeesTheTouch() {
        var h = pad([], windowRecognizers: [tapRecognizer("winTap") { $0.cancelsTouchesInView = false }])
        let s = h.tap("1", 10, 10)
        #expect(h.gestures(s.ended) == ["winTap:ended"])
    }

    @Test func G1_disabledRecognizerAndRefusedTouchesGetNothing() {
        var h = pad([
            tapRecognizer("off") { $0.isEnabled = false }, tapRecognizer("noControls") { $0.ignoresControls = true },
        ])
        #expect(h.gestures(h.touch("1", .began, 160, 160)) == [])  // on the button: refused for its lifetime
        #expect(h.gestures(h.touch("1", .ended, 160, 160)) == [])
        #expect(h.gestures(h.touch("2", .began, 10, 10)) == ["noControls:possible"])
    }

    @Test func G2_DISAGREE_Chameleon_flowkey_tapIsDiscrete_possibleToEndedAtTouchUp_thenResets() {
        var h = pad([tapRecognizer("tap") { $0.actions = [RecognizerActionSpec(target: "pad", action: "tapped")] }])
        let first = h.tap("1", 10, 10)
        #expect(h.gestures(first.began) == ["tap:possible"])
        #expect(h.actions(first.began) == [])  // DISAGREE Chameleon/flowkey: no .began and no action at touch-down
        #expect(h.gestures(first.ended) == ["tap:ended"])
        #expect(h.actions(first.ended) == ["tapped->pad"])
        let second = h.tap("2", 10, 10)
        #expect(h.gestures(second.ended) == ["tap:ended"])
    }

    @Test func G2_panIsContinuous_actionsOnBeganChangedEnded() {
        var h = pad([
            RecognizerSpec(
                id: "pan", className: "UIPanGestureRecognizer",
                actions: [RecognizerActionSpec(target: "pad", action: "dragged")])
        ])
        h.touch("1", .began, 10, 10)
        #expect(h.gestures(h.touch("1", .moved, 14, 10)) == [])  // below the threshold
        let began = h.touch("1", .moved, 40, 10)
        #expect(h.gestures(began) == ["pan:began"])
        #expect(h.delivered(began) == ["pan.moved", "pad.cancelled"])  // cancelsTouchesInView
        #expect(h.gestures(h.touch("1", .moved, 60, 10)) == ["pan:changed"])
        let end = h.touch("1", .ended, 60, 10)
        #expect(h.gestures(end) == ["pan:ended"])
        #expect(h.actions(end) == ["dragged->pad"])
    }

    @Test func G2_disablingWhileRecognizingCancels() {
        var h = pad([RecognizerSpec(id: "pan", className: "UIPanGestureRecognizer")])
        h.touch("1", .began, 10, 10)
        h.touch("1", .moved, 50, 10)
        let off = h.send(
            .set(
                view: "pad",
                patch: ViewProperties(gestureRecognizers: [
                    RecognizerSpec(id: "pan", className: "UIPanGestureRecognizer", isEnabled: false)
                ])))
        #expect(h.gestures(off) == ["pan:cancelled"])
    }

    @Test func G2_recognizerWithNoTouchesLeftResetsAfterATimerFailure() {
        // A double tap that does not delay ended phases keeps no touch; its timeout failure must still reset it.
        var h = pad([tapRecognizer("double", taps: 2) { $0.delaysTouchesEnded = false }])
        h.tap("1", 10, 10)
        #expect(h.gestures(h.send(.advanceTime, dt: 1)) == ["double:failed"])
        #expect(h.gestures(h.touch("2", .began, 10, 10)) == ["double:possible"])
    }

    @Test func G3_tapFailsWhenTheFingerMovesTooFar() {
        var h = pad([tapRecognizer("tap")])
        h.touch("1", .began, 10, 10)
        #expect(h.gestures(h.touch("1", .moved, 10, 110)) == ["tap:failed"])
        #expect(h.delivered(h.touch("1", .ended, 10, 110)) == ["pad.ended"])
    }

    @Test func G3_doubleTapFailsWithoutASecondTapWithin2s() {
        var h = pad([tapRecognizer("double", taps: 2)])
        h.tap("1", 10, 10)
        let later = h.send(.advanceTime, dt: 2)
        #expect(h.gestures(later) == ["double:failed"])
        var ok = pad([tapRecognizer("double", taps: 2)])
        ok.tap("1", 10, 10)
        #expect(ok.gestures(ok.tap("2", 12, 12).ended) == ["double:ended"])
    }

    @Test func G3_G6_timersFireOnlyOnceTimePasses_withoutAnEventTheyWaitForTheNextOne() {
        var h = pad([tapRecognizer("double", taps: 2)])
        #expect(h.delivered(h.tap("1", 10, 10).ended) == ["double.ended"])  // the view's ended phase is held (G6)
        let soon = h.send(.advanceTime, dt: 0.1)
        #expect(h.gestures(soon) == [] && h.delivered(soon) == [])  // still within the multi-tap interval
        let late = h.send(.advanceTime, dt: 1)
        #expect(h.gestures(late) == ["double:failed"])
        #expect(h.delivered(late) == ["pad.ended"])  // released when the recognizer fails
        // Without a time event the same failure happens at the next event, whatever it is.
        var quiet = pad([tapRecognizer("double", taps: 2)])
        quiet.tap("1", 10, 10)
        #expect(quiet.gestures(quiet.send(.key(length: 1), dt: 3)) == ["double:failed"])
    }

    @Test func G3_longPressBeginsAfterHolding() {
        var h = pad([RecognizerSpec(id: "press", className: "UILongPressGestureRecognizer")])
        h.touch("1", .began, 10, 10)
        let held = h.send(.advanceTime, dt: 0.6)
        #expect(h.gestures(held) == ["press:began"])
        #expect(h.delivered(held) == ["pad.cancelled"])
        #expect(h.gestures(h.touch("1", .ended, 10, 10)) == ["press:ended"])
        var quick = pad([RecognizerSpec(id: "press", className: "UILongPressGestureRecognizer")])
        #expect(quick.gestures(quick.tap("1", 10, 10).ended) == ["press:failed"])
    }

    @Test func G4_cancelsTouchesInView_cancelBeforeAction() {
        var h = pad([tapRecognizer("tap") { $0.actions = [RecognizerActionSpec(target: "pad", action: "tapped")] }])
        h.touch("1", .began, 10, 10)
        let up = h.touch("1", .ended, 10, 10)
        #expect(h.delivered(up) == ["tap.ended", "pad.cancelled"])
        #expect(
            up.cancellations == [
                Cancellation(touch: "1", view: h.ref("pad"), cause: .recognizer(h.ref("tap")), viewHadBegun: true)
            ])
        #expect(h.actions(up) == ["tapped->pad"])
    }

    @Test func G4_DISAGREE_Chameleon_withoutCancelling_actionPrecedesTouchesEndedInTheSameEvent() {
        var h = pad([
            tapRecognizer("tap") {
                $0.cancelsTouchesInView = false
                $0.actions = [RecognizerActionSpec(target: "pad", action: "tapped")]
            }
        ])
        h.touch("1", .began, 10, 10)
        let up = h.touch("1", .ended, 10, 10)
        #expect(h.delivered(up) == ["tap.ended", "pad.ended"])
        #expect(h.actions(up) == ["tapped->pad"])
        #expect(h.name(up.view) == "pad")  // the view still receives the touch, so it stays bound
    }

    @Test func G5_delaysTouchesBegan_viewSeesNothingWhenRecognized_lateBeganWhenFailed() {
        var h = pad([tapRecognizer("tap") { $0.delaysTouchesBegan = true }])
        #expect(h.delivered(h.touch("1", .began, 10, 10)) == ["tap.began"])
        let up = h.touch("1", .ended, 10, 10)
        #expect(h.delivered(up) == ["tap.ended"])  // neither touchesBegan nor touchesCancelled
        #expect(up.cancellations.map(\.viewHadBegun) == [false])
        h.touch("2", .began, 10, 10)
        let failed = h.touch("2", .moved, 10, 150)
        #expect(h.delivered(failed) == ["tap.moved", "pad.began"])
    }

    @Test func G6_delaysTouchesEnded_firstTapEndsOnlyWhenTheDoubleTapFails() {
        var h = pad([tapRecognizer("double", taps: 2)])
        h.touch("1", .began, 10, 10)
        #expect(h.delivered(h.touch("1", .ended, 10, 10)) == ["double.ended"])
        let timeout = h.send(.advanceTime, dt: 1)
        #expect(h.delivered(timeout) == ["pad.ended"])
        // When the double tap recognizes, the held first tap is cancelled instead (G6).
        var r = pad([tapRecognizer("double", taps: 2)])
        r.tap("1", 10, 10)
        r.touch("2", .began, 10, 10)
        let second = r.touch("2", .ended, 10, 10)
        #expect(r.delivered(second) == ["double.ended", "pad.cancelled", "pad.cancelled"])
    }

    @Test func G7_DISAGREE_requireToFail_singleTapWaitsForTheDoubleTap() {
        let single = tapRecognizer("single") {
            $0.requireToFail = ["double"]
            $0.actions = [RecognizerActionSpec(target: "pad", action: "one")]
        }
        var h = pad([tapRecognizer("double", taps: 2), single])
        let up = h.tap("1", 10, 10).ended
        #expect(h.gestures(up) == [])  // single waits
        let timeout = h.send(.advanceTime, dt: 1)
        #expect(h.gestures(timeout) == ["double:failed", "single:ended"])
        #expect(h.actions(timeout) == ["one->pad"])
        var d = pad([tapRecognizer("double", taps: 2), single])
        d.tap("1", 10, 10)
        #expect(d.gestures(d.tap("2", 10, 10).ended) == ["double:ended", "single:failed"])
    }

    @Test func G8_shouldBeginFalseFails_andTouchesFlowNormally() {
        var h = pad([tapRecognizer("tap") { $0.shouldBegin = false }])
        h.touch("1", .began, 10, 10)
        let up = h.touch("1", .ended, 10, 10)
        #expect(h.gestures(up) == ["tap:failed"])
        #expect(h.delivered(up) == ["tap.ended", "pad.ended"])
    }

    @Test func G8_noSimultaneousRecognition_theOtherRecognizerFails() {
        var h = pad([tapRecognizer("a"), tapRecognizer("b")])
        #expect(h.gestures(h.tap("1", 10, 10).ended) == ["a:ended", "b:failed"])
    }

    @Test func G9_DISAGREE_controlWinsASingleTapOverAnAncestorRecognizer() {
        var h = pad([tapRecognizer("tap")])
        let s = h.tap("1", 160, 160)
        #expect(h.gestures(s.ended) == ["tap:failed"])
        #expect(h.delivered(s.ended) == ["tap.ended", "btn.ended"])
        #expect(h.actions(s.ended) == ["buy:->nil"])  // nil-targeted, nobody implements it: unhandled
    }

    @Test func G9_recognizerOnTheControlItselfPreventsTheAction() {
        var h = Harness([
            win(
                "w1",
                [
                    v("btn", "UIButton", 0, 0, 100, 40) {
                        $0.actions = [ActionSpec(events: ["touchUpInside"], target: nil, action: "buy:")]
                        $0.gestureRecognizers = [tapRecognizer("own")]
                    }
                ])
        ])
        let s = h.tap("1", 10, 10)
        #expect(h.gestures(s.ended) == ["own:ended"])
        #expect(h.actions(s.ended) == [])
    }

    @Test func G9_doesNotCoverTextFieldsOrDoubleTaps() {
        var h = pad([tapRecognizer("double", taps: 2)])
        h.tap("1", 160, 160)
        #expect(h.gestures(h.tap("2", 160, 160).ended) == ["double:ended"])  // only single taps lose to the control
    }

    @Test func G10_refusedTouchesAreNeverCancelled() {
        var h = pad([tapRecognizer("tap") { $0.ignoresControls = true }])
        let s = h.tap("1", 160, 160)
        #expect(s.ended.cancellations.isEmpty)
        #expect(h.delivered(s.ended) == ["btn.ended"])
    }

    func table(_ configure: (inout ViewSpec) -> Void) -> Harness {
        Harness([
            win(
                "w1",
                [
                    v(
                        "table", "UITableView", 0, 0, 390, 600,
                        [v("cell", "UITableViewCell", 0, 0, 390, 44) { $0.overridesTouches = true }], configure)
                ])
        ])
    }

    @Test func H12_delaysContentTouchesFalse_contentGetsTouchesBeganAtOnce_aDragStillCancelsIt() {
        var h = table { $0.delaysContentTouches = false }
        #expect(h.delivered(h.touch("1", .began, 10, 10)) == ["table#pan.began", "cell.began"])
        let drag = h.touch("1", .moved, 10, 60, dt: 0.02)
        #expect(h.gestures(drag) == ["table#pan:began"])
        #expect(h.delivered(drag) == ["table#pan.moved", "cell.cancelled"])
        // Switched back on by a set record: the began is held again.
        h.touch("1", .ended, 10, 60)
        h.send(.set(view: "table", patch: ViewProperties(delaysContentTouches: true)))
        #expect(h.delivered(h.touch("2", .began, 10, 10)) == ["table#pan.began"])
    }

    @Test func H12_canCancelContentTouchesFalse_onceTheContentTracksTheScrollViewDoesNotScroll() {
        var h = table { $0.canCancelContentTouches = false }
        h.touch("1", .began, 10, 10)
        #expect(h.delivered(h.send(.advanceTime, dt: 0.2)) == ["cell.began"])  // the content tracks now
        let drag = h.touch("1", .moved, 10, 60)
        #expect(h.gestures(drag) == ["table#pan:failed"])
        #expect(h.delivered(drag) == ["table#pan.moved", "cell.moved"])  // the pan sees the move, then fails
        #expect(drag.cancellations.isEmpty)
        #expect(h.delivered(h.touch("1", .ended, 10, 60)) == ["cell.ended"])
        // A drag quicker than the delay still scrolls: the content never started tracking.
        h.touch("2", .began, 10, 10)
        #expect(h.gestures(h.touch("2", .moved, 10, 60, dt: 0.02)) == ["table#pan:began"])
    }

    @Test func H12_scrollViewDelaysContentTouches_dragCancelsContent_tapDeliversLate() {
        var h = Harness([
            win(
                "w1",
                [
                    v(
                        "table", "UITableView", 0, 0, 390, 600,
                        [v("cell", "UITableViewCell", 0, 0, 390, 44) { $0.overridesTouches = true }])
                ])
        ])
        // Quick tap: began held, then began + ended at touch-up.
        #expect(h.delivered(h.touch("1", .began, 10, 10)) == ["table#pan.began"])
        #expect(h.delivered(h.touch("1", .ended, 10, 10)) == ["table#pan.ended", "cell.began", "cell.ended"])
        // Held still past the delay: began arrives, then a drag cancels it (canCancelContentTouches).
        h.touch("2", .began, 10, 10)
        #expect(h.delivered(h.send(.advanceTime, dt: 0.2)) == ["cell.began"])
        let drag = h.touch("2", .moved, 10, 60)
        #expect(h.gestures(drag) == ["table#pan:began"])
        #expect(h.delivered(drag) == ["table#pan.moved", "cell.cancelled"])
        h.touch("2", .ended, 10, 60)
        // Quick drag: the cell never hears of it.
        h.touch("3", .began, 10, 10)
        let quick = h.touch("3", .moved, 10, 60, dt: 0.02)
        #expect(h.delivered(quick) == ["table#pan.moved"])
        #expect(quick.cancellations.map(\.viewHadBegun) == [false])
    }

    @Test func H12_dragStartingOnATrackedButtonDoesNotScroll() {
        var h = Harness([win("w1", [v("table", "UITableView", 0, 0, 390, 600, [v("btn", "UIButton", 0, 0, 100, 44)])])])
        h.touch("1", .began, 10, 10)
        h.send(.advanceTime, dt: 0.2)
        #expect(h.gestures(h.touch("1", .moved, 10, 60)) == ["table#pan:failed"])
    }
}
