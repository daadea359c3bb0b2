import Foundation
import TouchlogFormat

/// Ingests touchlog/1 files into the database: streaming, one transaction per file, idempotent.
///
/// One thread reads and parses the file in chunks (``LogDecoder``) while the calling thread inserts the
/// parsed batches, so parsing and SQLite each get a core; a bounded queue between them keeps memory flat.
/// A file is committed whole or rolled back whole (a kill -9 mid-file leaves the database as before it).
///
/// ```swift
/// let ingestor = Ingestor(database: database, options: IngestOptions(keepGoing: true))
/// let report = ingestor.ingest(.file("session.jsonl"))
/// ```
public final class Ingestor: Sendable {
    public let database: any SessionIngesting
    public let options: IngestOptions

    public init(database: any SessionIngesting, options: IngestOptions = IngestOptions()) {
        self.database = database
        self.options = options
    }

    private enum Item: Sendable {
        case events([LogEvent])
        case readFailed(String, bytesRead: Int)
        /// A view-hierarchy dump its importer could not read.
        case importFailed(Diagnostic)
        case finished(bytesRead: Int)
    }

    /// Reads `source` and stores it; never throws: failures are in the report (``FileIngestReport/succeeded``).
    /// `progress` is called from the parsing thread with the bytes read so far.
    public func ingest(_ source: IngestSource, progress: (@Sendable (Int) -> Void)? = nil) -> FileIngestReport {
        var report = FileIngestReport(source: source, succeeded: false)
        let descriptor: Int32
        switch source {
        case .standardInput:
            descriptor = 0
        case .file(let path):
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else {
                report.diagnostics.append(
                    Diagnostic(
                        severity: .error, file: path, line: 0, column: 0,
                        message: "cannot read \"\(path)\": \(String(cString: strerror(errno)))",
                        hint: "check the path and its permissions"))
                return report
            }
        }
        defer { if case .file = source { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            report.diagnostics.append(
                Diagnostic(
                    severity: .error, file: source.description, line: 0, column: 0,
                    message: "\"\(source.description)\" is a directory, not a recording",
                    hint: "ingest the files in it, e.g. `touchlog ingest \(source.description)/*.jsonl`"))
            return report
        }

        let queue = BatchQueue<Item>(capacity: options.queueDepth)
        let done = CompletionSignal()
        let name = source.description
        let keepText = options.keepText
        let redactLabels = options.redactLabels
        let batchSize = options.batchSize
        let inputFormat = options.inputFormat
        let hierarchy = options.hierarchy
        let producer = Thread {
            Self.produce(
                descriptor: descriptor, name: name, inputFormat: inputFormat, hierarchy: hierarchy, keepText: keepText,
                redactLabels: redactLabels, batchSize: batchSize, queue: queue, progress: progress)
            queue.close()
            done.signal()
        }
        producer.name = "touchlog-parse"
        // Reading a record recurses with its nesting; at the format's limit that outgrows a secondary thread's
        // default stack on macOS, so ask for what the limit needs.
        producer.stackSize = FormatLimits.readerStackSize
        producer.start()

        var writer = FileWriter(source: source, options: options, report: report)
        let cancellation = options.cancellation ?? Cancellation()
        // Set only when the transaction was rolled back for the cancellation: one cancelled after the commit
        // stored its file.
        var interrupted = false
        do {
            // Cancelling wakes a writer waiting for the parser; the check after each batch then rolls back.
            let registration = cancellation.register { queue.cancel() }
            defer { cancellation.unregister(registration) }
            try database.ingestTransaction(cancellation: cancellation) { sink in
                writer.begin()
                while let item = queue.take() {
                    if cancellation.isCancelled { break }
                    switch item {
                    case .events(let events):
                        for event in events { try writer.handle(event, sink) }
                    case .readFailed(let message, let bytes):
                        writer.report.bytesRead = bytes
                        writer.fail(
                            Diagnostic(
                                severity: .error, file: name, line: 0, column: 0,
                                message: "reading stopped: \(message)",
                                hint: "check that the file is readable and not being modified"))
                    case .importFailed(let diagnostic):
                        writer.report.importFailed = true
                        writer.fail(diagnostic)
                    case .finished(let bytes):
                        writer.report.bytesRead = bytes
                    }
                }
                if cancellation.isCancelled {
                    interrupted = true
                    return false
                }
                writer.finish()
                return !writer.failed
            }
            report = writer.report
            report.interrupted = interrupted
            report.succeeded = !writer.failed && !interrupted
        } catch {
            queue.cancel()
            report = writer.report
            report.succeeded = false
            report.interrupted = cancellation.isCancelled
            if !report.interrupted {
                // The database's message, never the statement it was running.
                let failure = database.ingestFailure(error)
                report.storeFailed = true
                report.diagnostics.append(
                    Diagnostic(
                        severity: .error, file: name, line: 0, column: 0, message: "database error: \(failure.message)",
                        hint: "nothing from this file was stored; \(failure.hint)"))
            }
        }
        // An interrupted parser may be blocked reading a pipe that stays silent: the command is ending, let it be.
        if !report.interrupted { done.wait() }
        if !report.succeeded {
            report.recordsStored = 0
            report.rejectedStored = 0
        }
        return report
    }

    /// A dump larger than this is refused rather than read into memory (dumps are kilobytes to a few megabytes;
    /// only touchlog/1 recordings are streamed).
    static let maximumImportBytes = 256 << 20

    /// Reads up to `limit` more bytes a chunk at a time, so a dump of a few kilobytes costs a few kilobytes
    /// (reading into one buffer of the limit's size would commit the whole limit for every dump).
    private static func readRest(of source: any ByteSource, upTo limit: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < limit {
            let chunk = try source.read(upTo: min(1 << 20, limit - bytes.count))
            if chunk.isEmpty { break }
            bytes += chunk
        }
        return bytes
    }

    /// The parsing thread: detects what the input holds, then decodes it into batches of events. A touchlog/1
    /// recording is streamed; a view-hierarchy dump is read whole, converted to touchlog/1 records by its importer
    /// and decoded like a recording, so both take the same validated path into the database.
    private static func produce(
        descriptor: Int32, name: String, inputFormat: InputFormat?, hierarchy: String?, keepText: Bool,
        redactLabels: Bool,
        batchSize: Int, queue: BatchQueue<Item>, progress: (@Sendable (Int) -> Void)?
    ) {
        final class Sink {
            var batch: [LogEvent] = []
            var cancelled = false
        }
        let sink = Sink()
        sink.batch.reserveCapacity(batchSize)
        var decoder = LogDecoder(file: name, keepText: keepText, redactLabels: redactLabels) { event in
            sink.batch.append(event)
            if sink.batch.count >= batchSize, !sink.cancelled {
                sink.cancelled = !queue.put(.events(sink.batch))
                sink.batch.removeAll(keepingCapacity: true)
            }
        }
        var bytes = 0
        let file = DescriptorSource(descriptor)
        var source: any ByteSource = file
        do {
            var prefix = try file.read(upTo: InputFormat.detectionWindow)
            if GzipSource.isGzip(prefix) {
                // Compressed: everything below reads the decompressed bytes, streamed.
                source = try GzipSource(input: file, prefix: prefix)
                prefix = try source.read(upTo: InputFormat.detectionWindow)
            }
            // What is in hand: the detection window, or the whole input once JSON that is not a recording has been
            // read to decide it by its shape.
            var head = prefix
            var detected: InputFormat
            if let inputFormat {
                detected = inputFormat
            } else {
                switch ImportFormat.opening(prefix) {
                case .empty, .touchlog:
                    // A recording is streamed from its first line; nothing past the window is read to decide it.
                    detected = .touchlog
                case .text:
                    detected = ImportFormat.detect(prefix).map(InputFormat.imported) ?? .touchlog
                case .json:
                    // A JSON document says what it is by its top-level keys, wherever they fall: a crash report
                    // writes them after hundreds of kilobytes of binary images. Read it whole (dumps are read whole
                    // anyway) and decide by its shape; past the import limit, the shape of what was read decides.
                    head += try readRest(of: source, upTo: maximumImportBytes + 1 - prefix.count)
                    detected = ImportFormat.detect(head).map(InputFormat.imported) ?? .touchlog
                }
            }
            if hierarchy != nil, inputFormat == nil, detected == .touchlog {
                // A hierarchy to join says the input is a touch stream: one detection cannot place is read as one,
                // so its error says what a touch stream lacks rather than what a recording does. A session-replay
                // stream is JSON; text is an XCTest log.
                switch ImportFormat.opening(prefix) {
                case .text: detected = .imported(.xctestLog)
                case .empty, .touchlog, .json: detected = .imported(.rrweb)
                }
            }
            if inputFormat == nil, detected == .touchlog, let problem = InputShape.problem(prefix) {
                // Not JSON Lines at all (an array, an archive, a README, a screenshot): one clear error instead
                // of one per line.
                _ = queue.put(
                    .importFailed(
                        Diagnostic(
                            severity: .error, file: name, line: 1, column: 1, message: problem.message,
                            hint: problem.hint)))
                return
            }
            switch detected {
            case .touchlog:
                try decoder.readAll(source: source, prefix: head) { read in
                    bytes = read
                    progress?(read)
                }
            case .imported(let format):
                var dump = head
                if dump.count <= maximumImportBytes {
                    dump += try readRest(of: source, upTo: maximumImportBytes + 1 - dump.count)
                }
                bytes = dump.count
                if let cut = source.cutShort {
                    // A dump is one document: cut off, it is not one any more (a recording cut is kept up to the cut).
                    throw ImportCutShort(reason: cut)
                }
                guard dump.count <= maximumImportBytes else {
                    _ = queue.put(
                        .importFailed(
                            Diagnostic(
                                severity: .error, file: name, line: 0, column: 0,
                                message: "\(format.displayName) larger than \(maximumImportBytes >> 20) MiB",
                                hint: "a hierarchy dump is normally kilobytes; check that this is the file you meant")))
                    return
                }
                let warn = { (warning: ImportWarning) in
                    sink.batch.append(
                        .diagnostic(
                            Diagnostic(
                                severity: .warning, file: name, line: warning.line, column: warning.column ?? 0,
                                message: warning.message, hint: warning.hint)))
                }
                let records: [Record]
                if let hierarchy {
                    guard format.touchStreamImporter != nil else {
                        _ = queue.put(
                            .importFailed(
                                Diagnostic(
                                    severity: .error, file: name, line: 0, column: 0,
                                    message:
                                        "--hierarchy joins a touch stream (a session-replay stream or an XCTest activity log), but this is \(format.displayName)",
                                    hint: "give --hierarchy only with touch streams (--from rrweb or xctest-log)")))
                        return
                    }
                    switch HierarchyFile.read(hierarchy) {
                    case .records(let joined):
                        // Never nil: the format was checked to be a touch stream above.
                        records = try format.convert(dump, sourceName: "", joining: joined, warn: warn) ?? []
                    case .failure(let diagnostic):
                        _ = queue.put(.importFailed(diagnostic))
                        return
                    }
                } else {
                    records = try format.convert(dump, sourceName: "", warn: warn)
                }
                // The importer's typed records go to the decoder as they are: encoded once to be stored, never parsed.
                decoder.readAll(records: records)
            }
            var status = stat()
            if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG { bytes = Int(status.st_size) }
            if !sink.batch.isEmpty { _ = queue.put(.events(sink.batch)) }
            _ = queue.put(.finished(bytesRead: bytes))
        } catch let error as ImportCutShort {
            _ = queue.put(
                .importFailed(
                    Diagnostic(
                        severity: .error, file: name, line: 0, column: 0, message: "cannot decompress: \(error.reason)",
                        hint: "check the file with `gzip -t`; nothing from it was stored")))
        } catch let error as GzipSource.Failure {
            if !sink.batch.isEmpty { _ = queue.put(.events(sink.batch)) }
            _ = queue.put(
                .importFailed(
                    Diagnostic(
                        severity: .error, file: name, line: 0, column: 0,
                        message: "cannot decompress: \(error)",
                        hint: "check the file with `gzip -t`; nothing from it was stored")))
        } catch let error as ImportError {
            _ = queue.put(
                .importFailed(
                    Diagnostic(
                        severity: .error, file: name, line: error.line, column: error.column ?? 0,
                        message: "not readable as \(error.format.displayName): \(error.reason)",
                        hint: error.hint ?? "pass --from NAME if the format was detected wrongly")))
        } catch {
            if !sink.batch.isEmpty { _ = queue.put(.events(sink.batch)) }
            _ = queue.put(.readFailed("\(error)", bytesRead: bytes))
        }
    }
}

/// A compressed dump whose data was cut off.
private struct ImportCutShort: Error {
    var reason: String
}

/// The inserting side of one file's ingest: turns events into rows and decides commit or rollback.
private struct FileWriter {
    enum Mode {
        /// Storing the current session under this row id.
        case insert(rowID: Int64, replaced: Bool)
        /// The session is already stored: only compare its content hash at the end (and the privacy options it was
        /// stored with against this run's).
        case compare(existingHash: String, storedWith: Privacy)
        /// Outside any session.
        case none
    }

