/// The view ids in force while reading a session: built from the latest snapshot, then kept up to date by
/// `insert` and `remove`, so `set`, `remove`, `call` and `insert` can be checked against existing views.
struct HierarchyModel {
    /// Each live view's parent (nil for a window) and children.
    private(set) var parent: [String: String?] = [:]
    private var children: [String: [String]] = [:]
    /// Controllers, the application and its delegate: responders that are not views.
    private(set) var otherResponders: Set<String> = []
    /// Plain objects (the snapshot's `objects`): they may be action targets, senders and delegates, never responders.
    private(set) var plainObjects: Set<String> = []
    /// Views in no window (a snapshot's `detachedViews`, an insert with a null parent, removed views): the app still
    /// holds them, so `set`, `call` and action records may name them; touches cannot.
    private(set) var detached: Set<String> = []
    /// Gesture recognizers declared by the latest snapshot or a later insert (a removed view keeps its own, as the
    /// app may add the view again), so a `recognizer` observation can be checked.
    private(set) var recognizers: Set<String> = []

    var isEmpty: Bool { parent.isEmpty }

    func containsView(_ id: String) -> Bool { parent[id] != nil }

    func containsResponder(_ id: String) -> Bool {
        parent[id] != nil || otherResponders.contains(id) || detached.contains(id)
    }

    func isDetached(_ id: String) -> Bool { detached.contains(id) }

    /// A view in a window or kept in no window.
    func containsExistingView(_ id: String) -> Bool { parent[id] != nil || detached.contains(id) }

    /// Any object an action can be sent to or from: a responder or a plain object.
    func containsObject(_ id: String) -> Bool { containsResponder(id) || plainObjects.contains(id) }

    mutating func replace(
        views: [DeclaredObjects.Entry], responders: Set<String>, objects: Set<String> = [], detached: Set<String> = [],
        recognizers: Set<String> = []
    ) {
        plainObjects = objects
        self.recognizers = recognizers
        self.detached = detached
        parent.removeAll(keepingCapacity: true)
        children.removeAll(keepingCapacity: true)
        for view in views where parent[view.id] == nil { add(view) }
        otherResponders = responders
    }

    mutating func add(_ view: DeclaredObjects.Entry) {
        detached.remove(view.id)
        parent[view.id] = .some(view.parent)
        if let up = view.parent { children[up, default: []].append(view.id) }
    }

    /// Recognizers of an inserted subtree.
    mutating func addRecognizers(_ ids: [String]) {
        for id in ids { recognizers.insert(id) }
    }

    /// A view (and its subtree) created or moved into no window.
    mutating func addDetached(_ id: String) {
        remove(id)
        detached.insert(id)
    }

    /// Removes a view and its subtree from the windows; the app may keep them, so they stay known in no window.
    mutating func remove(_ id: String) {
        guard let up = parent[id] else { return }
        if let up { children[up]?.removeAll { $0 == id } }
        var stack = [id]
        while let next = stack.popLast() {
            parent[next] = nil
            detached.insert(next)
            stack.append(contentsOf: children.removeValue(forKey: next) ?? [])
        }
    }
}
