import Testing

@testable import ResponderCore

/// A copy of the model is a branch (the report replays a tap again with a policy added from a copy): views and
/// recognizers share their recorded strings and arrays between copies, and what one copy is told must never show in
/// the other.
@Suite struct ModelCopyTests {
    func form() -> Harness {
        Harness([
            win(
                "w1",
                [
                    v(
                        "root", "UIView", 0, 0, 390, 844,
                        [
                            v("name", "UITextField", 20, 100, 350, 44) {
                                $0.accessibilityLabel = "Name"
                                $0.accessibilityIdentifier = "form.name"
                                $0.implements = ["copy:"]
                                $0.text = "Ada"
                            },
                            v("card", "UIView", 0, 300, 390, 200) {
                                $0.gestureRecognizers = [
                                    tapRecognizer("cardTap") {
                                        $0.actions = [RecognizerActionSpec(target: "vc", action: "open:")]
                                        $0.delegate = "vc"
                                    }
                                ]
                            },
                        ])
                ])
        ])
    }

    /// The recorded fields of a view and of a recognizer, as the model holds them.
    func recorded(_ model: ResponderModel) -> [String] {
        let name = model.viewIndex["name"]!
        let tap = model.recognizerIndex["cardTap"]!
        let n = model.views[name]
        let g = model.recognizers[tap]
        return [
            n.id, n.className, n.accessibilityLabel ?? "-", n.accessibilityIdentifier ?? "-", n.text ?? "-",
            n.delegateID ?? "-", n.implements.joined(separator: ","), n.refusesActions.joined(separator: ","),
            n.actions.map(\.action).joined(separator: ","),
            g.id, g.className, g.delegateID ?? "-", g.actions.map(\.action).joined(separator: ","),
            g.requireToFailIDs.joined(separator: ","), "\(g.tapsRequired)",
        ]
    }

    @Test func aSetInACopyLeavesTheOriginalAsItWas() {
        let h = form()
        let before = recorded(h.model)
        var copy = h.model
        _ = copy.dispatch(
            .set(
                view: "name",
                patch: ViewProperties(
                    implements: ["paste:"], refusesActions: ["cut:"],
                    actions: [ActionSpec(events: ["editingChanged"], target: "vc", action: "changed:")],
                    accessibilityIdentifier: "form.other", accessibilityLabel: "Other", delegate: "vc", text: "Bob")),
            at: 1)
        _ = copy.dispatch(
            .set(
                view: "card",
                patch: ViewProperties(gestureRecognizers: [
                    tapRecognizer("cardTap", taps: 2) {
                        $0.className = "MyTap"
                        $0.requireToFail = ["other"]
                        $0.actions = [RecognizerActionSpec(target: "vc", action: "zoom:")]
                        $0.delegate = "other"
                    }
                ])),
            at: 1)
        #expect(recorded(h.model) == before)
        #expect(
            recorded(copy) == [
                "name", "UITextField", "Other", "form.other", "Bob", "vc", "paste:", "cut:", "changed:",
                "cardTap", "MyTap", "other", "zoom:", "other", "2",
            ])
        // And the other way round: the original told something later leaves the copy as it was.
        var original = h.model
        let copied = recorded(copy)
        _ = original.dispatch(.set(view: "name", patch: ViewProperties(accessibilityLabel: "Third")), at: 2)
        #expect(recorded(copy) == copied)
        #expect(original.info(original.view("name")!)?.accessibilityLabel == "Third")
        #expect(h.model.info(h.model.view("name")!)?.accessibilityLabel == "Name")
    }

    @Test func aSnapshotInACopyLeavesTheOriginalAsItWas() {
        let h = form()
        let before = recorded(h.model)
        var copy = h.model
        var spec = v("name", "UITextField", 20, 100, 350, 44) { $0.accessibilityLabel = "Renamed" }
        spec.implements = []
        _ = copy.dispatch(
            .snapshot(
                HierarchySpec(windows: [
                    win(
                        "w1",
                        [
                            v(
                                "root", "UIView", 0, 0, 390, 844,
                                [
                                    spec,
                                    v("card", "UIView", 0, 300, 390, 200) {
                                        $0.gestureRecognizers = [
                                            RecognizerSpec(id: "cardTap", className: "UILongPressGestureRecognizer")
                                        ]
                                    },
                                ])
                        ])
                ])), at: 1)
        #expect(recorded(h.model) == before)
        #expect(copy.info(copy.view("name")!)?.accessibilityLabel == "Renamed")
        #expect(copy.recognizerInfo(copy.ref(for: "cardTap")!)?.className == "UILongPressGestureRecognizer")
        #expect(h.model.recognizerInfo(h.model.ref(for: "cardTap")!)?.className == "UITapGestureRecognizer")
    }
}
