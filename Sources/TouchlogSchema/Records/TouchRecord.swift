/// A `touch` record, typed: touches are most of every log, so they are parsed, stored and read back without
/// a JSON tree.
public struct TouchRecord: Hashable, Sendable {
    public var t: Double
    public var touch: TouchIdentifier
    public var phase: TouchPhase
    public var x: Double
    public var y: Double
    public var window: String?
    public var tapCount: Int?
    public var event: Int?
    /// The view UIKit bound the touch to, as observed on the device.
    public var view: String?

    public init(
        t: Double, touch: TouchIdentifier, phase: TouchPhase, x: Double, y: Double, window: String? = nil,
        tapCount: Int? = nil, event: Int? = nil, view: String? = nil
    ) {
        self.t = t
        self.touch = touch
        self.phase = phase
        self.x = x
        self.y = y
        self.window = window
        self.tapCount = tapCount
        self.event = event
        self.view = view
    }

    /// The members a touch record may have and still be stored in typed columns only.
    public static let knownFields: Set<String> = [
        "type", "t", "touch", "phase", "x", "y", "window", "tapCount", "event", "view",
    ]

    /// The record as a JSON object, in the canonical member order.
    public var jsonObject: JSONObject {
        var object: JSONObject = [
            "type": "touch", "t": .number(t), "touch": touch.jsonValue, "phase": .string(phase.name),
        ]
        object["x"] = .number(x)
        object["y"] = .number(y)
        if let window { object["window"] = .string(window) }
        if let tapCount { object["tapCount"] = .number(Double(tapCount)) }
        if let event { object["event"] = .number(Double(event)) }
        if let view { object["view"] = .string(view) }
        return object
    }
}

/// The `session` header that starts every session.
public struct SessionHeader: Hashable, Sendable {
    /// The recorder's session id (`session`), unique per recording.
    public var session: String
    public var format: String
    public var startedAt: String?
    public var appID: String?
    public var appVersion: String?
    public var appBuild: String?
    public var deviceModel: String?
    public var deviceSystem: String?
    /// `device.screen`: the screen in points, for pictures.
    public var screen: Size?
    /// The keyboard-dismiss policies of every window that touchlog models.
    public var policies: [DismissPolicy]
    /// Policy names touchlog does not model: kept and reported, never applied.
    public var unknownPolicies: [String]
    /// The whole header as written, unknown fields included: stored as it came.
    public var json: JSONObject

    /// The only format this version reads.
    public static let supportedFormat = "touchlog/1"

    /// The header of a JSON object; nil unless it names its `session` and `format` with strings (no header is
    /// read with an empty id: the validator refuses such a line with its place, this says it in the types).
    public init?(json: JSONObject) {
        guard let session = json["session"]?.stringValue, let format = json["format"]?.stringValue else { return nil }
        self.init(session: session, format: format, members: json)
    }

    /// A header that writes `session` and `format` over `members` (the rest of the header: app, device, recorder,
    /// policies, anything else, kept as given).
    public init(session: String, format: String = SessionHeader.supportedFormat, members: JSONObject) {
        var json = members
        json["session"] = .string(session)
        json["format"] = .string(format)
        self.json = json
        self.session = session
        self.format = format
        startedAt = json["startedAt"]?.stringValue
        appID = json["app"]?["id"]?.stringValue
        appVersion = json["app"]?["version"]?.stringValue
        appBuild = json["app"]?["build"]?.stringValue
        deviceModel = json["device"]?["model"]?.stringValue
        deviceSystem = json["device"]?["system"]?.stringValue
        if let pair = json["device"]?["screen"]?.arrayValue, pair.count == 2, let width = pair[0].doubleValue,
            let height = pair[1].doubleValue
        {
            screen = Size(width, height)
        }
        policies = []
        unknownPolicies = []
        for name in json["policies"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            if let policy = DismissPolicy(rawValue: name) {
                policies.append(policy)
            } else {
                unknownPolicies.append(name)
            }
        }
    }
}
