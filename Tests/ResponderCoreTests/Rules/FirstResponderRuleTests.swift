import Testing

@testable import ResponderCore

/// Section 6 of the semantics: first responder and keyboard.
@Suite struct FirstResponderRuleTests {
    func form(_ configure: (inout ViewSpec) -> Void = { _ in }, second: (inout ViewSpec) -> Void = { _ in }) -> Harness
    {
        Harness(
            [
                win(
                    "w1",
                    [
                        v(
                            "root", "UIView", 0, 0, 390, 844,
                            [
                                v(
                                    "group", "UIView", 0, 0, 390, 300,
                                    [
                                        v("tf1", "UITextField", 10, 10, 300, 40, [], configure),
                                        v("tf2", "MyApp.PinField", 10, 60, 300, 40) {
                                            $0.baseClass = "UITextField"
                                            second(&$0)
                                        },
                                    ]),
                                v("label", "UILabel", 10, 400, 100, 20),
                                v("custom", "MyApp.Canvas", 0, 500, 100, 100) { $0.canBecomeFirstResponder = true },
                            ])
                    ])
            ], controllers: [ControllerSpec(id: "vc", className: "VC", view: "root")])
    }

    func call(_ h: inout Harness, _ id: String, _ m: ResponderCall, force: Bool = false) -> Step {
        h.send(.call(responder: id, method: m, force: force))
    }

    @Test func F1_becomeFirstResponderPreconditions() {
        var h = form()
        // Already first responder: true, no change.
        let b = call(&h, "tf1", .becomeFirstResponder)
        #expect(h.frChanges(b) == ["nil->tf1"])
        #expect(h.keyboard(b) == ["shown"])
        #expect(call(&h, "tf1", .becomeFirstResponder).firstResponderChanges.isEmpty)
        // canBecomeFirstResponder false: refused and the current one is untouched (keyboard stays).
        let refused = call(&h, "label", .becomeFirstResponder)
        #expect(refused.refusals.map(\.why) == [.cannotBecome])
        #expect(refused.firstResponderChanges.isEmpty)
        #expect(h.firstResponder == "tf1")
        // A disabled text field cannot become first responder either.
        h.send(.set(view: "tf2", patch: ViewProperties(isEnabled: false)))
        #expect(call(&h, "tf2", .becomeFirstResponder).refusals.map(\.why) == [.cannotBecome])
        h.send(.set(view: "tf2", patch: ViewProperties(isEnabled: true)))
        // Not in a window: refused.
        h.send(.remove(view: "tf2"))
        #expect(call(&h, "tf2", .becomeFirstResponder).refusals.map(\.why) == [.notInWindow])
    }

    /// The keyboard shows for a first responder that adopts UIKeyInput ("When instances of this subclass are the
    /// first responder, the system keyboard displays", Apple docs: UIKeyInput): text inputs by default, a custom view
    /// only when the recording says its class adopts it; a custom responder that does not adopt it shows none.
    @Test func F8_theKeyboardShowsForAFirstResponderThatAdoptsKeyInput() {
        var plain = form()
        #expect(plain.keyboard(call(&plain, "custom", .becomeFirstResponder)) == [])
        var pad = form()
        pad.send(.set(view: "custom", patch: ViewProperties(adoptsKeyInput: true)))
        let shown = call(&pad, "custom", .becomeFirstResponder)
        #expect(pad.frChanges(shown) == ["nil->custom"])
        #expect(pad.keyboard(shown) == ["shown"])
        // Focus moving on to a text field keeps the keyboard up with no hide/show pair (F8).
        #expect(pad.keyboard(call(&pad, "tf1", .becomeFirstResponder)) == [])
        // A text field whose class the recording says does not adopt it (an unusual subclass) shows none.
        var odd = form({ $0.adoptsKeyInput = false })
        #expect(odd.keyboard(call(&odd, "tf1", .becomeFirstResponder)) == [])
    }

    // MARK: views in no window (issue 15, item 3)

