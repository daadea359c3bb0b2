import GRDB

/// A stored replay run (table `replay_run`): which session, with which options, made by which versions.
public struct ReplayRunInfo: Sendable, Hashable, FetchableRecord {
    public var id: Int64
    public var sessionRowID: Int64
    /// Canonical policy changes, e.g. `+resign-on-hide`; empty: as recorded.
    public var policies: String
    /// `model` or `observed`.
    public var trust: String
    public var touchlogVersion: String
    public var modelVersion: Int
    /// The session's content hash when it was replayed.
    public var contentHash: String
    public var stepCount: Int
    public var divergenceCount: Int
    public var warningCount: Int
    public var createdAt: String

    public init(row: Row) throws {
        id = row["id"]
        sessionRowID = row["session_id"]
        policies = row["policies"]
        trust = row["trust"]
        touchlogVersion = row["touchlog_version"]
        modelVersion = row["model_version"]
        contentHash = row["content_hash"]
        stepCount = row["step_count"]
        divergenceCount = row["divergence_count"]
        warningCount = row["warning_count"]
        createdAt = row["created_at"]
    }
}

/// What identifies a run before it is written.
public struct ReplayRunHeader: Sendable, Hashable {
    public var sessionRowID: Int64
    public var policies: String
    public var trust: String
    public var touchlogVersion: String
    public var modelVersion: Int
    public var contentHash: String

    public init(
        sessionRowID: Int64, policies: String, trust: String, touchlogVersion: String, modelVersion: Int,
        contentHash: String
    ) {
        self.sessionRowID = sessionRowID
        self.policies = policies
        self.trust = trust
        self.touchlogVersion = touchlogVersion
        self.modelVersion = modelVersion
        self.contentHash = contentHash
    }
}

/// One replayed input record as stored (table `replay_step` and its child tables). Replay fills it; reports read it.
public struct ReplayStepRow: Sendable, Hashable {
    public var seq: Int
    public var t: Double
    public var type: String
    public var touch: String?
    public var phase: String?
    public var x: Double?
    public var y: Double?
    public var view: String?
    public var hitView: String?
    public var observedView: String?
    public var observedViewHidden: Bool?
    public var firstResponder: String?
    public var firstResponderHidden: Bool
    /// `[x, y, width, height]` on screen.
    public var firstResponderFrame: [Double]?
    public var keyboardVisible: Bool
    public var keyReceiver: String?
    public var keyReceiverHidden: Bool
    public var traceJSON: String
    public var divergences: [Divergence]
    public var actions: [Action]
    public var firstResponderChanges: [FirstResponderChange]
    public var cancellations: [Cancellation]
    public var controlReach: [ControlReach]

    public struct Divergence: Sendable, Hashable {
        public var kind: String
        public var view: String?
        public var field: String?
        public var expectedJSON: String
        public var observedJSON: String
        public var observationSeq: Int?
        public init(
            kind: String, view: String?, field: String?, expectedJSON: String, observedJSON: String,
            observationSeq: Int?
        ) {
            self.kind = kind
            self.view = view
            self.field = field
            self.expectedJSON = expectedJSON
            self.observedJSON = observedJSON
            self.observationSeq = observationSeq
        }
    }

    public struct Action: Sendable, Hashable {
        public var action: String
        /// nil: nobody handled it.
        public var target: String?
        public var sender: String?
        public init(action: String, target: String?, sender: String?) {
            self.action = action
            self.target = target
            self.sender = sender
        }
    }

    public struct FirstResponderChange: Sendable, Hashable {
        public var window: String
        public var from: String?
        public var to: String?
        public var reason: String
        public init(window: String, from: String?, to: String?, reason: String) {
            self.window = window
            self.from = from
            self.to = to
            self.reason = reason
        }
    }

    public struct Cancellation: Sendable, Hashable {
        public var touch: String
        public var view: String
        /// The nearest UIKit class of the view.
        public var viewClass: String
        /// A recognizer id, `viewRemoved` or `recordedCancel`.
        public var cause: String
        public var viewHadBegun: Bool
        public init(touch: String, view: String, viewClass: String, cause: String, viewHadBegun: Bool) {
            self.touch = touch
            self.view = view
            self.viewClass = viewClass
            self.cause = cause
            self.viewHadBegun = viewHadBegun
        }
    }

    public struct ControlReach: Sendable, Hashable {
        /// `blocked` (a touch began in its frame and did not reach it) or `unreachable` (no point reaches it).
        public var kind: String
        public var control: String
        public var reason: String
        public var blocker: String?
        public var hitView: String?
        public var explanation: String
        public init(
            kind: String, control: String, reason: String, blocker: String?, hitView: String?, explanation: String
        ) {
            self.kind = kind
            self.control = control
            self.reason = reason
            self.blocker = blocker
            self.hitView = hitView
            self.explanation = explanation
        }
    }

    public init(seq: Int, t: Double, type: String, traceJSON: String) {
        self.seq = seq
        self.t = t
        self.type = type
        self.traceJSON = traceJSON
        firstResponderHidden = false
        keyboardVisible = false
        keyReceiverHidden = false
        divergences = []
        actions = []
        firstResponderChanges = []
        cancellations = []
        controlReach = []
    }
}
