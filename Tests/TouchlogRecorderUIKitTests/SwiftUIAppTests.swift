import Foundation
import Testing
import TouchlogFormat
import TouchlogRecorder
import TouchlogRecorderUIKit
import TouchlogReplay
import TouchlogTestSupport
import UIKitStandIn

/// A SwiftUI app (`@main struct ShopApp: App`): SwiftUI makes the window, its `UIHostingController` and the
/// application object, so no `RecordingWindow` or `RecordingApplication` is installed. The recording starts when the
/// window becomes visible (`TouchlogRecording.startWhenWindowsAppear`) and watches its touches through an observer it
/// attaches to the window. UIKit's (and SwiftUI's) outcome is scripted by hand, event by event, as in `StoryTests`.
@Suite(.serialized) @MainActor struct SwiftUIAppTests {
    enum CartView: StandInSwiftUIView {
        static let standInTypeName = "Shop.CartView"
    }

    /// The app as SwiftUI builds it: a window in a scene, a hosting controller for `CartView` as its root, SwiftUI's
    /// own recognizer on the hosting view, a view SwiftUI made to hit-test the Checkout button it draws
    /// (y 700-750), and the UIKit text field behind its coupon `TextField` (y 300-344).
    @MainActor final class App {
        let scene = UIWindowScene(
            standInScreen: .standInDefault, frameOnScreen: CGRect(x: 0, y: 0, width: 393, height: 852))
        let window: UIWindow
        let host: UIView
        let checkout = StandInSwiftUIShapeView(frame: CGRect(x: 24, y: 700, width: 345, height: 50))
        let coupon = UITextField(frame: CGRect(x: 24, y: 300, width: 345, height: 44))
        let swiftUIGestures = StandInSwiftUIGestureRecognizer(target: nil, action: nil)
        let application = UIApplication()
        let sink = MemorySink()
        let center = NotificationCenter()
        var clock = 100.0
        /// Work the recording left for the next turn of the run loop.
        var afterEvent: [@MainActor @Sendable () -> Void] = []
        /// What UIKit and SwiftUI do once the window passes the current event on.
        var pendingDelivery: (UIEvent) -> Void = { _ in }
        var keyboardUp = false

        init() {
            window = UIWindow(windowScene: scene)
            let hosting = UIHostingController<CartView>(standInFrame: CGRect(x: 0, y: 0, width: 393, height: 852))
            window.rootViewController = hosting
            host = hosting.view
            host.addGestureRecognizer(swiftUIGestures)
            host.addSubview(checkout)
            coupon.accessibilityLabel = "Coupon"
            host.addSubview(coupon)
            host.accessibilityElements = Self.elements(in: host, sceneOrigin: .zero)
            window.standInDelivery = { [unowned self] event in
                let delivery = pendingDelivery
                pendingDelivery = { _ in }
                delivery(event)
            }
        }

        /// SwiftUI's accessibility elements for the cart, with their frames in the screen's coordinates as UIKit
        /// gives them (`sceneOrigin`: where the scene lies on the screen): the Checkout button, and a container (the
        /// total row) holding its text.
        static func elements(in host: UIView, sceneOrigin: CGPoint) -> [Any] {
            let checkout = UIAccessibilityElement(accessibilityContainer: host)
            checkout.accessibilityFrame = CGRect(x: sceneOrigin.x + 24, y: sceneOrigin.y + 700, width: 345, height: 50)
            checkout.accessibilityIdentifier = "cart.checkout"
            checkout.accessibilityLabel = "Checkout"
            checkout.accessibilityTraits = .button
            let row = UIAccessibilityElement(accessibilityContainer: host)
            row.isAccessibilityElement = false
            let total = UIAccessibilityElement(accessibilityContainer: row)
            total.accessibilityFrame = CGRect(x: sceneOrigin.x + 24, y: sceneOrigin.y + 620, width: 200, height: 30)
            total.accessibilityLabel = "Total 42 EUR"
            total.accessibilityTraits = .staticText
            row.accessibilityElements = [total]
            return [checkout, row]
        }

