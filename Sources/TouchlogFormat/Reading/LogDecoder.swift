/// A record ready to store: its place in the session, its typed form and the JSON text to keep.
public struct DecodedRecord: Sendable {
    /// Line number within the session: 1 is the `session` header (blank lines count, so it points back at
    /// the input).
    public var seq: Int
    /// Line number in the file.
    public var line: Int
    /// The record, parsed once (``RecordParser``) and checked against the session so far.
    public var record: Record
    /// The JSON text to store: for non-touch records the line as written (or re-serialized when text was
    /// redacted); for touches only when the typed fields cannot give the record back, else nil.
    public var json: String?

    /// The record's `type` is not one of touchlog/1's.
    public var isUnknownType: Bool { record.kind == nil }
}

/// A line that failed validation: kept with the reasons (`--keep-going` stores it).
public struct RejectedLine: Sendable {
    public var line: Int
    public var column: Int
    /// The line as written, except that text-bearing values are blanked unless the decoder keeps text (and labels
    /// when it redacts them): see ``RejectedLineRedaction``.
    public var text: String
    /// Why it was rejected; never quotes a blanked byte.
    public var reason: String
    public var diagnostics: [Diagnostic]
    /// The cut last line of a crashed recording: kept (always, not only with `--keep-going`) but not an error.
    public var isTruncatedLastLine: Bool = false
}

/// What the reader learned about a session once it ended.
public struct SessionSummary: Sendable {
    public var header: SessionHeader
    public var headerLine: Int
    public var lastLine: Int
    /// A hash of the session's lines as written, for idempotent ingest (same content → same hash).
    public var contentHash: UInt64
    public var records: Int
    /// Touches as people count them: each finger that went down (a `began` record), so a tap is one touch, not the
    /// two records of its press and lift.
    public var touches: Int
    public var unknownTypes: Int
    public var rejected: Int
    public var lastT: Double?
    /// The file ended in the middle of this session's last line.
    public var truncated: Bool
}

/// Events from reading one file, in file order.
public enum LogEvent: Sendable {
    /// A valid session header; its record (seq 1) follows as `.record`.
    case sessionStarted(SessionHeader, line: Int)
    case record(DecodedRecord)
    /// A line that failed validation. `session` is the header's session id when the line is inside one.
    case rejected(RejectedLine, session: String?)
    case sessionEnded(SessionSummary)
    /// A warning or error (errors also come with `.rejected`).
    case diagnostic(Diagnostic)
}

/// Reads touchlog/1 lines and turns them into ``LogEvent``s: parsing (with the touch fast path),
/// validation, privacy redaction, session boundaries and content hashes.
///
/// ```swift
/// var decoder = LogDecoder(file: "a.jsonl", keepText: false) { event in … }
/// try decoder.readAll(source: DescriptorSource(fd))
/// ```
public struct LogDecoder {
    public let file: String
    /// Keep typed text as written; otherwise it becomes its length (``TextRedaction``).
    public let keepText: Bool
    /// Replace labels by stable tokens (``LabelRedaction``).
    public let redactLabels: Bool
    /// The members whose values are blanked in a line set aside (``RejectedLineRedaction``): what the records
    /// stored would not carry either.
    private let setAsideKeys: [String]
    private let emit: (LogEvent) -> Void

    private var validator = SessionValidator()
    private var current: SessionSummary?
    /// Whether the current session has had a snapshot accepted: one without any cannot be replayed.
    private var sessionHasSnapshot = false
    /// A header that failed validation: its records are rejected with one summarising diagnostic.
    private var orphanRun: (line: Int, reason: String, count: Int)?
    /// The first line rejected in the current session, which later errors may follow from.
    private var firstRejectedLine: Int?
    /// Events refused for want of a snapshot after the first one was reported: counted, said once at the end.
    private var followOns: (first: Int, last: Int, count: Int, cause: Int?)?
    private var sessionIDs: Set<String> = []
    private var hash = ContentHash()
    private var hashBeforeLine = ContentHash()

    public init(file: String, keepText: Bool, redactLabels: Bool = false, emit: @escaping (LogEvent) -> Void) {
        self.file = file
        self.keepText = keepText
        self.redactLabels = redactLabels
        self.setAsideKeys = (keepText ? [] : [TextRedaction.key]) + (redactLabels ? LabelRedaction.keys : [])
        self.emit = emit
    }

