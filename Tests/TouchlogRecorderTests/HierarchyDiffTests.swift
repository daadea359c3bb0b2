import ResponderCore
import Testing
import TouchlogFormat

@testable import TouchlogRecorder

/// Diffs between captures: set, insert and remove where they can say it, a snapshot where they cannot.
@Suite struct HierarchyDiffTests {
    private func hierarchy(_ subviews: [ViewSpec]) -> HierarchySpec {
        HierarchySpec(windows: [
            WindowSpec(
                view: ViewSpec(id: "w", className: "UIWindow", frame: Rect(0, 0, 100, 100), subviews: subviews))
        ])
    }

    private func view(_ id: String, hidden: Bool? = nil) -> ViewSpec {
        ViewSpec(id: id, className: "UIView", frame: Rect(0, 0, 10, 10), isHidden: hidden)
    }

    @Test func changesBecomeRemovesSetsAndInsertsAtTheirIndex() {
        let old = hierarchy([view("a"), view("b", hidden: true), view("c")])
        let new = hierarchy([view("x"), view("a"), view("b"), view("y")])
        let records = HierarchyDiff.records(from: old, to: new, t: 2)
        #expect(
            records == [
                .remove(RemoveRecord(t: 2, view: "c")),
                .set(SetRecord(t: 2, view: "b", patch: ViewPatch(isHidden: false))),
                .insert(InsertRecord(t: 2, parent: "w", index: 0, view: view("x"))),
                .insert(InsertRecord(t: 2, parent: "w", index: nil, view: view("y"))),
            ])
    }

    @Test func aReorderOrAMoveToAnotherParentNeedsASnapshot() {
        let old = hierarchy([view("a"), view("b")])
        #expect(HierarchyDiff.records(from: old, to: hierarchy([view("b"), view("a")]), t: 1) == nil)
        var moved = view("a")
        moved.subviews = [view("b")]
        #expect(HierarchyDiff.records(from: old, to: hierarchy([moved]), t: 1) == nil)
    }

    @Test func applyingTheDiffToTheOldHierarchyGivesTheNewOne() {
        let old = hierarchy([view("a"), view("b", hidden: true), view("c")])
        let new = hierarchy([view("x"), view("a"), view("b"), view("y")])
        var model = ResponderModel(hierarchy: old)
        for record in HierarchyDiff.records(from: old, to: new, t: 1) ?? [] {
            switch record {
            case .remove(let r): _ = model.dispatch(.remove(view: r.view), at: 1)
            case .set(let r): _ = model.dispatch(.set(view: r.view, patch: r.patch), at: 1)
            case .insert(let r): _ = model.dispatch(.insert(parent: r.parent, index: r.index, view: r.view), at: 1)
            default: Issue.record("unexpected \(record)")
            }
        }
        #expect(!ResponderModel(hierarchy: old).differences(from: new).isEmpty)
        #expect(model.differences(from: new).isEmpty)
    }
}
