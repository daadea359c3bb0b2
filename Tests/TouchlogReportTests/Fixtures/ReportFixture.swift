import ResponderCore
import TouchlogFormat
import TouchlogReplay

@testable import TouchlogReport

/// A hand-made report for the format goldens: three sessions, two app versions, four rules, scenes, and a
/// toast whose accessibility label carries `<script>` (every format must show it as text).
enum ReportFixture {
    static let checkoutA = SessionRef(
        id: "A1B2C3D4-0001-checkout", appID: "com.acme.shop", appVersion: "5.2.0", appBuild: "5207",
        deviceModel: "iPhone15,4", deviceSystem: "iOS 17.5.1", startedAt: "2026-11-18T09:00:00.000Z",
        source: "sample-logs/03-hidden-promo-field-keeps-typing.jsonl", headerLine: 1)
    static let checkoutB = SessionRef(
        id: "A1B2C3D4-0002-checkout", appID: "com.acme.shop", appVersion: "5.2.0", appBuild: "5207",
        deviceModel: "iPhone14,7", deviceSystem: "iOS 17.4", startedAt: "2026-11-19T10:30:00.000Z",
        source: "recordings/qa-0002.jsonl", headerLine: 1)
    static let wishlist = SessionRef(
        id: "B7E04411-0003-wishlist", appID: "com.acme.shop", appVersion: "5.3.0", appBuild: "5301",
        deviceModel: "iPhone15,4", deviceSystem: "iOS 17.5.1", startedAt: "2026-11-20T14:05:12.500Z",
        source: "recordings/qa-0003.jsonl", headerLine: 27)
    static let sessions = [wishlist, checkoutA, checkoutB]
    /// A recording that holds only its header: replay refuses it (no snapshot), so no rule judged it.
    static let headerOnly = SessionRef(
        id: "C9D0E1F2-0004-header-only", appID: "com.acme.shop", appVersion: "5.3.0", appBuild: "5301",
        deviceModel: "iPhone14,7", deviceSystem: "iOS 17.4", startedAt: "2026-11-21T08:15:00.000Z",
        source: "recordings/qa-0004.jsonl", headerLine: 1)
    static let unanalysed = [UnanalysedSession(session: headerOnly, reason: .noSnapshot(session: headerOnly.id))]

    static let scriptLabel = #"Added to wishlist <script>alert("x")</script>"#

    static let rules = [
        RuleSummary(
            identifier: HiddenFirstResponderRule.id, name: "Hidden first responder", severity: .warning,
            rationale: "Hiding a view does not resign it, so typed text can land in a field nobody sees."),
        RuleSummary(
            identifier: KeyboardOccludesInputRule.id, name: "Keyboard covers the input", severity: .warning,
            rationale: "The first responder stayed under the keyboard after it showed."),
        RuleSummary(
            identifier: BlockedTapRule.id, name: "Blocked tap", severity: .warning,
            rationale: "A tap inside a visible control's frame never reached it."),
        RuleSummary(
            identifier: HitTestDivergenceRule.id, name: "Hit-test divergence", severity: .info,
            rationale: "The recorded view of a touch differs from the model's: an app override of hit testing."),
    ]

    static func promoField(id: String) -> ViewRef {
        ViewRef(
            id: id, className: "UITextField", accessibilityIdentifier: "checkout.promoCode",
            accessibilityLabel: "Promo code",
            path: [
                .init("UIWindow"), .init("UILayoutContainerView"), .init("UIView"),
                .init("UIView", "checkout.promoCard"), .init("UITextField", "checkout.promoCode"),
            ], role: "first responder")
    }

    static let keyboard = Rect(0, 516, 393, 336)

