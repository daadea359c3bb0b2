import ArgumentParser
import Foundation
import TouchlogPipeline
import TouchlogReport
import TouchlogStore

/// `touchlog worker`: analyses stored sessions ahead of `report`, from a queue any number of workers share.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Analyse stored sessions ahead of report, sharing the work with other workers.",
        discussion: """
            A worker takes stored sessions one at a time from a queue in the database, replays each with every \
            rule the configuration runs watching (exactly what report does), and stores the findings, or why the \
            session could not be replayed. report then reads what workers stored instead of replaying those \
            sessions, and replays the rest itself: its output is the same either way, only sooner.

            Run workers when reports over many sessions take too long: on a shared PostgreSQL database, one or more \
            per machine, started beside the ingesters (a worker waits for new sessions: every ingest wakes it \
            through LISTEN/NOTIFY); on an SQLite file, on the machine that holds it (it looks for new sessions \
            every few seconds). Any number of workers may run at once: each session is analysed once.

            A worker reads .touchlog.yml as report does (or --config FILE, --no-config): results are kept per \
            configuration (its rules, severities and thresholds, with touchlog's and the model's versions), and \
            report uses only those made with its own, so changing the configuration never shows stale findings.

            Leases: a claimed session is the worker's for --lease seconds, renewed while it works. A worker that \
            dies (killed, its machine gone) stops renewing; once the lease lapses another worker takes the session \
            and finishes it. A result is stored once, with the job's completion, only while the lease is held.

            Ctrl-C or SIGTERM: the worker gives the session it is on back to the queue, prints its summary and \
            exits 0. --exit-when-idle stops once no session is left (for batch jobs, CI and benchmarks); sessions \
            other workers hold count until they are done or their leases lapse.

            Progress goes to standard error (--quiet: none); the summary line to standard output.

            Exit status: 0 stopped by a signal or, with --exit-when-idle, nothing left; 2 the database does not \
            exist, could not be opened or written, went away, or the configuration file is not valid; 64 invalid \
            arguments.

            Examples:
              touchlog worker --db postgres://ci@db.internal/touchlog
              touchlog worker --exit-when-idle     # a batch: stop once all are done
              touchlog report --format html > report.html
              touchlog worker --db postgres://ci@db/touchlog --threads 2 --lease 120
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(
        help: ArgumentHelp(
            "Seconds a claimed session stays this worker's without renewal (renewed every third of it while working).",
            valueName: "seconds"))
    var lease: Double = 60

    @Flag(help: "Stop once no session is left to analyse, instead of waiting for new ones.")
    var exitWhenIdle = false

    @Option(help: ArgumentHelp("Sessions analysed at once, each on a thread of its own.", valueName: "n"))
    var threads: Int = 1

    @Option(
        help: ArgumentHelp(
            "Seconds an idle worker waits before looking again when nothing wakes it (a lapsed lease, or new sessions in an SQLite file).",
            valueName: "seconds"))
    var poll: Double = 5

    @OptionGroup var configurationOptions: ConfigurationOptions

    @Flag(name: .shortAndLong, help: "Print no progress, only the summary line.")
    var quiet = false

    func validate() throws {
        guard lease.isFinite, lease > 0 else { throw ValidationError("--lease must be a number of seconds above 0.") }
        guard poll.isFinite, poll > 0 else { throw ValidationError("--poll must be a number of seconds above 0.") }
        guard (1...256).contains(threads) else { throw ValidationError("--threads must be between 1 and 256.") }
    }

    func run() throws {
        let configuration: ReportConfiguration
        do {
            let file = configurationOptions.file()
            configuration =
                try file.map { try ConfigurationFile.load(path: $0) }?.configuration ?? ReportConfiguration()
            if let file, !quiet { StandardError.write("touchlog: configuration: \(file)\n") }
        } catch let error as ConfigurationError {
            StandardError.write("\(error)\n")
            throw ExitCode(ExitStatus.database.code)
        }
        let interruption = Interruption.watch()
        try reportingErrors {
            let store: any WorkerStore = try database.open(
                for: .changing, waiting: database.waitingForWriters(interruption.cancellation))
            let worker = WorkerRun(
                configuration: configuration, leaseSeconds: lease, exitWhenIdle: exitWhenIdle, pollSeconds: poll,
                threads: threads)
            let quiet = self.quiet
            let summary = try worker.run(store: store, cancellation: interruption.cancellation) { event in
                guard !quiet else { return }
                StandardError.write(Self.describe(event))
            }
            if let signal = interruption.signal, !quiet {
                StandardError.write("touchlog: worker stopped by \(Interruption.name(of: signal))\n")
            }
            print(Self.summaryLine(summary))
        }
    }

    /// One line of progress.
    static func describe(_ event: WorkerRun.Event) -> String {
        switch event {
        case .queued(let count): "touchlog: queued \(counted(count, "session")) to analyse\n"
        case .claimed: ""
        case .stored(let session, let findings?): "analysed \(session): \(counted(findings, "finding"))\n"
        case .stored(let session, nil): "analysed \(session): could not be replayed\n"
        case .abandoned(let session): "gave \(session) back to the queue unfinished\n"
        case .lost(let session): "lost \(session) to another worker (its lease lapsed)\n"
        case .waiting: ""
        }
    }

    /// What this worker did, in one line.
    static func summaryLine(_ summary: WorkerRun.Summary) -> String {
        var line = "analysed \(counted(summary.analysed, "session"))"
        if summary.unreplayable > 0 { line += " (\(summary.unreplayable) could not be replayed)" }
        if summary.abandoned > 0 { line += "; gave \(summary.abandoned) back unfinished" }
        if summary.lost > 0 { line += "; lost \(summary.lost) to other workers" }
        return line
    }
}