    /// A promo-code field the screen created but has not added yet, and a sheet it removed and keeps.
    func withDetached() -> Harness {
        var h = form()
        h.send(.insert(parent: nil, index: nil, view: v("draftField", "UITextField", 10, 600, 300, 40)))
        return h
    }

    @Test func F1_aViewInNoWindowCannotBecomeFirstResponder_andNothingChanges() {
        var h = withDetached()
        #expect(h.model.isInHierarchy(h.ref("draftField")) == false)
        _ = call(&h, "tf1", .becomeFirstResponder)
        let s = call(&h, "draftField", .becomeFirstResponder)
        #expect(s.refusals.map(\.why) == [.notInWindow])
        #expect(s.firstResponderChanges.isEmpty && s.keyboardChanges.isEmpty)
        #expect(h.firstResponder == "tf1")
        // It keeps its properties while out of the window and can be added later; then it can become first responder.
        h.send(.set(view: "draftField", patch: ViewProperties(accessibilityLabel: "Promo code")))
        h.send(.insert(parent: "group", index: nil, view: v("draftField", "UITextField", 10, 110, 300, 40)))
        #expect(h.frChanges(call(&h, "draftField", .becomeFirstResponder)) == ["tf1->draftField"])
        // Removed and kept: calls still reach it and are refused (F5 resigned it on the way out).
        #expect(h.frChanges(h.send(.remove(view: "draftField"))) == ["draftField->nil"])
        #expect(call(&h, "draftField", .becomeFirstResponder).refusals.map(\.why) == [.notInWindow])
    }

    @Test func F1_DISAGREE_Cacao_becomeFirstResponderOutsideAWindowIsRefusedNotAFatalError() {
        // Cacao calls fatalError outside a window; WinObjC has no canBecome check at all. UIKit returns false.
        var h = Harness(
            [win("w1", [v("root", "UIView", 0, 0, 390, 844)])],
            application: ApplicationSpec())
        h.send(
            .snapshot(
                HierarchySpec(
                    windows: [win("w1", [v("root", "UIView", 0, 0, 390, 844)])],
                    detachedViews: [v("canvas", "MyApp.Canvas", 0, 0, 10, 10) { $0.canBecomeFirstResponder = true }])))
        let s = call(&h, "canvas", .becomeFirstResponder)
        #expect(s.refusals.map(\.why) == [.notInWindow])
        #expect(h.model.firstResponder(inWindow: h.ref("w1")) == nil)
    }

