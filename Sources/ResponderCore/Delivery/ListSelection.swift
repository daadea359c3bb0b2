/// Table and collection view selection (part 2, section 17): what a tap on a cell tells the list's delegate.
///
/// Selection follows the phases the cell itself receives, forwarded from its content up the responder chain, so the
/// rest of the model decides it without special cases: a control in the cell keeps its touches (LS8), a scroll
/// view's content-touch delay holds the began (SC2), a drag that scrolls cancels the cell's touch (LS2), and a
/// recognizer with `cancelsTouchesInView` cancels it before its touch-up (LS10). Only cells whose `indexPath` is
/// recorded are followed: the index path is what the delegate messages and the recording's observations name.
struct ListSelection: Sendable, Equatable {
    /// Selected index paths in the order they were selected (`indexPathsForSelectedRows`).
    var selected: [ListIndexPath] = []
    /// The cell highlighted by a touch in progress.
    var highlighted: ListIndexPath?
}

extension ResponderModel {
    /// The list's selection as a snapshot or a `set` records it; the highlight of a touch in progress stays.
    mutating func setSelection(of list: Int, _ selected: [ListIndexPath]) {
        var state = listSelections[list] ?? ListSelection()
        state.selected = selected
        listSelections[list] = state == ListSelection() ? nil : state
    }

    /// The selected index paths of a table or collection view (nil for another view).
    public func selectedIndexPaths(of list: ObjectRef) -> [ListIndexPath]? {
        guard case .view(let v) = list, views[v].kind.isList else { return nil }
        return listSelections[v]?.selected ?? []
    }

    /// Whether a tap can select rows of the table or collection view (`allowsSelection`, LS5).
    public func allowsSelection(_ list: ObjectRef) -> Bool {
        guard case .view(let v) = list else { return false }
        return views[v].kind.isList && views[v].properties.allowsSelection
    }

    /// The recorded index path of a table or collection view cell.
    public func indexPath(of cell: ObjectRef) -> ListIndexPath? {
        guard case .view(let v) = cell else { return nil }
        return views[v].properties.indexPath
    }

    /// The cell `view` is in (itself included) and its list, when the cell has a recorded index path.
    public func listCell(containing view: ObjectRef) -> (cell: ObjectRef, list: ObjectRef, indexPath: ListIndexPath)? {
        guard case .view(var v) = view else { return nil }
        while v >= 0 && !views[v].kind.isListCell { v = views[v].parent }
        guard v >= 0, let path = views[v].properties.indexPath, let list = enclosingList(of: v) else { return nil }
        return (.view(v), .view(list), path)
    }

    /// The live cell of a table or collection view at `indexPath`, when the hierarchy has it.
    public func cell(in list: ObjectRef, at indexPath: ListIndexPath) -> ObjectRef? {
        guard case .view(let v) = list, views[v].kind.isList else { return nil }
        return cellView(in: v, at: indexPath).map(ObjectRef.view)
    }

    func enclosingList(of cell: Int) -> Int? {
        var p = views[cell].parent
        while p >= 0 && !views[p].kind.isList { p = views[p].parent }
        return p >= 0 ? p : nil
    }

    /// A phase the cell received. LS1: highlighted on (the delayed) touch-down, selected at a touch-up inside the
    /// cell, after the highlight goes. LS2: a cancelled touch only loses its highlight. LS3: single selection
    /// replaces the old row (a re-tap keeps it, the delegate is told again); LS4: multiple selection toggles the row.
    /// LS5: with `allowsSelection` off a tap selects nothing; whether rows still highlight is not documented, and
    /// the model does not highlight them (section 23).
    mutating func listCellTouch(_ cell: Int, _ method: TouchMethod, _ ti: Int, step: inout Step) {
        guard let path = views[cell].properties.indexPath, let list = enclosingList(of: cell) else { return }
        let options = views[list].properties
        var state = listSelections[list] ?? ListSelection()
        func tell(_ call: SelectionCall, _ indexPath: ListIndexPath) {
            let at: ObjectRef? = indexPath == path ? .view(cell) : cellView(in: list, at: indexPath).map(ObjectRef.view)
            step.selections.append(SelectionChange(list: .view(list), cell: at, call: call, indexPath: indexPath))
        }
        switch method {
        case .touchesBegan:
            guard options.allowsSelection else { return }
            state.highlighted = path
            tell(.didHighlight, path)
        case .touchesMoved:
            return
        case .touchesCancelled:
            guard state.highlighted == path else { return }
            state.highlighted = nil
            tell(.didUnhighlight, path)
        case .touchesEnded:
            if state.highlighted == path {
                state.highlighted = nil
                tell(.didUnhighlight, path)
            }
            // No margin: a cell is selected by a touch-up on it.
            if options.allowsSelection, isInside(cell, touches[ti].last) {
                if options.allowsMultipleSelection {
                    if let k = state.selected.firstIndex(of: path) {
                        state.selected.remove(at: k)
                        tell(.didDeselect, path)
                    } else {
                        state.selected.append(path)
                        tell(.didSelect, path)
                    }
                } else {
                    for old in state.selected where old != path { tell(.didDeselect, old) }
                    state.selected = [path]
                    tell(.didSelect, path)
                }
            }
        }
        listSelections[list] = state == ListSelection() ? nil : state
    }

    /// The live cell of `list` at `indexPath`, if it is in the hierarchy (cells are reused as the list scrolls).
    func cellView(in list: Int, at indexPath: ListIndexPath) -> Int? {
        var stack = views[list].children
        while let v = stack.popLast() {
            if views[v].kind.isListCell {
                if views[v].properties.indexPath == indexPath, views[v].alive { return v }
                continue
            }
            stack += views[v].children
        }
        return nil
    }
}
