/// A control's `isHighlighted` (part 2, CT5): on while a tracked touch is inside (with UIKit's tracking gutter,
/// CT3), off when it leaves, at touch-up and when the touch is cancelled. `controlTouch` drives it beside the control
/// events; replay compares it with the recording's `controlState` observations.
extension ResponderModel {
    /// Whether control `view` is highlighted now; nil for a view that is not a control.
    public func isHighlighted(_ view: ObjectRef) -> Bool? {
        guard case .view(let v) = view, views[v].kind.isControl else { return nil }
        return views[v].isHighlighted
    }

    /// CT5: "A control becomes highlighted when a touch event enters the control's bounds, and it loses that
    /// highlight when there's a touch-up event or when the touch event exits the control's bounds" (Apple docs:
    /// UIControl.State.highlighted), with UIKit's tracking gutter for "bounds" (CT3). Writes a change only.
    mutating func setHighlighted(_ v: Int, _ highlighted: Bool, step: inout Step) {
        guard views[v].isHighlighted != highlighted else { return }
        views[v].isHighlighted = highlighted
        step.controlStates.append(ControlStateChange(view: .view(v), isHighlighted: highlighted))
    }
}
