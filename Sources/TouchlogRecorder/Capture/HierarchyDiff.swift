import TouchlogSchema

/// The changes from one captured hierarchy to the next as `set`, `insert` and `remove` records, in the order replay
/// applies them: removals, then property changes, then insertions (each at its final index, lowest first).
///
/// `nil` means the change cannot be said that way and the writer must write a whole snapshot: a window came, went
/// or moved in front of another, a controller, the application or the plain objects changed, or a view moved to another parent or
/// among its siblings (a remove and insert would resign a first responder inside it). `isFirstResponder` is not
/// diffed: first-responder changes are their own records.
enum HierarchyDiff {
    static func records(from old: HierarchySpec, to new: HierarchySpec, t: Double) -> [Record]? {
        // Objects are declared per snapshot only: a change to them needs a new one.
        guard old.windows.count == new.windows.count, sameControllers(old.controllers, new.controllers),
            old.application == new.application, old.objects == new.objects
        else { return nil }
        var sets: [Record] = []
        for (a, b) in zip(old.windows, new.windows) {
            // Windows in another order (a level changed past another's) need a snapshot; a level or key status that
            // changed in place is a `set` on the window, which replay applies as UIKit's own change (in either order,
            // `isKeyWindow` false on the old key window and true on the new one leave the new one key).
            guard a.view.id == b.view.id, a.policies == b.policies else { return nil }
            var patch = ViewProperties()
            if a.windowLevel != b.windowLevel { patch.windowLevel = b.windowLevel }
            if a.isKeyWindow != b.isKeyWindow { patch.isKeyWindow = b.isKeyWindow }
            if patch != ViewProperties() { sets.append(.set(SetRecord(t: t, view: b.view.id, patch: patch))) }
        }
        let before = Flat(old)
        let after = Flat(new)
        var removes: [Record] = []
        var inserts: [Record] = []
        for (index, node) in after.nodes.enumerated() {
            guard let oldIndex = before.index[node.view.id] else { continue }
            let previous = before.nodes[oldIndex]
            guard previous.parent == node.parent, previous.view.className == node.view.className,
                previous.view.baseClass == node.view.baseClass
            else { return nil }
            // A `set` gives a delegate, it cannot take one away: a delegate gone needs a snapshot.
            if previous.view.delegate != nil && node.view.delegate == nil { return nil }
            if let patch = patch(from: previous.view, to: node.view) {
                sets.append(.set(SetRecord(t: t, view: node.view.id, patch: patch)))
            }
            // Children: the ones both trees have must keep their order; the new ones are inserted, the gone removed.
            let oldChildren = previous.view.subviews.map(\.id)
            let newChildren = node.view.subviews.map(\.id)
            guard oldChildren != newChildren else { continue }
            let kept = oldChildren.filter { after.index[$0] != nil }
            guard kept == newChildren.filter({ before.index[$0] != nil }) else { return nil }
            for child in oldChildren where after.index[child] == nil {
                removes.append(.remove(RemoveRecord(t: t, view: child)))
            }
            for (position, child) in node.view.subviews.enumerated() where before.index[child.id] == nil {
                let atTop = position == newChildren.count - 1
                inserts.append(
                    .insert(InsertRecord(t: t, parent: node.view.id, index: atTop ? nil : position, view: child)))
            }
            _ = index
        }
        guard let detached = detachedInserts(from: old, to: new, before: before, t: t) else { return nil }
        return removes + sets + inserts + detached
    }

    /// Controllers equal but for `isFirstResponder`, which is not diffed: a controller taking or giving up first
    /// responder (the `inputAccessoryView` pattern) is its own record, as a view's is.
    private static func sameControllers(_ old: [ControllerSpec], _ new: [ControllerSpec]) -> Bool {
        old.count == new.count
            && zip(old, new).allSatisfy { before, after in
                var before = before
                before.isFirstResponder = after.isFirstResponder
                return before == after
            }
    }

