import ResponderCore
import Testing
import TouchlogReport

/// ViewRef and Scene built from ResponderCore's model.
@Suite struct ModelAdapterTests {
    static func model() -> ResponderModel {
        let field = ViewSpec(
            id: "0x6000a1", className: "Shop.PromoField", baseClass: "UITextField", frame: Rect(12, 20, 249, 44),
            properties: ViewProperties(
                isFirstResponder: true, accessibilityIdentifier: "checkout.promoCode",
                accessibilityLabel: "Promo code"))
        let card = ViewSpec(
            id: "card", className: "UIView", frame: Rect(16, 159, 361, 84),
            properties: ViewProperties(accessibilityIdentifier: "checkout.promoCard"), subviews: [field])
        let label = ViewSpec(
            id: "items", className: "UILabel", frame: Rect(24, 119, 345, 24),
            properties: ViewProperties(accessibilityLabel: "3 items"))
        let root = ViewSpec(id: "root", className: "UIView", frame: Rect(0, 0, 393, 852), subviews: [label, card])
        let window = WindowSpec(
            view: ViewSpec(id: "w", className: "UIWindow", frame: Rect(0, 0, 393, 852), subviews: [root]),
            isKeyWindow: true)
        return ResponderModel(hierarchy: HierarchySpec(windows: [window]))
    }

    @Test func viewRefHasClassIdentifiersAndPathButTheIDOnlyAsID() throws {
        let model = Self.model()
        let ref = try #require(model.ref(for: "0x6000a1"))
        let view = try #require(ViewRef(model: model, view: ref, role: "first responder"))
        #expect(
            view.pathDescription == "UIWindow > UIView > UIView#checkout.promoCard > Shop.PromoField#checkout.promoCode"
        )
        #expect(Signature.of(view: view) == "Shop.PromoField#checkout.promoCode")
        #expect(view.id == "0x6000a1" && view.accessibilityLabel == "Promo code" && view.role == "first responder")
    }

    @Test func sceneListsViewsOnScreenWithDepthsAndRoles() throws {
        let model = Self.model()
        let scene = Scene(
            model: model, screen: Size(393, 852), t: 2, touches: [Point(100, 200)], hitView: model.ref(for: "card"),
            keyboardFrame: Rect(0, 516, 393, 336))
        #expect(scene.views.map(\.id) == ["w", "root", "items", "card", "0x6000a1"])
        #expect(scene.views.map(\.depth) == [0, 1, 2, 2, 3])
        #expect(scene.view("0x6000a1")?.frame == Rect(28, 179, 249, 44))  // on screen: inside the card
        #expect(scene.view("items")?.isUserInteractionEnabled == false)  // a UILabel's default
        #expect(scene.firstResponder == "0x6000a1" && scene.hitView == "card")
        #expect(scene.keyboardFrame == Rect(0, 516, 393, 336))  // a text field is first responder: keyboard up
    }
}
