import Foundation
import TouchlogStore

/// `touchlog ingest` as a library call: each file stored in a transaction of its own through the store's
/// ``Ingestor``, its problems and sessions said on standard error, a summary line at the end, and the exit status
/// the run earned.
///
/// It sits here rather than beside the `Ingestor` because what it adds is the command's: its words on standard
/// error, its summary, its exit status, and stopping on a signal; the store knows none of them.
public struct IngestRun {
    public var sources: [IngestSource]
    /// `--replace`, `--keep-going`, `--keep-text`, `--redact-labels`, `--from`, `--hierarchy` (the cancellation is
    /// the run's interruption's).
    public var options: IngestOptions
    /// Only errors: no per-session lines, no summary.
    public var quiet: Bool
    /// text: nothing on standard output (everything is said on standard error); json: what was stored, on
    /// standard output at the end (``IngestFormatter``).
    public var format: OutputFormat
    /// The progress to show while a source is read, if any (the CLI's progress line, on a terminal).
    public var progress: (IngestSource) -> (any IngestProgress)?

    public init(
        _ sources: [IngestSource], options: IngestOptions = IngestOptions(), quiet: Bool = false,
        format: OutputFormat = .text, progress: @escaping (IngestSource) -> (any IngestProgress)? = { _ in nil }
    ) {
        self.sources = sources
        self.options = options
        self.quiet = quiet
        self.format = format
        self.progress = progress
    }

    /// The run's totals, and its status: 128 + the signal's number when a signal stopped it; 2 when the store
    /// failed a file; 1 when a file failed; else 0.
    public struct Outcome {
        public var summary: IngestSummary
        public var status: ExitStatus
    }

    /// Stops at `interruption`: the file in progress is rolled back, and no other is started.
    public func run(store: any SessionIngesting, interruption: Interruption, output: CommandOutput) -> Outcome {
        var options = options
        options.cancellation = interruption.cancellation
        let ingestor = Ingestor(database: store, options: options)
        var summary = IngestSummary()
        var reports: [FileIngestReport] = []
        let started = Date()
        // Written however the run ends: after an interruption, what was stored is what a script must know.
        defer {
            switch format {
            case .text: break
            case .json: output.write(IngestFormatter.json(reports, summary: summary))
            }
        }
        for source in sources {
            guard !interruption.cancellation.isCancelled else {
                summary.notStarted.append(source.description)
                continue
            }
            let shown = progress(source)
            let update: (@Sendable (Int) -> Void)? = shown.map { shown in { @Sendable bytes in shown.update(bytes) } }
            let report = ingestor.ingest(source, progress: update)
            shown?.finish()
            describe(report, output)
            summary.add(report)
            reports.append(report)
        }
        if let signal = interruption.signal, let status = interruption.exitStatus {
            // Always said, even with --quiet: what is in the database now is what the user must know.
            output.diagnose(summary.interruptedLine(signal: Interruption.name(of: signal)) + "\n")
            return Outcome(summary: summary, status: status)
        }
        if !quiet {
            output.diagnose(summary.line(seconds: Date().timeIntervalSince(started)) + "\n")
        }
        // The database failing is not a problem with the input: the job could not be done.
        let status: ExitStatus =
            summary.storeFailures > 0 ? .database : summary.failedFiles > 0 ? .failure : .ok
        return Outcome(summary: summary, status: status)
    }

