import Testing

@testable import ResponderCore

/// What the trace says of a touch beyond its delivery (issue 15, item 7): where it is in its view's coordinates (H8),
/// the whole responder chain (C1–C5) and what a `UIWindow.sendEvent` override sees (D1).
@Suite struct TraceDetailRuleTests {
    /// A scrolled list (bounds origin 0,200) in a window, a tap recognizer on a row, an app delegate that is or is not
    /// a responder.
    func screen(delegateIsResponder: Bool = true) -> Harness {
        var h = Harness(
            [
                win(
                    "w1",
                    [
                        v(
                            "root", "UIView", 0, 0, 390, 844,
                            [
                                v(
                                    "list", "UIScrollView", 0, 100, 390, 600,
                                    [
                                        v("row", "UIView", 0, 300, 390, 80) {
                                            $0.gestureRecognizers = [tapRecognizer("rowTap")]
                                        }
                                    ]
                                ) { $0.bounds = Rect(0, 200, 390, 600) },
                                v("btn", "UIButton", 10, 750, 100, 44),
                            ])
                    ])
            ],
            controllers: [ControllerSpec(id: "vc", className: "VC", view: "root")],
            application: ApplicationSpec(delegateID: "appDelegate", delegateIsResponder: delegateIsResponder))
        h.model.recordsTraceDetail = true
        return h
    }

    @Test func H8_locationIsInTheBoundViewsBoundsCoordinates_evenAfterARecognizerTookTheTouch() {
        var h = screen()
        // Screen (20, 250): list-local (20, 150) + bounds origin (0, 200) = (20, 350); row frame y 300 → (20, 50).
        let began = h.touch("1", .began, 20, 250)
        #expect(h.name(began.view) == "row")
        #expect(began.location == Point(20, 50))
        let ended = h.touch("1", .ended, 25, 260)
        #expect(ended.view == nil)  // the row's tap recognizer took the touch (D2)
        #expect(ended.location == Point(25, 60))
    }

    @Test func C3_C4_responderChainRunsThroughTheWindowToTheApplication_andTheDelegateOnlyIfAResponder() {
        var h = screen()
        #expect(
            h.touch("1", .began, 20, 770).responderChain.map { h.model.id(of: $0) } == [
                "btn", "root", "vc", "w1", "application", "appDelegate",
            ])
        #expect(h.touch("1", .moved, 21, 770).responderChain.isEmpty)  // only at began
        var plain = screen(delegateIsResponder: false)
        #expect(
            plain.touch("1", .began, 20, 770).responderChain.map { plain.model.id(of: $0) } == [
                "btn", "root", "vc", "w1", "application",
            ])
    }

    @Test func C4_DISAGREE_flowkey_Chameleon_theChainDoesNotEndAtTheWindow() {
        // flowkey's chain ends at the window (UIApplication is no responder); Chameleon's at the application.
        var h = screen()
        let chain = h.touch("1", .began, 200, 20).responderChain.map { h.model.id(of: $0) }
        #expect(chain == ["root", "vc", "w1", "application", "appDelegate"])
    }

    @Test func D1_DISAGREE_flowkey_sendEventSeesEveryTouchOfTheEventAlreadyHitTested() {
        // flowkey hit-tests inside UIWindow.sendEvent, so code before super sees touch.view == nil.
        var h = screen()
        let steps = h.model.dispatchTouchEvent(
            [
                TouchInput(touch: "1", phase: .began, point: Point(20, 250), window: "w1", event: 1),
                TouchInput(touch: "2", phase: .began, point: Point(20, 770), window: "w1", event: 1),
            ], at: 1)
        let seen = steps[0].sendEvent.map { "\($0.touch) \($0.phase.name) \(h.name($0.view) ?? "nil")" }
        #expect(seen == ["1 began row", "2 began btn"])
        #expect(steps[1].sendEvent.isEmpty)  // the event's whole view is on its first step
        // Off the trace path nothing is recorded (the report and benchmarks pay nothing for it).
        h.model.recordsTraceDetail = false
        let quiet = h.touch("3", .began, 200, 20)
        #expect(quiet.sendEvent.isEmpty && quiet.location == nil && quiet.responderChain.isEmpty)
    }
}
