/// What of a session's recording ingest did not store, so a report can say that a session it analysed was partial:
/// the rules judged what was stored, and a problem in what is missing went unseen.
///
/// The store keeps both facts per session (its status and its count of rejected lines); a session read from a file
/// or an example has none.
public struct RecordingGaps: Sendable, Hashable {
    /// The recording ends in a cut line (a crash while writing); everything before it is stored.
    public var truncated: Bool
    /// Lines validation refused and `--keep-going` set aside (the cut last line of a truncated recording is not
    /// counted: ``truncated`` says it).
    public var linesSetAside: Int

    public init(truncated: Bool = false, linesSetAside: Int = 0) {
        self.truncated = truncated
        self.linesSetAside = linesSetAside
    }

    /// Whether anything recorded is missing from what the rules judged.
    public var isPartial: Bool { truncated || linesSetAside > 0 }

    /// "cut short by a crash; 2 lines set aside at ingest", what every format prints beside the session; nil when
    /// the whole recording was stored.
    public var description: String? {
        var parts: [String] = []
        if truncated { parts.append("cut short by a crash (its last line is cut)") }
        if linesSetAside > 0 {
            parts.append("\(linesSetAside == 1 ? "1 line" : "\(linesSetAside) lines") refused at ingest and set aside")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
