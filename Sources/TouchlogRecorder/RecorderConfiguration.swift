import TouchlogSchema

/// How a recording is made. The defaults suit a debug or QA build.
public struct RecorderConfiguration: Sendable {
    /// Labels kept or masked; typed text is never recorded whatever this says.
    public var privacy: RecorderPrivacy
    /// Keyboard-dismiss behaviours the app adds to every window (`resign-on-touch-outside` for IQKeyboardManager's
    /// `resignOnTouchOutside`), written in the session header so replay models them.
    public var policies: [DismissPolicy]
    /// What recognizer actions do to the first responder, by action name (`["dismissKeyboard": .endEditing]`).
    /// The recorder cannot see inside an action; an effect declared here lets replay predict it, and a resign it
    /// does not explain is recorded as the app's own call.
    public var recognizerEffects: [String: RecognizerEffect]
    /// Items the buffer between the main thread and the writer holds before it drops `moved` touches.
    public var bufferCapacity: Int
    /// A file past this size is continued in the next (`<name>-2.jsonl`) once no finger is down.
    public var maxFileBytes: Int

    public init(
        privacy: RecorderPrivacy = RecorderPrivacy(), policies: [DismissPolicy] = [],
        recognizerEffects: [String: RecognizerEffect] = [:], bufferCapacity: Int = 4096,
        maxFileBytes: Int = 8 << 20
    ) {
        self.privacy = privacy
        self.policies = policies
        self.recognizerEffects = recognizerEffects
        self.bufferCapacity = bufferCapacity
        self.maxFileBytes = maxFileBytes
    }
}

/// What the session header says about the app, the device and the recording.
public struct SessionInfo: Sendable {
    /// Unique per recording, usually an uppercase UUID.
    public var sessionID: String
    /// ISO 8601, e.g. `2026-11-18T10:02:44.905Z`.
    public var startedAt: String?
    public var appID: String?
    public var appVersion: String?
    public var appBuild: String?
    /// Hardware id (`iPhone15,4`).
    public var deviceModel: String?
    /// `iOS 17.5.1`.
    public var system: String?
    public var screen: Size?
    public var scale: Double?

    public init(
        sessionID: String, startedAt: String? = nil, appID: String? = nil, appVersion: String? = nil,
        appBuild: String? = nil, deviceModel: String? = nil, system: String? = nil, screen: Size? = nil,
        scale: Double? = nil
    ) {
        self.sessionID = sessionID
        self.startedAt = startedAt
        self.appID = appID
        self.appVersion = appVersion
        self.appBuild = appBuild
        self.deviceModel = deviceModel
        self.system = system
        self.screen = screen
        self.scale = scale
    }
}