    /// What a session was ingested with, as far as privacy goes (`session.text_kept`, `labels_redacted`).
    struct Privacy: Equatable {
        var keepText: Bool
        var redactLabels: Bool
    }

    let source: IngestSource
    let options: IngestOptions
    var report: FileIngestReport
    var failed = false
    /// Valid session headers read, stored or not.
    private var sessionsStarted = 0
    private var mode = Mode.none
    private var now = ""

    init(source: IngestSource, options: IngestOptions, report: FileIngestReport) {
        self.source = source
        self.options = options
        self.report = report
    }

    mutating func begin() {
        now = ISO8601DateFormatter().string(from: Date())
    }

    mutating func fail(_ diagnostic: Diagnostic) {
        failed = true
        note(diagnostic)
    }

    /// After the last event: an input that held no session is a problem with the input, not a success that
    /// stored nothing (an empty file, a wrong file, a recorder that never wrote its header). It fails, so that
    /// rejected lines `--keep-going` would have kept are rolled back too and nothing of it is stored.
    mutating func finish() {
        guard sessionsStarted == 0 else { return }
        report.heldNoSession = true
        // A file that already failed (a rejected header, records before any header) has said why.
        guard !failed else { return }
        let what: String
        switch source {
        case .file: what = "the file"
        case .standardInput: what = "standard input"
        }
        let check: String
        switch source {
        case .file(let path): check = "look at its first line (head -n 1 \(path))"
        case .standardInput: check = "check what was piped in"
        }
        let empty = report.recordsRead == 0 && report.rejectedLines == 0
        fail(
            Diagnostic(
                severity: .error, file: source.description, line: 0, column: 0,
                message: empty
                    ? "no session to store: \(what) is empty"
                    : "no session to store: no line of \(what) is a valid session header",
                hint:
                    "a touchlog/1 recording starts with a session header line such as {\"type\":\"session\",\"format\":\"touchlog/1\",\"session\":\"5C1E2F0A\"}; check that this is the recording you meant and \(check)"
            ))
    }

