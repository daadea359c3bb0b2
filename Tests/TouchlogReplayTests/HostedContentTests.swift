import Testing
import TouchlogFormat

@testable import TouchlogReplay
@testable import TouchlogStore

/// SwiftUI content is opaque to replay: a touch in a hosting view (`hostsSwiftUI`) goes to the hosting view, and
/// where UIKit bound it inside the hosted region is SwiftUI's business, no divergence. Outside the region the model
/// hit-tests as before.
@Suite struct HostedContentTests {
    static let header = #"{"type":"session","format":"touchlog/1","session":"hosted"}"#
    /// A UIKit screen (a Back button at y 50-94) with a SwiftUI card hosted below it (y 300-600). Inside the card,
    /// views SwiftUI made: one that hit-tests a shape it draws (y 400-450 on screen), and a UIKit text field a
    /// representable hosts (y 500-544).
    static let snapshot =
        #"{"type":"snapshot","t":0,"windows":[{"id":"w","class":"UIWindow","frame":[0,0,393,852],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,393,852],"subviews":[{"id":"back","class":"UIButton","frame":[10,50,80,44]},{"id":"card","class":"_TtGC7SwiftUI14_UIHostingViewV4Shop8CartCard_","baseClass":"UIView","frame":[0,300,393,300],"hostsSwiftUI":true,"subviews":[{"id":"shape","class":"_TtC7SwiftUI21_UIShapeHitTestingView","baseClass":"UIView","frame":[20,100,200,50]},{"id":"coupon","class":"UITextField","frame":[20,200,300,44]}]}]}]}]}"#

    func divergences(_ records: [String]) throws -> [Divergence] {
        try Samples.lines(try Samples.session([Self.header, Self.snapshot] + records))[0].flatMap(\.divergences)
    }

    func tap(_ id: Int, _ t: Double, x: Double, y: Double, view: String) -> [String] {
        [
            #"{"type":"touch","t":\#(t),"touch":\#(id),"phase":"began","x":\#(x),"y":\#(y),"window":"w","view":"\#(view)"}"#,
            #"{"type":"touch","t":\#(t + 0.1),"touch":\#(id),"phase":"ended","x":\#(x),"y":\#(y),"window":"w"}"#,
        ]
    }

    /// UIKit bound the touch to the hosting view (SwiftUI's content took it), over a view SwiftUI made inside: the
    /// model's hit test stops at the hosting view, so it agrees.
    @Test func aTouchBoundToTheHostingViewOverSwiftUIsOwnViewIsNoDivergence() throws {
        #expect(try divergences(tap(1, 1, x: 50, y: 420, view: "card")).isEmpty)
    }

    /// UIKit bound the touch to a view inside the region (SwiftUI's own, or a representable's): which one SwiftUI
    /// let take it the model cannot know, so any view in the same region agrees.
    @Test func aTouchBoundInsideTheRegionIsNoDivergence() throws {
        #expect(
            try divergences(tap(1, 1, x: 50, y: 420, view: "shape") + tap(2, 2, x: 300, y: 350, view: "shape")).isEmpty)
    }

    /// Outside the region the model still judges: a touch on the Back button bound to the card is a divergence,
    /// and so is a touch in the card bound to the Back button.
    @Test func aTouchOutsideTheRegionIsStillCompared() throws {
        let outside = try divergences(tap(1, 1, x: 40, y: 70, view: "card"))
        #expect(outside.map(\.kind) == [.hitView])
        let inside = try divergences(tap(1, 1, x: 50, y: 420, view: "back"))
        #expect(inside.map(\.kind) == [.hitView])
    }
}
