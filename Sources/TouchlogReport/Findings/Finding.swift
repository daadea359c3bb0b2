import ResponderCore
import TouchlogFormat

/// One problem a rule found in one session: what, where, when, which record lines prove it, and which views.
///
/// ```swift
/// let finding = Finding(
///     ruleID: HiddenFirstResponderRule.id, severity: .error, session: session, span: TimeSpan(3.1, 4.5),
///     records: [9, 12, 13], views: [ViewRef(id: "tf1", className: "UITextField", accessibilityIdentifier: "promo")],
///     explanation: "The promo-code field stayed first responder after it was hidden, and 4 keys went into it.")
/// finding.signature   // "hidden_first_responder|UITextField#promo"
/// ```
public struct Finding: Sendable, Hashable {
    /// The rule that found it: a ``RuleID`` is only ever made from a rule, so a finding cannot name a rule that does
    /// not exist; its text (`hidden_first_responder`) is written only where a report or a stored result leaves.
    public var ruleID: RuleID
    public var severity: Severity
    /// The session it happened in, with app version, build and device.
    public var session: SessionRef
    /// From the first to the last record involved, in seconds since the session started.
    public var span: TimeSpan
    /// The record lines (`seq`, 1 = the header) that prove it, ascending.
    public var records: [Int]
    /// The views involved, the most important first (the one the explanation is about).
    public var views: [ViewRef]
    /// One sentence a QA engineer can paste into a bug.
    public var explanation: String
    /// The screen at that moment, for pictures (HTML); nil when the rule has none to give.
    public var scene: Scene?

    public init(
        ruleID: RuleID, severity: Severity, session: SessionRef, span: TimeSpan, records: [Int], views: [ViewRef],
        explanation: String, scene: Scene? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.session = session
        self.span = span
        self.records = records.sorted()
        self.views = views
        self.explanation = explanation
        self.scene = scene
    }

    /// Rule plus the views' stable signatures: what makes two findings "the same problem" (grouping, baselines).
    public var signature: String { Signature.of(ruleID: ruleID, views: views) }
}

/// The session a finding comes from: what a bug report needs to say where it happened.
public struct SessionRef: Sendable, Hashable {
    /// The recorder's session id.
    public var id: String
    public var appID: String?
    public var appVersion: String?
    public var appBuild: String?
    /// Device model and system, e.g. "iPhone15,4".
    public var deviceModel: String?
    public var deviceSystem: String?
    /// `startedAt` as recorded (ISO 8601), what outputs print.
    public var startedAt: String? { didSet { started = Self.instant(startedAt) } }
    /// `startedAt` as an instant, parsed once: what sorts sessions, filters with `--since` and finds the first and
    /// last sighting (a start written with an offset sorts where it happened, not where its text sorts). nil when
    /// the session has no start or one that does not read as a date.
    public private(set) var started: Timestamp?
    /// The file it was ingested from, as given to `touchlog ingest` ("-" for standard input): what people read.
    public var source: String?
    /// The same file's absolute path, resolved at ingest (nil for standard input, an example, or a session stored
    /// before touchlog kept it): what the CI formats make relative to ``FormatOptions/basePath``.
    public var sourcePath: String?
    /// The line of the session header in `source`, when known: a record's file line is `headerLine + seq - 1`.
    public var headerLine: Int?
    /// What of the recording ingest did not store (cut by a crash, lines set aside): a report says a session it
    /// analysed was partial.
    public var gaps: RecordingGaps

    public init(
        id: String, appID: String? = nil, appVersion: String? = nil, appBuild: String? = nil,
        deviceModel: String? = nil, deviceSystem: String? = nil, startedAt: String? = nil, source: String? = nil,
        sourcePath: String? = nil, headerLine: Int? = nil, gaps: RecordingGaps = RecordingGaps()
    ) {
        self.id = id
        self.appID = appID
        self.appVersion = appVersion
        self.appBuild = appBuild
        self.deviceModel = deviceModel
        self.deviceSystem = deviceSystem
        self.startedAt = startedAt
        self.started = Self.instant(startedAt)
        self.source = source
        self.sourcePath = sourcePath
        self.headerLine = headerLine
        self.gaps = gaps
    }