    /// Views in no window: the model keeps a removed view known in no window, so one that left a window (the
    /// `remove` above) or was declared before needs nothing, unchanged; one never seen is an `insert` with a null
    /// parent. Anything else (a declared view that changed, a subtree taking views out of a window) needs a snapshot.
    private static func detachedInserts(
        from old: HierarchySpec, to new: HierarchySpec, before: Flat, t: Double
    ) -> [Record]? {
        var inserts: [Record] = []
        for view in new.detachedViews {
            if let previous = old.detachedViews.first(where: { $0.id == view.id }) ?? before.view(view.id) {
                guard previous == view else { return nil }
                continue
            }
            var stack = [view]
            while let next = stack.popLast() {
                guard before.index[next.id] == nil, !old.detachedViews.contains(where: { $0.id == next.id })
                else { return nil }
                stack += next.subviews
            }
            inserts.append(.insert(InsertRecord(t: t, parent: nil, view: view)))
        }
        return inserts
    }

    /// The fields that differ, each with its new value; a field gone back to its default gets that default.
    static func patch(from a: ViewSpec, to b: ViewSpec) -> ViewProperties? {
        let kind = b.uikitClass
        var p = ViewProperties()
        var changed = false
        for field in ViewField.ordered where a.properties[field] != b.properties[field] {
            switch field {
            case .frame, .center:
                // A frame when the view has one, else its center (a transform made the frame undefined).
                if let frame = b.frame { p.frame = frame } else { p.center = b.center }
            case .bounds:
                p.bounds = b.bounds ?? b.frame.map { Rect(0, 0, $0.width, $0.height) }
            case .isFirstResponder, .text, .textLength:
                // First-responder changes and text changes are records of their own (`textDidChange`).
                continue
            case .windowLevel, .isKeyWindow, .policies:
                // A window's own fields are compared on the window, above.
                continue
            case .transform, .isHidden, .alpha, .isUserInteractionEnabled, .clipsToBounds, .isMultipleTouchEnabled,
                .isExclusiveTouch, .isEnabled, .canBecomeFirstResponder, .canResignFirstResponder, .overridesTouches,
                .adoptsKeyInput, .implements, .refusesActions, .actions, .gestureRecognizers, .keyboardDismissMode,
                .delaysContentTouches, .canCancelContentTouches, .touchesShouldCancel, .isScrollEnabled, .contentSize,
                .adjustedContentInset, .alwaysBounceVertical, .alwaysBounceHorizontal, .isContinuous, .minimumZoomScale,
                .maximumZoomScale, .indexPath,
                .allowsSelection, .allowsMultipleSelection, .selectedIndexPaths, .hostsSwiftUI,
                .accessibilityIdentifier,
                .accessibilityLabel, .accessibilityTraits, .accessibilityElements,
                .delegate:
                p[field] = b.properties[field] ?? field.defaultValue(for: kind) ?? Self.cleared(field)
            }
            changed = true
        }
        return changed ? p : nil
    }

    /// What a field without a class default is set to when the new capture no longer has it: an empty string (a
    /// label removed) or an empty list. (A delegate gone needs a snapshot: checked before.)
    private static func cleared(_ field: ViewField) -> ViewFieldValue? {
        switch field.type {
        case .string, .objectID: .string("")
        case .selectors, .policyNames, .traitNames: .strings([])
        case .controlActions: .actions([])
        case .recognizers: .recognizers([])
        case .accessibilityElements: .accessibilityElements([])
        case .indexPaths: .indexPaths([])
        // A cell that no longer has an index path is one no list shows: a snapshot follows its removal.
        case .indexPath: nil
        case .bool, .number, .opacity, .count, .rect, .point, .size, .insets, .transform, .keyboardDismissMode,
            .touchesShouldCancel:
            nil
        }
    }

    /// Every view of a hierarchy in pre-order, with its parent's id, and an index by id.
    private struct Flat {
        struct Node {
            var view: ViewSpec
            var parent: String?
        }
        var nodes: [Node] = []
        var index: [String: Int] = [:]

        func view(_ id: String) -> ViewSpec? { index[id].map { nodes[$0].view } }

        init(_ hierarchy: HierarchySpec) {
            var stack: [(ViewSpec, String?)] = hierarchy.windows.reversed().map { ($0.view, nil) }
            while let (view, parent) = stack.popLast() {
                index[view.id] = nodes.count
                nodes.append(Node(view: view, parent: parent))
                for child in view.subviews.reversed() { stack.append((child, view.id)) }
            }
        }
    }
}