    private mutating func note(_ diagnostic: Diagnostic) {
        if report.diagnostics.count < FileIngestReport.diagnosticLimit {
            report.diagnostics.append(diagnostic)
        } else {
            report.omittedDiagnostics += 1
        }
    }

    mutating func handle(_ event: LogEvent, _ sink: any IngestSink) throws {
        switch event {
        case .record(let record):
            report.recordsRead += 1
            if record.isUnknownType { report.unknownTypeRecords += 1 }
            guard case .insert(let rowID, _) = mode else { return }
            if case .touch(let touch) = record.record {
                try sink.insertTouch(session: rowID, seq: record.seq, touch, rawJSON: record.json)
            } else {
                // Every other record keeps its line (LogDecoder says when it is re-serialised).
                try sink.insertRecord(
                    session: rowID, seq: record.seq, type: record.record.typeName, t: record.record.t,
                    json: record.json ?? record.record.jsonObject.serializedObject())
            }
            report.recordsStored += 1
        case .sessionStarted(let header, let line):
            sessionsStarted += 1
            try startSession(header, line: line, sink)
        case .sessionEnded(let summary):
            try endSession(summary, sink)
        case .rejected(let line, _):
            // A crashed recording's cut last line is kept whatever the options: it is often the most telling.
            if !line.isTruncatedLastLine { report.rejectedLines += 1 }
            guard options.keepGoing || line.isTruncatedLastLine else { return }
            var sessionRowID: Int64?
            if case .insert(let rowID, _) = mode { sessionRowID = rowID }
            if case .compare = mode { return }  // the stored copy already holds this session's rejected lines
            try sink.insertRejected(session: sessionRowID, source: source.description, line: line, ingestedAt: now)
            if !line.isTruncatedLastLine { report.rejectedStored += 1 }
        case .diagnostic(let diagnostic):
            if diagnostic.severity == .error, !options.keepGoing { failed = true }
            note(diagnostic)
        }
    }