    /// Reads every line from `source` and finishes. `progress` gets the bytes taken from the file so far (for a
    /// compressed file, compressed bytes), now and then.
    public mutating func readAll(source: any ByteSource, prefix: [UInt8] = [], progress: ((Int) -> Void)? = nil) throws
    {
        var reader = ChunkedLineReader(source: source, prefix: prefix)
        var lines = 0
        try reader.forEachLine { line in
            self.consume(line)
            lines += 1
            if let progress, lines & 0xFFFF == 0 { progress(source.position) }
        }
        if let cut = source.cutShort { inputCutShort(cut) }
        finish()
    }

    /// Reads lines from a string (tests, small inputs), with the same line rules as a file.
    public mutating func readAll(text: String) {
        let bytes = Array(text.utf8)
        var number = 0
        var start = 0
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: 0x0A)
            var end = newline ?? bytes.count
            number += 1
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            bytes.withUnsafeBufferPointer { buffer in
                let line = UnsafeBufferPointer(rebasing: buffer[start..<end])
                consume(.init(number: number, bytes: line, endsWithNewline: newline != nil))
            }
            start = (newline ?? bytes.count) + 1
        }
        finish()
    }

    /// Handles one line.
    public mutating func consume(_ line: ChunkedLineReader.Line) {
        var line = line
        if line.number == 1, line.bytes.starts(with: Self.byteOrderMark) {
            // UTF-8 needs no byte-order mark, but editors on Windows write one: it is not part of the first record
            // (columns count from after it, as an editor shows them, and the content hash is the file's without it).
            line.bytes = UnsafeBufferPointer(rebasing: line.bytes.dropFirst(Self.byteOrderMark.count))
        }
        let bytes = line.bytes
        if isBlank(bytes) { return }
        // Hashed before parsing; undone in startSession if the line turns out to start the next session.
        hashBeforeLine = hash
        if current != nil {
            hash.add(bytes)
            current!.lastLine = line.number
        }
        if let overlong = line.overlong {
            overlongLine(line, overlong)
            return
        }
        if !line.endsWithNewline, bytes.last == 0 {
            // Zeros where the file ends: a preallocated file (or one the system zero-filled) that a crash cut.
            zeroFilledTail(line)
            return
        }
        // The fast path: a plain touch record needs no tree.
        if current != nil, JSONReader.looksLikeTouch(bytes) {
            var reader = JSONReader(bytes)
            if let touch = reader.readTouchFast() {
                let issues = validator.check(.touch(touch))
                if issues.isEmpty {
                    current!.records += 1
                    if touch.phase == .began { current!.touches += 1 }
                    current!.lastT = touch.t
                    emit(
                        .record(
                            DecodedRecord(
                                seq: line.number - current!.headerLine + 1, line: line.number, record: .touch(touch),
                                json: nil)))
                    return
                }
                reject(line, issues: issues)
                return
            }
        }
        let object: JSONObject
        do {
            let value = try JSONReader.parse(bytes)
            guard case .object(let parsed) = value else {
                reject(
                    line,
                    issues: [
                        .error(
                            [], "a record must be a JSON object, not \(value.typeDescription)",
                            hint: "write each record as {\"type\":…,…} on its own line")
                    ])
                return
            }
            object = parsed
        } catch {
            if !line.endsWithNewline, error.isUnexpectedEnd {
                truncated(line, error: error)
            } else {
                let diagnostic = Diagnostic(
                    severity: .error, file: file, line: line.number, column: error.column, message: error.message,
                    hint: error.hint)
                rejectDiagnostics(line, [diagnostic], syntaxError: error)
            }
            return
        }
        consume(object, line: line)
    }

    /// Reads the typed records an importer made (header first), without text to parse: each is encoded once by the
    /// schema's encoder, for storage, the content hash and the columns of its diagnostics, and checked on its typed
    /// value (``SessionValidator/check(_:)``, after ``StorableValues`` says the store can hold its strings). Line
    /// numbers count the records from 1.
    public mutating func readAll(records: [Record]) {
        var bytes: [UInt8] = []
        for (index, record) in records.enumerated() {
            bytes.removeAll(keepingCapacity: true)
            record.writeLine(into: &bytes)
            bytes.removeLast()  // the line end: a line is hashed and stored without it
            bytes.withUnsafeBufferPointer { buffer in
                consume(record, line: ChunkedLineReader.Line(number: index + 1, bytes: buffer, endsWithNewline: true))
            }
        }
        finish()
    }

    /// Handles one typed record whose encoding is `line`.
    private mutating func consume(_ record: Record, line: ChunkedLineReader.Line) {
        hashBeforeLine = hash
        if current != nil {
            hash.add(line.bytes)
            current!.lastLine = line.number
        }
        if case .session(let header) = record {
            startSession(header.json, line: line)
            return
        }
        guard current != nil else {
            orphan(line, reason: "record before any \"session\" header")
            return
        }
        var record = record
        var json: String?
        // Privacy applies to what is stored and to the typed record alike. The redactions are defined once, on a
        // record's JSON members (a view's `imported` object included, which the typed view keeps only as opaque
        // members), and a recording's lines take them: an import takes the same ones on its encoded object, so both
        // paths store the same bytes for the same record. Only when something was redacted is the redacted object
        // read into its typed record (by the one parser, from the object, never from text); a record with no text
        // or labels is stored as encoded and emitted as built.
        if Self.mayHoldTextOrLabels(record.kind), !keepText || redactLabels {
            var object = record.jsonObject
            var redacted = !keepText && TextRedaction.redact(&object, kind: record.kind)
            if redactLabels { redacted = LabelRedaction.redact(&object, kind: record.kind) || redacted }
            if redacted {
                let parsed = RecordParser.parse(object)
                guard let typed = parsed.record else {
                    reject(line, issues: parsed.issues)
                    return
                }
                record = typed
                json = object.serializedObject()
            }
        }
        // A value its line cannot carry is refused before the session takes the record in, as the parser refuses
        // such a line before the validator sees it.
        let unstorable = StorableValues.issues(of: record)
        guard unstorable.isEmpty else {
            reject(line, issues: unstorable)
            return
        }
        let issues = validator.check(record)
        guard !issues.contains(where: { $0.severity == .error }) else {
            reject(line, issues: issues)
            return
        }
        for issue in issues { emit(.diagnostic(diagnostic(issue, line: line))) }
        if case .touch = record {
            json = nil  // a typed touch gives its record back from its fields
        } else if json == nil {
            json = String(decoding: line.bytes, as: UTF8.self)
        }
        accept(record, json: json, line: line)
    }

    /// The kinds whose members ``TextRedaction`` or ``LabelRedaction`` may change.
    private static func mayHoldTextOrLabels(_ kind: RecordKind?) -> Bool {
        switch kind {
        case .key, .set, .snapshot, .insert: true
        default: false
        }
    }

    /// Handles one parsed record of `line`: a header starts a session, anything else is parsed into its typed
    /// record, checked and emitted. Text and labels are redacted first, so the typed record is what is stored.
    private mutating func consume(_ object: JSONObject, line: ChunkedLineReader.Line) {
        let kind = object["type"]?.stringValue.flatMap(RecordKind.init(rawValue:))
        if kind == .session {
            startSession(object, line: line)
            return
        }
        guard current != nil else {
            orphan(line, reason: "record before any \"session\" header")
            return
        }
        var object = object
        var redacted = !keepText && TextRedaction.redact(&object, kind: kind)
        if redactLabels { redacted = LabelRedaction.redact(&object, kind: kind) || redacted }
        let parsed = validator.read(object)
        guard let record = parsed.record else {
            reject(line, issues: parsed.issues)
            return
        }
        for issue in parsed.issues { emit(.diagnostic(diagnostic(issue, line: line))) }
        let json: String?
        if case .touch = record {
            json = TouchRecord.holdsMoreThanItsFields(object) ? String(decoding: line.bytes, as: UTF8.self) : nil
        } else {
            json = redacted ? object.serializedObject() : String(decoding: line.bytes, as: UTF8.self)
        }
        accept(record, json: json, line: line)
    }

    /// Counts and emits an accepted record.
    private mutating func accept(_ record: Record, json: String?, line: ChunkedLineReader.Line) {
        // A record accepted: the run of events refused for want of a snapshot (if any) is over.
        endFollowOns()
        current!.records += 1
        switch record {
        case .touch(let touch): if touch.phase == .began { current!.touches += 1 }
        case .snapshot: sessionHasSnapshot = true
        case .unknown: current!.unknownTypes += 1
        default: break
        }
        if let t = record.t { current!.lastT = t }
        emit(
            .record(
                DecodedRecord(
                    seq: line.number - current!.headerLine + 1, line: line.number, record: record, json: json)))
    }

    /// Ends the last session.
    public mutating func finish() {
        endSession()
        endOrphanRun()
    }

    // MARK: - Sessions

    private mutating func startSession(_ object: JSONObject, line: ChunkedLineReader.Line) {
        if current != nil {
            // This header belongs to the next session, not to the one it ends.
            hash = hashBeforeLine
            current!.lastLine = line.number - 1
        }
        endSession()
        endOrphanRun()
        var reader = FieldReader()
        let header = reader.sessionHeader(object)
        if let header, sessionIDs.contains(header.session) {
            reader.error(
                ["session"], "session \"\(header.session)\" appears twice in this file",
                hint: "give each recording its own session id")
        }
        guard let header, reader.errorCount == 0 else {
            reject(line, issues: reader.issues)
            orphanRun = (line.number, "its session header at line \(line.number) was rejected", 0)
            return
        }
        for issue in reader.issues { emit(.diagnostic(diagnostic(issue, line: line))) }
        sessionIDs.insert(header.session)
        validator = SessionValidator()
        hash = ContentHash()
        hash.add(line.bytes)
        current = SessionSummary(
            header: header, headerLine: line.number, lastLine: line.number, contentHash: 0, records: 1, touches: 0,
            unknownTypes: 0, rejected: 0, lastT: nil, truncated: false)
        emit(.sessionStarted(header, line: line.number))
        emit(
            .record(
                DecodedRecord(
                    seq: 1, line: line.number, record: .session(header),
                    json: String(decoding: line.bytes, as: UTF8.self))))
    }

    private mutating func endSession() {
        endFollowOns()
        firstRejectedLine = nil
        guard var session = current else { return }
        if !sessionHasSnapshot {
            // Stored all the same (nothing is lost), but said at once rather than when replay or report give up.
            emit(
                .diagnostic(
                    Diagnostic(
                        severity: .warning, file: file, line: session.headerLine, column: 1,
                        message:
                            "session \"\(session.header.session)\" holds no snapshot: replay, explain and report have no view hierarchy to work with",
                        hint:
                            "a recorder writes a snapshot of every window before the first event; a hierarchy dump is imported with its own --from format"
                    )))
        }
        sessionHasSnapshot = false
        session.contentHash = hash.value
        emit(.sessionEnded(session))
        current = nil
    }

    // MARK: - Problems

    private mutating func truncated(_ line: ChunkedLineReader.Line, error: JSONSyntaxError) {
        let kept = keptText(of: line)
        truncated(
            line, column: error.column, what: "the last line is cut off (\(error.message))", kept: kept,
            reason: reason(error, kept))
    }

    /// Keeps a crash-cut last line aside (always, not only with `--keep-going`) and marks the session truncated.
    /// `what` says what is wrong with the line; `reason` is stored with it.
    private mutating func truncated(
        _ line: ChunkedLineReader.Line, column: Int, what: String, kept: RejectedLineRedaction.Result, reason: String
    ) {
        emit(
            .diagnostic(
                Diagnostic(
                    severity: .warning, file: file, line: line.number, column: column,
                    message: "\(what); it is kept aside as a rejected line and the session is marked truncated",
                    hint: "the recording probably stopped mid-write (a crash); everything before this line is stored")))
        current?.truncated = true
        emit(
            .rejected(
                RejectedLine(
                    line: line.number, column: column, text: kept.text, reason: "truncated last line: \(reason)",
                    diagnostics: [], isTruncatedLastLine: true),
                session: current?.header.session))
    }

    /// The input's data ended before its format says it does (a gzip file cut off): like a plain recording a crash
    /// cut, what came before is kept and the session is marked truncated, whether the cut fell inside a line (which
    /// was then kept aside as cut) or between two.
    private mutating func inputCutShort(_ why: String) {
        emit(
            .diagnostic(
                Diagnostic(
                    severity: .warning, file: file, line: 0, column: 0,
                    message: current == nil
                        ? why : "\(why); what it holds up to the cut is stored and the session is marked truncated",
                    hint: "a crash while the file was written, or a copy that stopped: `gzip -t` says the same")))
        current?.truncated = true
    }

    /// A last line that ends in NUL bytes, without a newline: what a crash leaves of a file the system preallocated
    /// or zero-filled. Cut like any crash-cut line; what precedes the zeros is kept.
    private mutating func zeroFilledTail(_ line: ChunkedLineReader.Line) {
        let written = Self.withoutTrailingNUL(line.bytes)
        let zeros = line.bytes.count - written.count
        truncated(
            line, column: written.count + 1,
            what: "the last line \(written.isEmpty ? "is" : "ends in") \(zeros) NUL byte\(zeros == 1 ? "" : "s")"
                + " (the zero-filled tail of a file a crash cut)",
            kept: RejectedLineRedaction.redact(Array(written), keys: setAsideKeys),
            reason: "\(zeros) NUL byte\(zeros == 1 ? "" : "s") at its end")
    }

    /// A line longer than the reader holds (``FormatLimits/maximumLineBytes``), of which only its first bytes are
    /// in hand: at the end of the file a crash-cut tail (most often the zeros of a preallocated file), elsewhere an
    /// error. What is kept aside is its first bytes, without their NULs.
    private mutating func overlongLine(_ line: ChunkedLineReader.Line, _ overlong: ChunkedLineReader.Overlong) {
        let head = Self.withoutTrailingNUL(line.bytes)
        let zeros = overlong.restIsNUL
        let what =
            zeros
            ? (head.isEmpty
                ? "\(overlong.length) NUL bytes"
                : "\(head.count) bytes and then \(overlong.length - head.count) NUL bytes")
            : "\(overlong.length) bytes"
        let limit = "more than the \(FormatLimits.maximumLineBytes >> 20) MiB a line may take"
        let kept = RejectedLineRedaction.redact(Array(head), keys: setAsideKeys)
        if !line.endsWithNewline {
            truncated(
                line, column: head.count + 1,
                what: "the last line is \(what) without a newline, \(limit)"
                    + (zeros ? " (the zero-filled tail of a file a crash cut)" : "; only its first bytes are kept"),
                kept: kept, reason: "\(what), \(limit)")
            return
        }
        let diagnostic = Diagnostic(
            severity: .error, file: file, line: line.number, column: 1,
            message: "line \(line.number) is \(what), \(limit); it was read past, not held",
            hint:
                "a record is one line of JSON, and none is this long: check that this is a touchlog/1 recording; with --keep-going the rest is stored and this line's first bytes are kept aside"
        )
        if current == nil, orphanRun != nil {
            orphan(line, reason: diagnostic.message)
            return
        }
        current?.rejected += 1
        if current != nil, firstRejectedLine == nil { firstRejectedLine = line.number }
        emit(.diagnostic(diagnostic))
        emit(
            .rejected(
                RejectedLine(
                    line: line.number, column: 1, text: kept.text, reason: diagnostic.message,
                    diagnostics: [diagnostic]),
                session: current?.header.session))
    }

    private static func withoutTrailingNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var count = bytes.count
        while count > 0, bytes[count - 1] == 0 { count -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[..<count])
    }

    /// What is stored of a line set aside: the line with the values of ``setAsideKeys`` blanked, whatever its shape,
    /// so that a cut or broken line carries no more text (or labels) into the database than a valid record would.
    private func keptText(of line: ChunkedLineReader.Line) -> RejectedLineRedaction.Result {
        RejectedLineRedaction.redact(Array(line.bytes), keys: setAsideKeys)
    }

    /// A syntax error's message, unless it points into a blanked value: the message may quote that byte.
    private func reason(_ error: JSONSyntaxError, _ kept: RejectedLineRedaction.Result) -> String {
        kept.isBlanked(error.offset) ? error.messageQuotingNothing : error.message
    }

    private func diagnostic(_ issue: RecordIssue, line: ChunkedLineReader.Line) -> Diagnostic {
        let offset = JSONLocator.offset(of: issue.path, in: line.bytes) ?? 0
        return Diagnostic(
            severity: issue.severity, file: file, line: line.number, column: offset + 1, message: issue.message,
            hint: issue.hint)
    }

    private mutating func reject(_ line: ChunkedLineReader.Line, issues: [RecordIssue]) {
        let errors = issues.filter { $0.severity == .error }
        if current != nil, !errors.isEmpty, errors.allSatisfy({ $0.consequence == .beforeFirstSnapshot }) {
            // After a rejected line (most likely the snapshot), every such error is its consequence: none is
            // listed. Without one, the first is listed (the snapshot is missing) and the rest are not.
            if followOns == nil, firstRejectedLine == nil {
                followOns = (line.number + 1, line.number, 0, nil)
                rejectDiagnostics(line, issues.map { diagnostic($0, line: line) })
                return
            }
            if followOns == nil { followOns = (line.number, line.number, 0, firstRejectedLine) }
            followOns!.last = line.number
            followOns!.count += 1
            current?.rejected += 1
            emitRejected(line, diagnostics: issues.map { diagnostic($0, line: line) })
            return
        }
        rejectDiagnostics(line, issues.map { diagnostic($0, line: line) })
    }

    /// Says once how many events were refused after the first one reported for want of a snapshot, and which
    /// rejected line they most likely follow from.
    private mutating func endFollowOns() {
        guard let run = followOns else { return }
        followOns = nil
        guard run.count > 0 else { return }
        let because =
            run.cause.map { "they follow from line \($0), which was rejected (a snapshot that could not be read?)" }
            ?? "the session has no snapshot before them"
        emit(
            .diagnostic(
                Diagnostic(
                    severity: .error, file: file, line: run.first, column: 1,
                    message:
                        "\(run.count) \(run.cause == nil ? "more " : "")record\(run.count == 1 ? "" : "s") before the session's first snapshot (\(run.first == run.last ? "line \(run.first)" : "lines \(run.first)-\(run.last)"), not listed one by one): \(because)",
                    hint: run.cause == nil
                        ? "the recorder must write a \"snapshot\" of the hierarchy before any event"
                        : "fix line \(run.cause!) first; these records are checked again once it is valid")))
    }

    /// `syntaxError` is the reader's error when the line is not JSON (its diagnostic is the only one).
    private mutating func rejectDiagnostics(
        _ line: ChunkedLineReader.Line, _ diagnostics: [Diagnostic], syntaxError: JSONSyntaxError? = nil
    ) {
        if current == nil, orphanRun != nil {
            orphan(line, reason: diagnostics.first?.message ?? "invalid line")
            return
        }
        current?.rejected += 1
        if current != nil, firstRejectedLine == nil { firstRejectedLine = line.number }
        for diagnostic in diagnostics { emit(.diagnostic(diagnostic)) }
        emitRejected(line, diagnostics: diagnostics, syntaxError: syntaxError)
    }

    /// Keeps the line aside (redacted, see ``keptText(of:)``) with its reason.
    private func emitRejected(
        _ line: ChunkedLineReader.Line, diagnostics: [Diagnostic], syntaxError: JSONSyntaxError? = nil
    ) {
        let errors = diagnostics.filter { $0.severity == .error }
        let kept = keptText(of: line)
        emit(
            .rejected(
                RejectedLine(
                    line: line.number, column: errors.first?.column ?? 1, text: kept.text,
                    reason: syntaxError.map { reason($0, kept) } ?? errors.map(\.message).joined(separator: "; "),
                    diagnostics: diagnostics),
                session: current?.header.session))
    }

    /// A line outside any valid session: rejected, with one diagnostic per run of such lines.
    private mutating func orphan(_ line: ChunkedLineReader.Line, reason: String) {
        if orphanRun == nil {
            orphanRun = (line.number, reason, 0)
        }
        orphanRun!.count += 1
        let why = orphanRun!.reason
        emit(
            .rejected(
                RejectedLine(line: line.number, column: 1, text: keptText(of: line).text, reason: why, diagnostics: []),
                session: nil))
    }

    private mutating func endOrphanRun() {
        guard let run = orphanRun else { return }
        orphanRun = nil
        guard run.count > 0 else { return }
        let isHeaderless = run.reason.hasPrefix("record before")
        emit(
            .diagnostic(
                Diagnostic(
                    severity: .error, file: file, line: run.line, column: 1,
                    message: isHeaderless
                        ? "\(run.count) record(s) before any \"session\" header"
                        : "\(run.count) record(s) after line \(run.line) belong to no valid session: \(run.reason)",
                    hint: isHeaderless
                        ? "a file must start with a {\"type\":\"session\",…} header; check that the file was not cut at the start"
                        : "fix the session header; the records are checked once it is valid")))
    }

    /// UTF-8's byte-order mark, U+FEFF.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte != 0x20 && byte != 0x09 { return false }
        return true
    }
}

extension JSONObject {
    /// Compact JSON text of the object.
    public func serializedObject() -> String { JSONValue.object(self).serialized() }
}
