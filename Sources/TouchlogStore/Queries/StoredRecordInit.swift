import TouchlogFormat

extension StoredRecord {
    /// A record that does not come from the database: a rule example or a test replays records it parsed itself,
    /// through the same replayer as stored sessions.
    public init(seq: Int, content: RecordContent) {
        self.seq = seq
        self.content = content
        self.rawJSON = nil
    }
}