    private mutating func startSession(_ header: SessionHeader, line: Int, _ sink: any IngestSink) throws {
        var replaced = false
        // Twice at most: a session id another ingester stores between the lookup and the insert (PostgreSQL, where
        // ingesters do not queue for one lock) is then found, and treated as already stored.
        for _ in 0..<2 {
            if let existing = try sink.existingSession(key: header.session) {
                guard options.replace else {
                    mode = .compare(
                        existingHash: existing.contentHash,
                        storedWith: Privacy(keepText: existing.textKept, redactLabels: existing.labelsRedacted))
                    return
                }
                try sink.deleteSession(rowID: existing.rowID)
                replaced = true
            }
            let row = NewSessionRow(
                header: header, headerJSON: header.json.serializedObject(), source: source.description,
                sourcePath: source.absolutePath, headerLine: line, textKept: options.keepText,
                labelsRedacted: options.redactLabels, ingestedAt: now)
            if let rowID = try sink.insertSession(row) {
                mode = .insert(rowID: rowID, replaced: replaced)
                return
            }
        }
        throw StoreError.cannotChange(
            path: source.description, reason: "session \"\(header.session)\" kept changing while it was stored")
    }

    /// A session already stored with the same content is left as it is, so when it was stored with other privacy
    /// options the database does not hold what this run's promise (labels in plain text under `--redact-labels`,
    /// say): a warning says so. Nil when the options agree.
    private func privacyWarning(_ summary: SessionSummary, storedWith stored: Privacy) -> Diagnostic? {
        var differences: [String] = []
        if stored.keepText != options.keepText {
            differences.append(stored.keepText ? "with its typed text kept" : "with its typed text redacted")
        }
        if stored.redactLabels != options.redactLabels {
            differences.append(stored.redactLabels ? "with its labels redacted" : "with its labels as recorded")
        }
        guard !differences.isEmpty else { return nil }
        return Diagnostic(
            severity: .warning, file: source.description, line: summary.headerLine, column: 1,
            message:
                "session \"\(summary.header.session)\" is already stored \(differences.joined(separator: " and ")); it is left as it is",
            hint: "re-run with --replace to store it again with this run's options")
    }