    static func checkoutScene(fieldID: String, t: Double) -> Scene {
        Scene(
            screen: Size(393, 852), t: t,
            views: [
                SceneView(id: "shopWindow", className: "UIWindow", frame: Rect(0, 0, 393, 852), depth: 0),
                SceneView(id: "checkoutRoot", className: "UIView", frame: Rect(0, 0, 393, 852), depth: 1),
                SceneView(
                    id: "navBar", className: "UINavigationBar", label: "Checkout", frame: Rect(0, 59, 393, 44), depth: 2
                ),
                SceneView(
                    id: "itemsLabel", className: "UILabel", label: "3 items", frame: Rect(24, 119, 345, 24),
                    isUserInteractionEnabled: false, depth: 2),
                SceneView(
                    id: "promoCard", className: "UIView", label: "checkout.promoCard", frame: Rect(16, 159, 361, 84),
                    depth: 2),
                SceneView(
                    id: fieldID, className: "UITextField", label: "Promo code", frame: Rect(28, 179, 249, 44),
                    isHidden: true, depth: 3),
                SceneView(
                    id: "hidePromoButton", className: "UIButton", label: "Hide", frame: Rect(289, 179, 76, 44), depth: 3
                ),
                SceneView(
                    id: "placeOrder", className: "UIButton", label: "Place Order", frame: Rect(24, 730, 345, 54),
                    depth: 2),
            ], touches: [Point(120.5, 201)], hitView: "promoCard", firstResponder: fieldID, keyboardFrame: keyboard)
    }

    static let findings: [Finding] = [
        Finding(
            ruleID: HiddenFirstResponderRule.id, severity: .error, session: checkoutA, span: TimeSpan(6.9, 9.8),
            records: [16, 17, 18, 19, 20, 22], views: [promoField(id: "promoField")],
            explanation:
                "The promo-code field (UITextField #checkout.promoCode) stayed first responder after it was hidden at 6.9 s, and 4 keys went into it while nobody could see it.",
            scene: checkoutScene(fieldID: "promoField", t: 9.8)),
        Finding(
            ruleID: HiddenFirstResponderRule.id, severity: .warning, session: checkoutB, span: TimeSpan(3.2, 3.2),
            records: [11], views: [promoField(id: "0x7fa3c0d1e200")],
            explanation:
                "The promo-code field (UITextField #checkout.promoCode) stayed first responder after it was hidden at 3.2 s.",
            scene: checkoutScene(fieldID: "0x7fa3c0d1e200", t: 3.2)),
        Finding(
            ruleID: KeyboardOccludesInputRule.id, severity: .warning, session: checkoutA, span: TimeSpan(2.822, 9.8),
            records: [7],
            views: [
                ViewRef(
                    id: "notesField", className: "UITextField", accessibilityIdentifier: "address.deliveryNotes",
                    accessibilityLabel: "Delivery notes",
                    path: [
                        .init("UIWindow"), .init("UITableView"), .init("UITableViewCell"),
                        .init("UITextField", "address.deliveryNotes"),
                    ], role: "first responder")
            ],
            explanation:
                "The keyboard (y 516-852) covered the Delivery notes field (y 669-713) from 2.822 s to the end.",
            scene: nil),
        Finding(
            ruleID: BlockedTapRule.id, severity: .warning, session: wishlist, span: TimeSpan(4.1, 4.2),
            records: [12, 13],
            views: [
                ViewRef(
                    id: "addToBag", className: "UIButton", accessibilityIdentifier: "wishlist.addToBag",
                    accessibilityLabel: "Add to Bag",
                    path: [.init("UIWindow"), .init("UIView"), .init("UIButton", "wishlist.addToBag")],
                    role: "blocked control"),
                ViewRef(
                    id: "toastView", className: "Shop.<ToastView>", accessibilityLabel: scriptLabel,
                    path: [.init("UIWindow"), .init("UIView"), .init("Shop.<ToastView>")], role: "covered by"),
            ],
            explanation:
                "A tap on Add to Bag went to the nearly transparent toast \"\(scriptLabel)\" (alpha 0.02) in front of it.",
            scene: Scene(
                screen: Size(393, 852), t: 4.1,
                views: [
                    SceneView(id: "w", className: "UIWindow", frame: Rect(0, 0, 393, 852), depth: 0),
                    SceneView(id: "root", className: "UIView", frame: Rect(0, 0, 393, 852), depth: 1),
                    SceneView(
                        id: "addToBag", className: "UIButton", label: "Add to Bag", frame: Rect(24, 700, 345, 54),
                        depth: 2),
                    SceneView(
                        id: "toastView", className: "Shop.<ToastView>", label: scriptLabel,
                        frame: Rect(16, 640, 361, 140), alpha: 0.02, depth: 2),
                ], touches: [Point(196, 727)], hitView: "toastView", expectedView: "addToBag")),
        Finding(
            ruleID: HitTestDivergenceRule.id, severity: .info, session: checkoutB, span: TimeSpan(1.5, 1.5),
            records: [5],
            views: [
                ViewRef(
                    id: "overlay", className: "Chat.ReactionOverlayView",
                    path: [.init("UIWindow"), .init("UIView"), .init("Chat.ReactionOverlayView")], role: "override")
            ],
            explanation:
                "The recording says the touch went to reactionBar where UIKit's hit testing gives messageContent2: Chat.ReactionOverlayView overrides hitTest(_:with:)."
        ),
        Finding(
            ruleID: HitTestDivergenceRule.id, severity: .info, session: wishlist, span: TimeSpan(0.8, 0.8),
            records: [3],
            views: [
                ViewRef(
                    id: "overlay2", className: "Chat.ReactionOverlayView",
                    path: [.init("UIWindow"), .init("UIView"), .init("Chat.ReactionOverlayView")], role: "override")
            ],
            explanation:
                "The recording says the touch went to reactionBar where UIKit's hit testing gives messageContent2: Chat.ReactionOverlayView overrides hitTest(_:with:)."
        ),
    ]

