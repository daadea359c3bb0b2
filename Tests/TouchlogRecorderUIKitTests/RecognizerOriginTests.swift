import Foundation
import ResponderCore
import Testing
import TouchlogFormat
import TouchlogRecorder
import TouchlogRecorderUIKit
import TouchlogTestSupport
import UIKitStandIn

/// Which gesture recognizers are recorded: the app's, declared and observed; a scroll view's own pan, which the model
/// makes itself from the scroll view (`<scroll view>#pan`), only as the id the app's recognizers name; UIKit's
/// private ones (a zoomable scroll view's pinch) not at all. UIKit's outcome for each recognizer is scripted by hand.
@Suite(.serialized) @MainActor struct RecognizerOriginTests {
    /// The app's own pan, which recognizes with the feed's scrolling.
    final class SwipeToLike: UIPanGestureRecognizer {}

    final class LikeRules: StandInObject, UIGestureRecognizerDelegate {
        func standInShouldRecognizeSimultaneously(
            _ gestureRecognizer: UIGestureRecognizer, with otherGestureRecognizer: UIGestureRecognizer
        ) -> Bool? { (otherGestureRecognizer.view as? UIScrollView)?.panGestureRecognizer === otherGestureRecognizer }
    }

    @Test func onlyTheAppsRecognizersAreDeclaredAndObserved() throws {
        let (window, controller, root) = StoryTests.screen()
        let feed = UIScrollView(frame: CGRect(x: 0, y: 100, width: 393, height: 700))
        feed.contentSize = CGSize(width: 393, height: 2000)
        feed.maximumZoomScale = 3  // zooming on: UIKit adds its pinch
        let card = UIView(frame: CGRect(x: 16, y: 20, width: 361, height: 200))
        card.accessibilityLabel = "Card"
        feed.addSubview(card)
        let rules = LikeRules()
        let like = SwipeToLike(target: controller, action: Selector("like:"))
        like.delegate = rules
        card.addGestureRecognizer(like)
        let refresh = UITapGestureRecognizer(target: controller, action: Selector("refresh:"))
        feed.addGestureRecognizer(refresh)
        root.addSubview(feed)
        controller.standInImplements = ["like:", "refresh:"]
        #expect(feed.gestureRecognizers?.count == 3)  // UIKit's pan and pinch, the app's tap
        let app = SimulatedApp(session: "RECOGNIZER-ORIGINS", window: window)
        // UIKit's own recognizers at work (a scroll, a zoom), as UIKit would drive them: nothing of them is written.
        for state: UIGestureRecognizer.State in [.began, .changed, .changed, .ended] {
            feed.panGestureRecognizer.standInSendActions(in: state)
            feed.pinchGestureRecognizer?.standInSendActions(in: state)
            app.wait(0.05)
        }
        // G1, G3: the feed's tap sees a touch on the card (its descendant) and recognizes at touch-up.
        app.tap(200, 300, hits: card, recognizes: refresh)
        let text = app.recorded()
        let verdict = try StoryTests.check("recognizer-origins", text)
        app.stop()
        #expect(verdict.problems.isEmpty, "\(verdict.problems)")
        let records = RecordingCheck.records(text)
        let start = try RecordingCheck.openingSnapshot(records)
        let feedSpec = try #require(start.hierarchy.windows[0].view.subviews[0].subviews.first)
        #expect(feedSpec.className == "UIScrollView")
        // Written by hand: the feed declares the app's tap only; the card's pan names the feed's pan by the model's id.
        #expect(feedSpec.gestureRecognizers?.map(\.className) == ["UITapGestureRecognizer"])
        let likeSpec = try #require(feedSpec.subviews.first?.gestureRecognizers?.first)
        #expect(likeSpec.simultaneousWith == [feedSpec.id + "#pan"])
        let observed = records.compactMap { record -> String? in
            guard case .recognizer(let observation) = record else { return nil }
            return "\(observation.recognizer) \(observation.state.rawValue)"
        }
        #expect(observed == ["\(feedSpec.gestureRecognizers?.first?.id ?? "?") ended"])
        #expect(!records.contains { $0.kind == .time })
    }
}
