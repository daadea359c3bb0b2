import Testing

@testable import ResponderCore

/// Section 18 of part 2 of the semantics: recognizer interplay and the multi-finger gestures (GR1–GR11).
@Suite struct MultiTouchGestureRuleTests {
    /// w1 > pad (handles its own touches, 300 × 300) carrying `recognizers`; `windowRecognizers` on the window.
    func pad(_ recognizers: [RecognizerSpec], windowRecognizers: [RecognizerSpec] = []) -> Harness {
        Harness([
            win("w1", [v("pad", "UIView", 0, 0, 300, 300) { $0.gestureRecognizers = recognizers }]) {
                $0.gestureRecognizers = windowRecognizers
            }
        ])
    }

    func recognizer(
        _ id: String, _ className: String, _ configure: (inout RecognizerSpec) -> Void = { _ in }
    ) -> RecognizerSpec {
        var spec = RecognizerSpec(id: id, className: className)
        configure(&spec)
        return spec
    }

    @Test func kindsFollowTheUIKitClassTheRecognizerIs() {
        #expect(RecognizerKind(className: "UISwipeGestureRecognizer") == .swipe)
        #expect(RecognizerKind(className: "UIPinchGestureRecognizer") == .pinch)
        #expect(RecognizerKind(className: "UIRotationGestureRecognizer") == .rotation)
        #expect(RecognizerKind(className: "UIScreenEdgePanGestureRecognizer") == .pan)
        #expect(RecognizerKind(className: "UIHoverGestureRecognizer") == .other)
    }

    @Test func GR10_pinchBeginsWhenTheFingersSpreadEnough_changesWithBothDown_endsWhenBothLift() {
        var h = pad([recognizer("pinch", "UIPinchGestureRecognizer")])
        h.touch("1", .began, 100, 100)
        h.touch("2", .began, 200, 100)
        #expect(h.gestures(h.touch("2", .moved, 205, 100)) == [])  // 5 pt apart more: not yet a pinch
        #expect(h.gestures(h.touch("2", .moved, 230, 100)) == ["pinch:began"])
        #expect(h.gestures(h.touch("1", .moved, 90, 100)) == ["pinch:changed"])
        #expect(h.gestures(h.touch("1", .ended, 90, 100)) == [])  // one finger still down
        #expect(h.gestures(h.touch("2", .moved, 240, 100)) == [])  // a move with one finger changes nothing
        #expect(h.gestures(h.touch("2", .ended, 240, 100)) == ["pinch:ended"])
    }

    @Test func GR10_oneFingerNeverPinches() {
        var h = pad([recognizer("pinch", "UIPinchGestureRecognizer")])
        h.touch("1", .began, 100, 100)
        #expect(h.gestures(h.touch("1", .moved, 250, 250)) == [])
        #expect(h.gestures(h.touch("1", .ended, 250, 250)) == ["pinch:failed"])
    }

    @Test func GR11_rotationBeginsWhenTheFingersTurn_andExcludesAPinchOnTheSameView() {
        let both = [
            recognizer("pinch", "UIPinchGestureRecognizer"), recognizer("rotate", "UIRotationGestureRecognizer"),
        ]
        var h = pad(both)
        h.touch("1", .began, 100, 100)
        h.touch("2", .began, 200, 100)
        #expect(h.gestures(h.touch("2", .moved, 200, 105)) == [])  // about 3°
        // About 10° with the distance kept: a rotation, and the pinch tracking the same touches fails (GR1).
        #expect(h.gestures(h.touch("2", .moved, 198.5, 117.4)) == ["rotate:began", "pinch:failed"])
        #expect(h.gestures(h.touch("2", .moved, 195, 130)) == ["rotate:changed"])
    }

    @Test func GR2_aRecordedSimultaneityLetsBothRecognize() {
        let pinch = recognizer("pinch", "UIPinchGestureRecognizer")
        let rotate = recognizer("rotate", "UIRotationGestureRecognizer") { $0.simultaneousWith = ["pinch"] }
        var h = pad([pinch, rotate])
        h.touch("1", .began, 100, 100)
        h.touch("2", .began, 200, 100)
        #expect(h.gestures(h.touch("2", .moved, 198.5, 117.4)) == ["rotate:began"])
        // One true answer is enough: the pinch's own delegate was never asked, yet it may recognize too.
        #expect(h.gestures(h.touch("2", .moved, 230, 140)) == ["pinch:began", "rotate:changed"])
    }

    @Test func GR2_simultaneityWithUIKitsOwnScrollPanByItsId() {
        func session(simultaneous: Bool) -> [String] {
            var h = Harness([
                win(
                    "w1",
                    [
                        v("list", "UIScrollView", 0, 0, 300, 300) {
                            $0.gestureRecognizers = [
                                RecognizerSpec(
                                    id: "drag", className: "UIPanGestureRecognizer",
                                    simultaneousWith: simultaneous ? ["list#pan"] : [])
                            ]
                        }
                    ])
            ])
            h.touch("1", .began, 100, 100)
            return h.gestures(h.touch("1", .moved, 100, 150))
        }
        #expect(session(simultaneous: false).filter { $0.hasSuffix("began") }.count == 1)
        #expect(session(simultaneous: true).filter { $0.hasSuffix("began") }.count == 2)
    }

    @Test func GR7_swipeRecognizesAlongItsDirection_isDiscrete() {
        var h = pad([recognizer("swipe", "UISwipeGestureRecognizer")])  // right by default
        h.touch("1", .began, 50, 100)
        #expect(h.gestures(h.touch("1", .moved, 80, 105)) == [])  // 30 pt: not far enough yet
        #expect(h.gestures(h.touch("1", .moved, 120, 112)) == ["swipe:ended"])
        #expect(h.gestures(h.touch("1", .moved, 200, 112)) == [])  // discrete: nothing more
    }