    /// Each line described from a typed record by the describer every timeline uses (``RecordDescriber``), so the
    /// HTML golden shows its words and changes when they do.
    static let timelines: [String: [TimelineEntry]] = [
        checkoutA.id: [
            entry(
                3, .touch(TouchRecord(t: 2.403, touch: .number(1), phase: .began, x: 120.5, y: 201, view: "promoField"))
            ),
            entry(5, .firstResponder(FirstResponderRecord(t: 2.503, view: "promoField"))),
            entry(7, .keyboard(KeyboardRecord(t: 2.822, phase: .didShow, frame: Rect(0, 516, 393, 336)))),
            entry(
                14,
                .touch(
                    TouchRecord(t: 6.035, touch: .number(2), phase: .began, x: 311, y: 200.5, view: "hidePromoButton"))),
            entry(16, .set(SetRecord(t: 6.9, view: "promoField", patch: ViewProperties(isHidden: true)))),
            entry(17, .key(KeyRecord(t: 7.2, length: 1))),
            entry(18, .key(KeyRecord(t: 7.4, length: 1))),
            entry(19, .key(KeyRecord(t: 7.6, length: 1))),
            entry(20, .key(KeyRecord(t: 7.9, length: 1))),
            entry(
                21, .touch(TouchRecord(t: 9.7, touch: .number(3), phase: .began, x: 120.5, y: 201, view: "promoCard"))),
            entry(22, .touch(TouchRecord(t: 9.8, touch: .number(3), phase: .ended, x: 120.5, y: 201))),
        ],
        wishlist.id: [
            entry(
                3, .touch(TouchRecord(t: 0.8, touch: .number(1), phase: .began, x: 200, y: 300, view: "reactionBar"))),
            entry(10, .set(SetRecord(t: 3.9, view: "toastView", patch: ViewProperties(alpha: 0.02)))),
            entry(12, .touch(TouchRecord(t: 4.1, touch: .number(2), phase: .began, x: 196, y: 727, view: "toastView"))),
            entry(13, .touch(TouchRecord(t: 4.2, touch: .number(2), phase: .ended, x: 196, y: 727))),
        ],
    ]

    static func entry(_ seq: Int, _ record: Record) -> TimelineEntry {
        TimelineEntry(seq: seq, t: record.t ?? 0, text: RecordDescriber.words(record))
    }

    static func report(
        baseline: Baseline? = nil, failOn: Severity? = nil, filter: ReportFilter = ReportFilter(),
        unanalysed: [UnanalysedSession] = []
    ) -> Report {
        Report(
            findings: findings, sessions: sessions, unanalysed: unanalysed, rules: rules, timelines: timelines,
            options: ReportOptions(
                filter: filter, baseline: baseline, failOn: failOn, toolVersion: "0.1.0", storedSessions: 4))
    }
}