    private mutating func endSession(_ summary: SessionSummary, _ sink: any IngestSink) throws {
        let hash = String(summary.contentHash, radix: 16)
        let status: SessionInfo.Status =
            summary.truncated ? .truncated : summary.rejected > 0 ? .partial : .complete
        func outcome(_ kind: FileIngestReport.SessionOutcome.Kind) -> FileIngestReport.SessionOutcome {
            .init(
                session: summary.header.session, kind: kind, records: summary.records, touches: summary.touches,
                rejected: summary.rejected, status: status)
        }
        switch mode {
        case .insert(let rowID, let replaced):
            try sink.finishSession(
                rowID: rowID,
                FinishedSession(
                    contentHash: hash, records: summary.records, touches: summary.touches,
                    unknownTypes: summary.unknownTypes, rejected: summary.rejected, duration: summary.lastT,
                    status: status))
            report.sessions.append(outcome(replaced ? .replaced : .stored))
        case .compare(let existingHash, let storedWith):
            if existingHash == hash {
                report.sessions.append(outcome(.unchanged))
                if let warning = privacyWarning(summary, storedWith: storedWith) { note(warning) }
            } else {
                fail(
                    Diagnostic(
                        severity: .error, file: source.description, line: summary.headerLine, column: 1,
                        message: "session \"\(summary.header.session)\" is already stored with different content",
                        hint:
                            "re-run with --replace to overwrite the stored session, or give this recording its own session id"
                    ))
            }
        case .none:
            break
        }
        mode = .none
    }
}