    /// "5.2.0 (5207)", "5.2.0", or "unknown version".
    public var versionDescription: String {
        switch (appVersion, appBuild) {
        case (let version?, let build?): "\(version) (\(build))"
        case (let version?, nil): version
        case (nil, let build?): "build \(build)"
        case (nil, nil): "unknown version"
        }
    }

    /// "iPhone15,4 iOS 17.5.1", or "unknown device".
    public var deviceDescription: String {
        let parts = [deviceModel, deviceSystem].compactMap { $0 }
        return parts.isEmpty ? "unknown device" : parts.joined(separator: " ")
    }

    /// The line in `source` of the record `seq`, when the header's line is known.
    public func fileLine(ofSeq seq: Int) -> Int? { headerLine.map { $0 + seq - 1 } }

    /// The instant of a recorded `startedAt`; a text that is no date is treated as no start.
    private static func instant(_ text: String?) -> Timestamp? {
        guard let text else { return nil }
        return try? Timestamp(parsing: text)
    }
}

/// A time range within a session, in seconds since it started.
public struct TimeSpan: Sendable, Hashable {
    public var start: Double
    public var end: Double

    public init(_ start: Double, _ end: Double) {
        self.start = min(start, end)
        self.end = max(start, end)
    }
}

/// A view a finding is about, as a person identifies it: class, accessibility identifier or label, path from
/// the window. The recorded `id` is kept to point into the recording but is never part of a signature: recorders
/// use memory addresses.
public struct ViewRef: Sendable, Hashable {
    /// The recorded id (volatile across sessions).
    public var id: String
    /// The runtime class, e.g. `MyApp.LoginField`.
    public var className: String
    public var accessibilityIdentifier: String?
    public var accessibilityLabel: String?
    /// From the window down to this view, the window first; the last element is the view itself.
    public var path: [PathElement]
    /// What the view is to the finding, e.g. "first responder", "hit view", "blocked control".
    public var role: String?

    public init(
        id: String, className: String, accessibilityIdentifier: String? = nil, accessibilityLabel: String? = nil,
        path: [PathElement] = [], role: String? = nil
    ) {
        self.id = id
        self.className = className
        self.accessibilityIdentifier = accessibilityIdentifier
        self.accessibilityLabel = accessibilityLabel
        self.path = path
        self.role = role
    }

    /// One step of a path: a class and, when it has one, an accessibility identifier.
    public struct PathElement: Sendable, Hashable {
        public var className: String
        public var accessibilityIdentifier: String?

        public init(_ className: String, _ accessibilityIdentifier: String? = nil) {
            self.className = className
            self.accessibilityIdentifier = accessibilityIdentifier
        }

        /// `UITextField#login.email`, or `UIStackView`.
        public var description: String {
            accessibilityIdentifier.map { "\(className)#\($0)" } ?? className
        }
    }

    /// `UIWindow > UIView > UIStackView > UITextField#login.email`; the class alone when no path was given.
    public var pathDescription: String { pathComponents.joined(separator: " > ") }

    /// The elements of ``pathDescription``, the window first: the text format wraps a long path between them.
    public var pathComponents: [String] {
        path.isEmpty ? [PathElement(className, accessibilityIdentifier).description] : path.map(\.description)
    }

    /// The name that tells it apart from other views as its signature (``Signature/of(view:)``) does: the
    /// ``displayName`` when it has an accessibility identifier or label, else its path from the window, since
    /// its class alone would name every view of that class alike.
    public var distinguishingName: String {
        let named =
            accessibilityIdentifier.map { !$0.isEmpty } == true || accessibilityLabel.map { !$0.isEmpty } == true
        return named || path.isEmpty ? displayName : pathDescription
    }

    /// How a person names it: `UITextField "Promo code" #checkout.promoCode`.
    /// ``ViewName``'s name without the recorded id, which differs in every session.
    public var displayName: String {
        ViewName.text(
            className: className, accessibilityIdentifier: accessibilityIdentifier,
            accessibilityLabel: accessibilityLabel)
    }
}
