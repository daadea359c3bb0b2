import ResponderCore
import TouchlogFormat

/// What every rule of one session shares while the session streams: who it is, where its records come from, what the
/// recording said of the keyboard so far, and the state before the current input.
///
/// ``SessionAnalysis`` keeps it up to date; rules only read it.
public final class SessionContext {
    /// Session id, app, device, start and source file.
    public let ref: SessionRef
    /// `device.screen` from the header, for scenes.
    public let screen: Size?
    /// Build scenes (the pictures' data): only the formats that draw or carry them ask for it.
    public let wantsScenes: Bool
    /// The session's records, which ``SessionAnalysis`` replays.
    public let records: any SessionRecords
    /// The keyboard's frame as the latest keyboard notification gave it; nil while hidden or never shown.
    public internal(set) var keyboardFrame: Rect?
    /// The first responder and keyboard after the previous input record (what the current one found).
    public internal(set) var before: (firstResponder: ObjectRef?, keyboardVisible: Bool) = (nil, false)
    /// Where the recorded keyboard and the first responder disagree (the two keyboard rules read it). Set by
    /// ``SessionAnalysis``, which knows the rules' tolerances.
    var keyboardAgreement = KeyboardAgreement()
    /// The taps blocked from controls, when `blocked_tap` runs (it reports them; `unreachable_control` leaves the
    /// controls they name to it). Set by ``SessionAnalysis``.
    var blockedTaps: BlockedTaps?
    /// Single-finger taps and what came of them, one follower per response time the frustration rules use
    /// (`rage_tap` and `dead_tap` share one when their response times agree, as they do by default). Followed by
    /// ``SessionAnalysis``, which makes them before the first record; a rule asks for its own with ``taps(responseTime:)``.
    var tapFollowers: [Double: Taps] = [:]

    /// The taps followed with `responseTime`: the session's when ``SessionAnalysis`` made it, else one of the rule's
    /// own that nobody follows (a rule run outside an analysis).
    func taps(responseTime: Double) -> Taps {
        if let taps = tapFollowers[responseTime] { return taps }
        let taps = Taps(responseTime: responseTime)
        tapFollowers[responseTime] = taps
        return taps
    }

    public init(ref: SessionRef, screen: Size?, wantsScenes: Bool, records: any SessionRecords) {
        self.ref = ref
        self.screen = screen
        self.wantsScenes = wantsScenes
        self.records = records
    }
}