    /// Diagnostics and one line per session, on standard error.
    private func describe(_ report: FileIngestReport, _ output: CommandOutput) {
        for diagnostic in report.diagnostics where !quiet || diagnostic.severity == .error {
            output.diagnose(diagnostic.description + "\n")
        }
        if report.omittedDiagnostics > 0 {
            output.diagnose("\(report.source): \(report.omittedDiagnostics) more problems not shown\n")
        }
        if report.interrupted {
            output.diagnose("\(report.source): interrupted, rolled back, nothing stored\n")
            return
        }
        if !report.succeeded {
            // Only invalid lines can be set aside; a file that cannot be read, holds no session or clashes on a
            // session id cannot.
            let suggestKeepGoing =
                !options.keepGoing && !report.importFailed && !report.heldNoSession
                && report.errors.contains { $0.line > 0 && !$0.message.contains("already stored") }
            let errors = report.errors.count + report.omittedDiagnostics
            output.diagnose(
                "\(report.source): failed, nothing stored (\(counted(errors, "error")))\(suggestKeepGoing ? "; --keep-going stores the valid records and keeps the rejected lines" : "")\n"
            )
            return
        }
        guard !quiet else { return }
        for session in report.sessions {
            let what: String
            switch session.kind {
            case .stored: what = "stored"
            case .replaced: what = "replaced"
            case .unchanged: what = "already stored with the same content, nothing new (--replace re-ingests it)"
            }
            output.diagnose(
                "\(report.source): session \"\(session.session)\" \(what) (\(counted(session.records, "record"))\(session.truncated ? ", truncated" : ""))\n"
            )
        }
    }
}

/// How far the file being ingested has been read, shown while it is (the CLI's progress line). `update` is called
/// from the parsing thread.
public protocol IngestProgress: Sendable {
    /// The bytes of the source read so far.
    func update(_ bytes: Int)
    /// The source is done (or was stopped): clear what was shown, for good.
    func finish()
}

/// The totals of one `ingest` run, for the summary line.
public struct IngestSummary: Sendable {
    public internal(set) var files = 0
    public internal(set) var failedFiles = 0
    /// Files that failed because the database did (a lost connection, a full disk), not their content.
    public internal(set) var storeFailures = 0
    public internal(set) var stored = 0
    public internal(set) var unchanged = 0
    public internal(set) var records = 0
    public internal(set) var rejected = 0
    public internal(set) var unknown = 0
    public internal(set) var truncated = 0
    /// Files stored (or found already stored), for the summary of an interrupted run.
    public internal(set) var storedFiles: [String] = []
    /// The file rolled back by an interruption, and those never started.
    public internal(set) var rolledBack: [String] = []
    public internal(set) var notStarted: [String] = []

    mutating func add(_ report: FileIngestReport) {
        files += 1
        if report.interrupted {
            rolledBack.append(report.source.description)
            return
        }
        guard report.succeeded else {
            failedFiles += 1
            if report.storeFailed { storeFailures += 1 }
            return
        }
        storedFiles.append(report.source.description)
        stored += report.sessions.filter { $0.kind != .unchanged }.count
        unchanged += report.sessions.filter { $0.kind == .unchanged }.count
        truncated += report.sessions.filter(\.truncated).count
        records += report.recordsStored
        rejected += report.rejectedStored
        unknown += report.unknownTypeRecords
    }

    /// What an interrupted run leaves in the database, file by file.
    public func interruptedLine(signal: String) -> String {
        func list(_ files: [String]) -> String { files.isEmpty ? "none" : files.joined(separator: ", ") }
        var parts = ["stored: \(list(storedFiles))"]
        if !rolledBack.isEmpty { parts.append("rolled back: \(list(rolledBack))") }
        if !notStarted.isEmpty { parts.append("not started: \(list(notStarted))") }
        return "ingest: interrupted by \(signal); " + parts.joined(separator: "; ")
    }

    public func line(seconds: Double) -> String {
        var parts = ["\(counted(stored, "session")) stored"]
        if unchanged > 0 { parts.append("\(unchanged) unchanged") }
        parts.append(counted(records, "record"))
        parts.append("\(rejected) rejected")
        if truncated > 0 { parts.append("\(truncated) truncated") }
        if unknown > 0 { parts.append("\(unknown) of an unknown type (kept)") }
        if failedFiles > 0 { parts.append("\(failedFiles) of \(counted(files, "file")) failed") }
        let rate = seconds > 0 ? Int((Double(records) / seconds).rounded()) : records
        return "ingest: " + parts.joined(separator: ", ")
            + " in \(String(format: "%.2f", seconds)) s (\(rate) records/s)"
    }
}
