import Testing

@testable import ResponderCore

/// Section 17 of part 2 of the semantics: what a tap on a table or collection view cell tells the list's delegate
/// (LS1–LS5, LS7, LS8, LS10). Each expectation is UIKit's documented outcome, written out by hand.
@Suite struct ListSelectionRuleTests {
    /// A 390 × 600 table `list` with rows `row0` at y 0 and `row1` at y 44 (index paths [0, 0] and [0, 1]), each with
    /// a content view; row 1 also holds a switch `toggle` at its right. `configure` sets the list's fields, `on`
    /// puts a recognizer on the list.
    func table(
        _ configure: @escaping (inout ViewSpec) -> Void = { _ in }, recognizers: [RecognizerSpec] = []
    ) -> Harness {
        func row(_ k: Int, _ extra: [ViewSpec] = []) -> ViewSpec {
            v(
                "row\(k)", "UITableViewCell", 0, Double(44 * k), 390, 44,
                [v("content\(k)", "UITableViewCellContentView", 0, 0, 390, 44, extra) { $0.baseClass = "UIView" }]
            ) { $0.indexPath = ListIndexPath(0, k) }
        }
        return Harness([
            win(
                "w1",
                [
                    v(
                        "list", "UITableView", 0, 0, 390, 600,
                        [row(0), row(1, [v("toggle", "UISwitch", 320, 6, 51, 31)])]
                    ) {
                        configure(&$0)
                        $0.gestureRecognizers = recognizers
                    }
                ])
        ])
    }

    /// The delegate messages of a step, as `call [section, item]`.
    func calls(_ s: Step) -> [String] { s.selections.map { "\($0.call.rawValue) \($0.indexPath)" } }

    /// A tap that rests past the content-touch delay, so the cell receives its began on its own.
    func slowTap(_ h: inout Harness, _ x: Double, _ y: Double) -> (down: [String], up: [String]) {
        h.touch("1", .began, x, y)
        let down = calls(h.send(.advanceTime, dt: 0.2))
        let up = calls(h.touch("1", .ended, x, y))
        return (down, up)
    }

    @Test func LS1_aRowIsHighlightedOnTouchDownAndSelectedWhenTheFingerLifts() {
        var h = table()
        let tap = slowTap(&h, 100, 20)
        #expect(tap.down == ["didHighlight [0, 0]"])
        #expect(tap.up == ["didUnhighlight [0, 0]", "didSelect [0, 0]"])
        #expect(h.model.selectedIndexPaths(of: h.ref("list")) == [ListIndexPath(0, 0)])
        // A quick tap: the held began and the ended reach the cell together, and the row is selected all the same.
        var quick = table()
        quick.touch("1", .began, 100, 64)
        #expect(
            calls(quick.touch("1", .ended, 100, 64)) == [
                "didHighlight [0, 1]", "didUnhighlight [0, 1]", "didSelect [0, 1]",
            ])
    }

    @Test func LS2_aDragThatScrollsSelectsNothing() {
        var h = table { $0.contentSize = Size(390, 2000) }
        h.touch("1", .began, 100, 20)
        #expect(calls(h.send(.advanceTime, dt: 0.2)) == ["didHighlight [0, 0]"])
        // The table's pan begins and cancels the cell's touch: the highlight goes, nothing is selected.
        #expect(calls(h.touch("1", .moved, 100, 80)) == ["didUnhighlight [0, 0]"])
        #expect(calls(h.touch("1", .ended, 100, 140)) == [])
        #expect(h.model.selectedIndexPaths(of: h.ref("list")) == [])
    }

    @Test func LS3_singleSelectionReplacesTheOldRowAndAReTapKeepsIt() {
        var h = table()
        _ = slowTap(&h, 100, 20)
        #expect(slowTap(&h, 100, 64).up == ["didUnhighlight [0, 1]", "didDeselect [0, 0]", "didSelect [0, 1]"])
        #expect(slowTap(&h, 100, 64).up == ["didUnhighlight [0, 1]", "didSelect [0, 1]"])
        #expect(h.model.selectedIndexPaths(of: h.ref("list")) == [ListIndexPath(0, 1)])
    }

    @Test func LS4_multipleSelectionTogglesTheRow() {
        var h = table { $0.allowsMultipleSelection = true }
        _ = slowTap(&h, 100, 20)
        #expect(slowTap(&h, 100, 64).up == ["didUnhighlight [0, 1]", "didSelect [0, 1]"])
        #expect(slowTap(&h, 100, 20).up == ["didUnhighlight [0, 0]", "didDeselect [0, 0]"])
        #expect(h.model.selectedIndexPaths(of: h.ref("list")) == [ListIndexPath(0, 1)])
    }

    @Test func LS5_aListThatDoesNotAllowSelectionSelectsNothing() {
        var h = table { $0.allowsSelection = false }
        let tap = slowTap(&h, 100, 20)
        #expect(tap.down == [] && tap.up == [])
        #expect(h.model.selectedIndexPaths(of: h.ref("list")) == [])
    }

    @Test func LS7_appCodeThatDeselectsTheRowLeavesNothingToDeselect() {
        var h = table()
        _ = slowTap(&h, 100, 20)
        // `deselectRow(at:animated:)` in didSelect: no delegate message, the recorder writes the new selection.
        var patch = ViewProperties()
        patch.selectedIndexPaths = []
        h.send(.set(view: "list", patch: patch))
        #expect(slowTap(&h, 100, 64).up == ["didUnhighlight [0, 1]", "didSelect [0, 1]"])
    }

    @Test func LS8_aControlInACellTakesItsTapWithoutSelectingTheRow() {
        var h = table()
        let tap = slowTap(&h, 340, 64)
        #expect(tap.down == [] && tap.up == [])
        #expect(h.model.selectedIndexPaths(of: h.ref("list")) == [])
    }

    @Test func LS10_aTapRecognizerThatCancelsTouchesSwallowsTheSelection() {
        var swallowing = table(recognizers: [tapRecognizer("dismiss")])
        let lost = slowTap(&swallowing, 100, 20)
        #expect(lost.down == ["didHighlight [0, 0]"])
        #expect(lost.up == ["didUnhighlight [0, 0]"])
        #expect(swallowing.model.selectedIndexPaths(of: swallowing.ref("list")) == [])
        // With cancelsTouchesInView off the recognizer's action and the selection both happen.
        var sharing = table(recognizers: [tapRecognizer("dismiss") { $0.cancelsTouchesInView = false }])
        #expect(slowTap(&sharing, 100, 20).up == ["didUnhighlight [0, 0]", "didSelect [0, 0]"])
    }

    @Test func aTouchUpOutsideTheCellSelectsNothing() {
        // Scrolling disabled, so the finger can slide off the row without the table taking the touch.
        var h = table { $0.isScrollEnabled = false }
        h.touch("1", .began, 100, 20)
        h.send(.advanceTime, dt: 0.2)
        h.touch("1", .moved, 100, 200)
        #expect(calls(h.touch("1", .ended, 100, 200)) == ["didUnhighlight [0, 0]"])
    }
}