    @Test func D1_aViewInNoWindowReceivesNoTouches_evenWhenTheRecordingNamesIt() {
        var h = withDetached()
        // The detached field's frame would cover (20, 610) if it were in the window: the root view takes the touch.
        #expect(h.hit(20, 610) == "root")
        let s = h.send(
            .touch(
                TouchInput(
                    touch: "1", phase: .began, point: Point(20, 610), window: "w1", observedView: "draftField",
                    bindToObservedView: true)))
        #expect(h.name(s.view) == "root")
        #expect(
            s.notes.map(\.message) == [
                #"touch "1": observed view "draftField" is not in a window; using the model's hit test"#
            ])
    }

    @Test func F1_DISAGREE_Chameleon_currentFirstResponderThatCannotResignKeepsIt() {
        var h = form({ $0.canResignFirstResponder = false })
        _ = call(&h, "tf1", .becomeFirstResponder)
        let s = call(&h, "tf2", .becomeFirstResponder)
        #expect(s.refusals.map(\.why) == [.currentCannotResign])
        #expect(h.firstResponder == "tf1")
    }

    @Test func F1_DISAGREE_Cacao_plainViewsCannotBecomeFirstResponderByDefault_customOnesCan() {
        var h = form()
        #expect(call(&h, "root", .becomeFirstResponder).refusals.map(\.why) == [.cannotBecome])
        let c = call(&h, "custom", .becomeFirstResponder)
        #expect(h.frChanges(c) == ["nil->custom"])
        #expect(h.keyboard(c) == [])  // not a text input: no keyboard
    }

    @Test func F2_resignCanBeRefused() {
        var h = form({ $0.canResignFirstResponder = false })
        _ = call(&h, "tf1", .becomeFirstResponder)
        #expect(call(&h, "tf1", .resignFirstResponder).refusals.map(\.why) == [.cannotResign])
        #expect(h.firstResponder == "tf1")
        var ok = form()
        _ = call(&ok, "tf1", .becomeFirstResponder)
        let r = call(&ok, "tf1", .resignFirstResponder)
        #expect(ok.frChanges(r) == ["tf1->nil"])
        #expect(ok.keyboard(r) == ["hidden"])
    }

    @Test func F3_DISAGREE_WinObjC_oneFirstResponderPerWindow_keyInputGoesToTheKeyWindows() {
        var h = Harness([
            win("main", [v("a", "UITextField", 0, 0, 100, 40)], key: true),
            win(
                "panel", [v("b", "MyApp.KeyCatcher", 0, 0, 100, 40) { $0.canBecomeFirstResponder = true }], key: false,
                level: 1, frame: Rect(0, 500, 390, 100)),
        ])
        h.send(.call(responder: "a", method: .becomeFirstResponder, force: false))
        h.send(.call(responder: "b", method: .becomeFirstResponder, force: false))
        #expect(h.name(h.model.firstResponder(inWindow: h.ref("main"))) == "a")
        #expect(h.name(h.model.firstResponder(inWindow: h.ref("panel"))) == "b")
        #expect(h.name(h.send(.key(length: 1)).keyInputReceiver) == "a")
    }

    // MARK: a first responder per window (issue 15, item 6)

    func twoWindows() -> Harness {
        Harness([
            win("main", [v("a", "UITextField", 0, 0, 100, 40)], key: true),
            win(
                "banner",
                [
                    v("quickReply", "UITextField", 0, 0, 300, 40),
                    v("catcher", "MyApp.KeyCatcher", 0, 50, 100, 40) { $0.canBecomeFirstResponder = true },
                ], key: false, level: 1, frame: Rect(0, 500, 390, 100)),
        ])
    }

    @Test func F3_makeKeySendsKeyInputToThatWindowsOwnFirstResponder_andBack() {
        var h = twoWindows()
        _ = call(&h, "a", .becomeFirstResponder)
        // A responder that is no text input becomes first responder of the banner; the key window stays main.
        let b = call(&h, "catcher", .becomeFirstResponder)
        #expect(b.keyWindowChange == nil)
        #expect(h.name(h.send(.key(length: 1)).keyInputReceiver) == "a")
        // makeKey: the banner's first responder now gets keys; main's keeps its status, nothing resigns.
        let k = call(&h, "banner", .makeKey)
        #expect(h.name(k.keyWindowChange?.from) == "main" && h.name(k.keyWindowChange?.to) == "banner")
        #expect(k.firstResponderChanges.isEmpty)
        #expect(h.name(h.send(.key(length: 1)).keyInputReceiver) == "catcher")
        #expect(h.name(h.model.firstResponder(inWindow: h.ref("main"))) == "a")
        // isKeyWindow set on main gives key input back to its field, still first responder there.
        h.send(.set(view: "main", patch: ViewProperties(isKeyWindow: true)))
        #expect(h.name(h.send(.key(length: 1)).keyInputReceiver) == "a")
        // makeKey on something that is not a window is ignored with a note.
        #expect(
            call(&h, "a", .makeKey).notes.map(\.message) == [#"call "makeKey": "a" is not a window on screen; ignored"#]
        )
    }

    @Test func F3_INF_aTextInputBecomingFirstResponderInANonKeyWindowMakesThatWindowKey() {
        // Section 12 #8 leaves this open; the model follows Chameleon for key-input responders (choice 8), and a
        // recording's keyWindow observation says otherwise as a divergence.
        var h = twoWindows()
        _ = call(&h, "a", .becomeFirstResponder)
        let s = call(&h, "quickReply", .becomeFirstResponder)
        #expect(h.name(s.keyWindowChange?.to) == "banner")
        #expect(h.name(h.model.firstResponder(inWindow: h.ref("main"))) == "a")
        #expect(h.name(h.send(.key(length: 2)).keyInputReceiver) == "quickReply")
    }

    @Test func F3_DISAGREE_flowkey_touchesIgnoreTheKeyWindow_keysFollowIt() {
        // flowkey hit-tests the key window only; UIKit routes touches by position and only keys by key status (H10).
        var h = twoWindows()
        _ = call(&h, "a", .becomeFirstResponder)
        #expect(h.hit(10, 510) == "quickReply")
        #expect(h.hit(10, 10) == "a")
        _ = call(&h, "banner", .makeKey)
        #expect(h.hit(10, 10) == "a")
        h.send(.set(view: "banner", patch: ViewProperties(windowLevel: -1)))
        #expect(h.hit(10, 510) == "main")  // the banner is now behind main, which covers the whole screen
    }

    @Test func F3_withoutAKeyWindowKeyInputReachesNobody_untilATextInputBecomesFirstResponder() {
        var h = Harness([
            win(
                "w1",
                [
                    v("tf", "UITextField", 0, 0, 100, 40),
                    v("canvas", "MyApp.Canvas", 0, 100, 100, 40) {
                        $0.canBecomeFirstResponder = true
                    },
                ], key: false)
        ])
        #expect(h.model.keyWindowRef == nil)
        h.send(.call(responder: "canvas", method: .becomeFirstResponder, force: false))
        #expect(h.send(.key(length: 1)).keyInputReceiver == nil)
        h.send(.call(responder: "tf", method: .becomeFirstResponder, force: false))
        #expect(h.model.keyWindowRef == h.ref("w1"))
        #expect(h.name(h.send(.key(length: 1)).keyInputReceiver) == "tf")
    }

    @Test func F4_DISAGREE_hidingDoesNotResign_keyInputStillLandsInTheHiddenField() {
        var h = form()
        _ = call(&h, "tf1", .becomeFirstResponder)
        let hide = h.send(.set(view: "group", patch: ViewProperties(isHidden: true)))
        #expect(hide.firstResponderChanges.isEmpty)
        #expect(hide.keyboardVisible)
        let key = h.send(.key(length: 3))
        #expect(h.name(key.keyInputReceiver) == "tf1")
        #expect(key.keyInputReceiverHidden)
        #expect(h.model.isEffectivelyHidden(h.ref("tf1")))
        #expect(h.hit(20, 20) == "root")  // no longer hittable (H2)
    }

    @Test func F5_leavingTheWindowResignsForced_evenWhenResignIsRefused() {
        var h = form({ $0.canResignFirstResponder = false })
        _ = call(&h, "tf1", .becomeFirstResponder)
        let r = h.send(.remove(view: "group"))
        #expect(h.frChanges(r) == ["tf1->nil"])
        #expect(r.firstResponderChanges.map(\.reason) == [.removedFromWindow])
        #expect(h.keyboard(r) == ["hidden"])
        // Re-adding does not restore it.
        let back = h.send(
            .insert(
                parent: "root", index: 0,
                view: v("group", "UIView", 0, 0, 390, 300, [v("tf1", "UITextField", 10, 10, 300, 40)])))
        #expect(back.firstResponderChanges.isEmpty)
        #expect(h.firstResponder == nil)
    }

    @Test func F5_movingWithinTheSameWindowKeepsTheFirstResponder() {
        var h = form()
        _ = call(&h, "tf1", .becomeFirstResponder)
        let moved = h.send(.insert(parent: "root", index: nil, view: v("tf1", "UITextField", 10, 700, 300, 40)))
        #expect(moved.firstResponderChanges.isEmpty)
        #expect(h.firstResponder == "tf1")
    }

    @Test func F6_DISAGREE_endEditing_forceSkipsTheQuestion_onlyInsideTheReceiver() {
        var h = form({ $0.canResignFirstResponder = false })
        _ = call(&h, "tf1", .becomeFirstResponder)
        #expect(call(&h, "root", .endEditing, force: false).refusals.map(\.why) == [.cannotResign])
        #expect(call(&h, "label", .endEditing, force: true).firstResponderChanges.isEmpty)  // not inside the label
        let forced = call(&h, "root", .endEditing, force: true)
        #expect(h.frChanges(forced) == ["tf1->nil"])
        #expect(forced.firstResponderChanges.map(\.reason) == [.endEditing(forced: true)])
        // The receiver itself counts (WinObjC looks only at subviews).
        _ = call(&h, "tf2", .becomeFirstResponder)
        #expect(h.frChanges(call(&h, "tf2", .endEditing, force: true)) == ["tf2->nil"])
    }

    @Test func F7_tapOnATextFieldBeginsEditingAtTouchUp_touchDownThenTouchCancel() {
        var h = form({
            $0.actions = [
                ActionSpec(events: ["touchDown"], target: "vc", action: "down:"),
                ActionSpec(events: ["touchCancel"], target: "vc", action: "cancel:"),
                ActionSpec(events: ["touchUpInside"], target: "vc", action: "up:"),
                ActionSpec(events: ["editingDidBegin"], target: "vc", action: "began:"),
            ]
        })
        let s = h.tap("1", 20, 20)
        #expect(h.actions(s.began) == ["down:->vc"])
        #expect(s.began.firstResponderChanges.isEmpty)
        #expect(h.delivered(s.ended) == ["tf1#textInteraction.ended", "tf1.cancelled"])
        #expect(h.actions(s.ended) == ["cancel:->vc", "began:->vc"])
        #expect(h.frChanges(s.ended) == ["nil->tf1"])
        #expect(s.ended.firstResponderChanges.map(\.reason) == [.tappedTextInput])
        #expect(h.keyboard(s.ended) == ["shown"])
    }

    @Test func F7_holdingAFingerOnATextFieldTakesTheTouchForTheLoupe_editingBeginsOnLift() {
        var h = form()
        let down = h.touch("1", .began, 20, 20)
        #expect(h.gestures(down) == ["tf1#textInteraction:possible", "tf1#textLongPress:possible"])
        let held = h.send(.advanceTime, dt: 0.6)
        #expect(h.gestures(held) == ["tf1#textLongPress:began", "tf1#textInteraction:failed"])
        #expect(h.delivered(held) == ["tf1.cancelled"])
        #expect(held.firstResponderChanges.isEmpty)
        let lift = h.touch("1", .ended, 20, 20)
        #expect(h.gestures(lift) == ["tf1#textLongPress:ended"])
        #expect(h.frChanges(lift) == ["nil->tf1"])
    }

    @Test func F7_F8_focusMovingBetweenTextFieldsKeepsTheKeyboardUp() {
        var h = form()
        h.tap("1", 20, 20)
        let move = h.tap("2", 20, 70).ended
        #expect(h.frChanges(move) == ["tf1->tf2"])
        #expect(move.keyboardChanges.isEmpty)
        #expect(move.keyboardVisible)
    }

    @Test func F7_delegateRefusingToBeginEditingKeepsTheFieldOut() {
        var h = form({ $0.canBecomeFirstResponder = false })
        let s = h.tap("1", 20, 20).ended
        #expect(s.refusals.map(\.why) == [.cannotBecome])
        #expect(h.firstResponder == nil)
    }

    @Test func F8_keyboardHidesWhenTheLastTextInputResigns_showsOnce() {
        var h = form()
        #expect(h.keyboard(call(&h, "tf1", .becomeFirstResponder)) == ["shown"])
        #expect(h.keyboard(call(&h, "tf2", .becomeFirstResponder)) == [])
        #expect(h.keyboard(call(&h, "custom", .becomeFirstResponder)) == ["hidden"])
    }

    // MARK: a controller as first responder (the inputAccessoryView pattern)

    /// A chat screen whose controller keeps its message bar on screen by being first responder ("The custom input
    /// accessory view to display when the receiver becomes the first responder", Apple docs:
    /// UIResponder.inputAccessoryView; UIViewController is a UIResponder).
    func chat(canBecome: Bool = true, showsInputViews: Bool = true) -> Harness {
        Harness(
            [
                win(
                    "w1",
                    [
                        v(
                            "root", "UIView", 0, 0, 390, 844,
                            [
                                v("list", "UIView", 0, 0, 390, 700),
                                v("search", "UITextField", 10, 60, 370, 40),
                            ])
                    ])
            ],
            controllers: [
                ControllerSpec(
                    id: "chatVC", className: "App.ChatViewController", view: "root", implements: ["send:"],
                    canBecomeFirstResponder: canBecome, showsInputViews: showsInputViews)
            ])
    }

    @Test func aControllerBecomesFirstResponderAndShowsItsInputViews() {
        var h = chat()
        let became = call(&h, "chatVC", .becomeFirstResponder)
        #expect(h.frChanges(became) == ["nil->chatVC"])
        #expect(h.keyboard(became) == ["shown"])
        #expect(h.firstResponder == "chatVC")
        // Nil-targeted actions start at it (A2), and key input goes to it.
        #expect(h.actions(h.send(.action(action: "send:", target: nil, sender: nil))) == ["send:->chatVC"])
        #expect(h.send(.key(length: 1)).keyInputReceiver.map { h.model.id(of: $0) } == "chatVC")
        // A field taking focus replaces it with no hide/show pair; the controller taking it back does the same.
        let field = call(&h, "search", .becomeFirstResponder)
        #expect(h.frChanges(field) == ["chatVC->search"])
        #expect(h.keyboard(field) == [])
        let back = call(&h, "chatVC", .becomeFirstResponder)
        #expect(h.frChanges(back) == ["search->chatVC"])
        #expect(h.keyboard(back) == [])
        // endEditing on its root view reaches views only: the controller keeps the status (F6).
        #expect(call(&h, "root", .endEditing, force: true).firstResponderChanges.isEmpty)
        #expect(h.firstResponder == "chatVC")
        let resigned = call(&h, "chatVC", .resignFirstResponder)
        #expect(h.frChanges(resigned) == ["chatVC->nil"])
        #expect(h.keyboard(resigned) == ["hidden"])
    }

    @Test func aControllerThatCannotBecomeFirstResponderIsRefused() {
        var h = chat(canBecome: false)
        #expect(call(&h, "chatVC", .becomeFirstResponder).refusals.map(\.why) == [.cannotBecome])
        #expect(h.firstResponder == nil)
        // One with nothing to show (key commands only) holds the status with the keyboard down.
        var quiet = chat(showsInputViews: false)
        let became = call(&quiet, "chatVC", .becomeFirstResponder)
        #expect(quiet.frChanges(became) == ["nil->chatVC"])
        #expect(quiet.keyboard(became) == [])
    }

    @Test func aControllerWhoseViewLeavesTheWindowIsNoLongerFirstResponder() {
        var h = chat()
        call(&h, "chatVC", .becomeFirstResponder)
        let removed = h.send(.remove(view: "root"))
        #expect(h.frChanges(removed) == ["chatVC->nil"])
        #expect(h.keyboard(removed) == ["hidden"])
        #expect(call(&h, "chatVC", .becomeFirstResponder).refusals.map(\.why) == [.notInWindow])
    }

    @Test func aSnapshotNamesAControllerFirstResponder() {
        let controller = ControllerSpec(
            id: "chatVC", className: "App.ChatViewController", view: "root", canBecomeFirstResponder: true,
            isFirstResponder: true, showsInputViews: true)
        let model = ResponderModel(
            hierarchy: HierarchySpec(
                windows: [win("w1", [v("root", "UIView", 0, 0, 390, 844)])], controllers: [controller]))
        #expect(model.firstResponder.map { model.id(of: $0) } == "chatVC")
        #expect(model.keyboardVisible)
    }
}
