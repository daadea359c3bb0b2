import Foundation
import Testing

@testable import TouchlogFormat
@testable import TouchlogStore

/// Typed text and (on request) labels never reach the database file: checked on the file's bytes, not on the
/// tables a test expects them in, so a copy kept anywhere (a rejected line, a header, the WAL) is found too.
@Suite struct PrivacyIngestTests {
    let folder = TemporaryFolder()

    static let secret = "SECRET-hunter2"

    /// A line set aside by ingest that carries ``secret`` as typed text, and whether it needs `--keep-going` to be
    /// stored (a cut last line is kept whatever the options).
    struct SetAside: CustomTestStringConvertible, Sendable {
        var name: String
        var file: [UInt8]
        var keepGoing = true
        var testDescription: String { name }

        init(_ name: String, keepGoing: Bool = true, _ file: String) {
            self.name = name
            self.file = Array(file.utf8)
            self.keepGoing = keepGoing
        }

        init(_ name: String, bytes: [UInt8]) {
            self.name = name
            self.file = bytes
        }
    }

    static let setAside: [SetAside] = [
        SetAside(
            "a last line cut inside the text", keepGoing: false,
            Lines.session([Lines.touch(1)]) + #"{"type":"key","t":99.0,"text":"\#(secret)"#),
        SetAside(
            "a last line cut after an escaped quote in the text", keepGoing: false,
            Lines.session([Lines.touch(1)]) + #"{"type":"key","t":99.0,"text":"ab\"\#(secret)"#),
        SetAside(
            "a key record that fails validation",
            Lines.session([#"{"type":"key","t":"late","text":"\#(secret)"}"#, Lines.touch(2)])),
        SetAside(
            "a set record naming a view that does not exist",
            Lines.session([#"{"type":"set","t":1,"view":"ghost","text":"\#(secret)"}"#])),
        SetAside(
            "a snapshot that fails validation, text deep in a view",
            Lines.session([
                #"{"type":"snapshot","t":1,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,1,1],"subviews":[{"id":"f","class":"UITextField","frame":"wide","text":"\#(secret)"}]}]}"#
            ])),
        SetAside(
            "a bad escape after the text",
            Lines.session([#"{"type":"key","t":3,"text":"\#(secret)\q"}"#])),
        SetAside(
            "a missing comma before the text member",
            Lines.session([#"{"type":"key","t":3 "text":"\#(secret)"}"#])),
        SetAside(
            "a lost quote after the member name",
            Lines.session([#"{"type":"key","t":3,"text:"\#(secret)"}"#])),
        SetAside(
            "unbalanced braces",
            Lines.session([#"{"type":"key","t":3,"text":"\#(secret)"}}"#])),
        SetAside(
            "a record before any header",
            #"{"type":"key","t":1,"text":"\#(secret)"}"# + "\n" + Lines.session([])),
        SetAside(
            "invalid UTF-8 in the text",
            bytes: Array(Lines.session([]).utf8) + Array(#"{"type":"key","t":3,"text":"\#(secret)"#.utf8) + [0xFF]
                + Array(#""}"#.utf8) + [0x0A]),
    ]

    func ingest(_ bytes: [UInt8], _ options: IngestOptions, database name: String) throws -> (
        TouchlogDatabase, FileIngestReport
    ) {
        let path = folder.path("\(name).jsonl")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let database = try TouchlogDatabase(path: folder.path("\(name).sqlite"))
        return (database, Ingestor(database: database, options: options).ingest(.file(path)))
    }

    /// Every file SQLite keeps for `database`, read while it is still open: the main file and its WAL (whether a
    /// checkpoint has moved the pages yet varies), the WAL index and a rollback journal when there is one.
    func storedBytes(_ database: TouchlogDatabase) throws -> Data {
        var bytes = Data()
        for suffix in ["", "-wal", "-shm", "-journal"] {
            if let data = FileManager.default.contents(atPath: database.path + suffix) { bytes.append(data) }
        }
        #expect(!bytes.isEmpty)
        return bytes
    }

    func contains(_ bytes: Data, _ text: String) -> Bool { bytes.range(of: Data(text.utf8)) != nil }

    @Test(arguments: setAside)
    func aLineSetAsideCarriesNoTypedTextIntoTheDatabaseFile(_ line: SetAside) throws {
        let (database, report) = try ingest(
            line.file, IngestOptions(keepGoing: line.keepGoing, inputFormat: .touchlog), database: "redacted")
        #expect(report.succeeded, "\(report.diagnostics)")
        // The line was set aside (so the check below looks at a file that holds it), and what was kept of it says
        // what was taken out.
        let rejected = try database.rejectedLines()
        #expect(rejected.count == 1)
        #expect(rejected.first?.text.contains("<redacted ") == true, "\(rejected)")
        #expect(!contains(try storedBytes(database), "hunter2"))
    }

    /// The same lines with `--keep-text` are kept as written: the check above can see the text when it is there, and
    /// a redaction that blanked every line whatever the options would fail here.
    @Test(arguments: setAside)
    func withKeepTextALineSetAsideIsKeptAsWritten(_ line: SetAside) throws {
        let (database, report) = try ingest(
            line.file, IngestOptions(keepGoing: line.keepGoing, keepText: true, inputFormat: .touchlog),
            database: "kept")
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(try database.rejectedLines().count == 1)
        #expect(contains(try storedBytes(database), Self.secret))
    }

    // MARK: - Labels

    static let label = "Call Ann Smith"

    /// A label in each place a recording can hold one: an inserted view, a `set` record, a later snapshot, and a line
    /// set aside under `--keep-going`.
    static let labelled = Lines.session([
        #"{"type":"insert","t":1,"parent":"root","view":{"id":"cell","class":"UITableViewCell","frame":[0,0,393,44],"accessibilityLabel":"\#(label)"}}"#,
        #"{"type":"set","t":2,"view":"btn","accessibilityLabel":"\#(label)"}"#,
        #"{"type":"snapshot","t":3,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,393,852],"subviews":[{"id":"b2","class":"UIButton","frame":[0,0,1,1],"accessibilityLabel":"\#(label)","imported":{"value":"Ann's number"}}]}]}"#,
        #"{"type":"set","t":4,"view":"ghost","accessibilityLabel":"\#(label)"}"#,
    ])

    @Test func redactLabelsKeepsLabelsOutOfTheDatabaseFile() throws {
        let (database, report) = try ingest(
            Array(Self.labelled.utf8), IngestOptions(keepGoing: true, redactLabels: true), database: "redacted")
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.recordsStored == 5 && report.rejectedStored == 1)
        let bytes = try storedBytes(database)
        #expect(!contains(bytes, "Ann Smith") && !contains(bytes, "Ann's number"))
        // The same token in every record, so the view still groups; typed text is redacted as ever.
        let records = try database.raw.strings("SELECT json FROM record WHERE type != 'session' ORDER BY key")
        let token = LabelRedaction.token(for: Self.label)
        #expect(records.filter { $0.contains(#""accessibilityLabel":"\#(token)""#) }.count == 3)
        #expect(!contains(bytes, "secret"))
        #expect(try database.session(matching: "s1").labelsRedacted)
    }

    /// Without the option the same file stores the labels as written: the check above would see them.
    @Test func withoutRedactLabelsLabelsAreStoredAsWritten() throws {
        let (database, report) = try ingest(
            Array(Self.labelled.utf8), IngestOptions(keepGoing: true), database: "kept")
        #expect(report.succeeded, "\(report.diagnostics)")
        let bytes = try storedBytes(database)
        #expect(contains(bytes, "Ann Smith") && contains(bytes, "Ann's number"))
        #expect(try !database.session(matching: "s1").labelsRedacted)
    }

    /// A view-hierarchy dump takes the same path: its labels are redacted too.
    @Test(arguments: [false, true])
    func redactLabelsAppliesToImportedDumps(redactLabels: Bool) throws {
        let dump = try Data(contentsOf: URL(fileURLWithPath: ImportIngestTests.samplePath("import-xcuitest-tree.txt")))
        let (database, report) = try ingest(Array(dump), IngestOptions(redactLabels: redactLabels), database: "dump")
        #expect(report.succeeded, "\(report.diagnostics)")
        let bytes = try storedBytes(database)
        // The dump's labels: a static text's, a button's, and a text field's placeholder (kept in `imported`).
        for label in ["This code has expired", "Pay $42.10", #""placeholder":"Code""#] {
            #expect(contains(bytes, label) == !redactLabels, "\(label)")
        }
        #expect(contains(bytes, LabelRedaction.token(for: "Pay $42.10")) == redactLabels)
    }

    /// A session already stored is left as it is; when it was stored with other privacy options the run says so, since
    /// the database does not hold what this run's options promise.
    @Test func reingestingWithOtherPrivacyOptionsSaysTheStoredCopyDiffers() throws {
        let database = try TouchlogDatabase(path: folder.path("again.sqlite"))
        let path = folder.path("again.jsonl")
        try Data(Self.labelled.utf8).write(to: URL(fileURLWithPath: path))
        _ = Ingestor(database: database, options: IngestOptions(keepGoing: true)).ingest(.file(path))

        let again = Ingestor(database: database, options: IngestOptions(keepGoing: true, redactLabels: true))
            .ingest(.file(path))
        #expect(again.succeeded && again.sessions.map(\.kind) == [.unchanged])
        let warnings = again.diagnostics.filter { $0.severity == .warning }
        #expect(
            warnings.map(\.message) == [
                #"session "s1" is already stored with its labels as recorded; it is left as it is"#
            ])
        #expect(warnings.map(\.hint) == ["re-run with --replace to store it again with this run's options"])

        let same = Ingestor(database: database, options: IngestOptions(keepGoing: true)).ingest(.file(path))
        #expect(same.diagnostics.filter { $0.severity == .warning }.isEmpty)

        let replaced = Ingestor(
            database: database, options: IngestOptions(replace: true, keepGoing: true, redactLabels: true)
        ).ingest(.file(path))
        #expect(replaced.sessions.map(\.kind) == [.replaced])
        #expect(try database.session(matching: "s1").labelsRedacted)
    }
}
