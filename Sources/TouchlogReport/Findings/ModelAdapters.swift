import ResponderCore

/// Builds what findings cite from ResponderCore's model, so every rule names views and draws scenes the same way.
extension ViewRef {
    /// The view `ref` as the model has it now: class, accessibility identifier and label, path of classes from its
    /// window. Nil when `ref` is not a view of the model.
    public init?(model: ResponderModel, view ref: ObjectRef, role: String? = nil) {
        guard let info = model.identity(ref) else { return nil }
        var path: [PathElement] = []
        var current: ObjectRef? = ref
        // Walks up with parents; a loop guard keeps a corrupt model from spinning.
        while let step = current, let stepInfo = model.identity(step), path.count < 10_000 {
            path.append(PathElement(stepInfo.className, stepInfo.accessibilityIdentifier))
            current = stepInfo.parent
        }
        self.init(
            id: info.id, className: info.className, accessibilityIdentifier: info.accessibilityIdentifier,
            accessibilityLabel: info.accessibilityLabel, path: path.reversed(), role: role)
    }
}

extension Scene {
    /// The model's screen now: every live view with its frame on screen, back to front, and the roles.
    /// `keyboardFrame` comes from the recording's keyboard notifications (the model knows only whether it is up).
    public init(
        model: ResponderModel, screen: Size, t: Double, touches: [Point] = [], hitView: ObjectRef? = nil,
        expectedView: ObjectRef? = nil, keyboardFrame: Rect? = nil
    ) {
        var views: [SceneView] = []
        var depths: [ObjectRef: Int] = [:]
        for ref in model.allViews {
            guard let info = model.info(ref), let frame = model.screenFrame(of: ref) else { continue }
            // allViews lists parents before children, so the parent's depth is known.
            let depth = info.parent.flatMap { depths[$0] }.map { $0 + 1 } ?? 0
            depths[ref] = depth
            views.append(
                SceneView(
                    id: info.id, className: info.className,
                    label: info.accessibilityLabel ?? info.accessibilityIdentifier, frame: frame,
                    isHidden: info.isEffectivelyHidden, alpha: info.alpha,
                    isUserInteractionEnabled: info.isUserInteractionEnabled, isEnabled: info.isEnabled, depth: depth))
        }
        self.init(
            screen: screen, t: t, views: views, touches: touches, hitView: hitView.map(model.id(of:)),
            expectedView: expectedView.map(model.id(of:)), firstResponder: model.firstResponder.map(model.id(of:)),
            keyboardFrame: model.keyboardVisible ? keyboardFrame : nil)
    }
}

extension Scene {
    /// The screen a recording without `device.screen` (an imported dump) showed: the extent of its windows, from
    /// the origin; an iPhone's portrait size when it has none.
    static func screen(of model: ResponderModel) -> Size {
        var width = 0.0
        var height = 0.0
        for window in model.windowsFrontToBackRefs {
            guard let frame = model.screenFrame(of: window) else { continue }
            width = max(width, frame.maxX)
            height = max(height, frame.maxY)
        }
        return width > 0 && height > 0 ? Size(width, height) : Size(390, 844)
    }
}
