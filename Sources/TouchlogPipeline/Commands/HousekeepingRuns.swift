import TouchlogStore

/// `touchlog delete` as a library call: the sessions named go, each with every row stored for it, in one
/// transaction; a dry run only lists them.
public struct DeleteRun {
    /// Session ids or unique prefixes, in any case.
    public var sessions: [String]
    public var dryRun: Bool
    public var format: OutputFormat

    public init(sessions: [String], dryRun: Bool = false, format: OutputFormat = .text) {
        self.sessions = sessions
        self.dryRun = dryRun
        self.format = format
    }

    /// What was deleted (or would be, in a dry run); nil when a signal stopped it, and nothing was.
    public struct Outcome {
        public var removal: SessionRemoval?
        public var status: ExitStatus
    }

    /// `interruption` stops the deletion (nothing is deleted); nil in a dry run, which only reads.
    public func run(store: any SessionHousekeeping, interruption: Interruption?, output: CommandOutput) throws
        -> Outcome
    {
        let removal = try changing("delete", nothingChanged: "nothing was deleted", interruption, output) {
            try store.deleteSessions(matching: sessions, dryRun: dryRun, cancellation: $0)
        }
        guard let removal else { return Outcome(removal: nil, status: interruption?.stoppedStatus ?? .ok) }
        switch format {
        case .text: output.write(RemovalFormatter.text(removal, path: store.path))
        case .json: output.write(RemovalFormatter.json(removal))
        }
        return Outcome(removal: removal, status: .ok)
    }
}

/// `touchlog prune` as a library call: the sessions that started before a date, or all but the newest, go.
public struct PruneRun {
    public var criteria: PruneCriteria
    public var dryRun: Bool
    public var format: OutputFormat

    public init(_ criteria: PruneCriteria, dryRun: Bool = false, format: OutputFormat = .text) {
        self.criteria = criteria
        self.dryRun = dryRun
        self.format = format
    }

    /// What was pruned (or would be); nil when a signal stopped it, and nothing was.
    public struct Outcome {
        public var result: PruneResult?
        public var status: ExitStatus
    }

    /// `interruption` stops the pruning (nothing is removed); nil in a dry run, which only reads.
    public func run(store: any SessionHousekeeping, interruption: Interruption?, output: CommandOutput) throws
        -> Outcome
    {
        let result = try changing("prune", nothingChanged: "nothing was removed", interruption, output) {
            try store.prune(criteria, dryRun: dryRun, cancellation: $0)
        }
        guard let result else { return Outcome(result: nil, status: interruption?.stoppedStatus ?? .ok) }
        switch format {
        case .text: output.write(RemovalFormatter.text(result, path: store.path))
        case .json: output.write(RemovalFormatter.json(result))
        }
        return Outcome(result: result, status: .ok)
    }
}

/// `touchlog vacuum` as a library call: the database gives the space of deleted rows back, and says how much.
public struct VacuumRun {
    public var format: OutputFormat

    public init(format: OutputFormat = .text) { self.format = format }

    /// The sizes before and after; nil when a signal stopped it, and the database is as it was.
    public struct Outcome {
        public var result: VacuumResult?
        public var status: ExitStatus
    }

    public func run(store: any SessionHousekeeping, interruption: Interruption, output: CommandOutput) throws
        -> Outcome
    {
        let result = try changing("vacuum", nothingChanged: "the database is as it was", interruption, output) {
            try store.vacuum(cancellation: $0)
        }
        guard let result else { return Outcome(result: nil, status: interruption.stoppedStatus) }
        switch format {
        case .text: output.write(VacuumFormatter.text(result, path: store.path))
        case .json: output.write(VacuumFormatter.json(result))
        }
        return Outcome(result: result, status: .ok)
    }
}

/// Runs a change to the database that `interruption` may stop (nil: a dry run, which nothing stops): nil when it
/// was stopped, said on standard error.
private func changing<Result>(
    _ command: String, nothingChanged: String, _ interruption: Interruption?, _ output: CommandOutput,
    _ body: (TouchlogStore.Cancellation?) throws -> Result
) throws -> Result? {
    guard let interruption else { return try body(nil) }
    return try interruption.stopping(command, nothingChanged: nothingChanged, output: output) {
        try body(interruption.cancellation)
    }
}
