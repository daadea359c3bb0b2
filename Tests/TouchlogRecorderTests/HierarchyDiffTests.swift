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
        ViewSpec(id: id, className: "UIView", frame: Rect(0, 0, 10, 10), properties: ViewProperties(isHidden: hidden))
    }

    private func detached(_ hierarchy: HierarchySpec, _ views: [ViewSpec]) -> HierarchySpec {
        var spec = hierarchy
        spec.detachedViews = views
        return spec
    }

    @Test func viewsInNoWindowAreARemoveAnInsertWithANullParentOrASnapshot() {
        let old = hierarchy([view("a"), view("b")])
        // Removed and kept: the remove leaves it known in no window, nothing more to say while it is unchanged.
        #expect(
            HierarchyDiff.records(from: old, to: detached(hierarchy([view("a")]), [view("b")]), t: 1)
                == [.remove(RemoveRecord(t: 1, view: "b"))])
        // Never seen (created and not added): an insert with a null parent, after the window's changes.
        let fresh = ViewSpec(id: "n", className: "UIView", frame: Rect(0, 0, 5, 5), subviews: [view("m")])
        #expect(
            HierarchyDiff.records(from: old, to: detached(hierarchy([view("a"), view("b")]), [fresh]), t: 1)
                == [.insert(InsertRecord(t: 1, parent: nil, view: fresh))])
        // Already declared and unchanged: nothing; changed, or holding a view taken out of a window: a snapshot.
        let declared = detached(old, [fresh])
        #expect(HierarchyDiff.records(from: declared, to: declared, t: 1) == [])
        var changed = fresh
        changed.isHidden = true
        #expect(HierarchyDiff.records(from: declared, to: detached(old, [changed]), t: 1) == nil)
        let holder = ViewSpec(id: "h", className: "UIView", frame: Rect(0, 0, 5, 5), subviews: [view("b")])
        #expect(HierarchyDiff.records(from: old, to: detached(hierarchy([view("a")]), [holder]), t: 1) == nil)
    }

    @Test func changesBecomeRemovesSetsAndInsertsAtTheirIndex() {
        let old = hierarchy([view("a"), view("b", hidden: true), view("c")])
        let new = hierarchy([view("x"), view("a"), view("b"), view("y")])
        let records = HierarchyDiff.records(from: old, to: new, t: 2)
        #expect(
            records == [
                .remove(RemoveRecord(t: 2, view: "c")),
                .set(SetRecord(t: 2, view: "b", patch: ViewProperties(isHidden: false))),
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