    @Test func GR7_swipeFailsAgainstItsDirections_andRecognizesOnlyTheDirectionsSet() {
        var right = pad([recognizer("swipe", "UISwipeGestureRecognizer")])
        right.touch("1", .began, 150, 100)
        #expect(right.gestures(right.touch("1", .moved, 120, 100)) == ["swipe:failed"])
        var up = pad([recognizer("swipe", "UISwipeGestureRecognizer") { $0.direction = [.up, .down] }])
        up.touch("1", .began, 150, 200)
        #expect(up.gestures(up.touch("1", .moved, 155, 140)) == ["swipe:ended"])
    }

    @Test func GR7_twoFingerSwipeWaitsForBothFingers() {
        var h = pad([recognizer("swipe", "UISwipeGestureRecognizer") { $0.numberOfTouchesRequired = 2 }])
        h.touch("1", .began, 50, 100)
        #expect(h.gestures(h.touch("1", .moved, 120, 100)) == [])  // one finger of two: no swipe
        h.touch("1", .ended, 120, 100)
        var two = pad([recognizer("swipe", "UISwipeGestureRecognizer") { $0.numberOfTouchesRequired = 2 }])
        two.touch("1", .began, 50, 100)
        two.touch("2", .began, 50, 150)
        two.touch("1", .moved, 120, 100)
        #expect(two.gestures(two.touch("2", .moved, 120, 150)) == ["swipe:ended"])
    }

    @Test func GR9_theGestureIsMeasuredAtTheCentroid_aJoiningFingerDoesNotJumpIt() {
        var h = pad([recognizer("pan", "UIPanGestureRecognizer")])
        h.touch("1", .began, 10, 10)
        h.touch("2", .began, 110, 10)  // the centroid moves 50 pt, but the translation is re-based
        #expect(h.gestures(h.touch("1", .moved, 14, 10)) == [])
        // Both fingers 12 pt down: the centroid has moved 12 pt from where the gesture stood.
        h.touch("1", .moved, 14, 22)
        #expect(h.gestures(h.touch("2", .moved, 110, 22)) == ["pan:began"])
    }

    @Test func GR8_panEndsWhenAllFingersLift_notAtTheFirst() {
        var h = pad([recognizer("pan", "UIPanGestureRecognizer")])
        h.touch("1", .began, 10, 10)
        h.touch("2", .began, 60, 10)
        #expect(h.gestures(h.touch("1", .moved, 10, 60)) == ["pan:began"])  // the centroid has moved 25 pt
        #expect(h.gestures(h.touch("2", .moved, 60, 60)) == ["pan:changed"])
        #expect(h.gestures(h.touch("1", .ended, 10, 60)) == [])
        #expect(h.gestures(h.touch("2", .moved, 60, 90)) == ["pan:changed"])
        #expect(h.gestures(h.touch("2", .ended, 60, 90)) == ["pan:ended"])
    }

    @Test func GR8_panWithAMinimumOfTwoFingers() {
        var h = pad([recognizer("pan", "UIPanGestureRecognizer") { $0.minimumNumberOfTouches = 2 }])
        h.touch("1", .began, 10, 10)
        #expect(h.gestures(h.touch("1", .moved, 10, 80)) == [])  // one finger does not pan
        h.touch("2", .began, 60, 80)
        // The first finger's 70 pt count once the second is down (the start moves with the centroid, not back).
        #expect(h.gestures(h.touch("1", .moved, 10, 100)) == ["pan:began"])
        // [OBS] with a minimum of two, it ends as soon as one finger of two lifts.
        #expect(h.gestures(h.touch("1", .ended, 10, 100)) == ["pan:ended"])
    }

    @Test func GR6_longPressUsesItsRecordedDurationAndAllowance() {
        let press = recognizer("press", "UILongPressGestureRecognizer") {
            $0.minimumPressDuration = 1.0
            $0.allowableMovement = 30
        }
        var h = pad([press])
        h.touch("1", .began, 100, 100)
        #expect(h.gestures(h.touch("1", .moved, 120, 100)) == [])  // 20 pt: within its allowance
        #expect(h.gestures(h.send(.advanceTime, dt: 0.6)) == [])  // 0.65 s: not yet
        #expect(h.gestures(h.send(.advanceTime, dt: 0.5)) == ["press:began"])
    }

    @Test func GR6_twoFingerLongPressBeginsOnlyWithBothDown() {
        var h = pad([recognizer("press", "UILongPressGestureRecognizer") { $0.numberOfTouchesRequired = 2 }])
        h.touch("1", .began, 100, 100)
        #expect(h.gestures(h.send(.advanceTime, dt: 0.6)) == [])
        h.touch("2", .began, 150, 100)
        #expect(h.gestures(h.send(.advanceTime, dt: 0.6)) == ["press:began"])
        #expect(h.gestures(h.touch("2", .ended, 150, 100)) == ["press:ended"])  // at the first lift
    }

    @Test func twoFingerTapCountsWhenBothLift_aOneFingerTapDoesNot() {
        let spec = recognizer("tap", "UITapGestureRecognizer") { $0.numberOfTouchesRequired = 2 }
        var h = pad([spec])
        h.touch("1", .began, 100, 100)
        h.touch("2", .began, 150, 100)
        #expect(h.gestures(h.touch("1", .ended, 100, 100)) == [])
        #expect(h.gestures(h.touch("2", .ended, 150, 100)) == ["tap:ended"])
        var one = pad([spec])
        #expect(one.gestures(one.tap("1", 100, 100).ended) == ["tap:failed"])
    }
}