        /// Launch: the recording is set up before any window, and starts when SwiftUI's window becomes visible.
        func launch() {
            UIApplication.standInShared = application
            TouchlogRecording.startWhenWindowsAppear(
                session: SessionInfo(
                    sessionID: "STORY-SWIFTUI-CART", appID: "com.acme.shop", deviceModel: "iPhone15,4",
                    system: "iOS 17.5.1", screen: Size(393, 852), scale: 3),
                sink: sink, center: center, uptime: { [unowned self] in clock }, background: false,
                afterEvent: { [unowned self] work in afterEvent.append(work) })
            window.makeKeyAndVisible()
            center.post(name: UIWindow.didBecomeVisibleNotification, object: window)
        }

        /// A tap bound to `view` (UIKit's hit test; in SwiftUI content, SwiftUI's), and what UIKit and SwiftUI do at
        /// the lift (`atLift`), each event followed by a turn of the run loop.
        func tap(_ x: Double, _ y: Double, hits view: UIView, atLift: @escaping () -> Void = {}) {
            let touch = UITouch()
            touch.window = window
            touch.standInLocation = CGPoint(x: x, y: y)
            touch.view = view
            send(touch, .began)
            clock += 0.08
            pendingDelivery = { _ in atLift() }
            send(touch, .ended)
            clock += 0.3
        }

        private func send(_ touch: UITouch, _ phase: UITouch.Phase) {
            touch.phase = phase
            touch.timestamp = clock
            let event = UIEvent()
            event.timestamp = clock
            event.standInTouches = [touch]
            application.sendEvent(event)
            let work = afterEvent
            afterEvent = []
            for item in work { item() }
        }

        /// The field takes focus (SwiftUI focuses its `TextField`'s UIKit field on a tap, F7): its notification,
        /// then the keyboard's.
        func focusCoupon() {
            coupon.becomeFirstResponder()
            center.post(name: UITextField.textDidBeginEditingNotification, object: coupon)
            keyboard(up: true)
        }

        /// SwiftUI drops focus (`@FocusState` set to nil by the Checkout button's action): the field resigns.
        func dropFocus() {
            coupon.resignFirstResponder()
            center.post(name: UITextField.textDidEndEditingNotification, object: coupon)
            keyboard(up: false)
        }

        func type(_ count: Int) {
            for _ in 0..<count {
                coupon.text = (coupon.text ?? "") + "x"
                center.post(name: UITextField.textDidChangeNotification, object: coupon)
                clock += 0.2
            }
        }

        private func keyboard(up: Bool) {
            guard up != keyboardUp else { return }
            keyboardUp = up
            center.post(
                name: up ? UIResponder.keyboardWillShowNotification : UIResponder.keyboardWillHideNotification,
                object: nil,
                userInfo: [
                    UIResponder.keyboardFrameEndUserInfoKey: NSValue(
                        rect: up
                            ? CGRect(x: 0, y: 516, width: 393, height: 336)
                            : CGRect(x: 0, y: 852, width: 393, height: 336))
                ])
        }

        func recorded() -> String {
            TouchlogRecording.current?.recorder.flush()
            return sink.files.joined()
        }
    }

