import TouchlogFormat
import TouchlogReplay
import TouchlogStore

/// `touchlog show` as a library call: a session's header and the view tree of the snapshot in force at a time;
/// with a time, also the state replay reaches at that moment (``ReplayedMoment``): the hierarchy with every
/// `set`, `insert` and `remove` since the snapshot applied, the first responder and the keyboard.
public struct ShowRun {
    /// A session id or a unique prefix of one, in any case.
    public var session: String
    /// The snapshot in force at this time (the latest with t at or before it); nil: the first.
    public var at: Double?
    public var format: OutputFormat
    /// The columns the text fits (the terminal's, from the CLI); nil leaves its lines whole.
    public var width: Int?

    public init(session: String, at: Double? = nil, format: OutputFormat = .text, width: Int? = nil) {
        self.width = width
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
        // The snapshot is what was recorded; what was in force at `at` is what replay makes of everything since.
        let moment = try at.map { try ReplayedMoment.replay(store.records(of: info), session: info.key, at: $0) }
        switch format {
        case .text:
            output.write(
                TextWrapper(width: width).fit(
                    SessionShowFormatter.text(
                        info, snapshotSeq: snapshot.seq, snapshotT: snapshot.t, at: at, outline, replayed: moment)))
        case .json:
            output.write(
                SessionShowFormatter.json(
                    info, snapshotSeq: snapshot.seq, snapshotT: snapshot.t, outline, replayed: moment)
                    + "\n")
        }
        return Outcome(session: info, snapshotSeq: snapshot.seq)
    }
}
