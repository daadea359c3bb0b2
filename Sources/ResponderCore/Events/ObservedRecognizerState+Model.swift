extension ObservedRecognizerState {
    /// The model's state for a recorded one: `recognized` is `ended` ("`.ended` is `.recognized` for discrete
    /// recognizers"). The mapping lives with the model, since the schema knows nothing of the model's states.
    public var core: RecognizerState {
        switch self {
        case .possible: .possible
        case .began: .began
        case .changed: .changed
        case .ended, .recognized: .ended
        case .cancelled: .cancelled
        case .failed: .failed
        }
    }
}