    /// The story: four quick taps on SwiftUI's Checkout button (a stepper-like "+": SwiftUI redraws, no UIKit view
    /// changes), a tap on the coupon field that SwiftUI focuses, three keys, and a tap on Checkout whose action drops
    /// the focus. Replay agrees with every observation, and the report finds nothing: what SwiftUI did with the taps
    /// is not the model's to judge (before hosted regions, the four taps were a rage tap on a view that answers no
    /// tap).
    @Test func aSwiftUICartIsRecordedAndReplaysWithoutFindings() throws {
        let app = App()
        app.launch()
        // SwiftUI hit-tests its own content: the Checkout button it draws takes the touch on its hosting view, or on
        // the view it made for the button's shape.
        app.tap(100, 720, hits: app.host)
        app.tap(104, 722, hits: app.checkout)
        app.tap(98, 718, hits: app.host)
        app.tap(101, 725, hits: app.host)
        app.tap(100, 322, hits: app.coupon, atLift: app.focusCoupon)
        app.type(3)
        app.tap(100, 720, hits: app.host, atLift: app.dropFocus)
        let text = app.recorded()
        let findings = try StoryTests.analyse("swiftui-cart", text)
        TouchlogRecording.current?.stop()
        #expect(findings.isEmpty, "\(findings)")

        let records = RecordingCheck.records(text)
        let start = try RecordingCheck.openingSnapshot(records)
        let window = try #require(start.hierarchy.windows.first)
        // The window SwiftUI made is recorded without the recording's observer among its recognizers, and the
        // hosting view is marked as SwiftUI's region, with SwiftUI's recognizer left out (the model knows nothing of
        // it) and the views inside it recorded.
        #expect(window.view.gestureRecognizers?.isEmpty ?? true)
        let host = try #require(window.view.subviews.first)
        #expect(host.className == "_TtGC7SwiftUI14_UIHostingViewV4Shop8CartView_")
        #expect(host.properties.hostsSwiftUI == true)
        #expect(host.properties.gestureRecognizers == nil)
        #expect(host.subviews.map(\.className) == ["_TtC7SwiftUI21_UIShapeHitTestingView", "UITextField"])
        #expect(host.subviews.allSatisfy { $0.properties.hostsSwiftUI == nil })
        // SwiftUI's content as public API tells it: its accessibility elements, the container walked into.
        #expect(
            host.properties.accessibilityElements == [
                AccessibilityElementSpec(
                    frame: Rect(24, 700, 345, 50), identifier: "cart.checkout", label: "Checkout", traits: ["button"]),
                AccessibilityElementSpec(frame: Rect(24, 620, 200, 30), label: "Total 42 EUR", traits: ["staticText"]),
            ])
        let couponID = try #require(StoryTests.id(labelled: "Coupon", in: window.view))
        // Each touch bound where UIKit bound it.
        let bound = records.compactMap { record -> String? in
            guard case .touch(let touch) = record, touch.phase == .began else { return nil }
            return touch.view
        }
        #expect(bound == [host.id, host.subviews[0].id, host.id, host.id, couponID, host.id])
        // SwiftUI's focus and its drop are written as calls (the model does not play SwiftUI), then observed.
        let calls = records.compactMap { record -> String? in
            guard case .call(let call) = record else { return nil }
            return "\(call.method.rawValue) \(call.responder)"
        }
        #expect(calls == ["becomeFirstResponder \(couponID)", "resignFirstResponder \(couponID)"])
        let focus = records.compactMap { record -> String? in
            guard case .firstResponder(let change) = record else { return nil }
            return change.view ?? "none"
        }
        #expect(focus == [couponID, "none"])
        #expect(records.filter { $0.kind == .key }.count == 3)
    }

    /// Without the mark the same screen is a plain view with views inside: the model hit-tests into SwiftUI's own
    /// view and disagrees with UIKit, and the four taps are a rage tap. This is what the recording looked like before
    /// hosted regions were marked, and what the mark prevents.
    @Test func withoutTheMarkTheModelClaimsWhatItCannotKnow() throws {
        let app = App()
        app.launch()
        for (x, y) in [(100.0, 720.0), (104, 722), (98, 718), (101, 725)] { app.tap(x, y, hits: app.host) }
        let text = app.recorded().replacingOccurrences(of: #","hostsSwiftUI":true"#, with: "")
        TouchlogRecording.current?.stop()
        #expect(!text.contains("hostsSwiftUI"))
        let verdict = try StoryTests.check("swiftui-cart-unmarked", text)
        #expect(verdict.problems.contains { $0.divergenceKind == .hitView })
        #expect(verdict.findings.contains("rage_tap"))
    }

    /// On an iPad in Slide Over the scene lies 500 points into the screen: UIKit gives `accessibilityFrame` in the
    /// screen's coordinates, the recording writes it in the window's (the keyboard's frame is converted the same
    /// way). Masked labels mask the elements' labels too. Only the hosting view carries elements.
    @Test func elementFramesAreInTheWindowsCoordinatesAndTheirLabelsMasked() throws {
        let screen = UIScreen(standInBounds: CGRect(x: 0, y: 0, width: 820, height: 1180))
        let scene = UIWindowScene(standInScreen: screen, frameOnScreen: CGRect(x: 500, y: 20, width: 320, height: 1160))
        let window = UIWindow(windowScene: scene)
        let hosting = UIHostingController<CartView>(standInFrame: CGRect(x: 0, y: 0, width: 320, height: 1160))
        window.rootViewController = hosting
        hosting.view.accessibilityElements = App.elements(in: hosting.view, sceneOrigin: CGPoint(x: 500, y: 20))
        var ids = ObjectIDs()
        let captured = HierarchyCapture(privacy: RecorderPrivacy(maskLabels: true))
            .capture(windows: [window], application: nil, ids: &ids)
        let host = try #require(captured.windows.first?.view.subviews.first)
        #expect(
            host.properties.accessibilityElements == [
                AccessibilityElementSpec(
                    frame: Rect(24, 700, 345, 50), identifier: "cart.checkout", label: "label-1", traits: ["button"]),
                AccessibilityElementSpec(frame: Rect(24, 620, 200, 30), label: "label-2", traits: ["staticText"]),
            ])
        #expect(captured.windows.first?.view.properties.accessibilityElements == nil)
    }

    /// A UIKit button a representable hosts in SwiftUI content, with a UIAction: SwiftUI's app has no
    /// `RecordingApplication`, so the recording sees no target-action sends and writes no `sent` at all (a recording
    /// with some would make replay take every unobserved action for a missing one). The tap replays with no
    /// divergence.
    @Test func withoutRecordingApplicationNoActionIsWrittenAsSent() throws {
        let app = App()
        var paid = 0
        let pay = UIButton(
            frame: CGRect(x: 24, y: 400, width: 345, height: 50),
            primaryAction: UIAction(title: "Pay") { _ in paid += 1 })
        pay.addTarget(app.host, action: Selector("analytics:"), for: .touchUpInside)
        app.host.addSubview(pay)
        app.launch()
        // CT4: touch-up inside sends touchUpInside, then the button's primaryActionTriggered (its UIAction).
        app.tap(100, 420, hits: pay) {
            pay.sendActions(for: .touchUpInside)
            pay.sendActions(for: .primaryActionTriggered)
        }
        let text = app.recorded()
        TouchlogRecording.current?.stop()
        #expect(paid == 1)
        #expect(!RecordingCheck.records(text).contains { $0.kind == .sent })
        let verdict = try StoryTests.check("swiftui-representable-button", text)
        #expect(verdict.problems.isEmpty, "\(verdict.problems)")
    }

    /// The installation leaves UIKit's own windows alone (the keyboard's), and the observer takes nothing: it never
    /// recognizes, cancels or delays touches, and can neither prevent nor be prevented by another recognizer.
    @Test func theObserverTakesNothingFromTheApp() throws {
        let app = App()
        app.launch()
        let observers = app.window.gestureRecognizers ?? []
        #expect(observers.count == 1)
        let observer = try #require(observers.first)
        #expect(!observer.cancelsTouchesInView && !observer.delaysTouchesBegan && !observer.delaysTouchesEnded)
        #expect(!observer.canPrevent(app.swiftUIGestures) && !observer.canBePrevented(by: app.swiftUIGestures))
        app.tap(100, 720, hits: app.host)
        #expect(observer.state == .possible)
        // A window UIKit makes for itself is not recorded.
        let keyboardWindow = UIRemoteKeyboardWindow(frame: CGRect(x: 0, y: 516, width: 393, height: 336))
        app.center.post(name: UIWindow.didBecomeVisibleNotification, object: keyboardWindow)
        #expect(keyboardWindow.gestureRecognizers == nil)
        TouchlogRecording.current?.stop()
        // Stopping takes the observer off the window.
        #expect(app.window.gestureRecognizers?.isEmpty ?? true)
    }
}
