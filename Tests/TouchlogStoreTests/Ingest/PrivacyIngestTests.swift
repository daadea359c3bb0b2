import Foundation
import GRDB
import Testing

@testable import TouchlogFormat
@testable import TouchlogStore

/// Typed text never reaches the database file: checked on the file's bytes, not on the
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
}
