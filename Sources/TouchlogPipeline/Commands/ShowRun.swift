import TouchlogFormat
import TouchlogStore

/// `touchlog show` as a library call: a session's header and the view tree of the snapshot in force at a time.
public struct ShowRun {
    /// A session id or a unique prefix of one, in any case.
    public var session: String
    /// The snapshot in force at this time (the latest with t at or before it); nil: the first.
    public var at: Double?
    public var format: OutputFormat

    public init(session: String, at: Double? = nil, format: OutputFormat = .text) {
        self.session = session
        self.at = at
        self.format = format
    }

    /// The session shown and the snapshot's sequence number. A session that matches nothing (or several), or has
    /// no snapshot at `at`, is thrown (``StoreError``).
    public struct Outcome {
        public var session: SessionInfo
        public var snapshotSeq: Int
        public var status: ExitStatus { .ok }
    }

    public func run(store: any SessionReading, output: CommandOutput) throws -> Outcome {
        let info = try store.session(matching: session)
        guard let snapshot = try store.snapshot(sessionRowID: info.rowID, at: at) else {
            throw CommandFailure(StoreError.noSnapshot(session: info.key, at: at).description, exit: .database)
        }
        let outline = SnapshotOutline(snapshot: snapshot.json)
        switch format {
        case .text:
            output.write(
                SessionShowFormatter.text(info, snapshotSeq: snapshot.seq, snapshotT: snapshot.t, at: at, outline))
        case .json:
            output.write(
                SessionShowFormatter.json(info, snapshotSeq: snapshot.seq, snapshotT: snapshot.t, outline) + "\n")
        }
        return Outcome(session: info, snapshotSeq: snapshot.seq)
    }
}
